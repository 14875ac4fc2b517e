import CGMime
import Foundation

/// Turns a body part's bytes into text: the charset the MIME header declares, else the one
/// an HTML `<meta>` declares, else GMime's best guess (UTF-8 first, then windows-1252) with a
/// warning. Conversion goes through iconv (glib's `g_convert`) with GMime's charset aliases.
enum MessageCharset {
    struct Decoded {
        var text: String
        /// The charset the text was read as (lowercased), for tests and warnings.
        var charset: String
        var warning: String?
    }

    static func decode(_ bytes: [UInt8], declared: String?, isHTML: Bool) -> Decoded {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a UTF-8 byte order mark wins
        let isASCII = !bytes.contains { $0 >= 0x80 }
        let declaredName = declared.map(clean).flatMap { $0.isEmpty ? nil : $0 }
        let metaName = isHTML && declaredName == nil ? metaCharset(bytes) : nil
        guard let name = declaredName ?? metaName else {
            // Undeclared 7-bit Japanese (headers and bodies from Japanese mailers): its escapes name it.
            if isASCII, hasISO2022JPEscapes(bytes) {
                return Decoded(text: ISO2022JP.decode(bytes), charset: "iso-2022-jp")
            }
            if isASCII { return Decoded(text: String(decoding: bytes, as: UTF8.self), charset: "us-ascii") }
            return guess(bytes, because: "the body declares no charset")
        }
        let source = declaredName != nil ? "declared" : "declared in its <meta>"
        if isASCII && isASCIICompatible(name) {
            return Decoded(text: String(decoding: bytes, as: UTF8.self), charset: name)
        }
        // Text labelled with a single-byte Western charset that is valid, non-ASCII UTF-8 is
        // UTF-8 mislabelled (the reverse reading would be mojibake).
        if Self.westernSingleByte.contains(name), String(validatingUTF8Bytes: bytes) != nil {
            return Decoded(text: String(decoding: bytes, as: UTF8.self), charset: "utf-8",
                           warning: "the body is \(source) \(name) but is valid UTF-8; read as UTF-8")
        }
        if name == "utf-8" || name == "utf8" {
            if let text = String(validatingUTF8Bytes: bytes) { return Decoded(text: text, charset: "utf-8") }
            return guess(bytes, because: "the body is \(source) UTF-8 but is not valid UTF-8")
        }
        if ISO2022JP.labels.contains(name) {
            return Decoded(text: ISO2022JP.decode(bytes), charset: name)
        }
        if name == "hz-gb-2312" || name == "hz" {
            if let text = HZ.decode(bytes) { return Decoded(text: text, charset: name) }
            return guess(bytes, because: "the body is not valid \(name)")
        }
        guard let converter = iconvName(name) else {
            return guess(bytes, because: "the body's charset '\(name)' is unknown")
        }
        if let text = convert(bytes, from: converter) { return Decoded(text: text, charset: name) }
        return guess(bytes, because: "the body is not valid \(name)")
    }

    /// UTF-8 when the bytes are valid UTF-8, or mostly so (a stray bad byte among real UTF-8
    /// characters becomes U+FFFD, as browsers show it, rather than turning every character
    /// into windows-1252 mojibake); else GMime's 8-bit decoding with the fallback charsets
    /// (which, past UTF-8, is windows-1252).
    private static func guess(_ bytes: [UInt8], because reason: String) -> Decoded {
        if let text = String(validatingUTF8Bytes: bytes) {
            return Decoded(text: text, charset: "utf-8", warning: "\(reason); read as UTF-8")
        }
        let (valid, invalid) = utf8Counts(bytes)
        if valid > 0, invalid <= valid {
            return Decoded(text: String(decoding: bytes, as: UTF8.self), charset: "utf-8",
                           warning: "\(reason); read as UTF-8, \(invalid) invalid byte sequence\(invalid == 1 ? "" : "s") shown as \u{FFFD}")
        }
        return Decoded(text: MimeEntity.decodeUnknown8Bit(bytes), charset: "windows-1252",
                       warning: "\(reason); read as windows-1252 (GMime's best guess)")
    }

