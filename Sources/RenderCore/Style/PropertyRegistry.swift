/// Every CSS property the engine supports, declared once: its name and aliases, whether it
/// inherits, its longhands if it is a shorthand, and how its computed value is copied from
/// another style. Derived from it, and from nothing else:
/// - the global keywords `inherit`, `initial`, `unset` and `revert` on every property and
///   shorthand (`applyGlobalKeyword`);
/// - the set of properties the engine knows (`ComputedStyle.apply`'s answer, so `@supports`
///   and `UnsupportedFeatures`);
/// - which properties inherit (the start of a child's style, `inheritedForChild`, and the
///   `unset` a failed `var()` substitution leaves, `CustomProperties`).
/// Each property's value is parsed by its arm in `ComputedStyle.apply` (ApplyDeclaration.swift).
/// Flow-relative properties (`margin-inline-start`…) are not here: they stand for physical ones
/// (`LogicalProperties`).
struct CSSProperty: Sendable {
    /// Copies this longhand's computed value from `source` into the style (for a shorthand:
    /// every longhand's). A plain function, no state: nothing is allocated when it runs.
    typealias Copy = @Sendable (_ style: inout ComputedStyle, _ source: ComputedStyle) -> Void

    let name: String
    /// Other names of the same property (`-webkit-` spellings WebKit keeps, legacy names).
    let aliases: [String]
    /// Longhands only; a shorthand inherits as its longhands do.
    let inherited: Bool
    /// The longhands a shorthand sets, by name; empty for a longhand.
    let longhands: [String]
    let copy: Copy?
    /// A valid value that differs from the initial one (documents the property; the tests
    /// walk the registry with it). nil when no computed value shows it (`color-scheme`).
    let example: String?

    var isShorthand: Bool { !longhands.isEmpty }

    static func longhand(_ name: String, aliases: [String] = [], inherited: Bool = false, example: String?,
                         copy: @escaping Copy) -> CSSProperty {
        CSSProperty(name: name, aliases: aliases, inherited: inherited, longhands: [], copy: copy, example: example)
    }

    static func shorthand(_ name: String, aliases: [String] = [], _ longhands: [String], example: String?) -> CSSProperty {
        CSSProperty(name: name, aliases: aliases, inherited: false, longhands: longhands, copy: nil, example: example)
    }
}

/// A longhand as the global keywords use it: whether it inherits and how it is copied.
struct LonghandCopy: Sendable {
    let inherited: Bool
    let copy: CSSProperty.Copy
}

/// `inherit`, `initial`, `unset`, `revert` (and `revert-layer`, taken as `revert`: the engine
/// keeps no layers' values apart), valid on every property (CSS Cascade 4 §7.3).
enum GlobalKeyword: Sendable {
    case inherit, initial, unset, revert

    /// Whether a declared value is `revert` (or `revert-layer`), cheaply: the cascade asks
    /// of every author declaration.
    static func isRevert(_ value: String) -> Bool {
        guard let first = value.utf8.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }),
              first == UInt8(ascii: "r") || first == UInt8(ascii: "R"), value.utf8.count <= 64 else { return false }
        return GlobalKeyword(value.trimmingWhitespaces().lowercased()) == .revert
    }

    init?(_ keyword: String) {
        switch keyword {
        case "inherit": self = .inherit
        case "initial": self = .initial
        case "unset": self = .unset
        case "revert", "revert-layer": self = .revert
        default: return nil
        }
    }
}

enum PropertyRegistry {
    struct Entry: Sendable {
        let property: CSSProperty
        /// The longhands a declaration of it sets: itself for a longhand.
        let longhands: [LonghandCopy]
    }

    /// Every name and alias, to its entry.
    static let byName: [String: Entry] = {
        var longhandCopies: [String: LonghandCopy] = [:]
        for property in all where !property.isShorthand {
            longhandCopies[property.name] = LonghandCopy(inherited: property.inherited, copy: property.copy!)
        }
        var entries: [String: Entry] = [:]
        for property in all {
            let parts = property.isShorthand ? property.longhands.map { longhandCopies[$0]! } : [longhandCopies[property.name]!]
            let entry = Entry(property: property, longhands: parts)
            for name in [property.name] + property.aliases {
                precondition(entries[name] == nil, "\(name) is declared twice")
                entries[name] = entry
            }
        }
        return entries
    }()

