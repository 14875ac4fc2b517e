/// Where a vertical flow starts in a horizontal one, and the room its lines have.
struct VerticalFlow {
    let mode: WritingMode
    /// The available inline size (a height) when the box's own height is auto.
    let availableInlineSize: Double
}

/// A block in a vertical writing mode inside horizontal content (CSS Writing Modes §7, an
/// orthogonal flow), as WebKit sizes it: its own margins, borders and padding physical; its
/// content box as tall as its lines are long (its `height`, else fit-content within the
/// available height) and as wide as its lines stack (its `width`, else their total). The
/// content is laid out as horizontal text in the flow's logical frame (styles turned by the
/// cascade, `VerticalFlowStyle`) and painted turned a quarter turn, so letters lie sideways
/// (`text-orientation: sideways`); those that stand upright (CJK under `mixed`, all under
/// `upright`) are turned back one by one as they are drawn (`UprightGlyphs`), and their lines
/// align on the central baseline.
extension LayoutEngine {
    func layoutVerticalFlow(_ box: Box, _ flow: VerticalFlow, containingWidth: Double) {
        guard let content = box.children.first else { return }
        let style = box.style
        let horizontal = horizontalChrome(box), vertical = verticalChrome(box)
        func px(_ length: Length) -> Double? { if case .px(let value) = length { return value }; return nil }
        func contentHeight(_ length: Length) -> Double? {
            px(length).map { style.borderBoxSizing ? max(0, $0 - vertical) : $0 }
        }
        // The inline size: the content box's height.
        var inlineSize: Double
        if let height = contentHeight(style.height) {
            inlineSize = height
        } else {
            let widths = IntrinsicSizes(engine: self).contentWidths(content)
            let available = max(0, flow.availableInlineSize - vertical - box.margin.top - box.margin.bottom)
            inlineSize = min(widths.max, max(widths.min, available))
        }
        if let maximum = contentHeight(style.maxHeight) { inlineSize = min(inlineSize, maximum) }
        if let minimum = contentHeight(style.minHeight) { inlineSize = max(inlineSize, minimum) }
        inlineSize = min(inlineSize, Self.largestSize)
        layoutBlock(content, containingWidth: inlineSize)
        // The block size: the content box's width.
        let blockSize: Double
        if let specified = specifiedBorderWidth(box, containingWidth: containingWidth) {
            blockSize = max(0, specified - horizontal)
        } else {
            blockSize = max(0, clampWidth(box, content.height, containingWidth: containingWidth, isBorderBox: false) - horizontal)
        }
        box.width = blockSize + horizontal
        box.height = inlineSize + vertical
        box.lines = []
        box.naturalContentHeight = inlineSize
        if style.display.isBlockLevel && !box.isFloat { resolveAutoMargins(box, containingWidth: containingWidth) }

        // The logical frame is `inlineSize` wide and `blockSize` tall; turned into place about
        // the content box's corner.
        content.height = blockSize
        content.x = box.contentX
        content.y = box.contentY
        var turned = content.style
        turned.transformOrigin = (x: .px(0), y: .px(0))
        switch flow.mode {
        case .sidewaysLR:
            turned.transform = [.translate(.px(0), .px(inlineSize)), .rotate(-90)]
        case .verticalLR:
            Self.mirrorBlockAxis(content)
            turned.transform = [.translate(.px(blockSize), .px(0)), .rotate(90)]
        default:
            turned.transform = [.translate(.px(blockSize), .px(0)), .rotate(90)]
        }
        content.style = turned
    }

    /// The border-box width a vertical flow's box takes (its lines' stack), for intrinsic sizes.
    func verticalFlowBorderWidth(_ box: Box) -> Double {
        guard let flow = box.verticalFlow else { return 0 }
        resolveEdges(box, containingWidth: 0)
        layoutVerticalFlow(box, flow, containingWidth: 0)
        return box.width
    }

    /// `vertical-lr` stacks lines from the left: the frame laid out top-down is mirrored top
    /// to bottom before it is turned clockwise. Boxes and lines swap places, each box's own
    /// top and bottom edges swap; the inside of a line is not mirrored (its glyphs still turn
    /// clockwise, their tops to the right).
    private static func mirrorBlockAxis(_ box: Box) {
        for child in box.children {
            child.y = box.height - child.y - child.height
            mirrorOwnEdges(child)
            mirrorBlockAxis(child)
        }
        let contentHeight = box.contentHeight
        box.lines = box.lines.map { line in
            let moved = line.offsetBy(dx: 0, dy: contentHeight - line.y - line.height - line.y)
            for atomic in moved.atomics {
                atomic.box.y = atomic.y + atomic.box.margin.top
                mirrorOwnEdges(atomic.box)
                mirrorBlockAxis(atomic.box)
            }
            return moved
        }
    }

    private static func mirrorOwnEdges(_ box: Box) {
        (box.border.top, box.border.bottom) = (box.border.bottom, box.border.top)
        (box.padding.top, box.padding.bottom) = (box.padding.bottom, box.padding.top)
        (box.margin.top, box.margin.bottom) = (box.margin.bottom, box.margin.top)
        var style = box.style
        (style.borderStyle.top, style.borderStyle.bottom) = (style.borderStyle.bottom, style.borderStyle.top)
        (style.borderColor.top, style.borderColor.bottom) = (style.borderColor.bottom, style.borderColor.top)
        (style.borderWidth.top, style.borderWidth.bottom) = (style.borderWidth.bottom, style.borderWidth.top)
        let radii = style.borderRadius
        style.borderRadius = Edges(top: radii.left, right: radii.bottom, bottom: radii.right, left: radii.top)
        box.style = style
    }
}
