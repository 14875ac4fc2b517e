/// Grid layout (CSS Grid 1): items placed by the placement algorithm (§8), tracks sized by
/// the track sizing algorithm (§11), items aligned in their areas (§10). Each item is laid
/// out once per grid layout (its row contribution and its final box are the same layout),
/// so nested grids cost what nested blocks cost.
struct GridLayout {
    let engine: LayoutEngine

    /// Lays out the items of a grid container whose width is set; returns its content height.
    func layout(_ box: Box) -> Double {
        box.withOutOfFlowChildrenAside { layoutItems(box) }
    }

    private func layoutItems(_ box: Box) -> Double {
        let style = box.style
        let contentWidth = box.contentWidth
        let definiteHeight = Self.definiteContentHeight(box)
        let columnGap = style.columnGap?.resolve(contentWidth) ?? 0
        let rowGap = style.rowGap?.resolve(definiteHeight ?? 0) ?? 0
        let grid = Placement(container: style.grid, items: box.children,
                             availableWidth: contentWidth, availableHeight: definiteHeight,
                             columnGap: columnGap, rowGap: rowGap)
        for item in box.children { engine.resolveEdges(item, containingWidth: contentWidth) }

        // Columns from the items' min/max-content widths.
        let sizing = IntrinsicSizes(engine: engine)
        let columnContributions = grid.items.map { placed -> TrackSizer.Contribution in
            let widths = sizing.outerWidths(placed.box)
            return .init(span: placed.columns, minContent: widths.min, maxContent: widths.max)
        }
        let columns = TrackSizer(tracks: grid.columnTracks, gap: columnGap, percentBase: contentWidth)
            .sizes(columnContributions, available: contentWidth, mode: .layout, alignment: style.grid.justifyContent)
        let columnLines = Self.lines(columns, gap: columnGap, free: contentWidth - Self.total(columns, gap: columnGap),
                                     alignment: style.grid.justifyContent)

        // Each item laid out at its area's width; its height is its row contribution.
        for placed in grid.items {
            let areaWidth = Self.span(placed.columns, columnLines, columns)
            layoutItem(placed.box, areaWidth: areaWidth, container: style.grid)
        }
        let rowContributions = grid.items.map { placed -> TrackSizer.Contribution in
            let outer = placed.box.height + placed.box.margin.top + placed.box.margin.bottom
            return .init(span: placed.rows, minContent: outer, maxContent: outer)
        }
        let rows = TrackSizer(tracks: grid.rowTracks, gap: rowGap, percentBase: definiteHeight)
            .sizes(rowContributions, available: definiteHeight, mode: .layout, alignment: style.grid.alignContent)
        let rowsTotal = Self.total(rows, gap: rowGap)
        let rowLines = Self.lines(rows, gap: rowGap, free: (definiteHeight ?? rowsTotal) - rowsTotal, alignment: style.grid.alignContent)

        for placed in grid.items {
            let area = Rect(x: columnLines[placed.columns.lowerBound], y: rowLines[placed.rows.lowerBound],
                            width: Self.span(placed.columns, columnLines, columns), height: Self.span(placed.rows, rowLines, rows))
            align(placed.box, in: area, container: style.grid, containerBox: box)
        }
        return rowsTotal
    }

    /// The container's min-content and max-content content-box widths: its columns sized
    /// under that constraint, with the gaps.
    func intrinsicContentWidths(_ box: Box) -> (min: Double, max: Double) {
        let style = box.style
        let columnGap: Double
        if case .px(let gap)? = style.columnGap { columnGap = gap } else { columnGap = 0 }
        let grid = Placement(container: style.grid, items: box.children, availableWidth: nil, availableHeight: nil,
                             columnGap: columnGap, rowGap: 0)
        let sizing = IntrinsicSizes(engine: engine)
        let contributions = grid.items.map { placed -> TrackSizer.Contribution in
            let widths = sizing.outerWidths(placed.box)
            return .init(span: placed.columns, minContent: widths.min, maxContent: widths.max)
        }
        let sizer = TrackSizer(tracks: grid.columnTracks, gap: columnGap, percentBase: nil)
        let minimum = Self.total(sizer.sizes(contributions, available: nil, mode: .minContent, alignment: .normal), gap: columnGap)
        let maximum = Self.total(sizer.sizes(contributions, available: nil, mode: .maxContent, alignment: .normal), gap: columnGap)
        return (minimum, max(minimum, maximum))
    }

