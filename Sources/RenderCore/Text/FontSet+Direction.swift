import CCairo

extension FontSet {
    /// The pango context whose base direction is a paragraph's `direction` (pango reads a
    /// layout's paragraph direction from its context once `auto_dir` is off).
    func context(for direction: TextDirection) -> OpaquePointer {
        direction.isRightToLeft ? rightToLeftContextPointer : context
    }

    /// A context with `original`'s font options and glyph positioning, and `direction`.
    static func copy(of original: OpaquePointer, in fontMap: UnsafeMutablePointer<PangoFontMap>, direction: PangoDirection) -> OpaquePointer {
        let copy = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_font_options(copy, pango_cairo_context_get_font_options(original))
        pango_context_set_round_glyph_positions(copy, pango_context_get_round_glyph_positions(original))
        pango_context_set_language(copy, pango_context_get_language(original))
        pango_context_set_base_dir(copy, direction)
        return copy
    }
}
