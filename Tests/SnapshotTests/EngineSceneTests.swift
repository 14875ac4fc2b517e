import Foundation
import Testing
@testable import RenderCore

/// Scenes that exercise the HTML slice beyond the sample mail, checked as goldens and by
/// exact layout numbers measured against Chromium with the same fonts.
@Suite struct EngineSceneTests {
    static let featureMail = """
    <html><body style="font-family: Arial, sans-serif; font-size: 15px">
    <h1 style="color:#0a3d62">Receipt #1042</h1>
    <p>Hi Sam, thanks for your order. <a href="https://example.com">View it online</a>.</p>
    <table width="100%" cellpadding="6" cellspacing="0" border="1" style="border-color:#999">
      <tr bgcolor="#eeeeee"><th align="left">Item</th><th width="80" align="right">Price</th></tr>
      <tr><td>Paper notebook, A5, dotted</td><td align="right">$12.00</td></tr>
      <tr><td colspan="2" align="right"><b>Total $12.00</b></td></tr>
    </table>
    <ol><li>Pack</li><li>Ship</li><li>Deliver</li></ol>
    <blockquote style="border-left:3px solid #ccc; margin-left:0; padding-left:10px">Quoted reply text</blockquote>
    <hr>
    <pre>Order  1042
    Status shipped</pre>
    <p style="text-align:center; color:#888; font-size:12px; text-decoration: underline">centred footer</p>
    </body></html>
    """

    static func featureScene() -> Scene {
        var scene = Scene(html: featureMail)
        scene.viewportHeight = 600
        scene.scale = 2
        scene.headerHeight = 80
        scene.headerColor = RGBA(r: 0.95, g: 0.95, b: 0.97, a: 1)
        scene.headerHTML = "<div style=\"padding:12px 16px;font-size:14px\"><b>From:</b> Shop &lt;orders@shop.example&gt;<br><b>To:</b> Sam<br><b>Subject:</b> Your receipt</div>"
        return scene
    }

    @Test func featureMailGolden() throws {
        let renderer = try SceneRenderer(scene: Self.featureScene())
        try Golden.check(try renderer.render(renderer.geometry.frame(forUserOffset: 0)), named: "features-0")
    }

    /// Border boxes measured with headless Chromium (chromium_ref.py boxes, fonts/fonts.conf).
    @Test func blockAndTableGeometryMatchesChromium() {
        let html = """
        <html><body>
        <h1>Heading one</h1>
        <p>Hello world, this is a paragraph of text that should wrap over several lines in a narrow viewport of 390 px.</p>
        <div style="font-family: Arial; font-size: 14px; line-height: 20px; padding: 10px; border: 2px solid #333; background: #eef">Arial block with padding and border</div>
        <ul><li>one</li><li>two</li></ul>
        <table width="100%" cellpadding="5" border="1"><tr><td>Cell A</td><td width="100">Cell B</td></tr><tr><td colspan="2">Wide cell with more text</td></tr></table>
        </body></html>
        """
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        let boxes = Dictionary(uniqueKeysWithValues: document.boxes.map { ($0.path, $0.frame) })
        let chromium: [(String, Double, Double, Double, Double)] = [
            ("/body[0]/h1[0]", 8, 8, 374, 37),  // quirks mode: h1's UA margin ignored at body top
            ("/body[0]/p[0]", 8, 66.4375, 374, 36),
            ("/body[0]/div[0]", 8, 118.4375, 374, 44),
            ("/body[0]/ul[0]", 8, 178.4375, 374, 36),
            ("/body[0]/ul[0]/li[1]", 48, 196.4375, 334, 18),
            ("/body[0]/table[0]", 8, 230.4375, 374, 68),
            ("/body[0]/table[0]/tbody[0]/tr[0]/td[0]", 11, 233.4375, 254, 30),
            ("/body[0]/table[0]/tbody[0]/tr[0]/td[1]", 267, 233.4375, 112, 30),
            ("/body[0]/table[0]/tbody[0]/tr[1]/td[0]", 11, 265.4375, 368, 30),
        ]
        for (path, x, y, w, h) in chromium {
            let frame = boxes[path]
            #expect(frame != nil, "\(path) missing")
            guard let frame else { continue }
            // Chromium rounds to 1/64 px; we keep doubles.
            #expect(abs(frame.x - x) < 0.02 && abs(frame.y - y) < 0.02 && abs(frame.width - w) < 0.02 && abs(frame.height - h) < 0.02,
                    "\(path): \(frame) vs chromium \(x), \(y), \(w), \(h)")
        }
    }
}

/// Background images (local file, sized, tiled), linear gradients, rounded borders and box
/// shadows, drawn as the full page at scale 1 (compared beside Chromium when recorded).
@Test func paintFeaturesGolden() throws {
    let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/layout")
    let html = try String(contentsOf: directory.appendingPathComponent("backgrounds.html"), encoding: .utf8)
    let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 520,
                                   images: ImageStore(baseDirectory: directory.path))
    let page = try document.renderFullPage(viewportWidth: 390, viewportHeight: 520, scale: 1)
    try Golden.check(page.canvas, named: "paint-features")
}
