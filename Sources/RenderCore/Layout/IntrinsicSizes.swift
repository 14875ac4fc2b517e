/// Min-content and max-content widths (CSS Sizing §5), which shrink-to-fit boxes and the
/// automatic table algorithm need. Results are border-box widths, cached on the box.
struct IntrinsicSizes {
    let engine: LayoutEngine

    /// Border-box min/max-content widths of `box` (margins excluded).
    func contentWidths(_ box: Box) -> (min: Double, max: Double) {
        if let cached = box.cachedContentWidths { return cached }
        let result = compute(box)
        box.cachedContentWidths = result
        return result
    }

    /// What the content asks for, whatever the box's own px width says (a flex item's
    /// content size suggestion and content-based flex basis, CSS Flexbox §4.5, §9.2).
    func contentOnlyWidths(_ box: Box) -> (min: Double, max: Double) {
        guard case .px = box.style.width, box.kind != .image, box.kind != .table, box.kind != .cell else { return contentWidths(box) }
        return compute(box, ignoringWidth: true)
    }

    /// Including horizontal margins (px only; percentages count as zero here).
    func outerWidths(_ box: Box) -> (min: Double, max: Double) {
        let inner = contentWidths(box)
        let margins = px(box.style.margin.left) + px(box.style.margin.right)
        return (inner.min + margins, inner.max + margins)
    }

    private func px(_ length: Length) -> Double {
        if case .px(let value) = length { return value }
        return 0
    }

    /// The widths of the box's content alone with its chrome, whatever its own `width`,
    /// `min-width` and `max-width` say (what `min-width: max-content` measures); not cached.
    func contentAloneWidths(_ box: Box) -> (min: Double, max: Double) {
        guard box.kind == .block || box.kind == .inlineBlock else { return contentWidths(box) }
        return compute(box, ownSize: false)
    }