    /// The entry for a property name, its aliases included, and WebKit's `-webkit-` spelling
    /// of any of them (`-webkit-opacity`); nil for a property the engine does not know.
    static func entry(_ name: String) -> Entry? {
        if let entry = byName[name] { return entry }
        guard let standard = WebKitProperties.standardName(aliasedBy: name) else { return nil }
        return byName[standard]
    }

    /// Whether the engine parses the property (flow-relative ones included).
    static func knows(_ name: String) -> Bool {
        entry(name) != nil || LogicalProperties.handles(name) || flowRelativeStandardName(aliasedBy: name) != nil
    }

    /// The flow-relative property a `-webkit-` name spells that `LogicalProperties` does not
    /// map itself; nil for other names.
    static func flowRelativeStandardName(aliasedBy name: String) -> String? {
        guard let standard = WebKitProperties.standardName(aliasedBy: name), LogicalProperties.handles(standard) else { return nil }
        return standard
    }

    /// Whether a property inherits (a shorthand: whether all its longhands do).
    static func inherits(_ name: String) -> Bool {
        guard let entry = entry(name) else { return false }
        return entry.longhands.allSatisfy(\.inherited)
    }

    /// The copies of every inherited longhand, for the start of a child's style.
    static let inheritedLonghands: [CSSProperty.Copy] = all.filter { !$0.isShorthand && $0.inherited }.map { $0.copy! }

    static let all: [CSSProperty] = boxModel + sizing + backgrounds + borders + fonts + text + generatedContent
        + positioning + effects + flexAndGrid + multiColumn + tables

    // MARK: Box model

    static let sides = ["top", "right", "bottom", "left"]

    private static let boxModel: [CSSProperty] = [
        .longhand("display", example: "flex") { $0.display = $1.display; $0.flex.isLegacyBox = $1.flex.isLegacyBox },
        .shorthand("margin", sides.map { "margin-\($0)" }, example: "1px 2px"),
        .longhand("margin-top", example: "1px") { $0.margin.top = $1.margin.top },
        .longhand("margin-right", example: "1px") { $0.margin.right = $1.margin.right },
        .longhand("margin-bottom", example: "1px") { $0.margin.bottom = $1.margin.bottom },
        .longhand("margin-left", example: "1px") { $0.margin.left = $1.margin.left },
        .shorthand("padding", sides.map { "padding-\($0)" }, example: "1px 2px"),
        .longhand("padding-top", example: "1px") { $0.padding.top = $1.padding.top },
        .longhand("padding-right", example: "1px") { $0.padding.right = $1.padding.right },
        .longhand("padding-bottom", example: "1px") { $0.padding.bottom = $1.padding.bottom },
        .longhand("padding-left", example: "1px") { $0.padding.left = $1.padding.left },
        .longhand("box-sizing", example: "border-box") { $0.borderBoxSizing = $1.borderBoxSizing },
        .longhand("float", example: "left") { $0.floating = $1.floating },
        .longhand("clear", example: "both") { $0.clear = $1.clear },
        .shorthand("overflow", ["overflow-x", "overflow-y"], example: "hidden"),
        .longhand("overflow-x", example: "hidden") { $0.overflowX = $1.overflowX },
        .longhand("overflow-y", example: "hidden") { $0.overflowY = $1.overflowY },
        .longhand("visibility", inherited: true, example: "hidden") { $0.visibilityHidden = $1.visibilityHidden },
        .longhand("appearance", aliases: ["-webkit-appearance"], example: "none") { $0.appearanceNone = $1.appearanceNone },
        .longhand("color-scheme", aliases: ["supported-color-schemes"], inherited: true, example: nil) { _, _ in
            // The root's decides the page's scheme (`Cascade`, `ColorScheme.of`); no element keeps it.
        },
    ]

