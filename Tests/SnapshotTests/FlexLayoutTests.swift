import Foundation
import Testing
@testable import RenderCore

/// Flexbox: the properties as WebKit parses them, and layouts that must stay fast and finite
/// on hostile input. The layouts themselves are checked against WebKit's boxes by the
/// `flex-*.html` layout fixtures (LayoutFidelityTests).
@Suite struct FlexLayoutTests {
    static func style(_ declarations: [(String, String)]) -> ComputedStyle {
        var style = ComputedStyle()
        for (name, value) in declarations {
            style.apply(Declaration(name: name, value: value, important: false), parent: ComputedStyle(), rootFontSize: 16)
        }
        return style
    }

    @Test(arguments: [
        ("none", 0.0, 0.0, FlexStyle.Basis.auto),
        ("auto", 1, 1, .auto),
        ("2", 2, 1, .length(.percent(0))),
        ("1 1 0%", 1, 1, .length(.percent(0))),
        ("0 0 0", 0, 0, .length(.px(0))),
        ("3 2", 3, 2, .length(.percent(0))),
        ("10px", 1, 1, .length(.px(10))),
        ("1 30%", 1, 1, .length(.percent(30))),
        ("50px 2", 2, 1, .length(.px(50))),
        ("1 0 content", 1, 0, .content),
    ])
    func flexShorthand(value: String, grow: Double, shrink: Double, basis: FlexStyle.Basis) {
        let flex = Self.style([("flex", value)]).flex
        #expect(flex.grow == grow && flex.shrink == shrink && flex.basis == basis, "flex: \(value)")
    }

    /// An invalid value drops the whole declaration, leaving what came before.
    @Test(arguments: ["1 2 3", "-1", "auto auto", "1px 2px", "red", "1 -2", "NaN", "1e999"])
    func invalidFlexShorthandIsDropped(value: String) {
        let flex = Self.style([("flex", "4 5 6px"), ("flex", value)]).flex
        #expect(flex.grow == 4 && flex.shrink == 5 && flex.basis == .length(.px(6)), "flex: \(value)")
    }

    @Test func longhandsAndAliases() {
        let flex = Self.style([
            ("display", "-webkit-flex"), ("-webkit-flex-direction", "column-reverse"), ("flex-wrap", "wrap-reverse"),
            ("justify-content", "space-evenly"), ("align-items", "baseline"), ("align-self", "flex-end"),
            ("align-content", "center"), ("order", "-3"), ("flex-grow", "2.5"), ("flex-shrink", "0"), ("flex-basis", "40%"),
        ]).flex
        #expect(flex.direction == .columnReverse && flex.wrap == .wrapReverse)
        #expect(flex.justifyContent == .spaceEvenly && flex.alignItems == .baseline && flex.alignSelf == .flexEnd)
        #expect(flex.alignContent == .center && flex.order == -3)
        #expect(flex.grow == 2.5 && flex.shrink == 0 && flex.basis == .length(.percent(40)))
        let flow = Self.style([("flex-flow", "wrap column")]).flex
        #expect(flow.direction == .column && flow.wrap == .wrap)
        let legacy = Self.style([("display", "-webkit-box"), ("-webkit-box-orient", "vertical"), ("-webkit-box-pack", "justify")])
        #expect(legacy.display == .flex && legacy.flex.isLegacyBox && legacy.flex.direction == .column && legacy.flex.justifyContent == .spaceBetween)
        #expect(Self.style([("display", "-webkit-inline-flex")]).display == .inlineFlex)
    }

    @Test func invalidLonghandsAreDropped() {
        let flex = Self.style([
            ("justify-content", "center"), ("justify-content", "baseline"),
            ("align-items", "center"), ("align-items", "space-between"),
            ("order", "2"), ("order", "1.5"),
            ("flex-grow", "3"), ("flex-grow", "-1"),
            ("flex-basis", "10px"), ("flex-basis", "5"),
        ]).flex
        #expect(flex.justifyContent == .center && flex.alignItems == .center && flex.order == 2 && flex.grow == 3)
        #expect(flex.basis == .length(.px(10)))
    }

