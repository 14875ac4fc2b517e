/// The automatic table layout: a grid of slots from rows and spans, column min/max widths
/// from the cells, the table width distributed between them, then rows sized by their
/// tallest cell (CSS 2.1 §17.5.2.2, as browsers implement it). Separated borders model.
struct TableLayout {
    let engine: LayoutEngine

    struct Placement { let cell: Box; let row: Int; let column: Int }

    struct Grid {
        var rows: [Box] = []
        var placements: [Placement] = []
        var columnCount = 0
        /// Each row group's rows, a range of `rows` (empty groups have none).
        var rowsOfGroup: [ObjectIdentifier: Range<Int>] = [:]

        func rows(of group: Box) -> Range<Int>? { rowsOfGroup[ObjectIdentifier(group)] }
    }

    /// WebKit's tableMaxWidth: the max-content of a table that would take any width.
    static let maximumTableWidth = 1_000_000.0

    static func grid(_ table: Box) -> Grid {
        var grid = Grid()
        // The first header group first and the first footer group last; later ones are
        // bodies in document order (WebKit's RenderTable::updateFirstSections).
        let sections = table.rowGroups
        let header = sections.first { $0.style.display == .tableHeaderGroup }
        let footer = sections.first { $0.style.display == .tableFooterGroup }
        let groups = (header.map { [$0] } ?? []) + sections.filter { $0 !== header && $0 !== footer } + (footer.map { [$0] } ?? [])
        var occupied: [[Bool]] = []
        for group in groups {
            // Out-of-flow children of groups and rows are no rows or cells.
            let rows = group.children.filter { !$0.isOutOfFlow }
            if !rows.isEmpty {
                grid.rowsOfGroup[ObjectIdentifier(group)] = grid.rows.count..<(grid.rows.count + rows.count)
            }
            for row in rows {
                let rowIndex = grid.rows.count
                grid.rows.append(row)
                if occupied.count <= rowIndex { occupied.append([]) }
                var column = 0
                for cell in row.children where !cell.isOutOfFlow {
                    while column < occupied[rowIndex].count && occupied[rowIndex][column] { column += 1 }
                    let rowspan = min(cell.rowspan, 1000)
                    for r in rowIndex..<(rowIndex + rowspan) {
                        while occupied.count <= r { occupied.append([]) }
                        let needed = column + cell.colspan
                        if occupied[r].count < needed { occupied[r] += Array(repeating: false, count: needed - occupied[r].count) }
                        for c in column..<needed { occupied[r][c] = true }
                    }
                    grid.placements.append(Placement(cell: cell, row: rowIndex, column: column))
                    column += cell.colspan
                    grid.columnCount = max(grid.columnCount, column)
                }
            }
        }
        return grid
    }

    /// Between columns.
    private func spacing(_ table: Box) -> Double { table.style.usedBorderSpacing.horizontal }

    // MARK: Column widths

    private struct Column {
        var min = 0.0, max = 0.0
        var fixed: Double?, percent: Double?
        /// Only empty cells (no content, border, padding or background) start in it.
        var emptyCellsOnly = true
    }

