/// Computes every element's style: user-agent rules, presentational attributes, author
/// `<style>` sheets and `style` attributes, ordered by origin, importance and specificity.
public struct StyledDocument: Sendable {
    public let dom: DOMDocument
    /// Indexed by node ID; nil for non-element nodes (text takes its parent's style).
    public let styles: [ComputedStyle?]
    /// The colour scheme the root declares (`ColorScheme.of`).
    public var colorScheme: ColorScheme = .normal
    /// Whether the dark defaults apply: dark mode and a declared scheme that allows dark.
    public var usesDarkDefaults = false
    /// The author sheets' `@font-face` rules, in source order.
    public var fontFaces: [FontFaceRule] = []
    /// CSS the mail uses that WebKit renders and this engine drops (`UnsupportedFeatures`).
    var unsupported: [UnsupportedFeatures.Use] = []
    /// The styles of elements' pseudo-elements, for the elements that rules give any.
    public var pseudoStyles: [DOMDocument.NodeID: PseudoElementStyles] = [:]
    /// The author sheets' `@counter-style` rules by name.
    public var counterStyles: [String: CounterStyle] = [:]

    public func style(of node: DOMDocument.NodeID) -> ComputedStyle? { styles[node] }
}

public enum Cascade {
    public static func style(_ dom: DOMDocument, media: MediaContext) -> StyledDocument {
        style(dom, media: media, budget: ResourceBudget(.standard))
    }

    static func style(_ dom: DOMDocument, media: MediaContext, budget: ResourceBudget) -> StyledDocument {
        // Relative units (vw, ex, ch…) are measured against these while every value parses.
        let units = ValueContext(viewportWidth: media.viewportWidth, viewportHeight: media.viewportHeight)
        return ValueContext.$current.withValue(units) { style(dom, media: media, budget: budget, units: units) }
    }