    // MARK: Items

    /// The used self-alignment of an item in one axis (`auto` takes the container's
    /// `*-items`; `normal` stretches, but puts a replaced element at the start).
    private static func selfAlignment(_ own: GridAlignment, _ items: GridAlignment, replaced: Bool) -> GridAlignment {
        let value = own == .auto ? items : own
        switch value {
        case .normal, .auto: return replaced ? .start : .stretch
        case .baseline: return .start
        default: return value
        }
    }

    /// Lays the item out at its used width: the area's (stretch), or shrink-to-fit within it.
    private func layoutItem(_ item: Box, areaWidth: Double, container: GridStyle) {
        let alignment = Self.selfAlignment(item.style.grid.justifySelf, container.justifyItems, replaced: item.kind == .image)
        let autoMargins = item.style.margin.left.isAuto || item.style.margin.right.isAuto
        guard item.style.width.isAuto, item.kind != .image, alignment != .stretch || autoMargins else {
            engine.layoutBlock(item, containingWidth: areaWidth)
            return
        }
        // Not stretched: fit-content, min(max-content, max(min-content, available)).
        let widths = IntrinsicSizes(engine: engine).contentWidths(item)
        let available = areaWidth - (item.style.margin.left.resolve(areaWidth) ?? 0) - (item.style.margin.right.resolve(areaWidth) ?? 0)
        let used = min(widths.max, max(widths.min, available))
        // Laid out as if its width were specified (border box), then its own style restored.
        let own = item.style
        item.style.width = .px(used)
        item.style.borderBoxSizing = true
        item.style.minWidth = .px(0)
        item.style.maxWidth = .auto
        engine.layoutBlock(item, containingWidth: areaWidth)
        item.style = own
    }

    /// Places a laid-out item in its area: stretched to the area's height when its height is
    /// auto, or put at the start, centre or end; auto margins take the free space first.
    private func align(_ item: Box, in area: Rect, container: GridStyle, containerBox: Box) {
        let style = item.style
        let replaced = item.kind == .image
        let vertical = Self.selfAlignment(style.grid.alignSelf, container.alignItems, replaced: replaced)
        let horizontal = Self.selfAlignment(style.grid.justifySelf, container.justifyItems, replaced: replaced)
        let autoTop = style.margin.top.isAuto, autoBottom = style.margin.bottom.isAuto
        if vertical == .stretch, style.height.isAuto, style.sizingKeywords.height == nil, !autoTop, !autoBottom, item.kind != .image {
            // The area's height becomes the item's (its content may overflow a fixed row),
            // within its min and max heights and never below its padding and border.
            let chrome = item.border.top + item.border.bottom + item.padding.top + item.padding.bottom
            var stretched = area.height - item.margin.top - item.margin.bottom
            if case .px(let maxHeight) = style.maxHeight { stretched = min(stretched, style.borderBoxSizing ? maxHeight : maxHeight + chrome) }
            if case .px(let minHeight) = style.minHeight { stretched = max(stretched, style.borderBoxSizing ? minHeight : minHeight + chrome) }
            item.height = max(stretched, chrome)
        }
        let freeY = area.height - item.height - item.margin.top - item.margin.bottom
        var dy = 0.0
        if autoTop || autoBottom {
            dy = autoTop && autoBottom ? max(0, freeY) / 2 : autoTop ? max(0, freeY) : 0
        } else {
            dy = Self.offset(vertical, free: freeY)
        }
        // Horizontal auto margins were resolved by block layout when the width is set.
        let freeX = area.width - item.width - item.margin.left - item.margin.right
        var dx = 0.0
        if !(style.margin.left.isAuto || style.margin.right.isAuto) && freeX != 0 {
            dx = Self.offset(horizontal == .stretch ? .start : horizontal, free: freeX)
        } else if style.margin.left.isAuto || style.margin.right.isAuto, !style.width.isAuto || replaced {
            dx = 0  // margins already hold the free space
        } else if freeX > 0 {
            let left = style.margin.left.isAuto, right = style.margin.right.isAuto
            dx = left && right ? freeX / 2 : left ? freeX : 0
        }
        if containerBox.style.direction.isRightToLeft {
            item.x = containerBox.contentX + (containerBox.contentWidth - area.x - area.width) + item.margin.left + (area.width - item.width - item.margin.left - item.margin.right - dx)
        } else {
            item.x = containerBox.contentX + area.x + item.margin.left + dx
        }
        item.y = containerBox.contentY + area.y + item.margin.top + dy
    }

