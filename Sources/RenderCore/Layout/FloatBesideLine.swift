/// A float that follows inline content in the source sits as high as the line holding that
/// content when it fits beside what the line already holds (CSS 2.1 §9.5.1 rule 6; WebKit's
/// LineWidth::shrinkAvailableWidthForNewFloatIfFit), not below it.
///
/// The box tree splits a paragraph at a float: the text before it is an anonymous block of
/// its own. The float is tried at the top of that block's last line, and the block's lines
/// are laid out again beside it; when they no longer fit as they were, the trial is undone.
extension LayoutEngine {
    func placeBesideLastLine(_ float: Box, index: Int, in box: Box, flow: FlowPosition) -> Bool {
        // The text run the float interrupts: the nearest earlier sibling that is no float.
        guard let previous = box.children[..<index].last(where: { !$0.isFloat }),
              previous.node == nil, !previous.isFloat, previous.verticalFlow == nil,
              let content = previous.inlineContent, let line = previous.lines.last,
              !content.endsWithForcedBreak else { return false }
        let lineTop = previous.y - box.contentY + previous.contentY + line.y
        let lineCount = previous.lines.count, height = previous.height
        let floatsBefore = flow.floats.count
        placeFloat(float, at: lineTop, in: box, flow: flow)
        let textFlow = FlowPosition(floats: flow.floats, x: flow.x + previous.x - box.contentX + previous.contentX,
                                    y: flow.y + previous.y - box.contentY + previous.contentY)
        let placedAtLine = float.y - float.margin.top - box.contentY == lineTop
        if placedAtLine {
            layoutContents(previous, flow: textFlow)
            if previous.lines.count == lineCount && previous.height == height { return true }
        }
        // It does not fit beside the line: it goes below, where the lines were.
        while flow.floats.count > floatsBefore { flow.floats.removeLast() }
        if placedAtLine { layoutContents(previous, flow: textFlow) }
        return false
    }
}

extension InlineContent {
    /// Ends in a forced line break: what follows starts a new line.
    var endsWithForcedBreak: Bool {
        for item in items.reversed() {
            switch item {
            case .lineBreak: return true
            case .inlineEnd, .inlineStart: continue
            case .text(let text, _) where text.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" }): continue
            default: return false
            }
        }
        return false
    }
}

extension LayoutEngine {
    /// A block formatting context root laid out at `top` beside floats: when its border box is
    /// wider than the room the floats leave along its height, the first float bottom below
    /// where it fits (WebKit's getClearDelta for boxes that avoid floats), where it is laid
    /// out once more; nil when it fits. Past 64 tries, below all the floats (bounded work).
    func topAvoidingFloats(_ child: Box, at top: Double, flow: FlowPosition, contentWidth: Double) -> Double? {
        let floats = flow.floats
        guard !floats.isEmpty else { return nil }
        var y = top
        for _ in 0..<64 {
            let band = floats.band(y: flow.y + y, height: child.height, left: flow.x, right: flow.x + contentWidth)
            let fits = (band.left <= flow.x && band.right >= flow.x + contentWidth) || child.width <= band.right - band.left + 0.01
            if fits { return y == top ? nil : y }
            guard let next = floats.nextBottom(below: flow.y + y) else { return y == top ? nil : y }
            y = next - flow.y
        }
        return floats.lowestBottom().map { max(top, $0 - flow.y) }
    }
}
