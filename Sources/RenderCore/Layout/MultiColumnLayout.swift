/// Multi-column layout (CSS Multicol 1), as WebKit does it with a flow thread: the content
/// between spanners is laid out once in one column-wide strip; lines (and unbreakable boxes)
/// that would straddle a column boundary are pushed below it (a pagination strut); the
/// column height is the smallest that fits the strip in the column count (balancing) or
/// the container's own height (`column-fill: auto`). The painter then shows the strip's
/// slices side by side (`ColumnSet`), so a box broken across columns is drawn sliced, as
/// `box-decoration-break: slice` says.
struct MultiColumnLayout {
    let engine: LayoutEngine

    /// Whether the box lays out its content in columns.
    static func applies(to box: Box) -> Bool {
        box.style.multiColumn.isMultiColumn && box.control == nil && box.kind != .table && box.kind != .image
            && box.style.display.inner != .grid && box.style.display.inner != .flex
    }

    /// The used column count and width (CSS Multicol §3.4) for an available width.
    static func columns(_ style: ComputedStyle, available: Double) -> (count: Int, width: Double, gap: Double) {
        let gap = style.columnGap?.resolve(available) ?? style.fontSize
        let multi = style.multiColumn
        var count: Int
        switch (multi.count, multi.width) {
        case (let n?, nil): count = n
        case (nil, let w?): count = max(1, Int(((available + gap) / (w + gap)).rounded(.down)))
        case (let n?, let w?): count = max(1, min(n, Int(((available + gap) / (w + gap)).rounded(.down))))
        default: count = 1
        }
        count = min(count, MultiColumnStyle.maximumColumns)
        let width = max(0, (available - gap * Double(count - 1)) / Double(count))
        return (count, width, gap)
    }

    /// A multi-column container's min/max-content widths from its content's (WebKit's
    /// adjustIntrinsicLogicalWidthsForColumns): a count multiplies them, a width caps the
    /// minimum and floors the maximum; an auto count counts as one.
    static func intrinsicWidths(_ style: ComputedStyle, content: (Double, Double)) -> (Double, Double) {
        let multi = style.multiColumn
        let count = Double(multi.count ?? 1)
        let gap: Double
        switch style.columnGap { case .px(let v)?: gap = v; case nil: gap = style.fontSize; default: gap = 0 }
        let gaps = (count - 1) * gap
        var (minimum, maximum) = content
        if let width = multi.width { minimum = min(minimum, width) } else { minimum = minimum * count + gaps }
        maximum = max(maximum, multi.width ?? 0) * count + gaps
        return (minimum, maximum)
    }

    /// Lays out a multi-column container's content (its width set); returns the content height.
    func layout(_ box: Box) -> Double {
        wrapContent(box)
        let contentWidth = box.contentWidth
        let (count, width, gap) = Self.columns(box.style, available: contentWidth)
        let definite = GridLayout.definiteContentHeight(box)
        let rule = box.style.multiColumn
        var cursor = 0.0
        for child in box.children {
            engine.resolveEdges(child, containingWidth: contentWidth)
            guard child.columnSet != nil else {
                // A spanner: a block across all columns, between two column sets.
                engine.layoutBlock(child, containingWidth: contentWidth, containingDirection: box.style.direction)
                child.x = box.contentX + child.margin.left
                child.y = box.contentY + cursor + child.margin.top
                cursor += child.margin.top + child.height + child.margin.bottom
                continue
            }
            engine.layoutBlock(child, containingWidth: width)
            let strip = child.height
            var units: [Unit] = []
            Self.collectUnits(child, top: 0, into: &units)
            var height: Double
            if rule.fillsSequentially, let definite {
                height = max(1, definite - cursor)
            } else {
                height = Self.balancedHeight(units, total: strip, count: count)
                if let definite { height = min(height, max(1, definite - cursor)) }
            }
            if height > 0 { _ = Self.paginate(child, top: 0, columnHeight: height) }
            let used = height > 0 ? max(1, Int((child.height / height - 1e-6).rounded(.up))) : 1
            child.columnSet = ColumnSet(count: min(used, MultiColumnStyle.maximumColumns), width: width, gap: gap, height: height,
                                        ruleWidth: rule.usedRuleWidth, ruleStyle: rule.ruleStyle,
                                        ruleColor: rule.ruleColor ?? box.style.color,
                                        rightToLeft: box.style.direction.isRightToLeft)
            child.x = box.contentX
            child.y = box.contentY + cursor
            cursor += height
        }
        return cursor
    }

