import Foundation

/// What counts as a difference and how many differences a frame may have.
public struct ComparisonOptions: Equatable, Sendable {
    /// Largest HyAB distance (black↔white = 1) still seen as the same colour.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences instead of ignoring them.
    public var includeAA = false
    /// Blend semi-transparent pixels over pixelmatch's checkerboard (true) or over white.
    public var checkerboard = true
    /// When set, the measured count is the most differing pixels in any N×N window.
    public var window: Int?
    /// Failure budget: at most this many differing pixels (0 when no budget is given).
    public var maxDiffPixels: Int?
    /// Failure budget as a fraction of the image (or of the window with `window`).
    public var maxDiffRatio: Double?
    /// Regions ignored by the comparison, in pixels.
    public var masks: [PixelRect] = []

    public init() {}

    /// The budget in pixels for an image (or window) of `area` pixels: the smaller of the two
    /// limits when both are given, as Playwright combines maxDiffPixels and maxDiffPixelRatio.
    public func allowedDiffPixels(area: Int) -> Int {
        let fromRatio = maxDiffRatio.map { Int((Double(area) * $0).rounded(.down)) }
        switch (maxDiffPixels, fromRatio) {
        case let (count?, ratio?): return min(count, ratio)
        case let (count?, nil): return count
        case let (nil, ratio?): return ratio
        case (nil, nil): return 0
        }
    }
}

/// An axis-aligned rectangle of whole pixels.
public struct PixelRect: Equatable, Hashable, Sendable, Codable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// This rectangle cut to an image of the given size (nil when nothing is left).
    public func clipped(width imageWidth: Int, height imageHeight: Int) -> PixelRect? {
        let left = max(0, x), top = max(0, y), right = min(imageWidth, maxX), bottom = min(imageHeight, maxY)
        return right > left && bottom > top ? PixelRect(x: left, y: top, width: right - left, height: bottom - top) : nil
    }
}

public struct ImageSize: Equatable, Sendable, Codable, CustomStringConvertible {
    public var width: Int, height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// How each pixel came out of a comparison (kept to draw the diff image and box regions).
/// `ChangedRegions` reads the raw values eight at a time: keep them 0...4.
public enum PixelVerdict: UInt8, Sendable {
    case same = 0
    /// Differs, and the actual pixel is lighter (ink removed on a light background).
    case lighter = 1
    /// Differs, and the actual pixel is darker (ink added on a light background).
    case darker = 2
    /// Differs, but is anti-aliasing, so it does not count.
    case antiAliased = 3
    /// Inside a mask: not compared.
    case masked = 4
}

/// The outcome of comparing an actual image with the expected one.
public struct PixelComparisonResult: Sendable {
    public let expectedSize: ImageSize
    public let actualSize: ImageSize
    /// Byte-for-byte equal pixels (the fast path).
    public let identical: Bool
    /// Differing pixels, anti-aliasing and masked pixels excluded.
    public let diffPixels: Int
    /// Pixels over the threshold that were ignored as anti-aliasing.
    public let aaPixels: Int
    /// With a window: the most differing pixels in any N×N window.
    public let windowMax: Int?
    /// The side of the window actually used (clamped to the image).
    public let windowSize: Int?
    /// The budget the measured count was held to.
    public let allowedDiffPixels: Int
    /// Bounding boxes of the changed regions, in pixels.
    public let regions: [PixelRect]
    /// Per-pixel verdicts; nil when the images are identical or differ in size.
    public let verdicts: [PixelVerdict]?
    /// When the comparison passed though pixels differ: how many, and by how much.
    public var tolerated: ToleratedDifferences?

    public var sizeMatches: Bool { expectedSize == actualSize }
    /// The number held against the budget: `windowMax` with a window, else `diffPixels`.
    public var measuredDiffPixels: Int { windowMax ?? diffPixels }
    public var passed: Bool { sizeMatches && measuredDiffPixels <= allowedDiffPixels }