    /// `ignoringWidth`: past a px `width` (min and max widths still apply); `ownSize: false`:
    /// past every size of the box's own.
    private func compute(_ box: Box, ignoringWidth: Bool = false, ownSize: Bool = true) -> (min: Double, max: Double) {
        let style = box.style
        let border = style.usedBorder
        let chrome = border.left + border.right + px(style.padding.left) + px(style.padding.right)
        if box.kind == .table {
            return TableLayout(engine: engine).intrinsicWidths(box)
        }
        if box.verticalFlow != nil {
            // Its width is its lines' stack, whatever room it is given.
            let width = engine.verticalFlowBorderWidth(box)
            return (width, width)
        }
        if box.kind == .image {
            BrokenImage.measure(box, fonts: engine.fonts)
            var width = px(style.width)
            if style.width.isAuto, let intrinsic = box.intrinsicWidth {
                if case .px(let h) = style.height, let ratio = box.aspectRatio { width = h / ratio } else { width = intrinsic }
            }
            if style.width.isPercentOrCalc {
                // A percentage width leaves the container to size it: min-content 0, max-content
                // the natural width, px max-width and min-width applied to both
                // (WebKit's RenderReplaced::computePreferredLogicalWidths).
                guard let intrinsic = box.intrinsicWidth else { return (chrome, chrome) }
                var minimum = 0.0, maximum = intrinsic
                // A px height gives the natural width through the aspect ratio.
                if case .px(let height) = style.height, let ratio = box.aspectRatio, box.brokenImage == nil { maximum = height / ratio }
                if case .px(let maxWidth) = style.maxWidth { maximum = min(maximum, maxWidth) }
                if case .px(let minWidth) = style.minWidth { minimum = max(minimum, minWidth); maximum = max(maximum, minWidth) }
                return (minimum + chrome, maximum + chrome)
            }
            if case .px(let maxWidth) = style.maxWidth { width = min(width, maxWidth) }
            if style.maxWidth.isPercentOrCalc { return (chrome, width + chrome) }
            return (width + chrome, width + chrome)
        }
        var minimum = 0.0, maximum = 0.0
        if style.display.inner == .flex {
            (minimum, maximum) = box.withOutOfFlowChildrenAside { FlexLayout(engine: engine).intrinsicWidths(box) }
        } else if box.inlineContent == nil, style.display.inner == .grid {
            (minimum, maximum) = box.withOutOfFlowChildrenAside { GridLayout(engine: engine).intrinsicContentWidths(box) }
        } else if let content = box.inlineContent {
            (minimum, maximum) = content.floats.isEmpty ? inlineWidths(content, style: style) : inlineWidthsBesideFloats(content, style: style)
            if let texts = box.control?.sizingTexts, case .text(_, let runStyle)? = content.items.first {
                for text in texts {
                    var other = InlineContent()
                    other.items = [.text(text, runStyle)]
                    let width = inlineWidths(other, style: style).1
                    minimum = max(minimum, width); maximum = max(maximum, width)
                }
            }
        } else {
            (minimum, maximum) = blockChildrenWidths(box.children.filter { !$0.isOutOfFlow })
        }
        if MultiColumnLayout.applies(to: box) { (minimum, maximum) = MultiColumnLayout.intrinsicWidths(style, content: (minimum, maximum)) }
        if !ownSize {
            return (minimum + chrome, max(minimum, maximum) + chrome)
        }
        if case .px(let specified) = style.width, box.kind != .cell, !ignoringWidth {
            let content = style.borderBoxSizing ? max(0, specified - chrome) : specified
            return (content + chrome, content + chrome)
        }
        let verticalChrome = border.top + border.bottom + px(style.padding.top) + px(style.padding.bottom)
        if box.kind != .cell, let width = LayoutEngine.ratioBorderWidth(style, horizontalChrome: chrome, verticalChrome: verticalChrome) {
            return (width, width)
        }
        // `width: min-content` is that width whatever room it has; `max-content` likewise.
        switch style.sizingKeywords.width {
        case .minContent?: maximum = minimum
        case .maxContent?: minimum = maximum
        default: break
        }
        if case .px(let maxWidth) = style.maxWidth {
            let cap = style.borderBoxSizing ? max(0, maxWidth - chrome) : maxWidth
            minimum = min(minimum, cap); maximum = min(maximum, cap)
        }
        if case .px(let minWidth) = style.minWidth, minWidth > 0 {
            minimum = max(minimum, minWidth); maximum = max(maximum, minWidth)
        }
        return (minimum + chrome, max(minimum, maximum) + chrome)
    }

    /// Block children, floats included (WebKit's RenderBlock::computeBlockPreferredLogicalWidths).
    /// A float that sat in a run of inline content (the builder took it out of the line, next to
    /// an anonymous block) is on that content's line: its width adds to the line's max-content,
    /// as in RenderBlockFlow::computeInlinePreferredLogicalWidths (a float clearing an earlier
    /// float of the run starts a new line). Other floats side by side add up; a block that
    /// avoids floats (a BFC root) sits beside them, any other block under them.
    private func blockChildrenWidths(_ children: [Box]) -> (Double, Double) {
        var minimum = 0.0, maximum = 0.0
        var floatLeft = 0.0, floatRight = 0.0
        var index = 0
        while index < children.count {
            // A run of floats and anonymous blocks holding at least one anonymous block: one
            // inline formatting context in WebKit's tree.
            var end = index
            while end < children.count, children[end].isFloat || children[end].kind == .anonymousBlock { end += 1 }
            if end > index, children[index..<end].contains(where: { $0.kind == .anonymousBlock }) {
                maximum = max(maximum, floatLeft + floatRight)
                floatLeft = 0; floatRight = 0
                let line = lineWidths(children[index..<end].map { (outerWidths($0), $0.isFloat ? $0 : nil) })
                minimum = max(minimum, line.min)
                maximum = max(maximum, line.max)
                index = end
                continue
            }
            let child = children[index]
            index += 1
            if child.isFloat || child.establishesBFC {
                let clear = child.style.clear
                if clear == .left || clear == .both { maximum = max(maximum, floatLeft + floatRight); floatLeft = 0 }
                if clear == .right || clear == .both { maximum = max(maximum, floatLeft + floatRight); floatRight = 0 }
            }
            let widths = outerWidths(child)
            minimum = max(minimum, widths.min)
            var width = widths.max
            if child.isFloat {
                if child.style.floating == .right { floatRight += width } else { floatLeft += width }
                continue
            }
            if child.establishesBFC {
                let marginLeft = px(child.style.margin.left), marginRight = px(child.style.margin.right)
                let inner = width - marginLeft - marginRight
                let left = marginLeft > 0 ? max(floatLeft, marginLeft) : floatLeft + marginLeft
                let right = marginRight > 0 ? max(floatRight, marginRight) : floatRight + marginRight
                width = max(inner + left + right, floatLeft + floatRight)
            } else {
                maximum = max(maximum, floatLeft + floatRight)
            }
            floatLeft = 0; floatRight = 0
            maximum = max(maximum, width)
        }
        return (minimum, max(maximum, floatLeft + floatRight))
    }

