import Foundation
import Testing
@testable import RenderCore

/// `text-shadow` as WebKit draws it: offset, Gaussian blur (σ = blur / 2), several layers in
/// colour under the text. Tests/Fixtures/text/text-shadow.html rendered at scale 2; the
/// probed pixels are those WebKitGTK (webkit_ref.py page, fonts/fonts.conf) draws there too.
@Suite struct TextShadowTests {
    /// Painted once (static initialisers run once, thread-safely), then only read by the
    /// parallel tests: `pixel` reads the canvas's bytes and draws nothing.
    nonisolated(unsafe) static let canvas: Canvas = {
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/text/text-shadow.html")
        let html = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        let canvas = Canvas(pixelWidth: 780, pixelHeight: 600, scale: 2)!
        canvas.fill(Rect(x: 0, y: 0, width: 390, height: 300), .white)
        Rasterizer.draw(document.displayList.entries, on: canvas)
        return canvas
    }()

    /// The pixel at CSS px (x, y).
    func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
        let p = Self.canvas.pixel(x: Int(x * 2), y: Int(y * 2))
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    @Test func hardShadowIsTheTextMovedInItsColour() {
        for (x, y) in [(113.0, 46.0), (116.0, 73.0)] {
            let p = pixel(x, y)
            #expect(p.r > 230 && p.g < 30 && p.b < 30, "(\(x), \(y)) is \(p)")
        }
    }

    @Test func blurSpreadsAsAGaussian() {
        // 4 px left of the B's stem WebKit has (184, 184, 255); 9 px left, (246, 246, 255).
        let near = pixel(21, 140), far = pixel(16, 140), outside = pixel(10, 140)
        #expect(near.b == 255 && abs(near.r - 184) <= 12, "near: \(near)")
        #expect(far.b == 255 && abs(far.r - 246) <= 6, "far: \(far)")
        #expect(outside == (255, 255, 255), "outside: \(outside)")
    }

    @Test func severalShadowsDrawFirstOnTop() {
        let green = pixel(32, 200), grey = pixel(34, 203)
        #expect(green.g > 150 && green.r < 40 && green.b < 40, "green: \(green)")
        #expect(grey.r > 60 && grey.r < 200 && abs(grey.r - grey.b) < 8, "grey: \(grey)")
    }

    @Test func blurIsDeterministic() {
        let again = Canvas(pixelWidth: 780, pixelHeight: 600, scale: 2)!
        again.fill(Rect(x: 0, y: 0, width: 390, height: 300), .white)
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/text/text-shadow.html")
        let html = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        Rasterizer.draw(LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844).displayList.entries, on: again)
        #expect(again.image == Self.canvas.image)
    }

    @Test func boxBlurOfAPointIsSymmetricAndKeepsItsMass() {
        var pixels = [UInt8](repeating: 0, count: 21 * 21)
        pixels[10 * 21 + 10] = 255
        pixels.withUnsafeMutableBufferPointer { GaussianBlur(sigma: 2).apply(to: $0.baseAddress!, width: 21, height: 21, stride: 21) }
        #expect(pixels[10 * 21 + 7] == pixels[10 * 21 + 13])
        #expect(pixels[7 * 21 + 10] == pixels[13 * 21 + 10])
        #expect(pixels[10 * 21 + 10] > pixels[10 * 21 + 12])
        #expect(pixels[0] == 0)
    }
}
