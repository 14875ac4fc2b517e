import Foundation
import Testing
@testable import RenderCore

/// Grid and multi-column values, column painting and hostile grids and columns. (Boxes against
/// WebKit are in the layout fixtures grid-*.html and multicol-*.html.)
@Suite struct GridAndColumnsTests {
    static func style(_ declarations: [(String, String)]) -> ComputedStyle {
        var style = ComputedStyle()
        for (name, value) in declarations {
            style.apply(Declaration(name: name, value: value, important: false), parent: ComputedStyle(), rootFontSize: 16)
        }
        return style
    }

    @Test func trackListsParse() {
        let grid = Self.style([("grid-template-columns", "[a] 100px repeat(2, [b] minmax(10px, 1fr)) fit-content(50%) auto")]).grid
        let columns = grid.templateColumns
        #expect(columns.tracks.count == 5)
        #expect(columns.tracks[0] == GridTrackSize(min: .length(.px(100)), max: .length(.px(100))))
        #expect(columns.tracks[1] == GridTrackSize(min: .length(.px(10)), max: .flex(1)))
        #expect(columns.tracks[3].fitContentLimit == .percent(50))
        #expect(columns.names[0] == ["a"] && columns.names[1] == ["b"] && columns.names[2] == ["b"])
        let autoFill = Self.style([("grid-template-columns", "repeat(auto-fill, 70px)")]).grid.templateColumns
        #expect(autoFill.autoRepeat?.tracks.count == 1 && autoFill.tracks.isEmpty)
    }

    @Test func invalidValuesDropTheDeclaration() {
        let grid = Self.style([("grid-template-columns", "1fr 2fr"), ("grid-template-columns", "1fr banana"),
                               ("grid-template-columns", "minmax(1fr, 10px)"), ("grid-template-areas", "'a b' 'b a'"),
                               ("grid-row", "0 / 2"), ("place-items", "center nowhere")]).grid
        #expect(grid.templateColumns.tracks.count == 2)
        #expect(grid.areas == nil)
        #expect(grid.rowStart == .auto)
        #expect(grid.alignItems == .normal)
    }

    @Test func placementAndShorthandsParse() {
        let grid = Self.style([("grid-area", "main"), ("grid-column", "span 2 / -1"), ("place-self", "center end")]).grid
        #expect(grid.rowStart == .named("main") && grid.rowEnd == .named("main"))
        #expect(grid.columnStart == .span(2, name: nil) && grid.columnEnd == .line(-1, name: nil))
        #expect(grid.alignSelf == .center && grid.justifySelf == .end)
        let template = Self.style([("grid-template", "'h h' 40px 'm s' / 1fr 100px")]).grid
        #expect(template.areas?.areas["h"]?.columns == 0..<2)
        #expect(template.templateRows.tracks.count == 2 && template.templateColumns.tracks.count == 2)
        let flow = Self.style([("grid", "auto-flow dense 30px / 1fr 1fr")]).grid
        #expect(flow.dense && !flow.flowsByColumn && flow.autoRows == [GridTrackSize(min: .length(.px(30)), max: .length(.px(30)))])
    }

    @Test func columnValuesParse() {
        let columns = Self.style([("columns", "12em 3"), ("column-rule", "dotted 5px royalblue"), ("column-span", "all")]).multiColumn
        #expect(columns.count == 3 && columns.width == 192)
        #expect(columns.ruleStyle == .dotted && columns.ruleWidth == 5 && columns.spansAll)
        let reset = Self.style([("column-count", "4"), ("column-count", "0"), ("columns", "auto")]).multiColumn
        #expect(reset.count == nil && reset.width == nil)
    }

    /// `widows`/`orphans` (placement against WebKit: layout fixture widows-orphans.html).
    @Test func widowsAndOrphansParseAndInherit() {
        let set = Self.style([("widows", "4"), ("orphans", "3")])
        #expect(set.widows == 4 && set.orphans == 3)
        let invalid = Self.style([("widows", "0"), ("orphans", "-1"), ("widows", "2.5")])
        #expect(invalid.widows == nil && invalid.orphans == nil)
        #expect(Self.style([("widows", "3"), ("widows", "auto")]).widows == nil)
        #expect(set.inheritedForChild().widows == 4 && set.inheritedForChild().orphans == 3)
        let document = LaidOutDocument(html: "<div style='columns:2;widows:3;orphans:4'><p>a</p></div>", viewportWidth: 390, viewportHeight: 844)
        #expect(document.unsupportedFeatures.isEmpty, "\(document.unsupportedFeatures)")
    }

