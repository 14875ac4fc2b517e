import CCairo

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
            placeAtStaticPosition(child, top: 0)
        }
        return result
    }

    /// Records an out-of-flow child's static position: its margin box's start corner at `top`
    /// below the content box's top, on the side the direction starts from.
    func placeAtStaticPosition(_ child: Box, top: Double) {
        child.x = contentX + (style.direction.isRightToLeft ? contentWidth : 0) + child.margin.left
        child.y = contentY + top + child.margin.top
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
        /// The viewport as fixed boxes see it: what it holds stays on screen, outside the document.
        var isFixedViewport = false
    }

    /// Lays out every out-of-flow box of the tree; returns how far down the absolutely
    /// positioned ones (and what they hold) reach, which extends the document's height.
    func layout(_ root: Box) -> Double {
        var reach = 0.0
        let initial = ContainingBlock(rect: viewport, direction: root.style.direction, clips: false)
        var fixed = initial
        fixed.isFixedViewport = true
        visit(root, containingBlock: initial, fixedContainingBlock: fixed, ancestorsClip: false, extendsDocument: false, reach: &reach)
        return reach
    }

    /// `fixedContainingBlock`: the viewport, or the nearest transformed ancestor's padding box.
    private func visit(_ box: Box, containingBlock: ContainingBlock, fixedContainingBlock: ContainingBlock,
                       ancestorsClip: Bool, extendsDocument: Bool, reach: inout Double) {
        if extendsDocument { reach = max(reach, box.absoluteY + box.height) }
        let clips = ancestorsClip || box.style.overflowHidden
        // A positioned box is the containing block of the absolutely positioned boxes inside; a
        // transformed one of the fixed ones too (CSS Transforms 1 §2).
        let transformed = !box.style.transform.isEmpty
        let own = ContainingBlock(rect: Self.paddingBox(box), direction: box.style.direction, clips: clips)
        let inner = box.style.position.isPositioned || transformed ? own : containingBlock
        let innerFixed = transformed ? own : fixedContainingBlock
        let originX = box.absoluteX, originY = box.absoluteY + box.contentShift
        for child in box.children {
            var extends = extendsDocument && !clips
            if child.isOutOfFlow {
                let block = child.style.position == .fixed ? innerFixed : inner
                position(child, in: block, originX: originX, originY: originY, staticEdgeIsRight: box.style.direction.isRightToLeft,
                         staticAlignment: Self.flexStaticAlignment(child, in: box))
                extends = !block.isFixedViewport && !block.clips
            }
            visit(child, containingBlock: inner, fixedContainingBlock: innerFixed, ancestorsClip: clips, extendsDocument: extends, reach: &reach)
        }
        let contentX = box.absoluteX + box.contentX, contentY = box.absoluteY + box.contentY
        for line in box.lines {
            for atomic in line.atomics {
                let child = atomic.box
                var extends = extendsDocument && !clips
                if child.isOutOfFlow {
                    let block: ContainingBlock
                    if child.style.position == .fixed {
                        block = innerFixed
                    } else if let inline = child.outOfFlow?.enclosingInline, let rect = Self.inlineContainingBlock(inline, in: box) {
                        block = ContainingBlock(rect: rect, direction: inline.style.direction, clips: clips)
                    } else {
                        block = inner
                    }
                    // A block-level one starts at the content box's start side, floats or not.
                    let blockLevel = !(child.outOfFlow?.originallyInline ?? true)
                    let rightToLeft = box.style.direction.isRightToLeft
                    position(child, in: block, originX: contentX, originY: contentY,
                             staticEdgeIsRight: blockLevel && rightToLeft,
                             staticX: blockLevel ? contentX + (rightToLeft ? box.contentWidth : 0) : nil)
                    extends = !block.isFixedViewport && !block.clips
                }
                visit(child, containingBlock: inner, fixedContainingBlock: innerFixed, ancestorsClip: clips, extendsDocument: extends, reach: &reach)
            }
        }
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
    private func position(_ box: Box, in block: ContainingBlock, originX: Double, originY: Double, staticEdgeIsRight: Bool,
                          staticX given: Double? = nil, staticAlignment: StaticAlignment? = nil) {
        // The static position: the flow put the border box there, its margins added.
        let staticX = given ?? box.absoluteX - box.margin.left, staticY = box.absoluteY - box.margin.top
        let cb = block.rect
        box.percentHeightBase = cb.height   // a containing block's height is always definite here
        engine.resolveEdges(box, containingWidth: cb.width)
        let style = box.style, offsets = style.positioning.offsets
        var left = offsets.left.resolve(cb.width), right = offsets.right.resolve(cb.width)
        var top = offsets.top.resolve(cb.height), bottom = offsets.bottom.resolve(cb.height)
        let rightToLeft = block.direction.isRightToLeft
        // The static position gives the offset on the containing block's start side; when the
        // parent runs the other way, that edge of the would-be box is known once its width is.
        let staticAcross = left == nil && right == nil && (staticEdgeIsRight != rightToLeft || staticAlignment != nil)
        let staticDown = top == nil && bottom == nil
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

        if staticAcross, let alignment = staticAlignment {
            let outer = box.margin.left + width + box.margin.right
            let x = alignment.area.x + alignment.x * (alignment.area.width - outer)
            if rightToLeft { right = cb.x + cb.width - (x + outer) } else { left = x - cb.x }
        } else if staticAcross {
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
        if staticDown, let alignment = staticAlignment {
            let outer = box.margin.top + box.height + box.margin.bottom
            top = alignment.area.y + alignment.y * (alignment.area.height - outer) - cb.y
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

    /// Where in its parent's content box a box's static position lies, as shares of the room
    /// its margin box leaves (0 start, ½ centre, 1 end).
    struct StaticAlignment {
        var area: Rect
        var x: Double, y: Double
    }

    /// A flex container's out-of-flow child is placed as if it were its sole flex item
    /// (CSS Flexbox §4.1): `justify-content` on the main axis, `align-self` across.
    static func flexStaticAlignment(_ child: Box, in parent: Box) -> StaticAlignment? {
        guard parent.style.display.inner == .flex else { return nil }
        let flex = parent.style.flex
        func share(_ alignment: FlexStyle.Alignment, reversed: Bool) -> Double {
            switch alignment {
            case .center, .spaceAround, .spaceEvenly: return 0.5
            case .flexEnd: return reversed ? 0 : 1
            case .end, .selfEnd: return 1
            case .flexStart, .normal, .stretch, .spaceBetween: return reversed ? 1 : 0
            default: return 0
            }
        }
        let rightToLeft = parent.style.direction.isRightToLeft && flex.isRow
        let main = share(flex.justifyContent, reversed: flex.isReversed != rightToLeft)
        let selfAlignment = child.style.flex.alignSelf == .auto ? flex.alignItems : child.style.flex.alignSelf
        let cross = share(selfAlignment, reversed: flex.wrap == .wrapReverse)
        let area = Rect(x: parent.absoluteX + parent.contentX, y: parent.absoluteY + parent.contentY,
                        width: parent.contentWidth, height: parent.contentHeight)
        return flex.isRow ? StaticAlignment(area: area, x: main, y: cross) : StaticAlignment(area: area, x: cross, y: main)
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

// MARK: In lines

extension InlineLayout {
    /// Each out-of-flow box joins the atomics of the line its offset falls in, at its static
    /// position (CSS 2.1 §10.3.7): an originally inline one where it would have sat, at the
    /// line's top; a block-level one at the line's start, below the line when content comes
    /// before it there (WebKit's LineBreaker and setStaticPositions).
    func placeOutOfFlow(_ segments: [Segment], _ layout: OpaquePointer, in lines: inout [LineBox],
                                originX: Double, shifts: [Double], width: Double?) {
        guard segments.contains(where: { if case .outOfFlow = $0.item { return true }; return false }) else { return }
        let scale = Double(PANGO_SCALE)
        let lineStart = container.direction.isRightToLeft ? (width ?? 0) : 0
        let pangoLines = layoutLines(layout)
        let lineOffsets = pangoLines.map { Int($0.pointee.start_index) }
        // Each line's left edge in the layout (alignment moves it), found in one walk.
        var lineLefts: [Double] = []
        if let iterator = pango_layout_get_iter(layout) {
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                lineLefts.append(Double(logical.x) / scale)
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
        }
        var contentEnd = 0   // where the last content before the segment ends
        var index = 0        // the line the segment falls in (segments come in text order)
        var measured = 0
        for segment in segments {
            guard case .outOfFlow(let box) = segment.item else {
                if !segment.item.isMarker { contentEnd = segment.end }
                continue
            }
            while index + 1 < lineOffsets.count, lineOffsets[index + 1] <= segment.start { index += 1 }
            guard index < lines.count else {
                // Past the last line box (after a final break): where the next line would start.
                guard let last = lines.last else { continue }
                lines[lines.count - 1].atomics.append((box, lineStart, last.y + last.height))
                continue
            }
            let line = lines[index]
            // Inside a relatively positioned inline element, the static position moves with it.
            let moved = Self.relativeShift(segment.enclosing, containingWidth: width ?? 0, direction: container.direction)
            if box.outOfFlow?.originallyInline ?? true {
                // Finding an offset's x walks its line: past a bound (hostile input), the line's start.
                var x = lineStart
                if measured < Self.maximumMeasuredOutOfFlow, index < pangoLines.count, index < lineLefts.count {
                    measured += 1
                    var position: Int32 = 0
                    pango_layout_line_index_to_x(pangoLines[index], Int32(segment.start), 0, &position)
                    x = lineLefts[index] + Double(position) / scale + originX + (index < shifts.count ? shifts[index] : 0)
                }
                lines[index].atomics.append((box, x + moved.dx, line.y + moved.dy))
            } else {
                // An outside list marker is content on the first line (WebKit's marker is an inline box there).
                let marker = index == 0 && container.display == .listItem
                    && (container.listStyle != .none || container.generated.listStyleImage != nil)
                let contentBefore = contentEnd > lineOffsets[index] || marker
                lines[index].atomics.append((box, lineStart + moved.dx, (contentBefore ? line.y + line.height : line.y) + moved.dy))
            }
        }
    }

    /// How far the relatively positioned inline elements among `enclosing` move what they hold
    /// (percentages of the block's width; a percentage `top` or `bottom` counts as auto, the
    /// block's height not being known yet).
    static func relativeShift<Boxes: Collection<InlineBox>>(_ enclosing: Boxes, containingWidth: Double,
                                                            direction: TextDirection) -> (dx: Double, dy: Double) {
        var dx = 0.0, dy = 0.0
        for box in enclosing where box.style.position == .relative {
            let offset = PositionedLayout.relativeOffset(box.style, containingWidth: containingWidth, containingHeight: nil, direction: direction)
            dx += offset.dx
            dy += offset.dy
        }
        return (dx, dy)
    }

    /// Out-of-flow boxes in one inline formatting context whose place in their line is measured.
    static let maximumMeasuredOutOfFlow = 2_000
}