    private func columns(_ grid: Grid, _ table: Box) -> [Column] {
        var columns = [Column](repeating: Column(), count: grid.columnCount)
        // <col> and <colgroup> widths first; cells then add theirs (WebKit's fullRecalc).
        for (index, width) in table.declaredColumnWidths(count: columns.count).enumerated() {
            switch width {
            case .px(let value): columns[index].fixed = value; columns[index].max = value
            case .percent(let value): columns[index].percent = value
            // WebKit's table layouts treat calc() widths as auto (webkit.org/b/91411).
            case .auto, .calc: break
            }
        }
        let sizes = IntrinsicSizes(engine: engine)
        // Single-column cells first, then spanning cells spread what their columns lack.
        let ordered = grid.placements.sorted { $0.cell.colspan < $1.cell.colspan }
        for placement in ordered {
            let cell = placement.cell
            engine.resolveEdges(cell, containingWidth: 0)
            var (minimum, maximum) = sizes.contentWidths(cell)
            var fixed: Double?, percent: Double?
            switch cell.style.width {
            case .px(let value):
                let chrome = engine.horizontalChrome(cell)
                let width = cell.style.borderBoxSizing ? value : value + chrome
                // A fixed width is the column's preferred width, not a floor: the column
                // still shrinks to its content's min-content in a narrower table (as in Blink).
                fixed = width
                maximum = Swift.max(minimum, width)
            case .percent(let value): percent = value
            case .auto, .calc: break
            }
            let span = placement.column..<(placement.column + cell.colspan)
            if Self.hasContent(cell) { columns[placement.column].emptyCellsOnly = false }
            if cell.colspan == 1 {
                let index = placement.column
                columns[index].min = Swift.max(columns[index].min, minimum)
                columns[index].max = Swift.max(columns[index].max, maximum)
                if let fixed { columns[index].fixed = Swift.max(columns[index].fixed ?? 0, fixed) }
                if let percent { columns[index].percent = Swift.max(columns[index].percent ?? 0, percent) }
            } else {
                let inner = spacing(table) * Double(cell.colspan - 1)
                distribute(minimum - inner, over: span, in: &columns, keyPath: \.min)
                distribute(maximum - inner, over: span, in: &columns, keyPath: \.max)
            }
        }
        // A px-width cell does not cap the others in its column: the column's max-content is
        // the widest of its cells' (each px one max(min-content, width); WebKit's recalcColumn).
        for index in columns.indices {
            columns[index].max = Swift.max(columns[index].max, columns[index].min)
        }
        return columns
    }

    /// Grows the spanned columns so that together they reach `total`, in proportion to
    /// their current max widths (equally when those are all zero).
    private func distribute(_ total: Double, over span: Range<Int>, in columns: inout [Column], keyPath: WritableKeyPath<Column, Double>) {
        let current = span.reduce(0.0) { $0 + columns[$1][keyPath: keyPath] }
        guard total > current else { return }
        let extra = total - current
        let weights = span.reduce(0.0) { $0 + columns[$1].max }
        for index in span {
            let share = weights > 0 ? columns[index].max / weights : 1 / Double(span.count)
            columns[index][keyPath: keyPath] += extra * share
        }
    }

    /// `table-layout: fixed` with a width: columns come from the first row alone.
    private func usesFixedLayout(_ table: Box) -> Bool {
        table.style.tableLayoutFixed && !table.style.width.isAuto
    }

    /// Fixed layout's columns: the first row's cells with a px width keep it (border box),
    /// percentages take their share, the others split what is left equally.
    private func fixedColumnWidths(_ grid: Grid, _ table: Box, available: Double) -> [Double] {
        // <col> widths first, then the first row's cells for the other columns.
        var specified: [Length?] = table.declaredColumnWidths(count: grid.columnCount).map { $0 == .auto ? nil : $0 }
        for placement in grid.placements where placement.row == 0 && specified[placement.column] == nil {
            let cell = placement.cell
            var length: Length = cell.style.width
            if case .px(let value) = length, !cell.style.borderBoxSizing {
                engine.resolveEdges(cell, containingWidth: available)
                length = .px(value + engine.horizontalChrome(cell))
            }
            for offset in 0..<cell.colspan {
                switch length {
                case .px(let value): specified[placement.column + offset] = .px(value / Double(cell.colspan))
                case .percent(let value): specified[placement.column + offset] = .percent(value / Double(cell.colspan))
                case .auto, .calc: break
                }
            }
        }
        var widths = specified.map { $0?.resolve(available) ?? 0 }
        let autoColumns = specified.indices.filter { specified[$0] == nil }
        let remaining = available - widths.reduce(0, +)
        if !autoColumns.isEmpty {
            for index in autoColumns { widths[index] = Swift.max(0, remaining) / Double(autoColumns.count) }
        } else if remaining > 0, !widths.isEmpty {
            let total = widths.reduce(0, +)
            for index in widths.indices { widths[index] += total > 0 ? remaining * widths[index] / total : remaining / Double(widths.count) }
        }
        return widths
    }