    private static func offset(_ alignment: GridAlignment, free: Double) -> Double {
        switch alignment {
        case .end: return free
        case .center: return free / 2
        default: return 0
        }
    }

    // MARK: Geometry

    static func definiteContentHeight(_ box: Box) -> Double? {
        let vertical = box.border.top + box.border.bottom + box.padding.top + box.padding.bottom
        guard case .px(let specified) = box.style.height else { return nil }
        var height = box.style.borderBoxSizing ? max(0, specified - vertical) : specified
        if case .px(let maxHeight) = box.style.maxHeight { height = min(height, box.style.borderBoxSizing ? maxHeight - vertical : maxHeight) }
        if case .px(let minHeight) = box.style.minHeight { height = max(height, box.style.borderBoxSizing ? minHeight - vertical : minHeight) }
        return max(0, height)
    }

    static func total(_ sizes: [Double], gap: Double) -> Double {
        sizes.reduce(0, +) + gap * Double(max(0, sizes.count - 1))
    }

    /// The start of each track (plus the end), with `justify-content`/`align-content`
    /// distributing the free space.
    static func lines(_ sizes: [Double], gap: Double, free: Double, alignment: GridContentAlignment) -> [Double] {
        var start = 0.0, between = gap
        let count = Double(sizes.count)
        if free > 0, !sizes.isEmpty {
            switch alignment {
            case .end: start = free
            case .center: start = free / 2
            case .spaceBetween: between += count > 1 ? free / (count - 1) : 0
            case .spaceAround: start = free / count / 2; between += free / count
            case .spaceEvenly: start = free / (count + 1); between += free / (count + 1)
            default: break
            }
        } else if free < 0, alignment == .center || alignment == .end {
            // Unsafe alignment: overflowing tracks shift too (the default for content alignment).
            start = alignment == .center ? free / 2 : free
        }
        var lines: [Double] = []
        lines.reserveCapacity(sizes.count + 1)
        var position = start
        for size in sizes {
            lines.append(position)
            position += size + between
        }
        lines.append(position - (sizes.isEmpty ? 0 : between))
        return lines
    }

    /// The size of a span of tracks: from its first line to the end of its last track.
    static func span(_ range: Range<Int>, _ lines: [Double], _ sizes: [Double]) -> Double {
        guard !range.isEmpty, range.upperBound <= sizes.count else { return 0 }
        return lines[range.upperBound - 1] + sizes[range.upperBound - 1] - lines[range.lowerBound]
    }
}

// MARK: - Placement

extension GridLayout {
    struct PlacedItem {
        let box: Box
        var rows: Range<Int>
        var columns: Range<Int>
    }

    /// The implicit grid and every item's area in it (CSS Grid §8.5), tracks numbered from 0
    /// at the first implicit line.
    struct Placement {
        var items: [PlacedItem] = []
        var rowTracks: [GridTrackSize] = []
        var columnTracks: [GridTrackSize] = []

