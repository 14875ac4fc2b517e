/// The styled values layout and paint read for one element, with lengths resolved to CSS px
/// except percentages, which need the containing block's width.
public enum Display: String, Sendable {
    case none, block, inline, inlineBlock = "inline-block", listItem = "list-item"
    case table, inlineTable = "inline-table", tableRow = "table-row", tableCell = "table-cell"
    case tableRowGroup = "table-row-group", tableHeaderGroup = "table-header-group"
    case tableFooterGroup = "table-footer-group", tableColumn = "table-column"
    case tableColumnGroup = "table-column-group", tableCaption = "table-caption"
    case flex, inlineFlex = "inline-flex", grid, inlineGrid = "inline-grid", flowRoot = "flow-root"
    /// The element has no box; its children take its place (see `DisplayValues`).
    case contents

    /// Boxes that take part in block layout as a block (they start a new line).
    public var isBlockLevel: Bool {
        switch self {
        case .inline, .inlineBlock, .inlineTable, .inlineFlex, .inlineGrid, .none, .contents: return false
        default: return true
        }
    }
    /// Atomic inline-level boxes: a block container (of any inner layout) that sits in a line.
    public var isAtomicInline: Bool {
        switch self {
        case .inlineBlock, .inlineFlex, .inlineGrid: return true
        default: return false
        }
    }
    /// The block-level display of a floated or flex/grid-item box (CSS Display §2.7).
    public var blockified: Display {
        switch self {
        case .inlineTable: return .table
        case .inlineFlex: return .flex
        case .inlineGrid: return .grid
        case .inline, .inlineBlock: return .block
        default: return self
        }
    }
    /// How the box lays out its children, whatever its outer display.
    public enum Inner: Sendable { case flow, flowRoot, flex, grid, table }
    public var inner: Inner {
        switch self {
        case .flex, .inlineFlex: return .flex
        case .grid, .inlineGrid: return .grid
        case .table, .inlineTable: return .table
        case .flowRoot, .inlineBlock: return .flowRoot
        default: return .flow
        }
    }
    public var isTablePart: Bool {
        switch self {
        case .tableRow, .tableCell, .tableRowGroup, .tableHeaderGroup, .tableFooterGroup,
             .tableColumn, .tableColumnGroup, .tableCaption: return true
        default: return false
        }
    }
}

public enum Length: Sendable, Equatable {
    case px(Double)
    case percent(Double)
    case auto
    /// A math function with percentages (`calc(100% - 20px)`, `min(100%, 600px)`), see `CalcExpression`.
    case calc(CalculatedLength)

    /// Resolves against a containing-block length; `auto` resolves to nil.
    public func resolve(_ base: Double) -> Double? {
        switch self {
        case .px(let value): return value
        case .percent(let value): return base * value / 100
        case .auto: return nil
        case .calc(let calculated): return calculated.resolve(base)
        }
    }
    public var isAuto: Bool { self == .auto }
    /// A percentage or a calculation with one: its value waits for the containing block
    /// (WebKit's `isPercentOrCalculated`).
    public var isPercentOrCalc: Bool {
        switch self {
        case .percent, .calc: return true
        case .px, .auto: return false
        }
    }
}

/// `start` and `end` stay logical until layout: an inherited `start` is left in an LTR child
/// and right in an RTL one.
public enum TextAlign: String, Sendable { case left, right, center, justify, start, end }
public enum WhiteSpace: String, Sendable {
    case normal, nowrap, pre, preWrap = "pre-wrap", preLine = "pre-line"

    /// `white-space-collapse`, as this engine keeps it: `collapse`, `preserve` or `preserve-breaks`.
    var collapse: String {
        switch self {
        case .normal, .nowrap: return "collapse"
        case .pre, .preWrap: return "preserve"
        case .preLine: return "preserve-breaks"
        }
    }

    /// `text-wrap-mode`.
    var wraps: Bool { self != .nowrap && self != .pre }

