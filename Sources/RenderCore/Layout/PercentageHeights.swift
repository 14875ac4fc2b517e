/// Percentage heights (CSS 2.1 §10.5, §10.7): a percentage of the containing block's height
/// when that height is definite (a length, a resolved percentage, the initial containing
/// block's viewport height), else `height` is auto, `min-height` 0 and `max-height` none.
/// In quirks mode percentages look past auto-height blocks, as WebKit does
/// (RenderBox::skipContainingBlockForPercentHeightCalculation): `<table height=100%>` in a
/// mail's body reaches the viewport, less the body's and root's margins, borders and padding.
extension LayoutEngine {
    /// The content height the box's `height` asks for; nil for auto or an unresolvable percentage.
    func requestedContentHeight(_ box: Box) -> Double? {
        guard let height = resolvedHeight(box.style.height, of: box) else { return nil }
        return box.style.borderBoxSizing ? max(0, height - verticalChrome(box)) : height
    }

    /// `min-height` and `max-height` as content heights (the box `box-sizing` names).
    func contentHeightLimits(_ box: Box) -> (min: Double, max: Double) {
        let chrome = box.style.borderBoxSizing ? verticalChrome(box) : 0
        let minimum = resolvedHeight(box.style.minHeight, of: box).map { $0 - chrome } ?? 0
        let maximum = resolvedHeight(box.style.maxHeight, of: box).map { max(0, $0 - chrome) } ?? .infinity
        return (minimum, maximum)
    }

    private func resolvedHeight(_ length: Length, of box: Box) -> Double? {
        switch length {
        case .px(let value): return value
        case .auto: return nil
        case .percent, .calc: return box.percentHeightBase.flatMap { length.resolve($0) }
        }
    }

    /// The definite content height the box gives its in-flow children's percentages, or nil.
    func percentHeightBaseForChildren(_ box: Box) -> Double? {
        // A table cell's height is settled by its row, after its content (WebKit resolves
        // against it in a second pass only).
        guard box.kind != .cell else { return nil }
        // Anonymous blocks do not impede resolution.
        if box.kind == .anonymousBlock || box.node == nil && box.kind == .block && !box.isFloat && !box.isRoot { return box.percentHeightBase }
        if let height = requestedContentHeight(box) {
            let limits = contentHeightLimits(box)
            return max(limits.min, min(height, limits.max))
        }
        if quirksMode && box.style.height.isAuto && box.style.display.inner == .flow, let base = box.percentHeightBase {
            // Skipped: the root and body take their own margins, borders and padding out.
            guard box.isRoot || box.isBody else { return base }
            return max(0, base - box.margin.top - box.margin.bottom - verticalChrome(box))
        }
        return nil
    }
}
