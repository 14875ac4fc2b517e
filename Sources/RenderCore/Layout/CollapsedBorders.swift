/// The collapsing border model (CSS 2.1 § 17.6.2) as WebKit lays it out. Each grid line's
/// border is the winner among the borders that meet there (cells, rows, row groups, the
/// table): `hidden` suppresses it, then the wider wins, then the style (double, solid, dashed,
/// dotted, ridge, outset, groove, inset), then the box (cell, row, row group, table) and the
/// one nearer the top left. Its width is split between the boxes on either side of the line,
/// in whole pixels as WebKit splits it at scale 1: the one above or left gets the floor of
/// half, the one below or right the ceiling. A cell's used borders are its halves, drawn in
/// the winner's style and colour (two halves make the line); the table's are the outer halves
/// (the widest along the top and bottom rows; left and right from the first row, as WebKit's
/// RenderTable::calcBorderStart/End take them), and it has no padding.
///
/// Applied once to the box tree, by rewriting the styles, so that intrinsic widths, layout
/// and paint all read the used borders.
enum CollapsedBorders {
    /// One border that meets a grid line.
    private struct Candidate {
        var width: Double
        var style: BorderStyle
        var color: RGBA
        /// Cell 5, row 4, row group 3, column 2, column group 1, table 0 (WebKit's BorderPrecedence).
        var origin: Int

        static let none = Candidate(width: 0, style: .none, color: .black, origin: -1)

        init(width: Double, style: BorderStyle, color: RGBA, origin: Int) {
            self.width = width; self.style = style; self.color = color; self.origin = origin
        }

        /// Side `side` of a box's style (0 top, 1 right, 2 bottom, 3 left).
        init(_ style: ComputedStyle, side: Int, origin: Int) {
            let widths = [style.borderWidth.top, style.borderWidth.right, style.borderWidth.bottom, style.borderWidth.left]
            let styles = [style.borderStyle.top, style.borderStyle.right, style.borderStyle.bottom, style.borderStyle.left]
            let colors = [style.borderColor.top, style.borderColor.right, style.borderColor.bottom, style.borderColor.left]
            self.init(width: styles[side] == .none ? 0 : Swift.max(0, widths[side]), style: styles[side],
                      color: colors[side] ?? style.color, origin: origin)
        }

        private static let stylePriority: [BorderStyle: Int] = [
            .double: 8, .solid: 7, .dashed: 6, .dotted: 5, .ridge: 4, .outset: 3, .groove: 2, .inset: 1, .none: 0, .hidden: 0,
        ]

        /// The line as painted: inset drawn as ridge, outset as groove (see `withBorders`).
        var edge: CollapsedEdge {
            let drawn: BorderStyle = style == .inset ? .ridge : style == .outset ? .groove : style
            return CollapsedEdge(width: width, style: width > 0 ? drawn : .none, color: color,
                                 precedence: [width, Double(Self.stylePriority[style] ?? 0), Double(origin)])
        }

        /// Whether this border beats `other` (on a tie the earlier one, nearer the top left, stays).
        func beats(_ other: Candidate) -> Bool {
            if style == .hidden || other.style == .hidden { return style == .hidden && other.style != .hidden }
            if width != other.width { return width > other.width }
            let mine = Self.stylePriority[style] ?? 0, theirs = Self.stylePriority[other.style] ?? 0
            if mine != theirs { return mine > theirs }
            return origin > other.origin
        }
    }

    /// The winner among the borders meeting on one line; a hidden one hides the line.
    private static func winner(_ candidates: [Candidate]) -> Candidate {
        var best = Candidate.none
        for candidate in candidates where candidate.beats(best) { best = candidate }
        return best.style == .hidden ? .none : best
    }