    /// A widow that would be alone moves the break up a line: three lines, then four.
    @Test func aBreakMovesUpForItsWidows() {
        let tops = (0..<7).map { Double($0) * 20 }, heights = [Double](repeating: 20, count: 7)
        let plain = MultiColumnLayout.lineOffsets(tops: tops, heights: heights, shift: 0, columnHeight: 80, orphans: 2, widows: 0)
        #expect(plain == [0, 0, 0, 0, 0, 0, 0])
        let moved = MultiColumnLayout.lineOffsets(tops: tops, heights: heights, shift: 0, columnHeight: 80, orphans: 2, widows: 4)
        #expect(moved == [0, 0, 0, 20, 20, 20, 20])
        // Orphans win: the break stays after the first three lines' worth it must keep.
        let kept = MultiColumnLayout.lineOffsets(tops: tops, heights: heights, shift: 0, columnHeight: 80, orphans: 4, widows: 5)
        #expect(kept == [0, 0, 0, 0, 0, 0, 0])
    }

    /// The rule is drawn in the middle of the gap, as tall as the columns; the second column
    /// shows the strip's second slice, a block's background continuing there.
    @Test func columnRuleAndSlicesPaint() {
        let html = """
            <body style="margin:0"><div style="column-count:2; column-gap:20px; column-rule:4px solid #ff0000; font:20px/20px serif">
            <div style="background:#00ff00; height:100px"></div></div>
            """
        let page = PaintedPage(html, height: 80)
        #expect(page.colour(195, 25) == "#FF0000")   // the gap is 185...205, the rule 193...197
        #expect(page.colour(190, 25) == "#FFFFFF")
        #expect(page.colour(100, 25) == "#00FF00")   // first slice
        #expect(page.colour(300, 25) == "#00FF00")   // second slice
        #expect(page.colour(300, 55) == "#FFFFFF")   // balanced: 50 px columns
        let frames = page.frames(containing: "/div[0]/div[0]")
        #expect(frames.first == Rect(x: 0, y: 0, width: 390, height: 50))
    }

    /// Huge counts are clamped and deep nesting stays linear: each finishes fast.
    @Test(arguments: [
        "<div style='display:grid; grid-template-columns: repeat(100000, 1fr)'><div>a</div><div>b</div></div>",
        "<div style='display:grid'><div style='grid-row: 1 / 100000; grid-column: -100000 / 100000'>a</div><div style='grid-area: span 100000 / span 100000'>b</div></div>",
        "<div style='display:grid; grid-template-columns: repeat(auto-fill, 0.001px)'>" + String(repeating: "<div>x</div>", count: 1000) + "</div>",
        "<div style='display:grid; grid-auto-flow: dense; grid-template-columns: repeat(1000, 1px)'>" + String(repeating: "<div style='grid-column: span 999'>x</div>", count: 600) + "</div>",
        "<div style='column-count: 100000; column-rule: 1px solid red'>" + String(repeating: "word ", count: 3000) + "</div>",
        "<div style='column-width: 0px'>" + String(repeating: "<p>para</p>", count: 500) + "</div>",
        String(repeating: "<div style='display:grid; grid-template-columns: auto 1fr; padding:1px'><span>x</span>", count: 200) + String(repeating: "</div>", count: 200),
        String(repeating: "<div style='column-count:2'>text ", count: 60) + String(repeating: "</div>", count: 60),
    ])
    func hostileGridsAndColumnsFinish(html: String) {
        let start = Date()
        let page = PaintedPage("<body>" + html, height: 200)
        #expect(page.document.height.isFinite)
        #expect(Date().timeIntervalSince(start) < 20)
    }
}
