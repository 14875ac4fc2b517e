/// The registry's font properties (`PropertyRegistry`). The cascade applies `font`,
/// `font-size` and `font-family` before the rest: `em` everywhere else depends on the size.
extension PropertyRegistry {
    static let fonts: [CSSProperty] = [
        .shorthand("font", ["font-style", "font-variant-caps", "font-weight", "font-stretch", "font-size", "line-height",
                            "font-family", "font-variant-numeric", "font-size-adjust"], example: "italic bold 20px/2 monospace") { style, value, parent in
            style.applyFontShorthand(value, parent: parent)
        },
        .longhand("font-family", inherited: true, example: "monospace",
                  copy: { $0.fontFamilies = $1.fontFamilies; $0.fontFaceFamilies = $1.fontFaceFamilies }) { style, value, _ in
            let families = PropertyValues.fontFamilies(value.text)
            if !families.isEmpty { style.fontFamilies = families }
        },
        .longhand("font-size", inherited: true, example: "20px", unitlessLengthQuirk: true,
                  copy: { $0.fontSize = $1.fontSize; $0.fontSizeOrigin = $1.fontSizeOrigin }) { style, value, parent in
            if let size = PropertyValues.fontSize(value.text, parentSize: parent.fontSize, rootFontSize: value.rootFontSize) {
                style.fontSize = size
                style.fontSizeOrigin = FontSizeOrigin.of(value.text, parent: parent.fontSizeOrigin)
            }
        },
        .longhand("font-weight", inherited: true, example: "bold", copy: { $0.fontWeight = $1.fontWeight }) { style, value, parent in
            if let weight = PropertyValues.fontWeight(value.text, parent: parent.fontWeight) { style.fontWeight = weight }
        },
        .longhand("font-stretch", aliases: ["font-width"], inherited: true, example: "condensed",
                  copy: { $0.fontStretch = $1.fontStretch }) { style, value, _ in
            if let percent = FontStretch.percent(value.text) { style.fontStretch = percent }
        },
        .longhand("font-style", inherited: true, example: "italic", copy: { $0.italic = $1.italic }) { style, value, _ in
            style.italic = value.keyword == "italic" || value.keyword.hasPrefix("oblique")
        },
        .longhand("line-height", inherited: true, example: "2", copy: { $0.lineHeight = $1.lineHeight }) { style, value, _ in
            if let height = PropertyValues.lineHeight(value.text, fontSize: value.fontSize, rootFontSize: value.rootFontSize) {
                style.lineHeight = height
            }
        },
        // The shorthand: caps and numeric keywords in any order; `normal` resets both.
        .shorthand("font-variant", ["font-variant-caps", "font-variant-numeric"], example: "small-caps") { style, value, _ in
            let parts = PropertyValues.components(value.keyword)
            let caps = parts.compactMap { FontVariantCaps(keyword: $0) }.filter { $0 != .normal }
            let numeric = FontFeatures.numeric(parts.filter { FontVariantCaps(keyword: $0) == nil })
            if let numeric, caps.count <= 1 {
                style.fontVariantCaps = caps.first ?? .normal
                style.fontFeatures.numeric = numeric
            }
        },
        .longhand("font-variant-caps", inherited: true, example: "small-caps",
                  copy: { $0.fontVariantCaps = $1.fontVariantCaps }) { style, value, _ in
            if let caps = FontVariantCaps(keyword: value.keyword) { style.fontVariantCaps = caps }
        },
        .longhand("font-variant-numeric", inherited: true, example: "tabular-nums",
                  copy: { $0.fontFeatures.numeric = $1.fontFeatures.numeric }) { style, value, _ in
            if let tags = FontFeatures.numeric(PropertyValues.components(value.keyword)) { style.fontFeatures.numeric = tags }
        },
        .longhand("font-kerning", inherited: true, example: "none",
                  copy: { $0.fontFeatures.kerningOff = $1.fontFeatures.kerningOff }) { style, value, _ in
            if ["auto", "normal", "none"].contains(value.keyword) { style.fontFeatures.kerningOff = value.keyword == "none" }
        },
        .longhand("font-feature-settings", aliases: ["-webkit-font-feature-settings"], inherited: true, example: "\"liga\" 0",
                  copy: { $0.fontFeatures.settings = $1.fontFeatures.settings }) { style, value, _ in
            if let settings = FontFeatures.settings(value.text) { style.fontFeatures.settings = settings }
        },
        .longhand("font-size-adjust", inherited: true, example: "0.5", copy: { $0.fontSizeAdjust = $1.fontSizeAdjust }) { style, value, _ in
            if value.keyword == "none" { style.fontSizeAdjust = nil }
            else if let adjust = FontSizeAdjust(value.text) { style.fontSizeAdjust = adjust }
        },
        .longhand("font-synthesis", inherited: true, example: "none", copy: { $0.fontSynthesis = $1.fontSynthesis }) { style, value, _ in
            if let synthesis = FontSynthesis.parse(value.keyword) { style.fontSynthesis = synthesis }
        },
    ]
}

extension ComputedStyle {
    /// `font`: style, `small-caps` and weight in any order, then the size (with a line height
    /// after a slash) and the families; every longhand it can set is reset first. Anything
    /// else drops the whole declaration.
    fileprivate mutating func applyFontShorthand(_ value: DeclaredValue, parent: ComputedStyle) {
        let rootFontSize = value.rootFontSize
        let parts = PropertyValues.components(value.text)
        guard let sizeIndex = parts.firstIndex(where: { part in
            let sizePart = PropertyValues.splitAtSlash(part)[0]
            return PropertyValues.fontSize(sizePart, parentSize: parent.fontSize, rootFontSize: rootFontSize) != nil
                && Double(sizePart) == nil
        }), sizeIndex + 1 < parts.count else { return }
        var newStyle = self
        // The shorthand resets every font longhand it can set; `small-caps` is the one variant it takes.
        newStyle.italic = false; newStyle.fontWeight = 400; newStyle.lineHeight = .normal
        newStyle.fontVariantCaps = .normal; newStyle.fontFeatures.numeric = ComputedStyle.initialStyle.fontFeatures.numeric
        newStyle.fontSizeAdjust = nil; newStyle.fontStretch = 100
        for part in parts[..<sizeIndex] {
            let k = part.lowercased()
            if k == "italic" || k == "oblique" { newStyle.italic = true }
            else if k == "small-caps" { newStyle.fontVariantCaps = .smallCaps }
            else if let stretch = FontStretch.keywords[k] { newStyle.fontStretch = stretch }
            else if let w = PropertyValues.fontWeight(k, parent: parent.fontWeight), k != "normal" { newStyle.fontWeight = w }
        }
        let sizeParts = PropertyValues.splitAtSlash(parts[sizeIndex])
        guard let size = PropertyValues.fontSize(sizeParts[0], parentSize: parent.fontSize, rootFontSize: rootFontSize) else { return }
        newStyle.fontSize = size
        newStyle.fontSizeOrigin = FontSizeOrigin.of(sizeParts[0], parent: parent.fontSizeOrigin)
        if sizeParts.count == 2 {
            guard let lh = PropertyValues.lineHeight(sizeParts[1], fontSize: newStyle.fontSize, rootFontSize: rootFontSize) else { return }
            newStyle.lineHeight = lh
        }
        let families = PropertyValues.fontFamilies(parts[(sizeIndex + 1)...].joined(separator: " "))
        guard !families.isEmpty else { return }
        newStyle.fontFamilies = families
        self = newStyle
    }
}