    /// The min/max-content widths the table's container sees.
    func intrinsicWidths(_ table: Box) -> (min: Double, max: Double) {
        var widths = withSpecifiedWidth(table, contentWidths(table, scalingForPercentages: !table.isInsideTableCell))
        if case .px(let maxWidth) = table.style.maxWidth {
            widths.max = Swift.max(widths.min, Swift.min(widths.max, maxWidth))
        }
        return widths
    }

    /// In the automatic layout a px width is both the min- and the max-content, unless the
    /// content needs more (WebKit's applyPreferredLogicalWidthQuirks, which takes a CSS
    /// table's width as its border box too).
    private func withSpecifiedWidth(_ table: Box, _ content: (min: Double, max: Double)) -> (min: Double, max: Double) {
        guard case .px(let specified) = table.style.width, !usesFixedLayout(table) else { return content }
        let minimum = Swift.max(content.min, specified)
        return (minimum, Swift.max(minimum, specified))
    }

    /// Min/max-content from the cells alone (a specified width not applied). The max widens
    /// so that percentage columns get their share (for the table's own layout always; for its
    /// container only outside table cells).
    private func contentWidths(_ table: Box, scalingForPercentages: Bool = true) -> (min: Double, max: Double) {
        var widths = gridWidths(table, scalingForPercentages: scalingForPercentages)
        // Never narrower than a caption's min-content (WebKit's computePreferredLogicalWidths).
        let sizes = IntrinsicSizes(engine: engine)
        for caption in table.captions {
            widths.min = Swift.max(widths.min, sizes.contentWidths(caption).min)
        }
        return (widths.min, Swift.max(widths.min, widths.max))
    }

    private func gridWidths(_ table: Box, scalingForPercentages: Bool) -> (min: Double, max: Double) {
        let grid = Self.grid(table)
        if usesFixedLayout(table) {
            // Content does not widen a fixed table: only its px width (or its px columns) count.
            let chrome = tableChrome(table) + spacing(table) * Double(grid.columnCount + 1)
            if case .px(let width) = table.style.width { return (width, width) }
            let fixed = fixedColumnWidths(grid, table, available: 0).reduce(0, +) + chrome
            // A percentage-wide fixed table asks for all the width there is (WebKit's
            // FixedTableLayout::applyPreferredLogicalWidthQuirks).
            if case .percent = table.style.width { return (fixed, Swift.max(fixed, Self.maximumTableWidth)) }
            return (fixed, fixed)
        }
        let columns = columns(grid, table)
        let chrome = tableChrome(table) + spacing(table) * Double(columns.count + 1)
        var minimum = columns.reduce(0) { $0 + $1.min } + chrome
        let scaled = scalingForPercentages ? widthHonouringPercentages(columns) : 0
        var maximum = max(columns.reduce(0) { $0 + $1.max }, scaled) + chrome
        if columns.isEmpty { minimum = tableChrome(table); maximum = minimum }
        return (minimum, Swift.max(minimum, maximum))
    }

    /// A percentage column wants the table wide enough that its share holds its content;
    /// the other columns want theirs to fit in what the percentages leave (as Blink's auto
    /// table algorithm computes the max-content width).
    private func widthHonouringPercentages(_ columns: [Column]) -> Double {
        var remainingPercent = 100.0
        var widestForPercent = 0.0
        var nonPercent = 0.0
        for column in columns {
            if let percent = column.percent, percent > 0 {
                let share = Swift.min(percent, remainingPercent)
                widestForPercent = Swift.max(widestForPercent, column.max * 100 / Swift.max(share, 0.01))
                remainingPercent -= share
            } else {
                nonPercent += column.max
            }
        }
        guard columns.contains(where: { ($0.percent ?? 0) > 0 }) else { return 0 }
        let forNonPercent = remainingPercent > 0.01 ? nonPercent * 100 / remainingPercent : (nonPercent > 0 ? .greatestFiniteMagnitude : 0)
        return Swift.min(Swift.max(widestForPercent, forNonPercent), Self.maximumTableWidth)
    }

