import Foundation
import Testing
@testable import RenderCore

// Selectors Level 4, CSS Nesting, @supports, @layer and the phone's media features, with the
// answers the specs and WebKit give.

private let phone = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false)

/// A document styled for a phone; `width(of: "x")` is the used `width` in px of `#x`.
private struct Styled {
    let styled: StyledDocument

    init(_ html: String, media: MediaContext = phone) {
        styled = Cascade.style(HTMLParser.parse(html), media: media)
    }

    func style(_ id: String) -> ComputedStyle? {
        let dom = styled.dom
        guard let node = dom.nodes.indices.first(where: { dom[$0].attributes["id"] == id }) else { return nil }
        return styled.styles[node]
    }

    /// The `width` the cascade gave `#id`, in px (0 for auto).
    func width(_ id: String) -> Double {
        if case .px(let value)? = style(id)?.width { return value }
        return 0
    }
}

private func specificity(_ selector: String) -> Int? {
    Selector.parseList(selector)?.first?.specificity
}

/// IDs of the elements `selector` matches in `html`.
private func matched(_ selector: String, in html: String) -> [String]? {
    let dom = HTMLParser.parse(html)
    guard let selectors = Selector.parseList(selector) else { return nil }
    let context = SelectorMatchContext()
    return dom.nodes.indices.filter { node in selectors.contains { $0.matches(node, in: dom, context: context) } }
        .compactMap { dom[$0].attributes["id"] }
}

// MARK: - Specificity (Selectors 4 §17)

@Test func specificityOfFunctionalPseudoClasses() {
    #expect(specificity(":is(#a, .b, c)") == 10000)            // the most specific argument
    #expect(specificity("p:where(#a, .b)") == 1)                 // :where() adds nothing
    #expect(specificity(":not(.a, #b)") == 10000)
    #expect(specificity("div:has(> a.b)") == 102)
    #expect(specificity(":nth-child(2n of .a, #b)") == 10100)    // the pseudo-class plus its most specific S
    #expect(specificity(":nth-child(2n)") == 100)
    #expect(specificity(":lang(en)") == 100)
    #expect(specificity(":dir(rtl)") == 100)
    #expect(specificity(":checked") == 100)
}

@Test func nestedSelectorsCountTheParentAsIs() throws {
    let sheet = Stylesheet.parse("#a, .b { & .c { color: red } .d { color: blue } }", media: phone)
    #expect(sheet.rules.map { $0.selectors.map(\.specificity) } == [[10100], [10100]])
}

// MARK: - Validity

@Test func unknownPseudoClassesDropTheRuleButIsAndWhereForgive() {
    #expect(Selector.parseList("a:bogus") == nil)
    #expect(Selector.parseList(":not(:bogus)") == nil)
    #expect(Selector.parseList(":has(:bogus)") == nil)
    #expect(Selector.parseList(":is(:bogus, .a)")?.count == 1)
    #expect(Selector.parseList(":where(:bogus)")?.count == 1)      // valid, matches nothing
    #expect(matched(":where(:bogus)", in: "<p id=p>") == [])
    #expect(Selector.parseList(":has(:has(a))") == nil)           // :has() never nests
    #expect(matched(":has(:is(:has(a)))", in: "<p id=p><a>") == [])   // :is() forgives the inner :has()
    #expect(Selector.parseList(":has(::before)") == nil)
    #expect(Selector.parseList(":is(::before)")?.count == 1)       // forgiven, so empty
    #expect(Selector.parseList(":hover, :focus-visible, :target, :visited, :autofill")?.count == 5)
}

@Test func ruleWithAnInvalidSelectorIsDropped() {
    let page = Styled("<style>#a, p:unknown-state { width: 10px } #a:is(p, :nope) { height: 5px }</style><p id=a>")
    #expect(page.width("a") == 0)
    #expect(page.style("a")?.height == .px(5))
}

// MARK: - :has()

