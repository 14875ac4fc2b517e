import Foundation

/// A `text/plain` body as mail apps show it: a proportional font, wrapped to the view, one
/// `<div>` per line (spaces kept), `>` quotes as nested blocks with a bar per depth,
/// `format=flowed` (RFC 3676) lines joined into paragraphs, and links recognised.
enum PlainTextToHTML {
    /// Bar and text colours by quote depth (1, 2, 3, then again), as Apple Mail colours them
    /// (brighter in dark mode).
    static let quoteColors = ["#1f6fd1", "#2e9c4f", "#c43d3d"]

    /// The text's font and wrapping: the body's in a plain document, a block's in a fragment.
    static let textStyle = "font-family: Helvetica, Arial, sans-serif; font-size: 16px; line-height: 21px; white-space: pre-wrap"

    /// A plain document's sheet: the body and link rules, then the quote rules.
    static let style = """
    body { margin: 16px; \(textStyle); color: #000000 }
    a { color: #0a60d6; text-decoration: underline }
    @media (prefers-color-scheme: dark) {
      body { color: #ffffff }
      a { color: #0a84ff }
    }

    """ + quoteStyle

    struct Line: Equatable {
        var depth: Int
        var text: String
    }

    /// A whole document for a plain-text body.
    static func html(_ text: String, flowed: Bool, delSp: Bool) -> String {
        document(content(text, flowed: flowed, delSp: delSp))
    }

