import Foundation

/// A `text/plain` body as mail apps show it: a proportional font, wrapped to the view, one
/// `<div>` per line (spaces kept), `>` quotes as nested blocks with a bar per depth,
/// `format=flowed` (RFC 3676) lines joined into paragraphs, and links recognised.
enum PlainTextToHTML {
    /// Bar and text colours by quote depth (1, 2, 3, then again), as Apple Mail colours them.
    static let quoteColors = ["#1f6fd1", "#2e9c4f", "#c43d3d"]

    static let style = """
    body { margin: 16px; font-family: Helvetica, Arial, sans-serif; font-size: 16px; line-height: 21px; \
    color: #000000; white-space: pre-wrap }
    blockquote { margin: 6px 0; padding-left: 10px; border-left: 2px solid }
    blockquote.q1 { border-left-color: #1f6fd1; color: #1f6fd1 }
    blockquote.q2 { border-left-color: #2e9c4f; color: #2e9c4f }
    blockquote.q3 { border-left-color: #c43d3d; color: #c43d3d }
    a { color: #0a60d6; text-decoration: underline }
    """

    struct Line: Equatable {
        var depth: Int
        var text: String
    }

    static func html(_ text: String, flowed: Bool, delSp: Bool) -> String {
        var out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
        out += "<style>\n\(style)\n</style></head><body>"
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
        out += String(repeating: "</blockquote>", count: depth)
        return out + "</body></html>\n"
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

    private static let linkPattern = try! NSRegularExpression(
        pattern: #"(?i)\b(?:(?:https?|ftp)://|www\.)[^\s<>"]+|\bmailto:[^\s<>"]+|[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)+"#)

    /// Escapes the text and wraps URLs and addresses in links.
    static func linkify(_ text: String) -> String {
        let ns = text as NSString
        var out = ""
        var cursor = 0
        for match in linkPattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            var range = match.range
            // Trailing punctuation ends a sentence, not the link; a ')' only with its '('.
            while range.length > 0 {
                let last = ns.substring(with: NSRange(location: range.location + range.length - 1, length: 1))
                let candidate = ns.substring(with: range)
                if ".,;:!?'\"".contains(last) ||
                    (last == ")" && candidate.filter({ $0 == "(" }).count < candidate.filter({ $0 == ")" }).count) {
                    range.length -= 1
                } else { break }
            }
            guard range.length > 0, range.location >= cursor else { continue }
            out += escape(ns.substring(with: NSRange(location: cursor, length: range.location - cursor)))
            let link = ns.substring(with: range)
            let href: String
            if link.lowercased().hasPrefix("www.") { href = "http://" + link }
            else if link.contains("@") && !link.contains(":") { href = "mailto:" + link }
            else { href = link }
            out += "<a href=\"\(escape(href))\">\(escape(link))</a>"
            cursor = range.location + range.length
        }
        out += escape(ns.substring(from: cursor))
        return out
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
