/// Applies one declaration to a style being computed. Unknown properties and invalid values
/// are ignored, as browsers ignore them; the result says whether the engine knows the property
/// at all (false: the declaration was dropped for want of it, see `UnsupportedFeatures`).
extension ComputedStyle {
    @discardableResult
    mutating func apply(_ declaration: Declaration, parent: ComputedStyle, rootFontSize: Double,
                        userAgent: ComputedStyle? = nil) -> Bool {
        let name = declaration.name
        let value = declaration.value.trimmingWhitespaces()
        let keyword = value.lowercased()
        if let physical = LogicalProperties.physical(name, value, mode: writingMode, direction: direction) {
            applyPhysical(physical, of: declaration, parent: parent, rootFontSize: rootFontSize, userAgent: userAgent)
            return true
        }
        // What the engine knows is what the registry declares; each property's value parses below.
        guard let property = PropertyRegistry.entry(name) else {
            // WebKit's `-webkit-` spelling of a flow-relative property.
            guard let standard = PropertyRegistry.flowRelativeStandardName(aliasedBy: name) else { return false }
            return apply(Declaration(name: standard, value: declaration.value, important: declaration.important),
                         parent: parent, rootFontSize: rootFontSize, userAgent: userAgent)
        }
        if let global = GlobalKeyword(keyword) {
            applyGlobalKeyword(global, to: property, parent: parent, userAgent: userAgent)
            return true
        }
        let fontSize = self.fontSize
        func len(_ text: String, auto: Bool = true, nonNegative: Bool = false) -> Length? {
            PropertyValues.length(text, fontSize: fontSize, rootFontSize: rootFontSize, allowAuto: auto, nonNegative: nonNegative)
        }
        if applySizingKeyword(name, keyword) { return true }
        switch name {
        case "display":
            if let display = Display(declared: keyword) { self.display = display; flex.isLegacyBox = false }
            else if let legacy = FlexStyle.legacyDisplay(keyword) { self.display = legacy.display; flex.isLegacyBox = legacy.isBox }
        case "gap", "grid-gap":
            // Each part is `normal` (nil) or a non-negative length; anything else drops the whole.
            let parts = PropertyValues.components(value).map { part -> Length?? in
                part.lowercased() == "normal" ? .some(nil) : len(part, auto: false, nonNegative: true).map { .some($0) }
            }
            guard (1...2).contains(parts.count), let row = parts[0], let column = parts.last! else { break }
            rowGap = row; columnGap = column
        case "row-gap", "grid-row-gap":
            if keyword == "normal" { rowGap = nil } else if let v = len(value, auto: false, nonNegative: true) { rowGap = v }
        case "column-gap", "grid-column-gap":
            if keyword == "normal" { columnGap = nil } else if let v = len(value, auto: false, nonNegative: true) { columnGap = v }
        case _ where GridValueParser.properties.contains(name):
            GridValueParser.apply(name, value, to: &grid, length: { len($0, auto: false) })
            // The box-alignment properties serve flex containers too, each layout its own form.
            if FlexStyle.handles(name) { flex.apply(name, value, length: { len($0, auto: false) }) }
        case _ where MultiColumnParser.properties.contains(name):
            MultiColumnParser.apply(name, value, to: &multiColumn, current: color, length: { len($0, auto: false) },
                                    borderWidth: { PropertyValues.borderWidth($0, fontSize: fontSize, rootFontSize: rootFontSize) })
        case "margin":
            let parts = PropertyValues.components(value).compactMap { len($0) }
            if let edges = PropertyValues.fourSides(parts) { margin = edges }
        case "margin-top": if let v = len(value) { margin.top = v }
        case "margin-right": if let v = len(value) { margin.right = v }
        case "margin-bottom": if let v = len(value) { margin.bottom = v }
        case "margin-left": if let v = len(value) { margin.left = v }
        case "padding":
            let parts = PropertyValues.components(value).compactMap { len($0, auto: false, nonNegative: true) }
            if let edges = PropertyValues.fourSides(parts) { padding = edges }
        case "padding-top": if let v = len(value, auto: false, nonNegative: true) { padding.top = v }
        case "padding-right": if let v = len(value, auto: false, nonNegative: true) { padding.right = v }
        case "padding-bottom": if let v = len(value, auto: false, nonNegative: true) { padding.bottom = v }
        case "padding-left": if let v = len(value, auto: false, nonNegative: true) { padding.left = v }
        case "border", "border-top", "border-right", "border-bottom", "border-left":
            applyBorderShorthand(name, value, rootFontSize: rootFontSize)
        case "border-width":
            let parts = PropertyValues.components(value).compactMap {
                PropertyValues.borderWidth($0, fontSize: fontSize, rootFontSize: rootFontSize)
            }
            if let edges = PropertyValues.fourSides(parts) { borderWidth = edges }
        case "border-style":
            let parts = PropertyValues.components(keyword).compactMap { BorderStyle(rawValue: $0) }
            if let edges = PropertyValues.fourSides(parts) { borderStyle = edges }
        case "border-color":
            let parts = PropertyValues.components(value).compactMap { PropertyValues.color($0, current: color) }
            if let edges = PropertyValues.fourSides(parts.map { Optional($0) }) { borderColor = edges }
        case "border-top-width", "border-right-width", "border-bottom-width", "border-left-width":
            if let v = PropertyValues.borderWidth(value, fontSize: fontSize, rootFontSize: rootFontSize) {
                Self.setSide(of: &borderWidth, name, v)
            }
        case "border-top-style", "border-right-style", "border-bottom-style", "border-left-style":
            if let v = BorderStyle(rawValue: keyword) { Self.setSide(of: &borderStyle, name, v) }
        case "border-top-color", "border-right-color", "border-bottom-color", "border-left-color":
            if let v = PropertyValues.color(value, current: color) { Self.setSide(of: &borderColor, name, v) }
        case "width": if let v = len(value, nonNegative: true) { width = v; sizingKeywords.width = nil }
        case "height": if let v = len(value, nonNegative: true) { height = v; sizingKeywords.height = nil }
        // `auto` (the initial value): zero outside flex items, the automatic minimum size in them.
        case "min-width": if let v = len(value, nonNegative: true) { minWidth = v; sizingKeywords.minWidth = nil }
        case "min-height": if let v = len(value, nonNegative: true) { minHeight = v; sizingKeywords.minHeight = nil }
        case "max-width":
            if let v = keyword == "none" ? .auto : len(value, auto: false, nonNegative: true) { maxWidth = v; sizingKeywords.maxWidth = nil }
        case "max-height":
            if let v = keyword == "none" ? .auto : len(value, auto: false, nonNegative: true) { maxHeight = v; sizingKeywords.maxHeight = nil }
        case "aspect-ratio": if let ratio = AspectRatio(value) { aspectRatio = ratio }
        case "writing-mode", "-webkit-writing-mode": if let mode = WritingMode(keyword: keyword) { writingMode = mode }
        case "text-orientation", "-webkit-text-orientation":
            if let orientation = TextOrientation(keyword: keyword) { textOrientation = orientation }
        case "box-sizing": borderBoxSizing = keyword == "border-box"
        case "background-color":
            if let c = PropertyValues.color(value, current: color) { backgroundColor = c }
        case "background":
            if let parsed = BackgroundParser.shorthand(value, context: backgroundContext(rootFontSize)) {
                background = parsed.layers
                backgroundColor = parsed.color
            }
        case "background-image":
            if let images = BackgroundParser.images(value, context: backgroundContext(rootFontSize)) { background.images = images }
        case "background-size", "-webkit-background-size":
            let context = backgroundContext(rootFontSize)
            if let sizes = BackgroundParser.list(value, { BackgroundParser.size($0, context: context) }) { background.sizes = sizes }
        case "background-repeat":
            if let repeats = BackgroundParser.list(value, BackgroundParser.repeatStyle) { background.repeats = repeats }
        case "background-position":
            let context = backgroundContext(rootFontSize)
            if let positions = BackgroundParser.list(value, { BackgroundParser.position($0, context: context) }) { background.positions = positions }
        case "background-position-x", "background-position-y":
            let context = backgroundContext(rootFontSize), horizontal = name.hasSuffix("x")
            if let axes = BackgroundParser.list(value, { BackgroundParser.positionAxis($0, horizontal: horizontal, context: context) }) {
                background.positions = axes.indices.map { index in
                    var position = background.positions.isEmpty ? .topLeft : background.positions[index % background.positions.count]
                    if horizontal { position.x = axes[index] } else { position.y = axes[index] }
                    return position
                }
            }
        case "background-clip", "-webkit-background-clip":
            if let clips = BackgroundParser.list(value, BackgroundParser.box) { background.clips = clips }
        case "background-origin", "-webkit-background-origin":
            if let origins = BackgroundParser.list(value, BackgroundParser.box), !origins.contains(.text) { background.origins = origins }
        case "background-blend-mode":
            if let modes = BackgroundParser.list(value, BackgroundParser.blendMode) { background.blendModes = modes }
        case "object-fit": if let fit = ObjectFit(rawValue: keyword) { objectFit = fit }
        case "object-position":
            if let position = ObjectPosition.parse(PropertyValues.components(value), length: { len($0, auto: false) }) {
                objectPosition = position
            }
        case "text-shadow":
            textShadows = BackgroundParser.shadows(value, current: color, fontSize: fontSize, rootFontSize: rootFontSize)
        case "box-shadow", "-webkit-box-shadow":
            boxShadows = BackgroundParser.shadows(value, current: color, allowInset: true, fontSize: fontSize, rootFontSize: rootFontSize)
        case "color":
            if let c = PropertyValues.color(value, current: parent.color) { color = c }
        case "font-family": let families = PropertyValues.fontFamilies(value); if !families.isEmpty { fontFamilies = families }
        case "font-size":
            if let size = PropertyValues.fontSize(value, parentSize: parent.fontSize, rootFontSize: rootFontSize) {
                self.fontSize = size
                fontSizeOrigin = FontSizeOrigin.of(value, parent: parent.fontSizeOrigin)
            }
        case "font-weight": if let w = PropertyValues.fontWeight(value, parent: parent.fontWeight) { fontWeight = w }
        case "font-style": italic = keyword == "italic" || keyword.hasPrefix("oblique")
        case "font": applyFontShorthand(value, parent: parent, rootFontSize: rootFontSize)
        case "line-height":
            if let lh = PropertyValues.lineHeight(value, fontSize: fontSize, rootFontSize: rootFontSize) { lineHeight = lh }
        case "text-align":
            switch keyword {
            case "left": textAlign = .left; blockAlign = nil
            case "right": textAlign = .right; blockAlign = nil
            case "start": textAlign = .start; blockAlign = nil
            case "end": textAlign = .end; blockAlign = nil
            case "center": textAlign = .center; blockAlign = nil
            case "justify": textAlign = .justify; blockAlign = nil
            // The legacy `align` values also move block children (HTML § 15.3.3).
            case "-webkit-left": textAlign = .left; blockAlign = .left
            case "-webkit-right": textAlign = .right; blockAlign = .right
            case "-webkit-center": textAlign = .center; blockAlign = .center
            default: break
            }
        case "text-align-last":
            switch keyword {
            case "auto": textAlignLast = nil
            case "left": textAlignLast = .left
            case "start": textAlignLast = .start
            case "end": textAlignLast = .end
            case "right": textAlignLast = .right
            case "center": textAlignLast = .center
            case "justify": textAlignLast = .justify
            default: break
            }
        case "text-decoration", "text-decoration-line", "-webkit-text-decoration-line", "text-decoration-style",
             "text-decoration-color", "-webkit-text-decoration-color", "text-decoration-thickness", "text-underline-offset":
            let property = name.hasPrefix("-webkit-") ? String(name.dropFirst(8)) : name
            if applyTextDecoration(property, value, length: { len($0, auto: false) }) {
                decorations = parent.decorations.union(textDecorationLine)
            }
        case "white-space":
            if let ws = WhiteSpace(rawValue: keyword) { whiteSpace = ws }
            else if keyword == "break-spaces" { whiteSpace = .preWrap }
        case "white-space-collapse":
            if let ws = WhiteSpace(collapse: keyword, wraps: whiteSpace.wraps) { whiteSpace = ws }
        case "text-wrap-mode", "text-wrap":
            // `text-wrap` is `text-wrap-mode` and `text-wrap-style` (balance, pretty…, not drawn differently).
            let parts = PropertyValues.components(keyword)
            if let mode = parts.first(where: { $0 == "wrap" || $0 == "nowrap" }),
               let ws = WhiteSpace(collapse: whiteSpace.collapse, wraps: mode == "wrap") { whiteSpace = ws }
        case "vertical-align": if let va = VerticalAlign(rawValue: keyword) { verticalAlign = va }
        case _ where Self.generatedContentProperties.contains(name): applyGeneratedContent(name, value)
        case "letter-spacing":
            if keyword == "normal" { letterSpacing = 0 }
            else if case .px(let v)? = len(value, auto: false) { letterSpacing = v }
        case "hyphens", "-webkit-hyphens": if let value = Hyphens(rawValue: keyword) { hyphens = value }
        case "tab-size", "-moz-tab-size":
            if let spaces = Double(keyword), spaces.isFinite, spaces >= 0 { tabSize = .spaces(spaces) }
            else if case .px(let v)? = len(value, auto: false), v >= 0 { tabSize = .px(v) }
        case "word-spacing":
            if keyword == "normal" { wordSpacing = 0 }
            else if case .px(let v)? = len(value, auto: false) { wordSpacing = v }
        case "font-variant-caps": if let caps = FontVariantCaps(keyword: keyword) { fontVariantCaps = caps }
        case "font-size-adjust":
            if keyword == "none" { fontSizeAdjust = nil } else if let adjust = FontSizeAdjust(value) { fontSizeAdjust = adjust }
        case "font-variant":
            // The shorthand: caps and numeric keywords in any order; `normal` resets both.
            let parts = PropertyValues.components(keyword)
            let caps = parts.compactMap { FontVariantCaps(keyword: $0) }.filter { $0 != .normal }
            let numeric = FontFeatures.numeric(parts.filter { FontVariantCaps(keyword: $0) == nil })
            if let numeric, caps.count <= 1 {
                fontVariantCaps = caps.first ?? .normal
                fontFeatures.numeric = numeric
            }
        case "font-variant-numeric":
            if let tags = FontFeatures.numeric(PropertyValues.components(keyword)) { fontFeatures.numeric = tags }
        case "font-kerning":
            if ["auto", "normal", "none"].contains(keyword) { fontFeatures.kerningOff = keyword == "none" }
        case "font-feature-settings", "-webkit-font-feature-settings":
            if let settings = FontFeatures.settings(value) { fontFeatures.settings = settings }
        case "word-break":
            if ["normal", "break-all", "keep-all", "break-word"].contains(keyword) { setWordBreaking(wordBreak: keyword) }
        case "overflow-wrap", "word-wrap":
            if ["normal", "break-word", "anywhere"].contains(keyword) { setWordBreaking(overflowWrap: keyword) }
        case "text-transform": if let t = TextTransform(rawValue: keyword) { textTransform = t }
        case "text-indent": if let v = len(value, auto: false) { textIndent = v }
        case "overflow":
            if let pair = PositioningParser.overflowPair(value) { (overflowX, overflowY) = pair }
        case "overflow-x": if let axis = Overflow(rawValue: keyword) { overflowX = axis }
        case "overflow-y": if let axis = Overflow(rawValue: keyword) { overflowY = axis }
        case "z-index": if let z = PositioningParser.zIndex(keyword) { positioning.zIndex = z }
        case "clip": if let rect = PositioningParser.clip(value, length: { len($0, auto: false) }) { positioning.clip = rect }
        case "text-overflow":
            if keyword == "ellipsis" || keyword == "clip" { textOverflowEllipsis = keyword == "ellipsis" }
        case "border-spacing":
            let lengths = PropertyValues.components(value).prefix(3).map { len($0, auto: false) }
            func nonNegative(_ length: Length??) -> Double? {
                if case .px(let v)?? = length, v >= 0 { return v }
                return nil
            }
            if (1...2).contains(lengths.count), let h = nonNegative(lengths.first),
               let v = lengths.count == 2 ? nonNegative(lengths.last) : h {
                borderSpacing = BorderSpacing(horizontal: h, vertical: v)
            }
        case "border-image", "-webkit-border-image", "border-image-source", "border-image-slice", "border-image-width",
             "border-image-outset", "border-image-repeat":
            BorderImageParser.apply(name, value, to: &borderImage, length: { len($0, auto: false) })
        case "border-radius", "-webkit-border-radius", "-moz-border-radius":
            if let corners = BorderRadiusValues.shorthand(value, length: { len($0, auto: false) }) { borderRadius = corners }
        case "border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius":
            if let radius = BorderRadiusValues.corner(value, length: { len($0, auto: false) }) {
                switch name {
                case "border-top-left-radius": borderRadius.top = radius
                case "border-top-right-radius": borderRadius.right = radius
                case "border-bottom-right-radius": borderRadius.bottom = radius
                default: borderRadius.left = radius
                }
            }
        case "appearance", "-webkit-appearance": appearanceNone = keyword == "none"
        case "transform", "-webkit-transform":
            if let functions = EffectParser.transform(value, length: { len($0, auto: false) }) { transform = functions }
        case "transform-origin", "-webkit-transform-origin":
            if let origin = EffectParser.origin(value, length: { len($0, auto: false) }) { transformOrigin = origin }
        case "filter", "-webkit-filter":
            if let list = EffectParser.filters(value, currentColor: color, length: { len($0, auto: false) }) { filters = list }
        case "backdrop-filter", "-webkit-backdrop-filter":
            if let list = EffectParser.filters(value, currentColor: color, length: { len($0, auto: false) }) { backdropFilters = list }
        case "mix-blend-mode":
            if let mode = BlendMode(rawValue: keyword) { blendMode = mode }
        case "clip-path", "-webkit-clip-path":
            if let parsed = EffectParser.clipPath(value, length: { len($0, auto: false) }) { clipPath = parsed }
        case "mask-image", "-webkit-mask-image", "mask", "-webkit-mask":
            // The shorthand's image is its only part drawn here (position, size, repeat: their initial values).
            let context = backgroundContext(rootFontSize)
            let layers = name.hasSuffix("mask") ? BackgroundParser.shorthand(value, context: context)?.layers.images
                                                : BackgroundParser.images(value, context: context)
            if let layers { maskImage = layers.last ?? nil }
        case "opacity":
            if let number = PropertyValues.number(value) { opacity = min(1, max(0, number)) }
            else if value.hasSuffix("%"), let number = Double(value.dropLast()), number.isFinite { opacity = min(1, max(0, number / 100)) }
        case "position": if let scheme = PositionScheme(keyword: keyword) { position = scheme }
        case "top": if let v = len(value) { positioning.offsets.top = v }
        case "right": if let v = len(value) { positioning.offsets.right = v }
        case "bottom": if let v = len(value) { positioning.offsets.bottom = v }
        case "left": if let v = len(value) { positioning.offsets.left = v }
        case "float": if let side = FloatSide(keyword, direction: direction), side != .both { floating = side }
        case "clear": if let side = FloatSide(keyword, direction: direction) { clear = side }
        case "table-layout": tableLayoutFixed = keyword == "fixed"
        case "background-attachment": applyBackgroundAttachment(keyword)
        case "font-synthesis": if let synthesis = FontSynthesis.parse(keyword) { fontSynthesis = synthesis }
        case "border-collapse":
            if keyword == "collapse" || keyword == "separate" { borderCollapse = keyword == "collapse" }
        case "caption-side": if keyword == "top" || keyword == "bottom" { captionAtBottom = keyword == "bottom" }
        case "visibility": visibilityHidden = keyword == "hidden" || keyword == "collapse"
        case "direction": if let direction = TextDirection(rawValue: keyword) { self.direction = direction }
        case "unicode-bidi":
            let unprefixed = keyword.hasPrefix("-webkit-") ? String(keyword.dropFirst(8)) : keyword
            if let bidi = UnicodeBidi(rawValue: unprefixed) { unicodeBidi = bidi }
        case _ where FlexStyle.handles(name):
            flex.apply(name, value, length: { len($0, auto: false) })
        case "outline", "outline-width", "outline-style", "outline-color", "outline-offset":
            _ = outline.apply(name, value, width: { PropertyValues.borderWidth($0, fontSize: fontSize, rootFontSize: rootFontSize) },
                              length: { if case .px(let v)? = len($0, auto: false) { return v } else { return nil } },
                              color: { PropertyValues.color($0, current: color) })
        case "color-scheme", "supported-color-schemes":
            break  // the root's decides the page's scheme (`Cascade`, `ColorScheme.of`)
        default:
            // An alias the registry resolved (WebKit's `-webkit-` spellings, `-webkit-opacity`):
            // parsed as its property.
            let standard = property.property.name
            guard standard != name else { return true }
            return apply(Declaration(name: standard, value: declaration.value, important: declaration.important),
                         parent: parent, rootFontSize: rootFontSize, userAgent: userAgent)
        }
        return true
    }

