import CCairo

/// A font as the raster step draws it: a cairo scaled font taken from pango, retained.
/// Unchecked: the pointer is a `let` and cairo's reference counting is atomic; using the font
/// takes `FontAccess` (see `GlyphRun`).
public final class FontHandle: @unchecked Sendable {
    let scaledFont: OpaquePointer  // cairo_scaled_font_t*
    /// Its glyphs as WebKit rasterises them (nil: drawn by cairo, e.g. colour emoji).
    let glyphMasks: GlyphMasks?
    /// `pattern`: the fontconfig pattern the font was made from (its synthetic bold or slant).
    init(retaining scaledFont: OpaquePointer, pattern: OpaquePointer? = nil) {
        self.scaledFont = cairo_scaled_font_reference(scaledFont)
        glyphMasks = GlyphMasks(font: self.scaledFont, pattern: pattern)
    }
    deinit { cairo_scaled_font_destroy(scaledFont) }
}

public struct Glyph: Sendable, Equatable {
    public var index: UInt32
    public var x: Double
    public var y: Double   // the baseline
}

/// Glyphs of one font and colour, positioned in CSS px. Unchecked only for `FontHandle`,
/// whose own comment says why it may be shared; the rest are Sendable values.
public struct GlyphRun: @unchecked Sendable {
    public var font: FontHandle
    public var glyphs: [Glyph]
    public var color: RGBA
    /// The element whose text this is (nil for generated text: markers, alt text).
    public var node: DOMDocument.NodeID? = nil
    /// `text-shadow` layers drawn under the glyphs, first on top.
    public var shadows: [BoxShadow] = []
    /// Code points no font covers, drawn here as the font's `.notdef` box (`MissingCharacters`).
    public var missingCharacters: [UInt32] = []
    /// Glyphs that stand upright in a vertical line (nil: all lie sideways, as laid out).
    public var upright: UprightGlyphs? = nil
    /// The relatively positioned inline element whose paint layer the run is painted in (see
    /// `InlineFragment.layerOwner`; nil: painted with its line).
    var layerOwner: ObjectIdentifier? = nil

    /// The box the glyphs' ink covers (nil when they have none: spaces, no-break spaces).
    /// It reads the font's face: inside a layout or under `FontAccess.lockShared`.
    var inkBounds: Rect? {
        guard !glyphs.isEmpty else { return nil }
        var cairoGlyphs = glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font.scaledFont, &cairoGlyphs, Int32(cairoGlyphs.count), &extents)
        guard extents.width > 0, extents.height > 0 else { return nil }
        // Glyph extents are relative to the first glyph's origin.
        return Rect(x: glyphs[0].x + extents.x_bearing, y: glyphs[0].y + extents.y_bearing, width: extents.width, height: extents.height)
    }

    func offsetBy(dx: Double, dy: Double) -> GlyphRun {
        var copy = self
        copy.glyphs = glyphs.map { Glyph(index: $0.index, x: $0.x + dx, y: $0.y + dy) }
        return copy
    }
}

/// Which glyphs of a run in a vertical line stand upright (`text-orientation`; the line is laid
/// out sideways and turned a quarter turn clockwise), and where, as WebKitGTK draws them
/// (measured): each turned back a quarter turn, its advance centred across the line on its own
/// font's middle, its baseline at the far end of its advance along the line. Measured from
/// each glyph's origin, so the run moves as a whole.
public struct UprightGlyphs: Sendable, Equatable {
    /// Per glyph, how far the middle of its advance lies past its origin (nil: it lies sideways).
    public var halfAdvances: [Double?]
    /// How far the middle of the glyphs' font box (ascent over descent) lies above their baseline.
    public var centreAboveBaseline: Double
}
