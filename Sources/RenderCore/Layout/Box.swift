/// A box of the layout tree. Built from the styled DOM by `BoxTreeBuilder`, sized and
/// positioned by the layout passes; a class because layout fills in geometry in place.
final class Box {
    enum Kind {
        case block            // block container (also the root and list items)
        case anonymousBlock   // wraps inline content that sits among block siblings
        case inlineBlock      // atomic inline: a block container inside a line
        case image            // replaced element
        case table, rowGroup, row, cell
    }

    let kind: Kind
    let node: DOMDocument.NodeID?
    /// Set once by the box tree builder (a collapsed table's borders rewrite its cells').
    var style: ComputedStyle
    var children: [Box] = []
    /// Set when this box holds inline content (one inline formatting context).
    var inlineContent: InlineContent?
    /// The list marker of a list item (outside; an inside one is part of the content).
    var marker: ListMarker?
    /// The `::first-line` style and the style of the element it belongs to, on the box that
    /// holds that element's first line.
    var firstLine: (style: ComputedStyle, element: ComputedStyle)?
    /// Image: the intrinsic or attribute size, in px, when known.
    var intrinsicWidth: Double?
    var intrinsicHeight: Double?
    /// Width over height, for an image that has a ratio but lacks a side (an SVG with a
    /// `viewBox` and no `width` or `height`).
    var intrinsicRatio: Double?
    /// Image: the decoded pixels, when the source could be read (local file or data: URI).
    var image: DecodedImage?
    /// Image: the colour of the flat placeholder shown for an image that cannot load.
    var placeholderColor: RGBA?
    /// A form control or embedded content (its image, if any, is a video's poster).
    var control: Control?
    /// Table: a table cell encloses it. Its percentage columns then do not widen the
    /// max-content width its container sees (WebKit's shouldScaleColumnsForParent).
    var isInsideTableCell = false
    /// Table: its `<col>`/`<colgroup>` elements in order, each with the columns it spans.
    var tableColumns: [TableColumn] = []
    /// Cell: the grid column it starts in (set by table layout; paint finds its column there).
    var gridColumn = 0
    /// Collapsing border model: on a cell, its four grid lines (top, right, bottom, left) at
    /// full width, which it paints centred on its edges; on the table, empty (its cells paint
    /// its border). Nil when borders are separate.
    var collapsedEdges: [CollapsedEdge]?
    var colspan = 1
    /// Cell: its `height` counts its border and padding, in quirks mode (WebKit's
    /// RenderTableCell::logicalHeightForRowSizing).
    var heightIsBorderBox = false
    /// Table: its `width`, `height` and their minimums and maximums count its border and
    /// padding: always for an HTML `<table>`, for a CSS table only with `box-sizing:
    /// border-box` (WebKit's RenderTable::convertStyleLogicalWidthToComputedWidth).
    var sizeIsBorderBox = true
    /// A `<fieldset>` (it starts a block formatting context) and its rendered legend: the first
    /// `<legend>` child neither floated nor out of the flow, laid out in its top border (HTML
    /// § 15.3.13).
    var isFieldset = false
    var renderedLegend: Box?
    var isRenderedLegend = false
    /// A fieldset with a rendered legend: where its border runs and leaves a gap.
    var legendGap: LegendGap?
    var rowspan = 1
    /// Set on a box that starts a vertical flow inside a horizontal one: its only child holds
    /// its content in the flow's logical frame (`VerticalFlowLayout`).
    var verticalFlow: VerticalFlow?
    /// Set on an absolutely or fixed positioned box: taken out of the flow, it sits in its
    /// parent only for its static position and is laid out by `PositionedLayout`.
    var outOfFlow: OutOfFlow?

    // Geometry, filled by layout. Position is the border box's top-left relative to the
    // parent's border-box top-left; `absolute…` is set by the final placement pass.
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    var margin = Edges<Double>(0)
    var border = Edges<Double>(0)
    var padding = Edges<Double>(0)
    var lines: [LineBox] = []
    /// The laid-out list marker, in content-box coordinates.
    var markerLine: LineBox?
    /// Intrinsic min/max-content border-box widths, cached: nested tables ask repeatedly.
    var cachedContentWidths: (min: Double, max: Double)?
    var absoluteX = 0.0, absoluteY = 0.0
    var isRoot = false
    var isFloat = false
    /// How many flex containers enclose this flex item (0: not a flex item); set by flex layout.
    var flexItemDepth = 0
    /// An image that could not be loaded, shown as WebKit shows a failed image.
    var brokenImage: BrokenImage.Content?
    var isBody = false
    /// A run of a multi-column container's content, laid out as one strip and shown in columns.
    var columnSet: ColumnSet?
    /// Vertical offset of a table cell's content for `vertical-align`.
    var contentShift = 0.0
    /// The height the content itself needs, before a specified height (cells align it).
    var naturalContentHeight = 0.0
    /// The definite content height of the containing block, which percentage heights resolve
    /// against; nil when that height depends on content (set by the parent before layout).
    var percentHeightBase: Double?

