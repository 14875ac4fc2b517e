import Testing
@testable import RenderCore

// MARK: - Helpers

private func kinds(_ css: String) -> [CSSToken.Kind] {
    CSSTokenizer.tokenize(css).map(\.kind)
}

private let phone = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false)
private let darkPhone = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: true)
private let desktop = MediaContext(viewportWidth: 1024, viewportHeight: 768, deviceWidth: 1440, deviceHeight: 900, darkMode: false)

/// Declarations of every rule, flattened, as "name:value" strings for compact assertions.
private func flatDeclarations(_ css: String, media: MediaContext = phone) -> [String] {
    Stylesheet.parse(css, media: media).rules.flatMap { rule in
        rule.declarations.map { "\($0.name):\($0.value)" + ($0.important ? "!" : "") }
    }
}

private func specificity(_ selector: String) -> Int? {
    Selector.parseList(selector)?.first?.specificity
}

/// <html><body>
///   <div id="main" class="wrap outer" lang="en-US" data-kind="hero banner">
///     "text"
///     <p class="first">…</p> <p>…</p> <span></span> <p class="last" title="Hello World">…</p>
///   </div>
///   <a href="x">link</a> <a name="anchor"></a>
/// </body></html>
private struct SampleDOM {
    var doc = DOMDocument()
    var html = 0, body = 0, div = 0, p1 = 0, p2 = 0, span = 0, p3 = 0, link = 0, anchor = 0

    init() {
        html = doc.append(.element("html"), to: doc.root)
        body = doc.append(.element("body"), to: html)
        div = doc.append(.element("div"),
                         attributes: ["id": "main", "class": "wrap  outer", "lang": "en-US", "data-kind": "hero banner"],
                         to: body)
        doc.append(.text("text"), to: div)
        p1 = doc.append(.element("p"), attributes: ["class": "first"], to: div)
        doc.append(.text("one"), to: p1)
        p2 = doc.append(.element("p"), to: div)
        doc.append(.text("two"), to: p2)
        doc.append(.text(" "), to: div)
        span = doc.append(.element("span"), to: div)
        p3 = doc.append(.element("p"), attributes: ["class": "last", "title": "Hello World"], to: div)
        doc.append(.text("three"), to: p3)
        link = doc.append(.element("a"), attributes: ["href": "x"], to: body)
        doc.append(.text("link"), to: link)
        anchor = doc.append(.element("a"), attributes: ["name": "anchor"], to: body)
    }

    /// The IDs of all elements matched by `selector` (nil if it does not parse).
    func matches(_ selector: String) -> [Int]? {
        guard let selectors = Selector.parseList(selector) else { return nil }
        return doc.nodes.indices.filter { id in selectors.contains { $0.matches(id, in: doc) } }
    }
}

// MARK: - Tokenizer

@Test func tokenizesBasicKinds() {
    #expect(kinds("a{color:red}") == [.ident("a"), .openCurly, .ident("color"), .colon, .ident("red"), .closeCurly])
    #expect(kinds("@media") == [.atKeyword("media")])
    #expect(kinds("#fff #1a") == [.hash("fff", isID: true), .whitespace, .hash("1a", isID: false)])
    #expect(kinds("calc(") == [.function("calc")])
    #expect(kinds("<!-- -->") == [.cdo, .whitespace, .cdc])
    #expect(kinds("a,b;[]()") == [.ident("a"), .comma, .ident("b"), .semicolon, .openSquare, .closeSquare, .openParen, .closeParen])
    #expect(kinds("> + ~ * !") == [.delim(">"), .whitespace, .delim("+"), .whitespace, .delim("~"), .whitespace, .delim("*"), .whitespace, .delim("!")])
    #expect(kinds("--custom -moz-x") == [.ident("--custom"), .whitespace, .ident("-moz-x")])
}

@Test func tokenizesNumbers() {
    #expect(kinds("12") == [.number(12, isInteger: true)])
    #expect(kinds("-1.5") == [.number(-1.5, isInteger: false)])
    #expect(kinds(".5em") == [.dimension(0.5, unit: "em")])
    #expect(kinds("50%") == [.percentage(50)])
    #expect(kinds("+3e2px") == [.dimension(300, unit: "px")])
    #expect(kinds("1e") == [.dimension(1, unit: "e")])
    #expect(kinds("2n+1") == [.dimension(2, unit: "n"), .number(1, isInteger: true)])
    #expect(kinds("1e999") == [.number(Double.greatestFiniteMagnitude, isInteger: false)])
}