    /// A document around body content (a plain, enriched or rich text body), in the plain style.
    static func document(_ content: String) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
            + "<meta name=\"color-scheme\" content=\"light dark\">"
            + "<style>\n\(style)\n</style></head><body>" + content + "</body></html>\n"
    }

    /// Plain-style content placed inside another body (a second text part, a forwarded
    /// message): the body rule's font and wrapping on a block, the quote colours by class.
    static func fragment(_ content: String) -> String {
        "<style>\n\(quoteStyle)\n</style><div style=\"\(fragmentStyle)\">" + content + "</div>"
    }

    static let fragmentStyle = "margin-top: 16px; " + textStyle

    /// Quote bars and text by depth (`quoteColors`, brighter in dark mode).
    static let quoteStyle = """
    blockquote.q1, blockquote.q2, blockquote.q3 { margin: 6px 0; padding-left: 10px; border-left: 2px solid }
    blockquote.q1 { border-left-color: #1f6fd1; color: #1f6fd1 }
    blockquote.q2 { border-left-color: #2e9c4f; color: #2e9c4f }
    blockquote.q3 { border-left-color: #c43d3d; color: #c43d3d }
    @media (prefers-color-scheme: dark) {
      blockquote.q1 { border-left-color: #409cff; color: #409cff }
      blockquote.q2 { border-left-color: #4cd964; color: #4cd964 }
      blockquote.q3 { border-left-color: #ff6961; color: #ff6961 }
    }
    """

    /// The lines of a plain-text body as HTML: a `<div>` a line, quotes as blockquotes.
    static func content(_ text: String, flowed: Bool, delSp: Bool) -> String {
        var out = ""
        var depth = 0
        for line in lines(text, flowed: flowed, delSp: delSp) {
            while depth < line.depth {
                depth += 1
                out += "<blockquote class=\"q\((depth - 1) % quoteColors.count + 1)\">"
            }
            while depth > line.depth {
                depth -= 1
                out += "</blockquote>"
            }
            out += line.text.isEmpty ? "<div><br></div>" : "<div>\(linkify(line.text))</div>"
        }
        return out + String(repeating: "</blockquote>", count: depth)
    }

    /// Logical lines with their quote depth: flowed lines joined, trailing blank lines dropped.
    static func lines(_ text: String, flowed: Bool, delSp: Bool) -> [Line] {
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var raw = normalised.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while raw.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { raw.removeLast() }
        var result: [Line] = []
        var pending: Line? = nil  // a flowed paragraph still open
        for rawLine in raw {
            var (depth, content) = flowed ? flowedQuote(rawLine) : fixedQuote(rawLine)
            if flowed {
                if content.hasPrefix(" ") { content.removeFirst() }  // space-stuffing
                let isSignature = content == "-- "
                let soft = content.hasSuffix(" ") && !isSignature
                if var open = pending, open.depth == depth {
                    open.text += content
                    pending = open
                } else {
                    if let open = pending { result.append(open) }
                    pending = Line(depth: depth, text: content)
                }
                if soft {
                    if delSp { pending!.text.removeLast() }
                } else {
                    result.append(pending!)
                    pending = nil
                }
            } else {
                result.append(Line(depth: depth, text: content))
            }
        }
        if let open = pending { result.append(open) }
        return result
    }

    /// RFC 3676 §4.5: the quote depth is the number of leading `>`, with nothing between them.
    private static func flowedQuote(_ line: String) -> (Int, String) {
        let depth = line.prefix { $0 == ">" }.count
        return (depth, String(line.dropFirst(depth)))
    }

    /// Fixed text as people quote it: `>`, `> >`, `>>` all count; one space after the last
    /// marker belongs to the marker.
    private static func fixedQuote(_ line: String) -> (Int, String) {
        let chars = Array(line)
        var depth = 0, index = 0
        while index < chars.count {
            if chars[index] == ">" {
                depth += 1
                index += 1
            } else if chars[index] == " ", depth > 0, index + 1 < chars.count, chars[index + 1] == ">" {
                index += 1  // "> > text"
            } else {
                break
            }
        }
        if depth > 0, index < chars.count, chars[index] == " " { index += 1 }
        return (depth, String(chars[index...]))
    }

    // MARK: Links

    /// Escapes the text and wraps URLs (`http(s)://`, `ftp://`, `www.`, `mailto:`) and mail
    /// addresses in links. One pass over whitespace-separated words: linear in the text, so
    /// a megabyte without a space is no slower than a megabyte of prose. At most
    /// `maximumLinksPerLine` links per line: inline layout slows down sharply with thousands of
    /// inline elements in one paragraph, and no reader needs more.
    static func linkify(_ text: String) -> String {
        var out = ""
        var word: [Character] = []
        var budget = maximumLinksPerLine
        func flush() {
            if !word.isEmpty { out += linkifyWord(word, budget: &budget) }
            word.removeAll(keepingCapacity: true)
        }
        for character in text {
            if character.isWhitespace {
                flush()
                out += escape(String(character))
            } else {
                word.append(character)
            }
        }
        flush()
        return out
    }

    private static let urlPrefixes: [[Character]] = ["https://", "http://", "ftp://", "www.", "mailto:"].map(Array.init)

    static let maximumLinksPerLine = 100

    private static func linkifyWord(_ word: [Character], budget: inout Int) -> String {
        var out = ""
        var cursor = 0
        while budget > 0, cursor < word.count, let (start, end, href) = nextLink(in: word, from: cursor) {
            budget -= 1
            out += escape(String(word[cursor..<start]))
            let link = String(word[start..<end])
            out += "<a href=\"\(escape(href ?? link))\">\(escape(link))</a>"
            cursor = end
        }
        return out + escape(String(word[cursor...]))
    }

    /// The first link in `word` at or after `from`: its range and, when it differs from the
    /// text, its href.
    private static func nextLink(in word: [Character], from: Int) -> (Int, Int, String?)? {
        func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }
        func lower(_ c: Character) -> Character { Character(c.lowercased()) }
        var index = from
        while index < word.count {
            if "hHfFwWmM".contains(word[index]), index == from || !isWordCharacter(word[index - 1]) {
                for prefix in urlPrefixes where index + prefix.count < word.count
                    && zip(word[index...], prefix).allSatisfy({ lower($0) == $1 }) {
                    var end = index + prefix.count
                    while end < word.count, !"<>\"".contains(word[end]) { end += 1 }
                    end = trimTrailingPunctuation(word, start: index, end: end)
                    guard end > index + prefix.count else { break }
                    let text = String(word[index..<end])
                    return (index, end, prefix == urlPrefixes[3] ? "http://" + text : nil)
                }
            }
            if word[index] == "@", let email = emailAround(word, at: index, from: from) {
                return (email.0, email.1, "mailto:" + String(word[email.0..<email.1]))
            }
            index += 1
        }
        return nil
    }

    /// A sentence's closing punctuation is not part of a link; a `)` only with its `(`.
    private static func trimTrailingPunctuation(_ word: [Character], start: Int, end: Int) -> Int {
        var end = end
        let opens = word[start..<end].filter { $0 == "(" }.count
        var closes = word[start..<end].filter { $0 == ")" }.count
        while end > start {
            let last = word[end - 1]
            if ".,;:!?'\"".contains(last) {
                end -= 1
            } else if last == ")", closes > opens {
                end -= 1
                closes -= 1
            } else {
                break
            }
        }
        return end
    }

    /// `local@domain.tld` around the `@` at `at`, not reaching before `from`.
    private static func emailAround(_ word: [Character], at: Int, from: Int) -> (Int, Int)? {
        func isLocal(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || "._%+-".contains(c)) }
        func isDomain(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-") }
        var start = at
        while start > from, isLocal(word[start - 1]) { start -= 1 }
        var end = at + 1
        while end < word.count, isDomain(word[end]) { end += 1 }
        while end > at + 1, word[end - 1] == "." || word[end - 1] == "-" { end -= 1 }
        let domain = word[(at + 1)..<end]
        guard start < at, let dot = domain.firstIndex(of: "."), dot > at + 1, dot < end - 1 else { return nil }
        return (start, end)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
