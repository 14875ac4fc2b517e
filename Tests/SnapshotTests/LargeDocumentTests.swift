import Foundation
import Testing
@testable import RenderCore

/// The shortcuts that keep styling and layout linear in a document's size give the results
/// the plain ways gave: the rule index finds the rules a scan of every rule finds, the fast
/// trim trims as Foundation does.
@Suite struct LargeDocumentTests {
    static let media = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false)

    /// Each rule with the highest specificity among its selectors that match, by scanning
    /// every rule of the sheet (what the cascade did before the index).
    static func scannedMatches(_ sheet: Stylesheet, _ node: DOMDocument.NodeID, _ dom: DOMDocument) -> [Int: Int] {
        var best: [Int: Int] = [:]
        for (order, rule) in sheet.rules.enumerated() {
            for selector in rule.selectors where selector.matches(node, in: dom) {
                best[order] = max(best[order] ?? -1, selector.specificity)
            }
        }
        return best
    }

    @Test func ruleIndexFindsWhatScanningEveryRuleFinds() {
        let css = """
            p { color: red } .a { color: blue } #x { color: green } * { margin: 0 }
            div p.a, #y > span { color: gray } .a.b { color: black } p:first-child { color: pink }
            [title] { color: navy } .A { color: teal } span:not(.a) { color: olive } ::before { color: red }
            div#x.a.b span { color: maroon } :is(.b, #z) { color: lime } li:nth-child(2n) { color: aqua }
            P { color: fuchsia } #x, .b, em { color: silver } p::first-line { color: red }
            """
        let html = """
            <div id="x" class="a b"><p class="a">one</p><p class="a  a b" title="t">two</p>
            <span id="y"><span class="A">three</span><em class="b">four</em></span></div>
            <ul><li>1</li><li id="z">2</li><li class="b a">3</li><li class="">4</li></ul><p id="X">five</p>
            """
        let dom = HTMLParser.parse(html)
        let sheet = Stylesheet.parse(css, media: Self.media)
        let index = RuleIndex(sheet)
        var elements = 0
        for node in dom.nodes.indices where dom[node].tag != nil {
            var indexed: [Int: Int] = [:]
            index.forEachCandidate(of: node, in: dom) { entry in
                let selector = sheet.rules[entry.rule].selectors[entry.selector]
                if selector.matches(node, in: dom) { indexed[entry.rule] = max(indexed[entry.rule] ?? -1, selector.specificity) }
            }
            #expect(indexed == Self.scannedMatches(sheet, node, dom), "element \(node) <\(dom[node].tag!)>")
            elements += 1
        }
        #expect(elements > 12)
    }

    @Test func trimmingWhitespacesTrimsAsFoundationDoes() {
        let spaces = ["", " ", "\t", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200B}", "\u{202F}", "\u{205F}", "\u{3000}",
                      "\n", "\r", "\u{0C}", "\u{85}", "\u{2028}", "\u{FEFF}", " \u{301}"]
        let cores = ["", "x", "12px", "a b", "é", "\u{1F600}", "\u{301}x", "x\u{200B}y"]
        for left in spaces {
            for core in cores {
                for right in spaces {
                    let text = left + core + right
                    #expect(text.trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                    #expect(text[...].trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces))
                }
            }
        }
    }

    /// Every glyph of a document with its position (colours aside).
    static func glyphs(_ html: String) -> [Glyph] {
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        return document.displayList.entries.flatMap { entry -> [Glyph] in
            if case .glyphs(let run) = entry.item { return run.glyphs }
            return []
        }
    }

    /// Colour spans do not change the fonts, so 5000 of them break and place the words
    /// exactly where the plain paragraph has them.
    @Test func paragraphOfFiveThousandSpansLaysOutAsPlainText() {
        let words = (0..<5000).map { "word\($0 % 97)" }
        let plain = "<p>" + words.joined(separator: " ") + "</p>"
        let spans = "<p>" + words.enumerated().map { index, word in
            "<span style=\"color:#\(index % 2 == 0 ? "c00" : "00c")\">\(word)</span>"
        }.joined(separator: " ") + "</p>"
        let expected = Self.glyphs(plain)
        #expect(expected.count > 20_000)
        #expect(Self.glyphs(spans) == expected)
    }

    /// Thousands of slashes, each suppressing pango's break after it, still never let a line
    /// break after one: every line starts after a space.
    @Test func paragraphWithThousandsOfSlashesNeverBreaksAfterOne() {
        let text = (0..<1500).map { "a/b/c/\($0 % 10)" }.joined(separator: " ")
        var content = InlineContent()
        content.items = [.text(text, ComputedStyle())]
        FontAccess.shared.lockExclusively()
        defer { FontAccess.shared.unlock() }
        let result = InlineLayout(fonts: .shared, container: ComputedStyle()).layout(content, width: 150) { _ in }
        let bytes = Array(text.utf8)
        #expect(result.lineStarts.count > 100)
        for start in result.lineStarts.dropFirst() {
            #expect(bytes[start - 1] == UInt8(ascii: " "), "a line starts at byte \(start)")
        }
    }

    /// Paths number same-tag siblings among thousands of children.
    @Test func domPathsNumberThousandsOfSiblings() {
        let children = (0..<3000).map { $0 % 3 == 0 ? "<div>d</div>" : "<p>p</p>" }.joined()
        let document = LaidOutDocument(html: "<body>" + children + "</body>", viewportWidth: 390, viewportHeight: 844)
        let paths = Set(document.boxes.map(\.path))
        #expect(paths.contains("/body[0]/div[999]"))
        #expect(paths.contains("/body[0]/p[1999]"))
        #expect(!paths.contains("/body[0]/p[2000]"))
        #expect(document.boxes.count == 3001)
    }
}