    /// The `white-space` of a `white-space-collapse` and a `text-wrap-mode` (CSS Text 4 §3):
    /// `break-spaces` is kept as `preserve`; nil for an unknown keyword (`preserve-spaces`, which
    /// WebKit does not take either).
    init?(collapse: String, wraps: Bool) {
        switch collapse {
        case "collapse": self = wraps ? .normal : .nowrap
        case "preserve", "break-spaces": self = wraps ? .preWrap : .pre
        case "preserve-breaks": self = wraps ? .preLine : .nowrap
        default: return nil
        }
    }
}
public enum LineHeight: Sendable, Equatable {
    case normal
    case number(Double)   // inherited as the number, multiplied by each element's font size
    case px(Double)
}
public enum BorderStyle: String, Sendable { case none, hidden, solid, dashed, dotted, double, groove, ridge, inset, outset }
public enum VerticalAlign: String, Sendable { case baseline, top, middle, bottom, textTop = "text-top", textBottom = "text-bottom", sub, `super` }
/// `word-break` and `overflow-wrap` folded into what line breaking needs: where it may
/// break inside words, and whether such breaks shrink the min-content width.
public enum WordBreaking: Sendable, Equatable {
    case normal
    /// `overflow-wrap: break-word`: break a word only when it cannot fit; min-content unchanged.
    case breakWordWhenNeeded
    /// `overflow-wrap: anywhere` or `word-break: break-word`: as above, and min-content counts it.
    case anywhere
    /// `word-break: break-all`: break between any two letters.
    case breakAll

    /// How freely it breaks inside words, from `normal` up.
    var permissiveness: Int {
        switch self {
        case .normal: return 0
        case .breakWordWhenNeeded: return 1
        case .anywhere: return 2
        case .breakAll: return 3
        }
    }
}

public enum FloatSide: String, Sendable { case none, left, right, both }
extension FloatSide {
    /// A `float`/`clear` keyword; `inline-start` and `inline-end` are the sides the element's
    /// direction makes them (the cascade applies `direction` first).
    init?(_ keyword: String, direction: TextDirection) {
        switch keyword {
        case "inline-start": self = direction.isRightToLeft ? .right : .left
        case "inline-end": self = direction.isRightToLeft ? .left : .right
        default: self.init(rawValue: keyword)
        }
    }
}
public enum TextTransform: String, Sendable { case none, uppercase, lowercase, capitalize }
public enum Hyphens: String, Sendable { case none, manual, auto }
public enum TabSize: Sendable, Equatable {
    case spaces(Double)
    case px(Double)
}

public struct TextDecorations: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let underline = TextDecorations(rawValue: 1)
    public static let overline = TextDecorations(rawValue: 2)
    public static let lineThrough = TextDecorations(rawValue: 4)
}

