import Foundation

/// Where remote URLs are found on disk, so a team can commit the images its mails use and see
/// them in frames; nothing is ever fetched.
/// - `--assets DIR`: `https://host/path?query` is `DIR/host/path` (scheme, query and fragment
///   dropped, the host lowercased);
/// - `--assets-map FILE.json`: `{"https://cdn.example.com/img/": "folder"}`, the rest of the
///   URL after the longest matching prefix is a path inside the folder (folders relative to
///   the map file).
/// A file is read only if it lies inside its folder after `..` and symlinks are resolved.
public struct AssetMap: Sendable, Equatable {
    public struct Prefix: Sendable, Equatable {
        public let url: String
        public let folder: String
    }

    /// Folders laid out as `host/path`.
    public internal(set) var hostFolders: [String] = []
    /// URL prefixes, longest first.
    public internal(set) var prefixes: [Prefix] = []

    public init() {}

    public var isEmpty: Bool { hostFolders.isEmpty && prefixes.isEmpty }

    public mutating func addHostFolder(_ folder: String, context: String) throws {
        hostFolders.append(try Self.existingFolder(folder, context: context))
    }

    /// Reads a map file; every problem is a one-line `RenderError.input` naming the file.
    public mutating func addMap(file path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderError.input("cannot read assets map '\(path)'")
        }
        guard data.count <= 1 << 20 else { throw RenderError.input("assets map '\(path)' is larger than 1 MB") }
        guard let object = try? JSONSerialization.jsonObject(with: data), let entries = object as? [String: Any] else {
            throw RenderError.input("assets map '\(path)' is not a JSON object of URL prefixes and folders")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        for (prefix, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard let folder = value as? String else {
                throw RenderError.input("assets map '\(path)': the folder for '\(prefix)' is not a string")
            }
            guard let parts = RemoteURL(prefix), parts.path.hasPrefix("/") || parts.path.isEmpty else {
                throw RenderError.input("assets map '\(path)': '\(prefix)' is not an http(s) URL prefix")
            }
            let full = folder.hasPrefix("/") ? folder : (base as NSString).appendingPathComponent(folder)
            prefixes.append(Prefix(url: parts.normalised,
                                   folder: try Self.existingFolder(full, context: "assets map '\(path)': '\(prefix)'")))
        }
        prefixes.sort { $0.url.utf8.count > $1.url.utf8.count }
    }

    /// The file a remote URL stands for and the folder it must stay inside, in the order
    /// tried: prefixes first (the more specific), then host folders. Nil for non-remote URLs.
    func candidates(for source: String) -> [(file: String, folder: String)] {
        guard !isEmpty, let url = RemoteURL(source) else { return [] }
        var found: [(String, String)] = []
        let target = url.normalised
        if let prefix = prefixes.first(where: { target.hasPrefix($0.url) }) {
            let rest = String(target.dropFirst(prefix.url.utf8.count))
            if let relative = Self.decodedPath(rest) { found.append(((prefix.folder as NSString).appendingPathComponent(relative), prefix.folder)) }
        }
        if let relative = Self.decodedPath(url.host + url.path) {
            for folder in hostFolders { found.append(((folder as NSString).appendingPathComponent(relative), folder)) }
        }
        return found
    }

    /// A URL path percent-decoded; nil when nothing names a file (an empty path or a folder).
    private static func decodedPath(_ path: String) -> String? {
        let decoded = path.removingPercentEncoding ?? path
        guard !decoded.isEmpty, !decoded.hasSuffix("/"), !decoded.contains("\0") else { return nil }
        return decoded
    }

    private static func existingFolder(_ path: String, context: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderError.input("\(context): '\(path)' is not a folder")
        }
        return ImageStore.resolved(path)
    }
}

/// An `http:`, `https:` or scheme-relative (`//host/path`) URL, split as the asset map reads it.
struct RemoteURL {
    let host: String
    /// From the first `/` after the host, without query and fragment; may be empty.
    let path: String

    init?(_ source: String) {
        var rest = Substring(source)
        let lower = source.prefix(8).lowercased()
        if lower.hasPrefix("https://") { rest = rest.dropFirst(8) }
        else if lower.hasPrefix("http://") { rest = rest.dropFirst(7) }
        else if lower.hasPrefix("//") { rest = rest.dropFirst(2) }
        else { return nil }
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var host = rest[..<slash].lowercased()
        // user:password@ and the port do not name another place on disk.
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = String(host[..<colon]) }
        guard !host.isEmpty, !host.contains("/"), host != ".", host != ".." else { return nil }
        self.host = host
        path = String(rest[slash...])
    }

    /// Host and path, the way prefixes are compared.
    var normalised: String { "//" + host + path }
}
