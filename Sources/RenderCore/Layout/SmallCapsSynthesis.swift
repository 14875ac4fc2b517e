/// Small capitals as WebKit synthesizes them when the font has none (Liberation has no
/// `smcp`): lowercase letters are uppercased and drawn at 70 % of the font size;
/// `all-small-caps` does that to capitals too. The line height stays the element's.
enum SmallCapsSynthesis {
    static let sizeFactor = 0.7

    /// The text cut where it switches between full-size and small letters, each piece with
    /// the style it is drawn in.
    static func pieces(_ text: String, _ style: ComputedStyle) -> [(String, ComputedStyle)] {
        guard style.fontVariantCaps != .normal else { return [(text, style)] }
        var small = style
        small.fontSize = style.fontSize * sizeFactor
        small.smallCapsOfFontSize = style.fontSize
        if let lineHeight = style.usedLineHeight { small.lineHeight = .px(lineHeight) }
        var pieces: [(String, ComputedStyle)] = []
        var current = "", currentIsSmall = false
        for character in text {
            let isSmall = shrinks(character, style.fontVariantCaps)
            if isSmall != currentIsSmall, !current.isEmpty {
                pieces.append((current, currentIsSmall ? small : style))
                current = ""
            }
            currentIsSmall = isSmall
            current += isSmall ? character.uppercased() : String(character)
        }
        if !current.isEmpty { pieces.append((current, currentIsSmall ? small : style)) }
        return pieces
    }

    private static func shrinks(_ character: Character, _ caps: FontVariantCaps) -> Bool {
        switch caps {
        case .normal: return false
        case .smallCaps: return character.isLowercase && character.uppercased() != String(character)
        case .allSmallCaps: return character.isCased
        }
    }
}
