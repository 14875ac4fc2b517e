import Foundation
import Testing
@testable import RenderCore

/// The libpng writer against cairo's own: same decoded pixels (colours un-premultiplied the
/// same way), RGB for opaque frames, RGBA otherwise, and the same bytes on every run.
@Suite final class PNGWriterTests {
    let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-png-\(getpid())-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Translucent and fully transparent pixels over a transparent surface: the case where
    /// un-premultiplying matters.
    static func translucentCanvas() -> Canvas {
        let canvas = Canvas(pixelWidth: 64, pixelHeight: 48, scale: 2)!
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 24), RGBA(r: 0.2, g: 0.6, b: 0.9, a: 0.35))
        canvas.fill(Rect(x: 10, y: 5, width: 15, height: 10), RGBA(r: 1, g: 0.1, b: 0.3, a: 0.7))
        canvas.fillRoundedRect(Rect(x: 3, y: 3, width: 8, height: 16), radius: 1.5, RGBA(r: 0, g: 0, b: 0, a: 0.35))
        return canvas
    }

    static func colourType(_ path: String) -> UInt8? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 25 else { return nil }
        return data[25]
    }

    @Test(arguments: PNGCompression.allCases)
    func translucentPixelsDecodeAsCairosWriterGivesThem(compression: PNGCompression) throws {
        let canvas = Self.translucentCanvas()
        try canvas.writePNG(to: path("ours.png"), compression: compression)
        try canvas.writePNGWithCairo(to: path("cairo.png"))
        let ours = try #require(PixelImage(contentsOfPNG: path("ours.png")))
        let cairo = try #require(PixelImage(contentsOfPNG: path("cairo.png")))
        #expect(ours == cairo)
        #expect(ours.pixel(x: 63, y: 47) == 0)  // untouched: fully transparent
        #expect(Self.colourType(path("ours.png")) == 6)  // RGBA
    }

    @Test(arguments: PNGCompression.allCases)
    func opaqueFrameIsWrittenAsRGBWithTheRenderedPixels(compression: PNGCompression) throws {
        let renderer = try SceneRenderer(scene: EngineSceneTests.featureScene())
        let canvas = try renderer.render(renderer.geometry.frame(forUserOffset: 30))
        try canvas.writePNG(to: path("frame.png"), compression: compression)
        try canvas.writePNGWithCairo(to: path("cairo.png"))
        let decoded = try #require(PixelImage(contentsOfPNG: path("frame.png")))
        #expect(decoded == canvas.image)
        #expect(decoded == PixelImage(contentsOfPNG: path("cairo.png")))
        #expect(Self.colourType(path("frame.png")) == 2)  // RGB
    }

    /// Widths that are not a multiple of four exercise the converter's tail; a different
    /// colour in every column shows any pixel or channel out of place.
    @Test(arguments: [1, 2, 3, 5, 6, 7, 9, 10, 64, 1170])
    func opaqueCanvasOfAnyWidthRoundTrips(width: Int) throws {
        let canvas = Canvas(pixelWidth: width, pixelHeight: 3, scale: 1)!
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: 3), RGBA(r: 0.1, g: 0.5, b: 0.9, a: 1))
        canvas.fill(Rect(x: 0.5, y: 0.5, width: Double(width) / 2, height: 2), RGBA(r: 1, g: 0.8, b: 0, a: 1))
        for x in 0..<width {
            let colour = RGBA(r: Double(x % 251) / 250, g: Double(x * 7 % 253) / 252, b: Double(x * 13 % 255) / 254, a: 1)
            canvas.fill(Rect(x: Double(x), y: 2, width: 1, height: 1), colour)
        }
        try canvas.writePNG(to: path("odd.png"))
        #expect(PixelImage(contentsOfPNG: path("odd.png")) == canvas.image)
        #expect(Self.colourType(path("odd.png")) == 2)
    }

    @Test func sameCanvasGivesSameBytes() throws {
        let canvas = Self.translucentCanvas()
        try canvas.writePNG(to: path("a.png"))
        try canvas.writePNG(to: path("b.png"))
        #expect(FileManager.default.contents(atPath: path("a.png")) == FileManager.default.contents(atPath: path("b.png")))
    }

    @Test func smallIsSmallerThanFastOnAFrame() throws {
        let renderer = try SceneRenderer(scene: EngineSceneTests.featureScene())
        let canvas = try renderer.render(renderer.geometry.frame(forUserOffset: 0))
        try canvas.writePNG(to: path("fast.png"), compression: .fast)
        try canvas.writePNG(to: path("small.png"), compression: .small)
        let fast = try #require(FileManager.default.contents(atPath: path("fast.png"))).count
        let small = try #require(FileManager.default.contents(atPath: path("small.png"))).count
        #expect(small < fast)
    }

    @Test func failedWriteLeavesNothingBehind() throws {
        let target = path("missing-folder/frame.png")
        #expect(throws: RenderError.self) { try Self.translucentCanvas().writePNG(to: target) }
        #expect(!FileManager.default.fileExists(atPath: target))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(leftovers.allSatisfy { !$0.contains(".tmp-") })
    }
}