    /// Moves the content into anonymous column-set boxes, one per run between spanners
    /// (`column-span: all` children); done once, the tree keeps the sets across layouts.
    private func wrapContent(_ box: Box) {
        guard !box.children.contains(where: { $0.columnSet != nil }) else { return }
        var style = box.style.inheritedForChild()
        style.display = .flowRoot
        func makeSet() -> Box {
            let set = Box(kind: .block, node: nil, style: style)
            set.columnSet = ColumnSet()
            return set
        }
        if let content = box.inlineContent {
            let set = makeSet()
            set.inlineContent = content
            box.inlineContent = nil
            box.lines = []
            box.children = [set]
            return
        }
        var children: [Box] = []
        var run: [Box] = []
        func flush() {
            guard !run.isEmpty else { return }
            let set = makeSet()
            set.children = run
            children.append(set)
            run = []
        }
        for child in box.children {
            if child.style.multiColumn.spansAll && !child.isFloat { flush(); children.append(child) } else { run.append(child) }
        }
        flush()
        if children.isEmpty { children = [makeSet()] }
        box.children = children
    }

    // MARK: Fragmentation

    /// A line or an unbreakable box, in strip coordinates.
    struct Unit {
        var top: Double
        var height: Double
        /// For the first line of a block: its lines' count and `orphans`/`widows` (the lines are
        /// the units that follow it).
        var block: LineBlock? = nil
    }
    /// A block's lines with its `orphans` and `widows` as WebKit applies them: widows only when
    /// set, orphans 2 unless set; either, when set, the lines a balanced column must hold.
    struct LineBlock {
        let count: Int
        let orphans: Int
        let widows: Int
        let leastLines: Int

        init(_ box: Box) {
            count = box.lines.count
            orphans = box.style.orphans ?? 2
            widows = box.style.widows ?? 0
            leastLines = min(max(box.style.orphans ?? 1, box.style.widows ?? 1), count)
        }
    }

    /// Boxes that are never split: replaced elements, tables, atomic inlines (a block without
    /// lines is only space, broken anywhere).
    private static func isMonolithic(_ box: Box) -> Bool {
        box.kind == .image || box.kind == .table || box.kind == .inlineBlock || box.control != nil
    }

    static func collectUnits(_ box: Box, top: Double, into units: inout [Unit]) {
        guard units.count < maximumUnits else { return }
        let contentTop = top + box.contentY
        for (index, line) in box.lines.enumerated() {
            let block = index == 0 ? LineBlock(box) : nil
            units.append(Unit(top: contentTop + line.y, height: line.height, block: block))
        }
        for child in box.children where !child.isFloat {
            if isMonolithic(child) {
                units.append(Unit(top: top + child.y, height: child.height))
            } else {
                collectUnits(child, top: top + child.y, into: &units)
            }
        }
    }

    /// Balancing is bounded: a strip of more lines than this is cut into columns by its
    /// first `maximumUnits` only.
    static let maximumUnits = 20_000

    /// The strut a unit at `top` needs to start the next column (0 when it fits or is at a
    /// column's top or is taller than a column).
    private static func strut(top: Double, height: Double, columnHeight h: Double) -> Double {
        let index = (top / h + 1e-9).rounded(.down)
        let columnTop = index * h, boundary = columnTop + h
        guard top + height > boundary + 0.01, height <= h, top > columnTop + 0.01 else { return 0 }
        return boundary - top
    }

