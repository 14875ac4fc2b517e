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

/// HZ (RFC 1843), the 7-bit Chinese mail encoding glibc's iconv lacks: `~{` enters GB2312
/// mode, where each pair of bytes is a GB2312 character with its high bits cleared; `~}`
/// leaves it; `~~` is a tilde and `~` before a line end joins the lines.
enum HZ {
    static func decode(_ bytes: [UInt8]) -> String? {
        var out = ""
        var gb: [UInt8] = []
        var ascii: [UInt8] = []
        var inGB = false
        var index = 0
        func flushASCII() { out += String(decoding: ascii, as: UTF8.self); ascii.removeAll() }
        func flushGB() -> Bool {
            defer { gb.removeAll() }
            guard let text = MessageCharset.convert(gb, from: "GB18030") else { return false }
            out += text
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x7E, index + 1 < bytes.count {
                let next = bytes[index + 1]
                if !inGB && next == 0x7B { flushASCII(); inGB = true; index += 2; continue }
                if inGB && next == 0x7D { guard flushGB() else { return nil }; inGB = false; index += 2; continue }
                if !inGB && next == 0x7E { ascii.append(0x7E); index += 2; continue }
                if !inGB && next == 0x0A { index += 2; continue }
            }
            if inGB {
                if byte == 0x0A || byte == 0x0D {  // a line end closes GB mode (RFC 1843)
                    guard flushGB() else { return nil }
                    inGB = false
                    ascii.append(byte)
                } else {
                    gb.append(byte | 0x80)
                }
            } else {
                guard byte < 0x80 else { return nil }
                ascii.append(byte)
            }
            index += 1
        }
        if inGB { guard flushGB() else { return nil } }
        flushASCII()
        return out
    }
}

/// ISO-2022-JP as mail readers decode it: the Microsoft superset (CP50220/CP50221) that
/// Outlook writes, with NEC's row 13 (①, №, ㈱) and the IBM extensions, which glibc's strict
/// ISO-2022-JP refuses. Each JIS X 0208 pair is moved to its Shift_JIS code and the run read
/// as CP932; half-width katakana (ESC ( I, or SO … SI) likewise. An escape is never shown:
/// what cannot be read becomes U+FFFD.
enum ISO2022JP {
    static let labels: Set<String> = ["iso-2022-jp", "csiso2022jp", "iso-2022-jp-1", "iso-2022-jp-ms", "cp50220", "cp50221", "cp50222"]

    private enum Mode { case ascii, jis0208, katakana, jis0212 }

    static func decode(_ bytes: [UInt8]) -> String {
        var out = ""
        var sjis: [UInt8] = []
        func unreadable() {
            out += readCP932(sjis)
            sjis.removeAll()
            out += "\u{FFFD}"
        }
        var mode = Mode.ascii
        var shifted = false  // SO … SI: katakana
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                let rest = bytes[(index + 1)...].prefix(3)
                if rest.starts(with: [0x24, 0x40]) || rest.starts(with: [0x24, 0x42]) { mode = .jis0208; index += 3; continue }
                if rest.starts(with: [0x24, 0x28, 0x44]) { mode = .jis0212; index += 4; continue }
                if rest.starts(with: [0x28, 0x49]) { mode = .katakana; index += 3; continue }
                if rest.starts(with: [0x28, 0x42]) || rest.starts(with: [0x28, 0x4A]) || rest.starts(with: [0x28, 0x48]) {
                    mode = .ascii; index += 3; continue
                }
                unreadable()  // an escape we do not know: never shown raw
                index += 1
                continue
            }
            if byte == 0x0E { shifted = true; index += 1; continue }
            if byte == 0x0F { shifted = false; index += 1; continue }
            if byte == 0x0A || byte == 0x0D { mode = .ascii; shifted = false; sjis.append(byte); index += 1; continue }
            if shifted || mode == .katakana, (0x21...0x5F).contains(byte) { sjis.append(byte + 0x80); index += 1; continue }
            switch mode {
            case .ascii, .katakana:
                sjis.append(byte < 0x80 ? byte : 0x3F)
                index += 1
            case .jis0208, .jis0212:
                guard index + 1 < bytes.count, (0x21...0x7E).contains(byte), (0x21...0x7E).contains(bytes[index + 1]) else {
                    sjis.append(byte < 0x80 ? byte : 0x3F)
                    index += 1
                    continue
                }
                if mode == .jis0212 { unreadable() } else { sjis += shiftJIS(byte, bytes[index + 1]) }
                index += 2
            }
        }
        return out + readCP932(sjis)
    }

    /// JIS X 0208 row/cell bytes to Shift_JIS.
    static func shiftJIS(_ j1: UInt8, _ j2: UInt8) -> [UInt8] {
        let s1 = (j1 + 1) / 2 + (j1 <= 0x5E ? 0x70 : 0xB0)
        let s2: UInt8
        if j1 % 2 == 1 { s2 = j2 + (j2 >= 0x60 ? 0x20 : 0x1F) } else { s2 = j2 + 0x7E }
        return [s1, s2]
    }

    /// CP932 text; a pair iconv refuses becomes U+FFFD on its own.
    private static func readCP932(_ bytes: [UInt8]) -> String {
        if let text = MessageCharset.convert(bytes, from: "CP932") { return text }
        var out = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let width = (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte) ? 2 : 1
            let end = min(bytes.count, index + width)
            out += MessageCharset.convert(Array(bytes[index..<end]), from: "CP932") ?? "\u{FFFD}"
            index = end
        }
        return out
    }
}
