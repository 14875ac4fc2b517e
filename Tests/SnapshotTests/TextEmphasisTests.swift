import Foundation
import Testing
@testable import RenderCore

/// `text-emphasis` and `text-underline-position` as WebKit draws them. The pixels come from
/// WebKitGTK 2.50 (`webkit_ref.py page`, fonts/fonts.conf, width 390, scale 1 and 2): for
/// each 60 px row of Tests/Fixtures/paint/emphasis-underline.html, the device rows and the
/// leftmost and rightmost columns holding red (the marks, the underlines; the text is blue).
/// The line-height effect of the marks is checked against WebKit's boxes by
/// `LayoutFidelityTests` (Tests/Fixtures/layout/text-emphasis.html).
@Suite struct TextEmphasisTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/paint")

    struct Measured: Decodable {
        struct Row: Decodable { let rows: [Int]; let left: Int?; let right: Int? }
        let html: String
        let names: [String]
        let scales: [String: [Row]]
    }

    /// The red rows and columns of each 60 px band of the page drawn at `scale`.
    static func redBands(_ html: String, bands: Int, scale: Int) throws -> [Measured.Row] {
        let canvas = try PaintedPage.canvas(html, height: bands * 60, scale: scale)
        func red(_ x: Int, _ y: Int) -> Bool { PaintedPage.isRed(canvas, x, y) }
        return (0..<bands).map { band in
            let top = band * 60 * scale, rows = top..<(top + 60 * scale), columns = 0..<(390 * scale)
            let redRows = rows.filter { y in columns.contains { red($0, y) } }.map { $0 - top }
            let redColumns = columns.filter { x in rows.contains { red(x, $0) } }
            return Measured.Row(rows: redRows, left: redColumns.first, right: redColumns.last)
        }
    }

    @Test(arguments: [1, 2])
    func marksAndUnderlinesSitWhereWebKitDrawsThem(scale: Int) throws {
        let measured = try JSONDecoder().decode(Measured.self, from: Data(contentsOf: Self.directory.appendingPathComponent("emphasis-underline.webkit.json")))
        let html = try String(contentsOf: Self.directory.appendingPathComponent(measured.html), encoding: .utf8)
        let webkit = try #require(measured.scales[String(scale)])
        let ours = try Self.redBands(html, bands: measured.names.count, scale: scale)
        #expect(webkit.count == 14 && ours.count == webkit.count)
        for (name, (expected, got)) in zip(measured.names, zip(webkit, ours)) {
            #expect(!got.rows.isEmpty, "\(name) at scale \(scale): nothing red")
            if name.hasPrefix("underline") {
                // Solid lines fill whole device pixels: the same rows exactly.
                #expect(got.rows == expected.rows, "\(name) at scale \(scale): rows \(got.rows), WebKit \(expected.rows)")
            } else {
                // Marks are glyphs: their antialiased edges may reach one device row further.
                let top = (got.rows.first ?? -9) - (expected.rows.first ?? 0), bottom = (got.rows.last ?? -9) - (expected.rows.last ?? 0)
                #expect(abs(top) <= 1 && abs(bottom) <= 1, "\(name) at scale \(scale): rows \(got.rows), WebKit \(expected.rows)")
            }
            let left = (got.left ?? -99) - (expected.left ?? 0), right = (got.right ?? -99) - (expected.right ?? 0)
            #expect(abs(left) <= scale && abs(right) <= scale,
                    "\(name) at scale \(scale): columns \(String(describing: got.left))...\(String(describing: got.right)), WebKit \(String(describing: expected.left))...\(String(describing: expected.right))")
        }
    }

    // MARK: which characters take marks

    static func markRuns(_ html: String) -> (marks: [GlyphRun], text: [GlyphRun]) {
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        let runs = document.displayList.entries.compactMap { entry -> GlyphRun? in
            if case .glyphs(let run) = entry.item { return run } else { return nil }
        }
        let red = RGBA(r: 1, g: 0, b: 0, a: 1)
        return (runs.filter { $0.color == red }, runs.filter { $0.color != red })
    }

    @Test func lettersDigitsAndSymbolsTakeMarksSpacesAndPunctuationDoNot() throws {
        // a b c d 1 % take one each; the comma, full stop, spaces and "!" none (WebKit's
        // canReceiveTextEmphasis: no separators, no punctuation but signs such as %).
        let (marks, _) = Self.markRuns("""
            <p style="font: 20px 'Liberation Mono'; margin: 0"><span style="text-emphasis: dot red">ab, c.d ! 1%</span></p>
            """)
        let xs = marks.flatMap(\.glyphs).map(\.x).sorted()
        // Liberation Mono advances 12 px (1229/2048 em): each dot is centred on its character's advance.
        let dot = try #require(EmphasisMark.of(Self.monoStyle(size: 20, mark: "\u{2022}"), fonts: FontSet.shared))
        let centres = [0, 1, 4, 6, 10, 11].map { 8 + 12 * Double($0) + 6 }
        #expect(xs.count == centres.count, "\(xs)")
        for (x, centre) in zip(xs, centres) {
            #expect(abs(x + dot.width / 2 - centre) < 0.05, "mark at \(x), character centre \(centre)")
        }
    }

    static func monoStyle(size: Double, mark: String) -> ComputedStyle {
        var style = ComputedStyle()
        style.fontFamilies = ["Liberation Mono"]
        style.fontSize = size
        style.emphasisMark = mark
        return style
    }

    @Test func marksGoOverTheAscentOrUnderTheDescent() throws {
        let html = """
            <p style="font: 20px/20px 'Liberation Mono'; margin: 0">
            <span style="text-emphasis: dot red">a</span><br><span style="text-emphasis: dot red; text-emphasis-position: under">a</span></p>
            """
        let (marks, text) = Self.markRuns(html)
        let baselines = text.compactMap(\.glyphs.first?.y).sorted(), markLines = marks.compactMap(\.glyphs.first?.y).sorted()
        #expect(baselines.count == 2 && markLines.count == 2)
        guard baselines.count == 2, markLines.count == 2 else { return }
        let style = Self.monoStyle(size: 20, mark: "\u{2022}")
        let metrics = FontSet.shared.metrics(for: style)
        let dot = try #require(EmphasisMark.of(style, fonts: FontSet.shared))
        #expect(dot.ascent == 8 && dot.descent == 3, "Liberation Mono at 10 px: 8.3 and 3.0 rounded, not \(dot.ascent) + \(dot.descent)")
        #expect(markLines[0] == baselines[0] - metrics.ascent - dot.descent)
        #expect(markLines[1] == baselines[1] + metrics.descent + dot.ascent)
    }

    @Test func chineseTextTakesMarksUnderByDefault() {
        var style = ComputedStyle()
        style.emphasisMark = "\u{2022}"
        #expect(EmphasisMark.isOver(style))
        style.language = "zh-Hant"
        #expect(!EmphasisMark.isOver(style))
        style.language = "ja"
        #expect(EmphasisMark.isOver(style))
        style.language = "zh"
        style.emphasisPosition = EmphasisPosition("over left") ?? EmphasisPosition()
        #expect(EmphasisMark.isOver(style))
    }

    // MARK: values

    @Test func emphasisValuesParseAsWebKitTakesThem() {
        #expect(TextEmphasisParser.style(["filled"]) == .some("\u{25CF}"))
        #expect(TextEmphasisParser.style(["open"]) == .some("\u{25CB}"))
        #expect(TextEmphasisParser.style(["triangle", "open"]) == .some("\u{25B3}"))
        #expect(TextEmphasisParser.style(["sesame"]) == .some("\u{FE45}"))
        #expect(TextEmphasisParser.style(["'★x'"]) == .some("★"))
        #expect(TextEmphasisParser.style(["'e\u{301}\u{301}'"]) == .some("e"))
        #expect(TextEmphasisParser.style(["none"]) == .some(nil))
        #expect(TextEmphasisParser.style(["filled", "open"]) == nil)
        #expect(TextEmphasisParser.style(["dot", "circle"]) == nil)
        let shorthand = TextEmphasisParser.shorthand("open dot red", current: .black)
        #expect(shorthand?.mark == .some("\u{25E6}") && shorthand?.color == .some(RGBA(r: 1, g: 0, b: 0, a: 1)))
        #expect(TextEmphasisParser.shorthand("sparkly", current: .black) == nil)
        #expect(EmphasisPosition("under right")?.side == .under && EmphasisPosition("left over")?.left == true)
        #expect(EmphasisPosition("left") == nil && EmphasisPosition("over under") == nil)
        #expect(UnderlinePosition("under left")?.placement == .under && UnderlinePosition("right")?.side == .right)
        #expect(UnderlinePosition("from-font")?.placement == .fromFont && UnderlinePosition("under under") == nil)
    }

    @Test func declarationsAndPrefixedSpellingsApply() throws {
        let a = try BidiTests.style("<p style='-webkit-text-emphasis: triangle blue; text-underline-position: under'><b>x</b></p>", "b")
        #expect(a.emphasisMark == "\u{25B2}" && a.emphasisColor == RGBA(r: 0, g: 0, b: 1, a: 1))
        #expect(a.underlinePosition.placement == .under)
        // `text-emphasis: red` sets the colour and resets the style to none.
        let b = try BidiTests.style("<p style='text-emphasis: open red; text-emphasis: red; -webkit-text-emphasis-position: under'>x</p>", "p")
        #expect(b.emphasisMark == nil && b.emphasisColor == RGBA(r: 1, g: 0, b: 0, a: 1) && b.emphasisPosition.side == .under)
        // `currentcolor` follows the text's own colour.
        let c = try BidiTests.style("<p style='text-emphasis: dot currentcolor; color: red'><i style='color: blue'>x</i></p>", "i")
        #expect(c.emphasisColor == nil && c.emphasisMark == "\u{2022}")
        let document = LaidOutDocument(html: "<p style='text-emphasis: dot; -webkit-text-underline-position: under; text-decoration: underline'>x</p>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(document.unsupportedFeatures.isEmpty, "\(document.unsupportedFeatures)")
    }

    @Test func supportsAndTheUnsupportedWarningFollowTheRegistry() {
        for name in ["text-emphasis", "text-emphasis-style", "text-emphasis-color", "text-emphasis-position",
                     "-webkit-text-emphasis", "-webkit-text-emphasis-position", "text-underline-position", "-webkit-text-underline-position"] {
            #expect(PropertyRegistry.knows(name), "\(name)")
        }
    }
}
