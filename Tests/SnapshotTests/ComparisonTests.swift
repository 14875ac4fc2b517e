import Testing
@testable import RenderCore

/// The pixelmatch comparison on images built pixel by pixel, with exact expected counts.
@Suite struct ComparisonTests {
    static let white = RGBAImage.pack(r: 255, g: 255, b: 255)
    static let black = RGBAImage.pack(r: 0, g: 0, b: 0)

    func grey(_ value: UInt8) -> RGBAImage { RGBAImage(width: 1, height: 1, filledWith: RGBAImage.pack(r: value, g: value, b: value)) }
    func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBAImage {
        RGBAImage(width: 1, height: 1, filledWith: RGBAImage.pack(r: r, g: g, b: b, a: a))
    }
    func diffs(_ one: RGBAImage, _ two: RGBAImage, _ configure: (inout ComparisonOptions) -> Void = { _ in }) -> Int {
        var options = ComparisonOptions()
        configure(&options)
        return PixelComparison.compare(expected: one, actual: two, options: options).diffPixels
    }

    @Test func identicalImagesTakeTheFastPath() {
        let image = RGBAImage(width: 4, height: 3, filledWith: Self.white)
        let result = PixelComparison.compare(expected: image, actual: image)
        #expect(result.identical && result.diffPixels == 0 && result.passed && result.verdicts == nil)
    }

    @Test func blackAndWhiteAreDistanceOne() {
        #expect(abs(PerceptualColorDelta.distance(Self.black, Self.white) - 1) < 1e-6)
        #expect(diffs(grey(0), grey(255)) { $0.threshold = 0.99 } == 1)
        // Threshold 0 flags any change at all.
        #expect(diffs(grey(200), grey(201)) { $0.threshold = 0 } == 1)
        #expect(diffs(grey(200), grey(201)) == 0)
    }

    // pixelmatch v8's own unit tests: the toe-corrected lightness near black, and the colour
    // pairs of pixelmatch issue #127 at the default threshold.
    @Test func toeCorrectedLightnessNearBlack() {
        #expect(diffs(grey(0), grey(13)) == 0)
        #expect(diffs(grey(0), grey(23)) == 1)
    }

    @Test func issue127ColourPairs() {
        #expect(diffs(pixel(41, 56, 157), pixel(41, 56, 0)) == 1)
        #expect(diffs(pixel(39, 44, 92), pixel(39, 44, 14)) == 1)
        #expect(diffs(pixel(0, 254, 252), pixel(94, 254, 252)) == 0)
        #expect(diffs(pixel(0, 254, 252), pixel(47, 254, 252)) == 0)
    }

    @Test func semiTransparentPixelsAreBlendedFirst() {
        // Half-transparent black equals opaque mid-grey over white, not over the checkerboard.
        #expect(diffs(pixel(0, 0, 0, 128), pixel(127, 127, 127)) { $0.checkerboard = false } == 0)
        #expect(diffs(pixel(0, 0, 0, 128), pixel(127, 127, 127)) == 1)
    }

    /// A 10×10 white image with a black 3×3 block at (2,2) in the actual one.
    func blockImages() -> (RGBAImage, RGBAImage) {
        let expected = RGBAImage(width: 10, height: 10, filledWith: Self.white)
        var actual = expected
        for y in 2..<5 { for x in 2..<5 { actual[x, y] = Self.black } }
        return (expected, actual)
    }

    @Test func windowCountsTheDensestSquare() {
        let (expected, actual) = blockImages()
        func windowMax(_ n: Int?) -> Int? {
            var options = ComparisonOptions()
            options.includeAA = true
            options.window = n
            return PixelComparison.compare(expected: expected, actual: actual, options: options).windowMax
        }
        #expect(diffs(expected, actual) { $0.includeAA = true } == 9)
        #expect(windowMax(nil) == nil)
        #expect(windowMax(3) == 9)
        #expect(windowMax(2) == 4)
        #expect(windowMax(100) == 9)
    }

