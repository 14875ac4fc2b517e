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

    /// Spaces that follow a character beyond ASCII: pango would draw them in that character's
    /// font (a fallback font), where browsers take them from the first font that has a space.
    static func spacesAfterNonASCII(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if scalar == " " || scalar == "\u{00A0}" {
                if !previous.isASCII { ranges.append(offset..<(offset + length)) }
            } else {
                previous = scalar
            }
            offset += length
        }
        return ranges
    }

    /// Runs of Han ideographs (unified, extensions and compatibility), each run one range.
    static func hanRuns(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if isHan(scalar) {
                if let last = ranges.last, last.upperBound == offset {
                    ranges[ranges.count - 1] = last.lowerBound..<(offset + length)
                } else {
                    ranges.append(offset..<(offset + length))
                }
            }
            offset += length
        }
        return ranges
    }

    /// Grapheme clusters drawn as colour emoji: those that start with an emoji-presentation
    /// character or ask for it with VS16 (flags, ZWJ sequences and keycaps included).
    static func emojiClusters(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let scalars = character.unicodeScalars
            if let first = scalars.first, first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") {
                ranges.append(offset..<(offset + length))
            }
            offset += length
        }
        return ranges
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return false
        }
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
