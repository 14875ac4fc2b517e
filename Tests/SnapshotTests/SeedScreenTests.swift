import Foundation
import Testing
@testable import RenderCore

/// The seed screen end to end: the built-in mail under a 100 pt red header at 390×844 @3x.
@Suite struct SeedScreenTests {
    static let renderer: SceneRenderer = try! SceneRenderer(scene: Scene(html: SampleMail.html))

    func frame(_ offset: Double) throws -> (ScrollFrame, Canvas) {
        let frame = Self.renderer.geometry.frame(forUserOffset: offset)
        return (frame, try Self.renderer.render(frame))
    }

    static let red: UInt32 = 0xFFFF_0000

    @Test func sampleMailIsSeveralScreensLongSoDefaultOffsetsNeverClamp() {
        #expect(Self.renderer.document.height > 3 * 844)
        #expect(Self.renderer.frames.allSatisfy { $0.clamped == .none })
    }

    @Test func headerIsFlushAtRest() throws {
        let (frame, canvas) = try frame(0)
        #expect(frame.contentOffset == -100)
        #expect(frame.header == Rect(x: 0, y: 0, width: 390, height: 100))
        #expect(canvas.pixelWidth == 1170 && canvas.pixelHeight == 2532)
        let image = canvas.image
        #expect(image.pixel(x: 0, y: 0) == Self.red)
        #expect(image.pixel(x: 600, y: 299) == Self.red)       // last header row (y 99.67 pt)
        #expect(image.pixel(x: 600, y: 300) != Self.red)       // content starts at 100 pt
    }

    @Test func headerIsHalfGoneAtFifty() throws {
        let (frame, canvas) = try frame(50)
        #expect(frame.header.y == -50)
        #expect(frame.content.y == 50)
        let image = canvas.image
        #expect(image.pixel(x: 600, y: 149) == Self.red)
        #expect(image.pixel(x: 600, y: 150) != Self.red)
    }

    @Test func headerIsGoneAtOneFiftyAndContentMovedUpByFifty() throws {
        let (frame50, canvas50) = try frame(50)
        let (frame150, canvas150) = try frame(150)
        #expect(frame150.header.maxY == -50)
        #expect(canvas150.image.pixel(x: 600, y: 0) != Self.red)
        // Content moved up by exactly 100 pt between the two frames: rows match shifted by 300 px.
        #expect(frame150.content.y == frame50.content.y - 100)
        let a = canvas50.image, b = canvas150.image
        for row in stride(from: 600, to: 2400, by: 97) {
            let left = (0..<1100).map { a.pixel(x: $0, y: row) }
            let right = (0..<1100).map { b.pixel(x: $0, y: row - 300) }
            #expect(left == right, "row \(row)")
        }
    }

    @Test func goldenFrames() throws {
        for offset in [0.0, 50, 150] {
            let (_, canvas) = try frame(offset)
            try Golden.check(canvas, named: "seed-\(Int(offset))")
        }
    }

    @Test func rendersAreByteIdentical() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-determinism-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try Self.renderer.writeFrames(to: directory.appendingPathComponent("a").path)
        let fresh = try SceneRenderer(scene: Scene(html: SampleMail.html))
        let second = try fresh.writeFrames(to: directory.appendingPathComponent("b").path)
        for (a, b) in zip(first, second) {
            #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b), "\(a) vs \(b)")
        }
    }
}