    /// `min-width: auto` is the initial value, and parses; elsewhere it behaves as zero.
    @Test func minSizesStartAuto() {
        #expect(ComputedStyle().minWidth == .auto && ComputedStyle().minHeight == .auto)
        #expect(Self.style([("min-width", "10px"), ("min-width", "auto")]).minWidth == .auto)
    }

    static func layOut(_ html: String) -> (LaidOutDocument, Double) {
        let start = Date()
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        return (document, Date().timeIntervalSince(start))
    }

    /// Ten thousand items lay out within a small multiple of the same divs as blocks (each
    /// item is measured and laid out once; the machine's speed cancels out).
    @Test(arguments: [
        "display:flex;flex-wrap:wrap;gap:1px",
        "display:flex",
        "display:flex;flex-direction:column",
    ])
    func tenThousandItemsLayOutInLinearTime(container: String) {
        let (document, seconds) = Self.layOut("<div style='\(container)'>\(Self.tenThousandItems)</div>")
        let (blocks, blockSeconds) = Self.asBlocks
        #expect(seconds < 4 * blockSeconds + timeBudget(2), "\(container): \(seconds) s, as blocks \(blockSeconds) s")
        #expect(document.height.isFinite)
        #expect(document.boxes.count == blocks)
    }
    static let tenThousandItems = String(repeating: "<div style='width:30px;flex:1 0 auto'>x</div>", count: 10_000)
    /// The same divs in a block: how many boxes, and how long they took.
    static let asBlocks: (Int, Double) = {
        let (document, seconds) = layOut("<div>\(tenThousandItems)</div>")
        return (document.boxes.count, seconds)
    }()

    /// Nested containers that each flex their items (columns in stretched rows) relay out a
    /// bounded number of levels, not twice per level.
    @Test func deeplyNestedContainersFinish() {
        let depth = 400
        let open = (0..<depth).map { $0 % 2 == 0 ? "<div style='display:flex;flex:1;height:\(2000 - $0)px'>" : "<div style='display:flex;flex-direction:column;flex:1'>" }
        let html = open.joined() + "deep" + String(repeating: "</div>", count: depth)
        let (document, seconds) = Self.layOut(html)
        #expect(seconds < timeBudget(30), "\(seconds) s")
        #expect(document.height.isFinite)
    }

    @Test func hugeAndOddValuesStayFinite() throws {
        let html = """
        <div style='display:flex;width:1e9px;gap:1e9px;flex-wrap:wrap'>
          <div style='flex:1e300 1e300 1e300px'>a</div><div style='flex-grow:99999999999;min-width:1e9px;max-width:-5px'>b</div>
          <div style='flex:NaN;order:99999999999999999999'>c</div><div style='flex-basis:-10px;margin:auto;order:-99999999999'>d</div>
        </div>
        <div style='display:flex;flex-direction:column;height:1e9px;justify-content:space-evenly;align-content:space-around'>
          <div style='flex:1e7 1e7 0%'>x</div><div style='flex:1e-9'>y</div><div style='flex:0.0000001 0 1e9px'>z</div>
        </div>
        <span style='display:inline-flex;flex-direction:column-reverse;flex-wrap:wrap-reverse;max-height:0'><b>1</b><b>2</b></span>
        """
        // Rendered as a user would (the page is cut at the document height limit).
        let start = Date()
        let run = try HostileInputTests.render(html)
        #expect(run.status == 0)
        #expect(Date().timeIntervalSince(start) < timeBudget(20))
    }

    /// The items are painted where they are laid out: a red and a blue half.
    @Test func itemsPaintSideBySide() {
        let page = PaintedPage("""
        <body style='margin:0'><div style='display:flex;height:40px'>
        <div style='flex:1;background:#f00'></div><div style='flex:1;background:#00f'></div></div></body>
        """)
        #expect(page.colour(50, 20) == "#FF0000")
        #expect(page.colour(300, 20) == "#0000FF")
        #expect(page.colour(50, 60) == "#FFFFFF")
    }
}