    private static let sizing: [CSSProperty] = [
        .longhand("width", example: "10px") { $0.width = $1.width; $0.sizingKeywords.width = $1.sizingKeywords.width },
        .longhand("height", example: "10px") { $0.height = $1.height; $0.sizingKeywords.height = $1.sizingKeywords.height },
        .longhand("min-width", example: "10px") { $0.minWidth = $1.minWidth; $0.sizingKeywords.minWidth = $1.sizingKeywords.minWidth },
        .longhand("max-width", example: "10px") { $0.maxWidth = $1.maxWidth; $0.sizingKeywords.maxWidth = $1.sizingKeywords.maxWidth },
        .longhand("min-height", example: "10px") {
            $0.minHeight = $1.minHeight; $0.sizingKeywords.minHeight = $1.sizingKeywords.minHeight
        },
        .longhand("max-height", example: "10px") {
            $0.maxHeight = $1.maxHeight; $0.sizingKeywords.maxHeight = $1.sizingKeywords.maxHeight
        },
        .longhand("aspect-ratio", example: "2 / 1") { $0.aspectRatio = $1.aspectRatio },
        .longhand("object-fit", example: "cover") { $0.objectFit = $1.objectFit },
        .longhand("object-position", example: "left top") { $0.objectPosition = $1.objectPosition },
    ]

    // MARK: Backgrounds and borders

    private static let backgrounds: [CSSProperty] = [
        .shorthand("background", ["background-color", "background-image", "background-position", "background-size",
                                  "background-repeat", "background-clip", "background-origin", "background-blend-mode"],
                   example: "red url(a.png) no-repeat"),
        .longhand("background-color", example: "red") { $0.backgroundColor = $1.backgroundColor },
        .longhand("background-image", example: "url(a.png)") { $0.background.images = $1.background.images },
        // The two axes are kept together, as one list of positions.
        .longhand("background-position", example: "right bottom") { $0.background.positions = $1.background.positions },
        .longhand("background-position-x", example: "right") { $0.background.positions = $1.background.positions },
        .longhand("background-position-y", example: "bottom") { $0.background.positions = $1.background.positions },
        .longhand("background-size", aliases: ["-webkit-background-size"], example: "cover") { $0.background.sizes = $1.background.sizes },
        .longhand("background-repeat", example: "no-repeat") { $0.background.repeats = $1.background.repeats },
        .longhand("background-clip", aliases: ["-webkit-background-clip"], example: "content-box") {
            $0.background.clips = $1.background.clips
        },
        .longhand("background-origin", aliases: ["-webkit-background-origin"], example: "content-box") {
            $0.background.origins = $1.background.origins
        },
        .longhand("background-blend-mode", example: "multiply") { $0.background.blendModes = $1.background.blendModes },
        .longhand("background-attachment", example: "fixed") { $0.backgroundAttachment = $1.backgroundAttachment },
        .longhand("box-shadow", aliases: ["-webkit-box-shadow"], example: "1px 1px red") { $0.boxShadows = $1.boxShadows },
    ]

