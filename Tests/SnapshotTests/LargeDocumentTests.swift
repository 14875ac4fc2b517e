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
}
