import CCairo
import Foundation
import Testing
@testable import RenderCore

/// WebKit's breaks between printable ASCII characters (`LineBreaking`), given to pango as
/// suppressed breaks and as zero-width spaces in its text only (`AddedBreaks`). The boxes
/// against WebKit are in Tests/Fixtures/layout/ascii-line-breaks.html.
@Suite struct LineBreakingTests {
    /// Before `<` after `>` WebKit breaks (pango does not); after `.` before a letter neither does.
    @Test func markupBreaksBeforeEachTagAfterAnother() {
        let text = #"og.png"><tr><td></td>"#
        let plan = LineBreaking.plan(for: text)
        let bytes = Array(text.utf8)
        let tagStarts = bytes.indices.filter { $0 > 0 && bytes[$0] == UInt8(ascii: "<") && bytes[$0 - 1] == UInt8(ascii: ">") }
        #expect(plan.added == tagStarts)
        #expect(tagStarts.count == 3)
    }

    @Test(arguments: [
        ("a :b", [1]),        // a space before punctuation: WebKit breaks, UAX #14 does not (added before the space)
        ("f(x)", []),         // a letter before `(`: no break in either
        ("ABCD-1234", [5]),   // a hyphen before a digit after a letter or digit: WebKit breaks
        ("(-1", []),          // not after other characters (a minus sign)
        ("what?now", []),     // pango breaks after `?` before a letter too
        (#"x"(y"#, [2]),       // `"` then `(`: WebKit breaks
        ("{{ item", [2]),     // after a space after an opening bracket: WebKit breaks, UAX #14 (LB14) does not
        (#"" (x"#, [1]),       // nor (LB15) between a quote, spaces and an opening bracket
        ("x (y", []),         // pango breaks there too
    ])
    func addedBreaks(text: String, expected: [Int]) {
        #expect(LineBreaking.plan(for: text).added == expected)
    }

    /// A hyphen that begins another element's text forgets the letter before it: no break.
    @Test func hyphenAtARunStartKeepsItsDigit() {
        #expect(LineBreaking.plan(for: "x-1") { $0 == 1 }.added.isEmpty)
        #expect(LineBreaking.plan(for: "x-1") { $0 == 2 }.added == [2])
    }

    /// Pango breaks after `!` before a letter and after `/`; WebKit does neither.
    @Test func suppressesWhereOnlyPangoBreaks() {
        #expect(LineBreaking.plan(for: "x!ab").suppressed == [1])
        #expect(LineBreaking.plan(for: "a/b").suppressed == [1])
        #expect(LineBreaking.plan(for: "a/é").suppressed == [1])
        #expect(LineBreaking.plan(for: "a:é").suppressed == [1])
        #expect(LineBreaking.plan(for: "x!ab", correctsASCII: false).suppressed.isEmpty)
    }

    /// The spaces go into pango's text at the end of the segment before the break; offsets
    /// translate both ways.
    @Test func addedSpacesShiftPangoOffsetsOnly() {
        let style = ComputedStyle()
        let segments = [InlineLayout.Segment(start: 0, end: 3, item: .text("a>b", style), enclosing: []),
                        InlineLayout.Segment(start: 3, end: 6, item: .text("<c<", style), enclosing: [])]
        let added = AddedBreaks([3, 5])
        let (text, shifted) = added.apply(to: "a>b<c<", segments)
        #expect(text == "a>b\u{200B}<c\u{200B}<")
        #expect(shifted.map(\.start) == [0, 6])
        #expect(shifted.map(\.end) == [6, 12])
        #expect(added.pangoOffset(of: 3) == 6)
        #expect(added.pangoOffset(of: 5) == 11)
        #expect([0, 1, 2, 3, 4, 5].map { added.originalOffset(of: added.pangoOffset(of: $0)) } == [0, 1, 2, 3, 4, 5])
    }

    static func layout(_ html: String) -> LaidOutDocument {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
    }

    /// `LineBreaking.pangoBreaks` is what pango says: each pair between letters and digits,
    /// its break asked of `pango_get_log_attrs` (a pango upgrade that breaks otherwise fails here).
    @Test func declaredPangoBreaksAreWhatPangoSays() {
        func pangoBreaks(_ text: String) -> Bool {
            var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: 5)
            text.withCString { pango_get_log_attrs($0, 4, -1, pango_language_from_string("en"), &attributes, 5) }
            return attributes[2].is_line_break != 0
        }
        var declared: [String: (always: Bool, sometimes: Bool)] = [:]
        for row in LineBreaking.pangoBreaks {
            for after in row.always { declared[row.before + String(after)] = (true, false) }
            for after in row.sometimes { declared[row.before + String(after)] = (false, true) }
        }
        let printable = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        var mismatches: [String] = []
        for before in [" "] + printable {
            for after in printable {
                let pair = String(before) + String(after)
                let breaks = ["x\(pair)x", "1\(pair)1", "x\(pair)1", "1\(pair)x"].map(pangoBreaks)
                let measured = (always: breaks.allSatisfy { $0 }, sometimes: breaks.contains(true) && !breaks.allSatisfy { $0 })
                let expected = declared[pair] ?? (false, false)
                if measured != expected { mismatches.append(pair) }
            }
        }
        #expect(mismatches.isEmpty, "pango breaks otherwise between \(mismatches)")
    }

    /// A narrow block of markup wraps before each tag, as in WebKit; the text is unchanged.
    @Test func narrowMarkupWrapsBeforeTagsAndKeepsItsText() {
        let html = #"<div style="width:1px;font:10px/10px monospace">x&gt;&lt;y&gt;&lt;z</div>"#
        let document = Self.layout(html)
        #expect(document.boxes.first { $0.path == "/body[0]/div[0]" }?.frame.height == 30)
        #expect(document.text == "x><y><z")
        let nowrap = Self.layout(#"<div style="width:1px;font:10px/10px monospace;white-space:nowrap">x&gt;&lt;y&gt;&lt;z</div>"#)
        #expect(nowrap.boxes.first { $0.path == "/body[0]/div[0]" }?.frame.height == 10)
    }

    /// Thousands of added breaks in one paragraph: every line after the first starts at a `<`
    /// of the content's text (the offsets come back without the added spaces).
    @Test func paragraphWithThousandsOfAddedBreaksStartsLinesAtTags() {
        let text = String(repeating: "<td></td>", count: 2000)
        var content = InlineContent()
        content.items = [.text(text, ComputedStyle())]
        FontAccess.shared.lockExclusively()
        defer { FontAccess.shared.unlock() }
        let result = InlineLayout(fonts: .shared, container: ComputedStyle()).layout(content, width: 100) { _ in }
        let bytes = Array(text.utf8)
        #expect(result.lineStarts.count > 100)
        for start in result.lineStarts.dropFirst() {
            #expect(bytes[start] == UInt8(ascii: "<") && bytes[start - 1] == UInt8(ascii: ">"), "a line starts at byte \(start)")
        }
    }
}
