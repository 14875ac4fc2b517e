import Foundation

/// A message as a mail reader shows it, in plain data: the header fields, the body as HTML
/// (a plain-text body already turned into HTML) and the images its `cid:` URLs name. This is
/// what the MIME stage hands to the render pipeline.
public struct MailMessage: Sendable {
    public enum BodyKind: String, Sendable { case html, plain, none }

    public var from: [MailAddress] = []
    public var sender: [MailAddress] = []
    public var replyTo: [MailAddress] = []
    public var to: [MailAddress] = []
    public var cc: [MailAddress] = []
    /// RFC 2047 decoded.
    public var subject: String?
    public var date: Date?
    /// The Date field as written, for dates that cannot be read.
    public var dateText: String?
    public var attachments: [MailAttachment] = []
    public var bodyHTML: String = ""
    public var bodyKind: BodyKind = .none
    /// The charset the body was read as (lowercased).
    public var bodyCharset: String?
    /// The media type of the body's first shown part, and where it is in the message (an IMAP
    /// section number: `1`, `2.1`); nil without a body.
    public var bodyType: String?
    public var bodyPath: String?
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
    /// `timeZone`: the zone dates of forwarded messages are shown in (`--timezone`).
    public static func read(path: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) throws -> MailMessage {
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
            return try parse([UInt8](data), timeZone: timeZone)
        } catch let RenderError.input(message) {
            throw RenderError.input("'\(path)': \(message)")
        }
    }

    /// Parses a message's bytes with GMime and picks its body as a reader would.
    public static func parse(_ bytes: [UInt8], timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) throws -> MailMessage {
        guard bytes.count <= maximumFileBytes else { throw RenderError.input("the message is larger than \(maximumFileBytes / 1024 / 1024) MB") }
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw RenderError.input("the message is empty")
        }
        let (bytes, repairWarnings) = RawMessageRepair.repairingHeaderBlocks(RawMessageRepair.withoutByteOrderMark(bytes))
        var (parsed, parserWarnings) = MimeMessage.parse(bytes)
        if parsed == nil {
            // No header where the first line should be one: its text is the body.
            let retry = MimeMessage.parse(RawMessageRepair.asHeaderlessBody(bytes))
            parsed = retry.message
            parserWarnings = ["the message does not begin with a header line; all of it is read as the body"]
        }
        guard let mime = parsed else {
            throw RenderError.input("not a MIME message" + (parserWarnings.first.map { " (\($0))" } ?? ""))
        }
        var message = MailMessage()
        message.warnings = repairWarnings + parserWarnings
        let fields = HeaderFields(mime)
        message.from = fields.from
        message.sender = fields.sender
        message.replyTo = fields.replyTo
        message.to = fields.to
        message.cc = fields.cc
        message.subject = fields.subject
        message.dateText = fields.dateText
        message.date = fields.date
        guard let root = mime.body else {
            message.warnings.append("the message has no body")
            return message
        }
        var (pieces, leftOut) = BodySelection.limited(BodySelection.pieces(in: root))
        if leftOut > 0 {
            message.warnings.append("the message has more than \(BodySelection.maximumPieces) parts to show; only the first \(BodySelection.maximumPieces) are shown")
        }
        var composer = BodyComposer(timeZone: timeZone)
        if !pieces.isEmpty {
            message.bodyHTML = composer.document(pieces)
            // An image the HTML already shows by its cid: (mailers put them in multipart/mixed
            // too) is not shown a second time below it.
            let referenced = ContentID.references(in: message.bodyHTML)
            let withoutShownImages = BodySelection.removingImages(pieces, named: referenced)
            if withoutShownImages.count != pieces.count {
                pieces = withoutShownImages
                composer = BodyComposer(timeZone: timeZone)
                message.bodyHTML = composer.document(pieces)
            }
        }
        if let first = pieces.first {
            message.warnings += composer.warnings
            switch first {
            case .text(let part, let kind, let path):
                message.bodyKind = kind == .html ? .html : .plain
                message.bodyType = part.mediaType
                message.bodyPath = path
                message.bodyCharset = composer.charsets[path]
            case .message(_, let part, let path, _), .image(let part, let path):
                message.bodyKind = .plain
                message.bodyType = part.mediaType
                message.bodyPath = path
            }
        } else if root.mediaType == "multipart/encrypted" {
            message.warnings.append("the message is encrypted; its body is not shown")
        } else if let unsplit = root.firstUnsplitMultipart(), let raw = unsplit.prologue {
            // A multipart whose boundary is missing or never appears: its raw text, as readers show it.
            let decoded = MessageCharset.decode(Array(raw.utf8.prefix(maximumBodyBytes)), declared: "utf-8", isHTML: false)
            message.bodyKind = .plain
            message.bodyCharset = decoded.charset
            message.bodyType = unsplit.mediaType
            message.bodyHTML = PlainTextToHTML.html(decoded.text, flowed: false, delSp: false)
            message.warnings.append("the \(unsplit.mediaType) has no parts; its raw text is shown")
        } else {
            message.warnings.append("the message has no text or HTML body")
        }
        for (id, part) in composer.images {
            let bytes = part.decodedContent()
            if bytes.count > ResourceLimits.standard.maximumImageFileBytes {
                message.warnings.append("the image part \(part.filename ?? part.mediaType) is larger than \(ResourceLimits.bytes(ResourceLimits.standard.maximumImageFileBytes)); not drawn")
            } else {
                message.inlineImages[id] = bytes
            }
        }
        let referenced = ContentID.references(in: message.bodyHTML)
        let parts = MessageParts(root: root, pieces: pieces, referencedIDs: referenced)
        message.attachments = parts.attachments
        message.inlineImages.merge(parts.inlineImages) { shown, _ in shown }
        message.warnings += parts.warnings
        for id in referenced.sorted() where message.inlineImages[id] == nil {
            message.warnings.append("cid:\(id) names no part of the message; shown as a broken image")
        }
        return message
    }
}
