/// Positioned layout (CSS 2.1 §9.3, §9.4.3, §10.1, §10.3.7–8, §10.6.4–5): absolutely and fixed
/// positioned boxes, laid out against their containing block once the flow is laid out and
/// placed, and the offsets of relatively positioned boxes.
///
/// The flow leaves each out-of-flow box where it would have been (its static position: the
/// top-left of its margin box, taken as a point, recorded in `x`/`y` with its current margins
/// added) and takes no room for it. This pass then walks the tree in order, so a containing
/// block is always laid out and placed before the boxes it contains.

/// What the box tree records of an absolutely or fixed positioned box.
struct OutOfFlow {
    /// Its display was inline-level before it was blockified: its static position is where it
    /// would have sat in its line, not the start of a line.
    let originallyInline: Bool
    /// The innermost positioned inline element it sits in: its containing block (when absolute)
    /// is made of that element's fragments.
    let enclosingInline: InlineBox?
}

extension Box {
    var isOutOfFlow: Bool { outOfFlow != nil }

    /// Runs a flex or grid layout with the out-of-flow children set aside: they are no items
    /// (CSS Flexbox §4.1, CSS Grid §9.1). They go back to their places among the children,
    /// their static position the content box's start.
    func withOutOfFlowChildrenAside<T>(_ body: () -> T) -> T {
        guard children.contains(where: { $0.isOutOfFlow }) else { return body() }
        let aside = children.enumerated().filter { $0.element.isOutOfFlow }
        children.removeAll { $0.isOutOfFlow }
        let result = body()
        for (index, child) in aside {
            children.insert(child, at: min(index, children.count))
            child.x = contentX + (style.direction.isRightToLeft ? contentWidth : 0) + child.margin.left
            child.y = contentY + child.margin.top
        }
        return result
    }
}

struct PositionedLayout {
    let engine: LayoutEngine
    /// The initial containing block: the viewport at scroll 0. Fixed boxes' containing block.
    let viewport: Rect

    /// A containing block: its padding box in document coordinates.
    struct ContainingBlock {
        var rect: Rect
        var direction: TextDirection
        /// It, or a box enclosing it, clips its overflow: what it holds does not extend the document.
        var clips: Bool
    }

    /// Lays out every out-of-flow box of the tree; returns how far down the absolutely
    /// positioned ones (and what they hold) reach, which extends the document's height.
    func layout(_ root: Box) -> Double {
        var reach = 0.0
        let initial = ContainingBlock(rect: viewport, direction: root.style.direction, clips: false)
        visit(root, containingBlock: initial, ancestorsClip: false, extendsDocument: false, reach: &reach)
        return reach
    }

    private func visit(_ box: Box, containingBlock: ContainingBlock, ancestorsClip: Bool, extendsDocument: Bool,
                       reach: inout Double) {
        if extendsDocument { reach = max(reach, box.absoluteY + box.height) }
        let clips = ancestorsClip || box.style.overflowHidden
        // A positioned box is the containing block of the absolutely positioned boxes inside.
        let inner = box.style.position.isPositioned
            ? ContainingBlock(rect: Self.paddingBox(box), direction: box.style.direction, clips: clips) : containingBlock
        let originX = box.absoluteX, originY = box.absoluteY + box.contentShift
        for child in box.children {
            var extends = extendsDocument && !clips
            if child.isOutOfFlow {
                let block = child.style.position == .fixed ? fixedContainingBlock(box) : inner
                position(child, in: block, originX: originX, originY: originY, staticEdgeIsRight: box.style.direction.isRightToLeft)
                extends = child.style.position == .absolute && !block.clips
            }
            visit(child, containingBlock: inner, ancestorsClip: clips, extendsDocument: extends, reach: &reach)
        }
        let contentX = box.absoluteX + box.contentX, contentY = box.absoluteY + box.contentY
        for line in box.lines {
            for atomic in line.atomics {
                let child = atomic.box
                var extends = extendsDocument && !clips
                if child.isOutOfFlow {
                    let block: ContainingBlock
                    if child.style.position == .fixed {
                        block = fixedContainingBlock(box)
                    } else if let inline = child.outOfFlow?.enclosingInline, let rect = Self.inlineContainingBlock(inline, in: box) {
                        block = ContainingBlock(rect: rect, direction: inline.style.direction, clips: clips)
                    } else {
                        block = inner
                    }
                    let blockLevel = !(child.outOfFlow?.originallyInline ?? true)
                    position(child, in: block, originX: contentX, originY: contentY,
                             staticEdgeIsRight: blockLevel && box.style.direction.isRightToLeft)
                    extends = child.style.position == .absolute && !block.clips
                }
                visit(child, containingBlock: inner, ancestorsClip: clips, extendsDocument: extends, reach: &reach)
            }
        }
    }