        init(container: GridStyle, items boxes: [Box], availableWidth: Double?, availableHeight: Double?,
             columnGap: Double, rowGap: Double) {
            let maxTracks = GridStyle.maximumTracks
            let columnList = Self.expand(container.templateColumns, available: availableWidth, gap: columnGap)
            let rowList = Self.expand(container.templateRows, available: availableHeight, gap: rowGap)
            let areas = container.areas
            let explicit = [max(rowList.tracks.count, areas?.rows ?? 0), max(columnList.tracks.count, areas?.columns ?? 0)]
            var names = [Self.lineNames(rowList, count: explicit[0]), Self.lineNames(columnList, count: explicit[1])]
            if let areas {
                for (name, rect) in areas.areas {
                    names[0][rect.rows.lowerBound].append(name + "-start"); names[0][rect.rows.upperBound].append(name + "-end")
                    names[1][rect.columns.lowerBound].append(name + "-start"); names[1][rect.columns.upperBound].append(name + "-end")
                }
            }

            // Definite lines (explicit-grid coordinates, may lie outside it) or spans.
            struct Resolved { var start: Int?; var span: Int }
            func resolve(_ start: GridLine, _ end: GridLine, axis: Int) -> Resolved {
                let count = explicit[axis]
                let s = start
                var e = end
                if s.isSpan && e.isSpan { e = .auto }
                let startLine = s.isDefinite ? Self.line(s, isStart: true, names: names[axis], count: count) : nil
                let endLine = e.isDefinite ? Self.line(e, isStart: false, names: names[axis], count: count) : nil
                switch (startLine, endLine) {
                case let (a?, b?):
                    if a == b { return Resolved(start: a, span: 1) }
                    return Resolved(start: min(a, b), span: abs(b - a))
                case let (a?, nil):
                    if case .span(let n, let name) = e {
                        if let name { return Resolved(start: a, span: max(1, Self.searchSpan(from: a, forward: true, name: name, n: n, names: names[axis]) - a)) }
                        return Resolved(start: a, span: n)
                    }
                    return Resolved(start: a, span: 1)
                case let (nil, b?):
                    if case .span(let n, let name) = s {
                        let a = name.map { Self.searchSpan(from: b, forward: false, name: $0, n: n, names: names[axis]) } ?? b - n
                        return Resolved(start: min(a, b - 1), span: max(1, b - a))
                    }
                    return Resolved(start: b - 1, span: 1)
                default:
                    if case .span(let n, _) = s { return Resolved(start: nil, span: n) }
                    if case .span(let n, _) = e { return Resolved(start: nil, span: n) }
                    return Resolved(start: nil, span: 1)
                }
            }
            var resolved: [[Resolved]] = []
            for box in boxes {
                let g = box.style.grid
                resolved.append([resolve(g.rowStart, g.rowEnd, axis: 0), resolve(g.columnStart, g.columnEnd, axis: 1)])
            }
            // Implicit tracks before the explicit grid: lines shift so the first is 0.
            var offset = [0, 0]
            for axis in 0..<2 {
                let lowest = resolved.compactMap { $0[axis].start }.min() ?? 0
                offset[axis] = min(maxTracks, max(0, -lowest))
            }
            func clamp(_ r: Resolved, _ axis: Int) -> Resolved {
                guard let start = r.start else { return Resolved(start: nil, span: min(r.span, maxTracks)) }
                let s = max(0, min(start + offset[axis], maxTracks - 1))
                return Resolved(start: s, span: max(1, min(r.span, maxTracks - s)))
            }
            resolved = resolved.map { [clamp($0[0], 0), clamp($0[1], 1)] }

            // Auto-placement along the flow axis ("major": rows for row flow).
            let major = container.flowsByColumn ? 1 : 0, minor = 1 - major
            var minorCount = explicit[minor] + offset[minor]
            for r in resolved {
                if let s = r[minor].start { minorCount = max(minorCount, s + r[minor].span) } else { minorCount = max(minorCount, r[minor].span) }
            }
            minorCount = max(1, min(minorCount, maxTracks))
            var occupied = Occupancy(minorCount: minorCount)
            var areasFound: [(Range<Int>, Range<Int>)?] = Array(repeating: nil, count: boxes.count)
            // 1. Items with both positions definite.
            for (index, r) in resolved.enumerated() {
                guard let ms = r[major].start, let ns = r[minor].start else { continue }
                let area = (ms..<(ms + r[major].span), ns..<min(ns + r[minor].span, minorCount))
                occupied.mark(area.0, area.1)
                areasFound[index] = area
            }
            // 2. Items locked to a major track (definite row in row flow).
            var lockedCursor: [Int: Int] = [:]
            for (index, r) in resolved.enumerated() where areasFound[index] == nil {
                guard let ms = r[major].start else { continue }
                let majorRange = ms..<(ms + r[major].span)
                let span = min(r[minor].span, minorCount)
                var n = container.dense ? 0 : lockedCursor[ms] ?? 0
                while n + span <= minorCount, !occupied.isFree(majorRange, n..<(n + span)) { n += 1 }
                if n + span > minorCount { n = max(0, minorCount - span) }
                occupied.mark(majorRange, n..<(n + span))
                lockedCursor[ms] = n + span
                areasFound[index] = (majorRange, n..<(n + span))
            }
            // 3. The rest, with a cursor (sparse) or from the start each time (dense).
            var cursor = (major: 0, minor: 0)
            for (index, r) in resolved.enumerated() where areasFound[index] == nil {
                let span = min(r[minor].span, minorCount), majorSpan = r[major].span
                if container.dense { cursor = (0, 0) }
                if let ns = r[minor].start {
                    if !container.dense && ns < cursor.minor { cursor.major += 1 }
                    let minorRange = ns..<min(ns + span, minorCount)
                    while cursor.major < maxTracks, !occupied.isFree(cursor.major..<(cursor.major + majorSpan), minorRange) { cursor.major += 1 }
                    cursor.major = min(cursor.major, maxTracks - 1)
                    cursor.minor = ns
                    let majorRange = cursor.major..<(cursor.major + majorSpan)
                    occupied.mark(majorRange, minorRange)
                    areasFound[index] = (majorRange, minorRange)
                    continue
                }
                while true {
                    if cursor.minor + span > minorCount { cursor.major += 1; cursor.minor = 0 }
                    if cursor.major >= maxTracks || occupied.exhausted { cursor.major = min(cursor.major, maxTracks - 1); break }
                    if occupied.isFree(cursor.major..<(cursor.major + majorSpan), cursor.minor..<(cursor.minor + span)) { break }
                    cursor.minor += 1
                }
                let majorRange = cursor.major..<min(cursor.major + majorSpan, maxTracks)
                let minorRange = cursor.minor..<min(cursor.minor + span, minorCount)
                occupied.mark(majorRange, minorRange)
                areasFound[index] = (majorRange, minorRange)
                cursor.minor += span
            }
            var majorCount = explicit[major] + offset[major]
            for (index, box) in boxes.enumerated() {
                let area = areasFound[index]!
                majorCount = max(majorCount, area.0.upperBound)
                let rows = major == 0 ? area.0 : area.1, columns = major == 0 ? area.1 : area.0
                items.append(PlacedItem(box: box, rows: rows, columns: columns))
            }
            let counts = major == 0 ? [majorCount, minorCount] : [minorCount, majorCount]
            let rowCount = min(max(counts[0], explicit[0] + offset[0]), maxTracks)
            let columnCount = min(max(counts[1], explicit[1] + offset[1]), maxTracks)
            rowTracks = Self.tracks(rowList.tracks, auto: container.autoRows, offset: offset[0], count: rowCount)
            columnTracks = Self.tracks(columnList.tracks, auto: container.autoColumns, offset: offset[1], count: columnCount)
            if container.templateColumns.autoRepeat?.fit == true { Self.collapseEmpty(&columnTracks, items.map(\.columns), repeat: container.templateColumns, offset: offset[1]) }
            if container.templateRows.autoRepeat?.fit == true { Self.collapseEmpty(&rowTracks, items.map(\.rows), repeat: container.templateRows, offset: offset[0]) }
        }