@Test func hasMatchesRelativeSelectors() {
    let html = """
    <div id=d1><p id=p1><a id=a1>x</a></p></div>
    <div id=d2><span id=s2></span><p id=p2></p></div>
    <div id=d3><p id=p3 class=x></p></div><b id=b3></b>
    """
    #expect(matched("div:has(a)", in: html) == ["d1"])
    #expect(matched("div:has(> a)", in: html) == [])
    #expect(matched("p:has(> a)", in: html) == ["p1"])
    #expect(matched("span:has(+ p)", in: html) == ["s2"])
    #expect(matched("div:has(~ b)", in: html) == ["d1", "d2", "d3"])
    #expect(matched("div:has(+ b)", in: html) == ["d3"])
    #expect(matched("div:has(p.x, a)", in: html) == ["d1", "d3"])
    #expect(matched("div:has(p a)", in: html) == ["d1"])
    #expect(matched("div:has(> p > a)", in: html) == ["d1"])
    #expect(matched(":has(> #a1)", in: html) == ["p1"])
    #expect(matched("div:not(:has(p))", in: html) == [])
}

@Test func hasOnADeepTreeCostsOneWalk() {
    // 500 nested divs, a link at the bottom: every div has it, found in one walk.
    let html = String(repeating: "<div>", count: 500) + "<a id=x>x</a>" + String(repeating: "</div>", count: 500)
    let dom = HTMLParser.parse(html)
    let selector = Selector.parseList("div:has(a)")![0]
    let context = SelectorMatchContext()
    let start = Date()
    let count = dom.nodes.indices.filter { selector.matches($0, in: dom, context: context) }.count
    #expect(count >= 400)
    #expect(context.hasStepsLeft > SelectorMatchContext.standardHasSteps - 2_000)
    #expect(Date().timeIntervalSince(start) < timeBudget(2))
}

@Test func hasWorkIsBudgeted() {
    let html = "<div>" + String(repeating: "<p><i></i></p>", count: 2_000) + "</div>"
    let dom = HTMLParser.parse(html)
    let selector = Selector.parseList(":has(~ p i)")![0]   // each p walks its later siblings' subtrees
    let context = SelectorMatchContext(hasSteps: 50_000)
    for node in dom.nodes.indices { _ = selector.matches(node, in: dom, context: context) }
    #expect(context.hasStepsLeft == 0)
}

// MARK: - :lang(), :dir()

@Test func langUsesExtendedFilteringOnTheInheritedLanguage() {
    #expect(LanguageRange.matches(range: "de", language: "de-DE"))
    #expect(LanguageRange.matches(range: "de-DE", language: "de-Latn-DE"))
    #expect(LanguageRange.matches(range: "de-DE", language: "de-DE-x-goethe"))
    #expect(!LanguageRange.matches(range: "de-DE", language: "de-x-DE"))   // a singleton stops the skipping
    #expect(LanguageRange.matches(range: "*-CH", language: "fr-CH"))
    #expect(LanguageRange.matches(range: "EN", language: "en-us"))
    #expect(!LanguageRange.matches(range: "en", language: "eng"))
    let html = "<div lang=en-GB><p id=a><span id=b lang=fr>x</span></p></div><p id=c>"
    #expect(matched(":lang(en)", in: html) == ["a"])
    #expect(matched("p:lang(\"*-GB\", fr)", in: html) == ["a"])
    #expect(matched("span:lang(fr)", in: html) == ["b"])
    #expect(Selector.parseList(":lang()") == nil)
    #expect(Selector.parseList(":lang(en,)") == nil)
}

@Test func dirFollowsTheInheritedDirectionality() {
    let html = "<div dir=rtl><p id=a></p><p id=b dir=ltr></p><p id=c dir=auto>שלום</p></div><p id=d></p>"
    #expect(matched("p:dir(rtl)", in: html) == ["a", "c"])
    #expect(matched("p:dir(ltr)", in: html) == ["b", "d"])
    #expect(matched("p:dir(up)", in: html) == [])
}

