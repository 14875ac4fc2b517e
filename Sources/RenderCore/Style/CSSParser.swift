/// One `name: value [!important]` pair.
public struct Declaration: Sendable, Equatable {
    /// Lower-cased property name.
    public var name: String
    /// Trimmed raw value text, comments removed, without `!important`.
    public var value: String
    public var important: Bool

    public init(name: String, value: String, important: Bool) {
        self.name = name
        self.value = value
        self.important = important
    }
}

public struct StyleRule: Sendable {
    public var selectors: [Selector]
    public var declarations: [Declaration]
    /// Its cascade layer's rank (`CascadeLayers`): lower ranks lose to higher ones; rules in
    /// no layer have the highest.
    public var layer: Int = CascadeLayers.unlayered

    public init(selectors: [Selector], declarations: [Declaration]) {
        self.selectors = selectors
        self.declarations = declarations
    }
}

/// What `@media` queries are evaluated against.
public struct MediaContext: Sendable {
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var deviceWidth: Double
    public var deviceHeight: Double
    public var darkMode: Bool
    /// Device pixels per CSS px (`resolution`, `-webkit-device-pixel-ratio`): the screen's scale.
    public var devicePixelRatio: Double

    public init(viewportWidth: Double, viewportHeight: Double, deviceWidth: Double, deviceHeight: Double, darkMode: Bool,
                devicePixelRatio: Double = 3) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.deviceWidth = deviceWidth
        self.deviceHeight = deviceHeight
        self.darkMode = darkMode
        self.devicePixelRatio = devicePixelRatio
    }
}

public struct Stylesheet: Sendable {
    /// Style rules in source order, with matching `@media` blocks flattened in place.
    public var rules: [StyleRule]
    /// Valid `@font-face` rules in source order (inside matching `@media` blocks too).
    public var fontFaces: [FontFaceRule]
    /// `@counter-style` rules by name, the last of a name winning (`CounterStyleRule`).
    public var counterStyles: [String: CounterStyle] = [:]
    /// The at-rules skipped whole because the parser does not take them (`container`,
    /// `property`…), lower-cased, in source order, each with the `<style>` it is in once
    /// the cascade knows (`UnsupportedFeatures`).
    var skippedAtRules: [(name: String, node: DOMDocument.NodeID?)] = []

    public init(rules: [StyleRule], fontFaces: [FontFaceRule] = []) {
        self.rules = rules
        self.fontFaces = fontFaces
    }

    public static func parse(_ css: String, media: MediaContext) -> Stylesheet {
        let list = CSSTokenList(css)
        var parser = CSSRuleParser(list: list, media: media)
        parser.parseRules(in: 0..<list.tokens.count, topLevel: true)
        parser.layers.rank(&parser.rules)
        var sheet = Stylesheet(rules: parser.rules, fontFaces: parser.fontFaces)
        sheet.counterStyles = parser.counterStyles
        sheet.skippedAtRules = parser.skippedAtRules.map { ($0, nil) }
        return sheet
    }
}

/// Parses the contents of a `style=""` attribute.
public func parseDeclarationList(_ text: String) -> [Declaration] {
    let list = CSSTokenList(text)
    return CSSDeclarationParser(list: list).parse(0..<list.tokens.count)
}

// MARK: - Rules

/// CSS Syntax §5.4 "consume a list of rules", flattening matching `@media` and `@supports`
/// blocks, `@layer` blocks and nested style rules (CSS Nesting) into one list in source order.
struct CSSRuleParser {
    let list: CSSTokenList
    let media: MediaContext
    var rules: [StyleRule] = []
    var fontFaces: [FontFaceRule] = []
    var layers = CascadeLayers()
    /// The layer the rules being parsed belong to (`CascadeLayers.root` outside any).
    var currentLayer = CascadeLayers.root

    /// How deep style rules and conditional rules may nest; deeper blocks are dropped, so
    /// hostile nesting cannot exhaust the stack (browsers' parsers stop near here too).
    static let maximumNesting = 64
    var counterStyles: [String: CounterStyle] = [:]
    /// At-rules the parser skipped, by lower-case name (`UnsupportedFeatures` reports those WebKit applies).
    var skippedAtRules: [String] = []

    init(list: CSSTokenList, media: MediaContext) {
        self.list = list
        self.media = media
    }

