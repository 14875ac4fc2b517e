/// How far down the document reaches: the root's margin box, and what overflows a box whose
/// height is set (`body { height: 100% }` over a long mail), except where `overflow` clips it
/// or columns hold it.
/// WebKit's document height is the view's layout overflow, which includes both.
enum DocumentOverflow {
    static func bottom(of root: Box) -> Double {
        var lowest = 0.0
        var stack = [root]
        while let box = stack.popLast() {
            // Out-of-flow boxes reach as far as their containing blocks let them (`PositionedLayout`).
            if box.isOutOfFlow { continue }
            // A column set is laid out as one strip, shown in columns of the set's height.
            lowest = max(lowest, box.absoluteY + (box.columnSet?.height ?? box.height))
            guard !box.style.overflowHidden, box.columnSet == nil else { continue }
            if let line = box.lines.last { lowest = max(lowest, box.absoluteY + box.contentY + line.y + line.height) }
            stack.append(contentsOf: box.children)
            for line in box.lines { for atomic in line.atomics { stack.append(atomic.box) } }
        }
        return lowest
    }
}
