/// How a table taller than its rows shares out the extra height, as WebKit does
/// (`RenderTable::distributeExtraLogicalHeight`, `RenderTableSection::distributeExtraLogicalHeightToRows`):
/// all of it goes to the first body section's rows; first to rows with a percentage height, up
/// to that share of the section, then in equal parts to rows with no height, then what is left
/// in proportion to every row's height (spacing included).
enum ExtraRowHeight {
    /// A row's height as declared by the row or its single-row cells (the largest wins).
    enum Declared: Equatable {
        case auto, fixed, percent(Double)

        /// A positive fixed or percentage height declared on the row or a cell adds to it
        /// (`RenderTableSection::updateLogicalHeightForCell`).
        mutating func add(_ length: Length) {
            switch length {
            case .px(let value) where value > 0:
                if case .percent = self { return }
                self = .fixed
            case .percent(let value) where value > 0:
                if case .percent(let current) = self, current >= value { return }
                self = .percent(value)
            default: break
            }
        }
    }

    /// `heights[rows]` grow by up to `extra`; `spacing` is the border spacing after each row,
    /// `top` the spacing above the section's first row (the table's first section has it).
    /// The proportional share weighs rows against the section's height with `top` in it,
    /// so a little of the extra is lost there, as in WebKit (its FIXME), and the table comes
    /// out that much shorter than its height.
    static func distribute(_ extra: Double, heights: inout [Double], declared: [Declared], rows: Range<Int>,
                           spacing: Double, top: Double) {
        guard extra > 0, !rows.isEmpty else { return }
        var remaining = extra
        // The section's height as WebKit keeps its row positions.
        let sectionHeight = top + rows.reduce(0.0) { $0 + heights[$1] + spacing }
        var totalPercent = Swift.min(100, rows.reduce(0.0) { sum, row in
            if case .percent(let value) = declared[row] { return sum + value }
            return sum
        })
        if totalPercent > 0 {
            let totalHeight = sectionHeight + remaining
            for row in rows {
                guard totalPercent > 0, case .percent(let value) = declared[row] else { continue }
                let add = Swift.max(0, Swift.min(remaining, totalHeight * value / 100 - (heights[row] + spacing)))
                heights[row] += add
                remaining -= add
                totalPercent -= value
            }
        }
        var autoRows = rows.filter { declared[$0] == .auto }.count
        for row in rows where declared[row] == .auto && autoRows > 0 {
            // Recomputed per row, so that the parts add up to what was left.
            let add = remaining / Double(autoRows)
            heights[row] += add
            remaining -= add
            autoRows -= 1
        }
        guard remaining > 0, sectionHeight > 0 else { return }
        let shared = remaining
        for row in rows {
            heights[row] += shared * (heights[row] + spacing) / sectionHeight
        }
    }
}