    init(kind: Kind, node: DOMDocument.NodeID?, style: ComputedStyle) {
        self.kind = kind
        self.node = node
        self.style = style
    }

    /// An image's height over its width: a broken image's own (its icon's square), else the
    /// intrinsic size's.
    var aspectRatio: Double? {
        if let broken = brokenImage { return broken.aspectRatio }
        // `aspect-ratio`: a ratio alone replaces the natural one; with `auto` it stands in for a missing one.
        let declared = style.aspectRatio
        if !declared.auto, let ratio = declared.heightOverWidth { return ratio }
        if let control, !control.hasIntrinsicRatio { return declared.heightOverWidth }
        guard let width = intrinsicWidth, let height = intrinsicHeight, width > 0, height > 0 else {
            return intrinsicRatio.flatMap { $0 > 0 ? 1 / $0 : nil } ?? declared.heightOverWidth
        }
        return height / width
    }

    var contentX: Double { border.left + padding.left }
    var contentY: Double { border.top + padding.top + contentShift }
    var contentWidth: Double { max(0, width - border.left - border.right - padding.left - padding.right) }
    var contentHeight: Double { max(0, height - border.top - border.bottom - padding.top - padding.bottom) }

    /// Block formatting context roots keep their children's margins inside.
    var establishesBFC: Bool {
        switch kind {
        case .inlineBlock, .cell, .table, .image: return true
        default: return isRoot || isFloat || flexItemDepth > 0 || style.isScrollContainer || style.display.inner != .flow || verticalFlow != nil
            || style.multiColumn.isMultiColumn || outOfFlow != nil || isFieldset || isRenderedLegend
        }
    }
}

/// An inline element (span, a, b, an inline broken image…): it has no box of its own in
/// the tree; each line it touches gets a fragment around its text.
final class InlineBox {
    let node: DOMDocument.NodeID?
    let style: ComputedStyle
    /// Room taken before its first and after its last fragment: margin, border and padding
    /// (px values; percentages count as zero here).
    let startSpacing: Double
    let endSpacing: Double
    init(node: DOMDocument.NodeID?, style: ComputedStyle) {
        self.node = node
        self.style = style
        func px(_ length: Length) -> Double { if case .px(let v) = length { return v }; return 0 }
        let border = style.usedBorder
        startSpacing = max(0, px(style.margin.left) + border.left + px(style.padding.left))
        endSpacing = max(0, px(style.margin.right) + border.right + px(style.padding.right))
    }
}

/// The part of an inline element on one line: its content area (the font's ascent and
/// descent around the baseline) across the runs it covers, margins included at its ends.
struct InlineFragment {
    let box: InlineBox
    var contentArea: Rect
    /// Whether the element opens (closes) on this line: only there do its start (end)
    /// margin, border and padding apply.
    var isFirst: Bool
    var isLast: Bool
    /// The relatively positioned inline element whose paint layer this piece is painted in
    /// (the innermost around it, itself included; nil: painted with the line).
    var layerOwner: ObjectIdentifier? = nil

    /// The border box: the content area grown by padding and border, less the margins
    /// that sit inside the fragment at its ends.
    var borderBox: Rect {
        func px(_ length: Length) -> Double { if case .px(let v) = length { return v }; return 0 }
        let style = box.style, border = style.usedBorder
        let left = isFirst ? max(0, px(style.margin.left)) : 0
        let right = isLast ? max(0, px(style.margin.right)) : 0
        let top = px(style.padding.top) + border.top, bottom = px(style.padding.bottom) + border.bottom
        return Rect(x: contentArea.x + left, y: contentArea.y - top,
                    width: max(0, contentArea.width - left - right), height: contentArea.height + top + bottom)
    }
}

