import Foundation

/// The body a mail reader shows, chosen from the MIME tree as readers choose it, as the parts
/// to show in order:
/// - `multipart/alternative` shows one child: the last it can show best (HTML, then enriched
///   or rich text, then plain; RFC 2046 §5.1.4);
/// - `multipart/related` shows its root: the `start` part, else the first part of its `type`,
///   else the first part; when that shows nothing, the first part that does (RFC 2387);
/// - `multipart/signed` shows its first part; `multipart/encrypted` nothing;
/// - `multipart/mixed`, `digest`, `report` and any other multipart show every part in order,
///   as Apple Mail does: text parts, forwarded messages (`message/rfc822` not marked
///   `attachment`, inline with their own header), and the machine-readable parts of a report
///   (`message/delivery-status`, `text/rfc822-headers`) as plain text.
/// Parts marked `attachment` are never shown in the body. Paths are IMAP section numbers
/// (`1`, `2.1`): where in the message each shown part is.
struct BodySelection {
    enum Kind: Equatable {
        case html, plain, enriched, richtext

        /// Preference inside `multipart/alternative`.
        var rank: Int {
            switch self {
            case .plain: return 0
            case .enriched, .richtext: return 1
            case .html: return 2
            }
        }
    }

    enum Piece {
        case text(MimeEntity, Kind, path: String)
        /// A message shown inline, with the pieces of its own body.
        case message(MimeMessage, MimeEntity, path: String, body: [Piece])
        /// An image part not marked `attachment`, shown in the body as Apple Mail shows it.
        case image(MimeEntity, path: String)

        var part: MimeEntity {
            switch self {
            case .text(let entity, _, _), .message(_, let entity, _, _), .image(let entity, _): return entity
            }
        }

        /// The Content-ID under which an image piece's bytes are given to the body.
        static func imageID(path: String) -> String { "snapshot-part-\(path)@message" }
    }

    /// Deeper MIME trees than this are not searched (a real test message nests 100 deep;
    /// GMime stops parsing at a depth of its own, with a warning).
    static let maximumDepth = 1000
    /// Messages inside messages shown inline, at most this deep (deeper ones are attachments).
    static let maximumMessageDepth = 8

    /// Parts shown at most, forwarded messages' parts included: a mixed multipart of 150 000
    /// little parts would otherwise become a body no reader shows (or lays out in time).
    static let maximumPieces = 200

    /// The pieces within `maximumPieces`, and how many were left out (of those collected:
    /// collecting stops a little past the limit, so this is a lower bound).
    static func limited(_ pieces: [Piece]) -> (pieces: [Piece], leftOut: Int) {
        var budget = maximumPieces
        var leftOut = 0
        func limit(_ pieces: [Piece]) -> [Piece] {
            var kept: [Piece] = []
            for piece in pieces {
                guard budget > 0 else { leftOut += count(piece); continue }
                budget -= 1
                if case .message(let message, let part, let path, let body) = piece {
                    kept.append(.message(message, part, path: path, body: limit(body)))
                } else {
                    kept.append(piece)
                }
            }
            return kept
        }
        func count(_ piece: Piece) -> Int {
            if case .message(_, _, _, let body) = piece { return 1 + body.map(count).reduce(0, +) }
            return 1
        }
        return (limit(pieces), leftOut)
    }

    /// The pieces without the top-level image parts whose Content-ID is in `ids`.
    static func removingImages(_ pieces: [Piece], named ids: Set<String>) -> [Piece] {
        guard !ids.isEmpty else { return pieces }
        return pieces.filter { piece in
            guard case .image(let part, _) = piece, let id = part.contentID.map(ContentID.normalise) else { return true }
            return !ids.contains(id)
        }
    }

    /// Leaf types shown as text, and how.
    static func textKind(of mediaType: String) -> Kind? {
        switch mediaType {
        case "text/html": return .html
        case "text/plain", "message/delivery-status", "message/disposition-notification", "message/feedback-report", "text/rfc822-headers":
            return .plain
        case "text/enriched": return .enriched
        case "text/richtext": return .richtext
        default: return nil
        }
    }

