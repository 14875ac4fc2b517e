/// The borders of a table in the collapsing border model, painted as WebKit paints them
/// (RenderTable's collapsed-borders phase, RenderTableCell::paintCollapsedBorders): each cell
/// draws each of its grid lines at full width, centred on its edge (the part above or left of
/// the line is the floor of half, as layout split it), every side on its own with no mitred
/// joins. Lines go from the lowest precedence to the highest, so at a crossing the winning
/// line lies on top; among equals, cells from the last to the first. The table itself draws
/// no border.
enum CollapsedBorderPainting {
    struct Segment {
        let rect: Rect
        let side: Int  // 0 top, 1 right, 2 bottom, 3 left
        let edge: CollapsedEdge
    }

    /// The segments of `table`'s cells in painting order.
    static func segments(_ table: Fragment) -> [Segment] {
        var cells: [Fragment] = []
        for group in table.children where group.kind == .rowGroup {
            for row in group.children where row.kind == .row {
                for cell in row.children where cell.kind == .cell { cells.append(cell) }
            }
        }
        var segments: [Segment] = []
        for cell in cells.reversed() where !cell.style.visibilityHidden {
            guard let edges = cell.cell?.collapsedEdges, edges.count == 4 else { continue }
            let frame = cell.frame
            func before(_ side: Int) -> Double { (edges[side].width / 2).rounded(.down) }
            func after(_ side: Int) -> Double { edges[side].width - before(side) }
            // The cell's rectangle grown to the outer edges of its lines.
            let minX = frame.x - before(3), maxX = frame.maxX + after(1)
            let minY = frame.y - before(0), maxY = frame.maxY + after(2)
            let rects = [
                Rect(x: minX, y: minY, width: maxX - minX, height: edges[0].width),
                Rect(x: maxX - edges[1].width, y: minY, width: edges[1].width, height: maxY - minY),
                Rect(x: minX, y: maxY - edges[2].width, width: maxX - minX, height: edges[2].width),
                Rect(x: minX, y: minY, width: edges[3].width, height: maxY - minY),
            ]
            // WebKit's order within a cell: top, bottom, left, right.
            for side in [0, 2, 3, 1] {
                let edge = edges[side]
                guard edge.width > 0, edge.style != .none, edge.style != .hidden, edge.color.a > 0 else { continue }
                segments.append(Segment(rect: rects[side], side: side, edge: edge))
            }
        }
        // Stable: equal lines keep the cells' reverse order.
        return segments.enumerated().sorted { a, b in
            a.element.edge.precedence != b.element.edge.precedence
                ? a.element.edge.precedence.lexicographicallyPrecedes(b.element.edge.precedence)
                : a.offset < b.offset
        }.map(\.element)
    }

    /// A segment as one side of a border around its rectangle.
    static func item(_ segment: Segment) -> DisplayList.Item {
        let width = segment.edge.width
        let widths = Edges(top: segment.side == 0 ? width : 0, right: segment.side == 1 ? width : 0,
                           bottom: segment.side == 2 ? width : 0, left: segment.side == 3 ? width : 0)
        let style = segment.edge.style
        let styles = Edges(top: segment.side == 0 ? style : .none, right: segment.side == 1 ? style : .none,
                           bottom: segment.side == 2 ? style : .none, left: segment.side == 3 ? style : .none)
        return .border(segment.rect, widths: widths, colors: Edges(segment.edge.color), styles: styles)
    }
}
