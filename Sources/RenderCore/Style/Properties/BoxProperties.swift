/// The registry's box-model and sizing properties (`PropertyRegistry`): margins, padding,
/// floats, overflow, the sizes and how replaced content fits.
extension PropertyRegistry {
    static let boxModel: [CSSProperty] = [
        .longhand("display", example: "flex", copy: { $0.display = $1.display; $0.flex.isLegacyBox = $1.flex.isLegacyBox }) { style, value, _ in
            if let display = Display(declared: value.keyword) { style.display = display; style.flex.isLegacyBox = false }
            else if let legacy = FlexStyle.legacyDisplay(value.keyword) {
                style.display = legacy.display; style.flex.isLegacyBox = legacy.isBox
            }
        },
        .shorthand("margin", sides.map { "margin-\($0)" }, example: "1px 2px", unitlessLengthQuirk: true) { style, value, _ in
            let parts = PropertyValues.components(value.text).compactMap { value.length($0) }
            if let edges = PropertyValues.fourSides(parts) { style.margin = edges }
        },
        .longhand("margin-top", example: "1px", unitlessLengthQuirk: true, copy: { $0.margin.top = $1.margin.top }) { style, value, _ in
            if let v = value.length() { style.margin.top = v }
        },
        .longhand("margin-right", example: "1px", unitlessLengthQuirk: true, copy: { $0.margin.right = $1.margin.right }) { style, value, _ in
            if let v = value.length() { style.margin.right = v }
        },
        .longhand("margin-bottom", example: "1px", unitlessLengthQuirk: true, copy: { $0.margin.bottom = $1.margin.bottom }) { style, value, _ in
            if let v = value.length() { style.margin.bottom = v }
        },
        .longhand("margin-left", example: "1px", unitlessLengthQuirk: true, copy: { $0.margin.left = $1.margin.left }) { style, value, _ in
            if let v = value.length() { style.margin.left = v }
        },
        .shorthand("padding", sides.map { "padding-\($0)" }, example: "1px 2px", unitlessLengthQuirk: true) { style, value, _ in
            let parts = PropertyValues.components(value.text).compactMap { value.length($0, auto: false, nonNegative: true) }
            if let edges = PropertyValues.fourSides(parts) { style.padding = edges }
        },
        .longhand("padding-top", example: "1px", unitlessLengthQuirk: true, copy: { $0.padding.top = $1.padding.top }) { style, value, _ in
            if let v = value.length(auto: false, nonNegative: true) { style.padding.top = v }
        },
        .longhand("padding-right", example: "1px", unitlessLengthQuirk: true, copy: { $0.padding.right = $1.padding.right }) { style, value, _ in
            if let v = value.length(auto: false, nonNegative: true) { style.padding.right = v }
        },
        .longhand("padding-bottom", example: "1px", unitlessLengthQuirk: true, copy: { $0.padding.bottom = $1.padding.bottom }) { style, value, _ in
            if let v = value.length(auto: false, nonNegative: true) { style.padding.bottom = v }
        },
        .longhand("padding-left", example: "1px", unitlessLengthQuirk: true, copy: { $0.padding.left = $1.padding.left }) { style, value, _ in
            if let v = value.length(auto: false, nonNegative: true) { style.padding.left = v }
        },
        .longhand("box-sizing", example: "border-box", copy: { $0.borderBoxSizing = $1.borderBoxSizing }) { style, value, _ in
            style.borderBoxSizing = value.keyword == "border-box"
        },
        .longhand("float", example: "left", copy: { $0.floating = $1.floating }) { style, value, _ in
            if let side = FloatSide(value.keyword, direction: style.direction), side != .both { style.floating = side }
        },
        .longhand("clear", example: "both", copy: { $0.clear = $1.clear }) { style, value, _ in
            if let side = FloatSide(value.keyword, direction: style.direction) { style.clear = side }
        },
        .shorthand("overflow", ["overflow-x", "overflow-y"], example: "hidden") { style, value, _ in
            if let pair = PositioningParser.overflowPair(value.text) { (style.overflowX, style.overflowY) = pair }
        },
        .longhand("overflow-x", example: "hidden", copy: { $0.overflowX = $1.overflowX }) { style, value, _ in
            if let axis = Overflow(rawValue: value.keyword) { style.overflowX = axis }
        },
        .longhand("overflow-y", example: "hidden", copy: { $0.overflowY = $1.overflowY }) { style, value, _ in
            if let axis = Overflow(rawValue: value.keyword) { style.overflowY = axis }
        },
        .longhand("visibility", inherited: true, example: "hidden", copy: { $0.visibilityHidden = $1.visibilityHidden }) { style, value, _ in
            style.visibilityHidden = value.keyword == "hidden" || value.keyword == "collapse"
        },
        .longhand("appearance", aliases: ["-webkit-appearance"], example: "none",
                  copy: { $0.appearanceNone = $1.appearanceNone }) { style, value, _ in
            style.appearanceNone = value.keyword == "none"
        },
        // The root's decides the page's scheme (`Cascade`, `ColorScheme.of`); no element keeps it.
        // Resolved by `Cascade` before the colours (it needs the appearance); inherited.
        .longhand("color-scheme", aliases: ["supported-color-schemes"], inherited: true, example: nil,
                  copy: { $0.usesDarkScheme = $1.usesDarkScheme }) { _, _, _ in },
    ]

