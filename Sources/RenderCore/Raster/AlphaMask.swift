import CCairo

/// A cairo A8 surface, owned: where a shadow's shape is drawn and blurred.
final class AlphaMask {
    let surface: OpaquePointer
    let width: Int, height: Int

    init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.surface = surface
        self.width = width
        self.height = height
    }
    deinit { cairo_surface_destroy(surface) }

    /// Draws on the mask with a fresh context whose matrix is `matrix`.
    func draw(matrix: cairo_matrix_t, _ body: (OpaquePointer) -> Void) {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        var matrix = matrix
        cairo_set_matrix(context, &matrix)
        Canvas.setTextRendering(of: context)
        cairo_set_source_rgba(context, 0, 0, 0, 1)
        body(context)
    }

    func drawGlyphs(_ run: GlyphRun, matrix: cairo_matrix_t, offset: (Double, Double)) {
        draw(matrix: matrix) { context in
            cairo_translate(context, offset.0, offset.1)
            cairo_set_scaled_font(context, run.font.scaledFont)
            var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
            cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
        }
    }

    func blur(_ blur: GaussianBlur) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        blur.apply(to: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }
}
