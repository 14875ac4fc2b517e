/// Byte ranges (UTF-8) of the characters text properties act on, for pango attributes.
enum CharacterRanges {
    /// The characters `word-spacing` widens (CSS Text §8.1: the space and the no-break space).
    static func wordSeparators(in text: String) -> [Range<Int>] {
        ranges(in: text, includingNext: false) { $0 == " " || $0 == "\u{00A0}" }
    }

    /// Each soft hyphen with the character after it: the break it offers falls between them.
    static func softHyphenBreaks(in text: String) -> [Range<Int>] {
        ranges(in: text, includingNext: true) { $0 == "\u{00AD}" }
    }

    private static func ranges(in text: String, includingNext: Bool, _ matches: (Unicode.Scalar) -> Bool) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        var open: Int?
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if let start = open {
                ranges.append(start..<(offset + length))
                open = nil
            }
            if matches(scalar) {
                if includingNext { open = offset } else { ranges.append(offset..<(offset + length)) }
            }
            offset += length
        }
        return ranges
    }
}
