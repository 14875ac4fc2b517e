import Foundation

/// CSS math functions (CSS Values 4 §10): `calc()`, `min()`, `max()`, `clamp()` and the
/// stepped, trigonometric and exponential functions WebKit takes, nested and with mixed units.
///
/// Every unit but `%` is known when a declaration is applied (font sizes, the viewport), so
/// the parser turns each dimension into px (or degrees) at once and folds what it can: an
/// expression without a percentage becomes a plain number, one with percentages stays a
/// `CalcLength` that layout resolves against the containing block (`Length.resolve`).
public indirect enum CalcLength: Sendable, Equatable, Hashable {
    case px(Double)
    case percent(Double)
    case number(Double)
    case sum([CalcLength])
    case product([CalcLength])
    /// `1 / x`: division by a number.
    case invert(CalcLength)
    case min([CalcLength])
    case max([CalcLength])
    case clamp(CalcLength, CalcLength, CalcLength)
    /// Any other math function, evaluated by `CalcExpression.apply`.
    case function(String, [CalcLength])

    /// The value in px with `%` of `base`, before the top-level clamping.
    func evaluate(_ base: Double) -> Double {
        switch self {
        case .px(let value), .number(let value): return value
        case .percent(let value): return base * value / 100
        case .sum(let terms): return terms.reduce(0) { $0 + $1.evaluate(base) }
        case .product(let factors): return factors.reduce(1) { $0 * $1.evaluate(base) }
        case .invert(let divisor): return 1 / divisor.evaluate(base)
        case .min(let values): return CalcExpression.minimum(values.map { $0.evaluate(base) })
        case .max(let values): return CalcExpression.maximum(values.map { $0.evaluate(base) })
        case .clamp(let low, let value, let high):
            // clamp(MIN, VAL, MAX) is max(MIN, min(VAL, MAX)): MIN wins over MAX.
            return CalcExpression.maximum([low.evaluate(base), CalcExpression.minimum([value.evaluate(base), high.evaluate(base)])])
        case .function(let name, let arguments):
            return CalcExpression.apply(name, arguments.map { $0.evaluate(base) }) ?? .nan
        }
    }

    var containsPercent: Bool {
        switch self {
        case .percent: return true
        case .px, .number: return false
        case .sum(let list), .product(let list), .min(let list), .max(let list), .function(_, let list):
            return list.contains { $0.containsPercent }
        case .invert(let value): return value.containsPercent
        case .clamp(let a, let b, let c): return a.containsPercent || b.containsPercent || c.containsPercent
        }
    }
}

/// A calculated length with percentages, as `Length.calc` keeps it until layout.
public struct CalculatedLength: Sendable, Equatable, Hashable {
    public let expression: CalcLength
    /// The property takes no negative value (widths, paddings): a negative result is 0.
    public let nonNegative: Bool

    /// The used value against a containing-block length, clamped as WebKit clamps it: NaN is
    /// 0 (CSS Values 4 §10.9), and the result fits WebKit's length range (±33 554 428 px), so the
    /// hybrid idiom `calc((600px - 100%) * 1000)` gives a huge but finite width.
    public func resolve(_ base: Double) -> Double {
        CalcExpression.clampToLayoutRange(expression.evaluate(base), nonNegative: nonNegative)
    }
}

enum CalcExpression {
    /// What a math function must compute to for the property taking it.
    enum Category: Sendable {
        case length, number, angle
    }

    /// The parsed function's result: a number in px, degrees or plain, or (lengths only) an
    /// expression that still needs the containing block.
    enum Result: Equatable {
        case value(Double)
        case percentOnly(Double)
        case calculated(CalcLength)
    }

    /// The largest length WebKit keeps: `maxValueForCssLength`, two under the largest LayoutUnit
    /// ((2³¹ − 1) / 64 px), held in a float (so 33 554 428 px, measured: `calc(1px / 0)`).
    static let layoutUnitMaximum = Double(Float(Int32.max / 64 - 2))
    /// Nesting deeper than this is refused (WebKit caps its parser's depth too).
    static let maximumDepth = 64
    /// More nodes than this in one value are refused: evaluation runs at every layout.
    static let maximumNodes = 4096

