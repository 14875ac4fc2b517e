/// Block layout: widths from the containing block, heights from content, vertical margins
/// collapsing between siblings and through parents (CSS 2.1 §8.3.1, §10.3, §10.6).
struct LayoutEngine {
    let fonts: FontSet
    /// Flex items laid out so far in this document (flex layout bounds its second passes).
    let flexWork = FlexWork()
    /// A quirks-mode document: percentage heights look past auto-height blocks.
    var quirksMode = false
    /// Where `shape-outside` images are read from (nil: image shapes are none).
    var images: ImageStore? = nil
    /// What the document's image shapes have cost so far.
    let shapeImageWork = ShapeImageWork()

    /// Lays out the whole box tree for a viewport (the initial containing block); the boxes are
    /// its input and working state. Returns the result as fragments, with the document height
    /// in px, which overflow and absolutely positioned boxes may extend.
    func layoutDocument(_ root: Box, viewportWidth: Double, viewportHeight: Double = 0) -> LaidOutTree {
        root.isRoot = true
        root.percentHeightBase = viewportHeight  // the initial containing block is the viewport
        ViewportOverflow.propagate(root)
        layoutBlock(root, containingWidth: viewportWidth)
        root.x = root.margin.left
        root.y = root.margin.top  // the root's margins never collapse with the canvas
        place(root, parentX: 0, parentY: 0)
        let positioned = PositionedLayout(engine: self, viewport: Rect(x: 0, y: 0, width: viewportWidth, height: viewportHeight))
        let reach = positioned.layout(root)
        let height = max(root.margin.top + root.height + root.margin.bottom, DocumentOverflow.bottom(of: root), reach)
        return LaidOutTree(root: Fragment.tree(of: root), height: height)
    }

    /// Turns parent-relative positions into document positions. An out-of-flow box gets its
    /// static position only: `PositionedLayout` places it, and what it holds, afterwards.
    func place(_ box: Box, parentX: Double, parentY: Double, containingBlock: Box? = nil) {
        box.absoluteX = parentX + box.x
        box.absoluteY = parentY + box.y
        if box.style.position == .relative, let parent = containingBlock {
            // position: relative moves the box and everything in it, leaving its space (CSS 2.1 §9.4.3).
            let definiteHeight: Double? = if case .px = parent.style.height { parent.contentHeight } else { nil }
            let offset = PositionedLayout.relativeOffset(box.style, containingWidth: parent.contentWidth,
                                                         containingHeight: definiteHeight, direction: parent.style.direction)
            box.absoluteX += offset.dx
            box.absoluteY += offset.dy
        }
        if !box.isOutOfFlow { placeContents(box) }
    }

    /// Places what a placed box holds.
    func placeContents(_ box: Box) {
        // A cell's vertical-align moves its block children as it moves its lines.
        for child in box.children { place(child, parentX: box.absoluteX, parentY: box.absoluteY + box.contentShift, containingBlock: box) }
        for line in box.lines + (box.markerLine.map { [$0] } ?? []) {
            for atomic in line.atomics {
                place(atomic.box, parentX: box.absoluteX + box.contentX, parentY: box.absoluteY + box.contentY, containingBlock: box)
            }
        }
    }

    // MARK: Box edges

    func resolveEdges(_ box: Box, containingWidth: Double) {
        let style = box.style
        box.border = style.usedBorder
        box.padding = Edges(top: style.padding.top.resolve(containingWidth) ?? 0,
                            right: style.padding.right.resolve(containingWidth) ?? 0,
                            bottom: style.padding.bottom.resolve(containingWidth) ?? 0,
                            left: style.padding.left.resolve(containingWidth) ?? 0)
        box.margin = Edges(top: style.margin.top.resolve(containingWidth) ?? 0,
                           right: style.margin.right.resolve(containingWidth) ?? 0,
                           bottom: style.margin.bottom.resolve(containingWidth) ?? 0,
                           left: style.margin.left.resolve(containingWidth) ?? 0)
    }

    var horizontalChrome: (Box) -> Double {
        { $0.border.left + $0.border.right + $0.padding.left + $0.padding.right }
    }

    /// The border-box width a specified `width` asks for, clamped by min/max-width; nil for auto.
    func specifiedBorderWidth(_ box: Box, containingWidth: Double) -> Double? {
        guard let specified = box.style.width.resolve(containingWidth) else { return nil }
        return clampWidth(box, specified, containingWidth: containingWidth, isBorderBox: box.style.borderBoxSizing)
    }

    func clampWidth(_ box: Box, _ width: Double, containingWidth: Double, isBorderBox: Bool) -> Double {
        let chrome = horizontalChrome(box)
        var content = transferredRatioLimits(box, isBorderBox ? width - chrome : width)
        if let maxWidth = box.style.maxWidth.resolve(containingWidth) {
            content = min(content, box.style.borderBoxSizing ? maxWidth - chrome : maxWidth)
        }
        if let minWidth = box.style.minWidth.resolve(containingWidth) {
            content = max(content, box.style.borderBoxSizing ? minWidth - chrome : minWidth)
        }
        return clampToSizingKeywords(box, max(0, content) + chrome, containingWidth: containingWidth)
    }

