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

    private func compute(_ box: Box) -> (min: Double, max: Double) {
        let style = box.style
        let border = style.usedBorder
        let chrome = border.left + border.right + px(style.padding.left) + px(style.padding.right)
        if box.kind == .table {
            return TableLayout(engine: engine).intrinsicWidths(box)
        }
        if box.kind == .image {
            BrokenImage.measure(box, fonts: engine.fonts)
            var width = px(style.width)
            if style.width.isAuto, let intrinsic = box.intrinsicWidth {
                if case .px(let h) = style.height, let ratio = box.aspectRatio { width = h / ratio } else { width = intrinsic }
            }
            if case .percent = style.width {
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
            if case .percent = style.maxWidth { return (chrome, width + chrome) }
            return (width + chrome, width + chrome)
        }
        var minimum = 0.0, maximum = 0.0
        if let content = box.inlineContent {
            (minimum, maximum) = inlineWidths(content, style: style)
        } else {
            for child in box.children {
                let widths = outerWidths(child)
                minimum = max(minimum, widths.min)
                maximum = max(maximum, widths.max)
            }
        }
        if case .px(let specified) = style.width, box.kind != .cell {
            let content = style.borderBoxSizing ? max(0, specified - chrome) : specified
            return (content + chrome, content + chrome)
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
