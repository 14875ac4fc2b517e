import Foundation
import Testing
@testable import RenderCore

/// CSS text features as WebKit draws them, compared with Chromium (chromium_ref.py, the
/// project's fonts/fonts.conf, width 390): glyph positions measured from its screenshots, box
/// geometry from its `boxes`.
@Suite struct TextFeaturesTests {
    static func document(_ name: String) -> LaidOutDocument {
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/text/\(name)")
        let html = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
    }

    static func glyphRuns(_ document: LaidOutDocument) -> [GlyphRun] {
        document.displayList.entries.compactMap { entry -> GlyphRun? in
            if case .glyphs(let run) = entry.item { return run } else { return nil }
        }
    }

    /// The glyph runs whose baseline lies between `top` and `bottom`, in paint order.
    static func runs(_ document: LaidOutDocument, baselineIn top: Double, _ bottom: Double) -> [GlyphRun] {
        glyphRuns(document).filter { run in (run.glyphs.first?.y).map { $0 > top && $0 < bottom } ?? false }
    }

    // MARK: text-overflow

    static let overflow = document("text-overflow.html")

    /// The "…" run of a line: the last run painted on it, one glyph in the block's font.
    func ellipsis(_ top: Double) -> GlyphRun? {
        Self.runs(Self.overflow, baselineIn: top, top + 18).last
    }

    @Test func overflowingLineEndsInAnEllipsisAfterTheLastGlyphThatFits() throws {
        let line = Self.runs(Self.overflow, baselineIn: 10, 28)
        let dots = try #require(line.last)
        #expect(dots.glyphs.count == 1)
        // Chromium's last dot ends at 203 (its ink, measured at scale 2), as ours does from 189.6.
        let start = try #require(dots.glyphs.first?.x)
        #expect(abs(start - 189.6) < 0.6, "ellipsis at \(start)")
        let textEnd = line.dropLast().flatMap(\.glyphs).map(\.x).max() ?? 0
        #expect(textEnd < start && textEnd > start - 12, "last kept glyph at \(textEnd)")
        // The span keeps its whole width, as in Chromium: only painting is truncated.
        let span = Self.overflow.boxes.first { $0.path == "/body[0]/div[0]/span[0]" }?.frame
        #expect(span.map { abs($0.width - 353.95) < 0.5 } == true, "span \(String(describing: span))")
    }

    @Test func aLineThatFitsAndClipAndWrappingTextGetNoEllipsis() {
        let ellipsisGlyph = ellipsis(10)?.glyphs.first?.index
        for top in [34.0, 107, 131, 149] {
            let glyphs = Self.runs(Self.overflow, baselineIn: top, top + 18).flatMap(\.glyphs)
            #expect(!glyphs.isEmpty && !glyphs.contains { $0.index == ellipsisGlyph }, "line at \(top)")
        }
    }

    @Test func centredOverflowingLineStartsAtTheStartEdge() throws {
        let line = Self.runs(Self.overflow, baselineIn: 58, 76)
        let first = try #require(line.flatMap(\.glyphs).map(\.x).min())
        #expect(abs(first - 10) < 0.5, "starts at \(first)")
        #expect(abs((line.last?.glyphs.first?.x ?? 0) - 187) < 0.6, "ellipsis at \(String(describing: line.last?.glyphs.first?.x))")
    }

    @Test func rightToLeftEllipsisSitsOnTheLeft() throws {
        let line = Self.runs(Self.overflow, baselineIn: 82, 101)
        let dots = try #require(line.last?.glyphs.first?.x)
        #expect(dots >= 10 && dots < 16, "ellipsis at \(dots)")
        let text = line.dropLast().flatMap(\.glyphs).map(\.x)
        #expect(text.allSatisfy { $0 >= dots + 15 }, "text starts at \(text.min() ?? 0)")
    }

    // MARK: font-variant, font features, word-spacing

    static let variants = document("font-variants.html")