public struct ComputedStyle: Sendable {
    // Box
    public var display: Display = .inline
    public var margin = Edges<Length>(.px(0))
    public var padding = Edges<Length>(.px(0))
    public var borderWidth = Edges<Double>(3)          // medium; zero unless a style is set
    public var borderStyle = Edges<BorderStyle>(.none)
    public var borderColor = Edges<RGBA?>(nil)          // nil = currentColor
    public var width: Length = .auto
    public var height: Length = .auto
    /// `auto` (the initial value) is zero except for flex items' automatic minimum size.
    public var minWidth: Length = .auto
    public var maxWidth: Length = .auto                 // auto = none
    public var minHeight: Length = .auto
    public var maxHeight: Length = .auto
    public var borderBoxSizing = false
    /// `aspect-ratio` (not inherited).
    public var aspectRatio = AspectRatio()
    /// `min-content`, `max-content`, `fit-content` sizes (not inherited; see `SizingValues`).
    public var sizingKeywords = SizingKeywords()
    public var backgroundColor: RGBA = .transparent
    /// The background layers (images, gradients) and their per-layer lists.
    public var background = BackgroundLayers()
    /// How an image fills its content box (not inherited).
    public var objectFit: ObjectFit = .fill
    public var objectPosition = ObjectPosition()
    public var boxShadows: [BoxShadow] = []
    public var verticalAlign: VerticalAlign = .baseline
    /// `overflow-x` and `overflow-y` as declared (see `computedOverflow`; not inherited).
    public var overflowX: Overflow = .visible
    public var overflowY: Overflow = .visible
    /// `text-overflow: ellipsis` (not inherited): a line that overflows a box whose overflow
    /// is clipped ends in "…" (see `InlineLayout`).
    public var textOverflowEllipsis = false
    public var tableLayoutFixed = false
    /// `row-gap` and `column-gap` (flex, grid, multi-column; not inherited); nil = `normal`
    /// (zero in flex and grid, 1em between columns).
    public var rowGap: Length?
    public var columnGap: Length?
    /// The flexbox properties, container's and item's (see `FlexValues`).
    @OutOfLine public var flex = FlexStyle()
    /// Grid container and grid item values (`GridValues.swift`; not inherited).
    @OutOfLine public var grid = GridStyle()
    /// Multi-column values (`MultiColumnValues.swift`; not inherited).
    @OutOfLine public var multiColumn = MultiColumnStyle()
    public var borderImage = BorderImage()
    public var outline = Outline()
    /// Corner radii, top-left, top-right, bottom-right, bottom-left, each horizontal and vertical.
    public var borderRadius = Edges<CornerRadius>(CornerRadius(.px(0)))
    public var opacity: Double = 1
    /// The effects that make an element a stacking context (not inherited; see `EffectValues`).
    public var transform: [TransformFunction] = []
    public var transformOrigin = (x: Length.percent(50), y: Length.percent(50))
    public var filters: [FilterFunction] = []
    public var backdropFilters: [FilterFunction] = []
    /// Whether the element's used colour scheme is dark (its `color-scheme`, inherited): system
    /// colours and `light-dark()` resolve by it (`Cascade` sets it, knowing the appearance).
    public var usesDarkScheme = false
    public var blendMode: BlendMode = .normal
    /// `isolation: isolate`, and a `will-change` naming a property that would make a stacking
    /// context: each makes one on its own (as WebKit's RenderStyle::willChangeCreatesStackingContext).
    public var isolates = false
    public var willChangeStacks = false
    public var clipPath: ClipPath?
    /// The mask layers (`mask-image`, `-size`, `-position`, `-repeat`, `-origin`, `-clip`), kept
    /// as background layers are; origin and clip start at the border box.
    public var mask = BackgroundLayers.maskInitial
    /// `position` (not inherited); its offsets, `z-index` and `clip` are in `positioning`.
    public var position: PositionScheme = .static
    @OutOfLine public var positioning = Positioning()
    public var floating: FloatSide = .none
    public var clear: FloatSide = .none
    /// `shape-outside`, `shape-margin`, `shape-image-threshold` (not inherited).
    @OutOfLine public var floatShape = FloatShapeStyle()
    public var textDecorationLine: TextDecorations = []
    /// This element's `text-decoration-style`, `-color` and `-thickness` (not inherited).
    public var declaredDecoration = TextDecorationPaint()
    /// How an inline element takes part in the bidi algorithm (not inherited).
    public var unicodeBidi: UnicodeBidi = .normal
    /// Quirks mode: the margin came from the UA sheet and so collapses away at the top of
    /// `body` and table cells (and the bottom of cells), as browsers do for old mail HTML.
    public var quirkyMarginTop = false
    public var quirkyMarginBottom = false
    /// The element this style was computed for (not inherited: anonymous boxes and generated
    /// text such as list markers and alt text have none). Text painted in it names it.
    public var node: DOMDocument.NodeID?