    private func tableChrome(_ table: Box) -> Double {
        let border = table.style.usedBorder
        func px(_ l: Length) -> Double { if case .px(let v) = l { return v }; return 0 }
        return border.left + border.right + px(table.style.padding.left) + px(table.style.padding.right)
    }

    /// Whether a cell counts as content for its column (WebKit's recalcColumn: children, a
    /// border, padding or a background).
    private static func hasContent(_ cell: Box) -> Bool {
        let style = cell.style, border = style.usedBorder
        let padding = [style.padding.top, style.padding.right, style.padding.bottom, style.padding.left]
        return !cell.children.isEmpty || !(cell.inlineContent?.items.isEmpty ?? true)
            || border.top + border.right + border.bottom + border.left > 0
            || padding.contains { $0 != .px(0) && $0 != .percent(0) }
            || style.backgroundColor.a > 0 || style.background.hasImage
    }

    /// The used widths of the columns for a table of the given inner width, as WebKit's
    /// AutoTableLayout::layout hands it out: every column its min-content; percentage columns
    /// their share; fixed columns their width; auto columns (not those of empty cells only)
    /// all that is left in proportion to their max-content; then what remains to fixed
    /// columns by max-content, to percentage columns by percentage, and to every column but
    /// empty auto ones equally (from the last). Too little: auto, then fixed, then percentage
    /// columns give back what they have above their min-content.
    private func columnWidths(_ columns: [Column], available inner: Double) -> [Double] {
        var widths = columns.map(\.min)
        var available = inner - widths.reduce(0, +)
        let isAuto = columns.map { $0.percent == nil && $0.fixed == nil }
        let isFixed = columns.map { $0.percent == nil && $0.fixed != nil }
        let growsAuto = columns.indices.map { isAuto[$0] && !columns[$0].emptyCellsOnly }
        var totalPercent = columns.reduce(0.0) { $0 + ($1.percent ?? 0) }
        if available > 0 && totalPercent > 0 {
            for index in columns.indices {
                guard let percent = columns[index].percent else { continue }
                let width = Swift.max(columns[index].min, inner * percent / 100)
                available += widths[index] - width
                widths[index] = width
            }
            if totalPercent > 100 {
                // Over 100 %: the last percentage columns give the excess back.
                var excess = inner * (totalPercent - 100) / 100
                for index in columns.indices.reversed() where columns[index].percent != nil {
                    let reduction = Swift.min(widths[index], excess)
                    excess -= reduction
                    let width = Swift.max(columns[index].min, widths[index] - reduction)
                    available += widths[index] - width
                    widths[index] = width
                }
            }
        }
        if available > 0 {
            for index in columns.indices where isFixed[index] {
                let fixed = columns[index].fixed!
                if fixed > widths[index] { available += widths[index] - fixed; widths[index] = fixed }
            }
        }
        let autoColumns = columns.indices.filter { growsAuto[$0] }
        if available > 0 && !autoColumns.isEmpty {
            available += autoColumns.reduce(0.0) { $0 + widths[$1] }
            var totalAuto = autoColumns.reduce(0.0) { $0 + columns[$1].max }
            let equalShare = totalAuto > 0 ? nil : available / Double(autoColumns.count)
            for index in autoColumns {
                widths[index] = Swift.max(widths[index], equalShare ?? available * columns[index].max / totalAuto)
                available -= widths[index]
                if equalShare == nil {
                    totalAuto -= columns[index].max
                    if totalAuto <= 0 { break }
                }
            }
        }
        var totalFixed = columns.indices.filter { isFixed[$0] }.reduce(0.0) { $0 + columns[$1].max }
        if available > 0 && totalFixed > 0 {
            for index in columns.indices where isFixed[index] && totalFixed > 0 {
                let share = available * columns[index].max / totalFixed
                available -= share
                totalFixed -= columns[index].max
                widths[index] += share
            }
        }
        if available > 0 && totalPercent > 0 && totalPercent < 100 {
            for index in columns.indices {
                guard let percent = columns[index].percent else { continue }
                let share = available * percent / totalPercent
                available -= share
                totalPercent -= percent
                widths[index] += share
                if available <= 0 || totalPercent <= 0 { break }
            }
        }
        let emptyAuto = columns.indices.filter { isAuto[$0] && columns[$0].emptyCellsOnly }.count
        if available > 0 && columns.count > emptyAuto {
            var shares = columns.count - emptyAuto
            for index in columns.indices.reversed() where shares > 0 && !(isAuto[index] && columns[index].emptyCellsOnly) {
                let share = available / Double(shares)
                available -= share
                shares -= 1
                widths[index] += share
            }
        } else if available > 0 && emptyAuto == columns.count {
            for index in columns.indices { widths[index] = available / Double(columns.count) }
            available = 0
        }
        for kind in [isAuto, isFixed, columns.map { $0.percent != nil }] where available < 0 {
            var beyondMin = columns.indices.filter { kind[$0] }.reduce(0.0) { $0 + widths[$1] - columns[$1].min }
            for index in columns.indices.reversed() where kind[index] && beyondMin > 0 {
                let room = widths[index] - columns[index].min
                let reduce = available * room / beyondMin
                widths[index] += reduce
                available -= reduce
                beyondMin -= room
                if available >= 0 { break }
            }
        }
        return widths
    }

