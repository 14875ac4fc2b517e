/// `:has()` (Selectors 4 §14.1): relative selectors matched from an anchor element, towards
/// its descendants (`:has(a)`, `:has(> a)`) or its later siblings (`:has(+ a)`, `:has(~ a)`).
struct CSSRelativeSelector: Sendable {
    /// The argument with an extra leftmost compound that matches only the anchor, joined by
    /// the leading combinator, so ordinary right-to-left matching checks the relation.
    let anchored: Selector
    let leading: CSSCombinator
    /// Whether the elements it can match lie below the anchor (or below its later siblings).
    let reachesDescendants: Bool
    /// `:has(compound)`: whether any descendant matches is one answer per element, found once.
    let descendantCompound: CSSCompoundSelector?

    init(_ selector: Selector, leading: CSSCombinator) {
        self.leading = leading
        anchored = Selector(specificity: selector.specificity,
                            compounds: selector.compounds + [CSSCompoundSelector(tag: nil, conditions: [.hasAnchor])],
                            combinators: selector.combinators + [leading],
                            targetsPseudoElement: selector.targetsPseudoElement,
                            nestedWeight: selector.nestedWeight)
        reachesDescendants = ([leading] + selector.combinators).contains { !$0.isSibling }
        descendantCompound = leading == .descendant && selector.compounds.count == 1 ? selector.compounds[0] : nil
    }
}

/// A `:has()` argument. A class so its identity keys the per-element answers.
final class CSSRelativeSelectorList: Sendable {
    let selectors: [CSSRelativeSelector]

    init(_ selectors: [CSSRelativeSelector]) {
        self.selectors = selectors
    }

    var weight: Int { Selector.weight(of: selectors.map(\.anchored)) }

    func matches(anchor: DOMDocument.NodeID, in doc: DOMDocument, _ context: SelectorMatchContext) -> Bool {
        let key = SelectorMatchContext.HasKey(list: ObjectIdentifier(self), anchor: anchor)
        if let known = context.hasAnswers[key] { return known }
        let answer = selectors.contains { relative in
            if let compound = relative.descendantCompound {
                return subtreeContains(compound, below: anchor, in: doc, context)
            }
            return anyCandidate(of: relative, from: anchor, in: doc, context)
        }
        context.hasAnswers[key] = answer
        return answer
    }

    /// Whether an element below `anchor` matches `compound`. The answer for every element
    /// walked is kept (it is that element's own `:has()` answer when this list is that single
    /// compound), so all elements together cost one walk of the tree.
    private func subtreeContains(_ compound: CSSCompoundSelector, below anchor: DOMDocument.NodeID, in doc: DOMDocument,
                                 _ context: SelectorMatchContext) -> Bool {
        let cacheable = selectors.count == 1
        func key(_ node: DOMDocument.NodeID) -> SelectorMatchContext.HasKey {
            .init(list: ObjectIdentifier(self), anchor: node)
        }
        // Depth-first, post-order, without recursion: a frame is an element and its next child.
        var stack: [(node: DOMDocument.NodeID, next: Int, found: Bool)] = [(anchor, 0, false)]
        while let top = stack.last {
            let children = doc[top.node].children
            if top.found || top.next >= children.count {
                stack.removeLast()
                if cacheable, top.node != anchor { context.hasAnswers[key(top.node)] = top.found }
                guard !stack.isEmpty else { return top.found }
                if top.found { stack[stack.count - 1].found = true }
                continue
            }
            stack[stack.count - 1].next += 1
            let child = children[top.next]
            guard doc[child].tag != nil else { continue }
            if cacheable, let known = context.hasAnswers[key(child)] {
                if known || compound.matches(child, in: doc, context) { stack[stack.count - 1].found = true }
                continue
            }
            guard context.takeHasStep() else { return false }
            if compound.matches(child, in: doc, context) {
                stack[stack.count - 1].found = true
                continue
            }
            stack.append((child, 0, false))
        }
        return false
    }

    /// Tries every element the relative selector could reach from `anchor`.
    private func anyCandidate(of relative: CSSRelativeSelector, from anchor: DOMDocument.NodeID, in doc: DOMDocument,
                              _ context: SelectorMatchContext) -> Bool {
        var roots: [DOMDocument.NodeID] = []   // elements tried, each with its subtree when it reaches descendants
        var descend = relative.reachesDescendants
        if relative.leading.isSibling {
            guard let parent = doc[anchor].parent else { return false }
            let siblings = doc[parent].children
            guard let index = siblings.firstIndex(of: anchor) else { return false }
            roots = siblings[(index + 1)...].filter { doc[$0].tag != nil }
        } else {
            roots = doc.elementChildren(of: anchor)
            if relative.leading == .child, !relative.anchored.combinators.dropLast().contains(where: { !$0.isSibling }) {
                descend = false   // `> a ~ b`: children only
            }
        }
        let saved = context.anchor
        context.anchor = anchor
        defer { context.anchor = saved }
        var stack = Array(roots.reversed())
        while let candidate = stack.popLast() {
            guard context.takeHasStep() else { return false }
            if relative.anchored.matches(candidate, in: doc, context: context) { return true }
            if descend { stack.append(contentsOf: doc.elementChildren(of: candidate).reversed()) }
        }
        return false
    }
}
