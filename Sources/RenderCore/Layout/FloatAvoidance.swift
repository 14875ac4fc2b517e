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