    private static let borders: [CSSProperty] = {
        var properties: [CSSProperty] = [
            .shorthand("border", sides.flatMap { side in ["width", "style", "color"].map { "border-\(side)-\($0)" } },
                       example: "1px solid red"),
            .shorthand("border-width", sides.map { "border-\($0)-width" }, example: "1px"),
            .shorthand("border-style", sides.map { "border-\($0)-style" }, example: "solid"),
            .shorthand("border-color", sides.map { "border-\($0)-color" }, example: "red"),
        ]
        let sideKeys: [WritableKeyPath<Edges<Double>, Double> & Sendable] = [\.top, \.right, \.bottom, \.left]
        for (index, side) in sides.enumerated() {
            let key = sideKeys[index]
            properties.append(.shorthand("border-\(side)", ["width", "style", "color"].map { "border-\(side)-\($0)" },
                                         example: "1px solid red"))
            properties.append(.longhand("border-\(side)-width", example: "1px") { $0.borderWidth[keyPath: key] = $1.borderWidth[keyPath: key] })
        }
        properties += [
            .longhand("border-top-style", example: "solid") { $0.borderStyle.top = $1.borderStyle.top },
            .longhand("border-right-style", example: "solid") { $0.borderStyle.right = $1.borderStyle.right },
            .longhand("border-bottom-style", example: "solid") { $0.borderStyle.bottom = $1.borderStyle.bottom },
            .longhand("border-left-style", example: "solid") { $0.borderStyle.left = $1.borderStyle.left },
            .longhand("border-top-color", example: "red") { $0.borderColor.top = $1.borderColor.top },
            .longhand("border-right-color", example: "red") { $0.borderColor.right = $1.borderColor.right },
            .longhand("border-bottom-color", example: "red") { $0.borderColor.bottom = $1.borderColor.bottom },
            .longhand("border-left-color", example: "red") { $0.borderColor.left = $1.borderColor.left },
            .shorthand("border-radius", aliases: ["-webkit-border-radius", "-moz-border-radius"],
                       ["border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"],
                       example: "4px"),
            .longhand("border-top-left-radius", example: "4px") { $0.borderRadius.top = $1.borderRadius.top },
            .longhand("border-top-right-radius", example: "4px") { $0.borderRadius.right = $1.borderRadius.right },
            .longhand("border-bottom-right-radius", example: "4px") { $0.borderRadius.bottom = $1.borderRadius.bottom },
            .longhand("border-bottom-left-radius", example: "4px") { $0.borderRadius.left = $1.borderRadius.left },
            .shorthand("border-image", aliases: ["-webkit-border-image"],
                       ["border-image-source", "border-image-slice", "border-image-width", "border-image-outset", "border-image-repeat"],
                       example: "url(a.png) 30 round"),
            .longhand("border-image-source", example: "url(a.png)") { $0.borderImage.source = $1.borderImage.source },
            .longhand("border-image-slice", example: "30 fill") {
                $0.borderImage.slice = $1.borderImage.slice; $0.borderImage.fill = $1.borderImage.fill
            },
            .longhand("border-image-width", example: "2") { $0.borderImage.width = $1.borderImage.width },
            .longhand("border-image-outset", example: "2px") { $0.borderImage.outset = $1.borderImage.outset },
            .longhand("border-image-repeat", example: "round") {
                $0.borderImage.repeatX = $1.borderImage.repeatX; $0.borderImage.repeatY = $1.borderImage.repeatY
            },
            .shorthand("outline", ["outline-width", "outline-style", "outline-color", "outline-offset"], example: "1px solid red"),
            .longhand("outline-width", example: "1px") { $0.outline.width = $1.outline.width },
            .longhand("outline-style", example: "dashed") { $0.outline.style = $1.outline.style; $0.outline.isAuto = $1.outline.isAuto },
            .longhand("outline-color", example: "red") { $0.outline.color = $1.outline.color },
            .longhand("outline-offset", example: "2px") { $0.outline.offset = $1.outline.offset },
        ]
        return properties
    }()

    // MARK: Fonts and text

