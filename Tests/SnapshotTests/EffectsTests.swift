import Foundation
import Testing
@testable import RenderCore

/// Transforms, filters, blend modes, clip-path and masks: each makes one group around the
/// element's painting (values measured in WebKitGTK with webkit_ref.py).
@Suite struct EffectsTests {
    static func box(_ style: String, content: String = "") -> String {
        "<body style=\"margin:0;background:#fff\"><div style=\"width:40px;height:40px;margin:10px;background:#f00;\(style)\">\(content)</div></body>"
    }

    @Test func transformsMovePaintingNotLayout() {
        let page = PaintedPage(Self.box("transform:translate(100px,20px)") + "<p id=after>x</p>")
        #expect(page.colour(30, 30) == "#FFFFFF")
        #expect(page.colour(130, 50) == "#FF0000")
        // The layout box stays where it was.
        #expect(page.frames(containing: "div[0]").first == Rect(x: 10, y: 10, width: 40, height: 40))
    }

    @Test func transformOriginAndFunctionLists() {
        // Scaled 2× about the top-left corner: covers 10…90.
        let scaled = PaintedPage(Self.box("transform:scale(2);transform-origin:0 0"))
        #expect(scaled.colour(85, 85) == "#FF0000")
        // About the centre (the default): covers -10…70.
        let centred = PaintedPage(Self.box("-webkit-transform:scale(2)"))
        #expect(centred.colour(2, 2) == "#FF0000")
        #expect(centred.colour(75, 75) == "#FFFFFF")
        // rotate(45deg): the corner at the centre's right is reached, the box's own corner left bare.
        let rotated = PaintedPage(Self.box("transform:rotate(45deg)"))
        #expect(rotated.colour(55, 30) == "#FF0000")
        #expect(rotated.colour(12, 12) == "#FFFFFF")
        // A list applies left to right: translate, then scale about the moved origin.
        let listed = PaintedPage(Self.box("transform:translateX(100px) scale(.5)"))
        #expect(listed.colour(130, 30) == "#FF0000")
        #expect(listed.colour(112, 12) == "#FFFFFF")
    }

    @Test func parsedTransforms() {
        let length: EffectParser.LengthParser = { PropertyValues.length($0, fontSize: 16, rootFontSize: 16, allowAuto: false) }
        #expect(EffectParser.transform("rotate(0.25turn) skewX(10deg)", length: length) == [.rotate(90), .skew(10, 0)])
        #expect(EffectParser.transform("matrix(1,0,0,1,5,6)", length: length) == [.matrix(a: 1, b: 0, c: 0, d: 1, e: 5, f: 6)])
        #expect(EffectParser.transform("rotate(10)", length: length) == nil)       // an angle needs a unit
        #expect(EffectParser.transform("translate3d(1px,2px,3px)", length: length) == nil)
        #expect(EffectParser.transform("none", length: length) == [])
    }

    /// WebKitGTK's colours for #f00 under each filter: feColorMatrix for grayscale, sepia,
    /// saturate and hue-rotate (sRGB, rounded); feComponentTransfer tables, cut to whole
    /// bytes, for brightness, contrast, invert and opacity (brightness(.5) is #7F0000).
    @Test(arguments: [
        ("grayscale(1)", "#363636"), ("invert(1)", "#00FFFF"), ("brightness(.5)", "#7F0000"), ("opacity(.5)", "#FF8080"),
        ("sepia(1)", "#645945"), ("invert(1) grayscale(1)", "#C9C9C9"), ("contrast(.5)", "#BF3F3F"),
        ("saturate(2) hue-rotate(45deg)", "#9E2A00"), ("invert(.3)", "#B24C4C"),
    ])
    func colourFiltersAgreeWithWebKit(filter: String, expected: String) {
        #expect(PaintedPage(Self.box("filter:\(filter)")).colour(30, 30) == expected)
    }

    @Test func blurAndDropShadowSpreadPastTheBox() {
        // blur(4px): σ = 4 (a filter's length is σ, unlike box-shadow's radius).
        let blurred = PaintedPage(Self.box("filter:blur(4px)"))
        #expect(blurred.colour(30, 30) == "#FF0000")
        #expect(blurred.colour(6, 30) != "#FFFFFF")
        #expect(blurred.colour(10, 30) != "#FF0000")
        let shadowed = PaintedPage(Self.box("filter:drop-shadow(20px 0 0 #00f)"))
        #expect(shadowed.colour(60, 30) == "#0000FF")
        #expect(shadowed.colour(40, 30) == "#FF0000")
    }

