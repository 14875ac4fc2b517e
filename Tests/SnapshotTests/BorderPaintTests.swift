import Foundation
import Testing
@testable import RenderCore

/// Borders as WebKit's BorderPainter draws them. Every expected colour and pixel run was
/// measured in WebKit (webkit_ref.py, scale 1) on the same markup.
@Suite struct BorderPaintTests {
    private func page(_ style: String, height: Int = 120) -> PaintedPage {
        PaintedPage("<body style='margin:0'><div style='\(style)'></div>", height: height)
    }

    /// The colours along a row (or column) as a run-length string of `#RRGGBB×n`.
    private func runs(_ page: PaintedPage, _ points: [(Double, Double)]) -> [String] {
        var result: [(String, Int)] = []
        for (x, y) in points {
            let colour = page.colour(x, y)
            if let last = result.last, last.0 == colour { result[result.count - 1].1 += 1 } else { result.append((colour, 1)) }
        }
        return result.map { "\($0.0)×\($0.1)" }
    }

    @Test func loneRoundedSideKeepsItsColour() {
        let html = "<body style='margin:0'><div style='border-left:4px solid #e7c27d;border-radius:8px;height:40px;width:100px'></div>"
        #expect(PaintedPage(html, height: 60).colour(1, 20) == "#E7C27D")
    }

    @Test func doubleIsThreeCeiledThirds() {
        // 10 px: ceil(10/3) = 4 px lines around a 2 px gap; 5 px: 2, 1, 2; 3 px: 1, 1, 1.
        let ten = page("width:60px;height:40px;border:10px double #3366cc")
        #expect(runs(ten, (0..<11).map { (Double($0), 30) }) == ["#3366CC×4", "#FFFFFF×2", "#3366CC×4", "#FFFFFF×1"])
        let five = page("width:60px;height:40px;border:5px double #000")
        #expect(runs(five, (0..<6).map { (Double($0), 30) }) == ["#000000×2", "#FFFFFF×1", "#000000×2", "#FFFFFF×1"])
        let three = page("width:60px;height:40px;border:3px double #000")
        #expect(runs(three, (0..<4).map { (30, Double($0)) }) == ["#000000×1", "#FFFFFF×1", "#000000×1", "#FFFFFF×1"])
    }

    @Test func grooveAndRidgeAreTwoShadedHalves() {
        let groove = page("width:60px;height:40px;border:10px groove #3366cc")
        #expect(groove.colour(40, 1) == "#1E3C78")   // top, outer half: darkened
        #expect(groove.colour(40, 8) == "#4080FF")   // top, inner half: lightened
        #expect(groove.colour(78, 30) == "#4080FF")  // right, outer half
        #expect(groove.colour(72, 30) == "#1E3C78")  // right, inner half
        let ridge = page("width:60px;height:40px;border:10px ridge #3366cc")
        #expect(ridge.colour(1, 30) == "#4080FF")
        #expect(ridge.colour(8, 30) == "#1E3C78")
        #expect(ridge.colour(40, 58) == "#1E3C78")
    }

    @Test func insetAndOutsetShades() {
        // Black is too dark to darken: lightened to #545454 for the dark sides, twice for the light ones.
        let black = page("width:60px;height:40px;border:10px inset black")
        #expect(black.colour(40, 3) == "#545454")
        #expect(black.colour(3, 30) == "#545454")
        #expect(black.colour(40, 56) == "#A8A8A8")
        #expect(black.colour(76, 30) == "#A8A8A8")
        let outset = page("width:60px;height:40px;border:10px outset #3366cc")
        #expect(outset.colour(40, 3) == "#4080FF")
        #expect(outset.colour(40, 56) == "#1E3C78")
    }

    @Test func shadesFollowWebKitsColourRule() {
        func hex(_ css: String, _ style: BorderStyle = .inset) -> (String, String) {
            let colour = PropertyValues.color(css, current: .black)!
            return (BorderShades.color(colour, style: style, side: .top).hexString,
                    BorderShades.color(colour, style: style, side: .bottom).hexString)
        }
        #expect(hex("#101010") == ("#646464", "#B8B8B8"))
        #expect(hex("#303030") == ("#000000", "#848484"))
        #expect(hex("#eeeeee") == ("#9A9A9A", "#EEEEEE"))
        #expect(hex("#fff") == ("#ABABAB", "#FFFFFF"))
        #expect(hex("#000080") == ("#00002C", "#0000D4"))
        #expect(hex("#1a0000") == ("#6E0000", "#C20000"))
        #expect(hex("#808080", .outset) == ("#D4D4D4", "#2C2C2C"))
    }

    @Test func horizontalRuleIsGrayInset() {
        // html-hr.html in WebKit: a 1 px dark top (and left) over a light bottom (and right).
        let hr = PaintedPage("<body style='margin:0'><hr style='margin:10px 0'>", height: 30)
        #expect(hr.colour(100, 10) == "#2C2C2C")
        #expect(hr.colour(100, 11) == "#D4D4D4")
    }