    private static let fonts: [CSSProperty] = [
        .shorthand("font", ["font-style", "font-variant-caps", "font-weight", "font-size", "line-height", "font-family",
                            "font-variant-numeric", "font-size-adjust"], example: "italic bold 20px/2 monospace"),
        .longhand("font-family", inherited: true, example: "monospace") {
            $0.fontFamilies = $1.fontFamilies; $0.fontFaceFamilies = $1.fontFaceFamilies
        },
        .longhand("font-size", inherited: true, example: "20px") { $0.fontSize = $1.fontSize; $0.fontSizeOrigin = $1.fontSizeOrigin },
        .longhand("font-weight", inherited: true, example: "bold") { $0.fontWeight = $1.fontWeight },
        .longhand("font-style", inherited: true, example: "italic") { $0.italic = $1.italic },
        .longhand("line-height", inherited: true, example: "2") { $0.lineHeight = $1.lineHeight },
        .shorthand("font-variant", ["font-variant-caps", "font-variant-numeric"], example: "small-caps"),
        .longhand("font-variant-caps", inherited: true, example: "small-caps") { $0.fontVariantCaps = $1.fontVariantCaps },
        .longhand("font-variant-numeric", inherited: true, example: "tabular-nums") { $0.fontFeatures.numeric = $1.fontFeatures.numeric },
        .longhand("font-kerning", inherited: true, example: "none") { $0.fontFeatures.kerningOff = $1.fontFeatures.kerningOff },
        .longhand("font-feature-settings", aliases: ["-webkit-font-feature-settings"], inherited: true, example: "\"liga\" 0") {
            $0.fontFeatures.settings = $1.fontFeatures.settings
        },
        .longhand("font-size-adjust", inherited: true, example: "0.5") { $0.fontSizeAdjust = $1.fontSizeAdjust },
        .longhand("font-synthesis", inherited: true, example: "none") { $0.fontSynthesis = $1.fontSynthesis },
    ]

    private static let text: [CSSProperty] = [
        .longhand("color", inherited: true, example: "red") { $0.color = $1.color },
        .longhand("direction", inherited: true, example: "rtl") { $0.direction = $1.direction },
        .longhand("unicode-bidi", example: "isolate") { $0.unicodeBidi = $1.unicodeBidi },
        .longhand("writing-mode", aliases: ["-webkit-writing-mode"], inherited: true, example: "vertical-rl") {
            $0.writingMode = $1.writingMode
        },
        .longhand("text-orientation", aliases: ["-webkit-text-orientation"], inherited: true, example: "sideways") {
            $0.textOrientation = $1.textOrientation
        },
        // The legacy `-webkit-center` values move block children too (`blockAlign`).
        .longhand("text-align", inherited: true, example: "-webkit-center") { $0.textAlign = $1.textAlign; $0.blockAlign = $1.blockAlign },
        .longhand("text-align-last", inherited: true, example: "right") { $0.textAlignLast = $1.textAlignLast },
        .longhand("text-indent", inherited: true, example: "2em") { $0.textIndent = $1.textIndent },
        .longhand("text-transform", inherited: true, example: "uppercase") { $0.textTransform = $1.textTransform },
        .longhand("text-shadow", inherited: true, example: "1px 1px red") { $0.textShadows = $1.textShadows },
        .longhand("letter-spacing", inherited: true, example: "2px") { $0.letterSpacing = $1.letterSpacing },
        .longhand("word-spacing", inherited: true, example: "2px") { $0.wordSpacing = $1.wordSpacing },
        .longhand("hyphens", aliases: ["-webkit-hyphens"], inherited: true, example: "none") { $0.hyphens = $1.hyphens },
        .longhand("tab-size", aliases: ["-moz-tab-size"], inherited: true, example: "4") { $0.tabSize = $1.tabSize },
        // `white-space` is kept as one value; its two longhands copy their half of it.
        .longhand("white-space", inherited: true, example: "pre") { $0.whiteSpace = $1.whiteSpace },
        .longhand("white-space-collapse", inherited: true, example: "preserve") {
            $0.whiteSpace = WhiteSpace(collapse: $1.whiteSpace.collapse, wraps: $0.whiteSpace.wraps) ?? $0.whiteSpace
        },
        .longhand("text-wrap-mode", inherited: true, example: "nowrap") {
            $0.whiteSpace = WhiteSpace(collapse: $0.whiteSpace.collapse, wraps: $1.whiteSpace.wraps) ?? $0.whiteSpace
        },
        // `text-wrap-style` (balance, pretty…) is taken and not drawn differently.
        .shorthand("text-wrap", ["text-wrap-mode"], example: "nowrap"),
        .longhand("word-break", inherited: true, example: "break-all") { $0.setWordBreaking(wordBreak: $1.wordBreakProperty) },
        .longhand("overflow-wrap", aliases: ["word-wrap"], inherited: true, example: "anywhere") {
            $0.setWordBreaking(overflowWrap: $1.overflowWrapProperty)
        },
        .longhand("vertical-align", example: "middle") { $0.verticalAlign = $1.verticalAlign },
        .longhand("text-overflow", example: "ellipsis") { $0.textOverflowEllipsis = $1.textOverflowEllipsis },
        .shorthand("text-decoration", ["text-decoration-line", "text-decoration-style", "text-decoration-color", "text-decoration-thickness"],
                   example: "underline dotted red"),
        // What is drawn (`decorations`) also counts the ancestors' lines: see `applyGlobalKeyword`.
        .longhand("text-decoration-line", aliases: ["-webkit-text-decoration-line"], example: "underline") {
            $0.textDecorationLine = $1.textDecorationLine
        },
        .longhand("text-decoration-style", example: "dotted") { $0.declaredDecoration.style = $1.declaredDecoration.style },
        .longhand("text-decoration-color", aliases: ["-webkit-text-decoration-color"], example: "red") {
            $0.declaredDecoration.color = $1.declaredDecoration.color
        },
        .longhand("text-decoration-thickness", example: "3px") { $0.declaredDecoration.thickness = $1.declaredDecoration.thickness },
        .longhand("text-underline-offset", inherited: true, example: "3px") { $0.underlineOffset = $1.underlineOffset },
    ]

