/// A complex selector (Selectors Level 4 subset), matched right-to-left against the DOM arena.
public struct Selector: Sendable {
    /// a*10000 + b*100 + c, each part capped at 99.
    public let specificity: Int

    /// Compound selectors from right (subject) to left.
    let compounds: [CSSCompoundSelector]
    /// `combinators[i]` joins `compounds[i]` to `compounds[i + 1]`, the compound on its left.
    let combinators: [CSSCombinator]
    /// Selectors with a pseudo-element are valid but never match an element.
    let targetsPseudoElement: Bool
    /// What one match may cost beyond a plain compound chain: the compounds of the selector
    /// lists nested in it (`:is()`, `:not()`, `&`), saturating. Charged to the cascade's
    /// selector-test budget, so `:is()` with 10 000 alternatives cannot cost 10 000 per test
    /// unnoticed.
    var nestedWeight: Int = 0
    /// The pseudo-element the selector styles, when it is one boxes are made for
    /// (`::before`, `::marker`, …); nil for an element selector or another pseudo-element.
    var pseudoElement: PseudoElement? = nil

    public func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument) -> Bool {
        matches(node, in: doc, context: SelectorMatchContext())
    }

    /// `context` carries `:has()` answers and budget across the matches of one cascade.
    func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument, context: SelectorMatchContext) -> Bool {
        guard !targetsPseudoElement, doc.nodes.indices.contains(node), doc[node].tag != nil else { return false }
        return match(from: 0, node: node, in: doc, context) == .matched
    }

    /// Whether the selector styles `pseudo` of the element `node`.
    func matches(_ node: DOMDocument.NodeID, pseudo: PseudoElement, in doc: DOMDocument,
                 context: SelectorMatchContext = SelectorMatchContext()) -> Bool {
        guard pseudoElement == pseudo, doc.nodes.indices.contains(node), doc[node].tag != nil else { return false }
        return match(from: 0, node: node, in: doc, context) == .matched
    }

    /// Parses a comma-separated selector list; nil when any selector in it is invalid.
    public static func parseList(_ text: String) -> [Selector]? {
        let list = CSSTokenList(text)
        return parseList(list, 0..<list.tokens.count)
    }

    static func parseList(_ list: CSSTokenList, _ range: Range<Int>) -> [Selector]? {
        var parser = CSSSelectorParser(list: list, depth: 0)
        return parser.parseList(range)
    }

    /// A nested style rule's selector list (CSS Nesting §3): `&` stands for `parent`, and a
    /// selector that starts with a combinator or has no `&` is relative to the parent:
    /// `.b` and `> .b` inside `.a { }` are `:is(.a) .b` and `:is(.a) > .b`.
    static func parseNestedList(_ list: CSSTokenList, _ range: Range<Int>, parent: [Selector]) -> [Selector]? {
        var parser = CSSSelectorParser(list: list, depth: 0, nestingParent: parent)
        guard let parsed = parser.parseRelativeList(range) else { return nil }
        let usable = parent.filter { !$0.targetsPseudoElement }
        let parentSpecificity = CSSSpecificity(packed: usable.map(\.specificity).max() ?? 0)
        var selectors: [Selector] = []
        for one in parsed {
            guard one.leading != nil || !one.usedNesting else { selectors.append(one.selector); continue }
            var specificity = CSSSpecificity(packed: one.selector.specificity)
            specificity.add(parentSpecificity)
            let weight = saturatingAdd(one.selector.nestedWeight, weight(of: usable))
            guard weight < maximumWeight, one.selector.compounds.count < CSSSelectorParser.maxCompounds else { return nil }
            selectors.append(Selector(specificity: specificity.packed,
                                      compounds: one.selector.compounds + [CSSCompoundSelector(tag: nil, conditions: [.isAny(usable)])],
                                      combinators: one.selector.combinators + [one.leading ?? .descendant],
                                      targetsPseudoElement: one.selector.targetsPseudoElement,
                                      nestedWeight: weight,
                                      pseudoElement: one.selector.pseudoElement))
        }
        return selectors
    }

    // MARK: Matching

    /// Outcomes that let a failed match skip candidates that cannot succeed (as Servo does),
    /// so descendant/sibling backtracking stays close to linear.
    private enum MatchOutcome {
        case matched
        case restartFromClosestLaterSibling
        case restartFromClosestDescendant
        case notMatchedGlobally
    }

    private func match(from index: Int, node: DOMDocument.NodeID, in doc: DOMDocument,
                       _ context: SelectorMatchContext) -> MatchOutcome {
        guard compounds[index].matches(node, in: doc, context) else { return .restartFromClosestLaterSibling }
        guard index < combinators.count else { return .matched }
        let combinator = combinators[index]
        let candidateNotFound: MatchOutcome = combinator.isSibling ? .restartFromClosestDescendant : .notMatchedGlobally

        var candidate = combinator.nextCandidate(after: node, in: doc, context)
        while let element = candidate {
            let outcome = match(from: index + 1, node: element, in: doc, context)
            switch (outcome, combinator) {
            case (.matched, _), (.notMatchedGlobally, _), (_, .nextSibling):
                return outcome
            case (_, .child):
                return .restartFromClosestDescendant
            case (.restartFromClosestDescendant, .subsequentSibling):
                return outcome
            default:
                break   // try the next ancestor / earlier sibling
            }
            candidate = combinator.nextCandidate(after: element, in: doc, context)
        }
        return candidateNotFound
    }
}

