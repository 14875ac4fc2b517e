import CCairo

/// A short text shaped on its own in one style, on one line from x = 0 on the baseline:
/// generated text (the ellipsis) and measures (a space's width for `tab-size`).
struct ShapedText {
    /// The first run's glyphs (text in one font).
    let run: GlyphRun
    /// The advance of the first run's glyphs.
    let width: Double
    /// The metrics of the first run's font (a fallback font when the style's lacks the text).
    let metrics: FontMetrics

    /// `sizeScale`: the text at that share of the style's font size (emphasis marks: half).
    init?(_ text: String, style: ComputedStyle, fonts: FontSet, sizeScale: Double = 1) {
        let layout = pango_layout_new(fonts.context(for: .ltr))!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = fonts.usedFontSize(style) * sizeScale
        let description = FontDescription(family: FontSet.familyList(style), size: size, weight: style.fontWeight, italic: style.italic)
        withExtendedLifetime(description) { pango_layout_set_font_description(layout, description.pointer) }
        text.withCString { pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }
        guard let line = pango_layout_get_line_readonly(layout, 0), let runs = line.pointee.runs,
              let first = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
              let font = first.pointee.item?.pointee.analysis.font, let string = first.pointee.glyphs,
              let infos = string.pointee.glyphs, string.pointee.num_glyphs > 0 else { return nil }
        let scale = Double(PANGO_SCALE)
        var x = 0.0
        var glyphs: [Glyph] = []
        for index in 0..<Int(string.pointee.num_glyphs) {
            let info = infos[index]
            glyphs.append(Glyph(index: info.glyph, x: x + Double(info.geometry.x_offset) / scale, y: 0))
            x += Double(info.geometry.width) / scale
        }
        run = GlyphRun(font: fonts.handle(for: font), glyphs: glyphs, color: style.color, node: style.node, shadows: style.textShadows)
        width = x
        metrics = fonts.metrics(of: font, size: size)
    }
}