    // Inherited
    public var color: RGBA = .black
    public var fontFamilies: [String] = ["serif"]
    /// The web fonts (`@font-face`, `--font-dir`) `fontFamilies` names before its first
    /// fixed-set family, best match first, by their private names (`DocumentFonts`).
    public var fontFaceFamilies: [String] = []
    /// `font-stretch` as a percentage (`FontStretch`).
    public var fontStretch: Double = 100
    public var fontSize: Double = 16 {
        didSet {
            if fontSize > ResourceLimits.maximumFontSize {
                fontSize = ResourceLimits.maximumFontSize
                fontSizeClamped = true
            }
        }
    }
    /// Set when a font size above `ResourceLimits.maximumFontSize` was drawn at it (inherited,
    /// so any element tells).
    public var fontSizeClamped = false
    /// How the size was given (inherited), for the monospace font-size quirk.
    var fontSizeOrigin: FontSizeOrigin = .keyword(.medium)
    public var fontWeight: Int = 400
    public var italic = false
    public var lineHeight: LineHeight = .normal
    public var textAlign: TextAlign = .start
    /// The paragraph direction of the boxes this element makes (`dir` maps to it).
    public var direction: TextDirection = .ltr
    /// `writing-mode` and `text-orientation` (see `LogicalProperties`).
    public var writingMode: WritingMode = .horizontalTB
    public var textOrientation: TextOrientation = .mixed
    /// Vertical lines whose letters may stand upright (`vertical-rl`/`-lr`, not sideways) align
    /// on the central baseline; the others on the alphabetic one.
    var alignsOnCentralBaseline: Bool {
        (writingMode == .verticalRL || writingMode == .verticalLR) && textOrientation != .sideways
    }
    /// `text-align-last` (nil: auto, the last line aligned as `text-align` says, start when justified).
    public var textAlignLast: TextAlign?
    /// Set by `-webkit-center` and friends (what `align` and `<center>` map to): block-level
    /// children with zero side margins are aligned too, not just the text.
    public var blockAlign: TextAlign?
    public var whiteSpace: WhiteSpace = .normal
    public var listStyle: ListStyle = .disc
    /// `content`, counters, `quotes` and the rest of `list-style` (see `GeneratedContentValues`).
    public var generated = GeneratedContentStyle()
    public var letterSpacing: Double = 0
    /// `hyphens`: where soft hyphens break (`auto` breaks only there too: no dictionaries).
    public var hyphens: Hyphens = .manual
    /// `widows` and `orphans` (inherited; nil: `auto`): the fewest lines of a block a column
    /// break may leave after it and before it (`MultiColumnLayout.lineOffsets`).
    public var widows: Int?
    public var orphans: Int?
    /// `hyphenate-character` (inherited): what a line broken at a soft hyphen ends in (nil:
    /// `auto`, the hyphen pango inserts).
    public var hyphenateCharacter: String?
    /// `tab-size`: a number of spaces or a length in px.
    public var tabSize: TabSize = .spaces(8)
    /// `word-spacing` in px, added to each space (U+0020, U+00A0).
    public var wordSpacing: Double = 0
    /// `font-variant-caps` (and `font-variant`'s small-caps).
    public var fontVariantCaps: FontVariantCaps = .normal
    /// `font-size-adjust` (nil: none); the used size is `FontSet.usedFontSize`.
    public var fontSizeAdjust: FontSizeAdjust?
    /// Set on the style of synthesized small capitals (SmallCapsSynthesis): the element's own
    /// font size, whose font the line box is built from, as WebKit keeps one text run.
    public var smallCapsOfFontSize: Double?
    /// OpenType features from `font-variant-numeric`, `font-kerning` and
    /// `font-feature-settings`.
    public var fontFeatures = FontFeatures()
    /// `text-shadow` layers, first on top (the spread a box shadow has is never set).
    public var textShadows: [BoxShadow] = []
    /// The content language from the nearest `lang` (BCP 47, as written; nil when none):
    /// it picks the Han glyph variant (Japanese, Korean, simplified or traditional Chinese).
    public var language: String?
    public var wordBreak: WordBreaking = .normal
    /// `word-break` and `overflow-wrap` as declared (`wordBreak` folds them together).
    private(set) var wordBreakProperty = "normal", overflowWrapProperty = "normal"

