import Foundation
import Testing
@testable import RenderCore

/// Glyphs drawn as WebKitGTK's Skia draws them: quarter-pixel subpixel positioning and Skia's
/// A8 mask gamma. Tests/Fixtures/text/glyph-phases.html at scale 1; the expected pixels are
/// WebKit's (glyph-phases.webkit.json, from webkit_ref.py page).
@Suite struct GlyphRasterTests {
    struct Reference: Decodable {
        struct Glyph: Decodable { let left: Double; let stemRow: Int; let darkStem: [Int]; let lightStem: [Int]; let darkInk: Double }
        let glyphs: [Glyph]
    }

    static let reference: Reference = {
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/text/glyph-phases.webkit.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    nonisolated(unsafe) static let page: PaintedPage = {
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/text/glyph-phases.html")
        return PaintedPage((try? String(contentsOf: url, encoding: .utf8)) ?? "", height: 100)
    }()

    func grey(_ x: Int, _ y: Int) -> Int { Int(Self.page.canvas.pixel(x: x, y: y).g) }

    @Test func eachQuarterPixelPhaseDrawsWebKitsPixels() {
        for glyph in Self.reference.glyphs {
            let dark = (10..<15).map { 255 - grey($0, glyph.stemRow) }
            let light = (110..<115).map { grey($0, glyph.stemRow) }
            #expect(zip(dark, glyph.darkStem).allSatisfy { abs($0 - $1) <= 2 }, "l at \(glyph.left): \(dark), WebKit \(glyph.darkStem)")
            #expect(zip(light, glyph.lightStem).allSatisfy { abs($0 - $1) <= 2 }, "white l at \(glyph.left): \(light), WebKit \(glyph.lightStem)")
        }
    }

    @Test func aGlyphAQuarterPixelOnIsDrawnDifferently() {
        let rows = Self.reference.glyphs.map { glyph in (10..<15).map { grey($0, glyph.stemRow) } }
        #expect(Set(rows).count == 4, "\(rows)")
    }

    @Test func inkPerGlyphIsWebKits() {
        for (index, glyph) in Self.reference.glyphs.enumerated() {
            var ink = 0
            for y in (8 + index * 20)..<(28 + index * 20) { for x in 0..<30 { ink += 255 - grey(x, y) } }
            let measured = Double(ink) / 255
            #expect(abs(measured - glyph.darkInk) <= 0.02 * glyph.darkInk, "l at \(glyph.left): ink \(measured), WebKit \(glyph.darkInk)")
        }
    }

    @Test func gammaLightensDarkTextAndBoldensLightText() {
        // FreeType's coverage of that stem is 236, 124; WebKit draws 199, 88 black, 246, 185 white.
        let black = MaskGamma.table(for: RGBA(r: 0, g: 0, b: 0, a: 1)), white = MaskGamma.table(for: .white)
        #expect([black[236], black[124]] == [199, 88])
        #expect([white[236], white[124]] == [246, 185])
        #expect(black[0] == 0 && black[255] == 255 && white[0] == 0 && white[255] == 255)
    }

    @Test func phasesAreSkiasQuarterPixels() {
        // Skia adds 1/8 and floors to quarters: 10.1 → 10 + 0, 10.125 → 10 + 1/4, 10.875 → 11 + 0.
        #expect(GlyphPlacement.quantised(10.1) == (10, 0))
        #expect(GlyphPlacement.quantised(10.125) == (10, 1))
        #expect(GlyphPlacement.quantised(10.6) == (10, 2))
        #expect(GlyphPlacement.quantised(10.875) == (11, 0))
        #expect(GlyphPlacement.quantised(-0.2) == (-1, 3))
    }

    @Test func aFractionalShiftMovesCoverageBilinearly() {
        var pixels: [UInt8] = [0, 0, 0, 0, 200, 0, 0, 0, 0]
        pixels.withUnsafeMutableBufferPointer { AlphaMask.shift($0.baseAddress!, width: 3, height: 3, stride: 3, by: (0.5, 0.25)) }
        #expect(pixels == [0, 0, 0, 0, 75, 75, 0, 25, 25])
    }
}
