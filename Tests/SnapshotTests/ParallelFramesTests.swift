import Foundation
import Testing
@testable import RenderCore

/// Frames rendered by several threads (sharing the document's fonts and display list) are
/// the same bytes as frames rendered one at a time.
@Suite struct ParallelFramesTests {
    static func scene() -> Scene {
        var scene = Scene(html: DisplayListIndexTests.clippedMail)
        scene.scale = 2
        scene.headerHTML = "<div style=\"padding:12px\"><b>From:</b> Shop<br><b>Subject:</b> Your receipt</div>"
        // Overscroll at both ends, a repeated offset and a fractional one.
        scene.offsets = [-80, 0, 50, 150, 150, 333.5, 900, 1800, 2700, 3600, 1_000_000]
        return scene
    }

    @Test func parallelFramesAreByteIdenticalToSingleThreadedOnes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-parallel-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let renderer = try SceneRenderer(scene: Self.scene())
        // Parallel first, while cairo's glyph caches for this scale may still be cold.
        let parallel = try renderer.writeFrames(to: directory.appendingPathComponent("four").path, jobs: 4)
        let single = try renderer.writeFrames(to: directory.appendingPathComponent("one").path, jobs: 1)
        #expect(single.map { ($0 as NSString).lastPathComponent } == parallel.map { ($0 as NSString).lastPathComponent })
        #expect(single.count == Self.scene().offsets.count)
        for (a, b) in zip(single, parallel) {
            let bytes = FileManager.default.contents(atPath: a)
            #expect(bytes != nil && bytes == FileManager.default.contents(atPath: b), "\(b) differs from \(a)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("four").path)
        #expect(leftovers.count == Set(single).count)  // no temporary files left behind
    }

    /// Decoded images are cairo surfaces that every worker paints from at once.
    @Test func sharedImagesPaintTheSameInParallel() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-parallel-images-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let picture = Canvas(pixelWidth: 40, pixelHeight: 30, scale: 1)!
        picture.fill(Rect(x: 0, y: 0, width: 40, height: 30), RGBA(r: 0.2, g: 0.5, b: 0.8, a: 1))
        picture.fill(Rect(x: 5, y: 5, width: 20, height: 10), RGBA(r: 1, g: 0.9, b: 0, a: 0.6))
        try picture.writePNG(to: directory.appendingPathComponent("picture.png").path)
        var scene = Scene(html: String(repeating: "<p>Text above</p><img src=\"picture.png\" width=\"300\" height=\"180\"><p style=\"opacity:0.5\">Below</p>", count: 20))
        scene.baseDirectory = directory.path
        scene.scale = 2
        scene.offsets = [.range(from: 0, to: 2400, step: 150)]
        let renderer = try SceneRenderer(scene: scene)
        #expect(renderer.document.displayList.entries.contains { if case .image = $0.item { return true } else { return false } })
        let parallel = try renderer.writeFrames(to: directory.appendingPathComponent("four").path, jobs: 4)
        let single = try renderer.writeFrames(to: directory.appendingPathComponent("one").path, jobs: 1)
        for (a, b) in zip(single, parallel) {
            let bytes = FileManager.default.contents(atPath: a)
            #expect(bytes != nil && bytes == FileManager.default.contents(atPath: b), "\(b) differs from \(a)")
        }
    }

    /// Workers reuse one canvas across frames; each frame must still be what a fresh canvas
    /// gives, also when the frame does not cover its last pixel column fully (391 × 1.5).
    @Test func aReusedCanvasGivesTheFreshCanvasPixels() throws {
        var scene = Self.scene()
        scene.viewportWidth = 391
        scene.scale = 1.5
        scene.offsets = [-80, 0, 333.5, 1_000_000, 10]
        let renderer = try SceneRenderer(scene: scene)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-reuse-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try renderer.writeFrames(to: directory.path, jobs: 1)
        for (frame, path) in zip(renderer.frames, paths) {
            let same = PixelImage(contentsOfPNG: path) == (try renderer.render(frame).image)
            #expect(same, "\(path) differs from a fresh canvas's render")
        }
    }

    @Test func aFailedFrameIsReportedAfterTheOthersFinish() {
        let errors = ParallelWork.run(count: 6, jobs: 3) { _, index in
            if index == 4 { throw RenderError.output("frame \(index)") }
        }
        #expect(errors.map { "\($0)" } == ["frame 4"])
    }
}