    /// The strip's height once units are pushed past the column boundaries of height `h`.
    private static func paginatedHeight(_ units: [Unit], total: Double, columnHeight h: Double) -> Double {
        var shift = 0.0
        var index = 0
        while index < units.count {
            if let block = units[index].block, block.count > 1, index + block.count <= units.count {
                let lines = units[index..<(index + block.count)]
                shift = lineOffsets(tops: lines.map(\.top), heights: lines.map(\.height), shift: shift, columnHeight: h,
                                    orphans: block.orphans, widows: block.widows).last ?? shift
                index += block.count
                continue
            }
            shift += strut(top: units[index].top + shift, height: units[index].height, columnHeight: h)
            index += 1
        }
        return total + shift
    }

    /// Each of a block's lines' offset (from `shift`, what the content before moved): a line
    /// that would straddle a column boundary starts the next column; where a column break
    /// falls between two lines (pushed or not) it moves earlier, as WebKit moves it, so at least
    /// `widows` lines start the next column, giving way to the `orphans` that must stay before
    /// it, once per block (WebKit's `computeAdjustmentsForPagination`). WebKit moves no block
    /// whole for its orphans: balancing makes the columns tall enough for them.
    static func lineOffsets(tops: [Double], heights: [Double], shift: Double, columnHeight h: Double,
                            orphans: Int, widows: Int) -> [Double] {
        let count = tops.count
        var offsets = [Double](repeating: shift, count: count)
        var current = shift
        func column(_ line: Int, moved: Double) -> Double { ((tops[line] + moved) / h + 1e-9).rounded(.down) }
        var fragmentStart = 0  // the block's first line in the current column
        var index = 0
        var avoidedWidow = false
        while index < count {
            let needed = strut(top: tops[index] + current, height: heights[index], columnHeight: h)
            let startsColumn = index > fragmentStart && column(index, moved: current) > column(index - 1, moved: offsets[index - 1])
            guard needed > 0 || startsColumn else { offsets[index] = current; index += 1; continue }
            var first = index  // the line that starts the next column
            if count - index < widows, !avoidedWidow { first = min(index, max(count - widows, fragmentStart + orphans)) }
            let top = tops[first] + offsets[first]
            let columnTop = (top / h + 1e-9).rounded(.down) * h
            if first < index, top > columnTop + 0.01 {
                // Lines `first..<index` go to the next column, and the rest with them.
                current = offsets[first] + columnTop + h - top
                for moved in first..<index { offsets[moved] = current }
                fragmentStart = first
                avoidedWidow = true
                continue
            }
            current += needed
            offsets[index] = current
            fragmentStart = index
            index += 1
        }
        return offsets
    }