    /// The pieces of a message body whose root entity is `root`. When nothing is shown that
    /// way, the first text part of any kind (a text attachment, a `text/calendar` invitation)
    /// is shown as plain text rather than a blank body, as Apple Mail shows such parts inline.
    static func pieces(in root: MimeEntity) -> [Piece] {
        let pieces = collect(root, path: root.isMultipart ? "" : "1", depth: 0, messageDepth: 0)
        guard pieces.isEmpty, root.mediaType != "multipart/encrypted" else { return pieces }
        return firstTextLeaf(root, path: root.isMultipart ? "" : "1", depth: 0).map { [$0] } ?? []
    }

    private static func firstTextLeaf(_ entity: MimeEntity, path: String, depth: Int) -> Piece? {
        guard depth < maximumDepth else { return nil }
        if entity.isLeaf {
            guard entity.mediaType.hasPrefix("text/") else { return nil }
            return .text(entity, textKind(of: entity.mediaType) ?? .plain, path: path.isEmpty ? "1" : path)
        }
        for (index, child) in entity.children.enumerated() {
            if let found = firstTextLeaf(child, path: childPath(path, index), depth: depth + 1) { return found }
        }
        return nil
    }

    private static func childPath(_ path: String, _ index: Int) -> String {
        path.isEmpty ? String(index + 1) : "\(path).\(index + 1)"
    }

    private static func collect(_ entity: MimeEntity, path: String, depth: Int, messageDepth: Int) -> [Piece] {
        guard depth < maximumDepth else { return [] }
        if entity.disposition != "attachment", messageDepth < maximumMessageDepth, let message = entity.encapsulatedMessage {
            guard let inner = message.body else { return [] }
            let innerPath = inner.isMultipart ? path : path + ".1"
            return [.message(message, entity, path: path, body: collect(inner, path: innerPath, depth: depth + 1, messageDepth: messageDepth + 1))]
        }
        if entity.isLeaf {
            guard entity.disposition != "attachment" else { return [] }
            if entity.mediaType.hasPrefix("image/") { return [.image(entity, path: path.isEmpty ? "1" : path)] }
            guard let kind = textKind(of: entity.mediaType) else { return [] }
            return [.text(entity, kind, path: path.isEmpty ? "1" : path)]
        }
        guard entity.isMultipart else { return [] }
        let children = entity.children
        func childPieces(_ index: Int) -> [Piece] {
            collect(children[index], path: childPath(path, index), depth: depth + 1, messageDepth: messageDepth)
        }
        switch entity.mediaType {
        case "multipart/alternative":
            var best: (rank: Int, pieces: [Piece])?
            for index in children.indices {
                let pieces = childPieces(index)
                guard let rank = bestRank(pieces) else { continue }
                if best == nil || rank >= best!.rank { best = (rank, pieces) }
            }
            return best?.pieces ?? []
        case "multipart/related":
            let start = entity.parameter("start").map(ContentID.normalise)
            let type = entity.parameter("type")?.lowercased()
            // With neither, the first part; but an image first is no root a reader shows: its HTML is.
            let firstIsImage = children.first?.mediaType.hasPrefix("image/") ?? false
            let root = start.flatMap { id in children.firstIndex { $0.contentID.map(ContentID.normalise) == id } }
                ?? type.flatMap { type in children.firstIndex { $0.mediaType == type } }
                ?? (firstIsImage ? children.firstIndex { $0.mediaType == "text/html" } : nil)
                ?? (children.isEmpty ? nil : 0)
            if let root, case let pieces = childPieces(root), !pieces.isEmpty { return pieces }
            if let html = children.firstIndex(where: { $0.mediaType == "text/html" }) { return childPieces(html) }
            for index in children.indices {
                let pieces = childPieces(index)
                if !pieces.isEmpty { return pieces }
            }
            return []
        case "multipart/encrypted":
            return []
        case "multipart/signed":
            return children.isEmpty ? [] : childPieces(0)
        default:
            // After the first part, a text part with a file name and no `inline` disposition is
            // a text attachment (a chip), as readers list it.
            var pieces: [Piece] = []
            for index in children.indices where pieces.count <= maximumPieces {  // past that, `limited` cuts anyway
                let child = children[index]
                if index > 0, child.isLeaf, child.filename != nil, child.disposition != "inline" { continue }
                pieces += childPieces(index)
            }
            return pieces
        }
    }

    /// How well `multipart/alternative` can show these pieces (nil: not at all).
    private static func bestRank(_ pieces: [Piece]) -> Int? {
        pieces.map { piece -> Int in
            switch piece {
            case .text(_, let kind, _): return kind.rank
            case .message: return 0
            case .image: return -1  // an image alternative only when nothing else shows
            }
        }.max()
    }
}