// MARK: - Structural

@Test func nthChildOfSelectorCountsOnlyMatchingSiblings() {
    let html = "<ul><li id=a class=x></li><li id=b></li><li id=c class=x></li><li id=d class=x></li></ul>"
    #expect(matched(":nth-child(2 of .x)", in: html) == ["c"])
    #expect(matched(":nth-last-child(1 of .x)", in: html) == ["d"])
    #expect(matched(":nth-child(odd of li.x)", in: html) == ["a", "d"])
    #expect(matched("li:nth-of-type(2)", in: html) == ["b"])
    #expect(Selector.parseList(":nth-of-type(1 of p)") == nil)
}

// MARK: - Form states

@Test func formStatesAsTheMarkupLeavesThem() {
    let html = """
    <form>
      <input id=t1 required><input id=t2 value=v readonly><input id=t3 disabled placeholder=P>
      <input id=t4 placeholder=Q><input id=e1 type=email value=nope><input id=n1 type=number min=1 max=5 value=9>
      <input id=c1 type=CHECKBOX checked><input id=r1 type=radio name=g checked><input id=r2 type=radio name=g checked>
      <select id=s1><option id=o1>a</option><option id=o2>b</option></select>
      <button id=b1>go</button><input id=b2 type=submit>
      <fieldset id=f1 disabled><legend><input id=l1></legend><input id=l2></fieldset>
    </form>
    <div contenteditable><span id=ce></span></div>
    """
    #expect(matched(":checked", in: html) == ["c1", "r2", "o1"])        // the last checked radio of a group; the first option
    #expect(matched(":default", in: html) == ["c1", "r1", "r2", "b1"]) // checked as written, the form's first submit button
    #expect(matched("input:disabled", in: html) == ["t3", "l2"])       // a disabled fieldset, except its first legend
    #expect(matched("input:required", in: html) == ["t1"])
    #expect(matched("input:read-write", in: html) == ["t1", "t4", "e1", "n1", "l1"])
    #expect(matched("span:read-write", in: html) == ["ce"])
    #expect(matched(":placeholder-shown", in: html) == ["t3", "t4"])
    #expect(matched("input:invalid", in: html) == ["t1", "e1", "n1"])
    #expect(matched(":out-of-range", in: html) == ["n1"])
    #expect(matched("[type=checkbox]", in: html) == ["c1"])             // `type` compares case-insensitively
    #expect(matched("[type=checkbox s]", in: html) == [])
}

// MARK: - Nesting

@Test func nestingFlattensInSourceOrder() {
    let sheet = Stylesheet.parse("""
    .a { color: red; .b { color: blue } > .c { color: green } &:hover { color: pink } width: 1px;
         @media (min-width: 1px) { height: 2px; .d { margin: 0 } } @media (min-width: 9999px) { .e { margin: 1px } } }
    """, media: phone)
    #expect(sheet.rules.map { $0.declarations.map(\.name) } == [["color"], ["color"], ["color"], ["color"], ["width"], ["height"], ["margin"]])
    let page = Styled("""
    <style>.a { & .b { width: 5px } > .c { width: 6px } .x & { width: 7px } span { width: 8px } }</style>
    <div class=a><p class=b id=b></p><p class=c id=c></p><span id=s></span></div><div class=x><i class=a id=i></i></div>
    """)
    #expect(page.width("b") == 5)
    #expect(page.width("c") == 6)
    #expect(page.width("i") == 7)
    #expect(page.width("s") == 8)
}