    // MARK: Layout

    func layout(_ table: Box, containingWidth: Double) {
        // An out-of-flow child is no part of the table: it would have been at its content's start.
        for child in table.children where child.isOutOfFlow {
            child.x = table.border.left + table.padding.left + child.margin.left
            child.y = table.border.top + table.padding.top + child.margin.top
        }
        let grid = Self.grid(table)
        let fixed = usesFixedLayout(table)
        let columns = fixed ? [Column](repeating: Column(), count: grid.columnCount) : columns(grid, table)
        let space = spacing(table), rowSpace = table.style.usedBorderSpacing.vertical
        let chrome = engine.horizontalChrome(table)
        let outerSpacing = space * Double(columns.count + 1)
        let intrinsic = contentWidths(table)
        let available = containingWidth - table.margin.left - table.margin.right
        var tableWidth: Double
        let leftOut = chromeLeftOutOfWidth(table)
        if let specified = table.style.width.resolve(containingWidth) {
            // Never narrower than the min-content.
            tableWidth = Swift.max(specified + leftOut, intrinsic.min)
        } else {
            tableWidth = Swift.max(intrinsic.min, Swift.min(available, intrinsic.max))
        }
        if let maxWidth = table.style.maxWidth.resolve(containingWidth).map({ $0 + leftOut }) {
            // Never below the min-content width, which a px width joins in the automatic
            // layout (WebKit's applyPreferredLogicalWidthQuirks): `<table width="600"
            // style="max-width:100%">` stays 600 px wide in WebKit.
            tableWidth = Swift.max(withSpecifiedWidth(table, intrinsic).min, Swift.min(tableWidth, maxWidth))
        }
        if let minWidth = table.style.minWidth.resolve(containingWidth).map({ $0 + leftOut }), minWidth > tableWidth {
            tableWidth = minWidth
        }
        table.width = tableWidth
        let free = containingWidth - tableWidth - table.margin.left - table.margin.right
        // Auto margins centre a block-level table only: an inline table's or a float's are 0.
        if table.style.display == .table && !table.isFloat {
            if table.style.margin.left.isAuto && table.style.margin.right.isAuto {
                table.margin.left = Swift.max(0, free / 2); table.margin.right = Swift.max(0, free / 2)
            } else if table.style.margin.left.isAuto {
                table.margin.left = Swift.max(0, free)
            }
        }
        let inner = Swift.max(0, tableWidth - chrome - outerSpacing)
        let widths = fixed
            ? fixedColumnWidths(grid, table, available: inner)
            : columnWidths(columns, available: inner)
        var columnX = [Double](repeating: 0, count: columns.count + 1)
        var x = table.contentX + space
        for index in columns.indices {
            columnX[index] = x
            x += widths[index] + space
        }
        columnX[columns.count] = x

        // Lay out every cell at its width, then settle row heights.
        var rowHeights = [Double](repeating: 0, count: grid.rows.count)
        for (index, row) in grid.rows.enumerated() {
            if case .px(let h) = row.style.height { rowHeights[index] = h }
        }
        for placement in grid.placements {
            let cell = placement.cell
            let last = placement.column + cell.colspan - 1
            let width = columnX[last] + widths[last] - columnX[placement.column]
            engine.resolveEdges(cell, containingWidth: inner)
            cell.width = width
            cell.contentShift = 0  // laid out unshifted; alignCellContent sets the shift again
            engine.layoutContents(cell)
            if case .px(let specified) = cell.style.height {
                let verticalChrome = cell.border.top + cell.border.bottom + cell.padding.top + cell.padding.bottom
                // From the content up (block layout already applied a content-box height).
                cell.height = Swift.max(cell.naturalContentHeight + verticalChrome,
                                        cell.style.borderBoxSizing || cell.heightIsBorderBox ? specified : specified + verticalChrome)
            }
            if cell.rowspan == 1 { rowHeights[placement.row] = Swift.max(rowHeights[placement.row], cell.height) }
        }
        // Baseline-aligned cells line up their first baselines: the row is as tall as the
        // lowest baseline plus the deepest part below one (WebKit's calcRowLogicalHeight).
        var rowBaselines = [Double](repeating: 0, count: grid.rows.count)
        var descents = [Double](repeating: 0, count: grid.rows.count)
        for placement in grid.placements where placement.cell.alignsToRowBaseline {
            let cell = placement.cell
            guard let baseline = cell.cellBaseline else { continue }
            rowBaselines[placement.row] = Swift.max(rowBaselines[placement.row], baseline)
            if cell.rowspan == 1 { descents[placement.row] = Swift.max(descents[placement.row], cell.height - baseline) }
            rowHeights[placement.row] = Swift.max(rowHeights[placement.row], rowBaselines[placement.row] + descents[placement.row])
        }
        for placement in grid.placements where placement.cell.rowspan > 1 {
            let lastRow = Swift.min(grid.rows.count, placement.row + placement.cell.rowspan) - 1
            let spanned = (placement.row...lastRow).reduce(0.0) { $0 + rowHeights[$1] } + rowSpace * Double(lastRow - placement.row)
            if placement.cell.height > spanned { rowHeights[lastRow] += placement.cell.height - spanned }
        }

        // A table taller than its rows gives the rest to its first body's rows; its height is
        // then theirs (WebKit's RenderTable::layout honours the specified height directly only
        // when there is no body).
        let body = firstBodyRows(grid, table)
        if let specified = Self.usedHeight(table), let body {
            let verticalChrome = table.border.top + table.border.bottom + table.padding.top + table.padding.bottom
            let extra = specified - verticalChrome - rowSpace * Double(grid.rows.count + 1) - rowHeights.reduce(0, +)
            ExtraRowHeight.distribute(extra, heights: &rowHeights, declared: declaredRowHeights(grid), rows: body,
                                      spacing: rowSpace, top: body.lowerBound == 0 ? rowSpace : 0)
        }

        // Position rows (relative to their groups) and cells (relative to their rows).
        var rowY = [Double](repeating: 0, count: grid.rows.count)
        let above = layoutCaptions(table, atBottom: false, from: 0)
        var y = above + table.contentY + rowSpace
        for index in grid.rows.indices {
            rowY[index] = y
            y += rowHeights[index] + rowSpace
        }
        if grid.rows.isEmpty { y = above + table.contentY }
        var contentHeight = y - above - table.contentY
        if let specified = Self.usedHeight(table), body == nil {
            let verticalChrome = table.border.top + table.border.bottom + table.padding.top + table.padding.bottom
            contentHeight = Swift.max(contentHeight, specified - verticalChrome)
        }
        let boxBottom = above + contentHeight + table.border.top + table.border.bottom + table.padding.top + table.padding.bottom
        table.height = boxBottom + layoutCaptions(table, atBottom: true, from: boxBottom)

        // Sections and rows as WebKit places them: across the table's content box, each row
        // with the spacing after it, the first section with the spacing above it too.
        let sectionX = table.contentX
        let sectionWidth = Swift.max(0, table.width - chrome)
        let topRow = grid.rows.first
        for group in table.rowGroups {
            guard let groupRows = grid.rows(of: group), let first = groupRows.first, let last = groupRows.last else {
                group.x = sectionX; group.y = above + table.contentY; group.width = 0; group.height = 0
                continue
            }
            group.x = sectionX
            group.y = rowY[first] - (grid.rows[first] === topRow ? rowSpace : 0)
            group.width = sectionWidth
            group.height = rowY[last] + rowHeights[last] + rowSpace - group.y
            for index in groupRows {
                let row = grid.rows[index]
                row.x = 0
                row.y = rowY[index] - group.y
                row.width = group.width
                row.height = rowHeights[index]
            }
        }
        for placement in grid.placements {
            let cell = placement.cell
            let lastRow = Swift.min(grid.rows.count, placement.row + cell.rowspan) - 1
            let height = rowY[lastRow] + rowHeights[lastRow] - rowY[placement.row]
            cell.x = columnX[placement.column] - sectionX
            // Columns run from the right in a right-to-left table (CSS 2.1 § 17.5).
            if table.style.direction.isRightToLeft {
                cell.x = (columnX[0] - sectionX) + (columnX[columns.count] - space - sectionX) - cell.x - cell.width
            }
            cell.y = 0
            cell.gridColumn = placement.column
            alignCellContent(cell, rowHeight: height, rowBaseline: rowBaselines[placement.row])
        }
    }

