/// What the selector matches of one document's cascade share: the `:has()` answers already
/// found, and the work `:has()` may still do. A `:has()` looks at other elements than the
/// one matched (its descendants or later siblings), so unbounded it could cost every element
/// a walk of the whole tree; answers are kept per element and the walking is budgeted.
final class SelectorMatchContext {
    /// Elements a `:has()` argument may still be tested against; past it `:has()` matches nothing.
    static let standardHasSteps = 4_000_000
    var hasStepsLeft: Int
    /// Set when the budget ran out, so the cascade can say so once.
    private(set) var hasBudgetExhausted = false

    struct HasKey: Hashable {
        let list: ObjectIdentifier
        let anchor: DOMDocument.NodeID
    }
    var hasAnswers: [HasKey: Bool] = [:]
    /// The element the `:has()` argument being matched is relative to.
    var anchor: DOMDocument.NodeID?

    private var formIndex: FormIndex?

    /// The document's form facts, found on first use (a context serves one document).
    func forms(of doc: DOMDocument) -> FormIndex {
        if let formIndex { return formIndex }
        let index = FormIndex(doc)
        formIndex = index
        return index
    }

    /// Each node's index among its parent's children, found on first use: sibling
    /// combinators step to the previous element in constant time.
    private var childIndex: [Int] = []
    /// Each element's class names, split on first use (nil: not yet).
    private var classes: [[Substring]?] = []

    private var siblingSteps = 0

    func previousElementSibling(of node: DOMDocument.NodeID, in doc: DOMDocument) -> DOMDocument.NodeID? {
        guard let parent = doc[node].parent else { return nil }
        // A context used for a few matches only is not worth indexing the whole document for.
        siblingSteps += 1
        guard siblingSteps > 64 else { return CSSElementNavigation.previousElementSibling(of: node, in: doc) }
        if childIndex.count != doc.nodes.count {
            childIndex = [Int](repeating: 0, count: doc.nodes.count)
            for id in doc.nodes.indices {
                for (index, child) in doc[id].children.enumerated() where child < childIndex.count { childIndex[child] = index }
            }
        }
        let siblings = doc[parent].children
        var index = childIndex[node]
        guard index < siblings.count, siblings[index] == node else {
            return CSSElementNavigation.previousElementSibling(of: node, in: doc)
        }
        while index > 0 {
            index -= 1
            if doc[siblings[index]].tag != nil { return siblings[index] }
        }
        return nil
    }

    func classNames(of node: DOMDocument.NodeID, in doc: DOMDocument) -> [Substring] {
        if classes.count != doc.nodes.count { classes = Array(repeating: nil, count: doc.nodes.count) }
        if let known = classes[node] { return known }
        let names = doc[node].attributes["class"]?.split(whereSeparator: CSSElementNavigation.isASCIIWhitespace) ?? []
        classes[node] = names
        return names
    }

    struct PositionKey: Hashable {
        let parent: DOMDocument.NodeID
        let fromEnd: Bool
        let ofType: Bool
        let list: ObjectIdentifier?
    }
    /// Element positions among their siblings, found once per parent and kind of count, so
    /// `tr:nth-child(odd)` over 5 000 rows costs one pass, not one per row.
    private var positions: [PositionKey: [DOMDocument.NodeID: Int]] = [:]

    /// The 1-based position of `node` among its element siblings (of its tag with `ofType`,
    /// matching `list` when given, counted from the end with `fromEnd`); nil when `list` is
    /// given and the node does not match it.
    func position(of node: DOMDocument.NodeID, in doc: DOMDocument, fromEnd: Bool, ofType: Bool,
                  of list: CSSNthOfSelectors?) -> Int? {
        guard let parent = doc[node].parent else { return 1 }
        let key = PositionKey(parent: parent, fromEnd: fromEnd, ofType: ofType, list: list.map(ObjectIdentifier.init))
        if let known = positions[key] { return known[node] }
        var counts: [String: Int] = [:]
        var table: [DOMDocument.NodeID: Int] = [:]
        let children = doc[parent].children
        for child in fromEnd ? Array(children.reversed()) : children {
            guard let tag = doc[child].tag else { continue }
            if let list, !list.selectors.contains(where: { $0.matches(child, in: doc, context: self) }) { continue }
            let counter = ofType ? tag : ""
            counts[counter, default: 0] += 1
            table[child] = counts[counter]
        }
        positions[key] = table
        return table[node]
    }

    init(hasSteps: Int = standardHasSteps) {
        hasStepsLeft = hasSteps
    }

    /// Takes one step from the `:has()` budget; false (and nothing taken) once it is spent.
    func takeHasStep() -> Bool {
        guard hasStepsLeft > 0 else {
            hasBudgetExhausted = true
            return false
        }
        hasStepsLeft -= 1
        return true
    }
}

extension Selector {
    /// The most nested-list weight a selector may have; heavier ones are invalid (dropped).
    /// Nesting (`& &` at each of many levels) could otherwise grow a rule's cost exponentially.
    static let maximumWeight = 1_000_000

    /// What matching `selectors` once may cost, in compounds, saturating at `maximumWeight`.
    static func weight(of selectors: [Selector]) -> Int {
        selectors.reduce(0) { saturatingAdd($0, saturatingAdd($1.compounds.count, $1.nestedWeight)) }
    }

    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        min(a + b, maximumWeight)
    }

    /// What one test of this selector costs the cascade's selector-test budget.
    var testCost: Int { 1 + nestedWeight }
}

extension CSSToken.Kind {
    func isIdent(_ word: String) -> Bool {
        if case .ident(let name) = self { return name.lowercased() == word }
        return false
    }
}
