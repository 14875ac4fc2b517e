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