    /// A flow-relative declaration's physical ones (`LogicalProperties`), all or none: a
    /// two-value `margin-inline` with one invalid part is dropped whole, as browsers drop it.
    private mutating func applyPhysical(_ physical: [(String, String)], of declaration: Declaration, parent: ComputedStyle,
                                        rootFontSize: Double, userAgent: ComputedStyle?) {
        if physical.count > 1 {
            let valid = physical.allSatisfy { name, value in
                LogicalProperties.accepts(name, value, fontSize: fontSize, rootFontSize: rootFontSize, color: color)
            }
            guard valid else { return }
        }
        for (name, value) in physical {
            apply(Declaration(name: name, value: value, important: declaration.important), parent: parent, rootFontSize: rootFontSize,
                  userAgent: userAgent)
        }
    }

    /// Units and `currentColor` for background values: this style's font sizes and colour.
    private func backgroundContext(_ rootFontSize: Double) -> GradientParser.Context {
        GradientParser.Context(fontSize: fontSize, rootFontSize: rootFontSize, current: color)
    }

    private static func setSide<T>(of edges: inout Edges<T>, _ property: String, _ value: T) {
        if property.contains("-top") { edges.top = value }
        else if property.contains("-right") { edges.right = value }
        else if property.contains("-bottom") { edges.bottom = value }
        else if property.contains("-left") { edges.left = value }
    }

