import Foundation
import RenderCore

/// `snapshot diff A.png B.png [--out DIFF.png] [--json]`: the check's comparison on any two PNGs.
extension SnapshotCommand {
    static let diffDeclared: [CommandOption] = [
        .value("out", "DIFF.png", "write the diff image there"),
        .value("scale", "S", "pixels per point, for --mask in points (default 1: masks in pixels)"),
        .switch("json", "print the counts, regions and verdict as JSON"),
    ] + ComparisonFlags.declared
    static let diffOptions = diffDeclared.valueNames
    static let diffSwitches = diffDeclared.switchNames

    func diff(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count == 2 else {
            throw UsageError("diff needs two PNG files, got \(arguments.positionals.count)")
        }
        let overrides = try ComparisonFlags.overrides(arguments)
        // Masks are in points; a bare PNG has no scale unless one is given (default 1: pixels).
        let scale = try arguments.number("scale") ?? 1
        guard scale > 0, scale <= 8 else { throw UsageError("--scale must be between 0 and 8, got \(ComparisonFlags.format(scale))") }
        let expected = try RGBAImage(contentsOfPNG: arguments.positionals[0])
        let actual = try RGBAImage(contentsOfPNG: arguments.positionals[1])
        // Exact unless a threshold, budget or window is given, as in `check`.
        let tolerance = Tolerance().applying(overrides)
        let options = tolerance.comparisonOptions(scale: scale)
        let result = PixelComparison.compare(expected: expected, actual: actual, options: options)
        var diffPath: String?
        if let out = arguments.value("out"), let image = DiffImage.render(expected: expected, result: result) {
            try image.writePNG(to: out)
            diffPath = out
        }
        if arguments.has("json") {
            standardOutput(try DiffReport(result, tolerance: tolerance, threshold: options.threshold, diffImage: diffPath).json())
        } else {
            // "same" only for equal pixels: a tolerated difference is named as one.
            var line = result.passed ? (result.tolerated == nil ? "same: " : "") : "different: "
            line += result.summary
            if let diffPath { line += "; diff: \(diffPath)" }
            standardOutput(line)
        }
        return result.passed ? 0 : 1
    }
}

/// `snapshot diff --json`: the counts pixelmatch returns plus what a script needs to act.
struct DiffReport: Encodable {
    let diffPixels: Int
    let aaPixels: Int
    let width: Int
    let height: Int
    let identical: Bool
    let passed: Bool
    /// No threshold, budget or window was given: any changed pixel fails.
    let exact: Bool
    let threshold: Double
    /// Pixels that differ but passed (a tolerance hid them), and their largest colour delta.
    let toleratedPixels: Int?
    let toleratedMaxDelta: Double?
    let allowedDiffPixels: Int
    let windowMax: Int?
    let windowSize: Int?
    let sizeMismatch: Bool
    let expectedSize: ImageSize
    let actualSize: ImageSize
    let regions: [PixelRect]
    let diffImage: String?

    init(_ result: PixelComparisonResult, tolerance: Tolerance, threshold: Double, diffImage: String?) {
        diffPixels = result.diffPixels
        aaPixels = result.aaPixels
        width = result.expectedSize.width
        height = result.expectedSize.height
        identical = result.identical
        passed = result.passed
        exact = tolerance.isExact
        self.threshold = threshold
        toleratedPixels = result.tolerated?.pixels
        toleratedMaxDelta = result.tolerated.map { ($0.maxDelta * 100).rounded() / 100 }
        allowedDiffPixels = result.allowedDiffPixels
        windowMax = result.windowMax
        windowSize = result.windowSize
        sizeMismatch = !result.sizeMatches
        expectedSize = result.expectedSize
        actualSize = result.actualSize
        regions = result.regions
        self.diffImage = diffImage
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
