import Foundation
import Testing
@testable import RenderCore

/// Background layers (CSS Backgrounds 3) as WebKit paints them; expected colours measured in
/// WebKitGTK 2.50 on the same markup.
@Suite struct BackgroundLayerTests {
    static let context = GradientParser.Context()

    // MARK: Parsing

    @Test func shorthandTakesEveryLayer() throws {
        let parsed = try #require(BackgroundParser.shorthand(
            "url(a.png) right 10px bottom 5px / 50px auto no-repeat content-box padding-box, linear-gradient(red, blue) repeat-x #fff",
            context: Self.context))
        #expect(parsed.color == .white)
        let layers = parsed.layers.layers
        #expect(layers.count == 2)
        #expect(layers[0].image == .url("a.png"))
        #expect(layers[0].position == BackgroundPosition(x: .init(offset: .px(10), fromEnd: true), y: .init(offset: .px(5), fromEnd: true)))
        #expect(layers[0].size == .explicit(.px(50), .auto))
        #expect(layers[0].repeatX == .noRepeat && layers[0].repeatY == .noRepeat)
        #expect(layers[0].origin == .contentBox && layers[0].clip == .paddingBox)
        #expect(layers[1].repeatX == .repeat && layers[1].repeatY == .noRepeat)
        #expect(layers[1].origin == .paddingBox && layers[1].clip == .borderBox)
    }

    @Test func invalidShorthandsAreDropped() {
        for value in ["red, url(a.png)", "url(a.png) url(b.png)", "top left 10px 5px", "10px / cover / auto", "url(a.png) text",
                      "linear-gradient(red)", "left left", ", red"] {
            #expect(BackgroundParser.shorthand(value, context: Self.context) == nil, "\(value)")
        }
    }

    @Test func positionsOfOneToFourValues() {
        func position(_ text: String) -> BackgroundPosition? {
            BackgroundParser.position(PropertyValues.components(text), context: Self.context)
        }
        let centre = BackgroundPosition.Axis(offset: .percent(50))
        #expect(position("top") == BackgroundPosition(x: centre, y: .init(offset: .percent(0))))
        #expect(position("right top") == BackgroundPosition(x: .init(offset: .percent(100)), y: .init(offset: .percent(0))))
        #expect(position("top right") == position("right top"))
        #expect(position("10px center") == BackgroundPosition(x: .init(offset: .px(10)), y: centre))
        #expect(position("bottom 10px right") == BackgroundPosition(x: .init(offset: .percent(100)), y: .init(offset: .px(10), fromEnd: true)))
        #expect(position("top 10px") == nil)
        #expect(position("top 10px left") == BackgroundPosition(x: .init(offset: .percent(0)), y: .init(offset: .px(10))))
        #expect(position("left right") == nil)
    }

    @Test func longhandListsCycle() throws {
        var style = ComputedStyle()
        for (name, value) in [("background-image", "linear-gradient(red, red), none, url(x.png)"),
                              ("background-size", "10px, cover"), ("background-repeat", "space round"),
                              ("background-clip", "content-box, padding-box"), ("background-blend-mode", "multiply")] {
            style.apply(Declaration(name: name, value: value, important: false), parent: ComputedStyle(), rootFontSize: 16)
        }
        let layers = style.background.layers
        #expect(layers.count == 3)
        #expect(layers.map(\.size) == [.explicit(.px(10), .auto), .cover, .explicit(.px(10), .auto)])
        #expect(layers.allSatisfy { $0.repeatX == .space && $0.repeatY == .round && $0.blendMode == .multiply })
        #expect(style.background.colorClip == .contentBox)  // the bottom layer's clip
    }

    // MARK: Placement

    @Test func spaceAndRoundPlaceWholeTiles() throws {
        let area = Rect(x: 0, y: 0, width: 210, height: 60)
        let boxes = BackgroundBoxes(border: area, padding: area, content: area)
        var layer = BackgroundLayer(image: nil, size: .explicit(.px(20), .px(20)))
        layer.repeatX = .space; layer.repeatY = .space
        let spaced = try #require(BackgroundPlacement.place(layer, intrinsic: nil, boxes: boxes))
        #expect(spaced.tile.x == 0 && abs((spaced.periodX ?? 0) - (20 + 10.0 / 9)) < 1e-9 && spaced.periodY == 20)
        layer.size = .explicit(.px(40), .px(40))
        layer.repeatX = .round; layer.repeatY = .round
        let rounded = try #require(BackgroundPlacement.place(layer, intrinsic: nil, boxes: boxes))
        #expect(rounded.tile.width == 42 && rounded.tile.height == 30)
    }

    // MARK: Pixels (WebKit's values)

    @Test func spacedTilesSitOnWholePixels() {
        let page = GradientTests.page(GradientTests.box("radial-gradient(circle, red 40%, transparent 41%) 0 0 / 20px 20px space, #eee", width: 210, height: 60))
        #expect(page.colour(10, 10) == "#FF0000")
        #expect(page.colour(21, 10) == "#EEEEEE")
        #expect(page.colour(31, 10) == "#FF0000")
        #expect(page.colour(193, 30) == "#FF0000")
        #expect(page.colour(205, 30) == "#EEEEEE")
    }

    @Test func roundedTilesStretchToFit() {
        let page = GradientTests.page(GradientTests.box("radial-gradient(circle, red 40%, transparent 41%) 0 0 / 40px 40px round, #eee", width: 210, height: 60))
        #expect(page.colour(21, 15) == "#FF0000")
        #expect(page.colour(63, 15) == "#FF0000")
        #expect(page.colour(21, 45) == "#FF0000")
        #expect(page.colour(10, 1) == "#EEEEEE")
    }

    @Test func edgeOffsetsSizesClipsAndBlends() {
        let page = GradientTests.page(
            GradientTests.box("linear-gradient(red,red) right 10px bottom 5px / 50px 20px no-repeat, #ddd", height: 60)
            + "<div style='width:200px;height:60px;background:linear-gradient(#f80,#f80), linear-gradient(#08f,#08f);background-blend-mode:multiply'></div>"
            + "<div style='width:180px;height:40px;padding:10px;background:linear-gradient(red,red) content-box'></div>"
            + "<div style='width:200px;height:60px;background-image:linear-gradient(90deg,red,blue),linear-gradient(green,green);"
            + "background-size:50% 100%, auto;background-repeat:no-repeat;background-position:right, 0 0'></div>", height: 250)
        #expect(page.colour(145, 40) == "#FF0000")
        #expect(page.colour(195, 40) == "#DDDDDD")
        #expect(page.colour(145, 57) == "#DDDDDD")
        #expect(page.colour(145, 19) == "#DDDDDD")
        #expect(page.colour(100, 90) == "#004900")
        #expect(page.colour(5, 125) == "#FFFFFF")
        #expect(page.colour(15, 135) == "#FF0000")
        #expect(page.colour(185, 165) == "#FF0000")
        #expect(page.colour(25, 180) == "#008000")
        #expect(GradientTests.near(page.colour(125, 180), "#BE0041"))
    }

    /// The body's layers cover the whole canvas, placed against the root's box, at least the
    /// viewport tall (WebKit tiles `<body background>` over the page margins too).
    @Test func bodyLayersCoverTheCanvas() {
        let page = PaintedPage("<html><body style='margin:8px;background:linear-gradient(red,red) 0 0 / 10px 10px no-repeat, "
                               + "linear-gradient(blue,blue) right 0 top 0 / 5px 100% no-repeat'><div style='height:50px'>x</div></body></html>", height: 844)
        #expect(page.colour(2, 2) == "#FF0000")
        #expect(page.colour(12, 12) == "#FFFFFF")
        #expect(page.colour(388, 2) == "#0000FF")
        #expect(page.colour(380, 2) == "#FFFFFF")
        #expect(page.colour(388, 800) == "#0000FF")
    }

    /// The background that becomes the canvas's is not painted again on its own box: the
    /// body's image shows over a transparent root's border, its colour not over the image,
    /// and a translucent colour is not doubled (CSS 2.1 §14.2).
    @Test func canvasBackgroundIsNotPaintedTwice() {
        let translucent = PaintedPage("<html><body style='margin:20px;background:rgba(255,0,0,.5)'><div style='height:50px'></div></body></html>", height: 100)
        #expect(translucent.colour(2, 2) == translucent.colour(40, 40))
        let tiled = PaintedPage("<html style='border:2px solid blue'><body style='margin:20px;background:red linear-gradient(white,white) 0 0 / 10px 10px'>"
                                + "<div style='height:50px'></div></body></html>", height: 100)
        #expect(tiled.colour(45, 45) == "#FFFFFF")
    }

    /// Tiles thinner than a device pixel, hundreds of spaced layers, absurd sizes and stop
    /// counts: drawn without a trap, in bounded time.
    @Test func hostileLayersStayBounded() {
        let many = Array(repeating: "linear-gradient(rgba(255,0,0,.01), rgba(0,0,255,.01)) 0 0 / 3px 3px space", count: 300).joined(separator: ", ")
        let stops = Array(repeating: "red 1px, blue 2px", count: 3000).joined(separator: ", ")
        let values = ["radial-gradient(circle, red 40%, transparent 41%) 0 0 / 0.5px 7000px round", many,
                      "linear-gradient(\(stops))", "repeating-linear-gradient(red 0, blue 0.0000001px)",
                      "linear-gradient(red, blue) 0 0 / 1e7px 1e7px", "conic-gradient(from 1e7deg at -1e7px 1e7px, red, blue)",
                      "repeating-conic-gradient(red 0 0.0001deg, blue 0.0001deg 0.0002deg)", "radial-gradient(0px 0px, red, blue)"]
        let start = Date()
        let page = GradientTests.page(values.map { GradientTests.box($0, width: 390, height: 100) }.joined(), height: 800)
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(page.colour(195, 750) != "")
    }

    @Test func backgroundClipTextPaintsOnlyTheGlyphs() {
        let page = GradientTests.page("<div style='font:bold 40px sans-serif;width:300px;background:red;-webkit-background-clip:text;color:transparent'>Hi</div>"
                                      + "<div style='font:bold 40px sans-serif;width:300px;background:red;-webkit-background-clip:text;color:transparent'>&nbsp;</div>")
        var red = 0, other = 0
        for y in 0..<50 {
            for x in 0..<300 {
                let colour = page.colour(Double(x), Double(y))
                if colour == "#FF0000" { red += 1 } else if colour != "#FFFFFF" { other += 1 }
            }
        }
        #expect(red > 200)            // inside the glyphs
        #expect(red + other < 3000)   // not the box (300 × 46)
        #expect(page.colour(250, 20) == "#FFFFFF")
        #expect(page.colour(150, 70) == "#FFFFFF")  // no text: nothing at all
    }
}