    private mutating func applyBorderShorthand(_ name: String, _ value: String, rootFontSize: Double) {
        var width: Double = 3, style: BorderStyle = .none, colour: RGBA? = nil
        for part in PropertyValues.components(value) {
            if let s = BorderStyle(rawValue: part.lowercased()) { style = s }
            else if let w = PropertyValues.borderWidth(part, fontSize: fontSize, rootFontSize: rootFontSize) { width = w }
            else if let c = PropertyValues.color(part, current: color) { colour = c }
            else { return }  // an invalid component invalidates the whole declaration
        }
        if name == "border" {
            borderWidth = Edges(width); borderStyle = Edges(style); borderColor = Edges(colour)
        } else {
            Self.setSide(of: &borderWidth, name + "-", width)
            Self.setSide(of: &borderStyle, name + "-", style)
            Self.setSide(of: &borderColor, name + "-", colour)
        }
    }

    private mutating func applyFontShorthand(_ value: String, parent: ComputedStyle, rootFontSize: Double) {
        let parts = PropertyValues.components(value)
        guard let sizeIndex = parts.firstIndex(where: { part in
            let sizePart = PropertyValues.splitAtSlash(part)[0]
            return PropertyValues.fontSize(sizePart, parentSize: parent.fontSize, rootFontSize: rootFontSize) != nil
                && Double(sizePart) == nil
        }), sizeIndex + 1 < parts.count else { return }
        var newStyle = self
        // The shorthand resets every font longhand it can set; `small-caps` is the one variant it takes.
        newStyle.italic = false; newStyle.fontWeight = 400; newStyle.lineHeight = .normal
        newStyle.fontVariantCaps = .normal; newStyle.fontFeatures.numeric = ComputedStyle().fontFeatures.numeric
        newStyle.fontSizeAdjust = nil
        for part in parts[..<sizeIndex] {
            let k = part.lowercased()
            if k == "italic" || k == "oblique" { newStyle.italic = true }
            else if k == "small-caps" { newStyle.fontVariantCaps = .smallCaps }
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