    mutating func parseRules(in range: Range<Int>, topLevel: Bool, depth: Int = 0) {
        var index = range.lowerBound
        while index < range.upperBound {
            switch list.tokens[index].kind {
            case .whitespace:
                index += 1
            case .cdo where topLevel, .cdc where topLevel:
                index += 1   // HTML comment markers around <style> contents
            case .atKeyword(let name):
                index = parseAtRule(named: name, from: index, limit: range.upperBound, depth: depth)
            default:
                index = parseQualifiedRule(from: index, limit: range.upperBound, depth: depth)
            }
        }
    }

    /// An at-rule's prelude and its `{}` block (nil for a statement such as `@import`), and
    /// the index after it.
    func atRuleExtent(from start: Int, limit: Int) -> (prelude: Range<Int>, block: Range<Int>?, end: Int) {
        var index = start + 1
        while index < limit {
            switch list.tokens[index].kind {
            case .semicolon:
                return ((start + 1)..<index, nil, index + 1)
            case .openCurly:
                let blockEnd = min(list.blockEnd[index], limit)
                return ((start + 1)..<index, (index + 1)..<blockEnd, min(blockEnd + 1, limit))
            default:
                index = min(list.componentEnd(index), limit)
            }
        }
        return ((start + 1)..<limit, nil, limit)
    }

    /// Returns the index after the at-rule.
    mutating func parseAtRule(named name: String, from start: Int, limit: Int, depth: Int) -> Int {
        let (prelude, block, end) = atRuleExtent(from: start, limit: limit)
        switch name.lowercased() {
        case "layer":
            // `@layer a, b;` orders layers; `@layer a { }` (or anonymous) holds rules.
            guard let names = layers.parseNames(list, prelude, allowsList: block == nil) else { return end }
            if let block, depth < Self.maximumNesting {
                let outer = currentLayer
                currentLayer = layers.enter(names.first, in: outer)
                parseRules(in: block, topLevel: false, depth: depth + 1)
                currentLayer = outer
            } else if block == nil {
                for name in names { _ = layers.enter(name, in: currentLayer) }
            }
        default:
            guard let block, depth < Self.maximumNesting else {
                if block == nil, conditionalRule(named: name, prelude) == nil { skippedAtRules.append(name.lowercased()) }
                return end
            }
            switch conditionalRule(named: name, prelude) {
            case true?: parseRules(in: block, topLevel: false, depth: depth + 1)
            case false?: break
            case nil:
                if name.lowercased() == "font-face" {
                    if let face = FontFaceRule(CSSDeclarationParser(list: list).parse(block)) { fontFaces.append(face) }
                } else if name.lowercased() == "counter-style" {
                    if let rule = CounterStyleRule(prelude: list.rawText(prelude), CSSDeclarationParser(list: list).parse(block)) {
                        counterStyles[rule.name] = rule.style
                    }
                } else {
                    // Every other at-rule (@keyframes, @page, @container, ...) is skipped whole.
                    skippedAtRules.append(name.lowercased())
                }
            }
        }
        return end
    }

    /// For a conditional group rule (`@media`, `@supports`), whether its condition holds;
    /// nil for any other at-rule.
    func conditionalRule(named name: String, _ prelude: Range<Int>) -> Bool? {
        switch name.lowercased() {
        case "media": return CSSMediaQueryList(list: list, range: prelude).matches(media)
        case "supports": return SupportsCondition.evaluate(list, prelude)
        default: return nil
        }
    }

    /// Returns the index after the rule. A rule without a block (EOF) or with an invalid
    /// selector is dropped whole.
    mutating func parseQualifiedRule(from start: Int, limit: Int, depth: Int) -> Int {
        var index = start
        while index < limit {
            if list.tokens[index].kind == .openCurly {
                let blockEnd = min(list.blockEnd[index], limit)
                if let selectors = Selector.parseList(list, start..<index) {
                    parseStyleBlock((index + 1)..<blockEnd, selectors: selectors, depth: depth)
                }
                return min(blockEnd + 1, limit)
            }
            index = min(list.componentEnd(index), limit)
        }
        return limit
    }

    mutating func appendRule(_ selectors: [Selector], _ declarations: [Declaration]) {
        guard !declarations.isEmpty else { return }
        var rule = StyleRule(selectors: selectors, declarations: declarations)
        rule.layer = currentLayer
        rules.append(rule)
    }
}

