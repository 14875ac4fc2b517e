/// Layout's output: the laid-out boxes as an immutable tree. The box tree (`Box`) is layout's
/// input and working state; once `LayoutEngine.layoutDocument` has placed everything it
/// returns this tree, and everything after layout (paint, the stacking contexts, the element
/// boxes of `layout --json`, the scroll anchors, the document's text) reads fragments only.
///
/// One fragment per box, in the box tree's shape (rects relative to the parent, edges, line
/// boxes, baselines): an atomic inline is a fragment on the line that holds it
/// (`FragmentLine`), not among its container's children. What a fragment holds
/// depends on the formatting context it establishes or takes part in, one value type each:
/// lines (`InlineFormatting`), a table's columns (`TableFormatting`), a cell's place in the
/// grid (`CellPlacement`), and a replaced element's picture (`ReplacedContent`).
final class Fragment {
    typealias Kind = Box.Kind

    let kind: Kind
    let node: DOMDocument.NodeID?
    let style: ComputedStyle
    /// The border box's top-left relative to the parent fragment's border box (for an atomic
    /// inline: to its line's block container), and its size.
    let x: Double, y: Double
    let width: Double, height: Double
    /// The border box in document coordinates (relative offsets applied).
    let frame: Rect
    let margin: Edges<Double>
    let border: Edges<Double>
    let padding: Edges<Double>
    /// How far the content sits below the padding edge (a cell's `vertical-align`).
    let contentShift: Double
    /// The baseline of its last line box, from the border-box top (what an inline-block sits
    /// on); nil when it holds no line.
    let baseline: Double?
    /// Block-level boxes, table parts, flex and grid items, and out-of-flow boxes, in tree order.
    let children: [Fragment]
    let inline: InlineFormatting?
    let table: TableFormatting?
    let cell: CellPlacement?
    let replaced: ReplacedContent?
    /// A form control or embedded content, drawn as iOS draws it.
    let control: Control?
    /// A fieldset with a rendered legend: where its border runs and leaves a gap.
    let legendGap: LegendGap?
    /// A multi-column strip: shown as its columns.
    let columnSet: ColumnSet?
    let role: Role

    /// What a fragment is to its surroundings, as later stages ask it.
    struct Role: OptionSet {
        let rawValue: UInt8
        static let root = Role(rawValue: 1)
        static let body = Role(rawValue: 2)
        static let float = Role(rawValue: 4)
        /// Absolutely or fixed positioned.
        static let outOfFlow = Role(rawValue: 8)
        /// Starts a vertical flow inside horizontal content: its only child is turned into place.
        static let verticalFlow = Role(rawValue: 16)
    }

    /// The lines of an inline formatting context (relative to the content box), the list
    /// marker's line, and the content in logical order (for the text it shows).
    struct InlineFormatting {
        let lines: [FragmentLine]
        let markerLine: FragmentLine?
        let items: [InlineItem]
    }

    /// An inline formatting context's content in logical order, its boxes as fragments.
    enum InlineItem {
        case text(String, visible: Bool)
        case lineBreak
        case inlineStart(InlineBox)
        case inlineEnd(InlineBox)
        case atomic(Fragment)
        case outOfFlow(Fragment)
        /// A float met among the content (its fragment is among the container's children).
        case float(Fragment)
    }

    /// A table's `<col>` and `<colgroup>` columns (their backgrounds paint behind cells), and
    /// whether its borders collapse (its cells then paint them).
    struct TableFormatting {
        let columns: [TableColumn]
        let collapsesBorders: Bool
    }

    /// A cell's first grid column, and its four collapsed grid lines (top, right, bottom,
    /// left; nil when borders are separate).
    struct CellPlacement {
        let gridColumn: Int
        let collapsedEdges: [CollapsedEdge]?
    }

    /// What a replaced element shows: its picture, the flat placeholder of an image that
    /// cannot load, or WebKit's broken-image look.
    struct ReplacedContent {
        let image: DecodedImage?
        let placeholderColor: RGBA?
        let brokenImage: BrokenImage.Content?
    }

    fileprivate init(_ box: Box, parentFrame: Rect, children: [Fragment], inline: InlineFormatting?, baseline: Double?) {
        kind = box.kind
        node = box.node
        style = box.style
        frame = Rect(x: box.absoluteX, y: box.absoluteY, width: box.width, height: box.height)
        x = frame.x - parentFrame.x
        y = frame.y - parentFrame.y
        width = box.width
        height = box.height
        margin = box.margin
        border = box.border
        padding = box.padding
        contentShift = box.contentShift
        self.baseline = baseline
        self.children = children
        self.inline = inline
        table = box.kind == .table ? TableFormatting(columns: box.tableColumns, collapsesBorders: box.collapsedEdges != nil) : nil
        cell = box.kind == .cell ? CellPlacement(gridColumn: box.gridColumn, collapsedEdges: box.collapsedEdges) : nil
        replaced = box.kind == .image
            ? ReplacedContent(image: box.image, placeholderColor: box.placeholderColor, brokenImage: box.brokenImage) : nil
        control = box.control
        legendGap = box.legendGap
        columnSet = box.columnSet
        var role: Role = []
        if box.isRoot { role.insert(.root) }
        if box.isBody { role.insert(.body) }
        if box.isFloat { role.insert(.float) }
        if box.isOutOfFlow { role.insert(.outOfFlow) }
        if box.verticalFlow != nil { role.insert(.verticalFlow) }
        self.role = role
    }