    // MARK: Blocks

    /// `flow` is where the box's content box sits in the enclosing block formatting context,
    /// for boxes that do not start their own.
    /// `containingDirection` is the direction of the block the box sits in, for in-flow
    /// block-level boxes (it decides which margin gives way).
    /// Returns the margins the box brings to the block that stacks it.
    @discardableResult
    func layoutBlock(_ box: Box, containingWidth: Double, containingDirection: TextDirection = .ltr, flow: FlowPosition? = nil) -> CollapsedMargins {
        resolveEdges(box, containingWidth: containingWidth)
        defer { if containingDirection.isRightToLeft { endMarginGivesWay(box, containingWidth: containingWidth) } }
        switch box.kind {
        case .table:
            TableLayout(engine: self).layout(box, containingWidth: containingWidth)
            return CollapsedMargins(ownOf: box)
        case .image:
            layoutImage(box, containingWidth: containingWidth)
            return CollapsedMargins(ownOf: box)
        default: break
        }
        if let verticalFlow = box.verticalFlow {
            layoutVerticalFlow(box, verticalFlow, containingWidth: containingWidth)
            return CollapsedMargins(ownOf: box)
        }
        let chrome = horizontalChrome(box)
        if let specified = preferredBorderWidth(box, containingWidth: containingWidth) {
            box.width = specified
            // A float's or inline-block's auto margins are zero (CSS 2.1 §10.3.5, §10.3.9).
            if box.kind != .inlineBlock && !box.isFloat && !box.isRenderedLegend { resolveAutoMargins(box, containingWidth: containingWidth) }
        } else if box.kind == .inlineBlock || box.isFloat || box.isRenderedLegend || box.control?.shrinksToFit == true {
            // Shrink-to-fit, all in border-box widths.
            let (minimum, maximum) = IntrinsicSizes(engine: self).contentWidths(box)
            let available = containingWidth - box.margin.left - box.margin.right
            box.width = clampWidth(box, min(max(minimum, available), maximum), containingWidth: containingWidth, isBorderBox: true)
            if box.kind != .inlineBlock, !box.isFloat, box.control != nil { resolveAutoMargins(box, containingWidth: containingWidth) }
        } else {
            let filling = containingWidth - box.margin.left - box.margin.right
            box.width = clampWidth(box, filling - chrome, containingWidth: containingWidth, isBorderBox: false)
            // max-width or min-width changed the width: the rules run again with it as the
            // computed width, so auto margins now share what is left (CSS 2.1 § 10.4).
            if box.width != filling { resolveAutoMargins(box, containingWidth: containingWidth) }
        }
        return layoutContents(box, flow: box.establishesBFC ? nil : flow)
    }

    /// Auto horizontal margins of a block with a used width (CSS 2.1 § 10.3.3): both share
    /// what the width leaves (centring it), one alone takes it; none below zero.
    func resolveAutoMargins(_ box: Box, containingWidth: Double) {
        let autoLeft = box.style.margin.left.isAuto, autoRight = box.style.margin.right.isAuto
        let free = containingWidth - box.width - box.margin.left - box.margin.right
        if autoLeft && autoRight { box.margin.left = max(0, free / 2); box.margin.right = max(0, free / 2) }
        else if autoLeft { box.margin.left = max(0, free) }
    }

    /// Over-constrained margins (CSS 2.1 § 10.3.3) in a right-to-left containing block: the
    /// left margin, not the right, takes what the width leaves, so the box sits on the right.
    private func endMarginGivesWay(_ box: Box, containingWidth: Double) {
        guard !box.isFloat, box.kind != .inlineBlock, !box.style.margin.left.isAuto, !box.style.margin.right.isAuto else { return }
        box.margin.left = containingWidth - box.width - box.margin.right
    }

