import Foundation
import Testing
@testable import RenderCore

/// Gradients as WebKit draws them. Every expected colour was measured in WebKitGTK 2.50
/// (`webkit_ref.py page --scale 1`) on the same markup; we agree to within 2/255 a channel.
@Suite struct GradientTests {
    /// Each channel of `actual` within `tolerance` of `expected` (both `#RRGGBB`).
    static func near(_ actual: String, _ expected: String, tolerance: Int = 2) -> Bool {
        func channels(_ hex: String) -> [Int] {
            let digits = Array(hex.dropFirst())
            return stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16) ?? -999 }
        }
        return zip(channels(actual), channels(expected)).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static func page(_ body: String, height: Int = 100) -> PaintedPage {
        PaintedPage("<body style='margin:0'>\(body)</body>", height: height)
    }

    static func box(_ background: String, width: Int = 200, height: Int = 100) -> String {
        "<div style='width:\(width)px;height:\(height)px;background:\(background)'></div>"
    }

    // MARK: Parsing

    @Test func anglesInEveryUnit() {
        func angle(_ text: String) -> Double? {
            guard case .linear(.angle(let degrees))? = GradientParser.parse(text)?.kind else { return nil }
            return degrees
        }
        #expect(angle("linear-gradient(0.25turn, red, blue)") == 90)
        #expect(angle("linear-gradient(100grad, red, blue)") == 90)
        #expect(abs((angle("linear-gradient(3.14159265rad, red, blue)") ?? 0) - 180) < 1e-6)
        #expect(angle("linear-gradient(to left, red, blue)") == 270)
        #expect(angle("linear-gradient(red, blue)") == 180)
        // Prefixed angles run counter-clockwise from the right: 30deg there is 60deg here.
        #expect(angle("-webkit-linear-gradient(30deg, red, blue)") == 60)
        #expect(GradientParser.parse("linear-gradient(to top right, red, blue)")?.kind == .linear(.corner(right: true, down: false)))
    }

    @Test func stopsPositionsAndHints() throws {
        let gradient = try #require(GradientParser.parse("linear-gradient(red 10px, 30%, blue 20% 40%, 2em, lime)"))
        #expect(gradient.stops == [
            .init(color: .init(r: 1, g: 0, b: 0, a: 1), position: .px(10)),
            .init(color: nil, position: .percent(30)),
            .init(color: .init(r: 0, g: 0, b: 1, a: 1), position: .percent(20)),
            .init(color: .init(r: 0, g: 0, b: 1, a: 1), position: .percent(40)),
            .init(color: nil, position: .px(32)),
            .init(color: .init(r: 0, g: 1, b: 0, a: 1), position: nil),
        ])
    }

    @Test func radialAndConicPreludes() throws {
        let radial = try #require(GradientParser.parse("radial-gradient(circle closest-side at right 10px top, red, blue)"))
        #expect(radial.kind == .radial(.circle, .closestSide, center: BackgroundPosition(
            x: .init(offset: .px(10), fromEnd: true), y: .init(offset: .percent(0)))))
        let ellipse = try #require(GradientParser.parse("repeating-radial-gradient(40px 20%, red, blue)"))
        #expect(ellipse.kind == .radial(.ellipse, .explicit(.px(40), .percent(20)), center: .center) && ellipse.repeating)
        let conic = try #require(GradientParser.parse("conic-gradient(from 0.5turn at 25% 75%, red 90deg, blue 50%)"))
        #expect(conic.kind == .conic(from: 180, center: BackgroundPosition(x: .init(offset: .percent(25)), y: .init(offset: .percent(75)))))
        #expect(conic.stops.map(\.position) == [.percent(25), .percent(50)])
    }

    @Test func legacyWebKitGradient() throws {
        let gradient = try #require(GradientParser.parse("-webkit-gradient(radial, 50% 50%, 0, 50% 50%, 300, from(#000), to(#efefe4))"))
        let middle = BackgroundPosition.center
        #expect(gradient.kind == .twoCircles(start: middle, startRadius: 0, end: middle, endRadius: 300))
        #expect(gradient.stops.map(\.position) == [.percent(0), .percent(100)])
        let linear = try #require(GradientParser.parse("-webkit-gradient(linear, left top, left bottom, color-stop(0.5, red), from(blue))"))
        // Sorted by offset, as WebKit sorts them.
        #expect(linear.stops.map(\.color) == [RGBA(r: 0, g: 0, b: 1, a: 1), RGBA(r: 1, g: 0, b: 0, a: 1)])
    }

    @Test func invalidGradientsAreDropped() {
        for text in ["linear-gradient(red)", "linear-gradient(10%, red, blue)", "linear-gradient(red, blue, 50%)",
                     "radial-gradient(circle 10%, red, blue)", "radial-gradient(ellipse 10px, red, blue)",
                     "conic-gradient(from 10px, red, blue)", "linear-gradient(to left left, red, blue)",
                     "-webkit-gradient(conic, 0 0, 1 1, from(red))", "linear-gradient(red 10deg, blue)"] {
            #expect(GradientParser.parse(text) == nil, "\(text)")
        }
    }

    @Test func stopResolutionSpreadsAndClamps() {
        let stops = GradientGeometry.resolveStops([
            .init(color: .black, position: nil), .init(color: .white, position: nil),
            .init(color: .black, position: .px(50)), .init(color: .white, position: .percent(10)),
        ], length: 200)
        // 0, spread to 0.125, 0.25 (50 px of 200), then 10% clamped up to 0.25.
        #expect(stops.map(\.offset) == [0, 0.125, 0.25, 0.25])
    }

    // MARK: Pixels (WebKit's values)

    @Test func fadeToTransparentIsPremultiplied() {
        let page = Self.page(Self.box("linear-gradient(to right, transparent, red)"))
        #expect(Self.near(page.colour(50, 50), "#FFBFBF"))
        #expect(Self.near(page.colour(100, 50), "#FF7F7F"))
        #expect(Self.near(page.colour(150, 50), "#FF3F3F"))
    }

    @Test func colourHintFollowsWebKitsNineStops() {
        let page = Self.page(Self.box("linear-gradient(90deg, red, 20%, blue)"))
        #expect(Self.near(page.colour(5, 50), "#DE0021"))
        #expect(Self.near(page.colour(20, 50), "#A1005E"))
        #expect(Self.near(page.colour(40, 50), "#7F0080"))
        #expect(Self.near(page.colour(100, 50), "#4100BE"))
    }

    @Test func radialConicAndRepeating() {
        let page = Self.page(Self.box("radial-gradient(circle closest-side at 50px 50px, red, blue)")
                             + Self.box("conic-gradient(from 90deg at 100px 50px, red, blue, red)")
                             + Self.box("repeating-linear-gradient(90deg, red 0 10px, blue 10px 20px)"), height: 300)
        #expect(Self.near(page.colour(50, 50), "#FB0004"))
        #expect(Self.near(page.colour(75, 50), "#7D0082"))
        #expect(Self.near(page.colour(100, 50), "#0000FF"))
        #expect(Self.near(page.colour(150, 150), "#FE0001"))
        #expect(Self.near(page.colour(100, 120), "#81007E"))
        #expect(Self.near(page.colour(50, 120), "#2C00D3"))
        #expect(page.colour(5, 250) == "#FF0000")
        #expect(page.colour(15, 250) == "#0000FF")
        #expect(page.colour(195, 250) == "#0000FF")
    }

    @Test func cornerDirectionsMeetTheOtherCorners() {
        let page = Self.page(Self.box("linear-gradient(to bottom right, red, blue)", height: 60))
        #expect(Self.near(page.colour(10, 8), "#E60019"))
        #expect(Self.near(page.colour(190, 8), "#73008C"))
        #expect(Self.near(page.colour(100, 28), "#82007D"))
    }

    @Test func legacySyntaxes() {
        let page = Self.page(Self.box("-webkit-linear-gradient(left, red, blue)")
                             + Self.box("-webkit-gradient(radial, 50% 50%, 0, 50% 50%, 60, from(red), to(blue))"), height: 200)
        #expect(Self.near(page.colour(100, 50), "#7F0080"))
        #expect(Self.near(page.colour(100, 150), "#FC0003"))
        #expect(Self.near(page.colour(130, 150), "#7D0082"))
    }

    /// The corpus mail's rule: a 1 px `<hr>` at a fractional position fills one device-pixel
    /// row with the legacy radial gradient, black in the middle (WebKit snaps the layer).
    @Test func hairlineRuleWithLegacyRadialGradient() {
        let page = Self.page("<div style='height:10.7px'></div><hr style='height:1px;border:none;margin:0;"
                             + "background:#d9d9d9 -webkit-gradient(radial, 50% 50%, 0, 50% 50%, 300, from(#000), to(#efefe4))'>", height: 30)
        #expect(Self.near(page.colour(195, 11), "#000000"))
        #expect(Self.near(page.colour(30, 11), "#83837D"))
        #expect(Self.near(page.colour(300, 11), "#545450"))
    }

    /// A conic gradient over a huge box computes a bounded number of pixels.
    @Test func hugeConicGradientIsBounded() {
        let html = "<body style='margin:0'>" + Self.box("repeating-conic-gradient(red 0 1deg, blue 1deg 2deg)", width: 390, height: 30000)
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, images: nil)
        let canvas = Canvas(pixelWidth: 390, pixelHeight: 100, scale: 1)!
        let start = Date()
        Rasterizer.draw(document.displayList.entries, on: canvas)
        #expect(Date().timeIntervalSince(start) < 10)
        let colour = canvas.pixel(x: 195, y: 50)
        #expect(colour.a == 255)
    }
}

/// Every gradient kind and layer feature on one page (Tests/Fixtures/paint/gradients.html),
/// looked at beside WebKitGTK 2.50's rendering when recorded: 99.9 % of pixels within 3/255.
@Test func paintGradientsGolden() throws {
    let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/paint")
    let html = try String(contentsOf: directory.appendingPathComponent("gradients.html"), encoding: .utf8)
    let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, images: nil)
    let page = try document.renderFullPage(viewportWidth: 390, viewportHeight: 844, scale: 1)
    try Golden.check(page.canvas, named: "paint-gradients")
}