    /// Applies `word-break` or `overflow-wrap` (both inherited) and recomputes `wordBreak`.
    /// `word-break: keep-all`: runs of CJK letters are words, not broken between characters.
    public private(set) var keepsCJKWords = false
    mutating func setWordBreaking(wordBreak property: String? = nil, overflowWrap wrap: String? = nil) {
        if let property { wordBreakProperty = property }
        if let wrap { overflowWrapProperty = wrap }
        keepsCJKWords = wordBreakProperty == "keep-all"
        switch (wordBreakProperty, overflowWrapProperty) {
        case ("break-all", _): wordBreak = .breakAll
        case ("break-word", _), (_, "anywhere"): wordBreak = .anywhere
        case (_, "break-word"): wordBreak = .breakWordWhenNeeded
        default: wordBreak = .normal
        }
    }
    public var textTransform: TextTransform = .none
    public var textIndent: Length = .px(0)
    /// Decorations from this element and its inline ancestors, painted in the colour of the
    /// element that declared them (simplified: the current colour).
    public var decorations: TextDecorations = []
    /// How `decorations` are drawn: as the nearest element that declared lines says.
    public var decorationPaint = TextDecorationPaint()
    /// `text-underline-offset` in px from the baseline (nil: auto, the font's position).
    public var underlineOffset: Double?
    /// `text-underline-position` (inherited).
    public var underlinePosition = UnderlinePosition()
    /// `text-decoration-skip-ink` (inherited): `auto` and `all` (false: `none`), under- and
    /// overlines break where glyphs cross them (`GlyphBandCrossing`, `DecorationDrawing.drawnStretches`).
    public var skipsInk = true
    /// `text-emphasis-style` as the mark it draws (nil: `none`), `-color` (nil: the text's
    /// colour) and `-position`; all inherited (`EmphasisMark` draws them).
    public var emphasisMark: String?
    public var emphasisColor: RGBA?
    public var emphasisPosition = EmphasisPosition()
    public var visibilityHidden = false
    /// `appearance: none` (or `-webkit-appearance`): a form control drawn from its CSS alone.
    public var appearanceNone = false
    public var backgroundAttachment: BackgroundAttachment = .scroll
    public var fontSynthesis = FontSynthesis()
    /// `border-spacing`: between columns, and between rows.
    public var borderSpacing = BorderSpacing()
    /// `border-collapse: collapse` (inherited): the collapsing border model, no spacing.
    public var borderCollapse = false
    /// `caption-side: bottom` (inherited; top is the initial value).
    public var captionAtBottom = false
    /// `accent-color`: the tint of checked boxes and radios, ranges and progress bars (nil:
    /// `auto`, iOS's system blue).
    public var accentColor: RGBA?
    /// `empty-cells: hide`: a cell with nothing in it draws no border or background (separate
    /// borders only).
    public var hidesEmptyCells = false
    /// Quirks and limited-quirks documents: lines without text get no strut.
    public var lineHeightQuirk = false
    /// Custom properties (`--name`, inherited), their `var()`s substituted (`CustomProperties`).
    public var customProperties: [String: String] = [:]

    public init() {}

    /// The style an element's child starts from: inherited properties kept (those the
    /// `PropertyRegistry` says inherit), the rest initial.
    public func inheritedForChild() -> ComputedStyle {
        var child = ComputedStyle()
        for copy in PropertyRegistry.inheritedLonghands { copy(&child, self) }
        // What travels down that is no property of its own.
        child.language = language
        child.lineHeightQuirk = lineHeightQuirk
        child.customProperties = customProperties
        // Decorations propagate to in-flow descendants (CSS Text Decoration §2).
        child.decorations = decorations
        child.decorationPaint = decorationPaint
        return child
    }

    /// `border-spacing` as used: none in the collapsing border model.
    public var usedBorderSpacing: BorderSpacing { borderCollapse ? BorderSpacing() : borderSpacing }

    /// Border widths as used: a side without a visible style has no width.
    public var usedBorder: Edges<Double> {
        func side(_ width: Double, _ style: BorderStyle) -> Double {
            (style == .none || style == .hidden) ? 0 : width
        }
        return Edges(top: side(borderWidth.top, borderStyle.top),
                     right: side(borderWidth.right, borderStyle.right),
                     bottom: side(borderWidth.bottom, borderStyle.bottom),
                     left: side(borderWidth.left, borderStyle.left))
    }

    /// The used line height in px for this element's font. WebKit keeps it in whole pixels,
    /// cut toward zero (1.7 × 14 px gives 23 px lines, 23.9px gives 23); the small allowance
    /// stands for its float arithmetic, where 1.15 × 20 is 23, not 22.999….
    public var usedLineHeight: Double? {
        switch lineHeight {
        case .normal: return nil
        case .number(let factor): return (factor * fontSize + 1e-6).rounded(.towardZero)
        case .px(let value): return (value + 1e-6).rounded(.towardZero)
        }
    }
}

/// `border-spacing: H [V]` (V defaults to H).
public struct BorderSpacing: Sendable, Equatable {
    public var horizontal = 0.0
    public var vertical = 0.0
}
