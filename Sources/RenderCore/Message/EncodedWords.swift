import Foundation

/// RFC 2047 encoded words (`=?charset?B|Q?payload?=`) decoded as mail readers decode them, from
/// a header's raw bytes. We decode them ourselves because GMime 3.2.13 gets real mail wrong:
/// it joins the base64 payloads of adjacent words before decoding, so a word ending in `=`
/// padding ends the text ("MySurvey" for a subject split in three words), and it reads raw
/// 8-bit bytes inside a word in the wrong charset.
///
/// Rules (RFC 2047 §6.2, with the leniency readers have):
/// - white space between two encoded words is dropped; anywhere else it is kept;
/// - each word's payload is decoded to bytes on its own; the bytes of consecutive words in the
///   same charset are joined before conversion, so a character split across words survives;
///   a base64 payload cut mid-quantum (no padding) is joined with the next word's payload;
/// - raw 8-bit bytes inside a Q word are kept as bytes of the word's charset;
/// - bytes are converted as bodies are (`MessageCharset`): a Western label on valid UTF-8 is
///   read as UTF-8, an unknown or wrong charset falls back to UTF-8, then windows-1252;
/// - `=?charset*lang?…?=` (RFC 2231 §5) drops the language;
/// - text outside encoded words is UTF-8 when valid, ISO-2022-JP when it holds its escapes
///   (Japanese mailers send it unencoded), else windows-1252.
enum EncodedWords {
    /// Header bytes as one line: CR and LF removed (a folded line keeps its leading blank).
    static func unfold(_ bytes: [UInt8]) -> [UInt8] {
        bytes.filter { $0 != 0x0D && $0 != 0x0A }
    }

    /// Decodes an unstructured header value (`Subject`), or a display name's words. `hint`:
    /// the charset raw 8-bit text that is not UTF-8 is read in (the message body's, as
    /// readers guess it), before windows-1252.
    static func decode(_ raw: [UInt8], hint: String? = nil) -> String {
        var pieces: [Piece] = []
        var index = 0
        var textStart = 0
        let marks = Marks(raw)
        while index < raw.count {
            if raw[index] == 0x3D, index + 1 < raw.count, raw[index + 1] == 0x3F, let word = EncodedWord(raw, at: index, marks: marks) {
                if textStart < index { pieces.append(.text(Array(raw[textStart..<index]))) }
                pieces.append(.word(word))
                index = word.end
                textStart = index
            } else {
                index += 1
            }
        }
        if textStart < raw.count { pieces.append(.text(Array(raw[textStart...]))) }
        return render(dropBlanksBetweenWords(pieces), hint: hint)
    }

    private enum Piece {
        case text([UInt8])
        case word(EncodedWord)
    }

    private static func dropBlanksBetweenWords(_ pieces: [Piece]) -> [Piece] {
        var result: [Piece] = []
        for (position, piece) in pieces.enumerated() {
            if case .text(let bytes) = piece, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
               position > 0, position + 1 < pieces.count,
               case .word = pieces[position - 1], case .word = pieces[position + 1] {
                continue
            }
            result.append(piece)
        }
        return result
    }

    /// Consecutive words in one charset are converted together.
    private static func render(_ pieces: [Piece], hint: String?) -> String {
        var out = ""
        var run: [EncodedWord] = []
        func flush() {
            guard let charset = run.first?.charset else { return }
            out += convert(decodePayloads(run), charset: charset)
            run.removeAll()
        }
        for piece in pieces {
            switch piece {
            case .text(let bytes):
                flush()
                out += plainText(bytes, hint: hint)
            case .word(let word):
                if let last = run.last, last.charset != word.charset { flush() }
                run.append(word)
            }
        }
        flush()
        return out
    }

    private static func decodePayloads(_ words: [EncodedWord]) -> [UInt8] {
        var bytes: [UInt8] = []
        var pendingBase64: [UInt8] = []
        for word in words {
            if word.isBase64 {
                pendingBase64 += word.payload.filter { $0 != 0x3D }
                // A whole payload (or one with padding) stands alone; a cut one waits for the next.
                if word.payload.count % 4 == 0 || word.payload.last == 0x3D {
                    bytes += base64(pendingBase64)
                    pendingBase64.removeAll()
                }
            } else {
                bytes += base64(pendingBase64)
                pendingBase64.removeAll()
                bytes += quotedPrintable(word.payload)
            }
        }
        return bytes + base64(pendingBase64)
    }

