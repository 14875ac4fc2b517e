/// Byte ranges (UTF-8) of the characters text properties act on, for pango attributes.
enum CharacterRanges {
    /// The characters `word-spacing` widens (CSS Text §8.1: the space and the no-break space).
    static func wordSeparators(in text: String) -> [Range<Int>] {
        ranges(in: text, includingNext: false, isWordSeparator)
    }

    static func isWordSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\u{00A0}" }

    /// Each soft hyphen with the character after it: the break it offers falls between them.
    static func softHyphenBreaks(in text: String) -> [Range<Int>] {
        ranges(in: text, includingNext: true) { $0 == "\u{00AD}" }
    }

    /// Spaces after a character beyond ASCII: pango would draw them in that character's font
    /// (a fallback font), where browsers take them from the first font that has a space.
    static func spacesAfterNonASCII(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if isWordSeparator(scalar) {
                if !previous.isASCII { ranges.append(offset..<(offset + length)) }
            } else {
                previous = scalar
            }
            offset += length
        }
        return ranges
    }

    /// Words that follow a space and start with a character the font kerns with the space,
    /// each with the space after it. WebKit shapes a space with the word before it, so a pair
    /// ending in a space counts ("A " kerns) and one starting with a space does not: such a
    /// word is shaped as a run of its own.
    static func wordsAfterKerningSpaces(in text: String, kerningWith kerning: Set<UInt32>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        var afterSpace = false
        var open: Int?
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if isWordSeparator(scalar) {
                // The space after the word stays with it ("A " kerns).
                if let start = open { ranges.append(start..<(offset + length)); open = nil }
                afterSpace = true
            } else {
                if afterSpace && kerning.contains(scalar.value) { open = offset }
                afterSpace = false
            }
            offset += length
        }
        if let start = open { ranges.append(start..<offset) }
        return ranges
    }

    /// Runs of Han ideographs (unified, extensions and compatibility), each run one range.
    static func hanRuns(in text: String) -> [Range<Int>] { runs(in: text, where: isHan) }

    /// Runs of CJK letters and punctuation (Han, kana, Hangul, 。、「」, fullwidth forms), which
    /// `word-break: keep-all` keeps whole as words, as WebKit does: only spaces (the
    /// ideographic one too) break between them.
    static func cjkLetterRuns(in text: String) -> [Range<Int>] {
        runs(in: text) { scalar in
            switch scalar.value {
            case 0x3001...0x303F, 0xFF01...0xFF65,  // CJK and fullwidth punctuation
                 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // kana
                 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:  // Hangul
                return true
            default: return isHan(scalar)
            }
        }
    }

    /// Each run of characters between white space: a word, whose inside a paragraph that may
    /// break words must not break when its own text may not.
    static func wordRuns(in text: String) -> [Range<Int>] {
        runs(in: text) { !$0.properties.isWhitespace }
    }

    /// Each run of consecutive characters that match, one range per run.
    private static func runs(in text: String, where matches: (Unicode.Scalar) -> Bool) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if matches(scalar) {
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
            let length = UTF8.width(scalar)
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