enum CSSCombinator: Sendable {
    case descendant, child, nextSibling, subsequentSibling

    var isSibling: Bool { self == .nextSibling || self == .subsequentSibling }

    /// The element to try the left-hand compound against.
    func nextCandidate(after node: DOMDocument.NodeID, in doc: DOMDocument, _ context: SelectorMatchContext) -> DOMDocument.NodeID? {
        if isSibling { return context.previousElementSibling(of: node, in: doc) }
        guard let parent = doc[node].parent, doc[parent].tag != nil else { return nil }
        return parent
    }
}

struct CSSCompoundSelector: Sendable {
    /// Lower-case tag name; nil for `*` or an omitted type.
    var tag: String?
    var conditions: [CSSCondition] = []

    func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument, _ context: SelectorMatchContext) -> Bool {
        // Within a `:has()` argument every compound tested is work the :has() budget pays for.
        if context.anchor != nil, !context.takeHasStep() { return false }
        guard let nodeTag = doc[node].tag else { return false }
        if let tag, tag != nodeTag { return false }
        return conditions.allSatisfy { $0.matches(node, in: doc, context) }
    }
}

enum CSSCondition: Sendable {
    case id(String)
    case className(String)
    case attribute(CSSAttributeSelector)
    case pseudo(CSSPseudoClass)
    case nth(CSSNthPattern, fromEnd: Bool, ofType: Bool)
    case not([Selector])
    case isAny([Selector])   // :is(), :where() and the nesting selector `&`
    /// `:nth-child(An+B of S)` / `:nth-last-child(An+B of S)`: counts only siblings matching S.
    case nthOf(CSSNthPattern, fromEnd: Bool, selectors: CSSNthOfSelectors)
    case has(CSSRelativeSelectorList)
    /// The element a `:has()` argument is matched from (its implicit leftmost compound).
    case hasAnchor
    case lang([String])
    case dir(TextDirection)
    case state(CSSElementState)

    func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument, _ context: SelectorMatchContext) -> Bool {
        let attributes = doc[node].attributes
        switch self {
        case .id(let id):
            return attributes["id"] == id
        case .className(let name):
            return context.classNames(of: node, in: doc).contains { $0 == name }
        case .attribute(let selector):
            return selector.matches(attributes)
        case .pseudo(let pseudo):
            return pseudo.matches(node, in: doc)
        case .nth(let pattern, let fromEnd, let ofType):
            return pattern.matches(context.position(of: node, in: doc, fromEnd: fromEnd, ofType: ofType, of: nil) ?? 1)
        case .not(let selectors):
            return !selectors.contains { $0.matches(node, in: doc, context: context) }
        case .isAny(let selectors):
            return selectors.contains { $0.matches(node, in: doc, context: context) }
        case .nthOf(let pattern, let fromEnd, let list):
            // Siblings that do not match S have no position (nil), so never match.
            guard let position = context.position(of: node, in: doc, fromEnd: fromEnd, ofType: false, of: list) else { return false }
            return pattern.matches(position)
        case .has(let list):
            return list.matches(anchor: node, in: doc, context)
        case .hasAnchor:
            return context.anchor == node
        case .lang(let ranges):
            return LanguageRange.matches(ranges, node, in: doc)
        case .dir(let direction):
            return CSSElementState.directionality(of: node, in: doc) == direction
        case .state(let state):
            return state.matches(node, in: doc, context)
        }
    }
}