        /// `repeat(auto-fill|auto-fit, …)` expanded: as many repetitions as fit the available
        /// size (one when it is indefinite or the tracks have no definite size).
        static func expand(_ list: GridTrackList, available: Double?, gap: Double) -> GridTrackList {
            guard let repeated = list.autoRepeat else { return list }
            func fixed(_ size: GridTrackSize) -> Double? {
                let bound: GridBreadth
                if case .length = size.max { bound = size.max } else { bound = size.min }
                guard case .length(let length) = bound else { return nil }
                return length.resolve(available ?? 0)
            }
            let others = list.tracks.compactMap(fixed).reduce(0, +) + gap * Double(list.tracks.count)
            let unit = repeated.tracks.map { fixed($0) ?? 0 }.reduce(0, +) + gap * Double(repeated.tracks.count)
            var times = 1
            if let available, unit > 0 {
                times = max(1, Int(((available - others + gap) / unit).rounded(.down)))
            }
            times = min(times, max(1, (GridStyle.maximumTracks - list.tracks.count) / repeated.tracks.count))
            var expanded = GridTrackList()
            expanded.tracks = Array(list.tracks[..<repeated.index])
            expanded.names = Array(list.names[...repeated.index])
            for _ in 0..<times {
                expanded.names[expanded.names.count - 1] += repeated.names[0]
                expanded.tracks += repeated.tracks
                expanded.names += repeated.names.dropFirst()
            }
            expanded.tracks += list.tracks[repeated.index...]
            for names in list.names[(repeated.index + 1)...] { expanded.names.append(names) }
            return expanded
        }