// MARK: - Declarations

/// CSS Syntax §5.4.5 "consume a list of declarations".
struct CSSDeclarationParser {
    let list: CSSTokenList

    func parse(_ range: Range<Int>) -> [Declaration] {
        var declarations: [Declaration] = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch list.tokens[index].kind {
            case .whitespace, .semicolon:
                index += 1
            case .atKeyword:
                // Nested at-rules are not applied; skip to the end of their block or ";".
                index = skipAtRule(from: index + 1, limit: range.upperBound)
            case .ident:
                let end = nextSemicolon(from: index, limit: range.upperBound)
                if let declaration = parseDeclaration(index..<end) { declarations.append(declaration) }
                index = end + 1
            default:
                // Parse error: throw away everything up to the next ";".
                index = nextSemicolon(from: index, limit: range.upperBound) + 1
            }
        }
        return declarations
    }

    private func nextSemicolon(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, list.tokens[index].kind != .semicolon {
            index = min(list.componentEnd(index), limit)
        }
        return index
    }

    private func skipAtRule(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            switch list.tokens[index].kind {
            case .semicolon: return index + 1
            case .openCurly: return min(list.componentEnd(index), limit)
            default: index = min(list.componentEnd(index), limit)
            }
        }
        return limit
    }

    /// `tokens[range]` starts with the ident name and excludes the ";".
    private func parseDeclaration(_ range: Range<Int>) -> Declaration? {
        guard case .ident(let rawName) = list.tokens[range.lowerBound].kind else { return nil }
        var index = skipWhitespace(from: range.lowerBound + 1, limit: range.upperBound)
        guard index < range.upperBound, list.tokens[index].kind == .colon else { return nil }
        index = skipWhitespace(from: index + 1, limit: range.upperBound)

        var valueEnd = trimTrailingWhitespace(index..<range.upperBound)
        var important = false
        if let bang = importantFlagStart(index..<valueEnd) {
            important = true
            valueEnd = trimTrailingWhitespace(index..<bang)
        }
        // No property's grammar takes a bad-url or bad-string token: a declaration holding one
        // is dropped whole (`background: #fff url({{ x }})` keeps no colour in browsers).
        for token in list.tokens[index..<valueEnd] {
            if case .badURL = token.kind { return nil }
            if case .badString = token.kind { return nil }
        }
        let value = list.rawText(index..<valueEnd)
        // A custom property may be empty (`--x: ;`, CSS Variables 1 §2); no other value may.
        guard !value.isEmpty || rawName.hasPrefix("--") else { return nil }
        // Custom property names are case-sensitive (CSS Variables §2).
        return Declaration(name: rawName.hasPrefix("--") ? rawName : rawName.lowercased(), value: value, important: important)
    }

    /// If the value ends with `! important` (whitespace allowed, case-insensitive), the index of the "!".
    private func importantFlagStart(_ range: Range<Int>) -> Int? {
        guard range.count >= 2,
              case .ident(let word) = list.tokens[range.upperBound - 1].kind,
              word.lowercased() == "important" else { return nil }
        var index = range.upperBound - 2
        while index > range.lowerBound, list.tokens[index].kind.isWhitespace { index -= 1 }
        return list.tokens[index].kind == .delim("!") ? index : nil
    }

    private func skipWhitespace(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, list.tokens[index].kind.isWhitespace { index += 1 }
        return index
    }

    private func trimTrailingWhitespace(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, list.tokens[end - 1].kind.isWhitespace { end -= 1 }
        return end
    }
}

// MARK: - Media queries

/// A comma-separated media query list (Media Queries Level 4 subset); matches when any query does.
struct CSSMediaQueryList {
    let list: CSSTokenList
    let range: Range<Int>

    func matches(_ context: MediaContext) -> Bool {
        let queries = splitOnCommas()
        // An empty prelude ("@media {") is an empty list, which matches everything.
        if queries.count == 1, queries[0].allSatisfy({ list.tokens[$0].kind.isWhitespace }) { return true }
        return queries.contains { query in
            var evaluator = CSSMediaQueryEvaluator(list: list, indices: query, context: context)
            return evaluator.evaluate() ?? false   // malformed query behaves as "not all"
        }
    }

