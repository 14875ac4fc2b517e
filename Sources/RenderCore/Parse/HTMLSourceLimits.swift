/// Bounds the HTML source before gumbo sees it. Gumbo's tree construction walks its stack of
/// open elements for every tag, so 100 000 nested `<div>`s cost it minutes, and it checks
/// each attribute against the earlier ones; neither can be bounded from outside. So a quick
/// scan of the tags estimates the nesting as gumbo will build it and drops start tags (and
/// their end tags) past a depth, attributes past a count, and the whole rest of the source
/// after the element limit. A mail within the limits is passed through untouched.
struct HTMLSourceLimits {
    struct Result {
        var html: [UInt8]
        /// Start tags dropped for nesting too deep.
        var droppedNestedTags = 0
        var droppedAttributes = 0
        /// Set when the source was cut after `maximumElements` start tags.
        var cutAtElementLimit = false
        /// Set when text between tags past `maximumText` was dropped.
        var cutText = false
        /// Set when a `<style>` element's text past `maximumRawText` was dropped.
        var cutStyle = false
    }

    /// Tags nested deeper than this are dropped before parsing: twice the DOM depth limit,
    /// so anything kept still reaches the DOM's own flattening, and gumbo's walks stay short.
    let maximumNesting: Int
    let maximumElements: Int
    let maximumAttributes: Int
    /// Text between tags kept for gumbo: twice the mail's text limit, since entities and
    /// white space shrink when parsed; the box tree applies the exact limit.
    let maximumText: Int
    /// Content of one `<style>` or `<script>` kept (scripts never run; sheets are cut later anyway).
    let maximumRawText: Int

    init(_ limits: ResourceLimits) {
        maximumNesting = 2 * limits.maximumDepth
        maximumElements = limits.maximumElements
        maximumAttributes = limits.maximumAttributesPerElement
        maximumText = 2 * limits.maximumTextBytes
        maximumRawText = limits.maximumStylesheetBytes
    }