@Test func deepNestingIsCappedAndFast() {
    let css = String(repeating: ".a { & & { ", count: 10_000) + "color: red" + String(repeating: " } }", count: 10_000)
    let start = Date()
    let sheet = Stylesheet.parse(css, media: phone)
    #expect(sheet.rules.count <= CSSRuleParser.maximumNesting)
    #expect(sheet.rules.allSatisfy { $0.selectors.allSatisfy { $0.nestedWeight < Selector.maximumWeight } })
    let page = Styled("<style>\(css)</style><div class=a><div class=a id=x></div></div>")
    #expect(page.style("x") != nil)
    #expect(Date().timeIntervalSince(start) < timeBudget(10))
}

// MARK: - Hostile selectors

@Test func hostileSelectorsAreFastAndSafe() {
    let start = Date()
    // :has() 1000 deep is invalid (no nesting); :is() past the depth cap forgives the rest
    // (so matches nothing) and :not() past it is invalid.
    let deepHas = String(repeating: ":has(", count: 1_000) + "a" + String(repeating: ")", count: 1_000)
    #expect(Selector.parseList(deepHas) == nil)
    let deepIs = String(repeating: ":is(", count: 1_000) + "a" + String(repeating: ")", count: 1_000)
    #expect(matched(deepIs, in: "<a id=a>") == [])
    let deepNot = String(repeating: ":not(", count: 1_000) + "a" + String(repeating: ")", count: 1_000)
    #expect(Selector.parseList(deepNot) == nil)
    // :is() with 10 000 alternatives parses, and its cost is charged to the test budget.
    let wide = ":is(" + (0..<10_000).map { ".c\($0)" }.joined(separator: ", ") + ")"
    let selectors = Selector.parseList(wide)
    #expect(selectors?.first?.testCost ?? 0 > 10_000)
    let body = String(repeating: "<p class=c9999>x</p>", count: 100) + "<p id=last class=c9999>x</p>"
    let page = Styled("<style>\(wide) { width: 3px }</style><div id=d>\(body)</div>")
    #expect(page.width("last") == 3)
    // 100 000 rules: the sheet is cut at the selector limit.
    let many = (0..<100_000).map { ".r\($0) { color: red }" }.joined(separator: "\n")
    let big = Styled("<style>\(many)</style><p id=p class=r5>x</p>")
    #expect(big.style("p")?.color == RGBA(r: 1, g: 0, b: 0, a: 1))
    #expect(Date().timeIntervalSince(start) < timeBudget(30))
}

// MARK: - @supports

@Test func supportsAsksWhetherTheEngineParsesTheDeclaration() {
    func supports(_ condition: String) -> Bool {
        !Stylesheet.parse("@supports \(condition) { p { color: red } }", media: phone).rules.isEmpty
    }
    #expect(supports("(display: flex)"))
    #expect(supports("(display: inline)"))            // the initial value still parses
    #expect(!supports("(display: wobbly)"))
    #expect(!supports("(frobnicate: 1)"))
    #expect(supports("(color: red)"))
    #expect(supports("(color: initial)"))
    #expect(!supports("(frobnicate: initial)"))
    #expect(supports("(--anything: { x })"))
    #expect(supports("(width: var(--w))") && !supports("(frobnicate: var(--w))"))
    #expect(supports("(width: calc(100% - 10px))"))
    #expect(supports("not (display: wobbly)"))
    #expect(supports("(display: flex) and (color: red)"))
    #expect(!supports("(display: flex) and (display: wobbly)"))
    #expect(supports("(display: wobbly) or ((color: red) and (not (x: y)))"))
    #expect(!supports("(display: flex) and (color: red) or (x: y)"))   // mixing needs parentheses
    #expect(supports("selector(p:has(> a))"))
    #expect(!supports("selector(p:bogus)"))
    #expect(!supports("font-tech(color-COLRv1)"))
    #expect(!supports("display: flex"))
    #expect(supports("(background-attachment: fixed)"))
    #expect(supports("(font-synthesis: none)"))
}

// MARK: - @layer