    /// The border-box height a table's `height`, `max-height` and `min-height` ask for, as
    /// WebKit's RenderTable::layout settles them: the max caps the height, the min raises it
    /// (a min-height alone makes a table that tall); nil when nothing asks. An HTML table's
    /// heights include its border and padding whatever `box-sizing` says, a CSS table's only
    /// with `border-box`.
    static func usedHeight(_ table: Box) -> Double? {
        let style = table.style
        let leftOut = table.sizeIsBorderBox ? 0 : table.border.top + table.border.bottom + table.padding.top + table.padding.bottom
        var height = 0.0
        if case .px(let specified) = style.height { height = specified + leftOut }
        if case .px(let maximum) = style.maxHeight { height = Swift.min(height, maximum + leftOut) }
        if case .px(let minimum) = style.minHeight { height = Swift.max(height, minimum + leftOut) }
        return height > 0 ? height : nil
    }

    /// What a table's specified widths leave out of its border box: nothing for an HTML
    /// table, the border and padding for a CSS table sized as a content box.
    private func chromeLeftOutOfWidth(_ table: Box) -> Double {
        table.sizeIsBorderBox ? 0 : tableChrome(table)
    }

    /// Lays out the captions on one side at the table's width, stacked from `top` (relative to
    /// the table's border box, which holds its captions as WebKit's does); their height with
    /// margins.
    private func layoutCaptions(_ table: Box, atBottom: Bool, from top: Double) -> Double {
        var y = top
        for caption in table.captions where caption.style.captionAtBottom == atBottom {
            engine.layoutBlock(caption, containingWidth: table.width)
            caption.x = caption.margin.left
            caption.y = y + caption.margin.top
            y = caption.y + caption.height + caption.margin.bottom
        }
        return y - top
    }

