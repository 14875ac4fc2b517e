import Foundation

/// The values of the properties behind generated content and lists (CSS Generated Content 3,
/// CSS Lists 3): `content`, the counter properties, `quotes` and `list-style-*`, parsed from
/// their tokens. An invalid value drops the whole declaration, as browsers do.

/// The pseudo-elements boxes are made for.
public enum PseudoElement: String, Sendable, CaseIterable {
    case before, after, marker
    case firstLetter = "first-letter"
    case firstLine = "first-line"
}

/// `list-style-type`: a counter style by name, a string, or none. (`symbols()` is not taken:
/// WebKit drops it.)
public enum ListStyle: Sendable, Equatable {
    case none
    /// A predefined counter style's name, lower-cased (an unknown one counts as decimal).
    case named(String)
    /// `list-style-type: "→ "`: the string itself is the marker.
    case string(String)

    public static let disc = ListStyle.named("disc")
}

/// One part of a `content` value.
public enum ContentItem: Sendable, Equatable {
    case text(String)
    case attr(String)
    case counter(name: String, style: ListStyle)
    case counters(name: String, separator: String, style: ListStyle)
    case openQuote, closeQuote, noOpenQuote, noCloseQuote
    case image(String)
}

public enum ContentValue: Sendable, Equatable {
    case normal, none
    case items([ContentItem])

    /// Whether a `::before` or `::after` with it makes a box (`normal` and `none` make none).
    var hasItems: Bool { if case .items = self { return true } else { return false } }
}

/// One counter named in `counter-reset`, `counter-increment` or `counter-set`.
public struct CounterChange: Sendable, Equatable {
    public var name: String
    /// Nil when not given (0 for reset and set, 1 for increment; a reversed reset counts
    /// its scope's items).
    public var value: Int?
    public var reversed = false
}

public enum Quotes: Sendable, Equatable {
    case auto, none
    /// Open and close quote per nesting level.
    case pairs([[String]])
}

/// Generated content and list properties of one element (or pseudo-element).
public struct GeneratedContentStyle: Sendable, Equatable {
    // Not inherited
    public var content: ContentValue = .normal
    public var counterReset: [CounterChange] = []
    public var counterIncrement: [CounterChange] = []
    public var counterSet: [CounterChange] = []
    /// Whether `counter-increment` was declared (then the implicit `list-item` one is not added
    /// unless it names `list-item`).
    public var incrementDeclared = false
    // Inherited
    public var quotes: Quotes = .auto
    /// `list-style-image`'s URL (nil: none).
    public var listStyleImage: String?
    public var listStyleInside = false

    /// What a child inherits.
    var inherited: GeneratedContentStyle {
        var child = GeneratedContentStyle()
        child.quotes = quotes
        child.listStyleImage = listStyleImage
        child.listStyleInside = listStyleInside
        return child
    }
}

enum GeneratedContentParser {
    /// Counter values are kept within 32 bits, as WebKit keeps them.
    static let valueRange = Int(Int32.min)...Int(Int32.max)

    static func significantTokens(_ value: String) -> [CSSToken] {
        CSSTokenList(value).tokens.filter { $0.kind != .whitespace }
    }

    /// A value that is one quoted CSS string: its text (nil otherwise).
    static func string(_ value: String) -> String? {
        let tokens = significantTokens(value)
        guard tokens.count == 1, case .string(let text) = tokens[0].kind else { return nil }
        return text
    }

