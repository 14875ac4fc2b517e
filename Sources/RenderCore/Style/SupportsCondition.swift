/// `@supports` (CSS Conditional 3 §2): `(property: value)`, `not`, `and`, `or`, nested
/// parentheses and `selector()`. A declaration is supported when the engine knows the
/// property (`PropertyRegistry`) and parses the value, which is told by applying it: a value
/// the engine reads changes some computed style, one it drops changes none.
enum SupportsCondition {
    /// Whether the prelude's condition holds; false when it is malformed (the rule is dropped).
    static func evaluate(_ list: CSSTokenList, _ range: Range<Int>) -> Bool {
        var parser = Parser(list: list, components: topLevel(list, range))
        guard let result = parser.condition(), parser.atEnd else { return false }
        return result
    }

    /// Indices of the non-whitespace component values in `range`.
    static func topLevel(_ list: CSSTokenList, _ range: Range<Int>) -> [Int] {
        var indices: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if !list.tokens[index].kind.isWhitespace { indices.append(index) }
            index = min(list.componentEnd(index), range.upperBound)
        }
        return indices
    }

    /// Whether `block` (the tokens inside a `(`, `selector(`...) nests deeper than allowed.
    static let maximumDepth = 32

    private struct Parser {
        let list: CSSTokenList
        let components: [Int]
        var cursor = 0
        var depth = 0

        var atEnd: Bool { cursor == components.count }

        private func keyword(_ position: Int) -> String? {
            guard position < components.count, case .ident(let word) = list.tokens[components[position]].kind else { return nil }
            return word.lowercased()
        }

        /// `not <in-parens>` | `<in-parens> [and <in-parens>]*` | `<in-parens> [or <in-parens>]*`.
        mutating func condition() -> Bool? {
            if keyword(cursor) == "not" {
                cursor += 1
                return inParens().map { !$0 }
            }
            guard var result = inParens() else { return nil }
            var joiner: String?
            while let word = keyword(cursor), word == "and" || word == "or" {
                if let joiner, joiner != word { return nil }   // mixing needs parentheses
                joiner = word
                cursor += 1
                guard let next = inParens() else { return nil }
                result = word == "and" ? (result && next) : (result || next)
            }
            return result
        }

        /// `( condition )`, `( declaration )`, `selector( ... )`, or anything else in
        /// parentheses or a function, which is valid and false (general-enclosed).
        mutating func inParens() -> Bool? {
            guard cursor < components.count else { return nil }
            let open = components[cursor]
            cursor += 1
            let close = min(list.blockEnd[open], list.tokens.count)
            let inside = (open + 1)..<close
            switch list.tokens[open].kind {
            case .openParen:
                guard depth < SupportsCondition.maximumDepth else { return false }
                var nested = Parser(list: list, components: SupportsCondition.topLevel(list, inside), depth: depth + 1)
                if let first = nested.components.first,
                   list.tokens[first].kind == .openParen || nested.keyword(0) == "not"
                    || { if case .function = list.tokens[first].kind { return true } else { return false } }() {
                    if let result = nested.condition(), nested.atEnd { return result }
                    return false
                }
                return DeclarationSupport.isSupported(list, inside)
            case .function(let name):
                if name.lowercased() == "selector" {
                    // One complex selector the engine parses (and can match: no pseudo-element).
                    guard let selectors = Selector.parseList(list, inside), selectors.count == 1 else { return false }
                    return !selectors[0].targetsPseudoElement
                }
                return false
            default:
                return nil
            }
        }
    }
}

/// Whether the engine parses a declaration: applying it to one of a few differently styled
/// elements changes that element's computed style. The elements are those the user-agent
/// sheet styles differently (blocks, tables, links, lists, headings, form controls), so a
/// value that equals one element's initial value still differs from another's.
enum DeclarationSupport {
    static func isSupported(_ list: CSSTokenList, _ range: Range<Int>) -> Bool {
        guard let first = SupportsCondition.topLevel(list, range).first,
              case .ident = list.tokens[first].kind else { return false }
        let declarations = CSSDeclarationParser(list: list).parse(first..<range.upperBound)
        guard declarations.count == 1, let declaration = declarations.first else { return false }
        return isSupported(declaration)
    }

    static func isSupported(_ declaration: Declaration) -> Bool {
        if declaration.name.hasPrefix("--") { return true }   // custom properties take any value
        guard PropertyRegistry.knows(declaration.name) else { return false }
        let keyword = declaration.value.lowercased()
        // Global keywords apply to every property the engine knows; so does any value of the
        // properties the cascade reads itself rather than `apply` (the root's colour scheme).
        if GlobalKeyword(keyword) != nil { return true }
        // A value with var() is valid until substituted (CSS Variables §3), for a known property.
        if keyword.contains("var(") { return true }
        if declaration.name == "color-scheme" || declaration.name == "supported-color-schemes" {
            return ColorScheme.parse(declaration.value).declared || keyword == "normal"
        }
        return sampleStyles.contains { base in
            var style = base
            style.apply(declaration, parent: base, rootFontSize: 16)
            return String(describing: style) != String(describing: base)
        }
    }

    /// The initial style and the user-agent styles of a sample of elements.
    static let sampleStyles: [ComputedStyle] = {
        let html = """
        <!DOCTYPE html><html><body><div><p>p</p><h1>h</h1><a href="x">a</a><b>b</b><i>i</i><u>u</u><small>s</small>
        <sub>s</sub><center>c</center><pre>p</pre><ul><li>l</li></ul><ol><li>l</li></ol><table><caption>c</caption>
        <tr><th>t</th><td>t</td></tr></table><img alt=""><hr><input><button>b</button><select></select>
        <textarea></textarea><blockquote>q</blockquote><code>c</code><del>d</del><nobr>n</nobr></div></body></html>
        """
        let media = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false)
        let styled = Cascade.style(HTMLParser.parse(html), media: media)
        var seen = Set<String>()
        return ([ComputedStyle()] + styled.styles.compactMap { $0 }).compactMap { style in
            var style = style
            style.node = nil
            return seen.insert(String(describing: style)).inserted ? style : nil
        }
    }()
}
