import Foundation

/// `text/enriched` (RFC 1896) and its predecessor `text/richtext` (RFC 1341 §7.1.3) as HTML
/// fragments, as mail readers show them. Both mark formatting with `<command>…</command>`;
/// unknown commands are ignored and their text shown, as the RFCs require.
/// - enriched: `<<` is `<`; `<param>` holds the preceding command's argument (colour, font);
///   outside `<nofill>` one line break is a space and n in a row are n−1 breaks;
/// - richtext: line breaks are blanks, `<nl>` breaks, `<np>` starts a page (a break here),
///   `<lt>` is `<`, `<comment>` is hidden.
enum RichTextToHTML {
    static func html(_ text: String, enriched: Bool) -> String {
        // "\r\n" is one Character in Swift: line ends are made "\n" first.
        let text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var out = ""
        var nofill = 0, hidden = 0
        var stack: [String] = []  // open commands, for `<param>`
        var index = text.startIndex
        var newlines = 0
        func flushNewlines() {
            guard newlines > 0 else { return }
            if nofill > 0 || !enriched {
                out += nofill > 0 ? String(repeating: "\n", count: newlines) : " "
            } else {
                out += newlines == 1 ? " " : String(repeating: "<br>", count: newlines - 1)
            }
            newlines = 0
        }
        func emit(_ text: String) {
            guard hidden == 0, !text.isEmpty else { return }
            flushNewlines()
            out += PlainTextToHTML.escape(text)
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" {
                if hidden == 0 { newlines += 1 }
                index = text.index(after: index)
                continue
            }
            guard character == "<" else {
                let end = text[index...].firstIndex { $0 == "<" || $0 == "\n" } ?? text.endIndex
                emit(String(text[index..<end]))
                index = end
                continue
            }
            let next = text.index(after: index)
            if enriched, next < text.endIndex, text[next] == "<" {
                emit("<")
                index = text.index(after: next)
                continue
            }
            guard let close = text[next...].firstIndex(of: ">"), text.distance(from: next, to: close) <= 60 else {
                emit("<")
                index = next
                continue
            }
            var name = text[next..<close].lowercased()
            index = text.index(after: close)
            let closing = name.hasPrefix("/")
            if closing { name.removeFirst() }
            if name == "param" && enriched {
                // The argument of the command just opened: read it, do not show it.
                let end = text[index...].range(of: "</param>", options: .caseInsensitive)
                let argument = String(text[index..<(end?.lowerBound ?? text.endIndex)])
                index = end?.upperBound ?? text.endIndex
                if let command = stack.last { out += parameterStyle(command, argument) }
                continue
            }
            if !enriched {
                switch name {
                case "lt" where !closing: emit("<"); continue
                case "nl" where !closing, "np" where !closing:
                    if hidden == 0 { flushNewlines(); out += "<br>" }
                    continue
                case "comment": hidden += closing ? (hidden > 0 ? -1 : 0) : 1; continue
                default: break
                }
            }
            if name == "nofill" { nofill += closing ? (nofill > 0 ? -1 : 0) : 1 }
            flushNewlines()
            if closing {
                if let open = stack.lastIndex(of: name) { stack.remove(at: open) }
                out += closeTag(name)
            } else {
                stack.append(name)
                out += openTag(name)
            }
        }
        flushNewlines()
        return out
    }

    private static let blocks: [String: String] = [
        "center": "text-align:center", "flushleft": "text-align:left", "flushright": "text-align:right",
        "flushboth": "text-align:justify", "indent": "margin-left:2em", "indentright": "margin-right:2em",
        "outdent": "margin-left:-2em", "outdentright": "margin-right:-2em", "nofill": "white-space:pre",
        "excerpt": "margin-left:0.5em;padding-left:0.5em;border-left:2px solid #8a8a8e", "paragraph": "margin:0.5em 0",
        "heading": "font-weight:bold", "footing": "font-size:smaller", "signature": "color:#8a8a8e",
    ]

    private static let inlines: [String: String] = [
        "bold": "<b>", "italic": "<i>", "underline": "<u>", "fixed": "<tt>",
        "smaller": "<small>", "bigger": "<big>", "subscript": "<sub>", "superscript": "<sup>",
    ]

    private static func openTag(_ name: String) -> String {
        if let tag = inlines[name] { return tag }
        if let style = blocks[name] { return "<div style=\"\(style)\">" }
        return ""  // color and fontfamily open their span with their <param>
    }

    private static func closeTag(_ name: String) -> String {
        if let tag = inlines[name] { return "</" + tag.dropFirst() }
        if blocks[name] != nil { return "</div>" }
        if name == "color" || name == "fontfamily" { return "</span>" }
        return ""
    }

    /// `<color><param>red</param>` and `<fontfamily><param>Times</param>` open a styled span
    /// (a plain one for an argument we do not take), which the command's end closes.
    private static func parameterStyle(_ command: String, _ argument: String) -> String {
        let value = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        let safe = value.allSatisfy { $0.isLetter || $0.isNumber || " ,-#".contains($0) }
        guard ["color", "fontfamily"].contains(command) else { return "" }
        guard safe, !value.isEmpty else { return "<span>" }
        switch command {
        case "color":
            // RFC 1896: a name, or "rrrr,gggg,bbbb" in 16-bit hex.
            let channels = value.split(separator: ",")
            if channels.count == 3, let r = Int(channels[0], radix: 16), let g = Int(channels[1], radix: 16), let b = Int(channels[2], radix: 16) {
                return "<span style=\"color:rgb(\(r >> 8),\(g >> 8),\(b >> 8))\">"
            }
            return "<span style=\"color:\(value)\">"
        default: return "<span style=\"font-family:\(value)\">"
        }
    }
}
