/// `text-emphasis-position` (inherited): which side of the text the marks go. WebKit's initial
/// value draws them over the text, except under Chinese text (measured in WebKitGTK 2.50:
/// `lang="zh"`, `zh-TW` under; `ja`, `ko`, `en` and no language over).
public enum EmphasisSide: Sendable, Equatable {
    case auto, over, under
}

public struct EmphasisPosition: Sendable, Equatable {
    public var side: EmphasisSide = .auto
    /// `left` (true) or `right`: the side in vertical text; ignored in horizontal lines.
    public var left = false

    /// `auto`, or `over`/`under` with an optional `left`/`right`, in either order.
    init?(_ keyword: String) {
        let parts = PropertyValues.components(keyword)
        guard !parts.isEmpty, parts.count <= 2 else { return nil }
        if parts == ["auto"] { return }
        var side: EmphasisSide?, left: Bool?
        for part in parts {
            switch part {
            case "over" where side == nil: side = .over
            case "under" where side == nil: side = .under
            case "left" where left == nil: left = true
            case "right" where left == nil: left = false
            default: return nil
            }
        }
        guard let side else { return nil }
        self.side = side
        self.left = left ?? false
    }

    init() {}
}

/// `text-emphasis-style` and the shorthand `text-emphasis` (CSS Text Decoration 3 §3): the
/// mark each is drawn with, as the string it draws.
enum TextEmphasisParser {
    /// `none`, a string (its first code point, as WebKit takes it: a long cluster cannot be
    /// drawn over every character), or `[filled | open] || <shape>`; nil: not a value.
    /// The outer optional is validity, the inner one `none`.
    static func style(_ parts: [String]) -> String?? {
        if parts.count == 1, parts[0].lowercased() == "none" { return .some(nil) }
        if parts.count == 1, let string = GeneratedContentParser.string(parts[0]) { return .some(string.unicodeScalars.first.map { String($0) }) }
        var open: Bool?, shape: String?
        for part in parts {
            switch part.lowercased() {
            case "filled" where open == nil: open = false
            case "open" where open == nil: open = true
            case let word where shape == nil && marks[word] != nil: shape = word
            default: return nil
            }
        }
        guard open != nil || shape != nil else { return nil }
        // `filled` or `open` alone: a circle in horizontal text.
        guard let pair = marks[shape ?? "circle"] else { return nil }
        return .some(open == true ? pair.open : pair.filled)
    }

    /// The shorthand's parts: a style and a colour (nil: `currentcolor`), each optional.
    static func shorthand(_ value: String, current: RGBA) -> (mark: String??, color: RGBA??)? {
        var styleParts: [String] = [], color: RGBA??
        for part in PropertyValues.components(value) {
            if let parsed = self.color(part, current: current), color == nil { color = .some(parsed) }
            else { styleParts.append(part) }
        }
        let mark = styleParts.isEmpty ? nil : style(styleParts)
        if !styleParts.isEmpty, mark == nil { return nil }
        return (mark, color)
    }

    /// A colour; `currentcolor` is kept as nil so that the text's own colour is used.
    static func color(_ value: String, current: RGBA) -> RGBA?? {
        if value.lowercased() == "currentcolor" { return .some(nil) }
        return PropertyValues.color(value, current: current).map { .some($0) }
    }

    /// The filled and open mark of each shape (CSS Text Decoration 3 §3.1).
    static let marks: [String: (filled: String, open: String)] = [
        "dot": ("\u{2022}", "\u{25E6}"),
        "circle": ("\u{25CF}", "\u{25CB}"),
        "double-circle": ("\u{25C9}", "\u{25CE}"),
        "triangle": ("\u{25B2}", "\u{25B3}"),
        "sesame": ("\u{FE45}", "\u{FE46}"),
    ]
}

/// `text-underline-position` (inherited): `left` and `right` choose a side in vertical text
/// only, so in horizontal lines they change nothing.
public struct UnderlinePosition: Sendable, Equatable {
    public enum Placement: Sendable, Equatable { case auto, fromFont, under }
    public enum Side: Sendable, Equatable { case left, right }
    public var placement: Placement = .auto
    /// The side of vertical lines the underline goes (nil: as `placement` says).
    public var side: Side?

    init() {}

    /// `auto | from-font | [under || [left | right]]`.
    init?(_ keyword: String) {
        let parts = PropertyValues.components(keyword)
        guard !parts.isEmpty, parts.count <= 2 else { return nil }
        if parts == ["auto"] { return }
        if parts == ["from-font"] { placement = .fromFont; return }
        for part in parts {
            switch part {
            case "under" where placement == .auto: placement = .under
            case "left" where side == nil: side = .left
            case "right" where side == nil: side = .right
            default: return nil
            }
        }
    }
}