enum CSSPseudoClass: Sendable {
    case root, empty, link
    /// User-action and history states (:hover, :visited, ...) a static snapshot never has.
    case neverMatches

    func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument) -> Bool {
        let element = doc[node]
        switch self {
        case .root:
            guard let parent = element.parent else { return false }
            return doc[parent].kind == .document
        case .empty:
            return element.children.allSatisfy { doc[$0].text?.isEmpty ?? false }
        case .link:
            return ["a", "area", "link"].contains(element.tag ?? "") && element.attributes["href"] != nil
        case .neverMatches:
            return false
        }
    }
}

struct CSSAttributeSelector: Sendable {
    enum Operator: Sendable { case exists, equals, includes, dashMatch, prefix, suffix, substring }

    var name: String   // lower-case
    var op: Operator
    var value: String
    var caseInsensitive: Bool

    /// Attributes whose values selectors compare ASCII case-insensitively in HTML documents
    /// unless the `s` flag says otherwise (HTML § 4.16.2 "Case-sensitivity of selectors").
    static let caseInsensitiveInHTML: Set<String> = [
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
        "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame",
        "hreflang", "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize",
        "noshade", "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target",
        "text", "type", "valign", "valuetype", "vlink",
    ]

    func matches(_ attributes: [String: String]) -> Bool {
        guard let raw = attributes[name] else { return false }
        if op == .exists { return true }
        let actual = caseInsensitive ? raw.lowercased() : raw
        let expected = caseInsensitive ? value.lowercased() : value
        switch op {
        case .exists:
            return true
        case .equals:
            return actual == expected
        case .includes:
            guard !expected.isEmpty, !expected.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else { return false }
            return actual.split(whereSeparator: CSSElementNavigation.isASCIIWhitespace).contains { $0 == expected }
        case .dashMatch:
            return actual == expected || actual.hasPrefix(expected + "-")
        case .prefix:
            return !expected.isEmpty && actual.hasPrefix(expected)
        case .suffix:
            return !expected.isEmpty && actual.hasSuffix(expected)
        case .substring:
            return !expected.isEmpty && actual.contains(expected)
        }
    }
}

/// The `S` of `:nth-child(An+B of S)`. A class so its identity keys the positions kept.
final class CSSNthOfSelectors: Sendable {
    let selectors: [Selector]

    init(_ selectors: [Selector]) {
        self.selectors = selectors
    }
}

/// `an+b`: matches 1-based positions p where p = a*n + b for some n >= 0.
struct CSSNthPattern: Sendable, Equatable {
    var a: Int
    var b: Int

    func matches(_ position: Int) -> Bool {
        if a == 0 { return position == b }
        let offset = position - b
        return offset % a == 0 && offset / a >= 0
    }

