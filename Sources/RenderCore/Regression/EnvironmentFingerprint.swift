import CCairo
import Foundation

/// What the rendering depends on besides the input: library versions, the font files' bytes
/// and the scale. Stored beside the goldens (`environment.json`) so a failing check can say
/// "the rendering environment changed" instead of blaming the mail.
public struct EnvironmentFingerprint: Codable, Equatable, Sendable {
    public var cairo: String
    public var pango: String
    public var harfbuzz: String
    public var freetype: String
    public var fontconfig: String
    /// Font file → SHA-256 of its bytes ("missing" when absent).
    public var fonts: [String: String]
    /// The device scales of the recorded frames.
    public var scales: [Double]

    public init(cairo: String, pango: String, harfbuzz: String, freetype: String, fontconfig: String,
                fonts: [String: String], scales: [Double]) {
        self.cairo = cairo; self.pango = pango; self.harfbuzz = harfbuzz; self.freetype = freetype
        self.fontconfig = fontconfig; self.fonts = fonts; self.scales = scales
    }

    /// This machine's fingerprint for frames at `scales`.
    /// `fontDirectories` (`--font-dir`) add the team's font files.
    public static func current(scales: [Double], fontDirectories: [String] = []) -> EnvironmentFingerprint {
        var fingerprint = machine
        fingerprint.scales = Array(Set(scales)).sorted()
        fingerprint.fonts.merge(TeamFonts.fingerprint(directories: Array(Set(fontDirectories)).sorted())) { machine, _ in machine }
        return fingerprint
    }

    /// Library versions and font hashes, computed once per process (hashing ~10 MB of fonts).
    private static let machine: EnvironmentFingerprint = {
        let fontconfigVersion = Int(FcGetVersion())
        var library: FT_Library?
        var freetype = "unknown"
        if FT_Init_FreeType(&library) == 0, let library {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            freetype = "\(major).\(minor).\(patch)"
            FT_Done_FreeType(library)
        }
        var fonts: [String: String] = [:]
        for path in FontSet.expectedFiles { fonts[path] = FileDigest.sha256(ofFile: path) ?? "missing" }
        return EnvironmentFingerprint(
            cairo: String(cString: cairo_version_string()),
            pango: String(cString: pango_version_string()),
            harfbuzz: String(cString: hb_version_string()),
            freetype: freetype,
            fontconfig: "\(fontconfigVersion / 10000).\(fontconfigVersion / 100 % 100).\(fontconfigVersion % 100)",
            fonts: fonts, scales: [])
    }()

    /// What changed from `recorded` to this fingerprint, one phrase per change.
    public func changes(since recorded: EnvironmentFingerprint) -> [String] {
        var changes: [String] = []
        for (name, old, new) in [("cairo", recorded.cairo, cairo), ("pango", recorded.pango, pango),
                                 ("harfbuzz", recorded.harfbuzz, harfbuzz), ("freetype", recorded.freetype, freetype),
                                 ("fontconfig", recorded.fontconfig, fontconfig)] where old != new {
            changes.append("\(name) \(old) → \(new)")
        }
        for path in Set(recorded.fonts.keys).union(fonts.keys).sorted() {
            let old = recorded.fonts[path] ?? "missing", new = fonts[path] ?? "missing"
            guard old != new else { continue }
            let file = (path as NSString).lastPathComponent
            if new == "missing" { changes.append("font \(file) is missing") }
            else if old == "missing" { changes.append("font \(file) was added") }
            else { changes.append("font \(file) changed (sha256 \(old.prefix(8))… → \(new.prefix(8))…)") }
        }
        let missingScales = scales.filter { !recorded.scales.contains($0) }
        if !missingScales.isEmpty, !recorded.scales.isEmpty {
            changes.append("scale \(missingScales.map(Scene.format).joined(separator: ", ")) was not recorded (goldens at \(recorded.scales.map(Scene.format).joined(separator: ", ")))")
        }
        return changes
    }

    public static func load(path: String) -> EnvironmentFingerprint? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(EnvironmentFingerprint.self, from: data)
    }

    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self) + Data("\n".utf8), to: path)
    }
}