    /// Lays out the content box of a box whose width is set, then settles its height; returns
    /// the margins it brings to the block that stacks it.
    @discardableResult
    func layoutContents(_ box: Box, forcedHeight: Double? = nil, flow: FlowPosition? = nil) -> CollapsedMargins {
        var contentHeight: Double
        let margins: CollapsedMargins
        // A fieldset's legend first: the content starts below it.
        let legendShift = box.renderedLegend.map { layoutLegend($0, of: box) } ?? 0
        // A BFC root starts its own float context with its content box as the origin.
        let flow = flow ?? FlowPosition(floats: FloatContext(), x: 0, y: 0)
        if box.style.display.inner == .flex {
            contentHeight = FlexLayout(engine: self).layout(box)
            margins = CollapsedMargins(ownOf: box)
        } else if MultiColumnLayout.applies(to: box) {
            contentHeight = MultiColumnLayout(engine: self).layout(box)
            margins = CollapsedMargins(ownOf: box)
        } else if let content = box.inlineContent {
            // The floats among the content are its children once placed (paint and placement find them there).
            box.children = content.floats
            box.lines = layoutLines(content, in: box, flow: flow)
            contentHeight = box.lines.last.map { $0.y + $0.height } ?? 0
            for line in box.lines {
                for atomic in line.atomics {
                    atomic.box.x = atomic.x + atomic.box.margin.left
                    atomic.box.y = atomic.y + atomic.box.margin.top
                }
            }
            margins = CollapsedMargins(ownOf: box, topIsQuirky: box.style.quirkyMarginTop)
        } else if box.style.display.inner == .grid {
            contentHeight = GridLayout(engine: self).layout(box)
            margins = CollapsedMargins(ownOf: box)
        } else {
            let base = percentHeightBaseForChildren(box)
            for child in box.children { child.percentHeightBase = base }
            if let legend = box.renderedLegend, let index = box.children.firstIndex(where: { $0 === legend }) {
                // The legend sits in the top border; the rest of the content below it.
                box.children.remove(at: index)
                (contentHeight, margins) = layoutBlockChildren(box, flow: flow)
                box.children.insert(legend, at: index)
            } else {
                (contentHeight, margins) = layoutBlockChildren(box, flow: flow)
            }
        }
        if box.establishesBFC, let bottom = flow.floats.lowestBottom() {
            contentHeight = max(contentHeight, bottom)  // a BFC root grows to hold its floats
        }
        if let marker = box.marker { layoutMarker(box, marker) }
        let verticalChrome = box.border.top + box.border.bottom + box.padding.top + box.padding.bottom
        if let forcedHeight {
            box.height = max(forcedHeight, contentHeight + verticalChrome)
            return margins
        }
        if case .textArea(let rows)? = box.control?.kind, let line = box.lines.first?.height {
            contentHeight = Double(rows) * line  // `rows` lines tall, whatever the text
        }
        box.naturalContentHeight = contentHeight
        if let requested = requestedContentHeight(box) {
            // A table cell's height is a minimum: its content is never cut.
            contentHeight = box.kind == .cell ? max(contentHeight, requested) : requested
        }
        if let ratioHeight = ratioContentHeight(box, contentHeight: contentHeight) { contentHeight = ratioHeight }
        // min-height and max-height size the box `box-sizing` names, as height does.
        let limits = contentHeightLimits(box)
        contentHeight = max(min(contentHeight, limits.max), limits.min)
        box.height = contentHeight + verticalChrome + legendShift
        if legendShift > 0 { box.contentShift = legendShift }
        if box.control?.centresLine == true {
            // WebKit centres a single-line control's text in a taller (or shorter) box.
            box.contentShift = ((contentHeight - box.naturalContentHeight) / 2).rounded(.down)
        }
        return margins
    }

    /// A fieldset's rendered legend (WebKit's RenderBlock::layoutExcludedChildren): shrink-to-fit,
    /// at the content box's start, centre or end as its `text-align` says, its margin box at the
    /// top of the fieldset, centred on the top border when that is the thicker. The content
    /// below starts under whichever is lower (`contentShift`); the border and background are
    /// drawn from the legend's middle.
    private func layoutLegend(_ legend: Box, of fieldset: Box) -> Double {
        layoutBlock(legend, containingWidth: fieldset.contentWidth)
        let available = fieldset.contentWidth - legend.width - legend.margin.left - legend.margin.right
        let rightToLeft = fieldset.style.direction.isRightToLeft
        let offset: Double
        switch legend.style.textAlign {
        case .center: offset = available / 2
        case .right: offset = available
        case .end: offset = rightToLeft ? 0 : available
        case .left: offset = 0
        case .start, .justify: offset = rightToLeft ? available : 0
        }
        legend.x = fieldset.contentX + legend.margin.left + max(0, offset)
        let marginBox = legend.margin.top + legend.height + legend.margin.bottom
        let borderTop = fieldset.border.top
        let top = marginBox > borderTop ? 0 : (borderTop - marginBox) / 2
        // The content is laid out unshifted and placed with the fieldset's `contentShift`,
        // set once it is laid out; the legend is placed with it too, so it is taken off here.
        let shift = max(0, marginBox - borderTop)
        fieldset.contentShift = 0
        legend.y = top + legend.margin.top - shift
        let borderInset = marginBox > borderTop ? (marginBox - borderTop) / 2 : 0
        fieldset.legendGap = LegendGap(borderInset: borderInset, legend: Rect(x: legend.x, y: top + legend.margin.top, width: legend.width, height: legend.height))
        return shift
    }