    @Test func budgetAndRatio() {
        let (expected, actual) = blockImages()
        var options = ComparisonOptions()
        #expect(!PixelComparison.compare(expected: expected, actual: actual, options: options).passed)
        options.maxDiffPixels = 9
        #expect(PixelComparison.compare(expected: expected, actual: actual, options: options).passed)
        options.maxDiffPixels = nil
        options.maxDiffRatio = 0.08  // 8 of 100 pixels
        #expect(!PixelComparison.compare(expected: expected, actual: actual, options: options).passed)
        options.maxDiffRatio = 0.09
        #expect(PixelComparison.compare(expected: expected, actual: actual, options: options).passed)
        options.maxDiffPixels = 5  // both given: the smaller limit holds
        #expect(!PixelComparison.compare(expected: expected, actual: actual, options: options).passed)
    }

    @Test func masksAreIgnored() {
        let (expected, actual) = blockImages()
        var options = ComparisonOptions()
        options.masks = [PixelRect(x: 2, y: 2, width: 2, height: 3)]
        let result = PixelComparison.compare(expected: expected, actual: actual, options: options)
        #expect(result.diffPixels == 3)  // only column x = 4 is outside the mask
        #expect(result.regions == [PixelRect(x: 4, y: 2, width: 1, height: 3)])
        // Masks in points scale to pixels, covering partly covered pixels.
        #expect(MaskRect(x: 0.5, y: 1, width: 1, height: 1).pixels(scale: 3) == PixelRect(x: 1, y: 3, width: 4, height: 3))
    }

    /// A vertical black|white edge with one anti-aliased grey column at x = 5.
    func edge(_ ramp: UInt8) -> RGBAImage {
        var image = RGBAImage(width: 12, height: 6, filledWith: Self.white)
        for y in 0..<6 {
            for x in 0..<5 { image[x, y] = Self.black }
            image[5, y] = RGBAImage.pack(r: ramp, g: ramp, b: ramp)
        }
        return image
    }

    @Test func antiAliasedEdgesAreIgnoredUnlessIncluded() {
        let result = PixelComparison.compare(expected: edge(90), actual: edge(170))
        #expect(result.diffPixels == 0)
        #expect(result.aaPixels == 6)
        #expect(result.passed)
        #expect(diffs(edge(90), edge(170)) { $0.includeAA = true } == 6)
        // The same grey change in a flat area is a real difference.
        #expect(diffs(RGBAImage(width: 5, height: 5, filledWith: RGBAImage.pack(r: 90, g: 90, b: 90)),
                      RGBAImage(width: 5, height: 5, filledWith: RGBAImage.pack(r: 170, g: 170, b: 170))) == 25)
    }

    @Test func sizeMismatchNamesBothSizes() {
        let result = PixelComparison.compare(expected: RGBAImage(width: 4, height: 3, filledWith: Self.white),
                                             actual: RGBAImage(width: 5, height: 3, filledWith: Self.white))
        #expect(!result.passed)
        #expect(result.summary == "size differs: expected 4x3, actual 5x3")
    }

    @Test func separateChangesGetSeparateBoxes() {
        var actual = RGBAImage(width: 200, height: 100, filledWith: Self.white)
        let expected = actual
        for y in 10..<14 { for x in 10..<20 { actual[x, y] = Self.black } }
        for y in 70..<72 { for x in 150..<190 { actual[x, y] = Self.black } }
        let result = PixelComparison.compare(expected: expected, actual: actual)
        #expect(result.diffPixels == 40 + 80)
        #expect(result.regions == [PixelRect(x: 10, y: 10, width: 10, height: 4), PixelRect(x: 150, y: 70, width: 40, height: 2)])
        let diff = DiffImage.render(expected: expected, result: result)!
        #expect(diff[15, 12] == DiffImage.darkerColor)           // black ink added
        #expect(diff[8, 8] == DiffImage.regionColor)             // the frame around the first box
        #expect(diff[100, 50] == DiffImage.faded(Self.white))
    }

    @Test func canvasPixelsRoundTripThroughPNG() throws {
        let canvas = try #require(Canvas(pixelWidth: 8, pixelHeight: 4, scale: 1))
        canvas.fill(Rect(x: 0, y: 0, width: 8, height: 4), RGBA(r: 0.2, g: 0.4, b: 0.6, a: 1))
        canvas.fill(Rect(x: 2, y: 1, width: 3, height: 2), RGBA(r: 1, g: 0, b: 0, a: 0.5))
        let path = temporaryDirectory("roundtrip") + ".png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.writePNG(to: path)
        #expect(try RGBAImage(contentsOfPNG: path) == canvas.rgbaImage)
    }
}

import Foundation
