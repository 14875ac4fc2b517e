/// What `::before` and `::after` show, resolved once for the whole document in tree order,
/// where counters (CSS Lists 3 §4) and quote depth (CSS Generated Content 3 §2.3) are known.
final class GeneratedContent {
    enum Piece: Equatable {
        case text(String)
        case image(String)
    }

    /// A pseudo-element that makes a box: its style and its content.
    struct Generated {
        var style: ComputedStyle
        var pieces: [Piece]
    }

    private var before: [DOMDocument.NodeID: Generated] = [:]
    private var after: [DOMDocument.NodeID: Generated] = [:]

    /// `counters()` writes at most this many nested counters (the innermost), so deeply
    /// nested scopes cost linear work.
    static let maximumCountersDepth = 64

    func generated(_ pseudo: PseudoElement, of node: DOMDocument.NodeID) -> Generated? {
        pseudo == .before ? before[node] : pseudo == .after ? after[node] : nil
    }

    /// Resolves the whole document's generated content (the box tree builder calls it once).
    func resolve(_ document: StyledDocument) {
        // Nothing to resolve when no rule gives any element a pseudo-element style.
        guard !document.pseudoStyles.isEmpty, let html = document.dom.first(tag: "html") else { return }
        var walk = Walk(document: document)
        walk.run(from: html)
        before = walk.before
        after = walk.after
    }

    private struct Instance {
        var value: Int
        /// The element whose children (and their descendants) are the counter's scope.
        var owner: DOMDocument.NodeID
        var reversed: Bool
    }

    private struct Walk {
        let document: StyledDocument
        var counters: [String: [Instance]] = [:]
        /// Per element whose children are being walked, the counters they instantiated.
        var owned: [DOMDocument.NodeID: [String]] = [:]
        var quoteDepth = 0
        var before: [DOMDocument.NodeID: Generated] = [:]
        var after: [DOMDocument.NodeID: Generated] = [:]

        init(document: StyledDocument) { self.document = document }

        /// Tree order without recursion: mails nest deeply.
        mutating func run(from root: DOMDocument.NodeID) {
            let dom = document.dom
            var stack: [(node: DOMDocument.NodeID, next: Int)] = []
            enter(root, parent: dom[root].parent ?? root)
            stack.append((root, 0))
            while let top = stack.last {
                let children = dom[top.node].children
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    guard dom[child].tag != nil, let style = document.style(of: child), style.display != .none else { continue }
                    enter(child, parent: top.node)
                    stack.append((child, 0))
                } else {
                    stack.removeLast()
                    leave(top.node)
                }
            }
        }

        private mutating func enter(_ node: DOMDocument.NodeID, parent: DOMDocument.NodeID) {
            guard let style = document.style(of: node) else { return }
            applyCounters(style, isListItem: style.display == .listItem, owner: parent, at: node)
            if let generated = pseudoContent(document.pseudoStyles[node]?[.before], element: node) { before[node] = generated }
        }

        private mutating func leave(_ node: DOMDocument.NodeID) {
            if let generated = pseudoContent(document.pseudoStyles[node]?[.after], element: node) { after[node] = generated }
            for name in owned.removeValue(forKey: node) ?? [] {
                counters[name]?.removeLast()
                if counters[name]?.isEmpty == true { counters[name] = nil }
            }
        }

