/// `font-variant-caps`: the fonts shipped have no `smcp`/`c2sc`, so small capitals are
/// synthesized as WebKit does (`SmallCapsSynthesis`).
public enum FontVariantCaps: String, Sendable {
    case normal
    case smallCaps = "small-caps"
    case allSmallCaps = "all-small-caps"

    /// CSS keywords, with petite capitals (which need the font's `pcap`) drawn as small ones.
    init?(keyword: String) {
        switch keyword {
        case "petite-caps": self = .smallCaps
        case "all-petite-caps": self = .allSmallCaps
        default: self.init(rawValue: keyword)
        }
    }
}

/// OpenType feature settings from the properties that set them, each kept apart because each
/// is inherited and reset on its own; `pangoString` is what pango's font-features attribute takes.
public struct FontFeatures: Sendable, Equatable {
    /// `font-variant-numeric` feature tags, on.
    public var numeric: [String] = []
    /// `font-kerning: none` turns `kern` off; `auto` and `normal` leave the font's default (on).
    public var kerningOff = false
    /// `font-feature-settings` as `tag value` pairs.
    public var settings: [String] = []

    public var isEmpty: Bool { numeric.isEmpty && !kerningOff && settings.isEmpty }

    /// Low to high precedence: explicit `font-feature-settings` win (CSS Fonts §7.2).
    public var pangoString: String {
        (numeric.map { "\($0) 1" } + (kerningOff ? ["kern 0"] : []) + settings).joined(separator: ", ")
    }

    static let numericTags: [String: String] = [
        "lining-nums": "lnum", "oldstyle-nums": "onum", "proportional-nums": "pnum", "tabular-nums": "tnum",
        "diagonal-fractions": "frac", "stacked-fractions": "afrc", "ordinal": "ordn", "slashed-zero": "zero",
    ]

    /// `font-variant-numeric`'s tags; nil when a keyword is unknown (the declaration is ignored).
    static func numeric(_ keywords: [String]) -> [String]? {
        if keywords == ["normal"] { return [] }
        let tags = keywords.map { numericTags[$0] }
        return tags.contains(nil) ? nil : tags.compactMap { $0 }
    }

    /// `font-feature-settings: "liga" 0, "tnum"` as pango's `liga 0, tnum 1`; nil when invalid.
    static func settings(_ value: String) -> [String]? {
        if value.lowercased() == "normal" { return [] }
        var result: [String] = []
        for part in value.split(separator: ",") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard let quoted = words.first, quoted.count == 6, quoted.first == quoted.last,
                  quoted.first == "\"" || quoted.first == "'", words.count <= 2 else { return nil }
            let tag = quoted.dropFirst().dropLast()
            guard tag.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
            let setting: Int
            switch words.count == 2 ? words[1].lowercased() : "on" {
            case "on": setting = 1
            case "off": setting = 0
            case let number: guard let value = Int(number), value >= 0 else { return nil }; setting = value
            }
            result.append("\(tag) \(setting)")
        }
        return result.isEmpty ? nil : result
    }
}
