import Foundation
import Testing
@testable import RenderCore

/// Box shadows as WebKit draws them: a Gaussian blur with σ = blur / 2, spread, rounded
/// corners, inset, never under the box, the first shadow on top.
@Suite struct BoxShadowTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/paint")

    struct Profile: Decodable {
        let name: String, along: String
        let at: Int, from: Int, to: Int
        let pixels: [[Int]]
    }
    struct Measured: Decodable {
        let html: String
        let scales: [String: [Profile]]
    }

    /// Along lines through each shadow's blurred edge (WebKit's pixels in
    /// box-shadow-profile.json, measured with webkit_ref.py at scale 1 and 2), every
    /// channel of every device pixel within 3/255 of WebKit's.
    @Test(arguments: [1, 2])
    func blurredEdgesAgreeWithWebKit(scale: Int) throws {
        let measured = try JSONDecoder().decode(Measured.self, from: Data(contentsOf: Self.directory.appendingPathComponent("box-shadow-profile.json")))
        let html = try String(contentsOf: Self.directory.appendingPathComponent(measured.html), encoding: .utf8)
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        let canvas = try #require(Canvas(pixelWidth: 390 * scale, pixelHeight: 770 * scale, scale: Double(scale)))
        canvas.fill(Rect(x: 0, y: 0, width: 390, height: 770), .white)
        Rasterizer.draw(document.displayList.entries, on: canvas)
        let profiles = try #require(measured.scales[String(scale)])
        #expect(profiles.count == 7)
        for profile in profiles {
            var worst = 0
            for (index, expected) in profile.pixels.enumerated() {
                let along = profile.from * scale + index, across = profile.at * scale
                let pixel = profile.along == "row" ? canvas.pixel(x: along, y: across) : canvas.pixel(x: across, y: along)
                let ours = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                worst = max(worst, zip(ours, expected).map { abs($0 - $1) }.max() ?? 0)
            }
            #expect(worst <= 3, "\(profile.name) at scale \(scale): off by \(worst)/255")
        }
    }

    @Test func outerShadowIsNotDrawnUnderTheBoxAndTheFirstShadowIsOnTop() {
        let page = PaintedPage("""
            <body style="margin:0"><div style="width:40px;height:40px;margin:10px;background:rgba(0,0,255,.5);
            box-shadow:10px 10px #f00, 20px 20px #0f0"></div></body>
            """)
        // Inside the translucent box, no shadow shows through.
        #expect(page.colour(25, 25) == "#7F7FFF")
        // Where both shadows lie, the first (red) is on top; beyond it, the second.
        #expect(page.colour(55, 55) == "#FF0000")
        #expect(page.colour(67, 67) == "#00FF00")
    }

    @Test func insetShadowLiesInsideThePaddingBoxOverTheBackgroundUnderTheBorder() {
        let page = PaintedPage("""
            <body style="margin:0"><div style="width:60px;height:60px;margin:10px;background:#fff;border:5px solid #00f;
            box-shadow:inset 10px 10px #f00"></div></body>
            """)
        #expect(page.colour(12, 40) == "#0000FF")  // the border stays on top
        #expect(page.colour(20, 40) == "#FF0000")  // the inset shadow's left band
        #expect(page.colour(40, 20) == "#FF0000")  // and its top band
        #expect(page.colour(50, 50) == "#FFFFFF")  // the background inside
        #expect(page.colour(4, 40) == "#FFFFFF")   // nothing outside the box
    }

    @Test func spreadGrowsAndShrinksTheShadow() {
        let grown = PaintedPage("""
            <body style="margin:0"><div style="width:20px;height:20px;margin:30px;background:#fff;box-shadow:0 0 0 10px #000"></div></body>
            """)
        #expect(grown.colour(22, 40) == "#000000")
        #expect(grown.colour(18, 40) == "#FFFFFF")
        let shrunk = PaintedPage("""
            <body style="margin:0"><div style="width:40px;height:40px;margin:10px;box-shadow:50px 0 0 -10px #000"></div></body>
            """)
        #expect(shrunk.colour(75, 30) == "#000000")
        #expect(shrunk.colour(65, 30) == "#FFFFFF")   // 10 px of the shadow's side taken back
        #expect(shrunk.colour(75, 15) == "#FFFFFF")
    }

    /// A shadow whose blur is absurd costs no more than a capped one, and the huge element's
    /// mask covers only what can show.
    @Test func hugeShadowsAreBounded() {
        let start = Date()
        let page = PaintedPage("""
            <body style="margin:0"><div style="width:300px;height:100000px;margin:20px;box-shadow:0 0 100000px 5px #000"></div></body>
            """)
        #expect(page.colour(2, 50) != "#FFFFFF")
        #expect(Date().timeIntervalSince(start) < timeBudget(10))
    }
}