        /// A `::before` or `::after` with content: its counters take effect, then its content resolves.
        private mutating func pseudoContent(_ style: ComputedStyle?, element: DOMDocument.NodeID) -> Generated? {
            guard let style, style.display != .none,
                  case .items(let items) = style.generated.content else { return nil }
            applyCounters(style, isListItem: false, owner: element, at: element)
            var pieces: [Piece] = []
            var text = ""
            for item in items {
                if case .image(let url) = item {
                    if !text.isEmpty { pieces.append(.text(text)); text = "" }
                    pieces.append(.image(url))
                } else {
                    text += resolve([item], style: style, element: element)
                }
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            return Generated(style: style, pieces: pieces)
        }

        // MARK: Counters

        /// counter-reset, then counter-increment (with the implicit `list-item` one), then
        /// counter-set, as CSS Lists 3 §4.1 orders them.
        private mutating func applyCounters(_ style: ComputedStyle, isListItem: Bool, owner: DOMDocument.NodeID,
                                            at node: DOMDocument.NodeID) {
            let generated = style.generated
            for reset in generated.counterReset {
                instantiate(reset.name, value: reset.value ?? 0, reversed: reset.reversed, owner: owner)
            }
            var increments = generated.counterIncrement
            if isListItem && !increments.contains(where: { $0.name == "list-item" }) {
                increments.append(CounterChange(name: "list-item", value: nil))
            }
            for increment in increments {
                if counters[increment.name] == nil { instantiate(increment.name, value: 0, reversed: false, owner: owner) }
                guard let last = counters[increment.name]?.indices.last, var instance = counters[increment.name]?[last] else { continue }
                let step = increment.value ?? (instance.reversed ? -1 : 1)
                instance.value = Self.clamped(instance.value.addingReportingOverflow(step))
                counters[increment.name]?[last] = instance
            }
            for set in generated.counterSet {
                if counters[set.name] == nil { instantiate(set.name, value: 0, reversed: false, owner: owner) }
                guard let last = counters[set.name]?.indices.last else { continue }
                counters[set.name]?[last].value = set.value ?? 0
            }
        }

        private static func clamped(_ result: (partialValue: Int, overflow: Bool)) -> Int {
            let range = GeneratedContentParser.valueRange
            return max(range.lowerBound, min(range.upperBound, result.partialValue))
        }

        /// A new counter scoped to `owner`'s children from here on; one a sibling instantiated
        /// earlier is replaced rather than nested (CSS Lists 3 §4.5).
        private mutating func instantiate(_ name: String, value: Int, reversed: Bool, owner: DOMDocument.NodeID) {
            let instance = Instance(value: value, owner: owner, reversed: reversed)
            if var stack = counters[name], let last = stack.last, last.owner == owner {
                stack[stack.count - 1] = instance
                counters[name] = stack
                return
            }
            counters[name, default: []].append(instance)
            owned[owner, default: []].append(name)
        }

        // MARK: Content

        private mutating func resolve(_ items: [ContentItem], style: ComputedStyle, element: DOMDocument.NodeID) -> String {
            var text = ""
            for item in items {
                switch item {
                case .text(let string):
                    text += string
                case .attr(let name):
                    text += document.dom[element].attributes[name] ?? ""
                case .counter(let name, let listStyle):
                    text += write(counters[name]?.last?.value ?? 0, listStyle)
                case .counters(let name, let separator, let listStyle):
                    let values = (counters[name] ?? []).suffix(GeneratedContent.maximumCountersDepth).map(\.value)
                    text += (values.isEmpty ? [0] : Array(values)).map { write($0, listStyle) }.joined(separator: separator)
                case .openQuote:
                    text += quote(style, depth: quoteDepth, open: true)
                    quoteDepth += 1
                case .closeQuote:
                    guard quoteDepth > 0 else { break }
                    quoteDepth -= 1
                    text += quote(style, depth: quoteDepth, open: false)
                case .noOpenQuote:
                    quoteDepth += 1
                case .noCloseQuote:
                    quoteDepth = max(0, quoteDepth - 1)
                case .image:
                    break
                }
            }
            return text
        }

        private func write(_ value: Int, _ listStyle: ListStyle) -> String {
            CounterStyle.of(listStyle, custom: document.counterStyles)?.representation(value) ?? ""
        }

        private func quote(_ style: ComputedStyle, depth: Int, open: Bool) -> String {
            let pairs: [[String]]
            switch style.generated.quotes {
            case .none: return ""
            case .pairs(let given): pairs = given
            case .auto: pairs = QuoteMarks.pairs(forLanguage: style.language)
            }
            guard let pair = pairs.isEmpty ? nil : pairs[min(depth, pairs.count - 1)] else { return "" }
            return open ? pair[0] : pair[1]
        }
    }
}

/// The quotation marks `quotes: auto` gives for a language (as WebKit has them: straight
/// quotes when the content language is not given).
enum QuoteMarks {
    static func pairs(forLanguage language: String?) -> [[String]] {
        let code = (language ?? "").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch code {
        case "": return [["\"", "\""], ["'", "'"]]
        case "fr": return [["«", "»"], ["«", "»"]]
        case "de": return [["„", "“"], ["‚", "‘"]]
        case "ja", "zh": return [["「", "」"], ["『", "』"]]
        case "ru", "es", "it", "pt": return [["«", "»"], ["“", "”"]]
        case "pl": return [["„", "”"], ["«", "»"]]
        default: return [["“", "”"], ["‘", "’"]]
        }
    }
}

/// A list item's marker: its text and `::marker` style.
struct ListMarker {
    var text: String
    var style: ComputedStyle
    /// disc, circle, square and the disclosure triangles (drawn as shapes where `ListBullet`
    /// knows them).
    var isBullet: Bool
    /// `list-style-image` when it loads: the marker is this image box instead of the text.
    var image: Box? = nil

    /// The text an inside marker puts before the item's content.
    var insideText: String { text }
}

/// `::first-letter` (CSS Pseudo-Elements 4 §2.3): the first typographic letter unit of the
/// first line, with the punctuation before and right after it.
enum FirstLetter {
    /// The text split around its first letter; nil when it has no letter (only white space).
    static func split(_ text: String) -> (leading: String, letter: String, rest: String)? {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let start = text.firstIndex(where: { !isSpace($0) }) else { return nil }
        var end = start
        while end < text.endIndex, isPunctuation(text[end]) { end = text.index(after: end) }
        guard end < text.endIndex else { return nil }   // punctuation alone: the letter may follow in later text
        end = text.index(after: end)
        while end < text.endIndex, isPunctuation(text[end]) { end = text.index(after: end) }
        return (String(text[..<start]), String(text[start..<end]), String(text[end...]))
    }

