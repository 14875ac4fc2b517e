import CCairo
import Foundation

/// A font file added to the fixed set for one use: its name in the file, and the private
/// family it is registered under.
public struct RegisteredFace: Sendable, Equatable {
    /// Unique per file bytes and character ranges, so one mail's fonts never stand for
    /// another's however they name them.
    public let privateFamily: String
    /// The family, weight (CSS scale) and style the file declares (what `--font-dir` uses).
    public let family: String
    public let weight: Int
    public let italic: Bool
    /// The width the file declares, as a `font-stretch` percentage (fontconfig counts widths so).
    public let stretch: Double
}

/// Adds web fonts and `--font-dir` fonts to a document's own font set (`FontSet.forWebFonts`),
/// each under a private family name. Files are written, content-addressed, to a folder the embedded config accepts
/// (it rejects every other file); pango and HarfBuzz open faces by path.
final class WebFontRegistry {
    static let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("snapshot-fonts-\(getuid())")

    /// The config snippet for web fonts: fontconfig may take files from `directory`, and a
    /// face asked for bolder or italic than it is drawn so, as browsers synthesise them:
    /// emboldened from 600 up on a face under 600, slanted by tan 14° (WebKit's oblique skew).
    /// Only private families match, so the fixed set draws as before.
    static var configXML: String {
        """
        <?xml version="1.0"?><fontconfig>
          <selectfont><acceptfont><glob>\(directory)/*</glob></acceptfont></selectfont>
          <match target="font">
            <test name="family" compare="contains"><string>snapshot-font-</string></test>
            <test name="weight" compare="less"><const>semibold</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>semibold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
          </match>
          <match target="font">
            <test name="family" compare="contains"><string>snapshot-font-</string></test>
            <test name="slant" compare="eq"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2493</double><double>0</double><double>1</double></matrix></times>
            </edit>
          </match>
        </fontconfig>
        """
    }

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private var registered: [String: RegisteredFace?] = [:]

    init(fontMap: UnsafeMutablePointer<PangoFontMap>) {
        self.fontMap = fontMap
    }

    /// Registers sfnt bytes (`SfntFile`) restricted to `ranges` (all characters when empty).
    /// Called with the font set held exclusively (layout).
    func register(_ sfnt: [UInt8], ranges: [ClosedRange<UInt32>]) -> RegisteredFace? {
        let key = FileDigest.sha256(of: Data(sfnt) + Data(ranges.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",").utf8))
        if let known = registered[key] { return known }
        let face = add(sfnt, key: key, ranges: ranges)
        registered[key] = face
        return face
    }

    private func add(_ sfnt: [UInt8], key: String, ranges: [ClosedRange<UInt32>]) -> RegisteredFace? {
        let path = (Self.directory as NSString).appendingPathComponent(key + ".otf")
        do {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            if !FileManager.default.fileExists(atPath: path) { try AtomicFile.write(Data(sfnt), to: path) }
        } catch {
            return nil
        }
        guard let config = pango_fc_font_map_get_config(OpaquePointer(fontMap)),
              FcConfigAppFontAddFile(config, path) != 0,
              let set = FcConfigGetFonts(config, FcSetApplication) else { return nil }
        let privateFamily = "snapshot-font-" + key.prefix(16)
        var face: RegisteredFace?
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index], string(pattern, FC_FILE) == path else { continue }
            let family = string(pattern, FC_FAMILY) ?? privateFamily
            var weight: Int32 = 80, slant: Int32 = 0, width: Int32 = 100
            FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
            FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
            FcPatternGetInteger(pattern, FC_WIDTH, 0, &width)
            FcPatternDel(pattern, FC_FAMILY)
            FcPatternDel(pattern, FC_FAMILYLANG)
            FcPatternDel(pattern, FC_FULLNAME)
            FcPatternDel(pattern, FC_POSTSCRIPT_NAME)
            FcPatternAddString(pattern, FC_FAMILY, privateFamily)
            if !ranges.isEmpty { restrict(pattern, to: ranges) }
            face = face ?? RegisteredFace(privateFamily: privateFamily, family: family,
                                          weight: Int(FcWeightToOpenType(weight)), italic: slant != 0, stretch: Double(width))
        }
        pango_fc_font_map_config_changed(OpaquePointer(fontMap))
        return face
    }

    /// `unicode-range`: the face claims only the characters it has within the ranges, so
    /// fontconfig (and pango's fallback) look elsewhere for the rest.
    private func restrict(_ pattern: OpaquePointer, to ranges: [ClosedRange<UInt32>]) {
        var original: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &original) == FcResultMatch, let original else { return }
        let restricted = FcCharSetCreate()
        // Page by page through the font's own characters (a range may be all of Unicode).
        var map = [FcChar32](repeating: 0, count: Int(FC_CHARSET_MAP_SIZE))
        var next: FcChar32 = 0
        var base = FcCharSetFirstPage(original, &map, &next)
        while base != FcChar32.max {  // FC_CHARSET_DONE
            for (word, bits) in map.enumerated() where bits != 0 {
                for bit in 0..<32 where bits & (1 << FcChar32(bit)) != 0 {
                    let character = base + FcChar32(word * 32 + bit)
                    if ranges.contains(where: { $0.contains(character) }) { FcCharSetAddChar(restricted, character) }
                }
            }
            base = FcCharSetNextPage(original, &map, &next)
        }
        FcPatternDel(pattern, FC_CHARSET)
        FcPatternAddCharSet(pattern, FC_CHARSET, restricted)
        FcCharSetDestroy(restricted)
    }

    private func string(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
