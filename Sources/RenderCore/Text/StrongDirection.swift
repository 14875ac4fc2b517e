import CCairo

/// The bidi class of text's first strong character (UAX #9: L, or R and AL), as fribidi
/// reads it through pango; nil when the text has none (digits, punctuation, spaces only).
enum StrongDirection {
    static func first(in text: String) -> TextDirection? {
        let direction = text.withCString { pango_find_base_dir($0, Int32(clamping: text.utf8.count)) }
        switch direction {
        case PANGO_DIRECTION_LTR: return .ltr
        case PANGO_DIRECTION_RTL: return .rtl
        default: return nil
        }
    }
}