    /// A fixed box's containing block is the viewport (the sticky and scrolling behaviour
    /// belongs to the scene, which moves it per frame).
    private func fixedContainingBlock(_ parent: Box) -> ContainingBlock {
        ContainingBlock(rect: viewport, direction: parent.style.direction, clips: false)
    }

    static func paddingBox(_ box: Box) -> Rect {
        Rect(x: box.absoluteX + box.border.left, y: box.absoluteY + box.border.top,
             width: max(0, box.width - box.border.left - box.border.right),
             height: max(0, box.height - box.border.top - box.border.bottom))
    }

    /// The containing block a positioned inline element makes (CSS 2.1 §10.1): from the
    /// top-left of its first fragment's padding box to the bottom-right of its last one's
    /// (the other way round in right-to-left), in the lines of the block `container`.
    static func inlineContainingBlock(_ inline: InlineBox, in container: Box) -> Rect? {
        var first: InlineFragment?, last: InlineFragment?
        var firstLine: LineBox?, lastLine: LineBox?
        for line in container.lines {
            for fragment in line.inlineFragments where fragment.box === inline {
                if first == nil { first = fragment; firstLine = line }
                last = fragment; lastLine = line
            }
        }
        guard let first, let last, firstLine != nil, lastLine != nil else { return nil }
        let border = inline.style.usedBorder
        func padding(_ fragment: InlineFragment) -> Rect {
            let box = fragment.borderBox
            let left = fragment.isFirst ? border.left : 0, right = fragment.isLast ? border.right : 0
            return Rect(x: box.x + left, y: box.y + border.top, width: max(0, box.width - left - right),
                        height: max(0, box.height - border.top - border.bottom))
        }
        let start = padding(first), end = padding(last)
        let originX = container.absoluteX + container.contentX, originY = container.absoluteY + container.contentY
        let rightToLeft = inline.style.direction.isRightToLeft
        let left = rightToLeft ? end.x : start.x
        let right = rightToLeft ? start.x + start.width : end.x + end.width
        return Rect(x: originX + left, y: originY + start.y, width: max(0, right - left),
                    height: max(0, end.y + end.height - start.y))
    }

    // MARK: One box

    /// Sizes and places an out-of-flow box against its containing block, then places what it
    /// holds. `originX`/`originY` are where its parent measures `x`/`y` from; `staticEdgeIsRight`:
    /// the static position is the right edge of the box it would have been (a right-to-left parent).
    private func position(_ box: Box, in block: ContainingBlock, originX: Double, originY: Double, staticEdgeIsRight: Bool) {
        // The static position: the flow put the border box there, its margins added.
        let staticX = box.absoluteX - box.margin.left, staticY = box.absoluteY - box.margin.top
        let cb = block.rect
        engine.resolveEdges(box, containingWidth: cb.width)
        let style = box.style, offsets = style.positioning.offsets
        var left = offsets.left.resolve(cb.width), right = offsets.right.resolve(cb.width)
        var top = offsets.top.resolve(cb.height), bottom = offsets.bottom.resolve(cb.height)
        let rightToLeft = block.direction.isRightToLeft
        // The static position gives the offset on the containing block's start side; when the
        // parent runs the other way, that edge of the would-be box is known once its width is.
        let staticAcross = left == nil && right == nil && staticEdgeIsRight != rightToLeft
        if left == nil && right == nil && !staticAcross {
            if rightToLeft { right = cb.x + cb.width - staticX } else { left = staticX - cb.x }
        }
        if top == nil && bottom == nil { top = staticY - cb.y }

        // Width (§10.3.7; replaced §10.3.8): boxes that size themselves are laid out first.
        let sizesItself = box.kind == .image || box.kind == .table || box.verticalFlow != nil
        var width: Double
        if sizesItself {
            let available = cb.width - (left ?? 0) - (right ?? 0)
            engine.layoutBlock(box, containingWidth: box.kind == .table ? max(0, available) : cb.width)
            engine.resolveEdges(box, containingWidth: cb.width)   // layout may have moved auto margins
            width = box.width
        } else if let preferred = engine.preferredBorderWidth(box, containingWidth: cb.width) {
            width = preferred
        } else if let left, let right {
            let filling = cb.width - left - right - box.margin.left - box.margin.right
            width = engine.clampWidth(box, filling - engine.horizontalChrome(box), containingWidth: cb.width, isBorderBox: false)
        } else {
            // Shrink-to-fit in what the offsets leave.
            let available = cb.width - (left ?? 0) - (right ?? 0) - box.margin.left - box.margin.right
            let (minimum, maximum) = IntrinsicSizes(engine: engine).contentWidths(box)
            width = engine.clampWidth(box, min(max(minimum, available), maximum), containingWidth: cb.width, isBorderBox: true)
        }

        if staticAcross {
            let outer = box.margin.left + width + box.margin.right
            if rightToLeft { right = cb.x + cb.width - (staticX + outer) } else { left = staticX - outer - cb.x }
        }
        let horizontal = Self.solve(start: left, end: right, size: width, available: cb.width,
                                    margins: (box.margin.left, box.margin.right),
                                    autoMargins: (style.margin.left.isAuto, style.margin.right.isAuto),
                                    endGivesWay: !rightToLeft, centresNegative: false)
        box.margin.left = horizontal.marginStart
        box.margin.right = horizontal.marginEnd
        if !sizesItself {
            box.width = width
            engine.layoutContents(box)
        }

        // Height (§10.6.4; replaced §10.6.5): the content's, unless declared or given by top and bottom.
        let vertical = engine.verticalChrome(box)
        var height = box.height
        let heightChrome = style.borderBoxSizing ? 0 : vertical
        if !sizesItself || box.kind == .table {
            if case .px = style.height {
                // Laid out at that height already (a table's is a minimum).
            } else if style.height.isPercentOrCalc, let resolved = style.height.resolve(cb.height) {
                height = max(box.kind == .table ? box.height : 0, resolved + heightChrome)
            } else if style.height.isAuto, box.kind != .table, let top, let bottom {
                height = cb.height - top - bottom - box.margin.top - box.margin.bottom
            }
            if box.kind != .table {
                if let maxHeight = style.maxHeight.resolve(cb.height) { height = min(height, maxHeight + heightChrome) }
                if let minHeight = style.minHeight.resolve(cb.height) { height = max(height, minHeight + heightChrome) }
                height = max(height, vertical)
            }
            box.height = height
        }
        let verticalSolved = Self.solve(start: top, end: bottom, size: box.height, available: cb.height,
                                        margins: (box.margin.top, box.margin.bottom),
                                        autoMargins: (style.margin.top.isAuto, style.margin.bottom.isAuto),
                                        endGivesWay: true, centresNegative: true)
        box.margin.top = verticalSolved.marginStart
        box.margin.bottom = verticalSolved.marginEnd

        box.absoluteX = cb.x + horizontal.start + box.margin.left
        box.absoluteY = cb.y + verticalSolved.start + box.margin.top
        box.x = box.absoluteX - originX
        box.y = box.absoluteY - originY
        engine.placeContents(box)
    }