    /// WebKitGTK's colours for #f00 over #808080; group opacity .5 gives #BF3F3F there
    /// (Skia's blending cuts where pixman rounds: a unit off).
    @Test(arguments: [
        ("mix-blend-mode:multiply", "#800000"), ("mix-blend-mode:screen", "#FF8080"), ("mix-blend-mode:difference", "#7F8080"),
        ("mix-blend-mode:overlay", "#FF0101"), ("mix-blend-mode:luminosity", "#4C4C4C"), ("opacity:.5", "#C04040"),
    ])
    func blendModesAndOpacityComposeWithTheBackdrop(style: String, expected: String) {
        let page = PaintedPage("<body style=\"margin:0\"><div style=\"background:#808080;padding:10px\"><div style=\"width:40px;height:40px;background:#f00;\(style)\"></div></div></body>")
        #expect(page.colour(30, 30) == expected)
    }

    @Test func clipPathShapes() {
        let circle = PaintedPage(Self.box("clip-path:circle(10px)"))
        #expect(circle.colour(30, 30) == "#FF0000")
        #expect(circle.colour(12, 12) == "#FFFFFF")
        let inset = PaintedPage(Self.box("-webkit-clip-path:inset(10px 0 0 20px)"))
        #expect(inset.colour(35, 25) == "#FF0000")
        #expect(inset.colour(25, 25) == "#FFFFFF")
        let polygon = PaintedPage(Self.box("clip-path:polygon(0 0,100% 0,0 100%)"))
        #expect(polygon.colour(15, 15) == "#FF0000")
        #expect(polygon.colour(45, 45) == "#FFFFFF")
        let ellipse = PaintedPage(Self.box("clip-path:ellipse(20px 5px at 50% 0)"))
        #expect(ellipse.colour(30, 12) == "#FF0000")
        #expect(ellipse.colour(30, 20) == "#FFFFFF")
        // A reference box alone clips to it: content-box inside 10px padding.
        let content = PaintedPage(Self.box("padding:10px;clip-path:content-box"))
        #expect(content.colour(15, 15) == "#FFFFFF")
        #expect(content.colour(30, 30) == "#FF0000")
    }

    /// path(): SVG path data from the reference box's corner; the arc bulges as its flags say.
    @Test func clipPathPaths() {
        let dome = PaintedPage(Self.box("clip-path:path('M 0 40 L 0,20 A 20,20 0,0,1 40,20 L 40 40 z')"))
        #expect(dome.colour(30, 15) == "#FF0000")   // inside the dome's top
        #expect(dome.colour(12, 12) == "#FFFFFF")   // the corner cut by the arc
        #expect(dome.colour(12, 48) == "#FF0000")
        let relative = PaintedPage(Self.box("clip-path:path(evenodd,'m0 0h40v40h-40zm10 10h20v20h-20z')"))
        #expect(relative.colour(13, 13) == "#FF0000")
        #expect(relative.colour(30, 30) == "#FFFFFF")  // the even-odd hole
        #expect(PathData.parse("M 0 0 L 10 10 X 5") == [.move(x: 0, y: 0), .line(x: 10, y: 10)])  // up to the error
        #expect(PathData.parse("L 10 10") == nil)
    }

    /// WebKitGTK: #FF0A0A, #FF8383 and #FFFCFC at 1, 20 and 39 px into the box.
    @Test func maskImageGradients() {
        let page = PaintedPage(Self.box("-webkit-mask-image:linear-gradient(#000,transparent)"))
        #expect(page.colour(30, 11) == "#FF0A0A")
        #expect(page.colour(30, 30) == "#FF8383")
        #expect(page.colour(30, 49) == "#FFFCFC")
    }