/// One line of an inline formatting context, relative to the container's content box. Layout
/// builds lines of boxes (`LineBox`); the fragment tree holds the same lines with each atomic
/// inline as its fragment (`FragmentLine`).
struct Line<Atomic: AnyObject> {
    var y: Double
    var height: Double
    var baseline: Double      // from the line's top
    var glyphRuns: [GlyphRun]
    var decorations: [DecorationLine]
    var atomics: [(box: Atomic, x: Double, y: Double)]  // y of the margin box top, within the content box
    var inlineFragments: [InlineFragment] = []
    /// The atomic inlines inside relatively positioned inline elements, by atomic: the element
    /// whose paint layer they go in (see `InlineFragment.layerOwner`).
    var atomicLayerOwners: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// The same line with each atomic inline replaced (its layer owner follows it).
    func mapAtomics<Other: AnyObject>(_ transform: (Atomic) -> Other) -> Line<Other> {
        var owners: [ObjectIdentifier: ObjectIdentifier] = [:]
        let mapped = atomics.map { atomic -> (box: Other, x: Double, y: Double) in
            let other = transform(atomic.box)
            if let owner = atomicLayerOwners[ObjectIdentifier(atomic.box)] { owners[ObjectIdentifier(other)] = owner }
            return (other, atomic.x, atomic.y)
        }
        return Line<Other>(y: y, height: height, baseline: baseline, glyphRuns: glyphRuns, decorations: decorations,
                           atomics: mapped, inlineFragments: inlineFragments, atomicLayerOwners: owners)
    }
}

typealias LineBox = Line<Box>

extension Line {
    func offsetBy(dx: Double, dy: Double) -> Line {
        guard dx != 0 || dy != 0 else { return self }
        var moved = self
        moved.y += dy
        moved.glyphRuns = glyphRuns.map { $0.offsetBy(dx: dx, dy: dy) }
        moved.decorations = decorations.map { var line = $0; line.x += dx; line.y += dy; return line }
        moved.atomics = atomics.map { ($0.box, $0.x + dx, $0.y + dy) }
        moved.inlineFragments = inlineFragments.map { var f = $0; f.contentArea = f.contentArea.offsetBy(dx: dx, dy: dy); return f }
        return moved
    }
}

/// A line drawn under, over or through text.
struct DecorationLine {
    /// `y` is the middle of the (first) line.
    var x: Double, y: Double, width: Double, thickness: Double
    var color: RGBA
    var style: DecorationStyle = .solid
    /// How far `y` lies below the baseline of the text it decorates: the raster step snaps
    /// that baseline to a device pixel, as WebKit rounds the text box's origin.
    var belowBaseline: Double = 0
    /// For a line that skips ink (`text-decoration-skip-ink`): where its text's glyphs cross
    /// it, x from its start (nil: drawn whole).
    var inkCrossings: [ClosedRange<Double>]? = nil
    /// See `InlineFragment.layerOwner`.
    var layerOwner: ObjectIdentifier? = nil
}

extension Box {
    /// The baseline of the last line box inside, from the border-box top (inline-block baselines).
    func lastBaseline() -> Double? { lastBaseline { $0.lastBaseline() } }

    /// The same, with each child's own baseline from `childBaseline` (the fragment tree reads
    /// those of the fragments it has built: one pass, not one walk per box).
    func lastBaseline(childBaseline: (Box) -> Double?) -> Double? {
        // A vertical flow's lines run across the line it sits in: it has no baseline there (WebKit
        // puts its bottom margin edge on the line's baseline).
        if verticalFlow != nil { return nil }
        if style.display.inner == .flex { return flexBaseline() }
        if let last = lines.last { return contentY + last.y + last.baseline }
        for child in children.reversed() where !child.isOutOfFlow {
            if let baseline = childBaseline(child) { return child.y + baseline }
        }
        return nil
    }
}

/// One grid column as `<col>` and `<colgroup>` declare it.
struct TableColumn {
    /// The enclosing `<colgroup>`'s style, and the `<col>`'s (nil for a group without cols).
    let group: ComputedStyle?
    let column: ComputedStyle?
    /// How many grid columns it stands for (`span`).
    var span = 1
    /// The first column of its `<colgroup>` (collapsed borders take the group's start edge there).
    var opensGroup = false

    /// The width the column asks for: the col's, else its group's (WebKit's fullRecalc); zero
    /// counts as auto.
    var width: Length {
        let own = column?.width ?? .auto
        let width = own == .auto ? (group?.width ?? .auto) : own
        if width == .px(0) || width == .percent(0) { return .auto }
        return width
    }
}

extension Box {
    /// The widths `<col>` and `<colgroup>` give the first `count` grid columns (auto where none).
    func declaredColumnWidths(count: Int) -> [Length] {
        var widths: [Length] = []
        for column in tableColumns where widths.count < count {
            widths += Array(repeating: column.width, count: min(column.span, count - widths.count))
        }
        return widths + Array(repeating: .auto, count: count - widths.count)
    }
}

extension [TableColumn] {
    /// The declared column at a grid index, if a `<col>` or `<colgroup>` reaches it.
    func column(at index: Int) -> TableColumn? {
        var start = 0
        for column in self {
            if index < start + column.span { return column }
            start += column.span
        }
        return nil
    }
}
