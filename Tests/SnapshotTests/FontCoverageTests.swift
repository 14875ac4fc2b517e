import Foundation
import Testing
@testable import RenderCore

/// The fixed font set covers what people write (every script of the README's list, colour
/// emoji with sequences), a character no font has is drawn as a box and named in one warning,
/// and `lang` picks the Han glyph variant.
@Suite struct FontCoverageTests {
    static let scriptsPage = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/scripts/scripts-and-emoji.html")

    static func glyphRuns(_ document: LaidOutDocument) -> [GlyphRun] {
        document.displayList.entries.compactMap { if case .glyphs(let run) = $0.item { return run } else { return nil } }
    }

    /// Pixels whose channels spread by more than 80 of 255: colour, where text is grey or black.
    static func colourfulPixels(_ canvas: Canvas, rows: Range<Int>) -> Int {
        count(canvas, rows: rows) { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) > 80 }
    }

    static func darkPixels(_ canvas: Canvas) -> Int {
        count(canvas, rows: 0..<canvas.pixelHeight) { $0.r < 128 }
    }

    static func count(_ canvas: Canvas, rows: Range<Int>, where test: ((r: UInt32, g: UInt32, b: UInt32)) -> Bool) -> Int {
        let image = canvas.rgbaImage
        var count = 0
        for y in rows {
            for x in 0..<image.width {
                let pixel = image[x, y]  // R, G, B, A bytes in memory order
                if test((pixel & 255, pixel >> 8 & 255, pixel >> 16 & 255)) { count += 1 }
            }
        }
        return count
    }

    @Test func everyScriptAndEmojiOfTheTestPageHasAGlyph() throws {
        let html = try String(contentsOf: Self.scriptsPage, encoding: .utf8)
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        #expect(document.missingCharacters.codePoints.isEmpty, "\(document.missingCharacters.codePoints.map(MissingCharacters.name))")
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let page = try document.renderFullPage(viewportWidth: 390, viewportHeight: 844, scale: 2)
        let image = page.canvas
        // The emoji paragraph is the last one: drawn in colour (52 emoji, hundreds of pixels
        // each at 22 px × 2), the script rows above it in grey and black only.
        let emojiTop = image.pixelHeight - Int(5 * 22 * 1.3 * 2) - 16
        #expect(Self.colourfulPixels(image, rows: emojiTop..<image.pixelHeight) > 52 * 150)
        #expect(Self.colourfulPixels(image, rows: 0..<(emojiTop - 80)) == 0)
        try Golden.check(page.canvas, named: "scripts-and-emoji")
    }

    @Test func aKoreanMessageIsNoLongerBlank() throws {
        let document = LaidOutDocument(html: "<p>공지: 신제품이 오늘 출시됩니다</p>", viewportWidth: 390, viewportHeight: 844)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let ink = Self.glyphRuns(document).compactMap(\.inkBounds)
        let inked = ink.reduce(0) { $0 + $1.width }
        // 14 Hangul syllables of about 16 px each, all drawn.
        #expect(inked > 14 * 12, "ink \(ink)")
        #expect(document.text.contains("신제품이"))
    }

    @Test func aCharacterNoFontCoversIsABoxAndOneWarning() throws {
        let document = LaidOutDocument(html: "<p style='font:40px Arial'>a\u{E000}b \u{E000}\u{10FFFD}</p>", viewportWidth: 390, viewportHeight: 100)
        #expect(document.missingCharacters.codePoints == [0xE000, 0x10FFFD])
        #expect(document.warnings == ["2 characters no font covers (U+E000, U+10FFFD): drawn as boxes"])
        // The boxes are ink: Liberation Sans's .notdef, a rectangle the height of capitals.
        let boxes = Self.glyphRuns(document).flatMap { run in run.glyphs.filter { $0.index == MissingCharacters.notdefGlyph } }
        #expect(boxes.count == 3)
        let page = try document.renderFullPage(viewportWidth: 390, viewportHeight: 100, scale: 1)
        let dark = Self.darkPixels(page.canvas)
        let plain = LaidOutDocument(html: "<p style='font:40px Arial'>ab </p>", viewportWidth: 390, viewportHeight: 100)
        let plainDark = Self.darkPixels(try plain.renderFullPage(viewportWidth: 390, viewportHeight: 100, scale: 1).canvas)
        #expect(dark > plainDark + 3 * 60, "dark pixels \(dark) vs \(plainDark) without the boxes")
    }

    @Test func theWarningNamesTheFirstFiveAndCountsTheRest() {
        let text = (0xE000...0xE006).map { String(UnicodeScalar($0)!) }.joined()
        let document = LaidOutDocument(html: "<p>\(text)</p>", viewportWidth: 390, viewportHeight: 100)
        #expect(document.warnings == ["7 characters no font covers (U+E000, U+E001, U+E002, U+E003, U+E004, …): drawn as boxes"])
        let one = LaidOutDocument(html: "<p>x\u{F8FF}</p>", viewportWidth: 390, viewportHeight: 100)
        #expect(one.warnings == ["1 character no font covers (U+F8FF): drawn as boxes"])
    }

    /// 直 is drawn differently in Japanese and simplified Chinese, 骨 in traditional and
    /// simplified Chinese; text without `lang` is simplified Chinese, whatever the host's locale.
    @Test func langPicksTheHanVariant() {
        func glyph(_ character: String, _ lang: String?) -> UInt32? {
            let attribute = lang.map { " lang='\($0)'" } ?? ""
            let document = LaidOutDocument(html: "<p\(attribute)>\(character)</p>", viewportWidth: 390, viewportHeight: 100)
            return Self.glyphRuns(document).first?.glyphs.first?.index
        }
        #expect(glyph("直", "zh-Hans") != nil)
        #expect(glyph("直", "ja") != glyph("直", "zh-Hans"))
        #expect(glyph("直", nil) == glyph("直", "zh-Hans"))
        #expect(glyph("直", "zh-CN") == glyph("直", "zh-Hans"))
        #expect(glyph("骨", "zh-Hant") != glyph("骨", "zh-Hans"))
        #expect(glyph("骨", "zh-TW") == glyph("骨", "zh-Hant"))
        #expect(glyph("骨", nil) == glyph("骨", "zh-Hans"))
    }

    @Test func theFingerprintHashesEveryFileOfTheSet() {
        let fonts = EnvironmentFingerprint.current(scales: [1]).fonts
        #expect(fonts.count == FontSet.expectedFiles.count)
        #expect(FontSet.expectedFiles.count == FontConfiguration.xml.components(separatedBy: "<glob>").count - 1 - 1)  // minus the reject-all
        for file in ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                     "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"] {
            #expect(fonts[file]?.count == 64, "\(file): \(fonts[file] ?? "absent")")
        }
    }
}