@Test func tokenizesStringsAndEscapes() {
    #expect(kinds("'it''s'") == [.string("it"), .string("s")])
    #expect(kinds(#""a\"b""#) == [.string("a\"b")])
    #expect(kinds(#""\41 B""#) == [.string("AB")])
    #expect(kinds("\"unterminated") == [.string("unterminated")])
    #expect(kinds("\"bad\nx") == [.badString, .whitespace, .ident("x")])
    #expect(kinds("\"line\\\ncontinued\"") == [.string("linecontinued")])
    #expect(kinds(#"\31 23"#) == [.ident("123")])
    #expect(kinds(#"\0"#) == [.ident("\u{FFFD}")])
    #expect(kinds("é-ü") == [.ident("é-ü")])
    #expect(kinds("\\") == [.ident("\u{FFFD}")])   // escape at EOF
}

@Test func tokenizesURLs() {
    #expect(kinds("url(a.png)") == [.url("a.png")])
    #expect(kinds("URL(  a.png  )") == [.url("a.png")])
    #expect(kinds("url('a.png')") == [.function("url"), .string("a.png"), .closeParen])
    #expect(kinds("url(a b) x") == [.badURL, .whitespace, .ident("x")])
    #expect(kinds("url(a(b)") == [.badURL])
    #expect(kinds("url(unclosed") == [.url("unclosed")])
}

@Test func removesCommentsAndNormalisesNewlines() {
    #expect(kinds("a/* x */b") == [.ident("a"), .ident("b")])
    #expect(kinds("a /* unterminated") == [.ident("a"), .whitespace])
    #expect(kinds("a\r\nb\u{0C}c") == [.ident("a"), .whitespace, .ident("b"), .whitespace, .ident("c")])
    #expect(kinds("") == [])
}

@Test func tokenRangesCoverSource() {
    let tokens = CSSTokenizer.tokenize("ab /*c*/ 12px")
    #expect(tokens.map(\.range) == [0..<2, 2..<3, 8..<9, 9..<13])
}

@Test func tokenizerSurvivesHostileInput() {
    let hostile = ["\\", "#", "@", "-", "--", "+.", "url(", "url(\\", "'\\", "/*", "<!-", "\u{0}", "((((]]]}}}", "1e+", "\\\n"]
    for input in hostile {
        let tokens = CSSTokenizer.tokenize(input)
        #expect(tokens.last.map { $0.range.upperBound <= input.utf8.count + 4 } ?? true)
    }
    let deep = String(repeating: "(", count: 50_000) + String(repeating: "[{", count: 50_000)
    #expect(CSSTokenizer.tokenize(deep).count == 150_000)
    #expect(Stylesheet.parse(deep, media: phone).rules.isEmpty)
}

// MARK: - Declarations and error recovery

@Test func parsesDeclarationListWithImportant() {
    let declarations = parseDeclarationList(" Color : Red !IMPORTANT; margin:0 auto ;;padding: 1px/* c */ 2px ! important ")
    #expect(declarations == [
        Declaration(name: "color", value: "Red", important: true),
        Declaration(name: "margin", value: "0 auto", important: false),
        Declaration(name: "padding", value: "1px 2px", important: true),
    ])
}

@Test func declarationValuesKeepRawTextWithoutComments() {
    let declarations = parseDeclarationList("""
    margin: 1px/**/2px; background: URL( a.png ) no-repeat; content: "x !important"; font: 12px /* size */ Arial
    """)
    #expect(declarations.map(\.value) == ["1px 2px", "URL( a.png ) no-repeat", "\"x !important\"", "12px  Arial"])
    #expect(declarations[2].important == false)
    #expect(parseDeclarationList("color: !important; width: 1px").map(\.name) == ["width"])   // empty value dropped
}

@Test func tokenizesLargeInputWithoutBlowup() {
    let chunk = ".a > b[c=\"d\"] { margin: 0 auto 1.5em; color: #fff !important } /* note */ @media (max-width: 600px) {}\n"
    let css = String(repeating: chunk, count: 2_000)
    let tokens = CSSTokenizer.tokenize(css)
    #expect(tokens.count == 2_000 * 47)   // 47 tokens per chunk (the comment yields none)
    #expect(tokens.last?.range.upperBound == css.utf8.count)
    #expect(Stylesheet.parse(css, media: phone).rules.count == 2_000)
}