    @Test func tableBorderAttributeDrawsInTheTextColour() {
        // WebKit: the table's outset top stays #FF0000 (red cannot lighten), the cells' inset top darkens to #AB0000.
        let table = PaintedPage("<body style='margin:0'><table border=1 style='color:red;width:200px'><tr><td>x</td></tr></table>", height: 40)
        #expect(table.colour(100, 0) == "#FF0000")
        #expect(table.colour(100, 3) == "#AB0000")
    }

    @Test func collapsedInsetAndOutsetAreRidgeAndGroove() throws {
        // WebKit, `border=1` collapsed: one-pixel grooves, dark (#545454 from black) on top and bottom alike,
        // the odd pixel in the outer half on the top and the inner half on the bottom.
        let page = PaintedPage("<body style='margin:0'><table border=1 style='border-collapse:collapse;width:200px'><tr><td>x</td></tr></table>", height: 40)
        let frame = try #require(page.frames(containing: "table").first)
        #expect(page.colour(100, frame.y) == "#545454")
        #expect(page.colour(100, frame.maxY - 1) == "#545454")
    }

    @Test func straightDottedAndDashedSidesAsWebKitPlacesThem() {
        // 10 px dots: a corner square, then squares and gaps centred between the corners.
        let dotted = page("width:80px;height:40px;border:10px dotted #cc3333")
        #expect(runs(dotted, (0..<40).map { (Double($0), 5) }) == ["#CC3333×10", "#FFFFFF×5", "#CC3333×10", "#FFFFFF×10", "#CC3333×5"])
        let dashed = page("width:80px;height:40px;border:4px dashed #cc3333")
        #expect(runs(dashed, (0..<40).map { (Double($0), 2) }) == ["#CC3333×8", "#FFFFFF×6", "#CC3333×12", "#FFFFFF×12", "#CC3333×2"])
        let thin = page("width:80px;height:40px;border:1px dotted #000")
        #expect(runs(thin, (0..<6).map { (Double($0), 0) }) == ["#000000×1", "#FFFFFF×1", "#000000×1", "#FFFFFF×1", "#000000×1", "#FFFFFF×1"])
    }

    @Test func dashPiecesAreBoundedByTheVisibleRange() {
        let all = BorderGeometry.straightDashes(length: 1_000_000, thickness: 1, dotted: true)
        let visible = BorderGeometry.straightDashes(length: 1_000_000, thickness: 1, dotted: true, within: 500_000...500_100)
        #expect(all.count > 400_000)
        #expect(visible.count < 60)
        #expect(visible.allSatisfy { all.contains($0) })
    }

    @Test func roundedSidesKeepTheirOwnColours() {
        let box = page("width:80px;height:50px;border-width:10px;border-style:solid;border-color:red green blue orange;border-radius:20px")
        #expect(box.colour(50, 4) == "#FF0000")
        #expect(box.colour(95, 35) == "#008000")
        #expect(box.colour(50, 65) == "#0000FF")
        #expect(box.colour(4, 35) == "#FFA500")
    }

    @Test func ellipticalAndPercentageRadii() {
        // `50% / 20%` on 100 × 60: corners 50 px across and 12 px down (WebKit's pixels).
        let ellipse = page("width:100px;height:60px;background:green;border-radius:50% / 20%")
        #expect(ellipse.colour(2, 6) == "#FFFFFF")
        #expect(ellipse.colour(12, 6) == "#008000")
        #expect(ellipse.colour(0, 30) == "#008000")
        #expect(ellipse.colour(50, 0) == "#008000")
        let longhand = page("width:100px;height:60px;background:green;border-top-left-radius:30px 50px")
        #expect(longhand.colour(1, 2) == "#FFFFFF")
        #expect(longhand.colour(1, 45) == "#008000")
    }

    @Test func radiusValuesParse() {
        func parse(_ value: String) -> Edges<CornerRadius>? {
            BorderRadiusValues.shorthand(value) { PropertyValues.length($0, fontSize: 16, rootFontSize: 16, allowAuto: false) }
        }
        let slashed = parse("300px 100px 70px / 20px 25px 50px")
        #expect(slashed?.top == CornerRadius(horizontal: .px(300), vertical: .px(20)))
        #expect(slashed?.right == CornerRadius(horizontal: .px(100), vertical: .px(25)))
        #expect(slashed?.bottom == CornerRadius(horizontal: .px(70), vertical: .px(50)))
        #expect(slashed?.left == CornerRadius(horizontal: .px(100), vertical: .px(25)))
        #expect(parse("10%/60%")?.top == CornerRadius(horizontal: .percent(10), vertical: .percent(60)))
        #expect(parse("-5px") == nil)
        #expect(parse("5px / ") == nil)
        #expect(parse("1px 2px 3px 4px 5px") == nil)
        let corner = BorderRadiusValues.corner("10px 2em") { PropertyValues.length($0, fontSize: 16, rootFontSize: 16, allowAuto: false) }
        #expect(corner == CornerRadius(horizontal: .px(10), vertical: .px(32)))
    }

