/// A CSS token as defined by CSS Syntax Level 3 §4.
///
/// `range` is the token's span in UTF-8 bytes of the preprocessed source, so the parser can
/// recover the raw text of declaration values (comments are not tokens, so they drop out).
public struct CSSToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case ident(String)
        case function(String)          // name, without the "("
        case atKeyword(String)         // name, without the "@"
        case hash(String, isID: Bool)  // name, without the "#"
        case string(String)
        case badString
        case url(String)
        case badURL
        case delim(Unicode.Scalar)
        case number(Double, isInteger: Bool)
        case percentage(Double)
        // Boxed so the enum stays 16 bytes + tag: token arrays for 20 MB sheets are memory-bound.
        indirect case dimension(Double, unit: String)
        case whitespace
        case cdo                       // <!--
        case cdc                       // -->
        case colon, semicolon, comma
        case openSquare, closeSquare
        case openParen, closeParen
        case openCurly, closeCurly
    }

    public var kind: Kind
    // 32-bit offsets keep the token at 32 bytes; sources are capped at 4 GiB (see CSSPreprocessor).
    private var start: UInt32
    private var end: UInt32

    /// The token's span in UTF-8 bytes of the preprocessed source.
    public var range: Range<Int> {
        get { Int(start)..<Int(end) }
        set {
            start = UInt32(clamping: newValue.lowerBound)
            end = UInt32(clamping: newValue.upperBound)
        }
    }

    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.start = UInt32(clamping: range.lowerBound)
        self.end = UInt32(clamping: range.upperBound)
    }
}

public enum CSSTokenizer {
    /// Tokenizes `css`. Never fails: malformed input becomes bad-string / bad-url / delim tokens.
    public static func tokenize(_ css: String) -> [CSSToken] {
        var scanner = CSSScanner(CSSPreprocessor.preprocess(css))
        return scanner.run()
    }
}

/// Tokens together with the preprocessed UTF-8 source they index into,
/// plus the matching-close index of every block opener (so skipping a block is O(1)).
struct CSSTokenList: Sendable {
    let source: [UInt8]
    let tokens: [CSSToken]
    /// For a `{`, `[`, `(` or function token: index of its matching closing token,
    /// or `tokens.count` when the block runs to end of input. For other tokens: unused.
    let blockEnd: [Int]

    init(_ css: String) {
        source = CSSPreprocessor.preprocess(css)
        var scanner = CSSScanner(source)
        tokens = scanner.run()
        blockEnd = CSSTokenList.matchBlocks(tokens)
    }

    /// Index just past the component value starting at `index` (a whole block for openers).
    func componentEnd(_ index: Int) -> Int {
        if tokens[index].kind.opensBlock { return min(blockEnd[index] + 1, tokens.count) }
        return index + 1
    }

    /// The raw source text of `tokens[range]`, comments removed (they sit between tokens).
    /// A comment that separated two non-whitespace tokens becomes one space, so `1px/**/2px`
    /// still reads as two values rather than fusing into `1px2px`.
    func rawText(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        var bytes: [UInt8] = []
        var runStart = tokens[range.lowerBound].range.lowerBound
        var runEnd = runStart
        for index in range {
            let span = tokens[index].range
            if span.lowerBound != runEnd {   // a comment sat in between: flush the run
                bytes.append(contentsOf: source[runStart..<runEnd])
                if !tokens[index].kind.isWhitespace, !tokens[index - 1].kind.isWhitespace { bytes.append(0x20) }
                runStart = span.lowerBound
            }
            runEnd = span.upperBound
        }
        bytes.append(contentsOf: source[runStart..<runEnd])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One pass with a stack of expected closers. Per CSS Syntax, a mismatched closer inside
    /// a block is an ordinary token of that block, so only the expected closer pops.
    private static func matchBlocks(_ tokens: [CSSToken]) -> [Int] {
        var ends = [Int](repeating: tokens.count, count: tokens.count)
        var open: [(index: Int, closer: BlockBracket)] = []
        for index in tokens.indices {
            let role = BlockBracket.role(of: tokens[index].kind)
            if let opened = role.opens {
                open.append((index, opened))
            } else if let closed = role.closes, let top = open.last, top.closer == closed {
                ends[top.index] = index
                open.removeLast()
            }
        }
        return ends
    }
}

/// Bracket kinds, compared cheaply while matching blocks.
private enum BlockBracket {
    case paren, square, curly

    static func role(of kind: CSSToken.Kind) -> (opens: BlockBracket?, closes: BlockBracket?) {
        switch kind {
        case .openParen, .function: return (.paren, nil)
        case .openSquare: return (.square, nil)
        case .openCurly: return (.curly, nil)
        case .closeParen: return (nil, .paren)
        case .closeSquare: return (nil, .square)
        case .closeCurly: return (nil, .curly)
        default: return (nil, nil)
        }
    }
}

extension CSSToken.Kind {
    var opensBlock: Bool { closer != nil }