    static func apply(to table: Box) {
        let grid = TableLayout.grid(table)
        guard !grid.placements.isEmpty else { return }
        let rowCount = grid.rows.count, columnCount = grid.columnCount
        var owner = [[Int?]](repeating: [Int?](repeating: nil, count: columnCount), count: rowCount)
        for (index, placement) in grid.placements.enumerated() {
            let lastRow = Swift.min(rowCount, placement.row + placement.cell.rowspan) - 1
            for row in placement.row...lastRow {
                for column in placement.column..<Swift.min(columnCount, placement.column + placement.cell.colspan) where owner[row][column] == nil {
                    owner[row][column] = index
                }
            }
        }
        // Each row's group, and whether the row opens or closes it.
        var groupOfRow: [Box?] = Array(repeating: nil, count: rowCount)
        for group in table.rowGroups {
            for index in grid.rows(of: group) ?? 0..<0 { groupOfRow[index] = group }
        }
        func rowSide(_ row: Int, _ side: Int) -> [Candidate] {
            var found = [Candidate(grid.rows[row].style, side: side, origin: 4)]
            if let group = groupOfRow[row] {
                let opens = group.children.first === grid.rows[row], closes = group.children.last === grid.rows[row]
                if side == 1 || side == 3 || (side == 0 && opens) || (side == 2 && closes) {
                    found.append(Candidate(group.style, side: side, origin: 3))
                }
            }
            return found
        }
        func cellSide(_ index: Int, _ side: Int) -> Candidate { Candidate(grid.placements[index].cell.style, side: side, origin: 5) }
        let columns = ColumnEdges.of(table, count: columnCount)
        /// A column's and its group's borders on side `side` of grid column `column`.
        /// The table's outer halves see only the innermost column element, not a col's group
        /// (WebKit's calcBorderStart/Before read colElement).
        func columnSide(_ column: Int, _ side: Int, enclosingGroup: Bool = true) -> [Candidate] {
            guard column < columns.count else { return [] }
            let edges = columns[column]
            var found: [Candidate] = []
            if let style = edges.column { found.append(Candidate(style, side: side, origin: 2)) }
            // The group's start and end edges only where the group starts and ends.
            if let group = edges.group, enclosingGroup || edges.column == nil,
               side == 0 || side == 2 || (side == 3 && edges.opensGroup) || (side == 1 && edges.closesGroup) {
                found.append(Candidate(group, side: side, origin: 1))
            }
            return found
        }
        let tableStyle = table.style
        var outer = [Candidate](repeating: .none, count: 4)
        func noteOuter(_ side: Int, _ line: Candidate, half: Double) {
            if half > outer[side].width || (half == outer[side].width && line.beats(outer[side])) {
                outer[side] = Candidate(width: half, style: line.style, color: line.color, origin: 0)
            }
        }

        var cellStyles: [ComputedStyle] = []
        for (index, placement) in grid.placements.enumerated() {
            let row = placement.row, column = placement.column
            let lastRow = Swift.min(rowCount, row + placement.cell.rowspan) - 1
            let lastColumn = Swift.min(columnCount, column + placement.cell.colspan) - 1
            var halves = [0.0, 0.0, 0.0, 0.0]
            var lines = [Candidate](repeating: .none, count: 4)
            // Top: the cell above (in the first column) or the table's top.
            if row > 0, let above = owner[row - 1][column] {
                lines[0] = winner([cellSide(above, 2)] + rowSide(row - 1, 2) + [cellSide(index, 0)] + rowSide(row, 0))
            } else {
                let sides = [Candidate(tableStyle, side: 0, origin: 0)] + [cellSide(index, 0)] + rowSide(row, 0)
                lines[0] = winner(sides + columnSide(column, 0))
                let outerLine = winner(sides + columnSide(column, 0, enclosingGroup: false))
                noteOuter(0, outerLine, half: (outerLine.width / 2).rounded(.down))
            }
            halves[0] = (lines[0].width / 2).rounded(.up)
            // Bottom: the cell below or the table's bottom.
            if lastRow + 1 < rowCount, let below = owner[lastRow + 1][column] {
                lines[2] = winner([cellSide(index, 2)] + rowSide(lastRow, 2) + [cellSide(below, 0)] + rowSide(lastRow + 1, 0))
            } else {
                let sides = [cellSide(index, 2)] + rowSide(lastRow, 2), table = Candidate(tableStyle, side: 2, origin: 0)
                lines[2] = winner(sides + columnSide(column, 2) + [table])
                let outerLine = winner(sides + columnSide(column, 2, enclosingGroup: false) + [table])
                noteOuter(2, outerLine, half: (outerLine.width / 2).rounded(.up))
            }
            halves[2] = (lines[2].width / 2).rounded(.down)
            // Left: the cell before or the table's left.
            if column > 0, let before = owner[row][column - 1] {
                lines[3] = winner(columnSide(column - 1, 1) + [cellSide(before, 1), cellSide(index, 3)] + columnSide(column, 3))
            } else {
                let sides = [Candidate(tableStyle, side: 3, origin: 0)] + rowSide(row, 3) + [cellSide(index, 3)]
                lines[3] = winner(sides + columnSide(column, 3))
                let outerLine = winner(sides + columnSide(column, 3, enclosingGroup: false))
                if row == 0 { noteOuter(3, outerLine, half: (outerLine.width / 2).rounded(.down)) }
            }
            halves[3] = (lines[3].width / 2).rounded(.up)
            // Right: the cell after or the table's right.
            if lastColumn + 1 < columnCount, let after = owner[row][lastColumn + 1] {
                lines[1] = winner(columnSide(lastColumn, 1) + [cellSide(index, 1), cellSide(after, 3)] + columnSide(lastColumn + 1, 3))
            } else {
                let sides = [cellSide(index, 1)] + rowSide(row, 1), table = Candidate(tableStyle, side: 1, origin: 0)
                lines[1] = winner(sides + columnSide(lastColumn, 1) + [table])
                let outerLine = winner(sides + columnSide(lastColumn, 1, enclosingGroup: false) + [table])
                if row == 0 { noteOuter(1, outerLine, half: (outerLine.width / 2).rounded(.up)) }
            }
            halves[1] = (lines[1].width / 2).rounded(.down)
            cellStyles.append(withBorders(placement.cell.style, halves: halves, lines: lines))
            placement.cell.collapsedEdges = lines.map(\.edge)
        }
        table.collapsedEdges = []
        for (placement, style) in zip(grid.placements, cellStyles) { placement.cell.style = style }
        for row in grid.rows { row.style = withBorders(row.style, halves: [0, 0, 0, 0], lines: []) }
        for group in table.rowGroups { group.style = withBorders(group.style, halves: [0, 0, 0, 0], lines: []) }
        var style = withBorders(tableStyle, halves: outer.map(\.width), lines: outer)
        style.padding = Edges(.px(0))
        table.style = style
    }