    /// Each query as the indices of its top-level component values (blocks as their opener).
    private func splitOnCommas() -> [[Int]] {
        var queries: [[Int]] = [[]]
        var index = range.lowerBound
        while index < range.upperBound {
            if list.tokens[index].kind == .comma {
                queries.append([])
            } else {
                queries[queries.count - 1].append(index)
            }
            index = min(list.componentEnd(index), range.upperBound)
        }
        return queries
    }
}

/// Evaluates one media query: `[not|only]? type [and feature]*` or `feature [and|or feature]*`.
/// Returns nil when the query is malformed.
struct CSSMediaQueryEvaluator {
    let list: CSSTokenList
    let components: [Int]   // non-whitespace top-level component indices
    let context: MediaContext
    var cursor = 0

    static let emInPixels = 16.0

    init(list: CSSTokenList, indices: [Int], context: MediaContext) {
        self.list = list
        self.components = indices.filter { !list.tokens[$0].kind.isWhitespace }
        self.context = context
    }

    mutating func evaluate() -> Bool? {
        guard cursor < components.count else { return nil }
        if case .ident = kind(at: cursor) {
            return evaluateTypeQuery()
        }
        return evaluateCondition()
    }

    private func kind(at position: Int) -> CSSToken.Kind? {
        position < components.count ? list.tokens[components[position]].kind : nil
    }

    private func keyword(at position: Int) -> String? {
        if case .ident(let word)? = kind(at: position) { return word.lowercased() }
        return nil
    }

    private mutating func evaluateTypeQuery() -> Bool? {
        var negated = false
        if keyword(at: cursor) == "not", keyword(at: cursor + 1) != nil {
            negated = true
            cursor += 1
        } else if keyword(at: cursor) == "only" {
            cursor += 1
        } else if keyword(at: cursor) == "not" {
            // "not (feature)" — a negated condition, not a type.
            return evaluateCondition()
        }
        guard let type = keyword(at: cursor) else { return nil }
        guard !["only", "not", "and", "or"].contains(type) else { return nil }
        cursor += 1
        var result = type == "all" || type == "screen"
        while cursor < components.count {
            guard keyword(at: cursor) == "and" else { return nil }
            cursor += 1
            guard let feature = evaluateFeatureInParens() else { return nil }
            result = result && feature
        }
        return negated ? !result : result
    }

    /// `not <in-parens>` | `<in-parens> [and <in-parens>]*` | `<in-parens> [or <in-parens>]*`.
    private mutating func evaluateCondition() -> Bool? {
        if keyword(at: cursor) == "not" {
            cursor += 1
            guard let inner = evaluateFeatureInParens(), cursor == components.count else { return nil }
            return !inner
        }
        guard var result = evaluateFeatureInParens() else { return nil }
        var joiner: String?
        while cursor < components.count {
            guard let word = keyword(at: cursor), word == "and" || word == "or" else { return nil }
            if let joiner, joiner != word { return nil }   // mixing and/or needs parentheses
            joiner = word
            cursor += 1
            guard let next = evaluateFeatureInParens() else { return nil }
            result = word == "and" ? (result && next) : (result || next)
        }
        return result
    }

    /// A `( ... )` block: either a nested condition or a single feature test.
    private mutating func evaluateFeatureInParens() -> Bool? {
        guard cursor < components.count, kind(at: cursor) == .openParen else { return nil }
        let open = components[cursor]
        cursor += 1
        let close = min(list.blockEnd[open], list.tokens.count)
        let inside = Array((open + 1)..<close).filter { !list.tokens[$0].kind.isWhitespace }
        guard let first = inside.first else { return nil }
        if list.tokens[first].kind == .openParen || (kind(of: first) == .ident("not") && inside.count > 1) {
            var nested = CSSMediaQueryEvaluator(list: list, indices: topLevelComponents(open + 1, close), context: context)
            return nested.evaluateCondition()
        }
        return evaluateFeature(inside)
    }

    private func kind(of index: Int) -> CSSToken.Kind {
        if case .ident(let word) = list.tokens[index].kind { return .ident(word.lowercased()) }
        return list.tokens[index].kind
    }

    private func topLevelComponents(_ start: Int, _ end: Int) -> [Int] {
        var indices: [Int] = []
        var index = start
        while index < end {
            indices.append(index)
            index = min(list.componentEnd(index), end)
        }
        return indices
    }