@Test func skipsBadDeclarationsUpToSemicolon() {
    let declarations = parseDeclarationList("color: red; 12px garbage {;} (a;b); *zoom: 1; : x; width: ; height: 5px")
    #expect(declarations.map(\.name) == ["color", "height"])
    // A ";" inside a block does not end the bad declaration; an unclosed "[" runs to the end.
    #expect(parseDeclarationList("a: 1; ] {x;y}; b: 2").map(\.name) == ["a", "b"])
    #expect(parseDeclarationList("a: 1; [; b: 2").map(\.name) == ["a"])
    #expect(parseDeclarationList("font-family: 'a;b', serif; c: d").first?.value == "'a;b', serif")
}

@Test func keepsVendorAndMsoProperties() {
    let declarations = parseDeclarationList("mso-line-height-rule: exactly; -webkit-text-size-adjust: 100%; --brand: #f00")
    #expect(declarations.map(\.name) == ["mso-line-height-rule", "-webkit-text-size-adjust", "--brand"])
}

@Test func garbageDeclarationBetweenGoodOnesKeepsBoth() {
    #expect(flatDeclarations("p { color: red; this is ! garbage; margin: 0 }") == ["color:red", "margin:0"])
}

@Test func unknownAtRulesAreSkippedWithTheirBlocks() {
    let css = """
    a { color: red }
    @font-face { font-family: X; src: url(x.woff) }
    @import url("x.css");
    @keyframes spin { from { top: 0 } to { top: 10px } }
    @page :first { margin: 1in }
    @-ms-viewport { width: device-width }
    @container (min-width: 1px) { b { display: grid } }
    b { color: blue }
    """
    let sheet = Stylesheet.parse(css, media: phone)
    #expect(sheet.rules.count == 2)
    #expect(flatDeclarations(css) == ["color:red", "color:blue"])
}

@Test func invalidSelectorDropsOnlyThatRule() {
    #expect(flatDeclarations("a { x: 1 } a:unknown, b { x: 2 } b { x: 3 } p::before { x: 4 }") == ["x:1", "x:3", "x:4"])
    #expect(flatDeclarations("{ x: 1 } a { x: 2 }") == ["x:2"])
    #expect(flatDeclarations("a { x: 1 } b { x: 2") == ["x:1", "x:2"])   // EOF closes the block
    #expect(flatDeclarations("a { x: 1 } b") == ["x:1"])                   // rule without a block is dropped
}

@Test func ignoresHTMLCommentMarkersAtTopLevel() {
    #expect(flatDeclarations("<!-- a { x: 1 } --> b { y: 2 }") == ["x:1", "y:2"])
}

@Test func nestedAtRuleInsideStyleRuleIsSkipped() {
    #expect(flatDeclarations("a { x: 1; @media print { y: 2 } z: 3 }") == ["x:1", "z:3"])
}

// MARK: - @media

@Test func mediaMaxWidthMatchesPhone() {
    let css = "a { x: 1 } @media only screen and (max-width: 600px) { a { x: 2 } b { y: 3 } } c { z: 4 }"
    #expect(flatDeclarations(css, media: phone) == ["x:1", "x:2", "y:3", "z:4"])
    #expect(flatDeclarations(css, media: desktop) == ["x:1", "z:4"])
}

@Test func mediaMinWidthDoesNotMatchPhone() {
    #expect(flatDeclarations("@media screen and (min-width:600px) { a { x: 1 } }", media: phone) == [])
    #expect(flatDeclarations("@media screen and (min-width:600px) { a { x: 1 } }", media: desktop) == ["x:1"])
}

