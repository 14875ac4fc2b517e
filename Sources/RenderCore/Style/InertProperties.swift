/// Properties the engine reads but that draw nothing different on iOS: kept so `@supports`
/// (which asks whether a declaration is parsed) answers as WebKit does, and so a later
/// change can use them.
/// - `background-attachment`: iOS WebKit paints `fixed` (and `local`) backgrounds as `scroll`.
/// - `font-synthesis`: only matters for a family without a bold or italic face; the fixed
///   font set has them all.
public enum BackgroundAttachment: String, Sendable, Equatable {
    case scroll, fixed, local
}

public struct FontSynthesis: Sendable, Equatable {
    public var weight = true
    public var style = true
    public var smallCaps = true
    public var position = true

    /// `none` | [weight || style || small-caps || position]; nil when invalid.
    static func parse(_ keyword: String) -> FontSynthesis? {
        let words = keyword.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        if words == ["none"] { return FontSynthesis(weight: false, style: false, smallCaps: false, position: false) }
        guard !words.isEmpty, Set(words).count == words.count else { return nil }
        var synthesis = FontSynthesis(weight: false, style: false, smallCaps: false, position: false)
        for word in words {
            switch word {
            case "weight": synthesis.weight = true
            case "style": synthesis.style = true
            case "small-caps": synthesis.smallCaps = true
            case "position": synthesis.position = true
            default: return nil
            }
        }
        return synthesis
    }
}

extension ComputedStyle {
    /// `background-attachment`: one keyword per background layer; the last layer's is kept.
    mutating func applyBackgroundAttachment(_ keyword: String) {
        let layers = keyword.split(separator: ",").map { BackgroundAttachment(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        guard !layers.isEmpty, !layers.contains(nil), let last = layers.last! else { return }
        backgroundAttachment = last
    }
}