    /// `name`, `name: value`, or the range forms `name <op> value` / `value <op> name`.
    private func evaluateFeature(_ tokens: [Int]) -> Bool? {
        guard case .ident(let rawName) = list.tokens[tokens[0]].kind else {
            return evaluateReversedRange(tokens)
        }
        let name = rawName.lowercased()
        if tokens.count == 1 { return evaluateBoolean(name) }
        if list.tokens[tokens[1]].kind == .colon {
            return evaluatePlain(name, valueTokens: Array(tokens.dropFirst(2)))
        }
        guard let (comparison, used) = comparisonOperator(tokens, at: 1) else { return nil }
        return evaluateRange(name, comparison, valueTokens: Array(tokens.dropFirst(1 + used)))
    }

    /// `400px <= width <= 700px` (both operators pointing the same way) or `600px >= width`
    /// (the value first, so the operator is flipped).
    private func evaluateReversedRange(_ tokens: [Int]) -> Bool? {
        if let nameAt = tokens.firstIndex(where: { if case .ident = list.tokens[$0].kind { return true } else { return false } }),
           nameAt > 0, nameAt < tokens.count - 1, case .ident(let rawName) = list.tokens[tokens[nameAt]].kind {
            let before = Array(tokens[..<nameAt]), after = Array(tokens[(nameAt + 1)...])
            for operatorLength in [2, 1] where before.count > operatorLength {
                let operatorStart = before.count - operatorLength
                guard let (left, used) = comparisonOperator(before, at: operatorStart), used == operatorLength,
                      let (right, rightUsed) = comparisonOperator(after, at: 0) else { continue }
                let sameWay = [left, right].allSatisfy { $0 == .less || $0 == .lessOrEqual }
                    || [left, right].allSatisfy { $0 == .greater || $0 == .greaterOrEqual }
                guard sameWay else { return nil }
                let name = rawName.lowercased()
                guard let low = evaluateRange(name, left.flipped, valueTokens: Array(before[..<operatorStart])),
                      let high = evaluateRange(name, right, valueTokens: Array(after.dropFirst(rightUsed))) else { return nil }
                return low && high
            }
        }
        return evaluateSingleReversedRange(tokens)
    }

    private func evaluateSingleReversedRange(_ tokens: [Int]) -> Bool? {
        guard let last = tokens.last, case .ident(let rawName) = list.tokens[last].kind, tokens.count >= 3 else { return nil }
        // Find the operator right before the name.
        for operatorLength in [2, 1] where tokens.count > operatorLength {
            let operatorStart = tokens.count - 1 - operatorLength
            guard let (comparison, used) = comparisonOperator(tokens, at: operatorStart), used == operatorLength else { continue }
            return evaluateRange(rawName.lowercased(), comparison.flipped, valueTokens: Array(tokens[0..<operatorStart]))
        }
        return nil
    }

    private func comparisonOperator(_ tokens: [Int], at position: Int) -> (Comparison, Int)? {
        guard position < tokens.count, case .delim(let symbol) = list.tokens[tokens[position]].kind else { return nil }
        let followedByEquals = position + 1 < tokens.count && list.tokens[tokens[position + 1]].kind == .delim("=")
        switch (symbol, followedByEquals) {
        case ("<", true): return (.lessOrEqual, 2)
        case (">", true): return (.greaterOrEqual, 2)
        case ("<", false): return (.less, 1)
        case (">", false): return (.greater, 1)
        case ("=", _): return (.equal, 1)
        default: return nil
        }
    }

    enum Comparison {
        case less, lessOrEqual, equal, greaterOrEqual, greater

        var flipped: Comparison {
            switch self {
            case .less: return .greater
            case .lessOrEqual: return .greaterOrEqual
            case .equal: return .equal
            case .greaterOrEqual: return .lessOrEqual
            case .greater: return .less
            }
        }

        func holds(_ actual: Double, _ expected: Double) -> Bool {
            switch self {
            case .less: return actual < expected
            case .lessOrEqual: return actual <= expected
            case .equal: return actual == expected
            case .greaterOrEqual: return actual >= expected
            case .greater: return actual > expected
            }
        }
    }

    // MARK: Feature tables

    private enum ValueKind { case length, ratio, resolution, integer }