    /// The token that closes a block opened by this token.
    var closer: CSSToken.Kind? {
        switch self {
        case .openCurly: return .closeCurly
        case .openSquare: return .closeSquare
        case .openParen, .function: return .closeParen
        default: return nil
        }
    }

    var isWhitespace: Bool { self == .whitespace }
}

/// CSS Syntax §3.3: CR, CRLF and FF become LF; NUL becomes U+FFFD.
enum CSSPreprocessor {
    /// Token offsets are 32-bit, so anything beyond 4 GiB is dropped (no e-mail comes close).
    static let maximumLength = Int(UInt32.max)

    static func preprocess(_ css: String) -> [UInt8] {
        var bytes = Array(css.utf8)
        if bytes.count > maximumLength { bytes.removeSubrange(maximumLength...) }
        guard needsPreprocessing(bytes) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0D:
                out.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            case 0x0C:
                out.append(0x0A)
            case 0x00:
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default:
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    /// A plain loop: much faster than `contains(where:)` on 20 MB inputs.
    private static func needsPreprocessing(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer where byte <= 0x0D && (byte == 0x0D || byte == 0x0C || byte == 0x00) { return true }
            return false
        }
    }
}

// MARK: - Byte classes

private let newline: UInt8 = 0x0A
private let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

@inline(__always) private func isWhitespaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A }
@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
@inline(__always) private func isHexDigit(_ b: UInt8) -> Bool {
    isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
}
@inline(__always) private func hexValue(_ b: UInt8) -> UInt32 {
    if isDigit(b) { return UInt32(b - 0x30) }
    if b >= 0x61 { return UInt32(b - 0x61 + 10) }
    return UInt32(b - 0x41 + 10)
}
/// Ident-start code point: letter, "_" or any non-ASCII (every byte of a multi-byte sequence is >= 0x80).
@inline(__always) private func isIdentStart(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
}
@inline(__always) private func isIdentChar(_ b: UInt8) -> Bool { isIdentStart(b) || isDigit(b) || b == 0x2D }
@inline(__always) private func isNonPrintable(_ b: UInt8) -> Bool {
    b <= 0x08 || b == 0x0B || (b >= 0x0E && b <= 0x1F) || b == 0x7F
}

/// Decimal digits accumulated for the fast number path.
private struct Digits {
    var value: UInt64 = 0
    var count = 0   // significant digits seen (leading zeros excluded)

    mutating func scan(_ bytes: [UInt8], _ position: inout Int) {
        while position < bytes.count, isDigit(bytes[position]) {
            if count > 0 || bytes[position] != 0x30 { count += 1 }
            if count <= 19 { value = value &* 10 &+ UInt64(bytes[position] - 0x30) }
            position += 1
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { result, _ in result * 10 }
    }

    /// `value * 10^scale` when it is exactly representable and so correctly rounded
    /// (at most 15 digits and |scale| <= 22); otherwise nil, and the caller uses strtod.
    func exactDouble(scaledBy scale: Int) -> Double? {
        guard count <= 15, abs(scale) <= 22 else { return count == 0 ? 0 : nil }
        let base = Double(value)
        return scale >= 0 ? base * Digits.powersOfTen[scale] : base / Digits.powersOfTen[-scale]
    }
}

/// The tokenizer state machine, working on UTF-8 bytes for speed.
struct CSSScanner {
    let bytes: [UInt8]
    var position = 0
    /// Reused buffer for names/strings that contain escapes.
    var scratch: [UInt8] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    @inline(__always) func byte(at offset: Int) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func run() -> [CSSToken] {
        var tokens: [CSSToken] = []
        // Real style sheets average well under one token per two bytes; reserving avoids regrowth copies.
        tokens.reserveCapacity(bytes.count / 2 + 8)
        while position < bytes.count {
            let start = position
            if let kind = nextToken() {
                tokens.append(CSSToken(kind: kind, range: start..<position))
            }
        }
        return tokens
    }