    private static func style(_ dom: DOMDocument, media: MediaContext, budget: ResourceBudget, units: ValueContext) -> StyledDocument {
        let author = authorStylesheet(dom, media: media, budget: budget)
        let authorIndex = RuleIndex(author)
        let selectorContext = SelectorMatchContext()
        // The root's `color-scheme` decides the UA defaults, so it is found first (the UA sheet
        // never sets it, so the author's declarations alone tell).
        let lightUserAgent = Stylesheet.parse(UserAgentStylesheet.css + (dom.mode == .quirks ? UserAgentStylesheet.quirksCSS : ""), media: media)
        var rootProperty: String?
        if let html = dom.first(tag: "html") {
            let (declarations, _) = orderedDeclarations(for: html, in: dom, userAgent: (lightUserAgent, RuleIndex(lightUserAgent)),
                                                        author: (author, authorIndex), budget: budget, context: selectorContext)
            rootProperty = declarations.last(where: { $0.name == "color-scheme" || $0.name == "supported-color-schemes" })?.value
        }
        let scheme = ColorScheme.of(dom, rootProperty: rootProperty)
        let darkDefaults = (media.darkMode && scheme.allowsDark) || scheme.onlyDark
        units.usesDarkScheme = darkDefaults
        let userAgent = darkDefaults
            ? Stylesheet.parse(UserAgentStylesheet.css + (dom.mode == .quirks ? UserAgentStylesheet.quirksCSS : "")
                + UserAgentStylesheet.darkDefaultsCSS, media: media)
            : lightUserAgent
        let userAgentIndex = RuleIndex(userAgent)
        let pseudoCascade = PseudoElementCascade(userAgent: userAgent, author: author)
        var pseudoStyles: [DOMDocument.NodeID: PseudoElementStyles] = [:]
        // `rem` is the root element's font size (16 px for the root's own declarations).
        var rootFontSize = 16.0
        let variables = CustomProperties.Budget()
        let rootElement = dom.nodes.indices.first { dom[$0].tag != nil }
        var styles = [ComputedStyle?](repeating: nil, count: dom.nodes.count)
        var unsupported = UnsupportedFeatures()
        for (name, node) in author.skippedAtRules { unsupported.check(atRule: name, in: node ?? 0) }
        var root = ComputedStyle()
        root.display = .block
        root.usesDarkScheme = darkDefaults
        root.lineHeightQuirk = dom.mode != .noQuirks
        // Walk parents before children (node IDs are in document order, parents first).
        for id in dom.nodes.indices where dom[id].tag != nil {
            let parentStyle = dom[id].parent.flatMap { styles[$0] } ?? root
            var (declarations, userAgentCount) = orderedDeclarations(for: id, in: dom, userAgent: (userAgent, userAgentIndex),
                                                                     author: (author, authorIndex), budget: budget,
                                                                     context: selectorContext)
            let custom: [String: String]
            (declarations, custom) = CustomProperties.resolve(declarations, inherited: parentStyle.customProperties, budget: variables)
            if dom.mode != .quirks {
                let userAgentPart = declarations[..<userAgentCount]
                declarations = Array(userAgentPart) + declarations[userAgentCount...].filter { !QuirkyLengths.usesUnitlessLength($0) }
            }
            var style = parentStyle.inheritedForChild()
            style.customProperties = custom
            units.useFont(of: parentStyle)
            if let language = dom[id].attributes["lang"] ?? dom[id].attributes["xml:lang"] {
                style.language = language
            }
            // `revert` in the author's declarations goes back to the user-agent sheet's value:
            // the element styled from that sheet alone (made only when a declaration asks).
            let userAgentStyle = declarations[userAgentCount...].contains { GlobalKeyword.isRevert($0.value) }
                ? userAgentOnlyStyle(declarations[..<userAgentCount], start: style, parent: parentStyle, rootFontSize: rootFontSize)
                : nil
            func revertTarget(_ index: Int) -> ComputedStyle? { index >= userAgentCount ? userAgentStyle : nil }
            // The font first: em lengths in every other property depend on its size, which
            // depends on the family (the monospace quirk).
            for (index, declaration) in declarations.enumerated() where Self.fontProperties.contains(declaration.name) {
                style.apply(declaration, parent: parentStyle, rootFontSize: rootFontSize, userAgent: revertTarget(index))
            }
            style.adjustFontSizeForGenericFamily(parent: parentStyle)
            units.useFont(of: style)
            // The element's colour scheme, which system colours and `light-dark()` resolve by:
            // its own `color-scheme` (`normal`: the document's), else its parent's.
            if let declared = declarations.last(where: { $0.name == "color-scheme" || $0.name == "supported-color-schemes" }) {
                let own = ColorScheme.parse(declared.value)
                style.usesDarkScheme = own.declared ? (media.darkMode && own.allowsDark) || own.onlyDark : darkDefaults
            }
            units.usesDarkScheme = style.usesDarkScheme
            // Then the colour, which `currentcolor` in every other property is.
            for (index, declaration) in declarations.enumerated() where declaration.name == "color" {
                style.apply(declaration, parent: parentStyle, rootFontSize: rootFontSize, userAgent: revertTarget(index))
            }
            let font = (size: style.fontSize, origin: style.fontSizeOrigin, families: style.fontFamilies)
            // direction and writing mode next: logical properties (padding-inline-start) resolve against them.
            for (index, declaration) in declarations.enumerated() where Self.flowProperties.contains(declaration.name) {
                style.apply(declaration, parent: parentStyle, rootFontSize: rootFontSize, userAgent: revertTarget(index))
            }
            var userAgentMargin = style.margin
            for (index, declaration) in declarations.enumerated() where declaration.name != "font-size" && declaration.name != "font-family" {
                let known = style.apply(declaration, parent: parentStyle, rootFontSize: rootFontSize, userAgent: revertTarget(index))
                if index >= userAgentCount { unsupported.check(declaration, known: known, on: id) }
                // The shorthand's other parts (style, weight, line-height) apply in cascade order.
                if declaration.name == "font" { (style.fontSize, style.fontSizeOrigin, style.fontFamilies) = font }
                if index == userAgentCount - 1 { userAgentMargin = style.margin }
            }
            style.settleDecorationPaint()
            if dom.mode == .quirks {
                // Default margins from the UA sheet are "quirky": ignored at the top of body and cells.
                style.quirkyMarginTop = userAgentMargin.top != .px(0) && style.margin.top == userAgentMargin.top
                style.quirkyMarginBottom = userAgentMargin.bottom != .px(0) && style.margin.bottom == userAgentMargin.bottom
            }
            if style.display == .inline, dom[id].tag == "html" { style.display = .block }
            style.display = style.display.adjustedForContents(tag: dom[id].tag ?? "", isRoot: dom[id].tag == "html")
            if dom[id].tag == "table", style.blockAlign != nil {
                // Tables never take the legacy -webkit- alignments from outside (WebKit's
                // and Blink's style adjusters): they go back to start alignment.
                style.textAlign = .start
                style.blockAlign = nil
            }
            // Inside a vertical flow (not at its start), styles are kept in the flow's logical frame.
            if style.writingMode.isVertical, parentStyle.writingMode.isVertical { style = style.turnedIntoVerticalFlow() }
            style.node = id
            styles[id] = style
            if id == rootElement { rootFontSize = style.fontSize }
            pseudoStyles[id] = pseudoCascade.styles(for: id, element: style, in: dom, rootFontSize: rootFontSize, budget: budget,
                                                    variables: variables)
        }
        if variables.exhausted {
            budget.warn("the mail's custom properties expand past \(ResourceLimits.count(16 << 20)) bytes; later var() references are ignored")
        }
        return StyledDocument(dom: dom, styles: styles, colorScheme: scheme, usesDarkDefaults: darkDefaults,
                              fontFaces: author.fontFaces, unsupported: unsupported.uses, pseudoStyles: pseudoStyles,
                              counterStyles: author.counterStyles)
    }