    /// Stacks block children with margin collapsing; returns the content height and the
    /// margins the box brings to its own parent (its children's may escape through its edges).
    private func layoutBlockChildren(_ box: Box, flow: FlowPosition) -> (contentHeight: Double, margins: CollapsedMargins) {
        let contentWidth = box.contentWidth
        let collapseTop = !box.establishesBFC && box.border.top == 0 && box.padding.top == 0
        let collapseBottom = !box.establishesBFC && box.border.bottom == 0 && box.padding.bottom == 0 && box.style.height.isAuto
        var escapingTop = MarginCollapse(box.margin.top)
        var pending = MarginCollapse()
        var cursor = 0.0
        var atTop = collapseTop
        var anyInFlow = false
        let quirkContainer = box.kind == .cell || box.isBody
        var escapingIsQuirky = true
        // A box that collapses through and had clearance: the margins after it no longer
        // collapse with the parent's bottom margin (CSS 2.1 §8.3.1), until an in-flow box
        // that does not collapse through follows.
        var cleared = false, clearedCollapseThrough = false
        for (index, child) in box.children.enumerated() {
            if child.isOutOfFlow {
                // No room, no margins collapsing through it: only where it would have been (WebKit's adjustPositionedBlock).
                box.placeAtStaticPosition(child, top: atTop ? 0 : cursor + pending.value)
                continue
            }
            resolveEdges(child, containingWidth: contentWidth)
            if child.isFloat {
                let top = atTop ? 0 : cursor + pending.value
                placeFloat(child, at: top, in: box, flow: flow)
                continue
            }
            if child.style.clear != .none, let bottom = flow.floats.lowestBottom(
                left: child.style.clear != .right, right: child.style.clear != .left) {
                // Clearance (CSS 2.1 §9.5.2): when the child's border box would start above the
                // floats it clears, it starts at their bottom; its top margin lies in the clearance.
                let floatBottom = bottom - flow.y
                var hypothetical = pending
                hypothetical.add(child.margin.top)
                if (atTop ? 0 : cursor + hypothetical.value) < floatBottom {
                    cursor = floatBottom - child.margin.top
                    pending = MarginCollapse()
                    atTop = false
                    anyInFlow = true
                    cleared = true
                }
            }
            var ownTop = pending
            ownTop.add(child.margin.top)
            defer { cleared = false }
            let estimatedTop = atTop ? 0 : cursor + ownTop.value
            var containingWidthForChild = contentWidth
            var offsetX = 0.0
            var top = estimatedTop
            var margins = CollapsedMargins()
            for _ in 0..<2 {
                if child.establishesBFC, !flow.floats.isEmpty {
                    // A table or other BFC root sits beside the floats, not under them.
                    let band = flow.floats.band(y: flow.y + top, height: 1, left: flow.x, right: flow.x + contentWidth)
                    offsetX = band.left - flow.x
                    containingWidthForChild = max(0, band.right - band.left)
                }
                let childFlow = FlowPosition(floats: flow.floats,
                                             x: flow.x + offsetX + child.margin.left + child.border.left + child.padding.left,
                                             y: flow.y + top + child.border.top + child.padding.top)
                margins = layoutBlock(child, containingWidth: containingWidthForChild, containingDirection: box.style.direction, flow: childFlow)
                guard child.establishesBFC, let lower = topAvoidingFloats(child, at: top, flow: flow, contentWidth: contentWidth) else { break }
                top = lower
            }
            alignLegacy(child, in: box.style.blockAlign, containingWidth: containingWidthForChild)
            child.margin.left += offsetX
            if top > estimatedTop {
                // Moved below floats it did not fit beside: as clearance, its margin no longer collapses.
                cursor = top - margins.top.value
                pending = MarginCollapse()
                atTop = false
                anyInFlow = true
            }
            if quirkContainer && !anyInFlow && margins.topIsQuirky {
                margins.top = MarginCollapse()
            }
            if box.kind == .cell && index == box.children.count - 1 && child.style.quirkyMarginBottom {
                margins.bottom = MarginCollapse()
            }
            if atTop && !margins.topIsQuirky && margins.top.value != 0 { escapingIsQuirky = false }
            child.x = box.contentX + child.margin.left
            if margins.collapsesThrough {
                var through = margins.top
                through.add(margins.bottom)
                // Its top border edge lies where it would with a bottom border: below the
                // margins before it and its own top margin, not its bottom one.
                var before = pending
                before.add(margins.top)
                child.y = box.contentY + cursor + (atTop ? 0 : before.value)
                if atTop { escapingTop.add(through) } else { pending.add(through) }
                if cleared { clearedCollapseThrough = true }
                continue
            }
            clearedCollapseThrough = false
            anyInFlow = true
            if atTop {
                escapingTop.add(margins.top)
                child.y = box.contentY  // its top margin escaped into ours
                atTop = false
            } else {
                pending.add(margins.top)
                child.y = box.contentY + cursor + pending.value
            }
            cursor = child.y - box.contentY + child.height
            // A child whose own margin escaped upward sits at its border top; the part of its
            // collapsed bottom margin beyond its own is handled by its descendants' positions.
            pending = margins.bottom
        }
        let topIsQuirky = (box.style.quirkyMarginTop || box.margin.top == 0) && (!collapseTop || escapingIsQuirky)
        let isEmpty = !anyInFlow && box.style.height.isAuto && box.border.top + box.border.bottom + box.padding.top + box.padding.bottom == 0
            && box.marker == nil
        let collapsesThrough = isEmpty && collapseTop && collapseBottom && (box.style.minHeight == .px(0) || box.style.minHeight == .auto)
        var margins = CollapsedMargins(top: collapseTop ? escapingTop : MarginCollapse(box.margin.top), bottom: MarginCollapse(box.margin.bottom),
                                       collapsesThrough: collapsesThrough, topIsQuirky: topIsQuirky)
        if collapsesThrough {
            margins.bottom.add(pending)
            return (0, margins)
        }
        if collapseBottom && !clearedCollapseThrough {
            margins.bottom.add(pending)
            return (cursor, margins)
        }
        return (cursor + pending.value, margins)
    }