    /// Parses the `An+B` microsyntax from its raw text, enforcing where whitespace may appear.
    static func parse(_ text: String) -> CSSNthPattern? {
        let trimmed = text.lowercased().trimmingASCIIWhitespace()
        if trimmed == "odd" { return CSSNthPattern(a: 2, b: 1) }
        if trimmed == "even" { return CSSNthPattern(a: 2, b: 0) }
        let bytes = Array(trimmed.utf8)
        var index = 0
        let sign = readSign(bytes, &index)
        let leading = readDigits(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else {
            guard let leading, index == bytes.count else { return nil }
            return CSSNthPattern(a: 0, b: sign * leading)
        }
        index += 1
        let a = sign * (leading ?? 1)
        skipSpaces(bytes, &index)
        if index == bytes.count { return CSSNthPattern(a: a, b: 0) }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
        let offsetSign = readSign(bytes, &index)
        skipSpaces(bytes, &index)
        guard let offset = readDigits(bytes, &index), index == bytes.count else { return nil }
        return CSSNthPattern(a: a, b: offsetSign * offset)
    }

    private static func readSign(_ bytes: [UInt8], _ index: inout Int) -> Int {
        guard index < bytes.count else { return 1 }
        if bytes[index] == UInt8(ascii: "-") { index += 1; return -1 }
        if bytes[index] == UInt8(ascii: "+") { index += 1 }
        return 1
    }

    private static func readDigits(_ bytes: [UInt8], _ index: inout Int) -> Int? {
        var value = 0
        var sawDigit = false
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            value = min(value * 10 + Int(bytes[index] - 0x30), 1_000_000_000)   // cap: no overflow
            sawDigit = true
            index += 1
        }
        return sawDigit ? value : nil
    }

    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
    }
}

/// Element-only sibling helpers (text nodes are skipped).
enum CSSElementNavigation {
    static func isASCIIWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}" || character == "\r\n"
    }

    static func previousElementSibling(of node: DOMDocument.NodeID, in doc: DOMDocument) -> DOMDocument.NodeID? {
        guard let parent = doc[node].parent else { return nil }
        let siblings = doc[parent].children
        guard let index = siblings.firstIndex(of: node) else { return nil }
        return siblings[..<index].last { doc[$0].tag != nil }
    }

    /// 1-based index among the element siblings that `counts` (the node itself included).
    static func position(of node: DOMDocument.NodeID, in doc: DOMDocument, fromEnd: Bool,
                         counts: (DOMDocument.NodeID) -> Bool) -> Int {
        guard let parent = doc[node].parent else { return 1 }
        let siblings = doc[parent].children
        guard let index = siblings.firstIndex(of: node) else { return 1 }
        let before = fromEnd ? siblings[(index + 1)...] : siblings[..<index]
        return 1 + before.count { doc[$0].tag != nil && counts($0) }
    }

    /// 1-based index among element siblings (optionally of the same tag), counted from the start or end.
    static func position(of node: DOMDocument.NodeID, in doc: DOMDocument, fromEnd: Bool, ofType: Bool) -> Int {
        guard let parent = doc[node].parent else { return 1 }
        let tag = doc[node].tag
        var siblings = doc[parent].children.filter { id in
            guard let siblingTag = doc[id].tag else { return false }
            return !ofType || siblingTag == tag
        }
        if fromEnd { siblings.reverse() }
        return (siblings.firstIndex(of: node) ?? 0) + 1
    }
}

