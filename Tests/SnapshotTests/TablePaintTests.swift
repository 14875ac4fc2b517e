import Foundation
import Testing
@testable import RenderCore

/// Tables as WebKit paints them. A row's (and row group's) background shows under its cells only, not in the border
/// spacing between and around them, as WebKit paints it (seen in webkit_ref.py's page of
/// Tests/Fixtures/layout/tables-webkit.html).
@Suite struct TablePaintTests {
    /// `empty-cells: hide` (caniemail css-empty-cells, as WebKitGTK draws it): the empty cell
    /// shows neither its border and background nor its row's; a cell with text keeps them;
    /// collapsed borders ignore it.
    @Test func emptyCellsHideTheirDecorations() {
        let html = """
            <body style="margin:0"><table style="empty-cells:hide;border-spacing:10px">
            <tr style="background:#0000ff"><td style="border:2px solid #ff0000;background:#00ff00;width:40px;height:30px">x</td>
            <td style="border:2px solid #ff0000;background:#00ff00;width:40px;height:30px"> </td></tr></table>
            <table style="empty-cells:hide;border-collapse:collapse"><tr><td style="border:2px solid #ff0000;width:40px;height:30px"></td></tr></table>
            """
        let page = PaintedPage(html)
        #expect(page.colour(11, 25) == "#FF0000")   // the first cell's border
        #expect(page.colour(40, 25) == "#00FF00")
        #expect(page.colour(75, 25) == "#FFFFFF")   // the empty one: nothing
        #expect(page.colour(84, 25) == "#FFFFFF")
        #expect(page.colour(1, 65) == "#FF0000")    // collapsed: drawn
    }

    @Test func rowBackgroundFillsCellsNotTheSpacing() {
        let html = """
            <body style="margin:0"><table cellspacing="4" width="200"><tbody style="background:#0000ff">
            <tr style="background:#ffff00"><td style="background:#ff0000" width="50">x</td><td>y</td></tr>
            <tr><td>z</td><td>w</td></tr></tbody></table>
            """
        let page = PaintedPage(html)
        func colour(_ x: Int, _ y: Int) -> String { page.colour(Double(x), Double(y)) }
        let cells = page.frames(containing: "/td[")
        #expect(cells.count == 4)
        let first = cells[0], second = cells[1], below = cells[2]
        #expect(colour(Int(first.x) + 40, Int(first.y) + 2) == "#FF0000")      // the cell's own
        #expect(colour(Int(second.x) + 60, Int(second.y) + 2) == "#FFFF00")    // the row's, under its cell
        #expect(colour(Int(below.x) + 20, Int(below.y) + 2) == "#0000FF")      // the group's, under a cell of a plain row
        #expect(colour(Int(first.maxX) + 2, Int(first.y) + 5) == "#FFFFFF")    // spacing between cells
        #expect(colour(1, Int(first.y) + 5) == "#FFFFFF")                      // spacing before the first cell
        #expect(colour(Int(first.x) + 10, Int(first.maxY) + 2) == "#FFFFFF")   // spacing between rows
    }

    /// A table nested in a cell does not show the outer row's background under its own cells.
    @Test func outerRowBackgroundStaysOutOfANestedTable() {
        let html = """
            <body style='margin:0'><table cellspacing=0 cellpadding=0 width=300><tr style='background:#ffff00'>
            <td style='background:#ffffff;padding:10px'><table cellspacing=4 width=200><tr><td>inner</td></tr></table></td></tr></table>
            """
        let page = PaintedPage(html)
        let inner = try! #require(page.document.boxes.last { $0.path.hasSuffix("td[0]/table[0]/tbody[0]/tr[0]/td[0]") }).frame
        #expect(page.colour(inner.maxX - 3, inner.y + inner.height / 2) == "#FFFFFF")
    }

    /// The table's box holds its caption, but its background and border are drawn around the
    /// rows only (WebKit's RenderTable paints the box below the caption).
    @Test func tableBackgroundLeavesTheCaptionOut() {
        let html = "<body style='margin:0'><table style='background:#ff0000;width:200px'><caption>Caption</caption><tr><td>cell</td></tr></table>"
        let page = PaintedPage(html)
        let caption = try! #require(page.frames(containing: "caption[0]").first)
        let table = try! #require(page.document.boxes.first { $0.path == "/body[0]/table[0]" }).frame
        #expect(table.y == caption.y && table.height > caption.height)
        #expect(page.colour(5, caption.y + caption.height / 2) == "#FFFFFF")
        #expect(page.colour(5, caption.maxY + 2) == "#FF0000")
    }
}