    /// `align=center` and `<center>` centre narrower block children whose side margins are
    /// zero (Blink's -webkit-center).
    private func alignLegacy(_ child: Box, in alignment: TextAlign?, containingWidth: Double) {
        // `left` matters in a right-to-left block, where children otherwise sit on the right.
        guard let alignment, alignment != .justify,
              child.style.margin.left == .px(0), child.style.margin.right == .px(0) else { return }
        let free = containingWidth - child.width
        guard free > 0 else { return }
        child.margin.left = alignment == .center ? free / 2 : alignment == .left ? 0 : free
        child.margin.right = free - child.margin.left
    }

    /// Positions a float at the current line position, as far left or right as the other
    /// floats allow; it takes no room in the normal flow.
    func placeFloat(_ child: Box, at top: Double, in box: Box, flow: FlowPosition) {
        layoutBlock(child, containingWidth: box.contentWidth)
        positionFloat(child, at: top, in: box, flow: flow)
    }

    /// Places a laid-out float at `top` or below, as far left or right as the other floats allow.
    func positionFloat(_ child: Box, at top: Double, in box: Box, flow: FlowPosition) {
        let outerWidth = child.width + child.margin.left + child.margin.right
        let outerHeight = child.height + child.margin.top + child.margin.bottom
        let placed = flow.floats.place(width: outerWidth, height: outerHeight, isLeft: child.style.floating == .left,
                                       atOrBelow: flow.y + top, left: flow.x, right: flow.x + box.contentWidth,
                                       clear: child.style.clear)
        child.x = box.contentX + placed.x - flow.x + child.margin.left
        child.y = box.contentY + placed.y - flow.y + child.margin.top
        if let shape = FloatShape(of: child, containingWidth: box.contentWidth, images: images, work: shapeImageWork) {
            flow.floats.shapeLast(shape, borderX: placed.x + child.margin.left, borderY: placed.y + child.margin.top)
        }
    }

    /// Beside floats a paragraph is laid out a band at a time, each time from where the last
    /// band ended: only a window of about this much text (UTF-8 bytes) is laid out, not all
    /// that is left, so a long paragraph beside many floats costs what its lines cost.
    static let lineWindowBytes = 4_096
    /// The floats one paragraph places as its lines meet them (each lays a window out again);
    /// past it (hostile input) the rest go below the lines.
    static let maximumFloatsMetPerParagraph = 100
    /// The window laid out beside a shape, where a layout gives a line or two.
    static let shapeLineWindowBytes = 1_024
    /// The rows a paragraph tries, a pixel apart, for a word to fit beside shapes.
    static let maximumShapeStepsPerParagraph = 20_000

