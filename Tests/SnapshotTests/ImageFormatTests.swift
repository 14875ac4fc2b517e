import Foundation
import Testing
@testable import RenderCore

/// Images as WebKit shows them (issue 15): each format from a fixture file in
/// Tests/Fixtures/Images (16 × 8 pixels: a red left half, a blue right half; animated ones a
/// green first frame, a magenta second), SVG sized and drawn as WebKit does, and SVG bounded.
@Suite struct ImageFormatTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/Images")

    static func store(ratio: Double = 3) -> ImageStore {
        ImageStore(baseDirectory: directory.path, devicePixelRatio: ratio)
    }

    /// A pixel of a page as 0–255 channels.
    static func channels(_ page: PaintedPage, _ x: Int, _ y: Int) -> [Int] {
        let p = page.canvas.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    static func near(_ actual: [Int], _ expected: [Int], tolerance: Int = 24) -> Bool {
        zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: ["halves.png", "halves.jpg", "halves.gif", "halves.webp", "halves.bmp", "halves.ico", "halves-png.ico",
                      "halves.tiff", "halves.avif", "halves.heic"])
    func eachFormatDecodesFromItsFile(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(file)))
        let image = try DecodedImage.decode(bytes)
        #expect(image.width == 16)
        #expect(image.height == (file.hasSuffix(".ico") ? 16 : 8))
        let page = PaintedPage("<body style='margin:0'><img src='\(file)' style='width:32px;height:16px;display:block'>",
                               height: 20, images: Self.store())
        // Lossy formats (JPEG, AVIF, HEIF) come close to the colours, not exactly.
        #expect(Self.near(Self.channels(page, 6, 8), [255, 0, 0]), "\(file) left half: \(Self.channels(page, 6, 8))")
        #expect(Self.near(Self.channels(page, 26, 8), [0, 0, 255]), "\(file) right half: \(Self.channels(page, 26, 8))")
    }

    @Test(arguments: ["animated.gif", "animated.png", "animated.webp"])
    func animatedImagesShowTheirFirstFrame(file: String) {
        let page = PaintedPage("<body style='margin:0'><img src='\(file)' style='display:block'>", height: 10, images: Self.store())
        #expect(page.colour(8, 4) == "#00FF00")
    }

    // MARK: SVG sizes and pixels

    /// Border boxes WebKit gives these images (webkit_ref.py boxes, 390 px wide).
    @Test func svgImagesAreSizedAsWebKitSizesThem() {
        let html = """
            <!DOCTYPE html><html><body style="margin:0">
            <div style="width:200px"><img id="a" src="sized.svg"></div>
            <div style="width:200px"><img src="ratio.svg"></div>
            <div style="width:200px"><img src="nosize.svg"></div>
            <div style="width:200px"><img src="widthonly.svg"></div>
            <div style="width:200px"><img src="sized.svg" style="width:120px"></div>
            <div style="width:200px"><img src="ratio.svg" style="height:30px"></div>
            <div style="width:200px"><svg width="30" height="20"><rect width="30" height="20" fill="#ff00ff"/></svg><svg viewBox="0 0 10 5"><rect width="10" height="5" fill="#00ffff"/></svg></div>
            <div style="width:200px"><svg><rect width="10" height="5" fill="#000"/></svg></div>
            </body></html>
            """
        let page = PaintedPage(html, height: 1000, images: Self.store())
        let sizes = page.frames(containing: "/img[").map { [$0.x, $0.y, $0.width, $0.height] }
        #expect(sizes == [[0, 0, 60, 40], [0, 44, 200, 100], [0, 148, 300, 150], [0, 302, 80, 20], [0, 326, 120, 80], [0, 410, 60, 30]])
        let inline = page.frames(containing: "/svg[").map { [$0.x, $0.y, $0.width, $0.height] }
        #expect(inline == [[0, 444, 30, 20], [0, 468, 200, 100], [0, 572, 300, 150]])
        // Pixels: the halves and circle of sized.svg, the inline ones' fills.
        #expect(page.colour(5, 5) == "#FF0000")
        #expect(page.colour(55, 5) == "#0000FF")
        #expect(page.colour(30, 20) == "#00FF00")
        #expect(page.colour(15, 454) == "#FF00FF")
        #expect(page.colour(100, 518) == "#00FFFF")
        #expect(page.colour(5, 574) == "#000000")
        #expect(page.colour(50, 600) == "#FFFFFF")
    }

    /// At 3x the SVG is drawn from its vectors, not a 1x bitmap scaled up: the circle's edge
    /// falls inside one device pixel, and the pixels beside it are the pure colours.
    @Test func svgIsRasterisedAtTheDeviceScale() {
        let document = LaidOutDocument(html: "<body style='margin:0'><img src='sized.svg' style='display:block'>",
                                       viewportWidth: 390, viewportHeight: 844, images: Self.store())
        let canvas = Canvas(pixelWidth: 180, pixelHeight: 120, scale: 3)!
        canvas.fill(Rect(x: 0, y: 0, width: 60, height: 40), .white)
        Rasterizer.draw(document.displayList.entries, on: canvas)
        // The circle: centre (30, 20) CSS px, radius 10, so x from 20 to 40 on its middle row.
        func pixel(_ x: Int, _ y: Int) -> [Int] { let p = canvas.pixel(x: x, y: y); return [Int(p.r), Int(p.g), Int(p.b)] }
        #expect(pixel(61, 60) == [0, 255, 0])   // 20.33 CSS px: inside
        #expect(pixel(58, 60) == [255, 0, 0])   // 19.33: outside, the red half
        #expect(pixel(121, 60) == [0, 0, 255])  // 40.33: outside, the blue half
    }

    @Test func svgFromDataURIsMessagePartsAndBackgrounds() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'><rect width='20' height='10' fill='#ff0000'/></svg>"
        let base64 = Data(svg.utf8).base64EncodedString()
        let percent = svg.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let part = Array(svg.replacingOccurrences(of: "#ff0000", with: "#0000ff").utf8)
        let store = ImageStore(baseDirectory: Self.directory.path, contentIDs: ["logo@mail": part])
        let page = PaintedPage("""
            <body style="margin:0"><div style="height:10px"><img src="data:image/svg+xml;base64,\(base64)"><img src="data:image/svg+xml,\(percent)"><img src="cid:logo@mail"></div>
            <div style="height:20px;background:url(ratio.svg) no-repeat;background-size:40px 20px"></div>
            """, height: 40, images: store)
        #expect(page.colour(10, 5) == "#FF0000")
        #expect(page.colour(30, 5) == "#FF0000")
        #expect(page.colour(50, 5) == "#0000FF")
        #expect(page.colour(10, 20) == "#FF0000")
        #expect(page.colour(30, 20) == "#0000FF")
        #expect(page.colour(60, 20) == "#FFFFFF")
        #expect(store.warnings.isEmpty, "\(store.warnings)")
    }

    /// An unescaped `#` in a data URL starts its fragment: the SVG is cut there and fails,
    /// as in WebKit (a broken image, as `--images blocked` draws it), while `%23` is a `#`
    /// of the data.
    @Test func aHashInADataURLEndsTheData() {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='20'><rect width='40' height='20' fill='COLOUR'/></svg>"
        let store = ImageStore(baseDirectory: nil, options: ImageOptions(failed: .blocked))
        let page = PaintedPage("""
            <body style="margin:0"><img src="data:image/svg+xml;utf8,\(svg.replacingOccurrences(of: "COLOUR", with: "#ff0000"))"><img src="data:image/svg+xml;utf8,\(svg.replacingOccurrences(of: "COLOUR", with: "%23ff0000"))">
            """, height: 30, images: store)
        let frames = page.frames(containing: "/img[").map { [$0.width, $0.height] }
        #expect(frames == [[20, 20], [40, 20]])
        #expect(page.colour(40, 10) == "#FF0000")
        #expect(store.warnings.count == 1)
    }

    /// A background SVG with only a ratio is contained in the positioning area; one with
    /// neither size nor ratio takes the area's size (as WebKit draws them).
    @Test func backgroundSVGsTakeTheirSizeFromTheArea() {
        let page = PaintedPage("""
            <body style="margin:0"><div style="width:100px;height:100px;background:url(ratio.svg) no-repeat"></div>
            <div style="width:100px;height:100px;background:url(nosize.svg) no-repeat"></div>
            """, height: 200, images: Self.store())
        #expect(page.colour(25, 25) == "#FF0000")
        #expect(page.colour(75, 25) == "#0000FF")
        #expect(page.colour(50, 75) == "#FFFFFF")
        #expect(page.colour(25, 125) == "#FF0000")
        #expect(page.colour(75, 125) == "#FFFFFF")
    }

    /// The inline `<svg>`'s names come back in SVG's case (viewBox, linearGradient, …) and
    /// `currentColor` is the element's CSS colour.
    @Test func inlineSVGKeepsItsMixedCaseNamesAndTheTextColour() {
        let page = PaintedPage("""
            <body style="margin:0;color:#00ff00"><svg width="40" height="20" viewBox="0 0 4 2" style="display:block">
            <defs><linearGradient id="g"><stop offset="0" stop-color="#0000ff"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs>
            <rect width="2" height="2" fill="url(#g)"/><rect x="2" width="2" height="2" fill="currentColor"/></svg>
            """, height: 20)
        #expect(page.colour(10, 10) == "#0000FF")
        #expect(page.colour(30, 10) == "#00FF00")
    }

    /// An icon sprite: a hidden `<svg>` of `<symbol>`s, used from other inline SVGs by `#id`
    /// (WebKit resolves them across the page's one document).
    @Test func inlineSVGsUseSymbolsFromASpriteElsewhereOnThePage() {
        let page = PaintedPage("""
            <body style="margin:0"><svg style="display:none"><defs><linearGradient id="blue"><stop offset="0" stop-color="#0000ff"/></linearGradient></defs>
            <symbol id="square" viewBox="0 0 2 2"><rect width="2" height="2" fill="url(#blue)"/></symbol></svg>
            <svg width="20" height="20" style="display:block"><use href="#square" width="20" height="20"/></svg>
            """, height: 30)
        #expect(page.colour(10, 10) == "#0000FF")
    }

    // MARK: Safety

    /// librsvg is given no base URI, so no `<image href>` loads: not the file beside the SVG,
    /// not a file URL, not the network. Only the SVG's own rect is drawn.
    @Test func svgNeverLoadsWhatItReferences() {
        let page = PaintedPage("<body style='margin:0'><img src='external.svg' style='display:block'>", height: 20, images: Self.store())
        #expect(page.colour(5, 5) == "#FFFFFF")
        #expect(page.colour(30, 5) == "#FFFFFF")
        #expect(page.colour(39, 19) == "#00FF00")
    }

    @Test func hostileSVGsAreRefusedWithAWarning() throws {
        let uses = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='10' height='10'><defs><rect id='a0' width='1' height='1'/>"
            + (0..<9).map { i in "<g id='a\(i + 1)'>" + String(repeating: "<use xlink:href='#a\(i)'/>", count: 10) + "</g>" }.joined()
            + "</defs><use xlink:href='#a9'/></svg>"
        let cases: [(String, String)] = [
            (uses, "more than 150 000 elements once references are followed"),
            ("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><filter id='f'><feTurbulence baseFrequency='0.05' numOctaves='100000'/></filter><rect width='10' height='10' filter='url(#f)'/></svg>",
             "a turbulence of over 10 octaves"),
            ("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><filter id='f'><feConvolveMatrix order='30' kernelMatrix='\(Array(repeating: "1", count: 900).joined(separator: " "))'/></filter><rect width='10' height='10' filter='url(#f)'/></svg>",
             "a convolution matrix of order over 5"),
            ("<svg xmlns='http://www.w3.org/2000/svg' width='100000' height='100000'/>", "100000x100000 pixels"),
            ("<!DOCTYPE svg [<!ENTITY a 'aaaa'>]><svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>", "entity declarations"),
        ]
        for (svg, reason) in cases {
            let store = ImageStore(baseDirectory: nil)
            let started = Date()
            let page = PaintedPage("<body style='margin:0'><img src='data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())'>",
                                   height: 20, images: store)
            #expect(Date().timeIntervalSince(started) < timeBudget(2), "\(reason)")
            #expect(store.warnings.count == 1 && store.warnings[0].contains(reason), "\(store.warnings)")
            _ = page
        }
    }

    /// An SVG drawn very large is rasterised at a bounded size (and scaled up).
    @Test func aHugeDrawnSVGIsRasterisedWithinTheLimit() throws {
        let svg = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("ratio.svg")))
        let image = try DecodedImage.decode(svg)
        let size = image.withSurface(deviceWidth: 30000, deviceHeight: 15000) { _, width, height in (width, height) }
        #expect(size.map { $0.0 * $0.1 <= DecodedImage.maximumVectorRasterPixels } == true)
    }
}