    static let sizing: [CSSProperty] = [
        .longhand("width", example: "10px", unitlessLengthQuirk: true, copy: { $0.width = $1.width; $0.sizingKeywords.width = $1.sizingKeywords.width },
                  parse: size(keywordLength: .auto) { $0.width = $1; $0.sizingKeywords.width = $2 }),
        .longhand("height", example: "10px", unitlessLengthQuirk: true, copy: { $0.height = $1.height; $0.sizingKeywords.height = $1.sizingKeywords.height },
                  parse: size(keywordLength: .auto) { $0.height = $1; $0.sizingKeywords.height = $2 }),
        // `auto` (the initial value): zero outside flex items, the automatic minimum size in them.
        .longhand("min-width", example: "10px", unitlessLengthQuirk: true,
                  copy: { $0.minWidth = $1.minWidth; $0.sizingKeywords.minWidth = $1.sizingKeywords.minWidth },
                  parse: size(keywordLength: .px(0)) { $0.minWidth = $1; $0.sizingKeywords.minWidth = $2 }),
        .longhand("max-width", example: "10px", unitlessLengthQuirk: true,
                  copy: { $0.maxWidth = $1.maxWidth; $0.sizingKeywords.maxWidth = $1.sizingKeywords.maxWidth },
                  parse: size(keywordLength: .auto, isMaximum: true) { $0.maxWidth = $1; $0.sizingKeywords.maxWidth = $2 }),
        .longhand("min-height", example: "10px", unitlessLengthQuirk: true,
                  copy: { $0.minHeight = $1.minHeight; $0.sizingKeywords.minHeight = $1.sizingKeywords.minHeight },
                  parse: size(keywordLength: .px(0)) { $0.minHeight = $1; $0.sizingKeywords.minHeight = $2 }),
        .longhand("max-height", example: "10px", unitlessLengthQuirk: true,
                  copy: { $0.maxHeight = $1.maxHeight; $0.sizingKeywords.maxHeight = $1.sizingKeywords.maxHeight },
                  parse: size(keywordLength: .auto, isMaximum: true) { $0.maxHeight = $1; $0.sizingKeywords.maxHeight = $2 }),
        .longhand("aspect-ratio", example: "2 / 1", copy: { $0.aspectRatio = $1.aspectRatio }) { style, value, _ in
            if let ratio = AspectRatio(value.text) { style.aspectRatio = ratio }
        },
        .longhand("object-fit", example: "cover", copy: { $0.objectFit = $1.objectFit }) { style, value, _ in
            if let fit = ObjectFit(rawValue: value.keyword) { style.objectFit = fit }
        },
        .longhand("object-position", example: "left top", copy: { $0.objectPosition = $1.objectPosition }) { style, value, _ in
            if let position = ObjectPosition.parse(PropertyValues.components(value.text), length: { value.length($0, auto: false) }) {
                style.objectPosition = position
            }
        },
    ]

    /// A size property's parser: an intrinsic sizing keyword (the length is then `keywordLength`,
    /// so code that knows no keywords sees no constraint; for a block's height the content's
    /// height is what the keywords give), `none` for a maximum, or a non-negative length, which
    /// clears the keyword. `set` stores the length and the keyword.
    private static func size(keywordLength: Length, isMaximum: Bool = false,
                             _ set: @escaping @Sendable (inout ComputedStyle, Length, SizingKeyword?) -> Void) -> CSSProperty.Parse {
        { style, value, _ in
            if let keyword = SizingKeyword(value.keyword) { set(&style, keywordLength, keyword) }
            else if let length = isMaximum && value.keyword == "none" ? .auto : value.length(auto: !isMaximum, nonNegative: true) {
                set(&style, length, nil)
            }
        }
    }
}
