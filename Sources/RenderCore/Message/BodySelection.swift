import Foundation

/// The body a mail reader shows, chosen from the MIME tree as readers choose it:
/// `multipart/alternative` prefers `text/html` (the last one, RFC 2046 §5.1.4) over
/// `text/plain`; `multipart/related` shows its root (the `start` part, else the first);
/// `multipart/mixed` and the rest show their first displayable part. Parts marked
/// `attachment` are never the body.
struct BodySelection {
    enum Kind: Equatable { case html, plain }

    let part: MimeEntity
    let kind: Kind

    /// Deeper MIME trees than this are not searched (GMime stops parsing long before).
    static let maximumDepth = 100

    static func choose(in entity: MimeEntity, depth: Int = 0) -> BodySelection? {
        guard depth < maximumDepth else { return nil }
        if entity.isLeaf {
            guard entity.disposition != "attachment" else { return nil }
            switch entity.mediaType {
            case "text/html": return BodySelection(part: entity, kind: .html)
            case "text/plain": return BodySelection(part: entity, kind: .plain)
            default: return nil
            }
        }
        guard entity.isMultipart else { return nil }
        let children = entity.children
        switch entity.mediaType {
        case "multipart/alternative":
            let candidates = children.compactMap { choose(in: $0, depth: depth + 1) }
            return candidates.last { $0.kind == .html } ?? candidates.last
        case "multipart/related":
            let start = entity.parameter("start").map(ContentID.normalise)
            let root = start.flatMap { id in children.first { $0.contentID.map(ContentID.normalise) == id } } ?? children.first
            return root.flatMap { choose(in: $0, depth: depth + 1) }
        case "multipart/encrypted":
            return nil
        default:
            for child in children {
                if let found = choose(in: child, depth: depth + 1) { return found }
            }
            return nil
        }
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

    init(root: MimeEntity, body: MimeEntity?, referencedIDs: Set<String>) {
        walk(root, body: body, referenced: referencedIDs, depth: 0)
    }

    private mutating func walk(_ entity: MimeEntity, body: MimeEntity?, referenced: Set<String>, depth: Int) {
        guard depth < BodySelection.maximumDepth else { return }
        if entity.isMultipart {
            for child in entity.children { walk(child, body: body, referenced: referenced, depth: depth + 1) }
            return
        }
        if let message = entity.attachedMessage {
            let name = entity.filename ?? ((message.subject.flatMap { $0.isEmpty ? nil : $0 } ?? "Attached message") + ".eml")
            attachments.append(MailAttachment(name: name, mediaType: entity.mediaType, size: entity.decodedSize()))
            return
        }
        guard entity.isLeaf, !(body.map { entity.isSame(as: $0) } ?? false) else { return }
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