    private static func isPunctuation(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}

/// `::first-line`: the properties its rule sets, applied to the text of the block's first
/// formatted line (`BlockLayout` lays the first line out with them).
enum FirstLine {
    /// Gives the box that holds the first line (this one, or its first in-flow block
    /// descendant) the first-line style.
    static func mark(_ box: Box, _ style: ComputedStyle) {
        var holder = box
        for _ in 0..<256 {
            if holder.inlineContent != nil { break }
            guard let first = holder.children.first(where: { !$0.isFloat }), first.kind == .block || first.kind == .anonymousBlock else { return }
            holder = first
        }
        guard holder.inlineContent != nil else { return }
        holder.firstLine = (style, box.style)
    }

    /// A text style on the first line: each property `::first-line` changed from its element,
    /// where the text's own style still has the element's value (inline elements with their
    /// own value keep it).
    static func apply(_ firstLine: ComputedStyle, element: ComputedStyle, to style: ComputedStyle) -> ComputedStyle {
        var result = style
        func take<T: Equatable>(_ path: WritableKeyPath<ComputedStyle, T>) {
            if firstLine[keyPath: path] != element[keyPath: path], style[keyPath: path] == element[keyPath: path] {
                result[keyPath: path] = firstLine[keyPath: path]
            }
        }
        take(\.color)
        take(\.fontSize)
        take(\.fontWeight)
        take(\.italic)
        take(\.fontFamilies)
        take(\.letterSpacing)
        take(\.wordSpacing)
        take(\.decorations)
        take(\.fontVariantCaps)
        take(\.lineHeight)
        return result
    }

    /// The content with every text run in first-line style (text transformed when that
    /// keeps its length, so byte offsets still match the content it came from).
    static func styled(_ content: InlineContent, _ firstLine: ComputedStyle, element: ComputedStyle) -> InlineContent {
        var result = content
        result.items = content.items.map { item in
            guard case .text(let text, let style) = item else { return item }
            let styled = apply(firstLine, element: element, to: style)
            return .text(transformKeepingLength(text, from: style.textTransform, to: styled.textTransform), styled)
        }
        return result
    }

    /// The first `offset` bytes of `styled` and the rest of `content` (same items, same
    /// lengths). A first-line background is an inline box around the first line's part.
    static func splice(_ styled: InlineContent, _ content: InlineContent, at offset: Int, firstLine: ComputedStyle) -> InlineContent {
        var result = InlineContent()
        var position = 0
        var wrapper: InlineBox?
        if firstLine.backgroundColor.a > 0 {
            var boxStyle = firstLine
            boxStyle.unicodeBidi = .normal
            let box = InlineBox(node: nil, style: boxStyle)
            result.items.append(.inlineStart(box))
            wrapper = box
        }
        var broken = false
        /// Ends the first line where the trial ended it: the text after it is in the element's
        /// style, and more of it could otherwise fit.
        func closeWrapper() {
            if let box = wrapper { result.items.append(.inlineEnd(box)); wrapper = nil }
            guard !broken else { return }
            broken = true
            if let index = result.items.lastIndex(where: { !$0.isMarker }), case .text(let text, let style) = result.items[index],
               text.hasSuffix(" "), style.whiteSpace == .normal || style.whiteSpace == .nowrap {
                result.items[index] = .text(String(text.dropLast()), style)
            }
            if case .lineBreak? = result.items.last(where: { !$0.isMarker }) { return }
            result.items.append(.lineBreak(firstLine))
        }
        for (first, rest) in zip(styled.items, content.items) {
            let length = rest.text.utf8.count
            defer { position += length }
            if position + length <= offset { result.items.append(first); continue }
            if position >= offset { closeWrapper(); result.items.append(rest); continue }
            guard case .text(let head, let headStyle) = first, case .text(let tail, let tailStyle) = rest else {
                result.items.append(rest)
                continue
            }
            let cut = offset - position
            result.items.append(.text(String(decoding: Array(head.utf8)[..<cut], as: UTF8.self), headStyle))
            closeWrapper()
            result.items.append(.text(String(decoding: Array(tail.utf8)[cut...], as: UTF8.self), tailStyle))
        }
        if let box = wrapper { result.items.append(.inlineEnd(box)) }
        return result
    }

    private static func transformKeepingLength(_ text: String, from: TextTransform, to: TextTransform) -> String {
        guard from != to else { return text }
        let transformed: String
        switch to {
        case .none: return text
        case .uppercase: transformed = text.uppercased()
        case .lowercase: transformed = text.lowercased()
        case .capitalize: transformed = text.capitalizedWords()
        }
        return transformed.utf8.count == text.utf8.count ? transformed : text
    }
}
