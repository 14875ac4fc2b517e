import CCairo

/// A font as the raster step draws it: a cairo scaled font taken from pango, retained.
public final class FontHandle: @unchecked Sendable {
    let scaledFont: OpaquePointer  // cairo_scaled_font_t*
    init(retaining scaledFont: OpaquePointer) {
        self.scaledFont = cairo_scaled_font_reference(scaledFont)
    }
    deinit { cairo_scaled_font_destroy(scaledFont) }
}

public struct Glyph: Sendable, Equatable {
    public var index: UInt32
    public var x: Double
    public var y: Double   // the baseline
}

/// Glyphs of one font and colour, positioned in CSS px.
public struct GlyphRun: @unchecked Sendable {
    public var font: FontHandle
    public var glyphs: [Glyph]
    public var color: RGBA

    func offsetBy(dx: Double, dy: Double) -> GlyphRun {
        var copy = self
        copy.glyphs = glyphs.map { Glyph(index: $0.index, x: $0.x + dx, y: $0.y + dy) }
        return copy
    }
}
