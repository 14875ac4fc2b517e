import Foundation
import Testing
@testable import RenderCore

/// The comparison's fast paths must not change its answers: flat areas precomputed for the
/// whole image (used when many pixels differ) against the per-pixel test, and the word-wise
/// region boxing against a pixel-by-pixel reference.
@Suite struct ComparisonStrategyTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/pixelmatch")

    func fixture(_ name: String) throws -> RGBAImage {
        try RGBAImage(contentsOfPNG: Self.fixtures.appendingPathComponent(name + ".png").path)
    }

    func verdictsAgree(_ expected: RGBAImage, _ actual: RGBAImage, threshold: Double = 0.1) -> Bool {
        var options = ComparisonOptions()
        options.threshold = threshold
        let lazy = PixelComparison.compare(expected: expected, actual: actual, options: options, precomputeFlatAreas: false)
        let precomputed = PixelComparison.compare(expected: expected, actual: actual, options: options, precomputeFlatAreas: true)
        return lazy.verdicts == precomputed.verdicts && lazy.diffPixels == precomputed.diffPixels
            && lazy.aaPixels == precomputed.aaPixels && lazy.regions == precomputed.regions
    }

    @Test(arguments: [("1a", "1b"), ("2a", "2b"), ("3a", "3b"), ("4a", "4b"), ("6a", "6b"), ("7a", "7b")])
    func precomputedFlatAreasAgreeOnPixelmatchFixtures(first: String, second: String) throws {
        let agree = verdictsAgree(try fixture(first), try fixture(second), threshold: 0.05)
        #expect(agree)
    }

    /// Random blocks, ramps and noise with odd sizes (so the eight-wide lanes leave a tail) and
    /// some translucent pixels.
    func randomImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var generator = SeededGenerator(seed: seed)
        var image = RGBAImage(width: width, height: height, filledWith: RGBAImage.pack(r: 255, g: 255, b: 255))
        for _ in 0..<12 {
            let x = Int.random(in: 0..<width, using: &generator), y = Int.random(in: 0..<height, using: &generator)
            let w = Int.random(in: 1...12, using: &generator), h = Int.random(in: 1...12, using: &generator)
            let grey = UInt8.random(in: 0...255, using: &generator)
            let alpha: UInt8 = Bool.random(using: &generator) ? 255 : UInt8.random(in: 0...255, using: &generator)
            for yy in y..<min(height, y + h) {
                for xx in x..<min(width, x + w) {
                    // A ramp along x: anti-aliasing-like edges next to flat blocks.
                    let value = UInt8(clamping: Int(grey) + (xx - x) * 20)
                    image[xx, yy] = RGBAImage.pack(r: value, g: grey, b: value, a: alpha)
                }
            }
        }
        for _ in 0..<(width * height / 10) {
            let value = UInt8.random(in: 0...255, using: &generator)
            image[Int.random(in: 0..<width, using: &generator), Int.random(in: 0..<height, using: &generator)] =
                RGBAImage.pack(r: value, g: value, b: value)
        }
        return image
    }

    @Test func precomputedFlatAreasAgreeOnRandomImages() {
        for seed in UInt64(1)...40 {
            let width = 7 + Int(seed % 23), height = 5 + Int(seed % 17)
            let expected = randomImage(width: width, height: height, seed: seed)
            let actual = randomImage(width: width, height: height, seed: seed + 1000)
            let agree = verdictsAgree(expected, actual)  // a Bool, so a failure does not print both images
            #expect(agree, "seed \(seed), \(width)x\(height)")
        }
    }

    @Test func regionsMatchAPixelByPixelReference() {
        var generator = SeededGenerator(seed: 7)
        let width = 203, height = 61  // not multiples of the cell size or of eight
        let values: [PixelVerdict] = [.same, .same, .same, .same, .lighter, .darker, .antiAliased, .masked]
        for density in [1, 5, 40] {
            let verdicts = (0..<(width * height)).map { _ in
                Int.random(in: 0..<100, using: &generator) < density ? values.randomElement(using: &generator)! : .same
            }
            let regions = ChangedRegions.find(verdicts, width: width, height: height)
            let reference = referenceRegions(verdicts, width: width, height: height)
            #expect(regions == reference, "density \(density) %")
        }
    }

    /// The cell grouping done the plain way: every counted pixel grows its cell's box.
    func referenceRegions(_ verdicts: [PixelVerdict], width: Int, height: Int) -> [PixelRect] {
        let size = ChangedRegions.cellSize
        let columns = (width + size - 1) / size, rows = (height + size - 1) / size
        var boxes = [Int: (Int, Int, Int, Int)]()
        for y in 0..<height {
            for x in 0..<width where verdicts[y * width + x] == .lighter || verdicts[y * width + x] == .darker {
                let cell = (y / size) * columns + x / size
                let box = boxes[cell] ?? (x, y, x, y)
                boxes[cell] = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
            }
        }
        var seen = Set<Int>(), regions: [PixelRect] = []
        for start in boxes.keys.sorted() where !seen.contains(start) {
            var stack = [start], box = boxes[start]!
            seen.insert(start)
            while let cell = stack.popLast() {
                let own = boxes[cell]!
                box = (min(box.0, own.0), min(box.1, own.1), max(box.2, own.2), max(box.3, own.3))
                for dy in -1...1 {
                    for dx in -1...1 {
                        let cx = cell % columns + dx, cy = cell / columns + dy
                        let neighbour = cy * columns + cx
                        if cx >= 0, cx < columns, cy >= 0, cy < rows, boxes[neighbour] != nil, seen.insert(neighbour).inserted {
                            stack.append(neighbour)
                        }
                    }
                }
            }
            regions.append(PixelRect(x: box.0, y: box.1, width: box.2 - box.0 + 1, height: box.3 - box.1 + 1))
        }
        return regions.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
