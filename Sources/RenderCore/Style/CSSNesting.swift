/// CSS Nesting (§3): a style rule's block holds declarations, nested style rules and nested
/// conditional rules (`@media`, `@supports`, `@layer`), each nested selector relative to the
/// parent's (`Selector.parseNestedList`). Flattened into the sheet's rule list in source
/// order: declarations after a nested rule form a rule of their own after it (§3.2's nested
/// declarations rule), and a conditional rule's declarations apply to the parent's selectors.
extension CSSRuleParser {
    mutating func parseStyleBlock(_ range: Range<Int>, selectors: [Selector], depth: Int) {
        let declarationParser = CSSDeclarationParser(list: list)
        var declarations: [Declaration] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let kind = list.tokens[index].kind
            if kind == .whitespace || kind == .semicolon {
                index += 1
                continue
            }
            if case .atKeyword(let name) = kind {
                let (prelude, block, end) = atRuleExtent(from: index, limit: range.upperBound)
                index = end
                guard let block, depth < Self.maximumNesting else { continue }
                if name.lowercased() == "layer" {
                    guard let names = layers.parseNames(list, prelude, allowsList: false) else { continue }
                    appendRule(selectors, declarations)
                    declarations = []
                    let outer = currentLayer
                    currentLayer = layers.enter(names.first, in: outer)
                    parseStyleBlock(block, selectors: selectors, depth: depth + 1)
                    currentLayer = outer
                } else if let holds = conditionalRule(named: name, prelude) {
                    guard holds else { continue }
                    appendRule(selectors, declarations)
                    declarations = []
                    parseStyleBlock(block, selectors: selectors, depth: depth + 1)
                } else {
                    skippedAtRules.append(name.lowercased())   // @container, @scope... nested
                }
                continue
            }
            // A declaration runs to the next `;`; a nested rule's prelude to its `{}` block
            // (a custom property's value may hold a block and stays a declaration).
            var end = index
            var isRule = false
            while end < range.upperBound {
                let token = list.tokens[end].kind
                if token == .semicolon { break }
                if token == .openCurly, !startsCustomProperty(index) {
                    isRule = true
                    break
                }
                end = min(list.componentEnd(end), range.upperBound)
            }
            guard isRule else {
                declarations += declarationParser.parse(index..<min(end + 1, range.upperBound))
                index = end + 1
                continue
            }
            let blockEnd = min(list.blockEnd[end], range.upperBound)
            if depth < Self.maximumNesting, let nested = Selector.parseNestedList(list, index..<end, parent: selectors) {
                appendRule(selectors, declarations)
                declarations = []
                parseStyleBlock((end + 1)..<blockEnd, selectors: nested, depth: depth + 1)
            }
            index = min(blockEnd + 1, range.upperBound)
        }
        appendRule(selectors, declarations)
    }

    private func startsCustomProperty(_ index: Int) -> Bool {
        if case .ident(let name) = list.tokens[index].kind { return name.hasPrefix("--") }
        return false
    }
}