    private static let generatedContent: [CSSProperty] = [
        .longhand("content", example: "\"x\"") { $0.generated.content = $1.generated.content },
        .longhand("counter-reset", example: "a") { $0.generated.counterReset = $1.generated.counterReset },
        .longhand("counter-increment", example: "a") {
            $0.generated.counterIncrement = $1.generated.counterIncrement
            $0.generated.incrementDeclared = $1.generated.incrementDeclared
        },
        .longhand("counter-set", example: "a 2") { $0.generated.counterSet = $1.generated.counterSet },
        .longhand("quotes", inherited: true, example: "\"a\" \"b\"") { $0.generated.quotes = $1.generated.quotes },
        .shorthand("list-style", ["list-style-type", "list-style-image", "list-style-position"], example: "square inside"),
        .longhand("list-style-type", inherited: true, example: "square") { $0.listStyle = $1.listStyle },
        .longhand("list-style-image", inherited: true, example: "url(a.png)") { $0.generated.listStyleImage = $1.generated.listStyleImage },
        .longhand("list-style-position", inherited: true, example: "inside") {
            $0.generated.listStyleInside = $1.generated.listStyleInside
        },
    ]

    // MARK: Positioning and effects

    private static let positioning: [CSSProperty] = [
        .longhand("position", example: "relative") { $0.position = $1.position },
        .longhand("top", example: "1px") { $0.positioning.offsets.top = $1.positioning.offsets.top },
        .longhand("right", example: "1px") { $0.positioning.offsets.right = $1.positioning.offsets.right },
        .longhand("bottom", example: "1px") { $0.positioning.offsets.bottom = $1.positioning.offsets.bottom },
        .longhand("left", example: "1px") { $0.positioning.offsets.left = $1.positioning.offsets.left },
        .longhand("z-index", example: "2") { $0.positioning.zIndex = $1.positioning.zIndex },
        .longhand("clip", example: "rect(1px, 2px, 3px, 4px)") { $0.positioning.clip = $1.positioning.clip },
    ]