    /// Line boxes of one inline formatting context; lines beside floats are shortened, so the
    /// text is laid out band by band (each band between two float edges).
    private func layoutLines(_ content: InlineContent, in box: Box, flow: FlowPosition) -> [LineBox] {
        let contentWidth = box.contentWidth
        let base = percentHeightBaseForChildren(box)
        let layoutAtomic: (Box) -> Void = { atomic in
            atomic.percentHeightBase = base
            self.layoutBlock(atomic, containingWidth: contentWidth)
        }
        var style = box.style
        var remaining = content
        var firstLineContainer: ComputedStyle?
        if let firstLine = box.firstLine {
            // The first line in `::first-line`'s style: where it ends with that style throughout
            // decides which text gets it.
            let styled = FirstLine.styled(content, firstLine.style, element: firstLine.element)
            let trial = InlineLayout(fonts: fonts, container: style).layout(styled, width: contentWidth, layoutAtomic: layoutAtomic)
            let end = trial.lineStarts.count > 1 ? trial.lineStarts[1] : Int.max
            remaining = FirstLine.splice(styled, content, at: end, firstLine: firstLine.style)
            // The line's own strut is in first-line style too: that line is laid out alone.
            firstLineContainer = FirstLine.apply(firstLine.style, element: firstLine.element, to: style)
        }
        var lines: [LineBox] = []
        var y = 0.0
        // The floats among the content, placed as the lines reach them.
        let contentFloats = content.floats
        var placedFloats = Set<ObjectIdentifier>()
        var floatsMet = 0
        func position(_ float: Box, at top: Double) {
            positionFloat(float, at: top, in: box, flow: flow)
            placedFloats.insert(ObjectIdentifier(float))
        }
        for float in contentFloats {
            resolveEdges(float, containingWidth: contentWidth)
            float.percentHeightBase = base
            layoutBlock(float, containingWidth: contentWidth)
        }
        let windowed = !flow.floats.isEmpty || !contentFloats.isEmpty
        // Beside a shape only a line or so is taken from each layout: a smaller window first.
        func layOut(width: Double, besideShape: Bool = false) -> (result: InlineLayout.Result, isWhole: Bool) {
            let inline = InlineLayout(fonts: fonts, container: firstLineContainer ?? style)
            if windowed {
                for bytes in besideShape ? [Self.shapeLineWindowBytes, Self.lineWindowBytes] : [Self.lineWindowBytes] {
                    let window = remaining.prefix(bytes: bytes)
                    guard !window.isWhole else { break }
                    let result = inline.layout(window.content, width: width, layoutAtomic: layoutAtomic)
                    if result.lines.count > 1 { return (result, false) }
                }
            }
            return (inline.layout(remaining, width: width, layoutAtomic: layoutAtomic), true)
        }
        // A line avoids the floats along its whole height, not just at its top (WebKit's
        // LineWidth::updateAvailableWidth with the height of what the line holds).
        // Past its budget of tries (hostile input), a paragraph stops wrapping along shapes:
        // floats take their margin boxes, and the lines are taken many at a time again.
        var wrapsShapes = true
        var shapeSteps = 0
        func freeBand(at top: Double, height: Double) -> (left: Double, right: Double) {
            wrapsShapes ? flow.floats.lineBand(y: flow.y + top, height: height, left: flow.x, right: flow.x + contentWidth)
                : flow.floats.band(y: flow.y + top, height: height, left: flow.x, right: flow.x + contentWidth)
        }
        var tries = 0
        while true {
            tries += 1
            let budget = 64 + 2 * flow.floats.count + 2 * contentFloats.count
            if tries > budget + (wrapsShapes ? flow.floats.shapedRows : 0) {
                guard wrapsShapes, flow.floats.hasShapes else { break }
                wrapsShapes = false
                tries = 1
            }
            var band = freeBand(at: y, height: 1)
            let bandEnd = flow.floats.isEmpty ? nil : flow.floats.nextBottom(below: flow.y + y).map { $0 - flow.y }
            let besideShape = wrapsShapes && flow.floats.shapeMeets(y: flow.y + y, height: 1)
            var (result, isWhole) = layOut(width: band.right - band.left, besideShape: besideShape)
            if !flow.floats.isEmpty, let first = result.lines.first, freeBand(at: y, height: first.height) != band {
                band = freeBand(at: y, height: first.height)
                (result, isWhole) = layOut(width: band.right - band.left, besideShape: besideShape)
            }
            let narrowed = band.left > flow.x || band.right < flow.x + contentWidth
            if narrowed, result.firstLineEnd > band.right - band.left + 0.01, let bandEnd {
                // Not even the first word fits beside the floats: go below them, or beside a
                // shape a pixel lower at a time until it fits (WebKit samples one pixel down).
                y = lowerTopWhereFits(result.firstLineEnd, from: y, lineHeight: result.lines.first?.height ?? 1, before: bandEnd)
                continue
            }
            // The next float the lines meet: on the first line, beside it when it fits in what
            // the line has left (then the line is laid out again beside it), else below it;
            // on a later line, the lines before it are taken first (CSS 2.1 §9.5.1 rule 6,
            // WebKit's LineBreaker: a float that fits on the line is positioned there).
            var takeLimit = Int.max
            var floatBelowFirstLine: Box?
            // Each float met lays the rest of the text out again: past a budget (hostile input,
            // thousands of floats in one long paragraph) the floats left go below the lines.
            if floatsMet < Self.maximumFloatsMetPerParagraph,
               let mark = result.floats.first(where: { !placedFloats.contains(ObjectIdentifier($0.box)) }) {
                floatsMet += 1
                if mark.line == 0 {
                    let float = mark.box
                    let outerWidth = float.width + float.margin.left + float.margin.right
                    if mark.advance == 0 || mark.advance + outerWidth <= band.right - band.left + 0.01 || result.lines.isEmpty {
                        position(float, at: y + (result.lines.first?.y ?? 0))
                        continue
                    }
                    takeLimit = 1
                    floatBelowFirstLine = float
                } else {
                    takeLimit = mark.line
                }
            }
            // The last line of a window may end where the window was cut: it is laid out again.
            if !isWhole { takeLimit = min(takeLimit, result.lines.count - 1) }
            let dx = band.left - flow.x
            var taken = 0
            for line in result.lines {
                if taken >= takeLimit { break }
                // Lines that start past the band's end are laid out again with the next band.
                if let bandEnd, taken > 0, y + line.y >= bandEnd, narrowed { break }
                // A float lower down reaches into this line: it is laid out again beside it.
                if taken > 0, !flow.floats.isEmpty, freeBand(at: y + line.y, height: line.height) != band { break }
                // A word too long for the room beside a shape: laid out again as a first line,
                // which moves down until it fits (WebKit fits a line below such floats).
                if taken > 0, narrowed, wrapsShapes, flow.floats.hasShapes, taken < result.lineEnds.count,
                   result.lineEnds[taken] > band.right - band.left + 0.01 { break }
                lines.append(line.offsetBy(dx: dx, dy: y))
                taken += 1
                if firstLineContainer != nil { break }
            }
            if let float = floatBelowFirstLine, let line = lines.last { position(float, at: line.y + line.height) }
            firstLineContainer = nil
            if taken == result.lines.count { break }
            let lastTaken = result.lines[taken - 1]
            y += lastTaken.y + lastTaken.height
            remaining = remaining.suffix(fromByte: result.lineStarts[taken])
            style.textIndent = .px(0)
        }
        /// Below `top`, the first row where a line `lineHeight` tall has `width` beside a shape,
        /// else `limit` (the next float bottom); rows a pixel apart, at most 4,096 of them.
        func lowerTopWhereFits(_ width: Double, from top: Double, lineHeight: Double, before limit: Double) -> Double {
            guard wrapsShapes, flow.floats.shapeMeets(y: flow.y + top, height: lineHeight) else { return limit }
            var candidate = top + 1
            // A paragraph's rows tried beside shapes are bounded (hostile input).
            while candidate < limit, shapeSteps < Self.maximumShapeStepsPerParagraph {
                shapeSteps += 1
                let band = freeBand(at: candidate, height: lineHeight)
                if band.right - band.left + 0.01 >= width { return candidate }
                candidate += 1
            }
            return max(limit, top + 1)
        }
        // Floats the loop did not reach (past its bound) go below the lines.
        let bottom = lines.last.map { $0.y + $0.height } ?? y
        for float in contentFloats where !placedFloats.contains(ObjectIdentifier(float)) { position(float, at: bottom) }
        for line in lines {
            for atomic in line.atomics {
                atomic.box.x = atomic.x + atomic.box.margin.left
                atomic.box.y = atomic.y + atomic.box.margin.top
            }
        }
        return lines
    }