@Test func mediaTypesAndLogic() {
    func matches(_ query: String, _ context: MediaContext = phone) -> Bool {
        !flatDeclarations("@media \(query) { a { x: 1 } }", media: context).isEmpty
    }
    #expect(matches("all"))
    #expect(matches("screen"))
    #expect(!matches("print"))
    #expect(matches("print, screen"))
    #expect(matches("not print"))
    #expect(!matches("not screen"))
    #expect(!matches("not all and (max-width: 600px)"))
    #expect(matches("SCREEN AND (MAX-WIDTH: 37.5em)"))               // 600px
    #expect(!matches("screen and (max-width: 20em)"))                 // 320px
    #expect(matches("(width: 390px)"))
    #expect(matches("(max-device-width: 480px)"))
    #expect(!matches("(min-device-width: 480px)"))
    #expect(matches("(min-device-width: 480px)", desktop))
    #expect(matches("(min-height: 800px) and (max-height: 900px)"))
    #expect(matches("(orientation: portrait)"))
    #expect(matches("(orientation: landscape)", desktop))
    #expect(matches("(-webkit-min-device-pixel-ratio: 2)"))
    #expect(!matches("(-webkit-min-device-pixel-ratio: 4)"))
    #expect(matches("(min-resolution: 192dpi)"))
    #expect(matches("(min-resolution: 2dppx)"))
    #expect(!matches("(hover: hover)"))                               // unknown feature
    #expect(!matches("(max-width: 600)"))                             // unitless length is invalid
    #expect(!matches("screen and"))
    #expect(!matches("tv"))
    #expect(matches("(width <= 600px)"))
    #expect(matches("(400px > width)"))
    #expect(matches("not (min-width: 600px)"))
    #expect(matches("(min-width: 600px) or (max-width: 400px)"))
    #expect(matches(""))                                              // empty list matches all
}

@Test func prefersColorScheme() {
    let css = "@media (prefers-color-scheme: dark) { a { x: dark } } @media (prefers-color-scheme: light) { a { x: light } }"
    #expect(flatDeclarations(css, media: darkPhone) == ["x:dark"])
    #expect(flatDeclarations(css, media: phone) == ["x:light"])
}

@Test func nestedMediaFlattensInSourceOrder() {
    let css = "a{n:0} @media screen { b{n:1} @media (max-width: 600px) { c{n:2} } @media print { d{n:3} } e{n:4} } f{n:5}"
    #expect(flatDeclarations(css) == ["n:0", "n:1", "n:2", "n:4", "n:5"])
}

// MARK: - Selectors

@Test func matchesTypeUniversalClassAndID() {
    let dom = SampleDOM()
    #expect(dom.matches("P") == [dom.p1, dom.p2, dom.p3])
    #expect(dom.matches("*")?.count == 9)
    #expect(dom.matches(".outer") == [dom.div])
    #expect(dom.matches(".Outer") == [])                       // classes are case-sensitive
    #expect(dom.matches("div.wrap.outer#main") == [dom.div])
    #expect(dom.matches("#main") == [dom.div])
    #expect(dom.matches("#MAIN") == [])
    #expect(dom.matches("a, span") == [dom.span, dom.link, dom.anchor])
}

@Test func matchesAttributeSelectors() {
    let dom = SampleDOM()
    #expect(dom.matches("[title]") == [dom.p3])
    #expect(dom.matches("[title='Hello World']") == [dom.p3])
    #expect(dom.matches("[title=\"hello world\" i]") == [dom.p3])
    #expect(dom.matches("[title='hello world']") == [])
    #expect(dom.matches("[data-kind~=banner]") == [dom.div])
    #expect(dom.matches("[data-kind~=ban]") == [])
    #expect(dom.matches("[lang|=en]") == [dom.div])
    #expect(dom.matches("[lang|=en-u]") == [])
    #expect(dom.matches("[title^=Hell]") == [dom.p3])
    #expect(dom.matches("[title$=rld]") == [dom.p3])
    #expect(dom.matches("[title*='o W']") == [dom.p3])
    #expect(dom.matches("[title^='']") == [])
    #expect(dom.matches("[TITLE]") == [dom.p3])                 // attribute names are case-insensitive
}

@Test func matchesCombinators() {
    let dom = SampleDOM()
    #expect(dom.matches("body p") == [dom.p1, dom.p2, dom.p3])
    #expect(dom.matches("body > p") == [])
    #expect(dom.matches("div>p") == [dom.p1, dom.p2, dom.p3])
    #expect(dom.matches("p + p") == [dom.p2])                  // text between siblings is skipped
    #expect(dom.matches("p + span") == [dom.span])
    #expect(dom.matches(".first ~ p") == [dom.p2, dom.p3])
    #expect(dom.matches("html div > span + p.last") == [dom.p3])
    #expect(dom.matches("div a") == [])
    #expect(dom.matches("div ~ a") == [dom.link, dom.anchor])
}

