import CCairo

/// `text-emphasis`, as WebKit draws it (measured in WebKitGTK 2.50): the mark is shaped in the
/// text's fonts at half the font size (a fallback font when the text's lacks it), centred on
/// the advance of each character that takes one; over the text its baseline is the mark
/// font's descent above the text's ascent, under it the mark font's ascent below the text's
/// descent. The line box grows to hold the marks (`InlineLayout.buildLine`).
struct EmphasisMark {
    /// The mark's glyphs from x = 0 on baseline 0, in the text's colour until placed.
    let glyphs: GlyphRun
    let width: Double
    /// The mark font's ascent and descent, whole pixels (WebKit's `intAscent`/`intDescent`).
    let ascent: Double
    let descent: Double
    var height: Double { ascent + descent }

    struct Key: Hashable {
        let family: String
        let size: Double
        let weight: Int
        let italic: Bool
        let mark: String
    }

    /// The style's mark, shaped once per font and mark; nil when it has none or no font draws it.
    static func of(_ style: ComputedStyle, fonts: FontSet) -> EmphasisMark? {
        guard let mark = style.emphasisMark, !mark.isEmpty else { return nil }
        let key = Key(family: FontSet.familyList(style), size: fonts.usedFontSize(style), weight: style.fontWeight,
                      italic: style.italic, mark: mark)
        if let cached = fonts.emphasisMarks[key] { return cached }
        let shaped = ShapedText(mark, style: style, fonts: fonts, sizeScale: 0.5).map {
            EmphasisMark(glyphs: $0.run, width: $0.width, ascent: $0.metrics.ascent, descent: $0.metrics.descent)
        }
        fonts.emphasisMarks[key] = shaped
        return shaped
    }

    /// Whether the marks go over the text (else under). In vertical lines, which the engine
    /// draws turned a quarter turn, over is the right side: `left` puts them under.
    static func isOver(_ style: ComputedStyle) -> Bool {
        if style.writingMode.isVertical { return !style.emphasisPosition.left }
        switch style.emphasisPosition.side {
        case .over: return true
        case .under: return false
        case .auto:
            let primary = style.language?.lowercased().split(separator: "-").first
            return primary != "zh"
        }
    }

    /// The marks over (or under) one glyph run: one per cluster whose first character takes a
    /// mark, centred on the cluster's advance. `text` is the item's text (the run's UTF-8
    /// bytes from the item's start); `x` where the run starts; `baseline` the text's.
    func marks(over glyphString: UnsafeMutablePointer<PangoGlyphString>, text: UnsafePointer<CChar>, textLength: Int,
               x: Double, baseline: Double, style: ComputedStyle, metrics: FontMetrics,
               visible: ClosedRange<Double>?) -> GlyphRun? {
        let count = Int(glyphString.pointee.num_glyphs)
        guard count > 0, let infos = glyphString.pointee.glyphs, let clusters = glyphString.pointee.log_clusters else { return nil }
        let markBaseline = Self.isOver(style) ? baseline - metrics.ascent - descent : baseline + metrics.descent + ascent
        let scale = Double(PANGO_SCALE)
        var placed: [Glyph] = []
        var index = 0, clusterX = x
        while index < count {
            // A cluster: the glyphs that share one character offset (in visual order).
            let cluster = clusters[index]
            var advance = 0.0
            var end = index
            while end < count && clusters[end] == cluster {
                advance += Double(infos[end].geometry.width) / scale
                end += 1
            }
            if let scalar = Self.scalar(at: Int(cluster), in: text, length: textLength), Self.takesMark(scalar),
               visible.map({ $0.contains(clusterX) && $0.contains(clusterX + advance) }) ?? true {
                let left = clusterX + advance / 2 - width / 2
                placed += glyphs.glyphs.map { Glyph(index: $0.index, x: $0.x + left, y: markBaseline) }
            }
            clusterX += advance
            index = end
        }
        guard !placed.isEmpty else { return nil }
        var run = glyphs
        run.glyphs = placed
        run.color = style.emphasisColor ?? style.color
        run.shadows = style.textShadows
        run.node = nil
        return run
    }

    /// Whether a character is emphasized: not separators, control or format characters,
    /// unassigned code points, word dividers, nor punctuation but for the signs WebKit keeps
    /// (`FontCascade::canReceiveTextEmphasis`, after CSS Text Decoration 3 §3.1).
    static func takesMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .control, .format: return false
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return punctuationWithMarks.contains(scalar.value)
        default: return !wordSeparators.contains(scalar.value)
        }
    }

    /// Ethiopic, Aegean, Ugaritic and Tibetan word separators.
    private static let wordSeparators: Set<UInt32> = [0x1361, 0x10100, 0x10101, 0x1039F, 0x0F0B, 0x0F0C]
    /// Number, per-mille, section and other signs that are punctuation in Unicode but take marks.
    private static let punctuationWithMarks: Set<UInt32> = [
        0x23, 0x25, 0x26, 0x40, 0x0609, 0x060A, 0x066A, 0xFF06, 0xFF20, 0xFF03, 0xFF05, 0x303D,
        0x2030, 0x2031, 0x00B6, 0x204B, 0x00A7, 0xFE60, 0xFE6B, 0xFE5F, 0xFE6A, 0x2053, 0x204A,
    ]

    /// The code point starting at a byte offset of UTF-8 text; nil past the end or inside a sequence.
    static func scalar(at offset: Int, in text: UnsafePointer<CChar>, length: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < length else { return nil }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        let lead = bytes[offset]
        let size = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard size > 0, offset + size <= length else { return nil }
        var value = size == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (size + 1))
        if size > 1 {
            for next in 1..<size { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
        }
        return Unicode.Scalar(value)
    }
}
