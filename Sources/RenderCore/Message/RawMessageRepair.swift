import Foundation

/// Repairs to a message's raw bytes that GMime 3.2.13 needs to read real mail as readers do.
enum RawMessageRepair {
    /// A UTF-8 byte order mark (Windows editors write one) would become part of the first
    /// header's name, and that header would be lost.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Longest header field passed to GMime: its RFC 2047 decoder, which it runs on Subject
    /// and the address fields while parsing, is quadratic (a 1 MB subject of unclosed words
    /// took minutes). A longer field is cut there, with a warning.
    static let maximumHeaderFieldBytes = 64 * 1024

    /// The header blocks (the message's, and each part's after a boundary line), repaired:
    /// - a part whose headers are not followed by a blank line ends them at the first line
    ///   that is not a header, as readers (and RFC 5322's grammar) do; GMime drops such lines
    ///   as "invalid headers", so the body vanished. A blank line is put before that line;
    /// - a field longer than `maximumHeaderFieldBytes` is cut.
    /// The bytes are returned unchanged when nothing needs it.
    static func repairingHeaderBlocks(_ bytes: [UInt8]) -> (bytes: [UInt8], warnings: [String]) {
        let boundaries = Self.boundaries(in: bytes)
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        var warnings: [String] = []
        var block = Block.message
        var field: (start: Int, name: String)?
        func endField(at end: Int) {
            guard let open = field else { return }
            field = nil
            // The field's own line end stays: it ends the cut field.
            var contentEnd = end
            if contentEnd > open.start, bytes[contentEnd - 1] == 0x0A { contentEnd -= 1 }
            if contentEnd > open.start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            guard contentEnd - open.start > maximumHeaderFieldBytes else { return }
            edits.append((open.start + maximumHeaderFieldBytes..<contentEnd, []))
            let message = "a \(open.name) header is \(ResourceLimits.bytes(end - open.start)); only its first \(ResourceLimits.bytes(maximumHeaderFieldBytes)) are read"
            if !warnings.contains(message) { warnings.append(message) }
        }
        var lineStart = 0
        while lineStart < bytes.count {
            let newline = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            var contentEnd = newline
            if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let line = bytes[lineStart..<contentEnd]
            if block != .body, !line.isEmpty, line.first == 0x20 || line.first == 0x09 {
                // A folded line continues the field.
            } else if block != .body, !line.isEmpty, isHeaderLine(line) {
                endField(at: lineStart)
                field = (lineStart, String(decoding: line.prefix { $0 != 0x3A && $0 != 0x20 && $0 != 0x09 }.prefix(40), as: UTF8.self))
            } else {
                endField(at: lineStart)
                if line.starts(with: [0x2D, 0x2D]), let kind = delimiter(line, boundaries) {
                    block = kind == .open ? .part : .body
                } else if block == .part && !line.isEmpty {
                    edits.append((lineStart..<lineStart, [0x0D, 0x0A]))
                    block = .body
                } else if line.isEmpty {
                    block = .body
                }
                // A line that is no header in the message's own block: GMime skips it with a warning.
            }
            lineStart = newline + 1
        }
        endField(at: min(lineStart, bytes.count))
        guard !edits.isEmpty else { return (bytes, warnings) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previous = 0
        for edit in edits {
            out += bytes[previous..<edit.range.lowerBound]
            out += edit.replacement
            previous = edit.range.upperBound
        }
        return (out + bytes[previous...], warnings)
    }

    private enum Block { case message, part, body }

    /// A message GMime cannot read at all because its first line is no header (a stray line
    /// before the headers, or a fragment without headers): read as readers read it, a
    /// message without headers whose text is the body.
    static func asHeaderlessBody(_ bytes: [UInt8]) -> [UInt8] {
        [0x0D, 0x0A] + bytes
    }

    private enum Delimiter { case open, close }

    /// `--boundary` (a part follows) or `--boundary--` (the multipart ends), trailing blanks allowed.
    private static func delimiter(_ line: ArraySlice<UInt8>, _ boundaries: Set<[UInt8]>) -> Delimiter? {
        var text = Array(line.dropFirst(2))
        while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
        if boundaries.contains(text) { return .open }
        if text.count >= 2, text.suffix(2) == [0x2D, 0x2D], boundaries.contains(Array(text.dropLast(2))) { return .close }
        return nil
    }

    /// `Name:` with a name of printable ASCII (blanks before the colon allowed, as the
    /// obsolete syntax does).
    static func isHeaderLine(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index < line.endIndex, line[index] > 0x20, line[index] < 0x7F, line[index] != 0x3A { index += 1 }
        guard index > line.startIndex else { return false }
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        return index < line.endIndex && line[index] == 0x3A
    }

    /// Every `boundary=` parameter value in the message (at most a thousand).
    static func boundaries(in bytes: [UInt8]) -> Set<[UInt8]> {
        var result = Set<[UInt8]>()
        let key = Array("boundary".utf8)
        var index = 0
        while index + key.count < bytes.count, result.count < 1000 {
            guard let start = firstIndex(of: key, in: bytes, from: index) else { break }
            var cursor = start + key.count
            index = cursor
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == 0x3D else { continue }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            var value: [UInt8] = []
            if cursor < bytes.count, bytes[cursor] == 0x22 {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != 0x22, bytes[cursor] != 0x0A, value.count < 200 { value.append(bytes[cursor]); cursor += 1 }
            } else {
                while cursor < bytes.count, ![0x3B, 0x20, 0x09, 0x0D, 0x0A].contains(bytes[cursor]), value.count < 200 { value.append(bytes[cursor]); cursor += 1 }
            }
            while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
            if !value.isEmpty { result.insert(value) }
        }
        return result
    }

    /// Case-insensitive search for an ASCII lower-case key.
    private static func firstIndex(of key: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = key.first, bytes.count >= key.count else { return nil }
        var index = start
        while index + key.count <= bytes.count {
            if bytes[index] | 0x20 == first {
                var matches = true
                for offset in 1..<key.count where bytes[index + offset] | 0x20 != key[offset] { matches = false; break }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}