    /// `style` with these used border widths, in the lines' styles and colours.
    private static func withBorders(_ style: ComputedStyle, halves: [Double], lines: [Candidate]) -> ComputedStyle {
        var style = style
        func line(_ side: Int) -> Candidate { side < lines.count ? lines[side] : .none }
        // Collapsed, `inset` is drawn as `ridge` and `outset` as `groove` (CSS 2.1 §17.6.2.1;
        // WebKit's collapsedBorderStyle); the priority above still reads the declared style.
        func used(_ side: Int) -> BorderStyle {
            guard halves[side] > 0 else { return .none }
            switch line(side).style {
            case .inset: return .ridge
            case .outset: return .groove
            case let style: return style
            }
        }
        style.borderWidth = Edges(top: halves[0], right: halves[1], bottom: halves[2], left: halves[3])
        style.borderStyle = Edges(top: used(0), right: used(1), bottom: used(2), left: used(3))
        style.borderColor = Edges(top: line(0).color, right: line(1).color, bottom: line(2).color, left: line(3).color)
        return style
    }
}

/// One grid line of a collapsed table as a cell paints it: the winning border at full width.
struct CollapsedEdge: Equatable {
    var width: Double
    var style: BorderStyle
    var color: RGBA
    /// Width, style priority, origin: WebKit paints lines from the lowest to the highest, so
    /// where lines cross the stronger one lies on top.
    var precedence: [Double]
}

/// What `<col>` and `<colgroup>` declare for one grid column, as collapsed borders read it
/// (WebKit's colElement with its start and end edges): a col's borders apply to every column
/// it spans; its group's start and end borders only where the group starts and ends.
private struct ColumnEdges {
    var column: ComputedStyle?
    var group: ComputedStyle?
    var opensGroup = false
    var closesGroup = false

    static func of(_ table: Box, count: Int) -> [ColumnEdges] {
        var result: [ColumnEdges] = []
        let declared = table.tableColumns
        for (index, entry) in declared.enumerated() where result.count < count {
            let next = index + 1 < declared.count ? declared[index + 1] : nil
            let groupEnds = next == nil || next?.group == nil || next?.opensGroup == true
            let span = Swift.min(entry.span, count - result.count)
            for offset in 0..<span {
                // A group without cols is one element spanning its columns: its edges are at its ends.
                let first = entry.column != nil || offset == 0, last = entry.column != nil || offset == entry.span - 1
                result.append(ColumnEdges(column: entry.column, group: entry.group,
                                          opensGroup: entry.opensGroup && first, closesGroup: entry.group != nil && groupEnds && last))
            }
        }
        return result
    }
}