    private static let fontProperties: Set<String> = ["font-size", "font-family", "font"]
    private static let flowProperties: Set<String> = ["direction", "writing-mode", "-webkit-writing-mode"]

    /// An element's style from the user-agent sheet's declarations alone, in the cascade's
    /// order (font, colour, flow, the rest): what `revert` in an author declaration goes back to.
    private static func userAgentOnlyStyle(_ declarations: ArraySlice<Declaration>, start: ComputedStyle, parent: ComputedStyle,
                                           rootFontSize: Double) -> ComputedStyle {
        var style = start
        for declaration in declarations where fontProperties.contains(declaration.name) {
            style.apply(declaration, parent: parent, rootFontSize: rootFontSize)
        }
        style.adjustFontSizeForGenericFamily(parent: parent)
        for declaration in declarations where declaration.name == "color" {
            style.apply(declaration, parent: parent, rootFontSize: rootFontSize)
        }
        let font = (size: style.fontSize, origin: style.fontSizeOrigin, families: style.fontFamilies)
        for declaration in declarations where flowProperties.contains(declaration.name) {
            style.apply(declaration, parent: parent, rootFontSize: rootFontSize)
        }
        for declaration in declarations where declaration.name != "font-size" && declaration.name != "font-family" {
            style.apply(declaration, parent: parent, rootFontSize: rootFontSize)
            if declaration.name == "font" { (style.fontSize, style.fontSizeOrigin, style.fontFamilies) = font }
        }
        return style
    }

    /// The author rules, within the CSS size limits: sheets past the byte budget are cut (CSS
    /// error recovery copes with a cut anywhere), and rules past the selector budget dropped,
    /// since matching costs every selector once per element.
    static func authorStylesheet(_ dom: DOMDocument, media: MediaContext, budget: ResourceBudget) -> Stylesheet {
        let limits = budget.limits
        var bytesLeft = limits.maximumStylesheetBytes
        var rules: [StyleRule] = []
        var fontFaces: [FontFaceRule] = []
        var counterStyles: [String: CounterStyle] = [:]
        var skippedAtRules: [(name: String, node: DOMDocument.NodeID?)] = []
        var selectorsLeft = limits.maximumStyleRules
        for (node, sheet) in authorSheets(in: dom) {
            guard selectorsLeft > 0 else { break }
            var text = sheet
            let size = sheet.utf8.count
            if size > bytesLeft {
                text = String(decoding: sheet.utf8.prefix(bytesLeft), as: UTF8.self)
                budget.warn(ResourceLimits.stylesheetWarning(limits))
            }
            bytesLeft -= min(size, bytesLeft)
            let parsed = Stylesheet.parse(text, media: media)
            fontFaces += parsed.fontFaces
            counterStyles.merge(parsed.counterStyles) { _, later in later }
            skippedAtRules += parsed.skippedAtRules.map { ($0.name, node) }
            for rule in parsed.rules {
                guard selectorsLeft >= rule.selectors.count else {
                    selectorsLeft = 0
                    budget.warn("the mail's CSS has more than \(ResourceLimits.count(limits.maximumStyleRules)) selectors; the rest are ignored")
                    break
                }
                selectorsLeft -= rule.selectors.count
                rules.append(rule)
            }
        }
        var sheet = Stylesheet(rules: rules, fontFaces: fontFaces)
        sheet.counterStyles = counterStyles
        sheet.skippedAtRules = skippedAtRules
        return sheet
    }

    /// The text of every `<style>` element, wherever it stands (mail puts them in `body` too).
    static func authorSheets(in dom: DOMDocument) -> [(node: DOMDocument.NodeID, text: String)] {
        dom.nodes.indices.compactMap { id in
            guard dom[id].tag == "style" else { return nil }
            let type = dom[id].attributes["type"]?.lowercased() ?? "text/css"
            return type == "text/css" || type.isEmpty ? (id, dom.textContent(of: id)) : nil
        }
    }