    /// One line for people: why the frame failed or passed.
    public var summary: String {
        if !sizeMatches { return "size differs: expected \(expectedSize), actual \(actualSize)" }
        if identical { return "identical" }
        if passed, let tolerated {
            return "passed within tolerance: \(tolerated)" + (diffPixels > 0 ? "; \(diffPixels) over the threshold, budget \(allowedDiffPixels)" : "")
        }
        if passed && diffPixels == 0 { return "identical outside the masks" }
        let total = expectedSize.width * expectedSize.height
        let percent = Double(diffPixels) / Double(max(1, total)) * 100
        var text = "\(diffPixels) differing pixels (\(PixelComparison.format(percent)) %)"
        if let windowMax, let windowSize { text += ", at most \(windowMax) in a \(windowSize)x\(windowSize) window" }
        if aaPixels > 0 { text += ", \(aaPixels) anti-aliased ignored" }
        if diffPixels > 0 || allowedDiffPixels > 0 { text += "; budget \(allowedDiffPixels)" }
        return text
    }
}

/// pixelmatch's comparison: perceptual colour difference per pixel, anti-aliasing ignored,
/// masks skipped, then a failure budget over the total or the densest window.
public enum PixelComparison {
    public static func compare(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = ComparisonOptions()) -> PixelComparisonResult {
        compare(expected: expected, actual: actual, options: options, precomputeFlatAreas: nil)
    }

