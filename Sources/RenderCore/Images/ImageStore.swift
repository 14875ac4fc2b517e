import Foundation

/// Resolves `<img src>` to decoded images. Nothing is fetched from the network: remote
/// URLs (and `cid:` without a mapping) stay blocked, as mail clients block them. Local files
/// are read only inside the mail's folder; `data:` URIs are decoded in place.
public final class ImageStore: @unchecked Sendable {
    public let baseDirectory: String?
    /// A message's parts by normalised Content-ID: `cid:` URLs resolve to these bytes.
    private let contentIDs: [String: [UInt8]]
    private var cache: [String: DecodedImage?] = [:]
    /// One line per image that could not be shown for a reason other than being remote.
    public private(set) var warnings: [String] = []

    /// Files larger than this are not read.
    public static let maximumFileBytes = 50 * 1024 * 1024

    public init(baseDirectory: String?, contentIDs: [String: [UInt8]] = [:]) {
        self.contentIDs = contentIDs
        self.baseDirectory = baseDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
    }

    public func image(for source: String) -> DecodedImage? {
        let source = source.trimmingCharacters(in: .whitespacesAndNewlines)
        if let cached = cache[source] { return cached }
        let image = load(source)
        cache[source] = image
        return image
    }

    private func load(_ source: String) -> DecodedImage? {
        guard !source.isEmpty else { return nil }
        let lower = source.lowercased()
        let bytes: [UInt8]?
        if lower.hasPrefix("data:") {
            bytes = DataURI.decode(source)
            if bytes == nil { warn("image data URI is malformed") }
        } else if lower.hasPrefix("cid:"), !contentIDs.isEmpty {
            let id = String(source.dropFirst(4))
            guard let part = contentIDs[ContentID.normalise(id.removingPercentEncoding ?? id)] else { return nil }
            bytes = part
        } else if let scheme = Self.scheme(of: lower) {
            _ = scheme
            return nil  // http(s), unmapped cid, file and every other scheme: blocked, never fetched
        } else {
            bytes = readLocal(source)
        }
        guard let bytes else { return nil }
        do {
            return try DecodedImage.decode(bytes)
        } catch DecodedImage.Failure.tooLarge(let width, let height) {
            warn("image \(Self.describe(source)) is \(width)x\(height) pixels, over the \(DecodedImage.maximumPixels) limit; not drawn")
        } catch DecodedImage.Failure.unsupportedFormat {
            warn("image \(Self.describe(source)) is not PNG, JPEG, GIF, WebP or BMP; not drawn")
        } catch {
            warn("image \(Self.describe(source)) cannot be decoded; not drawn")
        }
        return nil
    }

    static func scheme(of source: String) -> String? {
        if source.hasPrefix("//") { return "network" }
        guard let colon = source.firstIndex(of: ":") else { return nil }
        let name = source[..<colon]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return nil }
        return String(name)
    }

    /// A file below the base directory, after resolving `..` and symlinks.
    private func readLocal(_ source: String) -> [UInt8]? {
        guard let baseDirectory else { return nil }
        var path = source
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        path = path.removingPercentEncoding ?? path
        guard !path.hasPrefix("/") else {
            warn("image \(Self.describe(source)) is an absolute path; only files inside the mail's folder are read")
            return nil
        }
        let resolved = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true))
            .standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(baseDirectory + "/") else {
            warn("image \(Self.describe(source)) is outside the mail's folder; not read")
            return nil
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            warn("image \(Self.describe(source)) not found")
            return nil
        }
        if let size = attributes[.size] as? Int, size > Self.maximumFileBytes {
            warn("image \(Self.describe(source)) is larger than \(Self.maximumFileBytes / 1024 / 1024) MB; not read")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            warn("image \(Self.describe(source)) cannot be read")
            return nil
        }
        return [UInt8](data)
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    static func describe(_ source: String) -> String {
        source.count > 60 ? "'\(source.prefix(57))...'" : "'\(source)'"
    }
}

/// `data:[<media type>][;base64],<data>` (RFC 2397).
enum DataURI {
    /// Encoded payloads longer than this are refused.
    static let maximumLength = 30 * 1024 * 1024

    static func decode(_ uri: String) -> [UInt8]? {
        guard uri.utf8.count <= maximumLength, let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = String(uri[uri.index(after: comma)...])
        if header.hasSuffix(";base64") {
            let compact = payload.filter { !$0.isWhitespace }
            let unescaped = compact.removingPercentEncoding ?? compact
            return Data(base64Encoded: unescaped, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
        }
        return payload.removingPercentEncoding.map { Array($0.utf8) }
    }
}