    var isRoot: Bool { role.contains(.root) }
    var isBody: Bool { role.contains(.body) }
    var isFloat: Bool { role.contains(.float) }
    var isOutOfFlow: Bool { role.contains(.outOfFlow) }

    var lines: [FragmentLine] { inline?.lines ?? [] }
    var markerLine: FragmentLine? { inline?.markerLine }
    /// The marker's line first, then the content's (the order they paint in).
    var linesWithMarker: [FragmentLine] { (inline?.markerLine.map { [$0] } ?? []) + (inline?.lines ?? []) }

    var contentX: Double { border.left + padding.left }
    var contentY: Double { border.top + padding.top + contentShift }
    var contentWidth: Double { max(0, width - border.left - border.right - padding.left - padding.right) }
    var contentHeight: Double { max(0, height - border.top - border.bottom - padding.top - padding.bottom) }
    /// The content box in document coordinates.
    var contentBox: Rect { Rect(x: frame.x + contentX, y: frame.y + contentY, width: contentWidth, height: contentHeight) }

    /// Its borders are drawn by `CollapsedBorderPainting` (a table or cell whose borders collapse).
    var bordersCollapse: Bool { table?.collapsesBorders ?? (cell?.collapsedEdges != nil) }

    /// A table's captions (its in-flow children other than row groups).
    var captions: [Fragment] { children.filter { $0.kind != .rowGroup && !$0.isOutOfFlow } }
}

/// What laying out a document gives: its fragments, and how far down its content reaches.
struct LaidOutTree {
    let root: Fragment
    let height: Double
}

/// A line of an inline formatting context, its atomic inlines as fragments.
typealias FragmentLine = Line<Fragment>

extension Fragment {
    /// The fragment tree of a laid-out box tree (every box placed: `absoluteX`/`absoluteY` set),
    /// in one pass. A box met twice (an out-of-flow box is its parent's child and an item of
    /// its inline content; an atomic inline an item and on a line) is one fragment.
    static func tree(of root: Box) -> Fragment {
        var made: [ObjectIdentifier: Fragment] = [:]
        return fragment(root, parentFrame: Rect(x: 0, y: 0, width: 0, height: 0), made: &made)
    }

    private static func fragment(_ box: Box, parentFrame: Rect, made: inout [ObjectIdentifier: Fragment]) -> Fragment {
        if let known = made[ObjectIdentifier(box)] { return known }
        let frame = Rect(x: box.absoluteX, y: box.absoluteY, width: box.width, height: box.height)
        let children = box.children.map { fragment($0, parentFrame: frame, made: &made) }
        func mirror(_ line: LineBox) -> FragmentLine { line.mapAtomics { fragment($0, parentFrame: frame, made: &made) } }
        var inline: InlineFormatting?
        if !box.lines.isEmpty || box.markerLine != nil || box.inlineContent != nil {
            let lines = box.lines.map(mirror)
            let marker = box.markerLine.map(mirror)
            let items = (box.inlineContent?.items ?? []).map { item -> InlineItem in
                switch item {
                case .text(let text, let style): return .text(text, visible: !style.visibilityHidden)
                case .lineBreak: return .lineBreak
                case .inlineStart(let inlineBox): return .inlineStart(inlineBox)
                case .inlineEnd(let inlineBox): return .inlineEnd(inlineBox)
                case .atomic(let atomic): return .atomic(fragment(atomic, parentFrame: frame, made: &made))
                case .outOfFlow(let positioned): return .outOfFlow(fragment(positioned, parentFrame: frame, made: &made))
                case .float(let float): return .float(fragment(float, parentFrame: frame, made: &made))
                }
            }
            inline = InlineFormatting(lines: lines, markerLine: marker, items: items)
        }
        let baseline = box.lastBaseline { made[ObjectIdentifier($0)]?.baseline ?? $0.lastBaseline() }
        let result = Fragment(box, parentFrame: parentFrame, children: children, inline: inline, baseline: baseline)
        made[ObjectIdentifier(box)] = result
        return result
    }
}

/// A fieldset's border beside its rendered legend: how far below the border-box top the border
/// and background start (to run through the middle of a legend taller than the top border),
/// and the legend's border box, relative to the fieldset's, where the top border leaves a gap.
struct LegendGap {
    let borderInset: Double
    let legend: Rect
}