@Test func layersOrderTheCascade() {
    let page = Styled("""
    <style>
    @layer base, theme;
    p { width: 1px }
    @layer theme { #p { width: 2px } p { height: 2px !important } }
    @layer base { #p { width: 3px; height: 3px !important } }
    @layer { #q { width: 4px } } @layer { #q { width: 5px } }
    @layer theme.x { #r { width: 6px } } @layer theme { #r { width: 7px } }
    </style><p id=p></p><p id=q></p><p id=r></p>
    """)
    #expect(page.width("p") == 1)                 // unlayered beats every layer, whatever the specificity
    #expect(page.style("p")?.height == .px(3))    // !important: the earlier layer wins
    #expect(page.width("q") == 1)                 // anonymous layers: later wins among them, below unlayered
    #expect(page.width("r") == 1)
    let layered = Styled("<style>@layer a { #q { width: 4px } } @layer b { p { width: 5px } } @layer a.x { p { width: 6px } }</style><p id=q>")
    #expect(layered.width("q") == 5)              // layer b after a; specificity only within a layer
    #expect(Stylesheet.parse("@layer a b { p { color: red } } @layer a..b; @layer , a;", media: phone).rules.isEmpty)
}

// MARK: - @media on a phone

@Test func mediaFeaturesOfATouchPhone() {
    func matches(_ query: String, _ media: MediaContext = phone) -> Bool {
        !Stylesheet.parse("@media \(query) { p { color: red } }", media: media).rules.isEmpty
    }
    #expect(matches("(hover: none)") && !matches("(hover: hover)") && !matches("(hover)"))
    #expect(matches("(any-hover: none)") && matches("(pointer: coarse)") && matches("(any-pointer: coarse)") && matches("(pointer)"))
    #expect(matches("(prefers-reduced-motion: no-preference)") && !matches("(prefers-reduced-motion)"))
    #expect(matches("(prefers-contrast: no-preference)") && !matches("(prefers-contrast: more)"))
    #expect(matches("(orientation: portrait)") && !matches("(orientation: landscape)"))
    #expect(matches("(-webkit-device-pixel-ratio: 3)") && matches("(min-resolution: 2dppx)") && matches("(resolution: 288dpi)"))
    var retina2 = phone
    retina2.devicePixelRatio = 2
    #expect(matches("(-webkit-min-device-pixel-ratio: 2)", retina2) && !matches("(min-resolution: 3dppx)", retina2))
    #expect(matches("(max-aspect-ratio: 1/1)") && matches("(aspect-ratio < 1)") && !matches("(min-aspect-ratio: 16 / 9)"))
    #expect(matches("(device-aspect-ratio: 390/844)"))
    #expect(matches("(width >= 390px)") && matches("(300px <= width <= 400px)") && !matches("(400px < width < 500px)"))
    #expect(!matches("(300px <= width >= 200px)"))
    #expect(matches("not all and (hover: hover)") && matches("only screen and (pointer: coarse)"))
    #expect(matches("print, (pointer: coarse)"))
    #expect(matches("(-webkit-transform-3d)") && matches("(-webkit-transition)"))
    #expect(matches("(color)") && !matches("(monochrome)"))
}

@Test func nthChildOverManySiblingsCostsOnePassPerParent() {
    let rows = String(repeating: "<tr class=x><td>a</td></tr>", count: 3_000)
    let dom = HTMLParser.parse("<table id=t>\(rows)</table>")
    let selectors = Selector.parseList("tr:nth-child(odd), tr:nth-last-child(2), tr:nth-child(3n of .x), td:only-of-type")!
    let context = SelectorMatchContext()
    let start = Date()
    let count = dom.nodes.indices.filter { node in selectors.contains { $0.matches(node, in: dom, context: context) } }.count
    // 1 500 odd rows (the second-last, 2 999, among them), 500 more even multiples of 3, 3 000 cells.
    #expect(count == 1_500 + 500 + 3_000)
    #expect(Date().timeIntervalSince(start) < timeBudget(5))
}