    /// Mask layers are placed as background layers are: size, position, repeat, origin and
    /// clip, several layers added, the `mask` shorthand and `-webkit-` spellings. The colours
    /// are WebKitGTK's at the same points (the whole page agrees with its pixels exactly).
    @Test func maskLayersArePlacedAsBackgroundLayers() {
        let page = PaintedPage("""
            <body style="margin:0">
            <div style="width:100px;height:100px;background:red;mask-image:linear-gradient(black,transparent);mask-size:50px 50px;mask-repeat:repeat-x"></div>
            <div style="width:100px;height:100px;background:blue;-webkit-mask-image:radial-gradient(circle,black 40%,transparent 41%);-webkit-mask-size:40px 40px;-webkit-mask-position:center;-webkit-mask-repeat:no-repeat"></div>
            <div style="width:100px;height:100px;background:green;padding:20px;border:10px solid orange;mask:linear-gradient(black,black) content-box no-repeat"></div>
            <div style="width:100px;height:100px;background:purple;mask:linear-gradient(90deg,black,transparent) 0 0/50% 100% repeat, linear-gradient(black 20%,transparent 20%)"></div>
            </body>
            """, height: 560)
        #expect(page.colour(25, 10) == "#FF3636")   // a 50 px tile, repeated across
        #expect(page.colour(75, 30) == "#FF9C9C")
        #expect(page.colour(10, 60) == "#FFFFFF")   // no repeat downwards
        #expect(page.colour(50, 150) == "#0000FF")  // a centred 40 px circle
        #expect(page.colour(30, 150) == "#FFFFFF")
        #expect(page.colour(50, 280) == "#008000")  // content-box origin and clip
        #expect(page.colour(15, 245) == "#FFFFFF")  // the border and padding masked away
        #expect(page.colour(25, 370) == "#800080")  // two layers added
        #expect(page.colour(25, 400) == "#C182C1")
        #expect(page.colour(75, 400) == "#C182C1")  // the half-width tile repeated
    }

    /// A mask image that fails is a transparent layer: beside a gradient it adds nothing (as
    /// WebKitGTK draws caniemail css-mask-image offline); alone it hides the element when
    /// images are blocked and masks nothing with placeholders.
    @Test func failedMaskImagesAreTransparentLayers() {
        func page(_ mask: String, _ failed: ImageOptions.Failed) -> PaintedPage {
            PaintedPage(Self.box("mask-image:\(mask)"), images: ImageStore(baseDirectory: "/nonexistent", options: ImageOptions(failed: failed)))
        }
        let both = page("url(missing.png), linear-gradient(#000 50%, transparent 50%)", .placeholder)
        #expect(both.colour(30, 15) == "#FF0000")
        #expect(both.colour(30, 45) == "#FFFFFF")
        #expect(page("url(missing.png)", .placeholder).colour(30, 45) == "#FF0000")
        #expect(page("url(missing.png)", .blocked).colour(30, 15) == "#FFFFFF")
    }

    @Test func backdropFilterFiltersWhatIsBehind() {
        let page = PaintedPage("<body style=\"margin:0\"><div style=\"background:#f00;padding:10px\"><div style=\"width:40px;height:40px;-webkit-backdrop-filter:invert(1)\"></div></div></body>")
        #expect(page.colour(30, 30) == "#00FFFF")
        #expect(page.colour(5, 5) == "#FF0000")
    }

    /// Display-list bounds follow the effects, so a frame that shows only the moved, blurred
    /// or shadowed part still draws the element.
    @Test func boundsGrowWithTransformsAndFilters() {
        let moved = LaidOutDocument(html: Self.box("transform:translateY(2000px)"), viewportWidth: 390, viewportHeight: 844)
        let frame = Rect(x: 0, y: 1900, width: 390, height: 300)
        #expect(moved.displayIndex.entries(intersecting: frame).contains { if case .fill = $0.item { return true } else { return false } })
        let shadowed = LaidOutDocument(html: Self.box("filter:drop-shadow(0 500px 0 #000)"), viewportWidth: 390, viewportHeight: 844)
        #expect(shadowed.displayIndex.entries(intersecting: Rect(x: 0, y: 500, width: 390, height: 100)).count >= 3)
    }

    /// A blur over a 100000 px tall element draws only what can show.
    @Test func filtersOverHugeElementsAreBounded() {
        let start = Date()
        let page = PaintedPage("<body style=\"margin:0\"><div style=\"height:100000px;background:#f00;filter:blur(20px) drop-shadow(0 0 30px #000) grayscale(1)\"></div></body>")
        #expect(page.colour(200, 50) != "#FFFFFF")
        #expect(Date().timeIntervalSince(start) < timeBudget(10))
    }

    @Test func singularTransformsHideTheElement() {
        #expect(PaintedPage(Self.box("transform:scale(0)")).colour(30, 30) == "#FFFFFF")
    }
}
