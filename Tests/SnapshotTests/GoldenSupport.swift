import Foundation
import Testing
@testable import RenderCore

/// Golden-image checks for the project's own tests: `golden/<name>.png` must match the
/// render pixel for pixel. `SNAPSHOT_RECORD=1 make test` re-records; a mismatch writes the
/// actual and diff images under `.build/golden-failures/` and says where.
enum Golden {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDirectory = packageRoot.appendingPathComponent("golden")
    static let failureDirectory = packageRoot.appendingPathComponent(".build/golden-failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" }

    static func check(_ canvas: Canvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldenPath = goldenDirectory.appendingPathComponent(name + ".png").path
        let actual = canvas.image
        if recording {
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            try canvas.writePNG(to: goldenPath)
            return
        }
        guard let expected = PixelImage(contentsOfPNG: goldenPath) else {
            Issue.record("missing golden \(goldenPath); record it with SNAPSHOT_RECORD=1 make test", sourceLocation: sourceLocation)
            return
        }
        let comparison = ExactComparison(expected: expected, actual: actual)
        guard comparison.differingPixels > 0 else { return }
        try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let actualPath = failureDirectory.appendingPathComponent(name + ".actual.png").path
        try canvas.writePNG(to: actualPath)
        var message = "golden \(name) differs: \(comparison.differingPixels) pixels; actual: \(actualPath)"
        if comparison.sizeMismatch {
            message += "; size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height)"
        } else if let diff = comparison.diff, let region = comparison.changedRegion {
            let diffPath = failureDirectory.appendingPathComponent(name + ".diff.png").path
            try diff.writePNG(to: diffPath)
            message += "; diff: \(diffPath); changed region x \(region.x) y \(region.y) w \(region.width) h \(region.height) px"
        }
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
