import CCairo

/// Transforms and composition used by scenes and films.
extension Canvas {
    /// Scales what is drawn next (the web view's zoom).
    func scale(by factor: Double) { cairo_scale(context, factor, factor) }

    /// Paints another canvas into `rect` (points on this canvas), scaled with a bilinear
    /// filter when the pixel sizes differ.
    func draw(_ other: Canvas, in rect: Rect) {
        cairo_surface_flush(other.surface)
        cairo_save(context)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(context)
        cairo_translate(context, rect.x, rect.y)
        cairo_scale(context, rect.width / Double(other.pixelWidth), rect.height / Double(other.pixelHeight))
        cairo_set_source_surface(context, other.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_BILINEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Public fills for callers outside the module that compose pictures (films, tests).
    public func fillRect(_ rect: Rect, color: RGBA) { fill(rect, color) }
}
