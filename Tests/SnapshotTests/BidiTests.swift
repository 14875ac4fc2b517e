import Foundation
import Testing
@testable import RenderCore

/// Bidi as WebKit does it: paragraph direction from `dir` / `direction`, `unicode-bidi`,
/// `<bdi>` / `<bdo>`, `dir=auto`, and right-to-left lists, tables and margins. Block boxes
/// of the `bidi-*` fixtures are checked against WebKit by `LayoutFidelityTests`; here the
/// inline boxes (where words sit on their lines) are checked against WebKit.
@Suite struct BidiTests {
    static let directory = LayoutFidelityTests.directory
    static let fixtures = LayoutFidelityTests.fixtures.filter { $0.hasPrefix("bidi-") }

    @Test func fixturesArePresent() { #expect(Self.fixtures.count == 5) }

    @Test(arguments: fixtures)
    func inlineBoxesMatchWebKit(fixture: String) throws {
        let (checked, _, _) = try LayoutFidelityTests.compareWithWebKit(fixture, images: ImageOptions(), tolerance: 1) { box in
            box.display == "inline" && box.w * box.h > 0
        }
        #expect(checked.count >= 2)
    }

    // MARK: Reordering, seen in the glyphs drawn

    /// Every glyph drawn, left to right, as (glyph, x) rounded to 1/100 px.
    static func glyphs(_ html: String) -> [String] {
        let document = LaidOutDocument(html: "<!DOCTYPE html><body style='font:16px Arial'>" + html, viewportWidth: 390, viewportHeight: 844)
        return document.displayList.entries.flatMap { entry -> [String] in
            guard case .glyphs(let run) = entry.item else { return [] }
            return run.glyphs.map { "\($0.index)@\(($0.x * 100).rounded() / 100),\(($0.y * 100).rounded() / 100)" }
        }.sorted()
    }

    @Test func bdoDrawsItsLettersInReverse() {
        #expect(Self.glyphs("<p><bdo dir=rtl>abc def</bdo></p>") == Self.glyphs("<p>fed cba</p>"))
        #expect(Self.glyphs("<p><span style='unicode-bidi:bidi-override;direction:rtl'>abc</span></p>") == Self.glyphs("<p>cba</p>"))
        #expect(Self.glyphs("<p><bdo dir=rtl>abc</bdo></p>") != Self.glyphs("<p>abc</p>"))
    }

    @Test func rightToLeftParagraphsAlignRightAndReorderLatinRuns() {
        // "abc def" as its own LTR run keeps its order inside an RTL paragraph: the same
        // glyphs as an LTR paragraph, moved to the right edge.
        let ltr = Self.glyphs("<p style='width:200px'>abc def</p>")
        let rtl = Self.glyphs("<p dir=rtl style='width:200px'>abc def</p>")
        #expect(rtl.count == ltr.count && rtl != ltr)
        let document = LaidOutDocument(html: "<body style='margin:0;font:16px Arial'><p dir=rtl style='width:200px'>abc</p>",
                                       viewportWidth: 390, viewportHeight: 844)
        let xs = document.displayList.entries.flatMap { entry -> [Double] in
            guard case .glyphs(let run) = entry.item else { return [] }
            return run.glyphs.map(\.x)
        }
        #expect(xs.count == 3 && xs.allSatisfy { $0 > 150 && $0 < 200 }, "\(xs)")
    }

    @Test func anLTRParagraphStartingInArabicStaysLeftAligned() throws {
        let html = "<body style='margin:0;font:16px Arial'><p style='width:300px'><b>مرحبا</b> hello</p>"
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        let bold = try #require(document.boxes.first { $0.path.hasSuffix("/b[0]") })
        #expect(abs(bold.frame.x) < 0.01)
        let rtl = LaidOutDocument(html: html.replacingOccurrences(of: "<p ", with: "<p dir=rtl "), viewportWidth: 390, viewportHeight: 844)
        let rtlBold = try #require(rtl.boxes.first { $0.path.hasSuffix("/b[0]") })
        #expect(abs(rtlBold.frame.x + rtlBold.frame.width - 300) < 0.01)
    }

    @Test func bidiControlsStayOutOfTheDocumentText() {
        let html = "<p>User <bdi>إيان</bdi>: <bdo dir=rtl>abc</bdo> <span dir=rtl>שלום</span>.</p>"
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        #expect(document.text == "User إيان: abc שלום.")
    }

    // MARK: Styles

    static func style(_ html: String, _ tag: String) throws -> ComputedStyle {
        let dom = HTMLParser.parse(html)
        let styled = Cascade.style(dom, media: MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390,
                                                             deviceHeight: 844, darkMode: false))
        let node = try #require(dom.first(tag: tag))
        return try #require(styled.style(of: node))
    }

