/// CSS Writing Modes' `direction` (inherited) and `unicode-bidi` (not inherited): the
/// paragraph direction of block containers, and how inline elements embed, isolate or
/// override the bidi algorithm (UAX #9) inside a paragraph.
public enum TextDirection: String, Sendable {
    case ltr, rtl

    var isRightToLeft: Bool { self == .rtl }
}

public enum UnicodeBidi: String, Sendable {
    case normal, embed, isolate, plaintext
    case bidiOverride = "bidi-override", isolateOverride = "isolate-override"
}

extension TextAlign {
    /// The physical alignment `start` and `end` resolve to in a paragraph of `direction`.
    func physical(in direction: TextDirection) -> TextAlign {
        switch (self, direction) {
        case (.start, .ltr), (.end, .rtl): return .left
        case (.start, .rtl), (.end, .ltr): return .right
        default: return self
        }
    }
}