    /// Valid multi-byte UTF-8 characters and invalid sequences in the bytes.
    static func utf8Counts(_ bytes: [UInt8]) -> (valid: Int, invalid: Int) {
        var valid = 0, invalid = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar.value >= 0x80 { valid += 1 }
            case .error: invalid += 1
            case .emptyInput: break loop
            }
        }
        return (valid, invalid)
    }

    static let westernSingleByte: Set<String> = ["us-ascii", "ascii", "iso-8859-1", "latin1", "iso-8859-15", "windows-1252", "cp1252"]

    /// Labels as mail readers (and the WHATWG Encoding Standard) read them: the common
    /// supersets, so a GB2312 label still reads GBK text and Shift_JIS reads Windows-31J.
    static let supersets: [String: String] = [
        "us-ascii": "WINDOWS-1252", "ascii": "WINDOWS-1252", "iso-8859-1": "WINDOWS-1252", "latin1": "WINDOWS-1252",
        "iso-8859-9": "WINDOWS-1254", "tis-620": "WINDOWS-874", "iso-8859-11": "WINDOWS-874",
        "gb2312": "GB18030", "gbk": "GB18030", "x-gbk": "GB18030", "gb_2312-80": "GB18030", "euc-cn": "GB18030",
        "shift_jis": "CP932", "shift-jis": "CP932", "sjis": "CP932", "x-sjis": "CP932", "windows-31j": "CP932", "ms_kanji": "CP932",
        "euc-kr": "CP949", "ks_c_5601-1987": "CP949", "ks_c_5601": "CP949",
        "big5": "BIG5-HKSCS",
    ]

    static func iconvName(_ name: String) -> String? {
        if let superset = supersets[name] { return superset }
        GMime.ensureInitialised()
        let mapped = GMime.string(g_mime_charset_iconv_name(name)) ?? name
        // Only names iconv opens.
        let descriptor = g_mime_iconv_open("UTF-8", mapped)
        guard let descriptor, descriptor != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        g_mime_iconv_close(descriptor)
        return mapped
    }

    /// Strict conversion: nil on any invalid or incomplete sequence.
    static func convert(_ bytes: [UInt8], from charset: String) -> String? {
        guard !bytes.isEmpty else { return "" }
        var written: gsize = 0
        let result = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                g_convert(chars.baseAddress, gssize(chars.count), "UTF-8", charset, nil, &written, nil)
            }
        }
        guard let result else { return nil }
        defer { g_free(result) }
        return String(decoding: UnsafeRawBufferPointer(start: result, count: Int(written)), as: UTF8.self)
    }

    /// `<meta charset="…">` or `<meta http-equiv="Content-Type" content="…; charset=…">` in
    /// the first 64 KB (mail HTML often puts a long `<style>` before its metas).
    static func metaCharset(_ bytes: [UInt8]) -> String? {
        let prefix = String(decoding: bytes.prefix(64 * 1024).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self)
        var searchStart = prefix.startIndex
        while let meta = prefix.range(of: "<meta", options: .caseInsensitive, range: searchStart..<prefix.endIndex) {
            guard let end = prefix[meta.upperBound...].firstIndex(of: ">") else { break }
            let tag = prefix[meta.upperBound..<end].lowercased()
            searchStart = end
            guard let charset = tag.range(of: "charset") else { continue }
            var rest = tag[charset.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\t" }
            let name = rest.prefix { $0.isLetter || $0.isNumber || "-_.:".contains($0) }
            if !name.isEmpty { return clean(String(name)) }
        }
        return nil
    }

    private static func clean(_ name: String) -> String {
        name.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'")).lowercased()
    }

    /// Whether 7-bit bytes in this charset read as ASCII. Not so for the wide encodings, nor
    /// for the 7-bit ones that switch character sets with escapes or shifts (ISO-2022-JP/-KR/-CN,
    /// HZ, UTF-7): their ASCII bytes spell other characters.
    static func isASCIICompatible(_ name: String) -> Bool {
        let stateful = ["utf-16", "utf-32", "ucs", "utf-7", "iso-2022", "iso2022", "csiso2022", "hz"]
        return !stateful.contains { name.hasPrefix($0) }
    }

    /// ESC $ @, ESC $ B (JIS X 0208) or ESC $ ( D / ESC $ A… : the designations ISO-2022-JP text opens with.
    static func hasISO2022JPEscapes(_ bytes: [UInt8]) -> Bool {
        var index = bytes.startIndex
        while let escape = bytes[index...].firstIndex(of: 0x1B) {
            if escape + 2 < bytes.endIndex, bytes[escape + 1] == 0x24, [0x40, 0x42, 0x28].contains(bytes[escape + 2]) { return true }
            index = escape + 1
        }
        return false
    }
}

extension String {
    /// The bytes as UTF-8, or nil when they are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self = text
    }
}
