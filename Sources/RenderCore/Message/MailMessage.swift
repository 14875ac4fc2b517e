import Foundation

/// A message as a mail reader shows it, in plain data: the header fields, the body as HTML
/// (a plain-text body already turned into HTML) and the images its `cid:` URLs name. This is
/// what the MIME stage hands to the render pipeline.
public struct MailMessage: Sendable {
    public enum BodyKind: String, Sendable { case html, plain, none }

    public var from: [MailAddress] = []
    public var to: [MailAddress] = []
    public var cc: [MailAddress] = []
    /// RFC 2047 decoded.
    public var subject: String?
    public var date: Date?
    public var attachments: [MailAttachment] = []
    public var bodyHTML: String = ""
    public var bodyKind: BodyKind = .none
    /// The charset the body was read as (lowercased).
    public var bodyCharset: String?
    /// Normalised Content-ID (no angle brackets, lowercased) → the part's decoded bytes.
    public var inlineImages: [String: [UInt8]] = [:]
    /// What was wrong with the message and how it was read anyway, one line each.
    public var warnings: [String] = []

    public init() {}

    /// Larger files are refused (exit 2): 20 MB attachments are fine, base64 grows them by 4/3.
    public static let maximumFileBytes = 100 * 1024 * 1024
    /// A text body longer than this is cut (with a warning), so layout stays bounded: 2 MB of
    /// plain text lays out in about 6 s in a release build (Gmail clips bodies at 102 KB).
    public static let maximumBodyBytes = 2 * 1024 * 1024

    /// Files read as MIME messages rather than HTML: `.eml`.
    public static func isMessageFile(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".eml")
    }

    /// Reads a `.eml` file; a missing, unreadable, oversized or empty file is an input error.
    public static func read(path: String) throws -> MailMessage {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RenderError.input("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw RenderError.input("cannot read '\(path)': it is a folder") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumFileBytes {
            throw RenderError.input("'\(path)' is larger than \(maximumFileBytes / 1024 / 1024) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderError.input("cannot read '\(path)': permission denied or unreadable")
        }
        do {
            return try parse([UInt8](data))
        } catch let RenderError.input(message) {
            throw RenderError.input("'\(path)': \(message)")
        }
    }

    /// Parses a message's bytes with GMime and picks its body as a reader would.
    public static func parse(_ bytes: [UInt8]) throws -> MailMessage {
        guard bytes.count <= maximumFileBytes else { throw RenderError.input("the message is larger than \(maximumFileBytes / 1024 / 1024) MB") }
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw RenderError.input("the message is empty")
        }
        let (parsed, parserWarnings) = MimeMessage.parse(bytes)
        guard let mime = parsed else {
            throw RenderError.input("not a MIME message" + (parserWarnings.first.map { " (\($0))" } ?? ""))
        }
        var message = MailMessage()
        message.warnings = parserWarnings
        message.from = mime.from
        message.to = mime.to
        message.cc = mime.cc
        message.subject = mime.subject
        message.date = mime.date
        guard let root = mime.body else {
            message.warnings.append("the message has no body")
            return message
        }
        let selection = BodySelection.choose(in: root)
        if let selection {
            var content = selection.part.decodedContent()
            if content.count > maximumBodyBytes {
                message.warnings.append("the \(selection.part.mediaType) body is \(String(format: "%.1f", Double(content.count) / 1_048_576)) MB; only its first \(maximumBodyBytes / 1024 / 1024) MB are shown")
                content = Array(content.prefix(maximumBodyBytes))
            }
            let decoded = MessageCharset.decode(content, declared: selection.part.parameter("charset"),
                                                isHTML: selection.kind == .html)
            if let warning = decoded.warning { message.warnings.append(warning) }
            message.bodyCharset = decoded.charset
            switch selection.kind {
            case .html:
                message.bodyKind = .html
                message.bodyHTML = decoded.text
            case .plain:
                message.bodyKind = .plain
                let flowed = selection.part.parameter("format")?.lowercased() == "flowed"
                let delSp = selection.part.parameter("delsp")?.lowercased() == "yes"
                message.bodyHTML = PlainTextToHTML.html(decoded.text, flowed: flowed, delSp: delSp)
            }
        } else if root.mediaType == "multipart/encrypted" {
            message.warnings.append("the message is encrypted; its body is not shown")
        } else if let unsplit = root.firstUnsplitMultipart(), let raw = unsplit.prologue {
            // A multipart whose boundary is missing or never appears: its raw text, as readers show it.
            let decoded = MessageCharset.decode(Array(raw.utf8.prefix(maximumBodyBytes)), declared: "utf-8", isHTML: false)
            message.bodyKind = .plain
            message.bodyCharset = decoded.charset
            message.bodyHTML = PlainTextToHTML.html(decoded.text, flowed: false, delSp: false)
            message.warnings.append("the \(unsplit.mediaType) has no parts; its raw text is shown")
        } else {
            message.warnings.append("the message has no text or HTML body")
        }
        let referenced = message.bodyKind == .html ? ContentID.references(in: message.bodyHTML) : []
        let parts = MessageParts(root: root, body: selection?.part, referencedIDs: referenced)
        message.attachments = parts.attachments
        message.inlineImages = parts.inlineImages
        message.warnings += parts.warnings
        for id in referenced.sorted() where message.inlineImages[id] == nil {
            message.warnings.append("cid:\(id) names no part of the message; shown as a broken image")
        }
        return message
    }
}