    private static let effects: [CSSProperty] = [
        .longhand("opacity", example: "0.5") { $0.opacity = $1.opacity },
        .longhand("transform", aliases: ["-webkit-transform"], example: "rotate(10deg)") { $0.transform = $1.transform },
        .longhand("transform-origin", aliases: ["-webkit-transform-origin"], example: "left top") {
            $0.transformOrigin = $1.transformOrigin
        },
        .longhand("filter", aliases: ["-webkit-filter"], example: "blur(2px)") { $0.filters = $1.filters },
        .longhand("backdrop-filter", aliases: ["-webkit-backdrop-filter"], example: "blur(2px)") { $0.backdropFilters = $1.backdropFilters },
        .longhand("mix-blend-mode", example: "multiply") { $0.blendMode = $1.blendMode },
        .longhand("clip-path", aliases: ["-webkit-clip-path"], example: "circle(50%)") { $0.clipPath = $1.clipPath },
        // Only the mask's image is drawn (its position, size, repeat: their initial values).
        .longhand("mask-image", aliases: ["-webkit-mask-image"], example: "linear-gradient(red, blue)") { $0.maskImage = $1.maskImage },
        .shorthand("mask", aliases: ["-webkit-mask"], ["mask-image"], example: "linear-gradient(red, blue)"),
    ]

    // MARK: Flex, grid and multi-column layout

    /// The box-alignment properties serve flex and grid containers, each layout its own form.
    private static func flexAndGridLonghand(_ name: String, aliases: [String] = [], example: String) -> CSSProperty {
        .longhand(name, aliases: aliases, example: example) { style, source in
            GridValueParser.reset(name, to: &style.grid, from: source.grid)
            style.flex.reset(name, from: source.flex)
        }
    }
    private static func flexLonghand(_ name: String, aliases: [String] = [], example: String) -> CSSProperty {
        .longhand(name, aliases: aliases, example: example) { $0.flex.reset(name, from: $1.flex) }
    }
    private static func gridLonghand(_ name: String, example: String) -> CSSProperty {
        .longhand(name, example: example) { GridValueParser.reset(name, to: &$0.grid, from: $1.grid) }
    }

    private static let flexAndGrid: [CSSProperty] = [
        flexLonghand("flex-direction", aliases: ["-webkit-flex-direction"], example: "column"),
        flexLonghand("flex-wrap", aliases: ["-webkit-flex-wrap"], example: "wrap"),
        .shorthand("flex-flow", aliases: ["-webkit-flex-flow"], ["flex-direction", "flex-wrap"], example: "column wrap"),
        flexLonghand("flex-grow", aliases: ["-webkit-flex-grow"], example: "2"),
        flexLonghand("flex-shrink", aliases: ["-webkit-flex-shrink"], example: "2"),
        flexLonghand("flex-basis", aliases: ["-webkit-flex-basis"], example: "10px"),
        .shorthand("flex", aliases: ["-webkit-flex"], ["flex-grow", "flex-shrink", "flex-basis"], example: "2 2 10px"),
        flexLonghand("order", aliases: ["-webkit-order"], example: "2"),
        // WebKit's old flexbox (`display: -webkit-box`), kept in the flex values.
        flexLonghand("-webkit-box-orient", example: "vertical"),
        flexLonghand("-webkit-box-direction", example: "reverse"),
        flexLonghand("-webkit-box-pack", example: "center"),
        flexLonghand("-webkit-box-align", example: "center"),
        flexLonghand("-webkit-box-flex", example: "2"),
        flexLonghand("-webkit-box-ordinal-group", example: "2"),
        flexAndGridLonghand("justify-content", aliases: ["-webkit-justify-content"], example: "center"),
        flexAndGridLonghand("align-content", aliases: ["-webkit-align-content"], example: "center"),
        flexAndGridLonghand("align-items", aliases: ["-webkit-align-items"], example: "center"),
        flexAndGridLonghand("align-self", aliases: ["-webkit-align-self"], example: "center"),
        gridLonghand("justify-items", example: "center"),
        gridLonghand("justify-self", example: "center"),
        .shorthand("place-items", ["align-items", "justify-items"], example: "center"),
        .shorthand("place-self", ["align-self", "justify-self"], example: "center"),
        .shorthand("place-content", ["align-content", "justify-content"], example: "center"),
        .shorthand("gap", aliases: ["grid-gap"], ["row-gap", "column-gap"], example: "2px 4px"),
        .longhand("row-gap", aliases: ["grid-row-gap"], example: "2px") { $0.rowGap = $1.rowGap },
        .longhand("column-gap", aliases: ["grid-column-gap"], example: "2px") { $0.columnGap = $1.columnGap },
        gridLonghand("grid-template-columns", example: "1fr 2fr"),
        gridLonghand("grid-template-rows", example: "1fr 2fr"),
        gridLonghand("grid-template-areas", example: "\"a b\""),
        .shorthand("grid-template", ["grid-template-rows", "grid-template-columns", "grid-template-areas"], example: "1fr / 2fr"),
        gridLonghand("grid-auto-columns", example: "10px"),
        gridLonghand("grid-auto-rows", example: "10px"),
        gridLonghand("grid-auto-flow", example: "column dense"),
        .shorthand("grid", ["grid-template-rows", "grid-template-columns", "grid-template-areas", "grid-auto-rows",
                            "grid-auto-columns", "grid-auto-flow"], example: "1fr / 2fr"),
        gridLonghand("grid-row-start", example: "2"),
        gridLonghand("grid-row-end", example: "3"),
        gridLonghand("grid-column-start", example: "2"),
        gridLonghand("grid-column-end", example: "3"),
        .shorthand("grid-row", ["grid-row-start", "grid-row-end"], example: "2 / 3"),
        .shorthand("grid-column", ["grid-column-start", "grid-column-end"], example: "2 / 3"),
        .shorthand("grid-area", ["grid-row-start", "grid-column-start", "grid-row-end", "grid-column-end"], example: "2 / 3"),
    ]