    /// One axis of §10.3.7 / §10.6.4 once the size is known: the start offset and the margins.
    /// Auto margins share what is left when both offsets are set (centring; horizontally, a
    /// negative share goes to the end margin, or the start one in right-to-left); with neither
    /// margin auto the end offset gives way (the start one when `endGivesWay` is false).
    static func solve(start: Double?, end: Double?, size: Double, available: Double,
                      margins: (Double, Double), autoMargins: (Bool, Bool),
                      endGivesWay: Bool, centresNegative: Bool) -> (start: Double, marginStart: Double, marginEnd: Double) {
        var marginStart = autoMargins.0 ? 0 : margins.0, marginEnd = autoMargins.1 ? 0 : margins.1
        guard let start, let end else {
            if let start { return (start, marginStart, marginEnd) }
            return (available - (end ?? 0) - size - marginStart - marginEnd, marginStart, marginEnd)
        }
        let free = available - start - end - size - marginStart - marginEnd
        switch autoMargins {
        case (true, true):
            if free >= 0 || centresNegative {
                marginStart = free / 2
                marginEnd = free - marginStart
            } else if endGivesWay {
                marginEnd = free
            } else {
                marginStart = free
            }
            return (start, marginStart, marginEnd)
        case (true, false):
            return (start, free, marginEnd)
        case (false, true):
            return (start, marginStart, free)
        case (false, false):
            // Over-constrained: the end offset is ignored (or, right-to-left, the start one).
            return endGivesWay ? (start, marginStart, marginEnd) : (start + free, marginStart, marginEnd)
        }
    }

    // MARK: Relative

    /// How far `position: relative` moves a box (CSS 2.1 §9.4.3): left (or, when both are set
    /// and the containing block is right-to-left, right) against the containing block's width;
    /// top (else bottom) against its height, a percentage counting only when that height is
    /// definite (WebKit's relativePositionOffset).
    static func relativeOffset(_ style: ComputedStyle, containingWidth: Double, containingHeight: Double?,
                               direction: TextDirection) -> (dx: Double, dy: Double) {
        let offsets = style.positioning.offsets
        var dx = 0.0, dy = 0.0
        if let left = offsets.left.resolve(containingWidth) {
            if direction.isRightToLeft, let right = offsets.right.resolve(containingWidth) { dx = -right } else { dx = left }
        } else if let right = offsets.right.resolve(containingWidth) {
            dx = -right
        }
        func vertical(_ length: Length) -> Double? {
            if length.isPercentOrCalc, containingHeight == nil { return nil }
            return length.resolve(containingHeight ?? 0)
        }
        if let top = vertical(offsets.top) { dy = top } else if let bottom = vertical(offsets.bottom) { dy = -bottom }
        return (dx, dy)
    }
}
