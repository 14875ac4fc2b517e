import Foundation

/// A team's own fonts (`--font-dir`, the suite's `fontDir`): every TTF, OTF, WOFF and WOFF2
/// file of a folder, usable from the mail's CSS and the header fragment by the family names
/// the files declare.
public enum TeamFonts {
    static let extensions: Set<String> = ["ttf", "otf", "woff", "woff2"]

    /// The folder's font files, sorted (so registration and the fingerprint are the same on
    /// every run); a folder that is missing or holds none is an input error naming `context`.
    public static func files(in directory: String, context: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderError.input("\(context) '\(directory)' is not a folder")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let fonts = names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        guard !fonts.isEmpty else { throw RenderError.input("\(context) '\(directory)' holds no .ttf, .otf, .woff or .woff2 file") }
        return fonts.map { (directory as NSString).appendingPathComponent($0) }
    }

    /// The folder's fonts as sfnt bytes, each checked; a file that is not a font is an input error.
    static func load(directory: String) throws -> [TeamFont] {
        try files(in: directory, context: "font folder").map { path in
            guard let data = FileManager.default.contents(atPath: path), let sfnt = SfntFile.sfnt(from: [UInt8](data)) else {
                throw RenderError.input("font file '\(path)' is not a TTF, OTF, WOFF or WOFF2 font")
            }
            return TeamFont(sfnt: sfnt)
        }
    }

    /// Fingerprint entries: `--font-dir/NAME` → SHA-256, named by file so goldens recorded
    /// from another checkout's folder compare equal.
    public static func fingerprint(directories: [String]) -> [String: String] {
        var entries: [String: String] = [:]
        for directory in directories {
            for path in (try? files(in: directory, context: "font folder")) ?? [] {
                entries["--font-dir/" + (path as NSString).lastPathComponent] = FileDigest.sha256(ofFile: path) ?? "missing"
            }
        }
        return entries
    }
}

/// One `--font-dir` font, decoded (`SfntFile`); each document registers it in its own set.
public struct TeamFont: Sendable {
    let sfnt: [UInt8]
}