    private static func columnLonghand(_ name: String, example: String) -> CSSProperty {
        .longhand(name, example: example) { MultiColumnParser.reset(name, to: &$0.multiColumn, from: $1.multiColumn) }
    }

    private static let multiColumn: [CSSProperty] = [
        .shorthand("columns", ["column-width", "column-count"], example: "2 100px"),
        columnLonghand("column-count", example: "2"),
        columnLonghand("column-width", example: "100px"),
        .shorthand("column-rule", ["column-rule-width", "column-rule-style", "column-rule-color"], example: "1px solid red"),
        columnLonghand("column-rule-width", example: "1px"),
        columnLonghand("column-rule-style", example: "solid"),
        columnLonghand("column-rule-color", example: "red"),
        columnLonghand("column-span", example: "all"),
        columnLonghand("column-fill", example: "auto"),
    ]

    private static let tables: [CSSProperty] = [
        .longhand("table-layout", example: "fixed") { $0.tableLayoutFixed = $1.tableLayoutFixed },
        .longhand("border-collapse", inherited: true, example: "collapse") { $0.borderCollapse = $1.borderCollapse },
        .longhand("border-spacing", inherited: true, example: "2px 4px") { $0.borderSpacing = $1.borderSpacing },
        .longhand("caption-side", inherited: true, example: "bottom") { $0.captionAtBottom = $1.captionAtBottom },
    ]
}

extension ComputedStyle {
    /// `inherit`, `initial`, `unset` or `revert` on a property or shorthand: each longhand
    /// copied from the parent, a fresh style, or `userAgent` (the element's style from the
    /// user-agent sheet alone; nil where there is none to go back to, when `revert` is `unset`).
    mutating func applyGlobalKeyword(_ keyword: GlobalKeyword, to entry: PropertyRegistry.Entry, parent: ComputedStyle,
                                     userAgent: ComputedStyle?) {
        let initial = ComputedStyle.initialStyle
        for longhand in entry.longhands {
            switch keyword {
            case .inherit: longhand.copy(&self, parent)
            case .initial: longhand.copy(&self, initial)
            case .unset: longhand.copy(&self, longhand.inherited ? parent : initial)
            case .revert:
                if let userAgent { longhand.copy(&self, userAgent) }
                else { longhand.copy(&self, longhand.inherited ? parent : initial) }
            }
        }
        // The lines drawn are the element's and its ancestors' (as `apply` sets them).
        let name = entry.property.name
        if name == "text-decoration" || name == "text-decoration-line" { decorations = parent.decorations.union(textDecorationLine) }
    }

    /// Initial values, made once.
    static let initialStyle = ComputedStyle()
}