@Test func matchesStructuralPseudoClasses() {
    let dom = SampleDOM()
    #expect(dom.matches("p:first-child") == [dom.p1])
    #expect(dom.matches("p:last-child") == [dom.p3])
    #expect(dom.matches(":only-child") == [dom.html, dom.body])
    #expect(dom.matches("div :nth-child(2)") == [dom.p2])
    #expect(dom.matches("div :nth-child(odd)") == [dom.p1, dom.span])
    #expect(dom.matches("div :nth-child(even)") == [dom.p2, dom.p3])
    #expect(dom.matches("div :nth-child(2n+1)") == [dom.p1, dom.span])
    #expect(dom.matches("div :nth-child(-n + 2)") == [dom.p1, dom.p2])
    #expect(dom.matches("div :nth-child(n+3)") == [dom.span, dom.p3])
    #expect(dom.matches("div :nth-last-child(1)") == [dom.p3])
    #expect(dom.matches("p:first-of-type") == [dom.p1])
    #expect(dom.matches("p:last-of-type") == [dom.p3])
    #expect(dom.matches("span:first-of-type") == [dom.span])
    #expect(dom.matches("div :nth-of-type(2)") == [dom.p2])
    #expect(dom.matches(":root") == [dom.html])
    #expect(dom.matches(":empty") == [dom.span, dom.anchor])
    #expect(dom.matches(":link") == [dom.link])
    #expect(dom.matches("a:hover, a:visited, a:active, a:focus") == [])
    #expect(Selector.parseList(":nth-child(2 n)") == nil)
    #expect(Selector.parseList(":nth-child(+ 2)") == nil)
}

@Test func matchesNegationAndMatchesAny() {
    let dom = SampleDOM()
    #expect(dom.matches("p:not(.first)") == [dom.p2, dom.p3])
    #expect(dom.matches("div > :not(p, span)") == [])
    #expect(dom.matches("p:not(:first-child):not(:last-child)") == [dom.p2])
    #expect(dom.matches(":is(span, .last)") == [dom.span, dom.p3])
}

@Test func pseudoElementsAreValidButNeverMatch() {
    let dom = SampleDOM()
    #expect(dom.matches("p::before") == [])
    #expect(dom.matches("p:after") == [])
    #expect(dom.matches("p::first-line") == [])
    #expect(dom.matches("p::-webkit-input-placeholder") == [])
    #expect(dom.matches("p::before, .first") == [dom.p1])
    #expect(Selector.parseList("p::bogus") == nil)
    #expect(Selector.parseList("p::before span") == nil)
    #expect(Selector.parseList("p::before.x") == nil)
    #expect(Selector.parseList("a::before:hover")?.first?.matches(dom.link, in: dom.doc) == false)
}

@Test func rejectsInvalidSelectors() {
    for text in ["", "a,", ",a", "a >", "> a", "a:unknown", ":nth-child(x)", ".", "#1a", "[a=]", "[a~ =b]",
                 "a..b", "[a=b c]", ":not(::before)", "ns|a", "a{", "a !b", ":not()"] {
        #expect(Selector.parseList(text) == nil, "\(text)")
    }
    #expect(Selector.parseList("a , b")?.count == 2)
}

@Test func computesSpecificity() {
    #expect(specificity("#a .b p") == 10101)
    #expect(specificity("ul li:first-child") == 102)   // (0,1,2): one pseudo-class, two types
    #expect(specificity("*") == 0)
    #expect(specificity("a[href]:hover") == 201)
    #expect(specificity("p::before") == 2)
    #expect(specificity("div:not(#x, .y) span") == 10002)
    #expect(specificity(":where(#x) a") == 1)
    #expect(specificity(":is(.a, p) b") == 101)
    #expect(specificity("li:nth-child(2n+1)") == 101)
    #expect(Selector.parseList("#a, p.b")?.map(\.specificity) == [10000, 101])
    let manyClasses = String(repeating: ".x", count: 150)
    #expect(specificity(manyClasses) == 9900)                              // each part capped at 99
}

