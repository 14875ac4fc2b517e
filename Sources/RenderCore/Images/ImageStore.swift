import Foundation

/// Resolves `<img src>` to decoded images. Nothing is fetched from the network: a remote URL
/// loads only from the team's assets (`AssetMap`), else it cannot load (`ImageOptions` says
/// how such an image is shown). Local files are read only inside the mail's folder (and
/// folders named by `--allow-dir`); `data:` URIs are decoded in place.
/// Unchecked: its caches and warnings change only while its document is built, on the thread
/// building it; afterwards it is only read.
public final class ImageStore: @unchecked Sendable {
    public let baseDirectory: String?
    public let options: ImageOptions
    /// Further folders files may be read from, symlinks resolved.
    public let allowedDirectories: [String]
    /// A message's parts by normalised Content-ID: `cid:` URLs resolve to these bytes.
    private let contentIDs: [String: [UInt8]]
    private var cache: [String: DecodedImage?] = [:]
    /// Where each loaded source's bytes came from.
    private var origins: [String: ImageOrigin] = [:]
    /// One line per image that could not be shown for a reason other than being remote.
    public private(set) var warnings: [String] = []

    /// File sizes, data URI lengths and decoded pixels are bounded by these.
    public let limits: ResourceLimits

    /// Device pixels per CSS pixel of the screen the mail is shown on (the scene's scale):
    /// `srcset` candidates are chosen for it.
    public let devicePixelRatio: Double

    public init(baseDirectory: String?, contentIDs: [String: [UInt8]] = [:], limits: ResourceLimits = .standard,
                allowedDirectories: [String] = [], options: ImageOptions = ImageOptions(), devicePixelRatio: Double = 3) {
        self.options = options
        self.devicePixelRatio = devicePixelRatio
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

    /// An inline `<svg>` element's markup (`InlineSVG`), drawn as an image.
    func image(inlineSVG markup: String) -> DecodedImage? {
        let key = "inline-svg:" + markup
        if let cached = cache[key] { return cached }
        var image: DecodedImage? = nil
        do {
            image = try DecodedImage.decode(Array(markup.utf8), maximumPixels: limits.maximumImagePixels)
        } catch DecodedImage.Failure.tooLarge(let width, let height) {
            warn("inline SVG is \(width)x\(height) pixels, over the \(ResourceLimits.count(limits.maximumImagePixels)) limit; not drawn")
        } catch DecodedImage.Failure.tooComplex(let reason) {
            warn("inline SVG has \(reason); not drawn")
        } catch {
            warn("inline SVG cannot be parsed; not drawn")
        }
        cache[key] = image
        return image
    }

    public func image(for source: String) -> DecodedImage? {
        let source = Self.trimmed(source)
        if let cached = cache[source] { return cached }
        let image = load(source)
        cache[source] = image
        return image
    }

    /// Where a source's pixels came from, once `image(for:)` has loaded it; nil when it could
    /// not be loaded.
    public func origin(of source: String) -> ImageOrigin? {
        let source = Self.trimmed(source)
        guard case .some(.some) = cache[source] else { return nil }
        return origins[source]
    }

    private func load(_ source: String) -> DecodedImage? {
        guard !source.isEmpty else { return nil }
        guard let (bytes, origin) = bytesAndOrigin(for: source, noun: "image") else { return nil }
        origins[source] = origin
        do {
            return try DecodedImage.decode(bytes, maximumPixels: limits.maximumImagePixels)
        } catch DecodedImage.Failure.tooLarge(let width, let height) {
            warn("image \(Self.describe(source)) is \(width)x\(height) pixels, over the \(ResourceLimits.count(limits.maximumImagePixels)) limit; not drawn")
        } catch DecodedImage.Failure.unsupportedFormat {
            warn("image \(Self.describe(source)) is not PNG, JPEG, GIF, WebP, BMP, ICO, TIFF, AVIF, HEIF or SVG; not drawn")
        } catch DecodedImage.Failure.tooComplex(let reason) {
            warn("image \(Self.describe(source)) is an SVG with \(reason); not drawn")
        } catch {
            warn("image \(Self.describe(source)) cannot be decoded; not drawn")
        }
        return nil
    }

    /// The bytes a URL names: a `data:` URI's, a message part's (`cid:`), or a file's inside
    /// the mail's folder; nil for remote and other schemes (never fetched). `noun` ("image",
    /// "font") starts the warnings.
    func bytes(for source: String, noun: String) -> [UInt8]? {
        bytesAndOrigin(for: source, noun: noun)?.bytes
    }

    private func bytesAndOrigin(for source: String, noun: String) -> (bytes: [UInt8], origin: ImageOrigin)? {
        // Only the scheme is compared; a data URI may be megabytes long.
        let lower = String(source.prefix(64)).lowercased()
        if lower.hasPrefix("data:") {
            if source.utf8.count > limits.maximumDataURIBytes {
                warn("\(noun) data URI is longer than \(ResourceLimits.bytes(limits.maximumDataURIBytes)); not decoded")
                return nil
            }
            guard let bytes = DataURI.decode(source) else {
                warn("\(noun) data URI is malformed")
                return nil
            }
            return (bytes, .data)
        } else if lower.hasPrefix("cid:"), !contentIDs.isEmpty {
            let id = String(source.dropFirst(4))
            return contentIDs[ContentID.normalise(id.removingPercentEncoding ?? id)].map { ($0, .messagePart) }
        } else if Self.scheme(of: lower) != nil {
            // http(s) from the team's assets; unmapped cid, file and every other scheme:
            // blocked, never fetched.
            return readAsset(source, noun: noun)
        }
        return readLocal(source, noun: noun).map { ($0, .file($1)) }
    }

    /// A remote URL's file among the team's assets, if one exists there.
    private func readAsset(_ source: String, noun: String) -> (bytes: [UInt8], origin: ImageOrigin)? {
        for (file, folder) in options.assets.candidates(for: source) {
            let resolved = Self.resolved(file)
            guard resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else { continue }
            if let bytes = readFile(resolved, source: source, noun: noun, missing: nil) { return (bytes, .asset(resolved)) }
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

    /// A file below the base directory, after resolving `..` and symlinks, and its path.
    private func readLocal(_ source: String, noun: String) -> ([UInt8], String)? {
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
        return readFile(resolved, source: source, noun: noun, missing: "not found").map { ($0, resolved) }
    }

    /// A regular file's bytes within the size limit; `missing` is the warning when there is no
    /// such file (nil: say nothing, the asset map only tries).
    private func readFile(_ resolved: String, source: String, noun: String, missing: String?) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            if let missing { warn("\(noun) \(Self.describe(source)) \(missing)") }
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
        var bytes = Array(uri.utf8)
        // A `#` starts the URL's fragment, which is not data (WebKit cuts an unescaped SVG
        // `fill='#f00'` there, and the image fails).
        if let fragment = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes.removeSubrange(fragment...) }
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