    /// Consumes one token, or one comment (returning nil).
    mutating func nextToken() -> CSSToken.Kind? {
        let first = bytes[position]
        switch first {
        case 0x2F where byte(at: 1) == 0x2A:   // "/*"
            skipComment()
            return nil
        case 0x20, 0x09, 0x0A:
            while position < bytes.count, isWhitespaceByte(bytes[position]) { position += 1 }
            return .whitespace
        case 0x22, 0x27:
            position += 1
            return consumeString(ending: first)
        case 0x23:   // "#"
            if let next = byte(at: 1), isIdentChar(next) || isValidEscape(at: position + 1) {
                position += 1
                let isID = wouldStartIdentifier(at: position)
                return .hash(consumeName(), isID: isID)
            }
            position += 1
            return .delim("#")
        case 0x28: position += 1; return .openParen
        case 0x29: position += 1; return .closeParen
        case 0x5B: position += 1; return .openSquare
        case 0x5D: position += 1; return .closeSquare
        case 0x7B: position += 1; return .openCurly
        case 0x7D: position += 1; return .closeCurly
        case 0x2C: position += 1; return .comma
        case 0x3A: position += 1; return .colon
        case 0x3B: position += 1; return .semicolon
        case 0x2B, 0x2E:   // "+" "."
            if startsNumber(at: position) { return consumeNumeric() }
            position += 1
            return .delim(Unicode.Scalar(first))
        case 0x2D:   // "-"
            if startsNumber(at: position) { return consumeNumeric() }
            if byte(at: 1) == 0x2D, byte(at: 2) == 0x3E { position += 3; return .cdc }
            if wouldStartIdentifier(at: position) { return consumeIdentLike() }
            position += 1
            return .delim("-")
        case 0x3C:   // "<"
            if byte(at: 1) == 0x21, byte(at: 2) == 0x2D, byte(at: 3) == 0x2D { position += 4; return .cdo }
            position += 1
            return .delim("<")
        case 0x40:   // "@"
            if wouldStartIdentifier(at: position + 1) {
                position += 1
                return .atKeyword(consumeName())
            }
            position += 1
            return .delim("@")
        case 0x5C:   // "\"
            if isValidEscape(at: position) { return consumeIdentLike() }
            position += 1
            return .delim("\\")
        default:
            if isDigit(first) { return consumeNumeric() }
            if isIdentStart(first) { return consumeIdentLike() }
            position += 1
            return .delim(Unicode.Scalar(first))
        }
    }

    mutating func skipComment() {
        position += 2
        while position + 1 < bytes.count {
            if bytes[position] == 0x2A, bytes[position + 1] == 0x2F { position += 2; return }
            position += 1
        }
        position = bytes.count   // unterminated: the comment runs to end of input
    }

    // MARK: Checks (§4.3.8 – 4.3.10)

    func isValidEscape(at index: Int) -> Bool {
        guard index < bytes.count, bytes[index] == 0x5C else { return false }
        return index + 1 >= bytes.count || bytes[index + 1] != newline
    }

    func wouldStartIdentifier(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let first = bytes[index]
        if first == 0x2D {
            guard index + 1 < bytes.count else { return false }
            let second = bytes[index + 1]
            return isIdentStart(second) || second == 0x2D || isValidEscape(at: index + 1)
        }
        if isIdentStart(first) { return true }
        return isValidEscape(at: index)
    }

    func startsNumber(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let first = bytes[index]
        let second = index + 1 < bytes.count ? bytes[index + 1] : 0
        let third = index + 2 < bytes.count ? bytes[index + 2] : 0
        if first == 0x2B || first == 0x2D {
            return isDigit(second) || (second == 0x2E && isDigit(third))
        }
        if first == 0x2E { return isDigit(second) }
        return isDigit(first)
    }

    // MARK: Consumers

    /// Consumes an escape whose "\" is already consumed, appending its UTF-8 to `scratch`.
    mutating func consumeEscape() {
        guard position < bytes.count else { scratch.append(contentsOf: replacementCharacter); return }
        let first = bytes[position]
        if isHexDigit(first) {
            var value: UInt32 = 0
            var count = 0
            while count < 6, position < bytes.count, isHexDigit(bytes[position]) {
                value = value * 16 + hexValue(bytes[position])
                position += 1
                count += 1
            }
            if position < bytes.count, isWhitespaceByte(bytes[position]) { position += 1 }
            // Zero, surrogates and out-of-range values all become U+FFFD.
            let scalar: Unicode.Scalar = (value == 0 ? nil : Unicode.Scalar(value)) ?? "\u{FFFD}"
            UTF8.encode(scalar) { scratch.append($0) }
            return
        }
        // Any other code point stands for itself: copy its whole UTF-8 sequence.
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        let end = min(position + length, bytes.count)
        scratch.append(contentsOf: bytes[position..<end])
        position = end
    }