@Test func matchingSurvivesDeepAndWideSelectors() {
    var doc = DOMDocument()
    var parent = doc.root
    for _ in 0..<300 { parent = doc.append(.element("div"), to: parent) }
    let chain = Array(repeating: "div", count: 200).joined(separator: " ") + " span"
    let selector = Selector.parseList(chain)?.first
    #expect(selector != nil)
    #expect(selector?.matches(parent, in: doc) == false)
    #expect(Selector.parseList(Array(repeating: "a", count: 1000).joined(separator: " ")) == nil)
    #expect(Selector.parseList(String(repeating: ":not(", count: 100) + "a" + String(repeating: ")", count: 100)) == nil)
}

// MARK: - Colours

@Test func parsesHexColours() {
    #expect(CSSColor.parse("#fff") == .white)
    #expect(CSSColor.parse(" #000000 ") == .black)
    #expect(CSSColor.parse("#FF000080") == RGBA(r: 1, g: 0, b: 0, a: 128.0 / 255))
    #expect(CSSColor.parse("#0f08") == RGBA(r: 0, g: 1, b: 0, a: 136.0 / 255))
    #expect(CSSColor.parse("#12345") == nil)
    #expect(CSSColor.parse("#ggg") == nil)
    #expect(CSSColor.parse("fff") == nil)
}

@Test func parsesFunctionalColours() {
    #expect(CSSColor.parse("rgb(255, 0, 0)") == RGBA(r: 1, g: 0, b: 0, a: 1))
    #expect(CSSColor.parse("RGBA(0,0,255,0.5)") == RGBA(r: 0, g: 0, b: 1, a: 0.5))
    #expect(CSSColor.parse("rgb(100% 50% 0% / 25%)") == RGBA(r: 1, g: 0.5, b: 0, a: 0.25))
    #expect(CSSColor.parse("rgb(300 -5 0)") == RGBA(r: 1, g: 0, b: 0, a: 1))
    #expect(CSSColor.parse("rgba(0, 0, 0, 0)") == .transparent)
    #expect(CSSColor.parse("hsl(120, 100%, 50%)") == RGBA(r: 0, g: 1, b: 0, a: 1))
    #expect(CSSColor.parse("hsla(0deg 100% 50% / 0.5)") == RGBA(r: 1, g: 0, b: 0, a: 0.5))
    #expect(CSSColor.parse("hsl(0.5turn, 100%, 50%)") == RGBA(r: 0, g: 1, b: 1, a: 1))
    #expect(CSSColor.parse("hsl(0, 0%, 100%)") == .white)
    #expect(CSSColor.parse("rgb(1, 2)") == nil)
    #expect(CSSColor.parse("rgb(1 2 3 4)") == nil)
    #expect(CSSColor.parse("rgb(1,,2,3)") == nil)
    #expect(CSSColor.parse("rgb(1, 2, 3) x") == nil)
    #expect(CSSColor.parse("gray(50%)") == nil)  // never shipped: no browser takes it
}

@Test func parsesNamedColours() {
    #expect(CSSColor.namedColorHex.count == 148)
    #expect(CSSColor.parse("Red") == RGBA(r: 1, g: 0, b: 0, a: 1))
    #expect(CSSColor.parse(" rebeccapurple ") == RGBA(r: 0x66 / 255, g: 0x33 / 255, b: 0x99 / 255, a: 1))
    #expect(CSSColor.parse("LightGoldenRodYellow") == RGBA(r: 0xFA / 255, g: 0xFA / 255, b: 0xD2 / 255, a: 1))
    #expect(CSSColor.parse("transparent") == .transparent)
    #expect(CSSColor.parse("currentcolor") == nil)
    #expect(CSSColor.parse("notacolor") == nil)
    #expect(CSSColor.parse("") == nil)
    #expect(CSSColor.parse("red blue") == nil)
}

@Test func valuesSplitOnTopLevelWhitespaceOnly() {
    #expect(PropertyValues.components("1px solid rgb(1, 2, 3)") == ["1px", "solid", "rgb(1, 2, 3)"])
    #expect(PropertyValues.components("url(\"a b.png\")  no-repeat\tcalc(100% - 10px)") == ["url(\"a b.png\")", "no-repeat", "calc(100% - 10px)"])
    #expect(PropertyValues.components("  ") == [])
}
