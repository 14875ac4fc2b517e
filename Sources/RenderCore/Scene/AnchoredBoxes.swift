/// Element boxes in a frame: those inside a fixed or sticky box move with it.
extension LaidOutDocument {
    /// The fixed and sticky elements at or around the element at `path`, outermost first: those
    /// whose DOM path is a prefix of its own (or is it).
    func anchors(around path: String) -> [ScrollAnchor] {
        guard !scrollAnchorIndex.isEmpty else { return [] }
        var found: [ScrollAnchor] = []
        func add(_ prefix: Substring) {
            if let index = scrollAnchorIndex[String(prefix)] { found.append(scrollAnchors[index].anchor) }
        }
        // Every ancestor path ("/body[0]", "/body[0]/div[1]", ...) and the path itself.
        for index in path.indices.dropFirst() where path[index] == "/" { add(path[..<index]) }
        add(path[...])
        return found
    }

    /// Whether the element at `path` moves with the frames (it is, or is inside, a fixed or
    /// sticky box).
    public func isAnchored(_ path: String) -> Bool { !anchors(around: path).isEmpty }

    /// How far the element at `path` moves under `placement` (nested anchors add up, as
    /// their groups nest); zero for every element outside fixed and sticky boxes.
    public func anchorTranslation(ofPath path: String, placement: AnchorPlacement) -> (dx: Double, dy: Double) {
        guard placement.viewport != nil else { return (0, 0) }
        return anchors(around: path).reduce((dx: 0.0, dy: 0.0)) { total, anchor in
            let move = placement.translation(of: anchor, outer: total)
            return (total.dx + move.dx, total.dy + move.dy)
        }
    }

    /// The element box at `path` (document coordinates) where a frame with `placement` shows it.
    public func placed(_ frame: Rect, path: String, placement: AnchorPlacement) -> Rect {
        let move = anchorTranslation(ofPath: path, placement: placement)
        return move == (0, 0) ? frame : frame.offsetBy(dx: move.dx, dy: move.dy)
    }
}
