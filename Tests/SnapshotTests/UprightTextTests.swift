import Foundation
import Testing
@testable import RenderCore

/// Letters that stand upright in vertical lines (`text-orientation: mixed` for CJK, `upright`
/// for all) as WebKitGTK 2.50 draws them: the ink of each vertical line of
/// Tests/Fixtures/paint/upright.html measured from `webkit_ref.py page` at scale 1 and 2
/// (first and last row and column holding dark pixels); the boxes, with the central baseline,
/// are `LayoutFidelityTests`' (Tests/Fixtures/layout/text-orientation.html).
@Suite struct UprightTextTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/paint")

    struct Measured: Decodable {
        let html: String
        /// Each vertical line's box, left and right (CSS px).
        let columns: [[Double]]
        /// Per scale, per line: first and last ink row, first and last ink column (device px).
        let scales: [String: [[Int]]]
    }

    static func ink(_ html: String, columns: [[Double]], scale: Int) throws -> [[Int]] {
        let canvas = try PaintedPage.canvas(html, height: 200, scale: scale)
        func dark(_ x: Int, _ y: Int) -> Bool { let pixel = canvas.pixel(x: x, y: y); return Int(pixel.r) + Int(pixel.g) + Int(pixel.b) < 300 }
        return columns.map { column in
            let xs = Int(column[0] * Double(scale))..<Int(column[1] * Double(scale)), ys = 0..<(200 * scale)
            let rows = ys.filter { y in xs.contains { dark($0, y) } }, inked = xs.filter { x in ys.contains { dark(x, $0) } }
            return [rows.first ?? -1, rows.last ?? -1, inked.first ?? -1, inked.last ?? -1]
        }
    }

    @Test(arguments: [1, 2])
    func uprightLettersSitWhereWebKitDrawsThem(scale: Int) throws {
        let measured = try JSONDecoder().decode(Measured.self, from: Data(contentsOf: Self.directory.appendingPathComponent("upright.webkit.json")))
        let html = try String(contentsOf: Self.directory.appendingPathComponent(measured.html), encoding: .utf8)
        let webkit = try #require(measured.scales[String(scale)])
        let ours = try Self.ink(html, columns: measured.columns, scale: scale)
        #expect(ours.count == 5 && webkit.count == 5)
        for (line, (expected, got)) in zip(webkit, ours).enumerated() {
            // Along the line, to the device pixel but for antialiasing; across it, within two
            // device pixels (WebKit centres the glyphs a CSS px further over; not yet known why).
            #expect(abs(got[0] - expected[0]) <= 1 && abs(got[1] - expected[1]) <= 1, "line \(line) at scale \(scale): rows \(got), WebKit \(expected)")
            #expect(abs(got[2] - expected[2]) <= 2 && abs(got[3] - expected[3]) <= 2, "line \(line) at scale \(scale): columns \(got), WebKit \(expected)")
        }
    }

    static func glyphRuns(_ html: String) -> [GlyphRun] {
        FontCoverageTests.glyphRuns(LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844))
    }

    @Test func mixedStandsCJKUprightAndLeavesLatinSideways() throws {
        let runs = Self.glyphRuns("<div style='writing-mode:vertical-rl;font:20px serif'>ab 日本語かな</div>")
        let latin = try #require(runs.first)
        #expect(latin.upright == nil)
        // Han and kana may come in runs of their own: five upright glyphs, each a 20 px em.
        let cjk = runs.dropFirst().compactMap(\.upright).flatMap(\.halfAdvances)
        #expect(cjk.count == 5 && cjk.allSatisfy { $0.map { abs($0 - 10) < 0.01 } ?? false }, "\(cjk)")
    }

    @Test func uprightStandsEveryLetterAndSidewaysNone() {
        let upright = Self.glyphRuns("<div style='writing-mode:vertical-lr;text-orientation:upright;font:20px serif'>Lorem</div>")
        #expect(upright.count == 1 && upright.first?.upright?.halfAdvances.allSatisfy { $0 != nil } == true)
        for css in ["writing-mode:vertical-rl;text-orientation:sideways", "writing-mode:sideways-rl", "writing-mode:horizontal-tb"] {
            let runs = Self.glyphRuns("<div style='\(css);font:20px serif'>日本 ab</div>")
            #expect(!runs.isEmpty && runs.allSatisfy { $0.upright == nil }, "\(css)")
        }
    }

    @Test func theOrientationOfACharacterFollowsItsUnicodeBlock() {
        let mixed = TextOrientation.mixed
        for upright in ["漢", "か", "カ", "한", "、", "Ａ", "😀"] { #expect(mixed.standsUpright(upright.unicodeScalars.first!), "\(upright)") }
        for sideways in ["a", "1", "-", "Ж", "(", "「"] { #expect(!mixed.standsUpright(sideways.unicodeScalars.first!), "\(sideways)") }
        #expect(TextOrientation.upright.standsUpright("a") && !TextOrientation.sideways.standsUpright("漢"))
    }
}