extension String {
    fileprivate func trimmingASCIIWhitespace() -> String {
        let isSpace = CSSElementNavigation.isASCIIWhitespace
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

// MARK: - Parsing

private struct CSSSelectorParser {
    let list: CSSTokenList
    /// Nesting depth of :not()/:is(); capped so hostile input cannot exhaust the stack.
    let depth: Int
    static let maxDepth = 16
    /// Longest chain of compounds accepted; matching recurses once per compound.
    static let maxCompounds = 256
    /// The selector list `&` stands for (the enclosing style rule's); nil outside nesting,
    /// where `&` is `:scope` (the root).
    let nestingParent: [Selector]?
    /// Within a `:has()` argument, where another `:has()` is invalid (Selectors 4 §14.1).
    let insideHas: Bool

    var position = 0
    var limit = 0
    /// Whether the complex selector being parsed (or a list nested in it) used `&`.
    var usedNesting = false
    /// Compounds of the selector lists nested in the complex selector being parsed.
    var weight = 0
    /// The name of the pseudo-element the selector being parsed ends in.
    var pseudoElementName: String?

    init(list: CSSTokenList, depth: Int, nestingParent: [Selector]? = nil, insideHas: Bool = false) {
        self.list = list
        self.depth = depth
        self.nestingParent = nestingParent
        self.insideHas = insideHas
    }

    /// A complex selector with the combinator that may lead it (`> a` in `:has(> a)` or a nested rule).
    struct Parsed {
        var selector: Selector
        var leading: CSSCombinator?
        var usedNesting: Bool
    }

    mutating func parseList(_ range: Range<Int>) -> [Selector]? {
        var selectors: [Selector] = []
        for part in splitOnCommas(range) {
            guard let parsed = parseComplex(part, allowsLeadingCombinator: false) else { return nil }
            selectors.append(parsed.selector)
        }
        return selectors
    }

    /// Each complex selector with the combinator that leads it, or nil when any is invalid.
    mutating func parseRelativeList(_ range: Range<Int>) -> [Parsed]? {
        var parsed: [Parsed] = []
        for part in splitOnCommas(range) {
            guard let one = parseComplex(part, allowsLeadingCombinator: true) else { return nil }
            parsed.append(one)
        }
        return parsed
    }

    private func splitOnCommas(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while true {
            if index >= range.upperBound || list.tokens[index].kind == .comma {
                parts.append(start..<min(index, range.upperBound))
                if index >= range.upperBound { break }
                start = index + 1
                index += 1
                continue
            }
            index = min(list.componentEnd(index), range.upperBound)
        }
        return parts
    }

    private var current: CSSToken.Kind? { position < limit ? list.tokens[position].kind : nil }

    private mutating func skipWhitespace() -> Bool {
        var skipped = false
        while current == .whitespace { position += 1; skipped = true }
        return skipped
    }

    private func combinator(_ kind: CSSToken.Kind) -> CSSCombinator? {
        switch kind {
        case .delim(">"): return .child
        case .delim("+"): return .nextSibling
        case .delim("~"): return .subsequentSibling
        default: return nil
        }
    }

    private mutating func parseComplex(_ range: Range<Int>, allowsLeadingCombinator: Bool) -> Parsed? {
        position = range.lowerBound
        limit = range.upperBound
        usedNesting = false
        weight = 0
        _ = skipWhitespace()
        var compounds: [CSSCompoundSelector] = []
        var combinators: [CSSCombinator] = []
        var specificity = CSSSpecificity()
        var pseudoElement = false
        var leading: CSSCombinator?
        if allowsLeadingCombinator, let kind = current, let first = combinator(kind) {
            leading = first
            position += 1
            _ = skipWhitespace()
        }
        pseudoElementName = nil

        while true {
            guard !pseudoElement, compounds.count < Self.maxCompounds,
                  let compound = parseCompound(&specificity, pseudoElement: &pseudoElement) else { return nil }
            compounds.append(compound)
            let sawWhitespace = skipWhitespace()
            guard let kind = current else { break }
            if let next = combinator(kind) {
                combinators.append(next)
            } else {
                guard sawWhitespace else { return nil }
                combinators.append(.descendant)
                continue
            }
            position += 1
            _ = skipWhitespace()
            guard current != nil else { return nil }   // dangling combinator
        }
        guard weight < Selector.maximumWeight else { return nil }
        let selector = Selector(specificity: specificity.packed,
                                compounds: compounds.reversed(),
                                combinators: combinators.reversed(),
                                targetsPseudoElement: pseudoElement,
                                nestedWeight: weight,
                                pseudoElement: pseudoElementName.flatMap(PseudoElement.init(rawValue:)))
        return Parsed(selector: selector, leading: leading, usedNesting: usedNesting)
    }

    /// The condition `&` stands for, with its specificity (the parent list's highest, as `:is()`).
    private mutating func nestingCondition() -> (CSSCondition, Int) {
        usedNesting = true
        guard let parent = nestingParent else { return (.pseudo(.root), 0) }
        let usable = parent.filter { !$0.targetsPseudoElement }
        weight = Selector.saturatingAdd(weight, Selector.weight(of: usable))
        return (.isAny(usable), usable.map(\.specificity).max() ?? 0)
    }

    /// A type/universal selector followed by any number of subclass selectors; nil if empty or malformed.
    private mutating func parseCompound(_ specificity: inout CSSSpecificity, pseudoElement: inout Bool) -> CSSCompoundSelector? {
        var compound = CSSCompoundSelector()
        var isEmpty = true
        switch current {
        case .ident(let name)?:
            compound.tag = name.lowercased()
            specificity.c += 1
            isEmpty = false
            position += 1
        case .delim("*")?:
            isEmpty = false
            position += 1
        default:
            break
        }
        if current == .delim("|") { return nil }   // namespace prefixes are not supported

        loop: while let kind = current {
            // After a pseudo-element only user-action pseudo-classes (e.g. ::before:hover) may follow;
            // parseComplex rejects anything else left adjacent to the compound.
            if pseudoElement, kind != .colon { break loop }
            switch kind {
            case .hash(let name, let isID):
                guard isID else { return nil }
                compound.conditions.append(.id(name))
                specificity.a += 1
                position += 1
            case .delim("."):
                position += 1
                guard case .ident(let name)? = current else { return nil }
                compound.conditions.append(.className(name))
                specificity.b += 1
                position += 1
            case .delim("&"):
                let (condition, nested) = nestingCondition()
                compound.conditions.append(condition)
                specificity.add(CSSSpecificity(packed: nested))
                position += 1
            case .openSquare:
                guard let attribute = parseAttribute() else { return nil }
                compound.conditions.append(.attribute(attribute))
                specificity.b += 1
            case .colon:
                position += 1
                guard parsePseudo(into: &compound, &specificity, pseudoElement: &pseudoElement) else { return nil }
            default:
                break loop
            }
            isEmpty = false
        }
        return isEmpty ? nil : compound
    }

    /// `[name]`, `[name op value]`, `[name op value i]`; `position` is at the "[".
    private mutating func parseAttribute() -> CSSAttributeSelector? {
        let open = position
        let close = min(list.blockEnd[open], list.tokens.count)
        guard close < list.tokens.count else { return nil }   // unclosed "["
        let inside = Array((open + 1)..<close).filter { list.tokens[$0].kind != .whitespace }
        position = close + 1
        // Whitespace matters only between value and flag, which the token kinds already separate.
        let kinds = inside.map { list.tokens[$0].kind }
        guard case .ident(let rawName)? = kinds.first else { return nil }
        let name = rawName.lowercased()
        if kinds.count == 1 { return CSSAttributeSelector(name: name, op: .exists, value: "", caseInsensitive: false) }

        var index = 1
        let op: CSSAttributeSelector.Operator
        switch kinds[index] {
        case .delim("="): op = .equals
        case .delim("~"): op = .includes; index += 1
        case .delim("|"): op = .dashMatch; index += 1
        case .delim("^"): op = .prefix; index += 1
        case .delim("$"): op = .suffix; index += 1
        case .delim("*"): op = .substring; index += 1
        default: return nil
        }
        if op != .equals {
            // Two-character operators must be adjacent ("~=", not "~ =").
            guard index < kinds.count, kinds[index] == .delim("="),
                  inside[index] == inside[index - 1] + 1 else { return nil }
        }
        index += 1
        guard index < kinds.count else { return nil }
        let value: String
        switch kinds[index] {
        case .ident(let text), .string(let text): value = text
        default: return nil
        }
        index += 1
        // Without a flag, HTML's legacy enumerated attributes compare case-insensitively.
        var caseInsensitive = CSSAttributeSelector.caseInsensitiveInHTML.contains(name)
        if index < kinds.count {
            guard case .ident(let flag) = kinds[index], index + 1 == kinds.count else { return nil }
            switch flag.lowercased() {
            case "i": caseInsensitive = true
            case "s": caseInsensitive = false
            default: return nil
            }
        }
        return CSSAttributeSelector(name: name, op: op, value: value, caseInsensitive: caseInsensitive)
    }

    private static let legacyPseudoElements: Set<String> = ["before", "after", "first-line", "first-letter"]
    private static let pseudoElements: Set<String> = legacyPseudoElements.union([
        "selection", "placeholder", "marker", "backdrop", "file-selector-button", "cue", "spelling-error", "grammar-error",
    ])
    /// States WebKit knows that a static render of a mail never has: user action, history,
    /// the URL's fragment, autofill, media playback, full screen, open popovers and dialogs.
    private static let neverMatchingPseudoClasses: Set<String> = [
        "visited", "hover", "active", "focus", "focus-within", "focus-visible", "target",
        "user-valid", "user-invalid", "autofill", "-webkit-autofill", "-webkit-autofill-strong-password",
        "-webkit-autofill-strong-password-viewable", "-webkit-autofill-and-obscured", "fullscreen", "-webkit-full-screen",
        "-webkit-full-screen-document", "-webkit-full-screen-ancestor", "-webkit-animating-full-screen-transition",
        "-webkit-full-screen-controls-hidden", "modal", "popover-open", "picture-in-picture", "playing", "paused",
        "seeking", "buffering", "stalled", "muted", "volume-locked", "-webkit-drag",
    ]

    /// `position` is just past the first ":". Returns false when the pseudo is invalid.
    private mutating func parsePseudo(into compound: inout CSSCompoundSelector, _ specificity: inout CSSSpecificity,
                                      pseudoElement: inout Bool) -> Bool {
        if current == .colon {
            position += 1
            guard case .ident(let rawName)? = current else { return false }
            let name = rawName.lowercased()
            let isVendor = name.hasPrefix("-webkit-") || name.hasPrefix("-moz-") || name.hasPrefix("-ms-")
            guard Self.pseudoElements.contains(name) || isVendor, !pseudoElement else { return false }
            pseudoElement = true
            pseudoElementName = name
            specificity.c += 1
            position += 1
            return true
        }
        switch current {
        case .ident(let rawName)?:
            position += 1
            return addPseudoClass(rawName.lowercased(), to: &compound, &specificity, pseudoElement: &pseudoElement)
        case .function(let rawName)?:
            let open = position
            let close = min(list.blockEnd[open], list.tokens.count)
            guard close < list.tokens.count else { return false }
            position = close + 1
            return addFunctionalPseudoClass(rawName.lowercased(), arguments: (open + 1)..<close, to: &compound, &specificity)
        default:
            return false
        }
    }

    private mutating func addPseudoClass(_ name: String, to compound: inout CSSCompoundSelector, _ specificity: inout CSSSpecificity,
                                         pseudoElement: inout Bool) -> Bool {
        if Self.legacyPseudoElements.contains(name) {
            guard !pseudoElement else { return false }
            pseudoElement = true
            pseudoElementName = name   // CSS 2's one-colon spelling
            specificity.c += 1
            return true
        }
        // Only user-action states may follow a pseudo-element.
        if pseudoElement, !Self.neverMatchingPseudoClasses.contains(name) { return false }
        let condition: CSSCondition
        switch name {
        case "first-child": condition = .nth(CSSNthPattern(a: 0, b: 1), fromEnd: false, ofType: false)
        case "last-child": condition = .nth(CSSNthPattern(a: 0, b: 1), fromEnd: true, ofType: false)
        case "first-of-type": condition = .nth(CSSNthPattern(a: 0, b: 1), fromEnd: false, ofType: true)
        case "last-of-type": condition = .nth(CSSNthPattern(a: 0, b: 1), fromEnd: true, ofType: true)
        case "only-child":
            compound.conditions.append(.nth(CSSNthPattern(a: 0, b: 1), fromEnd: false, ofType: false))
            condition = .nth(CSSNthPattern(a: 0, b: 1), fromEnd: true, ofType: false)
        case "only-of-type":
            compound.conditions.append(.nth(CSSNthPattern(a: 0, b: 1), fromEnd: false, ofType: true))
            condition = .nth(CSSNthPattern(a: 0, b: 1), fromEnd: true, ofType: true)
        case "root", "scope": condition = .pseudo(.root)   // :scope in a style sheet is the root
        case "empty": condition = .pseudo(.empty)
        case "link", "any-link", "-webkit-any-link": condition = .pseudo(.link)
        default:
            if let state = CSSElementState(pseudoClass: name) {
                condition = .state(state)
            } else {
                guard Self.neverMatchingPseudoClasses.contains(name) else { return false }
                condition = .pseudo(.neverMatches)
            }
        }
        compound.conditions.append(condition)
        specificity.b += 1
        return true
    }

    private mutating func addFunctionalPseudoClass(_ name: String, arguments: Range<Int>, to compound: inout CSSCompoundSelector,
                                                   _ specificity: inout CSSSpecificity) -> Bool {
        switch name {
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            let fromEnd = name.contains("last")
            // `An+B of S` (the child forms only): split at the `of` keyword.
            let of = name.hasSuffix("child") ? arguments.first { list.tokens[$0].kind.isIdent("of") } : nil
            guard let pattern = CSSNthPattern.parse(list.rawText(arguments.lowerBound..<(of ?? arguments.upperBound))) else { return false }
            specificity.b += 1
            guard let of else {
                compound.conditions.append(.nth(pattern, fromEnd: fromEnd, ofType: name.hasSuffix("of-type")))
                return true
            }
            guard let selectors = nestedList((of + 1)..<arguments.upperBound, forgiving: false) else { return false }
            compound.conditions.append(.nthOf(pattern, fromEnd: fromEnd, selectors: CSSNthOfSelectors(selectors)))
            specificity.add(CSSSpecificity(packed: selectors.map(\.specificity).max() ?? 0))
            return true
        case "not", "is", "where", "matches", "-webkit-any":
            // :not() is unforgiving; :is() and :where() drop what they cannot parse.
            guard let selectors = nestedList(arguments, forgiving: name != "not") else { return false }
            compound.conditions.append(name == "not" ? .not(selectors) : .isAny(selectors))
            if name != "where" {
                // The argument's most specific selector counts (Selectors Level 4 §17).
                specificity.add(CSSSpecificity(packed: selectors.map(\.specificity).max() ?? 0))
            }
            return true
        case "has":
            guard !insideHas, depth < Self.maxDepth else { return false }
            var nested = CSSSelectorParser(list: list, depth: depth + 1, nestingParent: nestingParent, insideHas: true)
            guard let parsed = nested.parseRelativeList(arguments), !parsed.isEmpty,
                  !parsed.contains(where: { $0.selector.targetsPseudoElement }) else { return false }
            let relative = CSSRelativeSelectorList(parsed.map { CSSRelativeSelector($0.selector, leading: $0.leading ?? .descendant) })
            usedNesting = usedNesting || parsed.contains { $0.usedNesting }
            weight = Selector.saturatingAdd(weight, relative.weight)
            compound.conditions.append(.has(relative))
            specificity.add(CSSSpecificity(packed: parsed.map(\.selector.specificity).max() ?? 0))
            return true
        case "lang":
            guard let ranges = LanguageRange.parseArguments(list, arguments) else { return false }
            compound.conditions.append(.lang(ranges))
            specificity.b += 1
            return true
        case "dir":
            let words = arguments.filter { !list.tokens[$0].kind.isWhitespace }
            guard words.count == 1, case .ident(let word) = list.tokens[words[0]].kind else { return false }
            // Any identifier is valid; only ltr and rtl ever match.
            compound.conditions.append(TextDirection(rawValue: word.lowercased()).map { .dir($0) } ?? .pseudo(.neverMatches))
            specificity.b += 1
            return true
        default:
            return false
        }
    }

    /// The selector list inside `:is()`, `:not()` or `of S`, parsed one level deeper.
    private mutating func nestedList(_ range: Range<Int>, forgiving: Bool) -> [Selector]? {
        guard depth < Self.maxDepth else { return nil }
        var nested = CSSSelectorParser(list: list, depth: depth + 1, nestingParent: nestingParent, insideHas: insideHas)
        var selectors: [Selector] = []
        for part in nested.splitOnCommas(range) {
            guard let parsed = nested.parseComplex(part, allowsLeadingCombinator: false),
                  !parsed.selector.targetsPseudoElement else {
                if forgiving { continue } else { return nil }
            }
            usedNesting = usedNesting || parsed.usedNesting
            selectors.append(parsed.selector)
        }
        weight = Selector.saturatingAdd(weight, Selector.weight(of: selectors))
        return selectors
    }
}

/// Specificity components, packed as a*10000 + b*100 + c with each capped at 99.
private struct CSSSpecificity {
    var a = 0
    var b = 0
    var c = 0

    init() {}

    init(packed: Int) {
        a = packed / 10000
        b = (packed / 100) % 100
        c = packed % 100
    }

    var packed: Int { min(a, 99) * 10000 + min(b, 99) * 100 + min(c, 99) }

    mutating func add(_ other: CSSSpecificity) {
        a += other.a
        b += other.b
        c += other.c
    }
}
