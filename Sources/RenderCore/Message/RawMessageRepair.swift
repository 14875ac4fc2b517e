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

    /// The header blocks (the message's, and each part's after a boundary line), repaired as
    /// readers read them:
    /// - headers end at a line that is no header when no header follows it (a part whose
    ///   headers run into its body without a blank line: GMime drops such lines as "invalid
    ///   headers", and the body with them); a blank line is put before it. A stray line
    ///   between two headers is left for GMime to skip. An mbox `From ` line is no header
    ///   but starts a message: it is left as it is;
    /// - a line that is no header right after a field ending in `;` continues that field's
    ///   parameters (`name="a.zip"` without its indent): it is indented;
    /// - the first line of a block indented by mistake (` From: …`) is unindented;
    /// - a second Content-Type in one block is dropped: readers read the first (GMime the last);
    /// - a field longer than `maximumHeaderFieldBytes` is cut.
    /// The bytes are returned unchanged when nothing needs it.
    static func repairingHeaderBlocks(_ bytes: [UInt8]) -> (bytes: [UInt8], warnings: [String]) {
        let boundaries = Self.boundaries(in: bytes)
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        var warnings: [String] = []
        func warn(_ message: String) { if !warnings.contains(message) { warnings.append(message) } }
        var block = Block.message
        var blockStart = true  // no line of this block read yet
        var seenContentType = false
        var field: (start: Int, name: String, drop: Bool)?
        var fieldEndsWithSemicolon = false
        func endField(at end: Int) {
            guard let open = field else { return }
            field = nil
            if open.drop {
                edits.append((open.start..<end, []))
                return
            }
            // The field's own line end stays: it ends the cut field.
            var contentEnd = end
            if contentEnd > open.start, bytes[contentEnd - 1] == 0x0A { contentEnd -= 1 }
            if contentEnd > open.start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            guard contentEnd - open.start > maximumHeaderFieldBytes else { return }
            edits.append((open.start + maximumHeaderFieldBytes..<contentEnd, []))
            warn("a \(open.name) header is \(ResourceLimits.bytes(end - open.start)); only its first \(ResourceLimits.bytes(maximumHeaderFieldBytes)) are read")
        }
        func startField(at start: Int, _ line: ArraySlice<UInt8>) {
            let name = String(decoding: line.prefix { $0 != 0x3A && $0 != 0x20 && $0 != 0x09 }.prefix(40), as: UTF8.self)
            var drop = false
            if name.lowercased() == "content-type" {
                drop = seenContentType
                if drop { warn("a part has two Content-Type fields; the first is read") }
                seenContentType = true
            }
            field = (start, name, drop)
        }
        func content(_ start: Int) -> (line: ArraySlice<UInt8>, next: Int) {
            let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var end = newline
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            return (bytes[start..<end], newline + 1)
        }
        var lineStart = 0
        while lineStart < bytes.count {
            let (line, next) = content(lineStart)
            defer { lineStart = next }
            let inHeaders = block != .body
            let isFirst = blockStart
            blockStart = false
            if inHeaders, !line.isEmpty, line.first == 0x20 || line.first == 0x09 {
                if field == nil, isFirst, case let trimmed = line.drop(while: { $0 == 0x20 || $0 == 0x09 }), isHeaderLine(trimmed) {
                    edits.append((lineStart..<trimmed.startIndex, []))
                    startField(at: lineStart, trimmed)
                    fieldEndsWithSemicolon = trimmed.last == 0x3B
                } else if field != nil {
                    fieldEndsWithSemicolon = line.last == 0x3B
                }
                continue  // a folded line continues the field
            }
            if inHeaders, !line.isEmpty, isHeaderLine(line) {
                endField(at: lineStart)
                startField(at: lineStart, line)
                fieldEndsWithSemicolon = line.last == 0x3B
                continue
            }
            if inHeaders, !line.isEmpty, field != nil, fieldEndsWithSemicolon, line.contains(0x3D) {
                edits.append((lineStart..<lineStart, [0x20]))  // parameters continued without an indent
                fieldEndsWithSemicolon = line.last == 0x3B
                continue
            }
            endField(at: lineStart)
            if line.starts(with: [0x2D, 0x2D]), let end = closeDelimiterBeforeText(line, boundaries) {
                // RFC 2046 §5.1.1: the boundary need only begin the line; the text after a close
                // delimiter is epilogue (GMime reads the line as body): it goes to a line of its own.
                edits.append((end..<end, [0x0D, 0x0A]))
                block = .body
            } else if line.starts(with: [0x2D, 0x2D]), let kind = delimiter(line, boundaries) {
                block = kind == .open ? .part : .body
                blockStart = true
                seenContentType = false
            } else if line.isEmpty {
                block = .body
            } else if inHeaders, !(block == .message && isFirst && line.starts(with: Array("From ".utf8))) {
                // No header: the headers end here unless a header follows (a stray line).
                var after = next
                while after < bytes.count, case let (following, afterNext) = content(after), following.first == 0x20 || following.first == 0x09 {
                    after = afterNext
                }
                if after >= bytes.count || !isHeaderLine(content(after).line) {
                    edits.append((lineStart..<lineStart, [0x0D, 0x0A]))
                    if block == .message && !isFirst { warn("the message's headers end at a line that is no header; the rest is read as the body") }
                    block = .body
                }
            }
        }
        endField(at: min(lineStart, bytes.count))
        guard !edits.isEmpty else { return (bytes, warnings) }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previous = 0
        for edit in edits where edit.range.lowerBound >= previous {
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

    /// The end of `--boundary--` when text follows it on its line after a blank.
    private static func closeDelimiterBeforeText(_ line: ArraySlice<UInt8>, _ boundaries: Set<[UInt8]>) -> Int? {
        let rest = line.dropFirst(2)
        for boundary in boundaries where rest.starts(with: boundary + [0x2D, 0x2D]) {
            let end = rest.startIndex + boundary.count + 2
            if end < line.endIndex, line[end] == 0x20 || line[end] == 0x09, line[end...].contains(where: { $0 > 0x20 }) { return end }
        }
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