    static func convert(_ bytes: [UInt8], charset: String) -> String {
        MessageCharset.decode(bytes, declared: charset, isHTML: false).text
    }

    /// Text outside encoded words: UTF-8 when it is (RFC 6532), else the hint's charset when
    /// the bytes read in it, else the undeclared guess.
    static func plainText(_ bytes: [UInt8], hint: String? = nil) -> String {
        if let hint, bytes.contains(where: { $0 >= 0x80 }), String(validatingUTF8Bytes: bytes) == nil,
           !MessageCharset.westernSingleByte.contains(hint), let converter = MessageCharset.iconvName(hint),
           let text = MessageCharset.convert(bytes, from: converter) {
            return text
        }
        return MessageCharset.decode(bytes, declared: nil, isHTML: false).text
    }

    /// Base64 without padding, ignoring bytes outside the alphabet; a trailing partial
    /// quantum gives the whole bytes it holds.
    static func base64(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in payload {
            let value: UInt8
            switch byte {
            case 0x41...0x5A: value = byte - 0x41
            case 0x61...0x7A: value = byte - 0x61 + 26
            case 0x30...0x39: value = byte - 0x30 + 52
            case 0x2B, 0x2D: value = 62  // '+' (and '-' of the URL alphabet, which mailers use)
            case 0x2F, 0x5F: value = 63  // '/' (and '_')
            default: continue
            }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }

    /// RFC 2047 §4.2 Q: `_` is a space, `=XX` a byte; anything else (even raw 8-bit) as is.
    static func quotedPrintable(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < payload.count {
            let byte = payload[index]
            if byte == 0x5F {
                out.append(0x20)
            } else if byte == 0x3D, index + 2 < payload.count, let high = hexValue(payload[index + 1]), let low = hexValue(payload[index + 2]) {
                out.append(high << 4 | low)
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}

/// Where `?=` and blanks are in a header, found once, so that looking for a word's end is a
/// binary search: a header full of `=?` that never close stays linear.
struct Marks {
    let closes: [Int]
    let blanks: [Int]

    init(_ raw: [UInt8]) {
        var closes: [Int] = [], blanks: [Int] = []
        for index in raw.indices {
            if raw[index] == 0x3F, index + 1 < raw.count, raw[index + 1] == 0x3D { closes.append(index) }
            if raw[index] == 0x20 || raw[index] == 0x09 { blanks.append(index) }
        }
        self.closes = closes
        self.blanks = blanks
    }

    /// The first position in `positions` at or after `index`.
    static func first(in positions: [Int], atOrAfter index: Int) -> Int? {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < positions.count ? positions[low] : nil
    }
}

/// One `=?charset?encoding?payload?=` found in raw header bytes.
struct EncodedWord {
    let charset: String
    let isBase64: Bool
    let payload: [UInt8]
    /// Index just past the closing `?=`.
    let end: Int

    /// Longest word looked for: RFC 2047 says 75 characters; real mailers write longer ones.
    static let maximumLength = 4096
    static let maximumCharsetLength = 64

    init?(_ raw: [UInt8], at start: Int, marks: Marks) {
        // =? charset ? B|Q ? payload ?=
        var index = start + 2
        let charsetStart = index
        while index < raw.count, raw[index] != 0x3F {
            let byte = raw[index]
            guard byte > 0x20, byte < 0x7F, index - charsetStart < Self.maximumCharsetLength else { return nil }
            index += 1
        }
        guard index + 2 < raw.count, index > charsetStart, raw[index + 2] == 0x3F else { return nil }
        let encoding = raw[index + 1] | 0x20
        guard encoding == 0x62 || encoding == 0x71 else { return nil }
        var charset = String(decoding: raw[charsetStart..<index], as: UTF8.self).lowercased()
        if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) }
        let payloadStart = index + 3
        // The payload ends at the next `?=`; a word holds no blank (RFC 2047 §5).
        guard let close = Marks.first(in: marks.closes, atOrAfter: payloadStart), close - start <= Self.maximumLength else { return nil }
        if let blank = Marks.first(in: marks.blanks, atOrAfter: payloadStart), blank < close { return nil }
        self.charset = charset
        isBase64 = encoding == 0x62
        payload = Array(raw[payloadStart..<close])
        end = close + 2
    }
}