        /// auto-fit: repeated tracks no item occupies collapse to zero (as do their gaps, not
        /// modelled here: a collapsed track keeps its gap).
        static func collapseEmpty(_ tracks: inout [GridTrackSize], _ spans: [Range<Int>], repeat list: GridTrackList, offset: Int) {
            guard let repeated = list.autoRepeat else { return }
            let expanded = tracks.count
            let repeatedCount = expanded - offset - list.tracks.count
            guard repeatedCount > 0 else { return }
            var used = Set<Int>()
            for span in spans { for i in span where i < expanded { used.insert(i) } }
            let start = offset + repeated.index
            for i in start..<min(expanded, start + repeatedCount) where !used.contains(i) {
                tracks[i] = GridTrackSize(min: .length(.px(0)), max: .length(.px(0)))
            }
        }

        static func lineNames(_ list: GridTrackList, count: Int) -> [[String]] {
            var names = list.names
            while names.count < count + 1 { names.append([]) }
            return names
        }

        /// The track list of the implicit grid: the explicit tracks, and `grid-auto-*` ones
        /// before (counting back from the last) and after (counting on from the first).
        static func tracks(_ explicit: [GridTrackSize], auto: [GridTrackSize], offset: Int, count: Int) -> [GridTrackSize] {
            let pattern = auto.isEmpty ? [GridTrackSize.auto] : auto
            return (0..<count).map { i in
                let e = i - offset
                if e >= 0 && e < explicit.count { return explicit[e] }
                if e < 0 {
                    let back = (-e - 1) % pattern.count
                    return pattern[pattern.count - 1 - back]
                }
                return pattern[(e - explicit.count) % pattern.count]
            }
        }

        /// A definite line (0-based, explicit-grid coordinates) for a placement value.
        static func line(_ value: GridLine, isStart: Bool, names: [[String]], count: Int) -> Int {
            switch value {
            case .line(let n, nil):
                return n > 0 ? n - 1 : count + 1 + n
            case .line(let n, let name?):
                return named(name, n, names: names, count: count)
            case .named(let name):
                let implicit = name + (isStart ? "-start" : "-end")
                if let index = names.firstIndex(where: { $0.contains(implicit) }) { return index }
                return named(name, 1, names: names, count: count)
            default:
                return 0
            }
        }

        /// The nth line with a name (negative: from the end); missing ones are implicit lines
        /// past the explicit grid's edge, all of which have every name.
        static func named(_ name: String, _ n: Int, names: [[String]], count: Int) -> Int {
            let matches = names.indices.filter { names[$0].contains(name) }
            if n > 0 {
                if n <= matches.count { return matches[n - 1] }
                return count + (n - matches.count)
            }
            let k = -n
            if k <= matches.count { return matches[matches.count - k] }
            return -(k - matches.count)
        }

        /// `span N name`: the line N lines named so away from `from`.
        static func searchSpan(from line: Int, forward: Bool, name: String, n: Int, names: [[String]]) -> Int {
            var found = 0, index = line
            let limit = GridStyle.maximumTracks
            while found < n {
                index += forward ? 1 : -1
                if index < 0 || index >= names.count { return forward ? max(index, names.count - 1) + (n - found) : index - (n - found - 1) }
                if names[index].contains(name) { found += 1 }
                if abs(index - line) > limit { break }
            }
            return index
        }
    }

    /// Which cells items hold, rows of bits along the flow's major axis. Checking is bounded:
    /// past a budget of cell tests, the rest of the items go where the cursor is.
    struct Occupancy {
        let minorCount: Int
        var cells: [[Bool]] = []
        var testsLeft = 4_000_000
        var exhausted: Bool { testsLeft <= 0 }

        init(minorCount: Int) { self.minorCount = minorCount }

        mutating func mark(_ major: Range<Int>, _ minor: Range<Int>) {
            guard !minor.isEmpty else { return }
            while cells.count < major.upperBound { cells.append(Array(repeating: false, count: minorCount)) }
            for m in major { for n in minor where n < minorCount { cells[m][n] = true } }
        }