    /// The rows of the first body section (not the header or footer group) in grid order.
    private func firstBodyRows(_ grid: Grid, _ table: Box) -> Range<Int>? {
        let sections = table.rowGroups
        let header = sections.first { $0.style.display == .tableHeaderGroup }
        let footer = sections.first { $0.style.display == .tableFooterGroup }
        let body = sections.first { $0 !== header && $0 !== footer && !$0.children.isEmpty }
        return body.flatMap(grid.rows(of:))
    }

    /// Each row's declared height, from the row and its single-row cells.
    private func declaredRowHeights(_ grid: Grid) -> [ExtraRowHeight.Declared] {
        var declared = grid.rows.map { row in
            var height = ExtraRowHeight.Declared.auto
            height.add(row.style.height)
            return height
        }
        for placement in grid.placements where placement.cell.rowspan == 1 { declared[placement.row].add(placement.cell.style.height) }
        return declared
    }

    /// Stretches a cell to its row and moves its content for `vertical-align`.
    private func alignCellContent(_ cell: Box, rowHeight: Double, rowBaseline: Double) {
        let verticalChrome = cell.border.top + cell.border.bottom + cell.padding.top + cell.padding.bottom
        let free = rowHeight - verticalChrome - cell.naturalContentHeight
        let baseline = cell.alignsToRowBaseline ? cell.cellBaseline : nil
        cell.height = rowHeight
        cell.contentShift = 0
        guard free > 0 else { return }
        let shift: Double
        switch cell.style.verticalAlign {
        case .top: shift = 0
        case .bottom: shift = free
        case .middle: shift = free / 2
        // Baseline and the values that act as it in a cell: down to the row's baseline (a
        // cell without a line stays at the top).
        default: shift = baseline.map { Swift.min(free, Swift.max(0, rowBaseline - $0)) } ?? 0
        }
        guard shift != 0 else { return }
        cell.contentShift = shift
    }
}

