/// The registry's text properties (`PropertyRegistry`): colour, direction and writing mode,
/// alignment, spacing, white space and breaking, and the decorations.
extension PropertyRegistry {
    static let text: [CSSProperty] = [
        .longhand("color", inherited: true, example: "red", copy: { $0.color = $1.color }) { style, value, parent in
            if let color = PropertyValues.color(value.text, current: parent.color) { style.color = color }
        },
        .longhand("direction", inherited: true, example: "rtl", copy: { $0.direction = $1.direction }) { style, value, _ in
            if let direction = TextDirection(rawValue: value.keyword) { style.direction = direction }
        },
        .longhand("unicode-bidi", example: "isolate", copy: { $0.unicodeBidi = $1.unicodeBidi }) { style, value, _ in
            let keyword = value.keyword
            let unprefixed = keyword.hasPrefix("-webkit-") ? String(keyword.dropFirst(8)) : keyword
            if let bidi = UnicodeBidi(rawValue: unprefixed) { style.unicodeBidi = bidi }
        },
        .longhand("writing-mode", aliases: ["-webkit-writing-mode"], inherited: true, example: "vertical-rl",
                  copy: { $0.writingMode = $1.writingMode }) { style, value, _ in
            if let mode = WritingMode(keyword: value.keyword) { style.writingMode = mode }
        },
        .longhand("text-orientation", aliases: ["-webkit-text-orientation"], inherited: true, example: "sideways",
                  copy: { $0.textOrientation = $1.textOrientation }) { style, value, _ in
            if let orientation = TextOrientation(keyword: value.keyword) { style.textOrientation = orientation }
        },
        // The legacy `-webkit-center` values move block children too (`blockAlign`, HTML § 15.3.3).
        .longhand("text-align", inherited: true, example: "-webkit-center",
                  copy: { $0.textAlign = $1.textAlign; $0.blockAlign = $1.blockAlign }) { style, value, parent in
            switch value.keyword {
            case "left": style.textAlign = .left; style.blockAlign = nil
            case "right": style.textAlign = .right; style.blockAlign = nil
            case "start": style.textAlign = .start; style.blockAlign = nil
            case "end": style.textAlign = .end; style.blockAlign = nil
            case "center": style.textAlign = .center; style.blockAlign = nil
            case "justify": style.textAlign = .justify; style.blockAlign = nil
            case "-webkit-left": style.textAlign = .left; style.blockAlign = .left
            case "-webkit-right": style.textAlign = .right; style.blockAlign = .right
            case "-webkit-center": style.textAlign = .center; style.blockAlign = .center
            case "match-parent", "-webkit-match-parent":
                // The parent's alignment, `start` and `end` settled by the parent's direction.
                style.blockAlign = parent.blockAlign
                switch parent.textAlign {
                case .start: style.textAlign = parent.direction.isRightToLeft ? .right : .left
                case .end: style.textAlign = parent.direction.isRightToLeft ? .left : .right
                default: style.textAlign = parent.textAlign
                }
            default: break
            }
        },
        .longhand("text-align-last", inherited: true, example: "right", copy: { $0.textAlignLast = $1.textAlignLast }) { style, value, _ in
            switch value.keyword {
            case "auto": style.textAlignLast = nil
            case "left": style.textAlignLast = .left
            case "start": style.textAlignLast = .start
            case "end": style.textAlignLast = .end
            case "right": style.textAlignLast = .right
            case "center": style.textAlignLast = .center
            case "justify": style.textAlignLast = .justify
            default: break
            }
        },
        .longhand("text-indent", inherited: true, example: "2em", unitlessLengthQuirk: true, copy: { $0.textIndent = $1.textIndent }) { style, value, _ in
            if let indent = value.length(auto: false) { style.textIndent = indent }
        },
        .longhand("text-transform", inherited: true, example: "uppercase", copy: { $0.textTransform = $1.textTransform }) { style, value, _ in
            if let transform = TextTransform(rawValue: value.keyword) { style.textTransform = transform }
        },
        .longhand("text-shadow", inherited: true, example: "1px 1px red", copy: { $0.textShadows = $1.textShadows }) { style, value, _ in
            style.textShadows = BackgroundParser.shadows(value.text, current: style.color, fontSize: value.fontSize,
                                                         rootFontSize: value.rootFontSize)
        },
        .longhand("letter-spacing", inherited: true, example: "2px", unitlessLengthQuirk: true, copy: { $0.letterSpacing = $1.letterSpacing }) { style, value, _ in
            if value.keyword == "normal" { style.letterSpacing = 0 }
            else if case .px(let v)? = value.length(auto: false) { style.letterSpacing = v }
        },
        .longhand("word-spacing", inherited: true, example: "2px", copy: { $0.wordSpacing = $1.wordSpacing }) { style, value, _ in
            if value.keyword == "normal" { style.wordSpacing = 0 }
            else if case .px(let v)? = value.length(auto: false) { style.wordSpacing = v }
        },
        .longhand("hyphens", aliases: ["-webkit-hyphens"], inherited: true, example: "none",
                  copy: { $0.hyphens = $1.hyphens }) { style, value, _ in
            if let hyphens = Hyphens(rawValue: value.keyword) { style.hyphens = hyphens }
        },
        .longhand("widows", inherited: true, example: "3", copy: { $0.widows = $1.widows }) { style, value, _ in
            if value.keyword == "auto" { style.widows = nil } else if let lines = Int(value.keyword), lines >= 1 { style.widows = min(lines, 1000) }
        },
        .longhand("orphans", inherited: true, example: "3", copy: { $0.orphans = $1.orphans }) { style, value, _ in
            if value.keyword == "auto" { style.orphans = nil } else if let lines = Int(value.keyword), lines >= 1 { style.orphans = min(lines, 1000) }
        },
        .longhand("hyphenate-character", aliases: ["-webkit-hyphenate-character"], inherited: true, example: "'='",
                  copy: { $0.hyphenateCharacter = $1.hyphenateCharacter }) { style, value, _ in
            if value.keyword == "auto" { style.hyphenateCharacter = nil }
            else if let text = GeneratedContentParser.string(value.text) { style.hyphenateCharacter = text }
        },
        .longhand("tab-size", aliases: ["-moz-tab-size"], inherited: true, example: "4", copy: { $0.tabSize = $1.tabSize }) { style, value, _ in
            if let spaces = Double(value.keyword), spaces.isFinite, spaces >= 0 { style.tabSize = .spaces(spaces) }
            else if case .px(let v)? = value.length(auto: false), v >= 0 { style.tabSize = .px(v) }
        },
        // `white-space` is kept as one value; its two longhands copy their half of it.
        .longhand("white-space", inherited: true, example: "pre", copy: { $0.whiteSpace = $1.whiteSpace }) { style, value, _ in
            if let whiteSpace = WhiteSpace(rawValue: value.keyword) { style.whiteSpace = whiteSpace }
            else if value.keyword == "break-spaces" { style.whiteSpace = .preWrap }
        },
        .longhand("white-space-collapse", inherited: true, example: "preserve",
                  copy: { $0.whiteSpace = WhiteSpace(collapse: $1.whiteSpace.collapse, wraps: $0.whiteSpace.wraps) ?? $0.whiteSpace }
        ) { style, value, _ in
            if let whiteSpace = WhiteSpace(collapse: value.keyword, wraps: style.whiteSpace.wraps) { style.whiteSpace = whiteSpace }
        },
        .longhand("text-wrap-mode", inherited: true, example: "nowrap",
                  copy: { $0.whiteSpace = WhiteSpace(collapse: $0.whiteSpace.collapse, wraps: $1.whiteSpace.wraps) ?? $0.whiteSpace },
                  parse: textWrapMode),
        // `text-wrap-style` (balance, pretty…) is taken and not drawn differently.
        .shorthand("text-wrap", ["text-wrap-mode"], example: "nowrap", parse: textWrapMode),
        .longhand("word-break", inherited: true, example: "break-all",
                  copy: { $0.setWordBreaking(wordBreak: $1.wordBreakProperty) }) { style, value, _ in
            if ["normal", "break-all", "keep-all", "break-word"].contains(value.keyword) { style.setWordBreaking(wordBreak: value.keyword) }
        },
        .longhand("overflow-wrap", aliases: ["word-wrap"], inherited: true, example: "anywhere",
                  copy: { $0.setWordBreaking(overflowWrap: $1.overflowWrapProperty) }) { style, value, _ in
            if ["normal", "break-word", "anywhere"].contains(value.keyword) { style.setWordBreaking(overflowWrap: value.keyword) }
        },
        .longhand("vertical-align", example: "middle", copy: { $0.verticalAlign = $1.verticalAlign }) { style, value, _ in
            if let align = VerticalAlign(rawValue: value.keyword) { style.verticalAlign = align }
        },
        .longhand("text-overflow", example: "ellipsis", copy: { $0.textOverflowEllipsis = $1.textOverflowEllipsis }) { style, value, _ in
            if value.keyword == "ellipsis" || value.keyword == "clip" { style.textOverflowEllipsis = value.keyword == "ellipsis" }
        },
        .shorthand("text-decoration", ["text-decoration-line", "text-decoration-style", "text-decoration-color", "text-decoration-thickness"],
                   example: "underline dotted red", parse: textDecoration("text-decoration")),
        // What is drawn (`decorations`) also counts the ancestors' lines: see `applyGlobalKeyword`.
        .longhand("text-decoration-line", aliases: ["-webkit-text-decoration-line"], example: "underline",
                  copy: { $0.textDecorationLine = $1.textDecorationLine }, parse: textDecoration("text-decoration-line")),
        .longhand("text-decoration-style", example: "dotted", copy: { $0.declaredDecoration.style = $1.declaredDecoration.style },
                  parse: textDecoration("text-decoration-style")),
        .longhand("text-decoration-color", aliases: ["-webkit-text-decoration-color"], example: "red",
                  copy: { $0.declaredDecoration.color = $1.declaredDecoration.color }, parse: textDecoration("text-decoration-color")),
        .longhand("text-decoration-thickness", example: "3px",
                  copy: { $0.declaredDecoration.thickness = $1.declaredDecoration.thickness },
                  parse: textDecoration("text-decoration-thickness")),
        .longhand("text-underline-offset", inherited: true, example: "3px", copy: { $0.underlineOffset = $1.underlineOffset },
                  parse: textDecoration("text-underline-offset")),
        .longhand("text-underline-position", inherited: true, example: "under",
                  copy: { $0.underlinePosition = $1.underlinePosition }) { style, value, _ in
            if let position = UnderlinePosition(value.keyword) { style.underlinePosition = position }
        },
        .longhand("text-decoration-skip-ink", inherited: true, example: "none", copy: { $0.skipsInk = $1.skipsInk }) { style, value, _ in
            if ["auto", "all", "none"].contains(value.keyword) { style.skipsInk = value.keyword != "none" }
        },
        // The older name, in WebKit a shorthand of `-skip-ink`: `none` draws through glyphs, any
        // other valid value skips ink (measured in WebKitGTK 2.50).
        .shorthand("text-decoration-skip", aliases: ["-webkit-text-decoration-skip"], ["text-decoration-skip-ink"],
                   example: "none") { style, value, _ in
            let parts = PropertyValues.components(value.keyword)
            let skips: Set<String> = ["auto", "ink", "objects", "spaces", "leading-spaces", "trailing-spaces", "edges", "box-decoration"]
            if parts == ["none"] { style.skipsInk = false } else if !parts.isEmpty, parts.allSatisfy(skips.contains) { style.skipsInk = true }
        },
        // Emphasis marks (`EmphasisMark`); WebKit's `-webkit-` spellings are aliases.
        .shorthand("text-emphasis", ["text-emphasis-style", "text-emphasis-color"], example: "filled red") { style, value, _ in
            guard let parts = TextEmphasisParser.shorthand(value.text, current: style.color) else { return }
            style.emphasisMark = parts.mark ?? nil
            style.emphasisColor = parts.color ?? nil
        },
        .longhand("text-emphasis-style", inherited: true, example: "open triangle",
                  copy: { $0.emphasisMark = $1.emphasisMark }) { style, value, _ in
            if let mark = TextEmphasisParser.style(PropertyValues.components(value.text)) { style.emphasisMark = mark }
        },
        .longhand("text-emphasis-color", inherited: true, example: "red", copy: { $0.emphasisColor = $1.emphasisColor }) { style, value, _ in
            if let color = TextEmphasisParser.color(value.text, current: style.color) { style.emphasisColor = color }
        },
        .longhand("text-emphasis-position", inherited: true, example: "under",
                  copy: { $0.emphasisPosition = $1.emphasisPosition }) { style, value, _ in
            if let position = EmphasisPosition(value.keyword) { style.emphasisPosition = position }
        },
    ]

    /// `text-wrap-mode`, and `text-wrap` (its mode and a `text-wrap-style`, not drawn differently).
    private static let textWrapMode: CSSProperty.Parse = { style, value, _ in
        let parts = PropertyValues.components(value.keyword)
        if let mode = parts.first(where: { $0 == "wrap" || $0 == "nowrap" }),
           let whiteSpace = WhiteSpace(collapse: style.whiteSpace.collapse, wraps: mode == "wrap") { style.whiteSpace = whiteSpace }
    }

    /// One of the decoration properties (`applyTextDecoration`); a valid one also settles the
    /// lines drawn, the element's and its ancestors'.
    private static func textDecoration(_ name: String) -> CSSProperty.Parse {
        { style, value, parent in
            if style.applyTextDecoration(name, value.text, length: { value.length($0, auto: false) }) {
                style.decorations = parent.decorations.union(style.textDecorationLine)
            }
        }
    }
}