/// What the header lists besides the body: attachments, with their decoded sizes.
public struct MailAttachment: Sendable, Equatable {
    public var name: String
    public var mediaType: String
    public var size: Int

    public init(name: String, mediaType: String, size: Int) {
        self.name = name
        self.mediaType = mediaType
        self.size = size
    }
}

enum ContentID {
    /// Content-IDs compare without angle brackets and case-insensitively (as WebKit's mail
    /// readers match them).
    static func normalise(_ id: String) -> String {
        var id = id.trimmingCharacters(in: .whitespaces)
        if id.hasPrefix("<") { id.removeFirst() }
        if id.hasSuffix(">") { id.removeLast() }
        return id.lowercased()
    }

    /// The ids `cid:` URLs in the HTML name (RFC 2392: percent-encoded), normalised.
    static func references(in html: String) -> Set<String> {
        var ids = Set<String>()
        var rest = html[...]
        while let range = rest.range(of: "cid:", options: .caseInsensitive) {
            let tail = rest[range.upperBound...]
            let raw = tail.prefix { !"\"'<> \t\r\n)".contains($0) }
            if !raw.isEmpty { ids.insert(normalise(String(raw).removingPercentEncoding ?? String(raw))) }
            rest = tail
        }
        return ids
    }
}

/// Walks the MIME tree for what is not the body: attachments and the images `cid:` names.
struct MessageParts {
    var attachments: [MailAttachment] = []
    var inlineImages: [String: [UInt8]] = [:]
    var warnings: [String] = []

    /// The parts the body shows (text parts and inline messages) are not listed; a message
    /// shown inline contributes its own attachments and cid: images.
    init(root: MimeEntity, pieces: [BodySelection.Piece], referencedIDs: Set<String>) {
        var shown = Set<UnsafeMutableRawPointer>(), messages: [UnsafeMutableRawPointer: MimeMessage] = [:]
        func gather(_ pieces: [BodySelection.Piece]) {
            for piece in pieces {
                shown.insert(piece.part.identity)
                if case .message(let message, let part, _, let body) = piece {
                    messages[part.identity] = message
                    gather(body)
                }
            }
        }
        gather(pieces)
        walk(root, shown: shown, messages: messages, referenced: referencedIDs, depth: 0)
    }

    private mutating func walk(_ entity: MimeEntity, shown: Set<UnsafeMutableRawPointer>, messages: [UnsafeMutableRawPointer: MimeMessage],
                               referenced: Set<String>, depth: Int) {
        guard depth < BodySelection.maximumDepth else { return }
        if entity.isMultipart {
            for child in entity.children { walk(child, shown: shown, messages: messages, referenced: referenced, depth: depth + 1) }
            return
        }
        let isShown = shown.contains(entity.identity)
        // A message shown inline: the parse its piece shows (a transfer-encoded one is parsed
        // from its content, so a new parse would hold other objects).
        if isShown, let message = messages[entity.identity] {
            if let inner = message.body { walk(inner, shown: shown, messages: messages, referenced: referenced, depth: depth + 1) }
            return
        }
        if let message = entity.encapsulatedMessage {
            let subject = HeaderFields(message).subject
            let name = entity.filename ?? ((subject.flatMap { $0.isEmpty ? nil : $0 } ?? "Attached message") + ".eml")
            attachments.append(MailAttachment(name: name, mediaType: entity.mediaType, size: entity.decodedSize()))
            return
        }
        // A text attachment shown because it is the only text is still an attachment.
        guard entity.isLeaf, !isShown || entity.disposition == "attachment" else { return }
        if let id = entity.contentID.map(ContentID.normalise), referenced.contains(id) {
            if inlineImages[id] == nil {
                let bytes = entity.decodedContent()
                if bytes.count > ResourceLimits.standard.maximumImageFileBytes {
                    warnings.append("inline image cid:\(id) is larger than \(ResourceLimits.bytes(ResourceLimits.standard.maximumImageFileBytes)); not drawn")
                } else {
                    inlineImages[id] = bytes
                }
            }
            return
        }
        let isText = entity.mediaType.hasPrefix("text/")
        guard entity.disposition == "attachment" || entity.filename != nil || !isText else { return }
        let name = entity.filename ?? "Untitled (\(entity.mediaType))"
        attachments.append(MailAttachment(name: name, mediaType: entity.mediaType, size: entity.decodedSize()))
    }
}