/// `<col>` and `<colgroup>` backgrounds show under their column's cells, beneath rows'.
@Suite struct TableColumnPaintTests {
    @Test func columnBackgroundsUnderCellsBeneathRows() {
        let html = """
            <body style='margin:0'><table width='300' cellspacing='0'><col style='background:#0000ff'><col>
            <tr><td>a</td><td>b</td></tr><tr style='background:#ffff00'><td>c</td><td>d</td></tr></table>
            """
        let page = PaintedPage(html)
        let cells = page.frames(containing: "/td[")
        #expect(cells.count == 4)
        func colour(_ rect: Rect) -> String { page.colour(rect.maxX - 3, rect.y + rect.height / 2) }
        #expect(colour(cells[0]) == "#0000FF")  // the column's
        #expect(colour(cells[1]) == "#FFFFFF")  // a column without a background
        #expect(colour(cells[2]) == "#FFFF00")  // the row's, painted over the column's
    }
}

/// Column widths stay finite whatever the columns ask for.
@Suite struct TableColumnWidthTests {
    @Test(arguments: [
        "<table style='width:300px'><tr><td style='width:10px'>a</td><td style='width:0;padding:0'></td></tr></table>",
        "<table style='width:300px'><tr><td style='width:0;padding:0'></td><td style='width:0;padding:0'></td></tr></table>",
        "<table style='width:300px'><tr><td style='width:0%'></td><td style='width:0%'></td></tr></table>",
        "<table style='width:300px'><tr><td style='width:60%'></td><td style='width:70%'>x</td><td></td></tr></table>",
    ])
    func widthsAreFiniteAndFillTheTable(html: String) {
        let document = LaidOutDocument(html: "<body style='margin:0'>" + html, viewportWidth: 390, viewportHeight: 844)
        let cells = document.boxes.filter { $0.path.contains("/td[") }
        #expect(!cells.isEmpty)
        for cell in cells {
            #expect(cell.frame.width.isFinite && cell.frame.x.isFinite && cell.frame.width >= 0, "\(cell.path): \(cell.frame)")
        }
        let row = cells.map(\.frame.maxX).max() ?? 0
        #expect(row <= 300)
    }

    /// Collapsed borders: each grid line at its full width, centred on the cells' edges, the
    /// stronger line on top where lines meet; dashes as thick as the line (pixels measured in
    /// WebKit, webkit_ref.py page at scale 1, on this markup).
    @Test func collapsedBordersPaintFullWidthLines() {
        let html = """
            <!DOCTYPE html><body style="margin:0"><table style="border-collapse:collapse;margin:10px"><tr>\
            <td style="border:4px solid #0000ff;width:40px;height:20px;padding:0"></td>\
            <td style="border:6px solid #ff0000;width:40px;height:20px;padding:0"></td></tr></table>\
            <table style="border-collapse:collapse;margin:10px"><tr>\
            <td style="border:5px dashed #000;width:60px;height:30px;padding:0"></td></tr></table></body>
            """
        let page = PaintedPage(html)
        #expect(page.colour(30, 11) == "#0000FF" && page.colour(30, 14) == "#0000FF" && page.colour(30, 15) == "#FFFFFF")
        #expect(page.colour(80, 10) == "#FF0000" && page.colour(80, 15) == "#FF0000" && page.colour(80, 16) == "#FFFFFF")
        #expect(page.colour(55, 12) == "#FF0000")   // the wider red line over the blue where they cross
        #expect(page.colour(56, 30) == "#FF0000" && page.colour(53, 30) == "#FFFFFF")  // between the cells: 54..59
        // The dashed top line: a 13 px corner piece, a 15 px gap, a 15 px dash, all 5 px thick.
        #expect((52...56).allSatisfy { page.colour(17, Double($0)) == "#000000" } && page.colour(17, 57) == "#FFFFFF")
        #expect(page.colour(25, 54) == "#FFFFFF" && page.colour(40, 54) == "#000000" && page.colour(40, 56) == "#000000")
    }
}