        mutating func isFree(_ major: Range<Int>, _ minor: Range<Int>) -> Bool {
            testsLeft -= major.count * minor.count
            if testsLeft <= 0 { return true }
            for m in major where m < cells.count {
                for n in minor where n < minorCount { if cells[m][n] { return false } }
            }
            return true
        }
    }
}

// MARK: - Track sizing

/// The track sizing algorithm (CSS Grid §11.4–§11.8) for one axis.
struct TrackSizer {
    let tracks: [GridTrackSize]
    let gap: Double
    /// What percentages resolve against (nil: indefinite, they act as auto).
    let percentBase: Double?

    struct Contribution {
        var span: Range<Int>
        var minContent: Double
        var maxContent: Double
    }
    enum Mode { case layout, minContent, maxContent }

    private struct Track {
        var min: GridBreadth, max: GridBreadth
        var fitLimit: Double?
        var base = 0.0, limit = Double.infinity
        var flex: Double? { if case .flex(let f) = max { return f }; return nil }
        var intrinsicMin: Bool { min.isIntrinsic }
        var intrinsicMax: Bool { max.isIntrinsic || fitLimit != nil }
    }

    func sizes(_ contributions: [Contribution], available: Double?, mode: Mode, alignment: GridContentAlignment) -> [Double] {
        guard !tracks.isEmpty else { return [] }
        var t = tracks.map { size -> Track in
            var min = size.min, max = size.max
            if case .length(let l) = min, l.resolve(percentBase ?? .nan)?.isNaN ?? true { min = .auto }
            if case .length(let l) = max, l.resolve(percentBase ?? .nan)?.isNaN ?? true { max = .auto }
            var track = Track(min: min, max: max, fitLimit: size.fitContentLimit.flatMap { $0.resolve(percentBase ?? 0) })
            if case .length(let l) = min { track.base = l.resolve(percentBase ?? 0) ?? 0 }
            if case .length(let l) = max { track.limit = Swift.max(track.base, l.resolve(percentBase ?? 0) ?? 0) }
            if case .flex = max { track.limit = track.base }
            return track
        }
        func minimumContribution(_ c: Contribution) -> Double { mode == .maxContent ? c.maxContent : c.minContent }
        let valid = contributions.filter { $0.span.upperBound <= t.count && !$0.span.isEmpty }
        let (flexing, plain) = valid.reduce(into: ([Contribution](), [Contribution]())) { acc, c in
            if c.span.contains(where: { t[$0].flex != nil }) { acc.0.append(c) } else { acc.1.append(c) }
        }
        // Items in one track.
        for c in plain where c.span.count == 1 {
            let i = c.span.lowerBound
            switch t[i].min {
            case .minContent: t[i].base = Swift.max(t[i].base, c.minContent)
            case .maxContent: t[i].base = Swift.max(t[i].base, c.maxContent)
            case .auto: t[i].base = Swift.max(t[i].base, minimumContribution(c))
            default: break
            }
            if t[i].intrinsicMax {
                let current = t[i].limit.isInfinite ? 0 : t[i].limit
                var wanted: Double
                switch t[i].max {
                case .minContent: wanted = c.minContent
                default: wanted = c.maxContent
                }
                if let fit = t[i].fitLimit { wanted = Swift.min(wanted, Swift.max(fit, c.minContent)) }
                t[i].limit = Swift.max(current, wanted)
            }
        }
        // Items spanning several tracks, smallest spans first: extra space shared equally.
        for c in plain.filter({ $0.span.count > 1 }).sorted(by: { $0.span.count < $1.span.count }) {
            let gaps = gap * Double(c.span.count - 1)
            let baseTargets = c.span.filter { t[$0].intrinsicMin }
            let baseExtra = minimumContribution(c) - c.span.map { t[$0].base }.reduce(0, +) - gaps
            if baseExtra > 0, !baseTargets.isEmpty {
                for i in baseTargets { t[i].base += baseExtra / Double(baseTargets.count) }
            }
            let limitTargets = c.span.filter { t[$0].intrinsicMax }
            let limits = c.span.map { t[$0].limit.isInfinite ? t[$0].base : t[$0].limit }.reduce(0, +)
            let limitExtra = c.maxContent - limits - gaps
            if limitExtra > 0, !limitTargets.isEmpty {
                for i in limitTargets {
                    let current = t[i].limit.isInfinite ? t[i].base : t[i].limit
                    t[i].limit = current + limitExtra / Double(limitTargets.count)
                }
            }
        }
        // Items crossing flexible tracks grow those tracks' bases, by flex factor.
        for c in flexing {
            let targets = c.span.filter { t[$0].flex != nil && t[$0].intrinsicMin }
            guard !targets.isEmpty else { continue }
            let extra = minimumContribution(c) - c.span.map { t[$0].base }.reduce(0, +) - gap * Double(c.span.count - 1)
            guard extra > 0 else { continue }
            let factors = targets.map { t[$0].flex ?? 0 }.reduce(0, +)
            for i in targets { t[i].base += factors > 0 ? extra * (t[i].flex ?? 0) / factors : extra / Double(targets.count) }
        }
        for i in t.indices {
            if t[i].limit.isInfinite { t[i].limit = t[i].base }
            t[i].limit = Swift.max(t[i].limit, t[i].base)
            if t[i].flex != nil { t[i].limit = t[i].base }
        }
        let gaps = gap * Double(t.count - 1)
        // Maximize tracks: grow bases to their limits as the free space allows.
        switch mode {
        case .minContent: break
        case .maxContent:
            for i in t.indices { t[i].base = t[i].limit }
        case .layout:
            if let available {
                var free = available - gaps - t.map(\.base).reduce(0, +)
                var growing = t.indices.filter { t[$0].limit > t[$0].base }
                while free > 0.0001, !growing.isEmpty {
                    let share = free / Double(growing.count)
                    for i in growing {
                        let grow = Swift.min(share, t[i].limit - t[i].base)
                        t[i].base += grow; free -= grow
                    }
                    growing = growing.filter { t[$0].limit > t[$0].base + 0.0001 }
                }
            } else {
                for i in t.indices { t[i].base = t[i].limit }
            }
        }
        // Expand flexible tracks.
        let flexIndices = t.indices.filter { t[$0].flex != nil }
        if !flexIndices.isEmpty && mode != .minContent {
            var frSize: Double
            if let available, mode == .layout {
                frSize = Self.frSize(t.indices.map { (t[$0].base, t[$0].flex) }, space: available - gaps)
            } else {
                frSize = 0
                for i in flexIndices {
                    let f = t[i].flex!
                    frSize = Swift.max(frSize, f > 1 ? t[i].base / f : t[i].base)
                }
                for c in flexing {
                    let members = c.span.map { (t[$0].base, t[$0].flex) }
                    frSize = Swift.max(frSize, Self.frSize(members, space: c.maxContent - gap * Double(c.span.count - 1)))
                }
            }
            for i in flexIndices { t[i].base = Swift.max(t[i].base, frSize * t[i].flex!) }
        }
        // Stretch auto tracks into what is left (justify/align-content normal or stretch).
        if mode == .layout, let available, alignment == .normal || alignment == .stretch {
            let autoTracks = t.indices.filter { if case .auto = t[$0].max { return t[$0].fitLimit == nil }; return false }
            let free = available - gaps - t.map(\.base).reduce(0, +)
            if free > 0, !autoTracks.isEmpty {
                for i in autoTracks { t[i].base += free / Double(autoTracks.count) }
            }
        }
        return t.map(\.base)
    }

    /// Find the size of an fr (§11.7.1): the leftover space over the flex factors, leaving out
    /// tracks whose base is already larger than their share.
    private static func frSize(_ tracks: [(base: Double, flex: Double?)], space: Double) -> Double {
        var inflexible = Set<Int>()
        for _ in 0...tracks.count {
            var leftover = space, factors = 0.0
            for (i, track) in tracks.enumerated() {
                if let f = track.flex, !inflexible.contains(i) { factors += f } else { leftover -= track.base }
            }
            let size = max(0, leftover) / max(1, factors)
            let next = tracks.indices.filter { i in
                guard let f = tracks[i].flex, !inflexible.contains(i) else { return false }
                return size * f < tracks[i].base
            }
            if next.isEmpty { return size }
            inflexible.formUnion(next)
        }
        return 0
    }
}
