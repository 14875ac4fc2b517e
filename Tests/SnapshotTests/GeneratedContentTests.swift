import Foundation
import Testing
@testable import RenderCore

/// Generated content and lists (issue 13 Deliver 3): what `content`, counters, quotes and
/// counter styles write, checked through the laid-out text; markers and drop caps by pixels.
/// Box geometry is in the layout fixtures (generated-*.html, lists-*.html).
@Suite struct GeneratedContentTests {
    static func text(_ html: String) -> String {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844).text
    }

    @Test func beforeAndAfterAreText() {
        #expect(Self.text("<!DOCTYPE html><style>p::before{content:'[' attr(title) '] '} p:after{content:'\\2014 end'}</style><p title=t>x</p>")
                == "[t] x\u{2014}end")   // the escape takes the space after it
        // none, normal and an invalid value (which drops the whole declaration) make no box.
        #expect(Self.text("<style>p::before{content:none} p::after{content:'a' bogus}</style><p>x</p>") == "x")
        #expect(Self.text("<style>p::before{content:'a'} p::before{content:'b' 12px}</style><p>x</p>") == "ax")
    }

    @Test func countersNestAndSiblingsShareTheirScope() {
        let html = """
        <!DOCTYPE html><style>ol{counter-reset:i;list-style:none} li{counter-increment:i}
        li::before{content:counters(i,'.') ' '}</style>
        <ol><li>a<ol><li>b</li><li>c<ol><li>d</li></ol></li></ol></li><li>e</li></ol>
        """
        #expect(Self.text(html) == "1 a\n1.1 b\n1.2 c\n1.2.1 d\n2 e")
        // Without a reset, the first increment creates the counter for its siblings too; set comes after increment.
        #expect(Self.text("<style>p{counter-increment:n 5} p.s{counter-set:n 1} p::before{content:counter(n)}</style><p>a<p>b<p class=s>c<p>d")
                .split(separator: "\n") == ["5a", "10b", "1c", "6d"])
    }

    @Test func listItemCounterFollowsTheListAttributes() {
        let html = "<style>li::before{content:counter(list-item) ':'}</style><ol start=4><li>a<li value=9>b<li>c</ol><ul><li>d</ul>"
        #expect(Self.text(html) == "4:a\n9:b\n10:c\n1:d")
    }

    @Test func quotesNestByLanguage() {
        #expect(Self.text("<p><q>a <q>b</q></q></p>") == "\"a 'b'\"")
        #expect(Self.text("<p lang=en><q>a <q>b <q>c</q></q></q></p>") == "\u{201C}a \u{2018}b \u{2018}c\u{2019}\u{2019}\u{201D}")
        #expect(Self.text("<p lang=de><q>a</q></p>") == "\u{201E}a\u{201C}")
        #expect(Self.text("<style>p{quotes:'<' '>'} q::after{content:no-close-quote}</style><p><q>a</q><q>b</q></p>") == "<a<b")
    }

    @Test func counterStylesWriteAsTheSpecSays() {
        func write(_ name: String, _ value: Int) -> String { CounterStyle.of(.named(name))!.representation(value) }
        #expect(write("lower-roman", 1999) == "mcmxcix")
        #expect(write("upper-roman", 4000) == "4000")          // out of range: decimal
        #expect(write("lower-alpha", 27) == "aa")
        #expect(write("lower-alpha", 0) == "0")
        #expect(write("lower-greek", 25) == "αα")
        #expect(write("decimal-leading-zero", 7) == "07")
        #expect(write("decimal-leading-zero", -3) == "-3")
        #expect(write("armenian", 1234) == "ՌՄԼԴ")
        #expect(write("georgian", 1234) == "ჩსლდ")
        #expect(write("hebrew", 15) == "טו")
        #expect(write("cjk-decimal", 105) == "一〇五")
        #expect(write("hiragana", 2) == "い")
        #expect(write("unknown-style", 3) == "3")
        #expect(CounterStyle.of(.named("lower-roman"))!.markerText(3) == "iii. ")
        #expect(CounterStyle.of(.named("cjk-decimal"))!.markerText(3) == "三、")
        #expect(CounterStyle.of(.string("→ "))!.markerText(3) == "→ ")
        let symbols = CounterStyle(system: .symbolic, symbols: ["*", "†"], suffix: " ")
        #expect(symbols.representation(3) == "**")
        #expect(symbols.representation(1_000_000) == "1000000")   // too many repetitions: decimal
    }

    @Test func counterStyleRulesDefineListTypes() {
        let css = "@counter-style circled { system: fixed; symbols: Ⓐ Ⓑ; suffix: ' ' } "
            + "@counter-style stars { system: additive; additive-symbols: 5 '*****', 1 '*'; prefix: '['; suffix: '] ' } "
            + "@counter-style broken { system: numeric; symbols: x }"
        let html = "<style>\(css)</style><ol style='list-style:circled inside'><li>a<li>b<li>c</ol>"
            + "<ol style='list-style:stars inside' start=6><li>d</ol><ol style='list-style:broken inside'><li>e</ol>"
            + "<p style='list-style:symbols(cyclic \"x\") inside;display:list-item'>f</p>"
        // c: past the fixed symbols, in decimal; e: an invalid rule is dropped; f: symbols() is
        // not taken (so the whole shorthand is dropped and the disc stays outside, not text).
        #expect(Self.text(html) == "Ⓐ a\nⒷ b\n3 c\n[******] d\n1. e\nf")
    }

    @Test func insideMarkersAndListTypesAreText() {
        #expect(Self.text("<ol type=a style='list-style-position:inside'><li>x<li>y</ol>") == "a. x\nb. y")
        #expect(Self.text("<ol reversed style='list-style:upper-roman inside'><li>x<li>y</ol>") == "II. x\nI. y")
        #expect(Self.text("<ul style=\"list-style:inside '- '\"><li>x</ul>") == "- x")
    }

    @Test func markerTakesMarkerStylesAndIsDrawnAsWebKitsDisc() {
        let page = PaintedPage("<!DOCTYPE html><style>body{margin:0;font:16px serif} ul{margin:0} li::marker{color:#ff0000}</style><ul><li>x</ul>",
                               height: 20)
        // The disc: 5 px square at x 23..28, y 7..12 (ascent 14), filled with the marker's colour.
        #expect(page.colour(25.5, 9.5) == "#FF0000")
        #expect(page.colour(20, 9.5) == "#FFFFFF")
    }

    @Test func listStyleImageIsTheMarkerAndFallsBackToTheType() {
        let blue = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAAAFElEQVR4nGNkYPjPgBsw4ZEbwdIAPy4BE1xg8ZcAAAAASUVORK5CYII="
        let html = "<!DOCTYPE html><style>body{margin:0;font:16px serif} ul{margin:0}</style>"
            + "<ul style='list-style-image:url(\(blue))'><li>x</ul><ul style='list-style-image:url(missing.png)'><li>y</ul>"
        let page = PaintedPage(html, height: 40, images: ImageStore(baseDirectory: nil))
        // 10 px square, 7 px before the content at 40, its bottom on the baseline (14).
        #expect(page.colour(28, 8) == "#0000FF")
        #expect(page.colour(34, 8) == "#FFFFFF")
        // The second list's image is missing: a disc in the text colour.
        #expect(page.colour(26.5, 18 + 9.5) == "#000000")
    }

    @Test func firstLetterFloatsAsADropCap() {
        let html = """
        <!DOCTYPE html><style>body{margin:0;font:16px/20px serif;width:300px}
        p{margin:0} p::first-letter{float:left;font-size:60px;line-height:48px;color:#0000ff}</style>
        <p>Once upon a time there was a mail with a drop cap, floating over three lines of text here.</p>
        """
        let page = PaintedPage(html, height: 80)
        let blue = (0..<50).flatMap { x in (0..<50).map { y in page.colour(Double(x), Double(y)) } }.filter { $0 == "#0000FF" }
        #expect(blue.count > 50)
        #expect(page.document.text.contains("nce upon"))
    }

    @Test func firstLineTakesItsStylesOnTheFirstLineOnly() {
        let html = """
        <!DOCTYPE html><style>body{margin:0;font:16px/20px serif;width:200px}
        p{margin:0} p::first-line{color:#0000ff; background:#00ff00}</style>
        <p>The first line is blue and the lines after it are black as usual here.</p>
        """
        let page = PaintedPage(html, height: 60)
        let firstLine = (0..<200).map { page.colour(Double($0), 10) }
        let secondLine = (0..<200).map { page.colour(Double($0), 30) }
        #expect(firstLine.contains("#00FF00"))
        #expect(!secondLine.contains("#00FF00"))
    }

    // MARK: Hostile input

    @Test func hugeCountersStayWithin32Bits() throws {
        let html = "<style>p{counter-increment:c 2147483647} p::before{content:counter(c) ' '}</style>" + String(repeating: "<p>x", count: 3)
        #expect(Self.text(html).split(separator: "\n").map(String.init) == ["2147483647 x", "2147483647 x", "2147483647 x"])
        let text = Self.text("<style>p{counter-reset:c -99999999999999999999} p::before{content:counter(c)}</style><p>x")
        #expect(text == "-2147483648x")
    }

    @Test func deeplyNestedCountersAreCheapAndCapped() {
        let depth = 10_000
        let html = "<style>div{counter-reset:c} div::before{content:counters(c,'.')}</style>"
            + String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
        let start = Date()
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(document.height > 0)
    }

    @Test func hugeAttributeContentIsCut() {
        let value = String(repeating: "a", count: 1_000_000)
        let start = Date()
        let document = LaidOutDocument(html: "<style>p::after{content:attr(data-x) attr(data-x)}</style><p data-x=\(value)>x</p>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(document.height > 0)
    }
}
