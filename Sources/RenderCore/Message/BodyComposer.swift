import Foundation

/// The body's pieces (`BodySelection`) as one HTML document, as Apple Mail shows a message:
/// the first piece is the document (an HTML part as written, a plain or rich text part in the
/// plain-text style); later text parts follow it, each in its own block; a forwarded message
/// shows a header block (From, Subject, Date, To) above its own body, recursively.
struct BodyComposer {
    let timeZone: TimeZone
    private(set) var warnings: [String] = []
    /// The charset each text piece was read as, by part path.
    private(set) var charsets: [String: String] = [:]
    /// Image pieces shown, by the Content-ID the body names them with.
    private(set) var images: [(id: String, part: MimeEntity)] = []
    /// Text bytes still allowed (`MailMessage.maximumBodyBytes` in all).
    private var budget = MailMessage.maximumBodyBytes

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The whole body: a document whose first piece decides its kind.
    mutating func document(_ pieces: [BodySelection.Piece]) -> String {
        guard let first = pieces.first else { return "" }
        var html: String
        var rest = pieces.dropFirst()
        switch first {
        case .text(let part, let kind, let path):
            let text = decode(part, kind: kind, path: path)
            switch kind {
            case .html: html = text
            case .plain: html = PlainTextToHTML.html(text, flowed: Self.isFlowed(part), delSp: Self.deletesSpace(part))
            case .enriched, .richtext: html = PlainTextToHTML.document(RichTextToHTML.html(text, enriched: kind == .enriched))
            }
        case .message, .image:
            html = PlainTextToHTML.document("")
            rest = pieces[...]
        }
        let more = rest.enumerated().map { fragment($1, first: $0 == 0 && rest.startIndex == pieces.startIndex) }.joined()
        // After the first document: the blocks join its body (an HTML parser moves content
        // after `</html>` into the body, as browsers do). No line break between: a plain body
        // keeps white space, so the document's trailing line break goes too.
        guard !more.isEmpty else { return html }
        while let last = html.last, last.isWhitespace { html.removeLast() }
        return html + more
    }

    /// A piece placed after others (or `first` in an otherwise empty body): a block of its own.
    private mutating func fragment(_ piece: BodySelection.Piece, first: Bool = false) -> String {
        switch piece {
        case .text(let part, let kind, let path):
            let text = decode(part, kind: kind, path: path)
            switch kind {
            case .html: return "<div style=\"margin-top:16px;white-space:normal\">" + text + "</div>"
            case .plain:
                return PlainTextToHTML.fragment(PlainTextToHTML.content(text, flowed: Self.isFlowed(part), delSp: Self.deletesSpace(part)))
            case .enriched, .richtext:
                return PlainTextToHTML.fragment(RichTextToHTML.html(text, enriched: kind == .enriched))
            }
        case .message(let message, _, _, let body):
            return forwarded(message, body: body, first: first)
        case .image(let part, let path):
            let id = BodySelection.Piece.imageID(path: path)
            images.append((id, part))
            return "<div style=\"margin-top:\(first ? 0 : 16)px;white-space:normal\"><img src=\"cid:\(id)\" style=\"max-width:100%\"></div>"
        }
    }

    /// A rule above each forwarded message but one that opens the body.
    static let forwardedStyle = "margin:16px 0 0;padding-top:10px;border-top:1px solid #c6c6c8;"
    static let headerBlockStyle = "font-family:Helvetica,Arial,sans-serif;font-size:14px;line-height:19px;white-space:normal"

    /// A message shown inline: its header fields, then its body's pieces.
    private mutating func forwarded(_ message: MimeMessage, body: [BodySelection.Piece], first: Bool) -> String {
        let fields = HeaderFields(message)
        var out = "<div class=\"forwarded-message\" style=\"\(first ? "" : Self.forwardedStyle)\">"
        out += "<div style=\"\(Self.headerBlockStyle)\">"
        func row(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            out += "<div><b>\(label):</b> \(PlainTextToHTML.escape(value))</div>"
        }
        row("From", fields.from.map(Self.fullAddress).joined(separator: ", "))
        row("Subject", fields.subject)
        row("Date", fields.date.map { MessageHeaderTemplate.formatDate($0, timeZone: timeZone) } ?? fields.dateText)
        row("To", fields.to.map(Self.fullAddress).joined(separator: ", "))
        row("Cc", fields.cc.map(Self.fullAddress).joined(separator: ", "))
        out += "</div>"
        return out + "<div style=\"margin-top:12px;white-space:normal\">" + body.map { fragment($0) }.joined() + "</div></div>"
    }

    /// `Name <address>`, or whichever of the two there is.
    static func fullAddress(_ address: MailAddress) -> String {
        switch (address.name, address.address.isEmpty) {
        case (let name?, false): return "\(name) <\(address.address)>"
        case (let name?, true): return name
        case (nil, _): return address.address
        }
    }

    /// A text part's content in its charset, within the body's byte budget.
    private mutating func decode(_ part: MimeEntity, kind: BodySelection.Kind, path: String) -> String {
        var content = part.decodedContent()
        if content.count > budget {
            warnings.append("the \(part.mediaType) body is \(String(format: "%.1f", Double(content.count) / 1_048_576)) MB; only its first \(MailMessage.maximumBodyBytes / 1024 / 1024) MB are shown")
            content = Array(content.prefix(budget))
        }
        budget -= content.count
        let decoded = MessageCharset.decode(content, declared: part.parameter("charset"), isHTML: kind == .html)
        if let warning = decoded.warning { warnings.append(warning) }
        charsets[path] = decoded.charset
        return decoded.text
    }

    private static func isFlowed(_ part: MimeEntity) -> Bool { part.parameter("format")?.lowercased() == "flowed" }
    private static func deletesSpace(_ part: MimeEntity) -> Bool { part.parameter("delsp")?.lowercased() == "yes" }
}