    /// `normal | none | [<string> | attr() | counter() | counters() | <quote> | url()]+ [/ alt]?`
    static func content(_ tokens: [CSSToken]) -> ContentValue? {
        guard !tokens.isEmpty else { return nil }
        if tokens.count == 1, case .ident(let word) = tokens[0].kind {
            switch word.lowercased() {
            case "normal": return .normal
            case "none": return .none
            default: break
            }
        }
        var items: [ContentItem] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .string(let text):
                items.append(.text(text))
            case .url(let url):
                items.append(.image(url))
            case .ident(let word):
                switch word.lowercased() {
                case "open-quote": items.append(.openQuote)
                case "close-quote": items.append(.closeQuote)
                case "no-open-quote": items.append(.noOpenQuote)
                case "no-close-quote": items.append(.noCloseQuote)
                default: return nil
                }
            case .function(let rawName):
                let (arguments, next) = functionArguments(tokens, from: index)
                index = next
                guard let item = contentFunction(rawName.lowercased(), arguments) else { return nil }
                items.append(item)
            case .delim("/"):
                // Alternative text for speech follows: it is not drawn.
                guard !items.isEmpty else { return nil }
                return .items(items)
            default:
                return nil
            }
        }
        return items.isEmpty ? nil : .items(items)
    }

    /// The comma-separated arguments of the function whose name token precedes `start`, and
    /// the index past its closing parenthesis.
    static func functionArguments(_ tokens: [CSSToken], from start: Int) -> (arguments: [[CSSToken]], next: Int) {
        var arguments: [[CSSToken]] = [[]]
        var depth = 0
        var index = start
        while index < tokens.count {
            let kind = tokens[index].kind
            index += 1
            switch kind {
            case .closeParen where depth == 0:
                return (arguments, index)
            case .comma where depth == 0:
                arguments.append([])
                continue
            case .function, .openParen:
                depth += 1
            case .closeParen:
                depth -= 1
            default:
                break
            }
            arguments[arguments.count - 1].append(tokens[index - 1])
        }
        return (arguments, index)
    }

    private static func contentFunction(_ name: String, _ arguments: [[CSSToken]]) -> ContentItem? {
        func ident(_ part: [CSSToken]) -> String? {
            guard part.count == 1, case .ident(let word) = part[0].kind else { return nil }
            return word
        }
        func style(_ part: [CSSToken]?) -> ListStyle? {
            guard let part else { return .named("decimal") }
            guard part.count == 1 else { return nil }
            return listStyleType(part[0])
        }
        switch name {
        case "attr":
            // attr(name) or attr(name string, fallback): the name is what counts here.
            guard let first = arguments.first, let attribute = first.first, case .ident(let word) = attribute.kind else { return nil }
            return .attr(word.lowercased())
        case "counter":
            guard (1...2).contains(arguments.count), let counter = ident(arguments[0]),
                  let style = style(arguments.count == 2 ? arguments[1] : nil) else { return nil }
            return .counter(name: counter, style: style)
        case "counters":
            guard (2...3).contains(arguments.count), let counter = ident(arguments[0]),
                  arguments[1].count == 1, case .string(let separator) = arguments[1][0].kind,
                  let style = style(arguments.count == 3 ? arguments[2] : nil) else { return nil }
            return .counters(name: counter, separator: separator, style: style)
        case "url":
            guard arguments.count == 1, arguments[0].count == 1, case .string(let url) = arguments[0][0].kind else { return nil }
            return .image(url)
        default:
            return nil
        }
    }

    /// `none | [<counter-name> <integer>?]+` (`reversed(<name>)` in counter-reset).
    static func counters(_ tokens: [CSSToken], allowReversed: Bool) -> [CounterChange]? {
        if tokens.count == 1, case .ident(let word) = tokens[0].kind, word.lowercased() == "none" { return [] }
        var list: [CounterChange] = []
        var index = 0
        while index < tokens.count {
            var change: CounterChange
            switch tokens[index].kind {
            case .ident(let name):
                guard !["none", "initial", "inherit", "unset", "default"].contains(name.lowercased()) else { return nil }
                change = CounterChange(name: name)
                index += 1
            case .function(let function) where allowReversed && function.lowercased() == "reversed":
                guard index + 2 < tokens.count, case .ident(let name) = tokens[index + 1].kind,
                      tokens[index + 2].kind == .closeParen else { return nil }
                change = CounterChange(name: name, reversed: true)
                index += 3
            default:
                return nil
            }
            if index < tokens.count, case .number(let number, isInteger: true) = tokens[index].kind {
                change.value = Int(max(Double(valueRange.lowerBound), min(Double(valueRange.upperBound), number)))
                index += 1
            }
            list.append(change)
        }
        return list.isEmpty ? nil : list
    }

    /// `auto | none | [<string> <string>]+`
    static func quotes(_ tokens: [CSSToken]) -> Quotes? {
        if tokens.count == 1, case .ident(let word) = tokens[0].kind {
            switch word.lowercased() {
            case "auto": return .auto
            case "none": return Quotes.none
            default: return nil
            }
        }
        let strings = tokens.compactMap { token -> String? in
            if case .string(let text) = token.kind { return text }
            return nil
        }
        guard !strings.isEmpty, strings.count == tokens.count, strings.count % 2 == 0 else { return nil }
        return .pairs(stride(from: 0, to: strings.count, by: 2).map { [strings[$0], strings[$0 + 1]] })
    }

    /// One `list-style-type` value: a counter style name, a string or `symbols()` (the latter
    /// spans several tokens; see `symbolsFunction`).
    static func listStyleType(_ token: CSSToken) -> ListStyle? {
        switch token.kind {
        case .ident(let word):
            let name = word.lowercased()
            if name == "none" { return ListStyle.none }
            guard !["inherit", "initial", "unset", "default", "inside", "outside"].contains(name) else { return nil }
            return .named(name)
        case .string(let text):
            return .string(text)
        default:
            return nil
        }
    }

    /// `none | url(…)`
    static func image(_ token: CSSToken) -> String?? {
        switch token.kind {
        case .ident(let word) where word.lowercased() == "none": return .some(nil)
        case .url(let url): return .some(url)
        default: return nil
        }
    }

    /// `list-style: <position> || <image> || <type>`; `none` sets whichever of image and type
    /// is not otherwise given.
    static func listStyleShorthand(_ tokens: [CSSToken]) -> (type: ListStyle, image: String?, inside: Bool)? {
        var type: ListStyle?, image: String??, inside: Bool?
        var noneCount = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .ident(let word):
                switch word.lowercased() {
                case "none": noneCount += 1
                case "inside", "outside":
                    guard inside == nil else { return nil }
                    inside = word.lowercased() == "inside"
                default:
                    guard type == nil, let parsed = listStyleType(token) else { return nil }
                    type = parsed
                }
                index += 1
            case .url(let url):
                guard image == nil else { return nil }
                image = .some(url)
                index += 1
            case .function(let name) where name.lowercased() == "url":
                let (arguments, next) = functionArguments(tokens, from: index + 1)
                guard image == nil, arguments.count == 1, arguments[0].count == 1,
                      case .string(let url) = arguments[0][0].kind else { return nil }
                image = .some(url)
                index = next
            case .string:
                guard type == nil, let parsed = listStyleType(token) else { return nil }
                type = parsed
                index += 1
            default:
                return nil
            }
        }
        // Each `none` fills a slot left empty: the type first, then the image.
        for _ in 0..<noneCount {
            if type == nil { type = ListStyle.none } else if image == nil { image = .some(nil) } else { return nil }
        }
        return (type ?? .disc, image ?? nil, inside ?? false)
    }
}