    @Test func overlappingRadiiScaleDownTogether() {
        // CSS Backgrounds §5.5: 300 + 100 across 200 px halves every radius.
        let radii = CornerRadii(Edges(top: CornerRadius(.px(300)), right: CornerRadius(.px(100)), bottom: CornerRadius(.px(0)), left: CornerRadius(.px(0))),
                                box: Rect(x: 0, y: 0, width: 200, height: 400))
        #expect(radii.topLeft == CornerSize(150))
        #expect(radii.topRight == CornerSize(50))
        // Inner radii lose each side's width on their own axis.
        let inner = CornerRadii(topLeft: CornerSize(width: 20, height: 10), topRight: .zero, bottomRight: .zero, bottomLeft: .zero)
            .inset(by: Edges(top: 4, right: 0, bottom: 0, left: 8))
        #expect(inner.topLeft == CornerSize(width: 12, height: 6))
    }

    @Test func backgroundsAndBordersSnapToDevicePixels() {
        // At 10.6 px WebKit fills from pixel 11, whole; nothing bleeds into pixel 10.
        let snapped = PaintedPage("<body style='margin:0'><div style='height:10.6px'></div><div style='height:10px;background:#000;border-top:1px solid red'></div>", height: 30)
        #expect(snapped.colour(5, 10) == "#FFFFFF")
        #expect(snapped.colour(5, 11) == "#FF0000")
        #expect(snapped.colour(5, 12) == "#000000")
    }
}

/// `border-image` and its longhands.
@Suite struct BorderImageTests {
    private func length(_ text: String) -> Length? { PropertyValues.length(text, fontSize: 16, rootFontSize: 16, allowAuto: false) }

    @Test func shorthandParses() {
        let image = BorderImageParser.shorthand("url('x.png') 30 fill / 10px / 5px round space", length: length)
        #expect(image?.source == .url("x.png"))
        #expect(image?.slice == Edges(.px(30)))
        #expect(image?.fill == true)
        #expect(image?.width == Edges(.length(.px(10))))
        #expect(image?.outset == Edges(.length(.px(5))))
        #expect(image?.repeatX == .round)
        #expect(image?.repeatY == .space)
        let gradient = BorderImageParser.shorthand("linear-gradient(red, blue) 25% 10", length: length)
        #expect(gradient?.slice == Edges(top: .percent(25), right: .px(10), bottom: .percent(25), left: .px(10)))
        #expect(gradient?.width == Edges(.multiple(1)))
        #expect(BorderImageParser.shorthand("url(x.png) 30 bogus", length: length) == nil)
        #expect(BorderImageParser.shorthand("url(x.png) -3", length: length) == nil)
        var longhands = BorderImage()
        BorderImageParser.apply("border-image-width", "2 auto", to: &longhands, length: length)
        BorderImageParser.apply("border-image-repeat", "repeat", to: &longhands, length: length)
        #expect(longhands.width == Edges(top: .multiple(2), right: .auto, bottom: .multiple(2), left: .auto))
        #expect(longhands.repeatX == .repeat && longhands.repeatY == .repeat)
    }

    @Test func gradientSourceIsSlicedOverTheBorder() {
        // WebKit: `linear-gradient(90deg, red, blue) 30` over a 15 px border on a 130 × 90 box.
        let painted = PaintedPage("<body style='margin:0'><div style='width:100px;height:60px;border:15px solid orange;border-image:linear-gradient(90deg, red, blue) 30'></div>", height: 100)
        #expect(painted.colour(2, 40).hasPrefix("#F"))        // left edge: the red end (#F5000A)
        #expect(painted.colour(127, 40).hasPrefix("#0"))      // right edge: the blue end (#0A00F5)
        #expect(painted.colour(65, 40) == "#FFFFFF")           // no fill: the middle is empty
        #expect(!painted.document.displayList.entries.contains { if case .border = $0.item { return true } else { return false } })
    }

    @Test func tilingRules() {
        #expect(BorderImageTiling(length: 100, tile: 30, rule: .round).tiles().map(\.length) == [100.0 / 3])
        #expect(BorderImageTiling(length: 100, tile: 30, rule: .space).tiles().map(\.start) == [2.5, 35, 67.5])
        #expect(BorderImageTiling(length: 100, tile: 30, rule: .repeat).tiles().first?.start == -25)
        #expect(BorderImageTiling(length: 20, tile: 30, rule: .space).tiles().isEmpty)
    }
}