    mutating func consumeName() -> String {
        let start = position
        while position < bytes.count, isIdentChar(bytes[position]) { position += 1 }
        guard isValidEscape(at: position) else {
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
        // Slow path: the name contains escapes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<position])
        while position < bytes.count {
            if isIdentChar(bytes[position]) {
                scratch.append(bytes[position])
                position += 1
            } else if isValidEscape(at: position) {
                position += 1
                consumeEscape()
            } else {
                break
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    mutating func consumeString(ending quote: UInt8) -> CSSToken.Kind {
        scratch.removeAll(keepingCapacity: true)
        var runStart = position
        while position < bytes.count {
            let b = bytes[position]
            if b == quote {
                scratch.append(contentsOf: bytes[runStart..<position])
                position += 1
                return .string(String(decoding: scratch, as: UTF8.self))
            }
            if b == newline { return .badString }   // newline is not consumed
            if b == 0x5C {
                scratch.append(contentsOf: bytes[runStart..<position])
                position += 1
                if position < bytes.count {
                    if bytes[position] == newline { position += 1 }   // escaped newline: line continuation
                    else { consumeEscape() }
                }
                runStart = position
                continue
            }
            position += 1
        }
        scratch.append(contentsOf: bytes[runStart..<min(position, bytes.count)])
        return .string(String(decoding: scratch, as: UTF8.self))   // EOF: parse error, string kept
    }

    mutating func consumeNumeric() -> CSSToken.Kind {
        let (value, isInteger) = consumeNumber()
        if wouldStartIdentifier(at: position) {
            return .dimension(value, unit: consumeName())
        }
        if position < bytes.count, bytes[position] == 0x25 {
            position += 1
            return .percentage(value)
        }
        return .number(value, isInteger: isInteger)
    }

    mutating func consumeNumber() -> (Double, Bool) {
        let start = position
        var isInteger = true
        var negative = false
        if bytes[position] == 0x2B || bytes[position] == 0x2D {
            negative = bytes[position] == 0x2D
            position += 1
        }
        var mantissa = Digits()
        mantissa.scan(bytes, &position)
        var fractionDigits = 0
        if position + 1 < bytes.count, bytes[position] == 0x2E, isDigit(bytes[position + 1]) {
            isInteger = false
            position += 1
            let before = position
            mantissa.scan(bytes, &position)
            fractionDigits = position - before
        }
        var exponent = 0
        if position + 1 < bytes.count, bytes[position] == 0x45 || bytes[position] == 0x65 {
            let next = bytes[position + 1]
            let afterSign = position + 2 < bytes.count ? bytes[position + 2] : 0
            if isDigit(next) || ((next == 0x2B || next == 0x2D) && isDigit(afterSign)) {
                isInteger = false
                position += 1
                let exponentNegative = bytes[position] == 0x2D
                if !isDigit(bytes[position]) { position += 1 }
                var exponentDigits = Digits()
                exponentDigits.scan(bytes, &position)
                exponent = (exponentNegative ? -1 : 1) * Int(min(exponentDigits.value, 100_000))
                if exponentDigits.count > 6 { exponent = exponentNegative ? -100_000 : 100_000 }
            }
        }
        let value = mantissa.exactDouble(scaledBy: exponent - fractionDigits)
            ?? Double(String(decoding: bytes[start..<position], as: UTF8.self)).map(abs) ?? 0   // the sign comes below
        // Keep values finite so later arithmetic cannot produce NaN from inf - inf.
        let finite = min(value, Double.greatestFiniteMagnitude)
        return (negative && value != 0 ? -finite : finite, isInteger)
    }

    mutating func consumeIdentLike() -> CSSToken.Kind {
        let name = consumeName()
        guard position < bytes.count, bytes[position] == 0x28 else { return .ident(name) }
        position += 1
        guard name.count == 3, name.lowercased() == "url" else { return .function(name) }
        let afterParen = position
        while position < bytes.count, isWhitespaceByte(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == 0x22 || bytes[position] == 0x27 {
            position = afterParen   // url("...") is an ordinary function holding a string
            return .function(name)
        }
        return consumeURL()
    }

    /// §4.3.6, with leading whitespace already consumed.
    mutating func consumeURL() -> CSSToken.Kind {
        scratch.removeAll(keepingCapacity: true)
        while position < bytes.count {
            let b = bytes[position]
            if b == 0x29 {
                position += 1
                return .url(String(decoding: scratch, as: UTF8.self))
            }
            if isWhitespaceByte(b) {
                while position < bytes.count, isWhitespaceByte(bytes[position]) { position += 1 }
                if position >= bytes.count { break }
                if bytes[position] == 0x29 { continue }
                consumeBadURLRemnants()
                return .badURL
            }
            if b == 0x22 || b == 0x27 || b == 0x28 || isNonPrintable(b) {
                consumeBadURLRemnants()
                return .badURL
            }
            if b == 0x5C {
                guard isValidEscape(at: position) else {
                    consumeBadURLRemnants()
                    return .badURL
                }
                position += 1
                consumeEscape()
                continue
            }
            scratch.append(b)
            position += 1
        }
        return .url(String(decoding: scratch, as: UTF8.self))   // EOF: parse error, url kept
    }

    mutating func consumeBadURLRemnants() {
        while position < bytes.count {
            if bytes[position] == 0x29 { position += 1; return }
            if isValidEscape(at: position) {
                position += 1
                consumeEscape()   // appends to scratch, which a bad-url token discards
                continue
            }
            position += 1
        }
    }
}