    @Test func dirAttributeSetsDirectionAndIsolates() throws {
        #expect(try Self.style("<p dir=rtl><span>x</span></p>", "span").direction == .rtl)
        #expect(try Self.style("<p dir=rtl><span>x</span></p>", "span").unicodeBidi == .normal)
        #expect(try Self.style("<p><span dir=RTL>x</span></p>", "span").unicodeBidi == .isolate)
        #expect(try Self.style("<p dir=rtl><bdo dir=ltr>x</bdo></p>", "bdo").direction == .ltr)
        #expect(try Self.style("<p><bdo dir=rtl>x</bdo></p>", "bdo").unicodeBidi == .bidiOverride)
        #expect(try Self.style("<p dir=sideways><span>x</span></p>", "span").direction == .ltr)
        #expect(try Self.style("<div dir=rtl><p style='direction:ltr'>x</p></div>", "p").direction == .ltr)
    }

    @Test func dirAutoTakesTheFirstStrongCharacter() throws {
        #expect(try Self.style("<p dir=auto>123, שלום world</p>", "p").direction == .rtl)
        #expect(try Self.style("<p dir=auto>Hello שלום</p>", "p").direction == .ltr)
        #expect(try Self.style("<p dir=auto>123 !?</p>", "p").direction == .ltr)
        // Text of a descendant with its own dir, and of bdi, does not count.
        #expect(try Self.style("<p dir=auto><span dir=ltr>Hi</span><bdi>abc</bdi> مرحبا</p>", "p").direction == .rtl)
        #expect(try Self.style("<div dir=rtl><bdi>Jenny</bdi></div>", "bdi").direction == .ltr)
        #expect(try Self.style("<div><bdi>إيان</bdi></div>", "bdi").direction == .rtl)
        #expect(try Self.style("<pre dir=auto>x</pre>", "pre").unicodeBidi == .plaintext)
    }

    @Test func logicalPropertiesFollowTheElementsDirection() throws {
        let rtlList = try Self.style("<ul dir=rtl><li>x</li></ul>", "ul")
        #expect(rtlList.padding.right == .px(40) && rtlList.padding.left == .px(0))
        let ltrList = try Self.style("<ul><li>x</li></ul>", "ul")
        #expect(ltrList.padding.left == .px(40) && ltrList.padding.right == .px(0))
        let rtlParagraph = try Self.style("<p style='direction:rtl;margin-inline:1px 2px;padding-inline-end:3px'>x</p>", "p")
        #expect(rtlParagraph.margin.right == .px(1) && rtlParagraph.margin.left == .px(2) && rtlParagraph.padding.left == .px(3))
    }

    @Test func textAlignStartAndEndResolveByDirection() throws {
        #expect(TextAlign.start.physical(in: .rtl) == .right)
        #expect(TextAlign.end.physical(in: .rtl) == .left)
        #expect(TextAlign.end.physical(in: .ltr) == .right)
        #expect(TextAlign.center.physical(in: .rtl) == .center)
        // An inherited `start` is the child's start, not the parent's.
        let child = try Self.style("<div dir=rtl style='text-align:start'><p dir=ltr>x</p></div>", "p")
        #expect(child.textAlign == .start && child.direction == .ltr)
    }

    /// `match-parent` takes the parent's alignment with `start`/`end` settled by the parent's
    /// direction (caniemail css-text-align: an rtl paragraph under it stays left-aligned).
    @Test func matchParentSettlesStartByTheParentsDirection() throws {
        let matched = try Self.style("<div><div style='text-align:match-parent'><p dir=rtl>x</p></div></div>", "p")
        #expect(matched.textAlign == .left)
        let fromRTL = try Self.style("<div dir=rtl style='text-align:end'><p style='text-align:-webkit-match-parent'>x</p></div>", "p")
        #expect(fromRTL.textAlign == .left)
        let centred = try Self.style("<div style='text-align:center'><p style='text-align:match-parent'>x</p></div>", "p")
        #expect(centred.textAlign == .center)
    }
}