    /// `precomputeFlatAreas` forces either way of finding flat areas (tests check they agree);
    /// nil picks by how many pixels differ.
    static func compare(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions,
                        precomputeFlatAreas: Bool?) -> PixelComparisonResult {
        let expectedSize = ImageSize(width: expected.width, height: expected.height)
        let actualSize = ImageSize(width: actual.width, height: actual.height)
        let width = expected.width, height = expected.height
        let windowSize = options.window.map { max(1, min($0, width, height)) }
        let allowed = options.allowedDiffPixels(area: windowSize.map { $0 * $0 } ?? width * height)
        guard expectedSize == actualSize else {
            return PixelComparisonResult(expectedSize: expectedSize, actualSize: actualSize, identical: false, diffPixels: 0, aaPixels: 0,
                                    windowMax: nil, windowSize: nil, allowedDiffPixels: allowed, regions: [], verdicts: nil)
        }
        let identical = expected.pixels.withUnsafeBytes { a in actual.pixels.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        if identical {
            return PixelComparisonResult(expectedSize: expectedSize, actualSize: actualSize, identical: true, diffPixels: 0, aaPixels: 0,
                                    windowMax: windowSize.map { _ in 0 }, windowSize: windowSize, allowedDiffPixels: allowed, regions: [], verdicts: nil)
        }
        var verdicts = [PixelVerdict](repeating: .same, count: width * height)
        let masks = options.masks.compactMap { $0.clipped(width: width, height: height) }
        for mask in masks {
            for y in mask.y..<mask.maxY { for x in mask.x..<mask.maxX { verdicts[y * width + x] = .masked } }
        }
        var diffPixels = 0, aaPixels = 0
        expected.pixels.withUnsafeBufferPointer { first in
            actual.pixels.withUnsafeBufferPointer { second in
                // Many differing pixels: flat areas computed once beat recomputing them per neighbourhood.
                var differing = 0
                if !options.includeAA {
                    for index in stride(from: 0, to: first.count, by: 97) where first[index] != second[index] { differing += 1 }
                }
                let flatAreas = !options.includeAA && (precomputeFlatAreas ?? (differing * 97 > first.count / 50))
                    ? AntiAliasing.FlatAreas(first: first, second: second, width: width, height: height).bits : nil
                withOptionalBuffer(flatAreas) { flatAreas in
                verdicts.withUnsafeMutableBufferPointer { verdict in
                    // Bands of rows run on all cores: each pixel's verdict depends only on the
                    // two input images, so bands write disjoint verdicts and need no locking.
                    let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 8, height / 64))
                    // Bands read the images and write only their own rows of `verdict` and
                    // their own slot of `counts`; concurrentPerform returns after every band.
                    nonisolated(unsafe) let counts = UnsafeMutableBufferPointer<(diff: Int, aa: Int)>.allocate(capacity: bands)
                    defer { counts.deallocate() }
                    nonisolated(unsafe) let first = first, second = second, flatAreas = flatAreas, verdict = verdict
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let rows = (band * height / bands)..<((band + 1) * height / bands)
                        counts[band] = classify(rows: rows, width: width, height: height, first: first, second: second,
                                                flatAreas: flatAreas, verdict: verdict, options: options)
                    }
                    for band in 0..<bands { diffPixels += counts[band].diff; aaPixels += counts[band].aa }
                }
                }
            }
        }
        let windowMax = windowSize.map { WindowDensity.maximum(verdicts, width: width, height: height, window: $0) }
        let regions = diffPixels > 0 ? ChangedRegions.find(verdicts, width: width, height: height) : []
        var result = PixelComparisonResult(expectedSize: expectedSize, actualSize: actualSize, identical: false, diffPixels: diffPixels,
                                           aaPixels: aaPixels, windowMax: windowMax, windowSize: windowSize, allowedDiffPixels: allowed,
                                           regions: regions, verdicts: verdicts)
        if result.passed { result.tolerated = ToleratedDifferences.measure(expected: expected, actual: actual, verdicts: verdicts) }
        return result
    }

    /// Classifies the pixels of `rows`: pixelmatch's loop. Returns the counted differences and
    /// the anti-aliased pixels ignored.
    private static func classify(rows: Range<Int>, width: Int, height: Int, first: UnsafeBufferPointer<UInt32>,
                                 second: UnsafeBufferPointer<UInt32>,
                                 flatAreas: UnsafeBufferPointer<UInt8>?,
                                 verdict: UnsafeMutableBufferPointer<PixelVerdict>,
                                 options: ComparisonOptions) -> (diff: Int, aa: Int) {
        let delta = PerceptualColorDelta(threshold: options.threshold, checkerboard: options.checkerboard)
        var diffPixels = 0, aaPixels = 0
        let firstBytes = UnsafeRawPointer(first.baseAddress!), secondBytes = UnsafeRawPointer(second.baseAddress!)
        for y in rows {
            let row = y * width
            var x = -1
            while x + 1 < width {
                x += 1
                let index = row + x
                // Runs of equal pixels (most of a frame) are skipped four at a time.
                if x + 4 <= width {
                    let one = firstBytes.loadUnaligned(fromByteOffset: index * 4, as: SIMD2<UInt64>.self)
                    let two = secondBytes.loadUnaligned(fromByteOffset: index * 4, as: SIMD2<UInt64>.self)
                    let bits = one ^ two
                    if bits[0] | bits[1] == 0 { x += 3; continue }
                }
                guard first[index] != second[index], verdict[index] != .masked else { continue }
                let sign = delta.compare(first[index], second[index], pixelIndex: index)
                if sign == 0 { continue }
                let antiAliased: Bool
                if options.includeAA {
                    antiAliased = false
                } else if let flatAreas {
                    // A pixel flat in an image is not anti-aliasing there: skip its ramp test.
                    let flat = flatAreas[index]
                    antiAliased = (flat & AntiAliasing.FlatAreas.first == 0
                                    && AntiAliasing.isAntiAliased(first, x: x, y: y, width: width, height: height, flatAreas: flatAreas))
                        || (flat & AntiAliasing.FlatAreas.second == 0
                                && AntiAliasing.isAntiAliased(second, x: x, y: y, width: width, height: height, flatAreas: flatAreas))
                } else {
                    antiAliased = AntiAliasing.isAntiAliased(first, x: x, y: y, width: width, height: height, first: first, second: second)
                        || AntiAliasing.isAntiAliased(second, x: x, y: y, width: width, height: height, first: first, second: second)
                }
                if antiAliased {
                    verdict[index] = .antiAliased
                    aaPixels += 1
                } else {
                    verdict[index] = sign < 0 ? .darker : .lighter
                    diffPixels += 1
                }
            }
        }
        return (diffPixels, aaPixels)
    }

    private static func withOptionalBuffer<Element, Result>(_ array: [Element]?, _ body: (UnsafeBufferPointer<Element>?) -> Result) -> Result {
        guard let array else { return body(nil) }
        return array.withUnsafeBufferPointer { body($0) }
    }

    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value >= 10 { return String(format: "%.1f", value) }
        if value >= 0.01 { return String(format: "%.2f", value) }
        return String(format: "%.4f", value)
    }
}