extension Box {
    /// A table's row groups (its other in-flow children are captions).
    var rowGroups: [Box] { children.filter { $0.kind == .rowGroup } }
    var captions: [Box] { children.filter { $0.kind != .rowGroup && !$0.isOutOfFlow } }
}

extension Box {
    /// Cell: aligned on the row's baseline (`baseline` and the values that act as it in a
    /// cell: sub, super, text-top, text-bottom; WebKit's isBaselineAligned).
    var alignsToRowBaseline: Bool {
        switch style.verticalAlign {
        case .top, .middle, .bottom: return false
        default: return true
        }
    }

    /// Cell: its first line's baseline from its border-box top, laid out unshifted, else the
    /// bottom of its content (WebKit's cellBaselinePosition); nil when that is not below its
    /// border and padding (an empty cell takes no part).
    var cellBaseline: Double? {
        let baseline = firstLineBaseline() ?? border.top + padding.top + naturalContentHeight
        return baseline > border.top + padding.top ? baseline : nil
    }

    /// Table: its first row's baseline from its border-box top: the row's baseline-aligned
    /// cells' baseline, else the lowest content bottom of its cells (WebKit's
    /// RenderTableSection::firstLineBaseline); nil without rows.
    func tableBaseline() -> Double? {
        guard let row = TableLayout.grid(self).rows.first,
              let group = rowGroups.first(where: { $0.children.contains { $0 === row } }) else { return nil }
        let cells = row.children.filter { $0.kind == .cell }
        let aligned = cells.filter(\.alignsToRowBaseline).compactMap { cell in cell.firstLineBaseline().map { cell.y + $0 } }
        let bottoms = cells.filter { $0.naturalContentHeight > 0 }.map { $0.y + $0.contentY + $0.naturalContentHeight }
        return (aligned.max() ?? bottoms.max()).map { group.y + row.y + $0 }
    }

    /// The baseline of the first line box inside, from the border-box top.
    func firstLineBaseline() -> Double? {
        if let first = lines.first { return contentY + first.y + first.baseline }
        for child in children where !child.isFloat && !child.style.position.isOutOfFlow {
            if let baseline = child.firstLineBaseline() { return child.y + baseline }
        }
        return nil
    }
}