    /// Elements that never hold others (HTML § 13.1.2), and those whose end tag is optional
    /// and implied by their next sibling: neither deepens the tree as gumbo builds it.
    private static let flat: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
        "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "thead", "tbody", "tfoot", "colgroup",
        "rb", "rt", "rp", "rtc", "image", "keygen", "basefont", "bgsound", "frame",
    ]
    /// Their content is text up to their end tag.
    private static let rawText: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]

    func apply(_ source: [UInt8]) -> Result {
        var result = Result(html: [])
        var output: [UInt8]? = nil  // made on the first change; nil means the source as it is
        var copiedUpTo = 0
        var open: [String] = []
        var dropped: [String: Int] = [:]
        var elements = 0
        var text = 0
        let count = source.count
        var index = 0

        /// Starts or continues the rewritten copy: everything up to `position` is kept.
        func keep(upTo position: Int) {
            if output == nil { output = []; output!.reserveCapacity(count) }
            if position > copiedUpTo { output!.append(contentsOf: source[copiedUpTo..<position]) }
        }
        func skip(to position: Int) { copiedUpTo = position }

        while index < count {
            guard source[index] == UInt8(ascii: "<"), index + 1 < count else {
                // Text up to the next `<`.
                var end = index + 1
                while end < count, source[end] != UInt8(ascii: "<") { end += 1 }
                if text + (end - index) > maximumText {
                    keep(upTo: index + max(0, maximumText - text))
                    skip(to: end)
                    result.cutText = true
                }
                text += end - index
                index = end
                continue
            }
            let next = source[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                index = Self.skipMarkup(source, from: index)
                continue
            }
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = index + (isEnd ? 2 : 1)
            guard nameStart < count, Self.isLetter(source[nameStart]) else { index += 1; continue }
            let tag = Self.scanTag(source, nameStart: nameStart)
            if isEnd {
                if let pending = dropped[tag.name], pending > 0 {
                    dropped[tag.name] = pending - 1
                    keep(upTo: index)
                    skip(to: tag.end)
                } else if let match = open.lastIndex(of: tag.name) {
                    open.removeSubrange(match...)
                }
                index = tag.end
                continue
            }
            elements += 1
            if elements > maximumElements {
                keep(upTo: index)
                skip(to: count)
                result.cutAtElementLimit = true
                break
            }
            if tag.attributes.count > maximumAttributes {
                // `<name` and the first attributes, then the tag's own end (`>` or `/>`).
                keep(upTo: tag.attributes[maximumAttributes - 1].upperBound)
                skip(to: tag.closeStart)
                result.droppedAttributes += tag.attributes.count - maximumAttributes
            }
            if Self.rawText.contains(tag.name) && !tag.selfClosing {
                index = Self.endOfRawText(source, from: tag.end, name: tag.name)
                if (tag.name == "style" || tag.name == "script"), index - tag.end > maximumRawText {
                    keep(upTo: tag.end + maximumRawText)
                    skip(to: index)
                    result.cutStyle = result.cutStyle || tag.name == "style"
                }
                continue
            }
            if !Self.flat.contains(tag.name) && !tag.selfClosing {
                if open.count >= maximumNesting {
                    keep(upTo: index)
                    skip(to: tag.end)
                    dropped[tag.name, default: 0] += 1
                    result.droppedNestedTags += 1
                } else {
                    open.append(tag.name)
                }
            }
            index = tag.end
        }
        if output != nil {
            keep(upTo: count)
            result.html = output!
        } else {
            result.html = source
        }
        return result
    }

    private struct Tag {
        var name: String
        /// Byte ranges of each attribute (name and value).
        var attributes: [Range<Int>]
        /// Where `>` (or `/>`) starts, and the index after it.
        var closeStart: Int
        var end: Int
        var selfClosing: Bool
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// A tag from its name to its `>`, attributes as the HTML tokenizer splits them (quoted
    /// values may hold `>`).
    private static func scanTag(_ source: [UInt8], nameStart: Int) -> Tag {
        let count = source.count
        var index = nameStart
        while index < count, !isSpace(source[index]), source[index] != UInt8(ascii: "/"), source[index] != UInt8(ascii: ">") {
            index += 1
        }
        let name = String(decoding: source[nameStart..<index], as: UTF8.self).lowercased()
        var attributes: [Range<Int>] = []
        while index < count {
            while index < count, isSpace(source[index]) || source[index] == UInt8(ascii: "/") {
                if source[index] == UInt8(ascii: "/"), index + 1 < count, source[index + 1] == UInt8(ascii: ">") {
                    return Tag(name: name, attributes: attributes, closeStart: index, end: index + 2, selfClosing: true)
                }
                index += 1
            }
            guard index < count else { break }
            if source[index] == UInt8(ascii: ">") {
                return Tag(name: name, attributes: attributes, closeStart: index, end: index + 1, selfClosing: false)
            }
            let start = index
            index += 1  // an attribute name may start with `=`
            while index < count, !isSpace(source[index]), source[index] != UInt8(ascii: "/"),
                  source[index] != UInt8(ascii: ">"), source[index] != UInt8(ascii: "=") { index += 1 }
            var probe = index
            while probe < count, isSpace(source[probe]) { probe += 1 }
            if probe < count, source[probe] == UInt8(ascii: "=") {
                index = probe + 1
                while index < count, isSpace(source[index]) { index += 1 }
                if index < count, source[index] == UInt8(ascii: "\"") || source[index] == UInt8(ascii: "'") {
                    let quote = source[index]
                    index += 1
                    while index < count, source[index] != quote { index += 1 }
                    index = min(count, index + 1)
                } else {
                    while index < count, !isSpace(source[index]), source[index] != UInt8(ascii: ">") { index += 1 }
                }
            }
            attributes.append(start..<index)
        }
        return Tag(name: name, attributes: attributes, closeStart: count, end: count, selfClosing: false)
    }

    /// Past `<!-- … -->`, `<!DOCTYPE …>` or `<? … >`.
    private static func skipMarkup(_ source: [UInt8], from start: Int) -> Int {
        let count = source.count
        if start + 3 < count, source[start + 2] == UInt8(ascii: "-"), source[start + 3] == UInt8(ascii: "-") {
            var index = start + 4
            while index + 2 < count {
                if source[index] == UInt8(ascii: "-"), source[index + 1] == UInt8(ascii: "-"), source[index + 2] == UInt8(ascii: ">") {
                    return index + 3
                }
                index += 1
            }
            return count
        }
        var index = start + 2
        while index < count, source[index] != UInt8(ascii: ">") { index += 1 }
        return min(count, index + 1)
    }

    /// The index of `</name` (any case) after a raw-text element's start tag, or the end.
    private static func endOfRawText(_ source: [UInt8], from start: Int, name: String) -> Int {
        let pattern = Array(name.utf8)
        let count = source.count
        var index = start
        while index + 1 + pattern.count < count {
            if source[index] == UInt8(ascii: "<"), source[index + 1] == UInt8(ascii: "/") {
                var matches = true
                for (offset, byte) in pattern.enumerated() where source[index + 2 + offset] | 0x20 != byte {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return count
    }
}
