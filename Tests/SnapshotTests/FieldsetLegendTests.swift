import Testing
@testable import RenderCore

/// A fieldset's rendered legend sits in its top border (HTML § 15.3.13), as WebKit draws it:
/// boxes in `Tests/Fixtures/layout/fieldset-legend` (WebKit-measured); the pixels here are
/// WebKitGTK's at the same points.
@Suite struct FieldsetLegendTests {
    static let page = """
        <body style="margin:0"><fieldset style="margin:0;border:4px solid #f00;padding:10px;background:#0f0">\
        <legend style="font-size:40px;padding:0">Big</legend>x</fieldset></body>
        """

    @Test func theBorderRunsThroughTheLegendsMiddleAndLeavesAGap() {
        let page = PaintedPage(Self.page, height: 100)
        #expect(page.colour(5, 2) == "#FFFFFF")    // above the border: no background
        #expect(page.colour(200, 20) == "#FFFFFF")
        #expect(page.colour(5, 23) == "#FF0000")   // the top border at the legend's middle
        #expect(page.colour(200, 24) == "#FF0000")
        #expect(page.colour(40, 24) == "#00FF00")  // the gap behind the legend
        #expect(page.colour(64, 24) == "#00FF00")
        #expect(page.colour(76, 24) == "#FF0000")  // past the legend's border box
        #expect(page.colour(5, 26) == "#00FF00")
    }

    @Test func onlyTheFirstLegendNeitherFloatedNorPositionedIsRendered() throws {
        let document = LaidOutDocument(html: """
            <body style="margin:0"><fieldset style="margin:0"><legend style="float:left">f</legend><legend>one</legend><legend>two</legend></fieldset></body>
            """, viewportWidth: 390, viewportHeight: 844)
        let frames = Dictionary(document.boxes.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        let rendered = try #require(frames["/body[0]/fieldset[0]/legend[1]"])
        let second = try #require(frames["/body[0]/fieldset[0]/legend[2]"])
        #expect(rendered.y == 0)          // in the top border
        #expect(second.y > rendered.maxY)  // in the content, below it
    }
}