    /// Pieces of one line, text and floats, in order: min-content is the widest piece; the
    /// max-content line holds them all side by side, except that a float clearing an earlier
    /// float starts a new line (RenderBlockFlow::computeInlinePreferredLogicalWidths).
    private func lineWidths(_ pieces: [(widths: (min: Double, max: Double), float: Box?)]) -> (min: Double, max: Double) {
        var minimum = 0.0, line = 0.0, widest = 0.0
        var previousFloat: Box?
        for piece in pieces {
            minimum = max(minimum, piece.widths.min)
            if let float = piece.float {
                if let previous = previousFloat, clears(float.style.clear, previous.style.floating) {
                    widest = max(widest, line); line = 0
                }
                previousFloat = float
            }
            line += piece.widths.max
        }
        return (minimum, max(widest, line))
    }

    /// Inline content with floats among it: the text between floats measured piece by piece.
    private func inlineWidthsBesideFloats(_ content: InlineContent, style: ComputedStyle) -> (Double, Double) {
        var pieceStyle = style
        var pieces: [(widths: (min: Double, max: Double), float: Box?)] = []
        var run = InlineContent()
        func endRun() {
            guard !run.isEmpty else { return }
            let widths = inlineWidths(run, style: pieceStyle)
            pieces.append(((widths.0, widths.1), nil))
            pieceStyle.textIndent = .px(0)  // only the first line indents
            run = InlineContent()
        }
        for item in content.items {
            guard case .float(let float) = item else { run.items.append(item); continue }
            endRun()
            pieces.append((outerWidths(float), float))
        }
        endRun()
        return lineWidths(pieces)
    }

    private func clears(_ clear: FloatSide, _ side: FloatSide) -> Bool {
        clear == .both || (clear != .none && clear == side)
    }

    private func inlineWidths(_ content: InlineContent, style: ComputedStyle) -> (Double, Double) {
        var atomicMax = 0.0
        let inline = InlineLayout(fonts: engine.fonts, container: style)
        // Atomic inlines take their own max-content width when measuring the line's max…
        let maxRun = inline.widestLine(content, width: nil) { atomic in
            let widths = self.outerWidths(atomic)
            atomicMax = max(atomicMax, widths.max)
            self.engine.layoutBlock(atomic, containingWidth: widths.max)
        }
        // …and their min-content width when measuring the narrowest wrap.
        var minContent = inline
        minContent.measuringMinContent = true
        let minRun = minContent.widestLine(content, width: 0) { atomic in
            self.engine.layoutBlock(atomic, containingWidth: self.outerWidths(atomic).min)
        }
        return (minRun, max(maxRun, minRun))
    }
}