    private func layoutMarker(_ box: Box, _ marker: ListMarker) {
        var style = marker.style
        style.textAlign = .start
        style.textIndent = .px(0)
        style.whiteSpace = .pre
        // The marker sits outside the content box, its baseline on the first line's.
        func firstBaseline(otherwise fallback: Double) -> Double {
            box.lines.first.map { $0.y + $0.baseline }
                ?? box.children.first(where: { !$0.isOutOfFlow }).flatMap { child in child.lastBaselineOfFirstLine().map { child.y - box.contentY + $0 } }
                ?? fallback
        }
        if let image = marker.image {
            // Outside: 7 px before the content (WebKit's cMarkerPadding), its bottom on the baseline.
            layoutBlock(image, containingWidth: box.contentWidth)
            image.x = style.direction.isRightToLeft ? box.contentWidth + 7 : -image.width - 7
            image.y = firstBaseline(otherwise: image.height) - image.height
            box.markerLine = LineBox(y: 0, height: 0, baseline: 0, glyphRuns: [], decorations: [], atomics: [(image, image.x, image.y)])
            return
        }
        if let bullet = ListBullet(marker, ascent: fonts.metrics(for: style).ascent) {
            let shape = bullet.box(inside: false)
            layoutBlock(shape, containingWidth: box.contentWidth)
            let distance = Double(bullet.outsideDistance)
            shape.x = style.direction.isRightToLeft ? box.contentWidth + distance - shape.width : -distance
            shape.y = firstBaseline(otherwise: Double(bullet.ascent)) - Double(bullet.ascent) + Double(bullet.top)
            box.markerLine = LineBox(y: 0, height: 0, baseline: 0, glyphRuns: [], decorations: [], atomics: [(shape, shape.x, shape.y)])
            return
        }
        var content = InlineContent()
        // A trailing space (the suffix's) would hang past the line's end and not count.
        let text = marker.text.hasSuffix(" ") ? marker.text.dropLast() + "\u{00A0}" : marker.text
        content.items = [.text(text, style)]
        let result = InlineLayout(fonts: fonts, container: style).layout(content, width: nil) { _ in }
        guard var line = result.lines.first else { return }
        // Outside the content box on its start side: the left, or the right in RTL.
        let dx = style.direction.isRightToLeft ? box.contentWidth : -result.width
        let dy = firstBaseline(otherwise: line.baseline) - line.baseline
        line.glyphRuns = line.glyphRuns.map { $0.offsetBy(dx: dx, dy: dy) }
        line.decorations = []
        line.y = 0
        line.height = 0
        box.markerLine = line
    }

    // MARK: Images