    func expectWidth(_ document: LaidOutDocument, _ path: String, _ width: Double, within tolerance: Double = 0.5,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let frame = document.boxes.first { $0.path == path }?.frame
        #expect(frame.map { abs($0.width - width) <= tolerance } == true,
                "\(path) is \(String(describing: frame)), Chromium \(width) wide", sourceLocation: sourceLocation)
    }

    @Test func smallCapsDrawLowercaseAsCapitalsAtSeventyPercent() throws {
        // "Small Caps 2024": S | MALL | " C" | APS | " 2024", the small runs 0.7 as tall.
        let line = Self.runs(Self.variants, baselineIn: 10, 28)
        #expect(line.count == 5)
        let heights = line.compactMap { $0.inkBounds?.height }
        #expect(heights.count == 5)
        if heights.count == 5 {
            #expect(abs(heights[1] / heights[0] - 0.7) < 0.08, "MALL \(heights[1]) against S \(heights[0])")
            #expect(abs(heights[3] / heights[2] - 0.7) < 0.08)
        }
        expectWidth(Self.variants, "/body[0]/div[0]/span[0]", 117.47, within: 1)
        let all = Self.runs(Self.variants, baselineIn: 34, 52)
        let allHeights = all.compactMap { $0.inkBounds?.height }
        #expect(!allHeights.isEmpty && allHeights.allSatisfy { $0 < 9.5 }, "all-small-caps ink heights \(allHeights)")
    }

    @Test func wordSpacingWidensEachSpace() {
        expectWidth(Self.variants, "/body[0]/div[2]/span[0]", 136.95)
        // Pango adds no letter spacing after the last letter, where browsers do: 1 px here.
        expectWidth(Self.variants, "/body[0]/div[3]/span[0]", 125.84, within: 1.05)
    }

    @Test func openTypeFeaturesReachTheShaper() {
        // DejaVu's digits are tabular already: tnum changes nothing; no liga keeps "ffi" apart.
        expectWidth(Self.variants, "/body[0]/div[4]/span[0]", 86.53)
        expectWidth(Self.variants, "/body[0]/div[5]/span[0]", 80.72)
        expectWidth(Self.variants, "/body[0]/div[5]/span[1]", 80.23)
        let ligatureRuns = Self.runs(Self.variants, baselineIn: 131, 149)
        #expect(ligatureRuns.first?.glyphs.count == 12 && (ligatureRuns.last?.glyphs.count ?? 12) < 12,
                "glyphs \(ligatureRuns.map(\.glyphs.count))")
        // Kerning off: "AVAWAY To" as wide as its advances, 7 px wider than kerned.
        expectWidth(Self.variants, "/body[0]/div[6]/span[0]", 91.58)
        expectWidth(Self.variants, "/body[0]/div[6]/span[1]", 84.48)
    }

    @Test func featureSettingsParseAsCSSSays() {
        #expect(FontFeatures.settings("\"liga\" 0, 'tnum'") == ["liga 0", "tnum 1"])
        #expect(FontFeatures.settings("\"ss01\" on, \"kern\" off, \"salt\" 2") == ["ss01 1", "kern 0", "salt 2"])
        #expect(FontFeatures.settings("liga 0") == nil)
        #expect(FontFeatures.settings("\"toolong\" 1") == nil)
        #expect(FontFeatures.settings("normal") == [])
        #expect(FontFeatures.numeric(["tabular-nums", "slashed-zero"]) == ["tnum", "zero"])
        #expect(FontFeatures.numeric(["tabular", "slashed-zero"]) == nil)
    }

    // MARK: text-decoration style, colour, thickness, offset

    static let decorated = document("decorations.html")

    /// Decoration items of the line whose baseline lies between `top` and `bottom`.
    func decorations(baselineIn top: Double, _ bottom: Double) -> (fills: [(Rect, RGBA)], styled: [(DecorationDrawing, RGBA)]) {
        let glyphs = Self.runs(Self.decorated, baselineIn: top, bottom)
        guard let baseline = glyphs.first?.glyphs.first?.y else { return ([], []) }
        var fills: [(Rect, RGBA)] = [], styled: [(DecorationDrawing, RGBA)] = []
        for entry in Self.decorated.displayList.entries {
            switch entry.item {
            case .textDecoration(let drawing, let color) where drawing.style == .solid && abs(drawing.line.y - baseline) < 8:
                fills.append((drawing.line, color))
            case .textDecoration(let drawing, let color) where abs(drawing.line.y - baseline) < 8: styled.append((drawing, color))
            default: break
            }
        }
        return (fills, styled)
    }

    @Test func decorationStylesAndColoursAreDrawnAsDeclared() throws {
        let rows: [(Double, DecorationStyle, RGBA)] = [
            (10, .double, .black), (43, .dotted, RGBA(r: 1, g: 0, b: 0, a: 1)), (76, .dashed, .black),
            (109, .wavy, RGBA(r: 0, g: 0xaa / 255.0, b: 0, a: 1)),
        ]
        for (top, style, color) in rows {
            let found = decorations(baselineIn: top, top + 30).styled
            #expect(found.count == 1 && found.first?.0.style == style && found.first?.1 == color, "row at \(top): \(found)")
        }
        let wave = try #require(decorations(baselineIn: 109, 139).styled.first?.0)
        // WebKit: control points 3 × max(2, thickness) off the line, 2 × max(2, thickness) apart.
        #expect(wave.waveAmplitude == 6 && wave.waveStep == 4)
        #expect(wave.bounds.height > 12)
    }

    @Test func thicknessAndColourLonghandsSetTheLine() throws {
        let line = try #require(decorations(baselineIn: 142, 172).fills.first)
        #expect(line.0.height == 4 && line.1 == RGBA(r: 0, g: 0, b: 1, a: 1), "\(line)")
        let struck = try #require(decorations(baselineIn: 208, 238).fills.first)
        #expect(struck.0.height == 3 && struck.1 == RGBA(r: 200 / 255.0, g: 0, b: 0, a: 1), "\(struck)")
    }

    @Test func underlineOffsetIsMeasuredFromTheBaseline() throws {
        let glyphs = Self.runs(Self.decorated, baselineIn: 175, 205)
        let baseline = try #require(glyphs.first?.glyphs.first?.y)
        let line = try #require(decorations(baselineIn: 175, 205).fills.first?.0)
        #expect(abs(line.y - (baseline + 6)) < 0.01, "underline top \(line.y), baseline \(baseline)")
    }

    @Test func decorationShorthandTakesEveryPart() {
        var style = ComputedStyle()
        let accepted = style.applyTextDecoration("text-decoration", "underline wavy red 3px", length: { _ in .px(3) })
        #expect(accepted && style.textDecorationLine == [.underline])
        #expect(style.declaredDecoration == TextDecorationPaint(style: .wavy, color: RGBA(r: 1, g: 0, b: 0, a: 1), thickness: 3))
        let rejected = style.applyTextDecoration("text-decoration", "underline sparkly", length: { _ in nil })
        #expect(!rejected)
    }

    // MARK: tab-size, hyphens

    static let tabsAndHyphens = document("tabs-hyphens.html")

    @Test func tabsStopAtMultiplesOfTabSize() {
        // Liberation Mono's space is 9.6 px: stops every 76.8 px, 38.4 px with tab-size 4, 60 px given as a length.
        for (top, interval) in [(10.0, 76.8), (34, 38.4), (58, 60)] {
            let xs = Self.runs(Self.tabsAndHyphens, baselineIn: top, top + 18).flatMap(\.glyphs).map(\.x).sorted()
            #expect(xs.count == 5, "line at \(top): \(xs)")
            guard xs.count == 5 else { continue }
            #expect(abs(xs[1] - (10 + interval)) < 0.05 && abs(xs[2] - (10 + 2 * interval)) < 0.05, "line at \(top): \(xs)")
        }
    }

    @Test func aSoftHyphenShowsAHyphenOnlyWhereTheLineBreaks() {
        // Chromium: "Extraordinary-" then "ness and more"; with hyphens: none no break there at all.
        expectWidth(Self.tabsAndHyphens, "/body[0]/div[0]/span[0]", 105.84)
        expectWidth(Self.tabsAndHyphens, "/body[0]/div[1]/span[0]", 128.95)
        expectWidth(Self.tabsAndHyphens, "/body[0]/div[2]/span[0]", 58.7)
    }

    /// The glyphs that end the first line of `super&shy;cali&shy;fragilistic` 90 px wide.
    static func firstLineEnd(_ css: String) -> [UInt32] {
        let html = "<div style='\(css)'><p style='margin:0;width:90px;font:20px \"Liberation Serif\"'>super&shy;cali&shy;fragilistic</p></div>"
        let runs = runs(LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844), baselineIn: 0, 35)
        return runs.last.map { $0.glyphs.map(\.index) } ?? []
    }

    @Test func aLineBrokenAtASoftHyphenEndsInTheHyphenateCharacter() throws {
        let style = ComputedStyle()
        let fonts = FontSet.shared
        func glyphs(_ text: String) -> [UInt32] {
            var serif = style
            serif.fontFamilies = ["Liberation Serif"]; serif.fontSize = 20
            return ShapedText(text, style: serif, fonts: fonts)?.run.glyphs.map(\.index) ?? []
        }
        // WebKitGTK (webkit_ref.py, Tests/Fixtures/paint/hyphenate-character.html): "supercali=".
        #expect(Self.firstLineEnd("hyphenate-character:\"=\"") == glyphs("="))
        #expect(Self.firstLineEnd("-webkit-hyphenate-character:\"!!\"") == glyphs("!!"))
        // Inherited; `auto` keeps the hyphen; an empty string shows nothing after the text.
        #expect(Self.firstLineEnd("hyphenate-character:\"~\"") == glyphs("~"))
        #expect(Self.firstLineEnd("hyphenate-character:auto").count == glyphs("supercali").count + 1)
        #expect(Self.firstLineEnd("hyphenate-character:\"\"") == glyphs("supercali"))
    }
}
