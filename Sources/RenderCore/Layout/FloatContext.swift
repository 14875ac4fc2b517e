/// The floats of one block formatting context, as margin boxes in the coordinates of the
/// BFC root's content box. Later floats, line boxes and BFC roots avoid them (CSS 2.1 §9.5).
final class FloatContext {
    struct Placed {
        let rect: Rect
        let isLeft: Bool
        /// `shape-outside`, placed: what lines beside the float wrap around (other floats,
        /// block formatting context roots and clearance still take the margin box).
        var shape: (shape: FloatShape, borderX: Double, borderY: Double)?
    }
    private(set) var floats: [Placed] = []
    /// Whether some float has a shape: lines beside it then change width row by row.
    private(set) var hasShapes = false

    var isEmpty: Bool { floats.isEmpty }
    var count: Int { floats.count }

    /// The free horizontal span within [left, right) across the rows [y, y + height).
    func band(y: Double, height: Double, left: Double, right: Double) -> (left: Double, right: Double) {
        var l = left, r = right
        for placed in floats where placed.rect.y < y + max(height, 0.01) && placed.rect.maxY > y {
            if placed.isLeft { l = max(l, placed.rect.maxX) } else { r = min(r, placed.rect.x) }
        }
        return (l, r)
    }

    /// The free horizontal span for a line box at [y, y + height): as `band`, but a float with
    /// `shape-outside` takes only its shape's extent over the line's rows, never more than its
    /// margin box, and none where the line misses the shape (WebKit's FloatingContext::constraints).
    func lineBand(y: Double, height: Double, left: Double, right: Double) -> (left: Double, right: Double) {
        guard hasShapes else { return band(y: y, height: height, left: left, right: right) }
        var l = left, r = right
        for placed in floats where placed.rect.y < y + max(height, 0.01) && placed.rect.maxY > y {
            guard let (shape, borderX, borderY) = placed.shape else {
                if placed.isLeft { l = max(l, placed.rect.maxX) } else { r = min(r, placed.rect.x) }
                continue
            }
            let top = y - borderY
            guard shape.lineOverlaps(top: top, height: height),
                  let extent = shape.excludedInterval(top: top, height: max(height, 1)) else { continue }
            if placed.isLeft { l = max(l, min(borderX + extent.right, placed.rect.maxX)) }
            else { r = min(r, max(borderX + extent.left, placed.rect.x)) }
        }
        return (l, r)
    }

    /// Whether a float with a shape reaches into the rows [y, y + height).
    func shapeMeets(y: Double, height: Double) -> Bool {
        hasShapes && floats.contains { $0.shape != nil && $0.rect.y < y + max(height, 0.01) && $0.rect.maxY > y }
    }

    /// Gives the float placed last its shape, its border box's top-left corner at (borderX, borderY).
    func shapeLast(_ shape: FloatShape, borderX: Double, borderY: Double) {
        guard !floats.isEmpty else { return }
        floats[floats.count - 1].shape = (shape, borderX, borderY)
        hasShapes = true
        shapedRows = min(Self.maximumShapedRows, shapedRows + Int(min(floats[floats.count - 1].rect.height, 1e6) / 8) + 1)
    }

    /// Beside a shape each line is laid out on its own: a paragraph may take this many more
    /// tries (an eighth of the shaped floats' heights, bounded for hostile input).
    private(set) var shapedRows = 0
    static let maximumShapedRows = 1_024

    /// Where the band at `y` next changes: the nearest float bottom below `y`, or nil.
    func nextBottom(below y: Double) -> Double? {
        floats.map(\.rect.maxY).filter { $0 > y }.min()
    }

    /// Places a float's margin box at or below `y` inside [left, right), per the float rules:
    /// as high as possible, then as far left (or right) as possible, never above an earlier float.
    /// A float with `clear` starts below the earlier floats on the sides it clears (CSS 2.1 §9.5.2).
    func place(width: Double, height: Double, isLeft: Bool, atOrBelow y: Double, left: Double, right: Double,
               clear: FloatSide = .none) -> (x: Double, y: Double) {
        var top = max(y, floats.last?.rect.y ?? y)
        if clear != .none, let bottom = lowestBottom(left: clear != .right, right: clear != .left) { top = max(top, bottom) }
        for _ in 0...floats.count {
            let (l, r) = band(y: top, height: height, left: left, right: right)
            let fits = r - l >= width - 0.01 || (l == left && r == right)
            if fits {
                let x = isLeft ? l : r - width
                floats.append(Placed(rect: Rect(x: x, y: top, width: width, height: height), isLeft: isLeft))
                return (x, top)
            }
            guard let next = nextBottom(below: top) else { break }
            top = next
        }
        let x = isLeft ? left : right - width
        floats.append(Placed(rect: Rect(x: x, y: top, width: width, height: height), isLeft: isLeft))
        return (x, top)
    }

    /// Takes back the float placed last (a trial placement that did not fit).
    func removeLast() { floats.removeLast() }

    /// The lowest bottom of the floats on the given side(s), for clearance and BFC heights.
    func lowestBottom(left: Bool = true, right: Bool = true) -> Double? {
        floats.filter { ($0.isLeft && left) || (!$0.isLeft && right) }.map(\.rect.maxY).max()
    }
}

/// Where a block's content box sits in its block formatting context.
struct FlowPosition {
    let floats: FloatContext
    let x: Double
    let y: Double
}
