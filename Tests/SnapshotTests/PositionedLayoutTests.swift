import Foundation
import Testing
@testable import RenderCore

/// Absolutely and fixed positioned boxes (`PositionedLayout`); their geometry against WebKit is
/// in the `positioned-*` layout fixtures.
@Suite struct PositionedLayoutTests {
    @Test func absolutelyPositionedPseudoElementsArePaintedAtTheirPlace() {
        // Colours and places measured in WebKit: ::before at the top right, ::after at the bottom left.
        let page = PaintedPage("""
            <!DOCTYPE html><style>body{margin:0} .b{position:relative;width:200px;height:60px;background:#ccc;margin:10px}
            .b::before{content:"";position:absolute;right:0;top:0;width:30px;height:20px;background:#008000}
            .b::after{content:"";position:absolute;left:10px;bottom:5px;width:40px;height:10px;background:#0000FF}</style>
            <div class="b">text</div>
            """)
        #expect(page.colour(190, 15) == "#008000")
        #expect(page.colour(20, 60) == "#0000FF")
        #expect(page.colour(100, 40) == "#CCCCCC")
    }

    @Test func outOfFlowBoxesTakeNoRoom() {
        let page = PaintedPage("""
            <!DOCTYPE html><body style="margin:0"><div id="a">x <span style="position:absolute">out</span> y</div>
            <div id="b" style="position:absolute;top:0">b</div><div id="c" style="height:10px"></div>
            """)
        let a = page.frames(containing: "div[0]").first, c = page.frames(containing: "div[2]").first
        #expect(a?.height == 18)
        #expect(c?.y == 18)
    }

    @Test func absolutePositionExtendsTheDocumentButFixedDoesNot() {
        let absolute = LaidOutDocument(html: "<body style='margin:0'><div style='position:absolute;top:2000px;height:50px'></div>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(absolute.height == 2050)
        let fixed = LaidOutDocument(html: "<body style='margin:0'><div style='position:fixed;top:2000px;height:50px'></div>",
                                    viewportWidth: 390, viewportHeight: 844)
        #expect(fixed.height == 0)
        // The viewport is the initial containing block: bottom: 0 puts a fixed box at its foot.
        let foot = LaidOutDocument(html: "<body style='margin:0'><div id='f' style='position:fixed;bottom:0;height:44px;width:10px'></div>",
                                   viewportWidth: 390, viewportHeight: 844)
        #expect(foot.boxes.first { $0.path.hasSuffix("div[0]") }?.frame.y == 800)
    }

    @Test func absoluteAndFixedAreNoLongerReportedUnsupported() {
        let document = LaidOutDocument(html: "<div style='position:absolute'>a</div><div style='position:fixed'>b</div>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(!document.warnings.contains { $0.contains("position: absolute") || $0.contains("position: fixed") })
    }

    @Test func deeplyNestedAndManyPositionedBoxesStayLinear() {
        let depth = 3_000
        let nested = String(repeating: "<div style='position:absolute;left:1px;top:1px'>", count: depth) + "x"
        let siblings = (0..<20_000).map { "a <span style='position:absolute;left:\($0 % 300)px'>x</span>" }.joined()
        let start = Date()
        let deep = LaidOutDocument(html: nested, viewportWidth: 390, viewportHeight: 844)
        let wide = LaidOutDocument(html: "<p>" + siblings, viewportWidth: 390, viewportHeight: 844)
        #expect(Date().timeIntervalSince(start) < timeBudget(30))
        #expect(deep.boxes.count > 100)
        #expect(wide.height > 0)
    }
}
