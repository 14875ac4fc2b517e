import Foundation
import Testing
@testable import RenderCore

/// `text-decoration-skip-ink` as WebKit draws it: under- and overlines break where the glyphs
/// cross them (CJK drawn over), line-through does not. The pixels come from WebKitGTK 2.50
/// (`webkit_ref.py page`, fonts/fonts.conf, width 390, scale 1 and 2): for each 60 px band of
/// Tests/Fixtures/paint/skip-ink.html, the columns holding red (the lines are red, the text black).
@Suite struct InkSkippingTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/paint")

    struct Measured: Decodable {
        let html: String
        let names: [String]
        /// Per scale, per band: the runs of red columns, first and last column.
        let scales: [String: [[[Int]]]]
    }

    /// The red columns of each 60 px band of the page drawn at `scale`.
    static func redColumns(_ html: String, bands: Int, scale: Int) throws -> [Set<Int>] {
        let canvas = try PaintedPage.canvas(html, height: bands * 60, scale: scale)
        return (0..<bands).map { band in
            let rows = (band * 60 * scale)..<((band + 1) * 60 * scale)
            return Set((0..<(390 * scale)).filter { x in rows.contains { PaintedPage.isRed(canvas, x, $0) } })
        }
    }

    @Test(arguments: [1, 2])
    func linesBreakWhereWebKitBreaksThem(scale: Int) throws {
        let measured = try JSONDecoder().decode(Measured.self, from: Data(contentsOf: Self.directory.appendingPathComponent("skip-ink.webkit.json")))
        let html = try String(contentsOf: Self.directory.appendingPathComponent(measured.html), encoding: .utf8)
        let webkit = try #require(measured.scales[String(scale)])
        let ours = try Self.redColumns(html, bands: measured.names.count, scale: scale)
        #expect(webkit.count == 12 && ours.count == webkit.count)
        for (name, (runs, got)) in zip(measured.names, zip(webkit, ours)) {
            let expected = Set(runs.flatMap { $0[0]...$0[1] })
            // Glyph edges over the line blend a few columns differently; a line drawn through
            // the descenders where WebKit skips them differs by 14 columns or more.
            let differing = got.symmetricDifference(expected).count
            #expect(differing <= 3 + 4 * scale, "\(name) at scale \(scale): \(differing) columns differ from WebKit's")
        }
    }

    // MARK: where the glyphs cross the line

    static func drawings(_ html: String) -> [DecorationDrawing] {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844).displayList.entries.compactMap { entry in
            if case .textDecoration(let drawing, _) = entry.item { return drawing } else { return nil }
        }
    }

    @Test func descendersCrossTheUnderlineAndXHeightLettersDoNot() throws {
        let style = "margin:0;font:30px 'Liberation Serif';text-decoration:underline"
        let descenders = try #require(Self.drawings("<p style=\"\(style)\">gjpqy</p>").first)
        #expect(descenders.inkCrossings?.count == 5, "\(String(describing: descenders.inkCrossings))")
        let flat = try #require(Self.drawings("<p style=\"\(style)\">xoxo</p>").first)
        #expect(flat.inkCrossings == [])
        #expect(flat.drawnStretches(thickness: 2) == [0...flat.line.width])
    }

    @Test func cjkIsDrawnOverAndLatinBesideItSkipped() throws {
        let style = "margin:0;font:24px 'Liberation Serif';text-decoration:underline"
        let crossings = Self.drawings("<p style=\"\(style)\">日本語のテキスト 한국어 g</p>").compactMap(\.inkCrossings)
        // The runs of CJK glyphs report nothing; the `g` one crossing.
        #expect(crossings.flatMap { $0 }.count == 1, "\(crossings)")
    }

    @Test func lineThroughAndWavyLinesDoNotSkip() {
        for decoration in ["line-through", "underline wavy"] {
            let drawings = Self.drawings("<p style=\"margin:0;font:30px serif;text-decoration:\(decoration)\">gjpqy</p>")
            #expect(!drawings.isEmpty && drawings.allSatisfy { $0.inkCrossings == nil }, "\(decoration)")
        }
    }

    @Test func stretchesLeaveTheThicknessClearOfEachCrossing() {
        var drawing = DecorationDrawing(line: Rect(x: 100, y: 20, width: 50, height: 2), style: .solid)
        drawing.inkCrossings = [10...12, 13...14, 30...31, 47...49]
        // Widened by 2: 8...16 (the first two merged), 28...33, 45...51; a stretch shorter than 2 is dropped.
        #expect(drawing.drawnStretches(thickness: 2) == [0...8, 16...28, 33...45])
        drawing.inkCrossings = [1...2]
        #expect(drawing.drawnStretches(thickness: 2) == [4...50])
        drawing.inkCrossings = nil
        #expect(drawing.drawnStretches(thickness: 2) == [0...50])
    }

    // MARK: the properties

    @Test func skipInkAndItsOlderNameSetWhetherLinesSkip() {
        let cases: [(String, Bool)] = [
            ("", true), ("text-decoration-skip-ink:none", false), ("text-decoration-skip-ink:all", true),
            ("text-decoration-skip:none", false), ("-webkit-text-decoration-skip:none", false),
            ("text-decoration-skip:ink", true), ("text-decoration-skip-ink:none;text-decoration-skip:objects edges", true),
            ("text-decoration-skip-ink:none;text-decoration-skip:sparkly", false),
        ]
        for (declarations, skips) in cases {
            let drawings = Self.drawings("<p style=\"margin:0;font:30px serif;text-decoration:underline;\(declarations)\">gjpqy</p>")
            #expect(drawings.count == 1 && (drawings.first?.inkCrossings != nil) == skips, "\(declarations)")
        }
    }

    @Test func skipInkIsInheritedAndTakenFromTheText() {
        let html = "<p style=\"margin:0;font:30px serif;text-decoration:underline;text-decoration-skip-ink:none\">ab <span style=\"text-decoration-skip-ink:auto\">gj</span></p>"
        let drawings = Self.drawings(html)
        #expect(drawings.count == 2 && drawings[0].inkCrossings == nil && drawings[1].inkCrossings != nil, "\(drawings.map(\.inkCrossings))")
    }

    @Test func theUnsupportedWarningNoLongerNamesSkipInk() {
        let document = LaidOutDocument(html: "<p style=\"text-decoration:underline;text-decoration-skip-ink:none;-webkit-text-decoration-skip:ink\">a</p>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(document.unsupportedFeatures.isEmpty, "\(document.unsupportedFeatures)")
        for name in ["text-decoration-skip-ink", "text-decoration-skip", "-webkit-text-decoration-skip"] {
            #expect(PropertyRegistry.knows(name), "\(name)")
        }
    }
}
