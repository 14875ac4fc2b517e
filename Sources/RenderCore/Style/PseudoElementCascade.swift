/// The styles of an element's pseudo-elements (`::before`, `::after`, `::marker`,
/// `::first-letter`, `::first-line`): the rules whose selectors end in them, cascaded as an
/// element's are (user agent, then author, then important), each inheriting from its element.
public struct PseudoElementStyles: Sendable {
    private var styles: [PseudoElement: ComputedStyle] = [:]

    public subscript(_ pseudo: PseudoElement) -> ComputedStyle? {
        get { styles[pseudo] }
        set { styles[pseudo] = newValue }
    }

    var isEmpty: Bool { styles.isEmpty }

    /// Each style changed as `LaidOutDocument` changes element styles (colours inverted, web fonts).
    func mapStyles(_ transform: (ComputedStyle) -> ComputedStyle) -> PseudoElementStyles {
        var result = self
        result.styles = styles.mapValues(transform)
        return result
    }
}

struct PseudoElementCascade {
    private let userAgent: (sheet: Stylesheet, index: RuleIndex)
    private let author: (sheet: Stylesheet, index: RuleIndex)
    /// Whether any rule targets one of the pseudo-elements at all (else nothing is tried).
    let isEmpty: Bool

    init(userAgent: Stylesheet, author: Stylesheet) {
        let userAgentRules = Self.pseudoRules(of: userAgent)
        let authorRules = Self.pseudoRules(of: author)
        self.userAgent = (userAgentRules, RuleIndex(userAgentRules))
        self.author = (authorRules, RuleIndex(authorRules))
        isEmpty = userAgentRules.rules.isEmpty && authorRules.rules.isEmpty
    }

    /// The rules with a selector for a pseudo-element boxes are made for, those selectors alone.
    private static func pseudoRules(of sheet: Stylesheet) -> Stylesheet {
        Stylesheet(rules: sheet.rules.compactMap { rule in
            let selectors = rule.selectors.filter { $0.pseudoElement != nil }
            return selectors.isEmpty ? nil : StyleRule(selectors: selectors, declarations: rule.declarations)
        })
    }

    /// The pseudo-element styles of one element, or nil when no rule targets any of them.
    func styles(for id: DOMDocument.NodeID, element: ComputedStyle, in dom: DOMDocument, rootFontSize: Double,
                budget: ResourceBudget, variables: CustomProperties.Budget = .init()) -> PseudoElementStyles? {
        guard !isEmpty else { return nil }
        var tests = 0
        let userAgentMatched = Self.matching(userAgent, id, dom, tests: &tests)
        let authorMatched = budget.selectorTestsLeft > 0 ? Self.matching(author, id, dom, tests: &tests) : [:]
        budget.selectorTestsLeft -= tests
        var result = PseudoElementStyles()
        for pseudo in PseudoElement.allCases {
            let fromUserAgent = userAgentMatched[pseudo] ?? [], fromAuthor = authorMatched[pseudo] ?? []
            guard !fromUserAgent.isEmpty || !fromAuthor.isEmpty else { continue }
            var declarations = fromUserAgent.flatMap { $0.filter { !$0.important } }
            declarations += fromAuthor.flatMap { $0.filter { !$0.important } }
            declarations += fromAuthor.flatMap { $0.filter { $0.important } }
            if pseudo == .marker {
                guard element.display == .listItem else { continue }
                declarations = declarations.filter { Self.markerProperties.contains($0.name) }
            }
            let style = Self.style(declarations, parent: element, rootFontSize: rootFontSize, variables: variables)
            // Only what makes a box is kept (a reset such as `*::before { box-sizing: … }`
            // gives every element styles that show nothing).
            if (pseudo == .before || pseudo == .after) && !style.generated.content.hasItems { continue }
            result[pseudo] = style
        }
        return result.isEmpty ? nil : result
    }

    /// What `::marker` takes (CSS Lists 3 §3.2, as WebKit applies it: not `content`).
    static let markerProperties: Set<String> = [
        "color", "font", "font-family", "font-size", "font-style", "font-weight", "font-variant",
        "font-variant-numeric", "font-variant-caps", "font-feature-settings", "letter-spacing", "word-spacing",
        "line-height", "white-space", "text-transform", "direction", "unicode-bidi", "text-shadow",
    ]

    /// A pseudo-element's style: its element's inherited properties, then its declarations
    /// (the font first, since em lengths depend on it, as `Cascade` does for elements).
    static func style(_ declarations: [Declaration], parent: ComputedStyle, rootFontSize: Double,
                      variables: CustomProperties.Budget = .init()) -> ComputedStyle {
        var style = parent.inheritedForChild()
        // Custom properties and var() as for elements (`CustomProperties`).
        let (declarations, custom) = CustomProperties.resolve(declarations, inherited: parent.customProperties, budget: variables)
        style.customProperties = custom
        let fontProperties: Set<String> = ["font-size", "font-family", "font"]
        for declaration in declarations where fontProperties.contains(declaration.name) {
            style.apply(declaration, parent: parent, rootFontSize: rootFontSize)
        }
        style.adjustFontSizeForGenericFamily(parent: parent)
        let font = (size: style.fontSize, origin: style.fontSizeOrigin, families: style.fontFamilies)
        for declaration in declarations where declaration.name != "font-size" && declaration.name != "font-family" {
            style.apply(declaration, parent: parent, rootFontSize: rootFontSize)
            if declaration.name == "font" { (style.fontSize, style.fontSizeOrigin, style.fontFamilies) = font }
        }
        style.settleDecorationPaint()
        style.node = nil   // generated: no element of its own
        return style
    }

    /// Per pseudo-element, the declaration blocks of the matching rules in cascade order.
    private static func matching(_ source: (sheet: Stylesheet, index: RuleIndex), _ id: DOMDocument.NodeID,
                                 _ dom: DOMDocument, tests: inout Int) -> [PseudoElement: [[Declaration]]] {
        var best: [PseudoElement: [Int: Int]] = [:]   // rule order → specificity
        source.index.forEachCandidate(of: id, in: dom) { entry in
            let selector = source.sheet.rules[entry.rule].selectors[entry.selector]
            tests += selector.testCost
            guard let pseudo = selector.pseudoElement,
                  selector.specificity > best[pseudo]?[entry.rule] ?? -1,
                  selector.matches(id, pseudo: pseudo, in: dom) else { return }
            best[pseudo, default: [:]][entry.rule] = selector.specificity
        }
        let rules = source.sheet.rules
        return best.mapValues { hits in
            // Cascade layers first (`CascadeLayers`), then specificity, then source order.
            hits.sorted { (rules[$0.key].layer, $0.value, $0.key) < (rules[$1.key].layer, $1.value, $1.key) }.map { rules[$0.key].declarations }
        }
    }
}