    /// The environment's value for a numeric feature, and how its query value is read.
    private func numericFeature(_ name: String) -> (Double, ValueKind)? {
        switch name {
        case "width": return (context.viewportWidth, .length)
        case "height": return (context.viewportHeight, .length)
        case "device-width": return (context.deviceWidth, .length)
        case "device-height": return (context.deviceHeight, .length)
        case "-webkit-device-pixel-ratio", "device-pixel-ratio", "-moz-device-pixel-ratio":
            return (context.devicePixelRatio, .ratio)
        case "resolution": return (context.devicePixelRatio, .resolution)
        case "aspect-ratio": return (context.viewportWidth / max(context.viewportHeight, 1), .ratio)
        case "device-aspect-ratio": return (context.deviceWidth / max(context.deviceHeight, 1), .ratio)
        case "color": return (8, .integer)   // bits per colour component
        case "color-index", "monochrome", "grid": return (0, .integer)
        default: return nil
        }
    }

    /// Splits `min-width` into (`width`, >=); also the WebKit `-webkit-min-device-pixel-ratio`
    /// and old Gecko `min--moz-device-pixel-ratio` spellings.
    private func splitPrefix(_ name: String) -> (String, Comparison) {
        for (prefix, comparison) in [("min-", Comparison.greaterOrEqual), ("max-", .lessOrEqual)] {
            if name.hasPrefix(prefix) { return (String(name.dropFirst(prefix.count)), comparison) }
            let webkit = "-webkit-" + prefix
            if name.hasPrefix(webkit) { return ("-webkit-" + name.dropFirst(webkit.count), comparison) }
        }
        return (name, .equal)
    }

    private func evaluatePlain(_ name: String, valueTokens: [Int]) -> Bool? {
        if let feature = MediaFeatures.discrete(name, context) {
            if valueTokens.count == 1, case .number(let value, _) = list.tokens[valueTokens[0]].kind {
                return feature.values.contains(value == 1 ? "1" : "0")
            }
            guard let value = singleKeyword(valueTokens) else { return nil }
            return feature.values.contains(value)
        }
        let (base, comparison) = splitPrefix(name)
        return evaluateRange(base, comparison, valueTokens: valueTokens)
    }

    private func evaluateRange(_ name: String, _ comparison: Comparison, valueTokens: [Int]) -> Bool? {
        guard let (actual, valueKind) = numericFeature(name) else { return false }   // unknown feature
        guard let expected = numericValue(valueTokens, as: valueKind) else { return nil }
        return comparison.holds(actual, expected)
    }

    private func evaluateBoolean(_ name: String) -> Bool? {
        if let feature = MediaFeatures.discrete(name, context) { return feature.boolean }
        guard let (actual, _) = numericFeature(name) else { return false }
        return actual != 0
    }

    private func singleKeyword(_ tokens: [Int]) -> String? {
        guard tokens.count == 1, case .ident(let word) = list.tokens[tokens[0]].kind else { return nil }
        return word.lowercased()
    }

    private func numericValue(_ tokens: [Int], as valueKind: ValueKind) -> Double? {
        if valueKind == .ratio, tokens.count == 3, list.tokens[tokens[1]].kind == .delim("/"),
           case .number(let numerator, _) = list.tokens[tokens[0]].kind,
           case .number(let denominator, _) = list.tokens[tokens[2]].kind,
           numerator >= 0, denominator > 0 {
            return numerator / denominator   // `16/9`, `16 / 9`
        }
        guard tokens.count == 1 else { return nil }
        switch (list.tokens[tokens[0]].kind, valueKind) {
        case (.number(let value, _), .ratio), (.number(let value, true), .integer): return value
        case (.number(let value, _), .length) where value == 0: return 0
        case (.dimension(let value, let unit), .length): return Self.pixels(value, unit: unit.lowercased())
        case (.dimension(let value, let unit), .resolution): return Self.dotsPerPixel(value, unit: unit.lowercased())
        default: return nil
        }
    }

    static func pixels(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "px": return value
        case "em", "rem": return value * emInPixels
        case "pt": return value * 96 / 72
        case "pc": return value * 16
        case "in": return value * 96
        case "cm": return value * 96 / 2.54
        case "mm": return value * 96 / 25.4
        default: return nil
        }
    }

    static func dotsPerPixel(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "dppx", "x": return value
        case "dpi": return value / 96
        case "dpcm": return value * 2.54 / 96
        default: return nil
        }
    }
}
