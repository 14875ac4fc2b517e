import Testing
@testable import RenderCore

/// A frame paints at most `PaintBudget.maximumCoverage` times over its area: stacks of
/// translucent full-frame layers or huge blurred shadows are cut with a warning instead of
/// taking minutes a frame, and ordinary mail is untouched.
@Suite struct PaintBudgetTests {
    func renderer(_ html: String) throws -> SceneRenderer {
        var scene = Scene(html: html)
        scene.viewportWidth = 100
        scene.viewportHeight = 100
        scene.headerHeight = 0
        scene.scale = 1
        scene.offsets = [0]
        return try SceneRenderer(scene: scene)
    }

    /// `count` translucent red layers, each covering the whole 100×100 frame, and a
    /// half-transparent blue one on top.
    func layers(_ count: Int) -> String {
        "<body style=\"margin:0\">" + String(repeating: "<div style=\"height:100px;margin-bottom:-100px;background:rgba(255,0,0,0.02)\"></div>", count: count)
            + "<div style=\"height:100px;background:rgba(0,0,255,0.5)\"></div>"
    }

    func blueAtCenter(_ renderer: SceneRenderer) throws -> UInt32 {
        let image = try renderer.render(renderer.frames[0]).rgbaImage
        return image[50, 50] >> 16 & 0xFF
    }

    @Test func stacksPastTheBudgetAreCutWithAWarning() throws {
        let over = try renderer(layers(400))
        #expect(over.paintBudgetWarning == "1 frame(s) paint more than 256 times over their area; the backgrounds, images and shadows past that are not drawn")
        // The blue layer comes past the budget: not drawn.
        #expect(try blueAtCenter(over) < 40)
        let under = try renderer(layers(200))
        #expect(under.paintBudgetWarning == nil)
        #expect(try blueAtCenter(under) > 100)
    }

    @Test func hugeBlurredShadowsCountEachLayer() throws {
        let shadows = String(repeating: "0 0 400px 400px rgba(0,0,0,0.01),", count: 40) + "0 0 1px red"
        #expect(try renderer("<div style=\"box-shadow:\(shadows)\">x</div>").paintBudgetWarning != nil)
        #expect(try renderer("<div style=\"box-shadow:0 0 400px 400px rgba(0,0,0,0.01)\">x</div>").paintBudgetWarning == nil)
    }

    @Test func ordinaryMailStaysUnderTheBudget() throws {
        var scene = Scene(html: SampleMail.html)
        scene.offsets = [0, 50, 150, .end]
        #expect(try SceneRenderer(scene: scene).paintBudgetWarning == nil)
    }
}
