import Foundation

/// Resolves `<img src>` to decoded images. Nothing is fetched from the network: remote
/// URLs (and `cid:` without a mapping) stay blocked, as mail clients block them. Local files
/// are read only inside the mail's folder (and folders named by `--allow-dir`); `data:` URIs
/// are decoded in place.
public final class ImageStore: @unchecked Sendable {
    public let baseDirectory: String?
    /// Further folders files may be read from, symlinks resolved.
    public let allowedDirectories: [String]
    /// A message's parts by normalised Content-ID: `cid:` URLs resolve to these bytes.
    private let contentIDs: [String: [UInt8]]
    private var cache: [String: DecodedImage?] = [:]
    /// One line per image that could not be shown for a reason other than being remote.
    public private(set) var warnings: [String] = []

    /// File sizes, data URI lengths and decoded pixels are bounded by these.
    public let limits: ResourceLimits

    public init(baseDirectory: String?, contentIDs: [String: [UInt8]] = [:], limits: ResourceLimits = .standard,
                allowedDirectories: [String] = []) {
        self.contentIDs = contentIDs
        self.limits = limits
        self.baseDirectory = baseDirectory.map(Self.resolved)
        self.allowedDirectories = allowedDirectories.map(Self.resolved)
    }

    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether a resolved path lies below one of the folders files may come from.
    private func isReadable(_ resolved: String) -> Bool {
        ([baseDirectory].compactMap { $0 } + allowedDirectories).contains { folder in
            resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
    }

    public func image(for source: String) -> DecodedImage? {
        let source = Self.trimmed(source)
        if let cached = cache[source] { return cached }
        let image = load(source)
        cache[source] = image
        return image
    }

    private func load(_ source: String) -> DecodedImage? {
        guard !source.isEmpty else { return nil }
        guard let bytes = bytes(for: source, noun: "image") else { return nil }
        do {
            return try DecodedImage.decode(bytes, maximumPixels: limits.maximumImagePixels)
        } catch DecodedImage.Failure.tooLarge(let width, let height) {
            warn("image \(Self.describe(source)) is \(width)x\(height) pixels, over the \(ResourceLimits.count(limits.maximumImagePixels)) limit; not drawn")
        } catch DecodedImage.Failure.unsupportedFormat {
            warn("image \(Self.describe(source)) is not PNG, JPEG, GIF, WebP or BMP; not drawn")
        } catch {
            warn("image \(Self.describe(source)) cannot be decoded; not drawn")
        }
        return nil
    }

    /// The bytes a URL names: a `data:` URI's, a message part's (`cid:`), or a file's inside
    /// the mail's folder; nil for remote and other schemes (never fetched). `noun` ("image",
    /// "font") starts the warnings.
    func bytes(for source: String, noun: String) -> [UInt8]? {
        // Only the scheme is compared; a data URI may be megabytes long.
        let lower = String(source.prefix(64)).lowercased()
        if lower.hasPrefix("data:") {
            if source.utf8.count > limits.maximumDataURIBytes {
                warn("\(noun) data URI is longer than \(ResourceLimits.bytes(limits.maximumDataURIBytes)); not decoded")
                return nil
            }
            let bytes = DataURI.decode(source)
            if bytes == nil { warn("\(noun) data URI is malformed") }
            return bytes
        } else if lower.hasPrefix("cid:"), !contentIDs.isEmpty {
            let id = String(source.dropFirst(4))
            return contentIDs[ContentID.normalise(id.removingPercentEncoding ?? id)]
        } else if Self.scheme(of: lower) != nil {
            return nil  // http(s), unmapped cid, file and every other scheme: blocked, never fetched
        }
        return readLocal(source, noun: noun)
    }

    static func scheme(of source: String) -> String? {
        if source.hasPrefix("//") { return "network" }
        guard let colon = source.firstIndex(of: ":") else { return nil }
        let name = source[..<colon]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return nil }
        return String(name)
    }

    /// A file below the base directory, after resolving `..` and symlinks.
    private func readLocal(_ source: String, noun: String) -> [UInt8]? {
        guard let baseDirectory else { return nil }
        var path = source
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        path = path.removingPercentEncoding ?? path
        let resolved: String
        if path.hasPrefix("/") {
            resolved = Self.resolved(path)
            guard isReadable(resolved) else {
                warn("\(noun) \(Self.describe(source)) is an absolute path; only files inside the mail's folder are read")
                return nil
            }
        } else {
            resolved = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true))
                .standardizedFileURL.resolvingSymlinksInPath().path
            guard isReadable(resolved) else {
                warn("\(noun) \(Self.describe(source)) is outside the mail's folder; not read")
                return nil
            }
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            warn("\(noun) \(Self.describe(source)) not found")
            return nil
        }
        if let size = attributes[.size] as? Int, size > limits.maximumImageFileBytes {
            warn("\(noun) \(Self.describe(source)) is larger than \(ResourceLimits.bytes(limits.maximumImageFileBytes)); not read")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            warn("\(noun) \(Self.describe(source)) cannot be read")
            return nil
        }
        return [UInt8](data)
    }

    func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    static func describe(_ source: String) -> String {
        source.utf8.count > 60 ? "'\(source.prefix(57))...'" : "'\(source)'"
    }

    /// Without leading and trailing ASCII white space (as URLs in attributes are taken),
    /// without walking a long data URI character by character.
    static func trimmed(_ source: String) -> String {
        let bytes = source.utf8
        guard let first = bytes.firstIndex(where: { $0 > 0x20 }) else { return "" }
        let last = bytes.lastIndex(where: { $0 > 0x20 })!
        if first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex { return source }
        return String(source[first...last])
    }
}

/// `data:[<media type>][;base64],<data>` (RFC 2397).
enum DataURI {
    /// Works on UTF-8 bytes: a data URI may be tens of megabytes, and Character-wise
    /// filtering of that costs seconds.
    static func decode(_ uri: String) -> [UInt8]? {
        let bytes = Array(uri.utf8)
        guard bytes.count >= 5, let comma = bytes.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = String(decoding: bytes[5..<comma], as: UTF8.self).lowercased()
        let payload = bytes[(comma + 1)...]
        if header.hasSuffix(";base64") {
            // Base64 ignores white space; `%`-escapes are decoded first, as browsers do.
            let compact = payload.filter { $0 > 0x20 }
            let unescaped = compact.contains(UInt8(ascii: "%")) ? percentDecoded(compact[...]) : compact
            return Data(base64Encoded: Data(unescaped), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
        }
        return percentDecoded(payload)
    }

    /// `%XX` escapes decoded; a `%` not followed by two hex digits is kept as it is.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