    /// Whether the text starts with a math function this parser knows.
    static func isMathFunction(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return false }
        return functionNames.contains(text[..<open].lowercased())
    }

    static let functionNames: Set<String> = [
        "calc", "-webkit-calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign",
        "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "pow", "sqrt", "hypot", "log", "exp",
    ]

    /// Parses a whole value that is one math function. `unit` converts a dimension to px (or,
    /// for angles, degrees); nil refuses it.
    static func parse(_ text: String, category: Category, unit: @escaping (Double, String) -> Double?) -> Result? {
        let list = CSSTokenList(text)
        var parser = Parser(tokens: list.tokens.map(\.kind), category: category, unit: unit)
        parser.skipWhitespace()
        guard case .function(let name)? = parser.peek, functionNames.contains(name.lowercased()) else { return nil }
        guard let node = parser.function(depth: 0) else { return nil }
        parser.skipWhitespace()
        guard parser.atEnd, parser.nodes <= maximumNodes, node.type.matches(category) else { return nil }
        let folded = fold(node.tree)
        switch folded {
        case .px(let value), .number(let value): return .value(value)
        case .percent(let value): return .percentOnly(value)
        default: return .calculated(folded)
        }
    }

    /// A top-level value as CSS Values 4 §10.9 and WebKit's LayoutUnit make it: NaN → 0, ±∞
    /// and huge values → the largest representable length.
    static func clampToLayoutRange(_ value: Double, nonNegative: Bool) -> Double {
        guard !value.isNaN else { return 0 }
        let clamped = Swift.min(Swift.max(value, -layoutUnitMaximum), layoutUnitMaximum)
        return nonNegative ? Swift.max(0, clamped) : clamped
    }

    /// A top-level number (line-height, opacity): NaN → 0, ±∞ → the largest finite double.
    static func clampNumber(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return Swift.min(Swift.max(value, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    }

    // MARK: Folding and evaluation

    /// Replaces every subtree without a percentage by its value.
    static func fold(_ node: CalcLength) -> CalcLength {
        if !node.containsPercent {
            let value = node.evaluate(0)
            return isLength(node) ? .px(value) : .number(value)
        }
        switch node {
        case .sum(let terms):
            let folded = terms.map(fold)
            if folded.count == 1 { return folded[0] }
            // calc(50% + 0px) is 50%; a sum of percentages is one.
            let percents = folded.compactMap { if case .percent(let p) = $0 { return p } else { return nil } }
            let constants = folded.compactMap { if case .px(let p) = $0 { return p } else { return nil } }
            if percents.count + constants.count == folded.count, constants.allSatisfy({ $0 == 0 }) {
                return .percent(percents.reduce(0, +))
            }
            return .sum(folded)
        case .product(let factors):
            let folded = factors.map(fold)
            // A number times a percentage is a percentage.
            if folded.count == 2 {
                switch (folded[0], folded[1]) {
                case (.percent(let p), .number(let n)), (.number(let n), .percent(let p)): return .percent(p * n)
                case (.percent(let p), .invert(.number(let n))): return .percent(p / n)
                default: break
                }
            }
            return .product(folded)
        case .invert(let value): return .invert(fold(value))
        case .min(let values): return .min(values.map(fold))
        case .max(let values): return .max(values.map(fold))
        case .clamp(let a, let b, let c): return .clamp(fold(a), fold(b), fold(c))
        case .function(let name, let arguments): return .function(name, arguments.map(fold))
        default: return node
        }
    }

    /// Whether a percentage-free subtree is a length (its px leaves survive) rather than a number.
    private static func isLength(_ node: CalcLength) -> Bool {
        switch node {
        case .px, .percent: return true
        case .number: return false
        case .sum(let list), .min(let list), .max(let list): return list.contains(where: isLength)
        case .product(let list): return list.contains(where: isLength)
        case .invert: return false
        case .clamp(let a, let b, let c): return isLength(a) || isLength(b) || isLength(c)
        case .function(let name, let list):
            return (name.hasPrefix("round") || ["mod", "rem", "abs", "hypot"].contains(name)) && list.contains(where: isLength)
        }
    }

    /// NaN-propagating minimum and maximum (CSS Values 4 §10.9: NaN in, NaN out).
    static func minimum(_ values: [Double]) -> Double {
        values.contains(where: \.isNaN) ? .nan : values.min() ?? .nan
    }
    static func maximum(_ values: [Double]) -> Double {
        values.contains(where: \.isNaN) ? .nan : values.max() ?? .nan
    }

    /// The functions beyond calc/min/max/clamp, on values already in px, degrees or numbers
    /// (trigonometry takes degrees and answers degrees, as angles are kept here).
    static func apply(_ name: String, _ arguments: [Double]) -> Double? {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
        switch (name, arguments.count) {
        case ("abs", 1): return Swift.abs(arguments[0])
        case ("sign", 1):
            let value = arguments[0]
            return value.isNaN ? .nan : (value > 0 ? 1 : (value < 0 ? -1 : value))
        case ("sqrt", 1): return arguments[0].squareRoot()
        case ("exp", 1): return Foundation.exp(arguments[0])
        case ("log", 1): return Foundation.log(arguments[0])
        case ("log", 2): return Foundation.log(arguments[0]) / Foundation.log(arguments[1])
        case ("pow", 2): return Foundation.pow(arguments[0], arguments[1])
        case ("hypot", _): return arguments.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case ("sin", 1): return Foundation.sin(radians(arguments[0]))
        case ("cos", 1): return Foundation.cos(radians(arguments[0]))
        case ("tan", 1): return Foundation.tan(radians(arguments[0]))
        case ("asin", 1): return degrees(Foundation.asin(arguments[0]))
        case ("acos", 1): return degrees(Foundation.acos(arguments[0]))
        case ("atan", 1): return degrees(Foundation.atan(arguments[0]))
        case ("atan2", 2): return degrees(Foundation.atan2(arguments[0], arguments[1]))
        case ("mod", 2):
            // The result takes the divisor's sign (CSS Values 4 §10.5.2).
            let (a, b) = (arguments[0], arguments[1])
            guard b != 0, a.isFinite else { return .nan }
            if b.isInfinite { return (a == 0 || (a > 0) == (b > 0)) ? a : .nan }
            let r = a.truncatingRemainder(dividingBy: b)
            return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
        case ("rem", 2):
            let (a, b) = (arguments[0], arguments[1])
            guard b != 0, a.isFinite else { return .nan }
            return b.isInfinite ? a : a.truncatingRemainder(dividingBy: b)
        case ("round-nearest", 2), ("round-up", 2), ("round-down", 2), ("round-to-zero", 2):
            let (a, b) = (arguments[0], arguments[1])
            guard b != 0 else { return .nan }
            if b.isInfinite { return a.isInfinite ? .nan : (name == "round-up" && a > 0 ? .infinity : name == "round-down" && a < 0 ? -.infinity : 0 * a) }
            // Multiples of |B|; nearest rounds a half up, toward +∞.
            let step = Swift.abs(b), ratio = a / step
            switch name {
            case "round-up": return ratio.rounded(.up) * step
            case "round-down": return ratio.rounded(.down) * step
            case "round-to-zero": return ratio.rounded(.towardZero) * step
            default: return (ratio + 0.5).rounded(.down) * step
            }
        default: return nil
        }
    }
}

// MARK: The parser

extension CalcExpression {
    /// A node's CSS type: which base unit it carries (CSS Values 4 §10.7, with percentages
    /// standing for lengths, the only place this engine keeps them).
    struct CalcType: Equatable {
        enum Base { case none, length, angle }
        var base: Base
        static let number = CalcType(base: .none)
        func matches(_ category: Category) -> Bool {
            switch category {
            case .length: return base == .length
            case .number: return base == .none
            case .angle: return base == .angle
            }
        }
    }

    struct Typed {
        var tree: CalcLength
        var type: CalcType
    }

    struct Parser {
        let tokens: [CSSToken.Kind]
        let category: Category
        let unit: (Double, String) -> Double?
        var index = 0
        var nodes = 0

        init(tokens: [CSSToken.Kind], category: Category, unit: @escaping (Double, String) -> Double?) {
            self.tokens = tokens
            self.category = category
            self.unit = unit
        }

        var peek: CSSToken.Kind? { index < tokens.count ? tokens[index] : nil }
        var atEnd: Bool { index >= tokens.count }

        mutating func skipWhitespace() {
            while let token = peek, token.isWhitespace { index += 1 }
        }

        /// A math function at `index` (its name token), through its closing parenthesis.
        mutating func function(depth: Int) -> Typed? {
            guard depth < CalcExpression.maximumDepth, case .function(let rawName)? = peek else { return nil }
            let name = rawName.lowercased()
            index += 1
            var arguments: [Typed] = []
            var roundingMode: String?
            repeat {
                skipWhitespace()
                if name == "round", arguments.isEmpty, roundingMode == nil, case .ident(let word)? = peek,
                   ["nearest", "up", "down", "to-zero"].contains(word.lowercased()) {
                    roundingMode = word.lowercased()
                    index += 1
                    skipWhitespace()
                    guard peek == .comma else { return nil }
                    index += 1
                    continue
                }
                guard let argument = sum(depth: depth + 1) else { return nil }
                arguments.append(argument)
                skipWhitespace()
                if peek == .comma { index += 1; continue }
                break
            } while nodes <= CalcExpression.maximumNodes
            // An unclosed function is closed by the end of the value.
            if peek == .closeParen { index += 1 } else if !atEnd { return nil }
            return combine(name, arguments, roundingMode: roundingMode)
        }

        /// Checks a function's arguments' types and builds its node.
        func combine(_ name: String, _ arguments: [Typed], roundingMode: String?) -> Typed? {
            let types = arguments.map(\.type)
            let trees = arguments.map(\.tree)
            func same() -> CalcType? {
                guard let first = types.first, types.allSatisfy({ $0 == first }) else { return nil }
                return first
            }
            switch name {
            case "calc", "-webkit-calc":
                guard arguments.count == 1 else { return nil }
                return arguments[0]
            case "min", "max":
                guard !arguments.isEmpty, let type = same() else { return nil }
                return Typed(tree: name == "min" ? .min(trees) : .max(trees), type: type)
            case "clamp":
                guard arguments.count == 3, let type = same() else { return nil }
                return Typed(tree: .clamp(trees[0], trees[1], trees[2]), type: type)
            case "round":
                guard (1...2).contains(arguments.count), let type = same() else { return nil }
                // round(A) rounds to whole numbers: only a number has a step of 1 implied.
                let step = arguments.count == 2 ? trees[1] : (type == .number ? .number(1) : nil)
                guard let step else { return nil }
                return Typed(tree: .function("round-" + (roundingMode ?? "nearest"), [trees[0], step]), type: type)
            case "mod", "rem":
                guard arguments.count == 2, let type = same() else { return nil }
                return Typed(tree: .function(name, trees), type: type)
            case "abs", "sign":
                guard arguments.count == 1 else { return nil }
                return Typed(tree: .function(name, trees), type: name == "abs" ? types[0] : .number)
            case "hypot":
                guard !arguments.isEmpty, let type = same() else { return nil }
                return Typed(tree: .function(name, trees), type: type)
            case "sin", "cos", "tan":
                guard arguments.count == 1, types[0] != CalcType(base: .length) else { return nil }
                // A bare number is radians: converted to the degrees this engine keeps.
                let argument = types[0] == .number ? CalcLength.product([trees[0], .number(180 / .pi)]) : trees[0]
                return Typed(tree: .function(name, [argument]), type: .number)
            case "asin", "acos", "atan":
                guard arguments.count == 1, types[0] == .number else { return nil }
                return Typed(tree: .function(name, trees), type: CalcType(base: .angle))
            case "atan2":
                guard arguments.count == 2, let _ = same() else { return nil }
                return Typed(tree: .function(name, trees), type: CalcType(base: .angle))
            case "pow":
                guard arguments.count == 2, types.allSatisfy({ $0 == .number }) else { return nil }
                return Typed(tree: .function(name, trees), type: .number)
            case "sqrt", "exp":
                guard arguments.count == 1, types[0] == .number else { return nil }
                return Typed(tree: .function(name, trees), type: .number)
            case "log":
                guard (1...2).contains(arguments.count), types.allSatisfy({ $0 == .number }) else { return nil }
                return Typed(tree: .function(name, trees), type: .number)
            default:
                return nil
            }
        }

        /// `<calc-sum>`: products joined by `+` and `-` (which need whitespace around them).
        mutating func sum(depth: Int) -> Typed? {
            guard var first = product(depth: depth) else { return nil }
            var terms = [first.tree]
            while true {
                let mark = index
                skipWhitespace()
                guard case .delim(let op)? = peek, op == "+" || op == "-", index > mark else { index = mark; break }
                index += 1
                guard let next = peek, next.isWhitespace else { return nil }
                skipWhitespace()
                guard let term = product(depth: depth), term.type == first.type else { return nil }
                terms.append(op == "-" ? .product([.number(-1), term.tree]) : term.tree)
                nodes += 1
            }
            first.tree = terms.count == 1 ? terms[0] : .sum(terms)
            return first
        }

        /// `<calc-product>`: values joined by `*` and `/`; at most one side of `*` has a unit,
        /// the right side of `/` is a number.
        mutating func product(depth: Int) -> Typed? {
            guard let first = value(depth: depth) else { return nil }
            var factors = [first.tree]
            var type = first.type
            while true {
                let mark = index
                skipWhitespace()
                guard case .delim(let op)? = peek, op == "*" || op == "/" else { index = mark; break }
                index += 1
                skipWhitespace()
                guard let next = value(depth: depth) else { return nil }
                if op == "*" {
                    if type == .number { type = next.type } else if next.type != .number { return nil }
                    factors.append(next.tree)
                } else {
                    guard next.type == .number else { return nil }
                    factors.append(.invert(next.tree))
                }
                nodes += 1
            }
            return Typed(tree: factors.count == 1 ? factors[0] : .product(factors), type: type)
        }

        /// `<calc-value>`: a number, dimension, percentage, constant, nested function or `( sum )`.
        mutating func value(depth: Int) -> Typed? {
            guard depth < CalcExpression.maximumDepth, nodes <= CalcExpression.maximumNodes, let token = peek else { return nil }
            nodes += 1
            switch token {
            case .number(let value, _):
                index += 1
                return Typed(tree: .number(value), type: .number)
            case .percentage(let value):
                // Percentages are lengths here (of the containing block); elsewhere refused.
                guard category == .length else { return nil }
                index += 1
                return Typed(tree: .percent(value), type: CalcType(base: .length))
            case .dimension(let value, let unitName):
                let lower = unitName.lowercased()
                if let degrees = PropertyValues.angleFactor(lower) {
                    index += 1
                    return Typed(tree: .number(value * degrees), type: CalcType(base: .angle))
                }
                guard let px = unit(value, lower) else { return nil }
                index += 1
                return Typed(tree: .px(px), type: CalcType(base: .length))
            case .ident(let word):
                index += 1
                switch word.lowercased() {
                case "pi": return Typed(tree: .number(.pi), type: .number)
                case "e": return Typed(tree: .number(M_E), type: .number)
                case "infinity": return Typed(tree: .number(.infinity), type: .number)
                case "-infinity": return Typed(tree: .number(-.infinity), type: .number)
                case "nan": return Typed(tree: .number(.nan), type: .number)
                default: return nil
                }
            case .openParen:
                index += 1
                skipWhitespace()
                guard let inner = sum(depth: depth + 1) else { return nil }
                skipWhitespace()
                if peek == .closeParen { index += 1 } else if !atEnd { return nil }
                return inner
            case .function:
                return function(depth: depth + 1)
            default:
                return nil
            }
        }
    }
}
