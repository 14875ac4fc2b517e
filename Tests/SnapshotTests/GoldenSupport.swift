import Foundation
import Testing
@testable import RenderCore

/// Golden-image checks for the project's own tests: `golden/<name>.png` must match the render
/// under the same pixelmatch comparison `snapshot check` uses (OKLab/HyAB threshold 0.1,
/// anti-aliasing ignored, no failure budget). `SNAPSHOT_RECORD=1 make test` re-records the
/// failing ones (a golden that still passes is left untouched); a mismatch writes expected,
/// actual and diff images under `.build/golden-failures/` and says where.
enum Golden {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDirectory = packageRoot.appendingPathComponent("golden")
    static let failureDirectory = packageRoot.appendingPathComponent(".build/golden-failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" }

    static func check(_ canvas: Canvas, named name: String, options: ComparisonOptions = ComparisonOptions(),
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldenPath = goldenDirectory.appendingPathComponent(name + ".png").path
        let actual = canvas.rgbaImage
        guard let expected = try? RGBAImage(contentsOfPNG: goldenPath) else {
            if recording {
                try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
                try canvas.writePNG(to: goldenPath)
            } else {
                Issue.record("missing golden \(goldenPath); record it with SNAPSHOT_RECORD=1 make test", sourceLocation: sourceLocation)
            }
            return
        }
        let comparison = PixelComparison.compare(expected: expected, actual: actual, options: options)
        guard !comparison.passed else { return }
        if recording {
            try canvas.writePNG(to: goldenPath)
            return
        }
        try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let actualPath = failureDirectory.appendingPathComponent(name + ".actual.png").path
        try canvas.writePNG(to: actualPath)
        try AtomicFile.copy(from: goldenPath, to: failureDirectory.appendingPathComponent(name + ".expected.png").path)
        var message = "golden \(name) differs: \(comparison.summary); actual: \(actualPath)"
        if let diff = DiffImage.render(expected: expected, result: comparison) {
            let diffPath = failureDirectory.appendingPathComponent(name + ".diff.png").path
            try diff.writePNG(to: diffPath)
            message += "; diff: \(diffPath)"
            if let region = comparison.regions.first {
                message += "; first changed region x \(region.x) y \(region.y) w \(region.width) h \(region.height) px"
            }
        }
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