    func layoutImage(_ box: Box, containingWidth: Double) {
        BrokenImage.measure(box, fonts: fonts)
        defer { BrokenImage.placeContents(box) }
        let chrome = horizontalChrome(box)
        let verticalChrome = box.border.top + box.border.bottom + box.padding.top + box.padding.bottom
        let specifiedWidth = box.style.width.resolve(containingWidth).map { box.style.borderBoxSizing ? max(0, $0 - chrome) : $0 }
        var specifiedHeight: Double?
        if case .px(let h) = box.style.height { specifiedHeight = box.style.borderBoxSizing ? max(0, h - verticalChrome) : h }
        let size = box.brokenImage != nil && specifiedWidth == nil && specifiedHeight == nil
            ? brokenImageAutoSize(box, ratio: box.aspectRatio, containingWidth: containingWidth)
            : replacedSize(box, specifiedWidth: specifiedWidth, specifiedHeight: specifiedHeight, containingWidth: containingWidth)
        box.width = size.width + chrome
        box.height = size.height + verticalChrome
        // A block-level image is centred (or pushed right) by auto margins, as any block is.
        if box.style.display.isBlockLevel && !box.isFloat { resolveAutoMargins(box, containingWidth: containingWidth) }
    }

    /// The content size of a replaced element from its specified and intrinsic sizes: CSS 2.1
    /// §10.3.2 / §10.6.2, a missing dimension follows from the other and the ratio.
    private func replacedSize(_ box: Box, specifiedWidth: Double?, specifiedHeight: Double?,
                              containingWidth: Double) -> (width: Double, height: Double) {
        let ratio = box.aspectRatio
        var width = specifiedWidth ?? specifiedHeight.flatMap { h in ratio.map { h / $0 } } ?? box.intrinsicWidth
            ?? defaultWidth(box, ratio: ratio, containingWidth: containingWidth)
        var height = specifiedHeight ?? ratio.map { width * $0 } ?? box.intrinsicHeight ?? (box.image == nil ? 0 : DecodedImage.defaultObjectSize.height)
        if let maxWidth = box.style.maxWidth.resolve(containingWidth), width > maxWidth {
            if specifiedHeight == nil, let ratio { height = maxWidth * ratio }
            else if specifiedHeight == nil, width > 0 { height = height * maxWidth / width }
            width = maxWidth
        }
        if let minWidth = box.style.minWidth.resolve(containingWidth), width < minWidth { width = minWidth }
        if case .px(let maxHeight) = box.style.maxHeight, height > maxHeight { height = maxHeight }
        return (width, height)
    }

    /// The width of an image without an intrinsic width (an SVG without `width`): with a
    /// ratio, the containing block's width less the box's margins, borders and padding (as
    /// CSS 2.1 § 10.3.2 suggests and WebKit does); without, CSS's default 300 px.
    private func defaultWidth(_ box: Box, ratio: Double?, containingWidth: Double) -> Double {
        guard box.image != nil else { return 0 }
        guard ratio != nil else { return DecodedImage.defaultObjectSize.width }
        let margins = (box.style.margin.left.resolve(containingWidth) ?? 0) + (box.style.margin.right.resolve(containingWidth) ?? 0)
        return max(0, containingWidth - margins - horizontalChrome(box))
    }

    /// The content size of a broken image with no width or height: its intrinsic size, each
    /// side within its min/max sizes and those of the other side carried over by the ratio.
    /// (The ratio is the icon's square, not the alt text box's shape, so the CSS 2.1 § 10.4
    /// table, which scales both sides together, would not give WebKit's sizes.)
    private func brokenImageAutoSize(_ box: Box, ratio: Double?, containingWidth: Double) -> (width: Double, height: Double) {
        let style = box.style
        let horizontal = horizontalChrome(box), vertical = box.border.top + box.border.bottom + box.padding.top + box.padding.bottom
        func content(_ length: Length, _ chrome: Double, against base: Double?) -> Double? {
            guard let base, let value = length.resolve(base) else { return nil }
            return style.borderBoxSizing ? max(0, value - chrome) : value
        }
        let minWidth = content(style.minWidth, horizontal, against: containingWidth) ?? 0
        let maxWidth = content(style.maxWidth, horizontal, against: containingWidth) ?? .infinity
        var minHeight = 0.0, maxHeight = Double.infinity
        if case .px = style.minHeight { minHeight = content(style.minHeight, vertical, against: 0) ?? 0 }
        if case .px = style.maxHeight { maxHeight = content(style.maxHeight, vertical, against: 0) ?? .infinity }
        var widthRange = (minWidth, maxWidth), heightRange = (minHeight, maxHeight)
        if let ratio, ratio > 0 {
            widthRange = (max(minWidth, minHeight / ratio), min(maxWidth, maxHeight / ratio))
            heightRange = (max(minHeight, minWidth * ratio), min(maxHeight, maxWidth * ratio))
        }
        func clamp(_ value: Double, _ range: (Double, Double)) -> Double { max(range.0, min(value, range.1)) }
        return (clamp(box.intrinsicWidth ?? 0, widthRange), clamp(box.intrinsicHeight ?? 0, heightRange))
    }
}

extension Box {
    /// The first line's baseline from the border-box top, for list markers.
    func lastBaselineOfFirstLine() -> Double? {
        if style.display.inner == .flex { return flexBaseline() }
        if let first = lines.first { return contentY + first.y + first.baseline }
        for child in children where !child.isOutOfFlow {
            if let baseline = child.lastBaselineOfFirstLine() { return child.y + baseline }
        }
        return nil
    }
}
