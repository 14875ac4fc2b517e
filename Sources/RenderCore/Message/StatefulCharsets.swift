import Foundation

// The 7-bit charsets that switch character sets with escapes, decoded by hand where glibc's
// iconv lacks them (HZ) or is stricter than mail readers (ISO-2022-JP). `MessageCharset`
// picks them by label or by their escapes.

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
