import Foundation
import Testing
@testable import RenderCore

/// The shortcuts a worker takes per frame — reusing a dirty canvas, skipping what an opaque
/// full-viewport fill hides, trusting that pixel-exact frames are opaque — give exactly the
/// pixels of the plain drawing on a fresh canvas.
@Suite struct FrameDrawingTests {
    /// A template-style mail: no body margin, a full-width background table (the occluder).
    static let backgroundMail = """
    <html><body style="margin:0;background:#f2f4f6;font-family:Arial">
    <table width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f6"><tr><td>
    <h1 style="margin:0;padding:24px">Welcome</h1>
    \(String(repeating: "<p style=\"padding:0 24px;background:#fff\">A paragraph of body text on a white card, long enough to wrap in a phone viewport.</p>", count: 40))
    </td></tr></table></body></html>
    """

    /// Backgrounds nested three deep on the same rect, inside the body's default margin (so no
    /// fill covers the whole viewport), and short ones whose fractional edges only partly
    /// cover pixels: there the one below still shows through, so it must be drawn.
    static let nestedBackgroundsMail = """
    <html><body style="background:#fff">
    \(String(repeating: "<div style=\"background:#c00;margin-top:10.2px\"><div style=\"background:#0c0;height:50.3px\"></div></div>", count: 30))
    <div style="background:#ebebeb"><table width="100%" style="background:#ebebeb" cellpadding="0" cellspacing="0"><tr>
    <td style="background:#fff;padding:10.3px 7.7px">
    \(String(repeating: "<p style=\"background:#fafafa;margin:0.35px 0;border-bottom:1px solid #ddd\">Row of a deal listing, with a price of $12.99 and a button.</p>", count: 60))
    </td></tr></table></div></body></html>
    """

    static func scenes() -> [Scene] {
        var scenes: [Scene] = []
        for (html, scale) in [(backgroundMail, 2.0), (nestedBackgroundsMail, 3.0), (SampleMail.html, 2.0), (DisplayListIndexTests.clippedMail, 2.0),
                              (EngineSceneTests.featureMail, 1.0)] {
            var scene = Scene(html: html)
            scene.scale = scale
            scene.headerHTML = "<b>From:</b> someone"
            scene.offsets = [-120, 0, 33.3, 100, 150.5, 1200, 1_000_000]
            scenes.append(scene)
        }
        return scenes
    }

    /// Red everywhere, so anything a frame forgets to paint shows.
    static func dirtyCanvas(_ renderer: SceneRenderer) throws -> Canvas {
        let canvas = try renderer.makeCanvas()
        canvas.fill(Rect(x: 0, y: 0, width: 5000, height: 5000), RGBA(r: 1, g: 0, b: 0, a: 0.5))
        return canvas
    }

    @Test func culledDrawingOnADirtyCanvasEqualsPlainDrawingOnAFreshOne() throws {
        for scene in Self.scenes() {
            let renderer = try SceneRenderer(scene: scene)
            let reused = try Self.dirtyCanvas(renderer)
            for frame in renderer.frames {
                let opaque = renderer.draw(frame, on: reused)
                let fresh = try renderer.makeCanvas()
                renderer.draw(frame, on: fresh, cullOccluded: false)
                let image = reused.image
                let same = image == fresh.image
                #expect(same, "scale \(scene.scale), offset \(frame.userOffset)")
                if opaque { #expect(image.pixels.allSatisfy { $0 >> 24 == 0xFF }) }
            }
        }
    }

    /// What a frame at `offset` shows of the document, and how its canvas maps it.
    static func visible(_ renderer: SceneRenderer, offset: Double) -> (entries: [DisplayList.Entry], occlusion: Occlusion) {
        let frame = renderer.geometry.frame(forUserOffset: offset)
        let scene = renderer.scene
        let visible = Rect(x: 0, y: -frame.content.y, width: scene.viewportWidth, height: scene.viewportHeight)
        let occlusion = Occlusion(scale: scene.scale, originY: frame.content.y, zoom: renderer.document.zoomScale,
                                  pixelWidth: scene.viewportWidth * scene.scale, pixelHeight: scene.viewportHeight * scene.scale)
        return (renderer.document.displayIndex.entries(intersecting: visible), occlusion)
    }

    @Test func nestedBackgroundsAreSkippedButPartlyCoveredOnesKept() throws {
        let renderer = try SceneRenderer(scene: Self.scenes()[1])
        let (entries, occlusion) = Self.visible(renderer, offset: 2600)
        let kept = occlusion.removingHiddenFills(entries)
        func bigFills(_ list: [DisplayList.Entry]) -> Int {
            list.filter { if case .fill(let rect, _) = $0.item { return rect.width > 300 && rect.height > 844 } else { return false } }.count
        }
        #expect(bigFills(entries) >= 3)   // the div, the table and the cell
        #expect(bigFills(kept) == 1)      // only the cell, on top, is drawn
        #expect(kept.count < entries.count)
    }

    @Test func fullWidthBackgroundIsFoundAsTheOccluder() throws {
        let renderer = try SceneRenderer(scene: Self.scenes()[0])
        let (entries, occlusion) = Self.visible(renderer, offset: 1200)
        #expect(occlusion.lastOccluder(in: entries) != nil)
        // Overscrolled past the top, nothing covers the grey above the document.
        let (above, occlusionAbove) = Self.visible(renderer, offset: -120)
        #expect(occlusionAbove.lastOccluder(in: above) == nil)
    }
}