    /// The smallest column height that fits the strip in `count` columns (what WebKit's
    /// balancing converges on), found by bisection.
    static func balancedHeight(_ units: [Unit], total: Double, count: Int) -> Double {
        guard total > 0 else { return 0 }
        guard count > 1 else { return total }
        func fits(_ h: Double) -> Bool { paginatedHeight(units, total: total, columnHeight: h) <= h * Double(count) + 0.01 }
        // A column is never shorter than the tallest line or unbreakable box, nor than as many
        // of a block's lines as its `orphans` or `widows` set (WebKit's minimum page height).
        var low = max(total / Double(count), units.map(\.height).max() ?? 0)
        for (index, unit) in units.enumerated() {
            guard let block = unit.block, index + block.count <= units.count else { continue }
            let last = units[index + block.leastLines - 1]
            low = max(low, last.top + last.height - unit.top)
        }
        var high = max(total, low)
        if fits(low) { return low }
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if fits(middle) { high = middle } else { low = middle }
            if high - low < 1.0 / 64 { break }
        }
        return (high * 64).rounded(.up) / 64
    }

    /// Inserts the struts: moves lines and boxes after each column boundary they straddle
    /// down to the next column's top, growing the boxes around them. Returns the growth.
    static func paginate(_ box: Box, top: Double, columnHeight h: Double) -> Double {
        var shift = 0.0
        let contentTop = top + box.contentY
        let block = LineBlock(box)
        let offsets = lineOffsets(tops: box.lines.map { contentTop + $0.y }, heights: box.lines.map(\.height), shift: 0,
                                  columnHeight: h, orphans: block.orphans, widows: block.widows)
        for (index, dy) in offsets.enumerated() where dy != 0 {
            box.lines[index] = box.lines[index].offsetBy(dx: 0, dy: dy)
            for atomic in box.lines[index].atomics { atomic.box.y += dy }
        }
        shift = offsets.last ?? 0
        for child in box.children {
            child.y += shift
            if child.isFloat { continue }
            if isMonolithic(child) {
                let s = strut(top: top + child.y, height: child.height, columnHeight: h)
                child.y += s
                shift += s
            } else {
                shift += paginate(child, top: top + child.y, columnHeight: h)
            }
        }
        box.height += shift
        return shift
    }
}

/// A run of a multi-column container's content, laid out as one strip and shown as columns.
struct ColumnSet {
    var count = 1
    var width = 0.0
    var gap = 0.0
    var height = 0.0
    var ruleWidth = 0.0
    var ruleStyle = BorderStyle.none
    var ruleColor = RGBA.black
    var rightToLeft = false

    /// How far column `index` moves from its place in the strip (strip origin at `stripY`).
    func offset(of index: Int) -> (dx: Double, dy: Double) {
        let step = (width + gap) * Double(index)
        return (rightToLeft ? -step : step, -height * Double(index))
    }

    /// The part of the strip column `index` shows, in document coordinates (unbounded
    /// sideways: content overflowing a column's width stays visible, as in browsers).
    func slice(_ index: Int, stripX: Double, stripY: Double) -> Rect {
        Rect(x: stripX - 100_000, y: stripY + height * Double(index), width: 200_000 + width, height: height)
    }

    /// Where a rect of the strip shows: the union of its slices, each moved to its column
    /// (a box broken across columns reports the box around its fragments, as browsers do).
    func shown(_ rect: Rect, stripY: Double) -> Rect {
        guard height > 0 else { return rect }
        var result: Rect?
        let first = max(0, min(count - 1, Int(((rect.y - stripY) / height).rounded(.down))))
        let last = max(first, min(count - 1, Int(((rect.maxY - stripY) / height).rounded(.down))))
        for index in first...last {
            let top = max(rect.y, stripY + height * Double(index))
            let bottom = index == count - 1 ? rect.maxY : min(rect.maxY, stripY + height * Double(index + 1))
            guard bottom > top || (rect.height == 0 && index == first) else { continue }
            let (dx, dy) = offset(of: index)
            let piece = Rect(x: rect.x + dx, y: top + dy, width: rect.width, height: max(0, bottom - top))
            result = result.map { $0.union(piece) } ?? piece
        }
        return result ?? rect
    }

    /// The rules between columns that have content, centred in the gaps (as borders of a
    /// zero-width box, so every border style draws).
    func rules(stripX: Double, stripY: Double) -> [(rect: Rect, widths: Edges<Double>)] {
        guard ruleWidth > 0, count > 1, height > 0 else { return [] }
        return (1..<count).map { index in
            let gapStart = rightToLeft ? stripX - (width + gap) * Double(index - 1) - gap : stripX + (width + gap) * Double(index) - gap
            let x = gapStart + (gap - ruleWidth) / 2
            return (Rect(x: x, y: stripY, width: ruleWidth, height: height), Edges(top: 0, right: 0, bottom: 0, left: ruleWidth))
        }
    }
}
