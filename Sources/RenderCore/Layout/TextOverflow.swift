import CCairo

/// `text-overflow: ellipsis`: a line that overflows its clipping box loses the glyphs that
/// reach into the last ellipsis-width of the box, and "…" follows the last glyph kept (on the
/// left in a right-to-left paragraph). The inline boxes keep their full extent, as in WebKit.
struct TextOverflowEllipsis {
    /// The "…" in the block's own font (WebKit shapes it with the block's style, not the text's).
    let glyphs: GlyphRun
    let width: Double
    /// The content box width the line must fit.
    let available: Double
    let rightToLeft: Bool

    /// Shapes "…" for `style`; nil when no font draws it.
    init?(style: ComputedStyle, available: Double, fonts: FontSet) {
        guard let ellipsis = ShapedText("\u{2026}", style: style, fonts: fonts) else { return nil }
        self.glyphs = ellipsis.run
        self.width = ellipsis.width
        self.available = available
        self.rightToLeft = style.direction.isRightToLeft
    }

    /// Whether a line whose content spans `minX...maxX` overflows the box.
    func overflows(minX: Double, maxX: Double) -> Bool {
        rightToLeft ? minX < -0.01 : maxX > available + 0.01
    }

    /// Where glyphs may still be drawn on an overflowing line.
    var visible: ClosedRange<Double> {
        rightToLeft ? min(width, available)...Double.greatestFiniteMagnitude
            : -Double.greatestFiniteMagnitude...max(-Double.greatestFiniteMagnitude, available - width)
    }

    /// The "…" placed after the glyphs kept, which end at `keptEnd` (their left edge when
    /// right to left; the content's start edge when none were kept).
    func run(keptEnd: Double?, baseline: Double) -> GlyphRun {
        let x = rightToLeft ? (keptEnd ?? available) - width : (keptEnd ?? 0)
        return glyphs.offsetBy(dx: x, dy: baseline)
    }
}