/// HTML's list attributes as CSS (HTML § 15.3.8): `type` on `ol`, `ul` and `li`, and the
/// `list-item` counter for `start` and `value` (markers count as `ListOrdinals` does).
enum ListAttributes {
    static func hints(tag: String, _ attributes: [String: String]) -> [Declaration] {
        var out: [Declaration] = []
        func add(_ name: String, _ value: String) { out.append(Declaration(name: name, value: value, important: false)) }
        if let type = attributes["type"], let listStyle = listStyleType(type, tag: tag) { add("list-style-type", listStyle) }
        if tag == "ol", attributes["reversed"] == nil, let start = attributes["start"].flatMap(integer) {
            add("counter-reset", "list-item \(start - 1)")
        }
        if tag == "li", let value = attributes["value"].flatMap(integer) { add("counter-set", "list-item \(value)") }
        return out
    }

    /// `type`: case matters for the ordered styles (a, A, i, I, 1), not for the bullets.
    private static func listStyleType(_ type: String, tag: String) -> String? {
        switch type.trimmingCharacters(in: .whitespaces) {
        case "1" where tag != "ul": return "decimal"
        case "a" where tag != "ul": return "lower-alpha"
        case "A" where tag != "ul": return "upper-alpha"
        case "i" where tag != "ul": return "lower-roman"
        case "I" where tag != "ul": return "upper-roman"
        case let other:
            let lower = other.lowercased()
            return tag != "ol" && ["disc", "circle", "square", "none"].contains(lower) ? lower : nil
        }
    }

    /// A leading integer, within 32 bits.
    static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = ""
        for (index, character) in trimmed.enumerated() {
            if character.isASCII && character.isNumber { digits.append(character) }
            else if index == 0 && (character == "-" || character == "+") { digits.append(character) }
            else { break }
            if digits.count > 12 { break }
        }
        guard let value = Int(digits) else { return nil }
        return max(Int(Int32.min) + 1, min(Int(Int32.max), value))
    }
}
