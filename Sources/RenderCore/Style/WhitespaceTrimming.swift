extension StringProtocol {
    /// The same result as Foundation's `trimmingCharacters(in: .whitespaces)` (tab, and the
    /// characters swift-corelibs-foundation counts as spaces: U+0020, U+00A0, U+1680,
    /// U+2000–U+200B, U+202F, U+205F, U+3000), without its bridging through NSString, which
    /// cost several thousand instructions a call: style values are trimmed per element.
    func trimmingWhitespaces() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, Self.isTrimmedWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, Self.isTrimmedWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        if start == scalars.startIndex && end == scalars.endIndex { return String(self) }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    private static func isTrimmedWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