    private static func orderedDeclarations(
        for id: DOMDocument.NodeID, in dom: DOMDocument, userAgent: (Stylesheet, RuleIndex), author: (Stylesheet, RuleIndex),
        budget: ResourceBudget, context: SelectorMatchContext
    ) -> (declarations: [Declaration], userAgentCount: Int) {
        let inline = dom[id].attributes["style"].map(parseDeclarationList) ?? []
        var userAgentTests = 0
        let uaMatched = matching(userAgent, id, dom, context, tests: &userAgentTests)
        var authorMatched: [StyleRule] = []
        if budget.selectorTestsLeft > 0 {
            var tests = 0
            authorMatched = matching(author, id, dom, context, tests: &tests)
            budget.selectorTestsLeft -= tests
            if context.hasBudgetExhausted {
                budget.warn("the mail's CSS :has() selectors need more than \(ResourceLimits.count(SelectorMatchContext.standardHasSteps)) element tests; the rest match nothing")
            }
        } else if !author.0.rules.isEmpty {
            budget.warn("the mail's CSS needs more than \(ResourceLimits.count(budget.limits.maximumSelectorTests)) selector tests; later elements are styled without it")
        }
        var result: [Declaration] = []
        result += uaMatched.flatMap { $0.declarations.filter { !$0.important } }
        let userAgentCount = result.count
        result += PresentationalHints.declarations(for: id, in: dom)
        result += authorMatched.flatMap { $0.declarations.filter { !$0.important } }
        result += inline.filter { !$0.important }
        result += CascadeLayers.importantOrder(authorMatched).flatMap { $0.declarations.filter { $0.important } }
        result += inline.filter { $0.important }
        return (result, userAgentCount)
    }

    /// The rules that match, in ascending cascade layer, specificity, then source order (a
    /// rule counts with the most specific of its selectors that match). Only selectors the
    /// index files under the element's id, classes or tag are tried.
    private static func matching(_ source: (sheet: Stylesheet, index: RuleIndex), _ id: DOMDocument.NodeID,
                                 _ dom: DOMDocument, _ context: SelectorMatchContext, tests: inout Int) -> [StyleRule] {
        var best: [Int: Int] = [:]  // rule order → specificity
        var count = 0
        defer { tests = count }
        source.index.forEachCandidate(of: id, in: dom) { entry in
            let selector = source.sheet.rules[entry.rule].selectors[entry.selector]
            count += selector.testCost
            if selector.specificity > best[entry.rule, default: -1] && selector.matches(id, in: dom, context: context) {
                best[entry.rule] = selector.specificity
            }
        }
        let rules = source.sheet.rules
        let hits = best.sorted { (rules[$0.key].layer, $0.value, $0.key) < (rules[$1.key].layer, $1.value, $1.key) }
        return hits.map { rules[$0.key] }
    }
}

/// A sheet's selectors filed by what their subject (rightmost) compound requires: an id, else
/// a class, else a tag, else nothing. An element can only match selectors filed under its own
/// id, classes and tag or under nothing, so matching tries those alone: thousands of rules
/// then cost each element a handful of tries, not one per selector.
struct RuleIndex {
    struct Entry { let rule: Int; let selector: Int }
    private var byID: [String: [Entry]] = [:]
    private var byClass: [String: [Entry]] = [:]
    private var byTag: [String: [Entry]] = [:]
    private var universal: [Entry] = []

    init(_ sheet: Stylesheet) {
        for (ruleIndex, rule) in sheet.rules.enumerated() {
            for (selectorIndex, selector) in rule.selectors.enumerated() {
                let entry = Entry(rule: ruleIndex, selector: selectorIndex)
                guard let subject = selector.compounds.first else { universal.append(entry); continue }
                var id: String?, className: String?
                for condition in subject.conditions {
                    switch condition {
                    case .id(let value): id = id ?? value
                    case .className(let value): className = className ?? value
                    default: break
                    }
                }
                if let id { byID[id, default: []].append(entry) }
                else if let className { byClass[className, default: []].append(entry) }
                else if let tag = subject.tag { byTag[tag, default: []].append(entry) }
                else { universal.append(entry) }
            }
        }
    }

    func forEachCandidate(of node: DOMDocument.NodeID, in dom: DOMDocument, _ body: (Entry) -> Void) {
        universal.forEach(body)
        let element = dom[node]
        if let tag = element.tag { byTag[tag]?.forEach(body) }
        if !byID.isEmpty, let id = element.attributes["id"] { byID[id]?.forEach(body) }
        if !byClass.isEmpty, let classes = element.attributes["class"] {
            var seen = Set<Substring>()
            for name in classes.split(whereSeparator: CSSElementNavigation.isASCIIWhitespace) where seen.insert(name).inserted {
                byClass[String(name)]?.forEach(body)
            }
        }
    }
}
