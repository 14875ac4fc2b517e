import CCairo

extension Canvas {
    /// A `text-shadow`: the run's glyphs drawn into an alpha mask at device resolution, moved
    /// by the offset, blurred with σ = blur / 2 (CSS Backgrounds §7.2), and painted in the
    /// shadow's colour through that mask.
    func drawTextShadow(_ run: GlyphRun, _ shadow: BoxShadow) {
        guard shadow.color.a > 0, let ink = run.inkBounds else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let scale = (matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot()
        let sigma = shadow.blur / 2 * scale
        // The blur reaches about 3σ; the mask covers the shadow's ink and that reach.
        let reach = (3 * sigma).rounded(.up) + 2
        var x0 = ink.x + shadow.dx, y0 = ink.y + shadow.dy, x1 = x0 + ink.width, y1 = y0 + ink.height
        cairo_user_to_device(context, &x0, &y0)
        cairo_user_to_device(context, &x1, &y1)
        // Hostile offsets and blurs (1e300px) must not reach Int(): such a shadow is off the frame anyway.
        guard [x0, x1, y0, y1, reach].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return }
        let left = Int((min(x0, x1) - reach).rounded(.down)), top = Int((min(y0, y1) - reach).rounded(.down))
        let width = Int((max(x0, x1) + reach).rounded(.up)) - left, height = Int((max(y0, y1) + reach).rounded(.up)) - top
        guard width > 0, height > 0, width <= 32767, height <= 32767, width * height <= 64 << 20 else { return }
        guard let mask = AlphaMask(width: width, height: height) else { return }
        matrix.x0 -= Double(left)
        matrix.y0 -= Double(top)
        mask.drawGlyphs(run, matrix: matrix, offset: (shadow.dx, shadow.dy))
        mask.blur(GaussianBlur(sigma: sigma))
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(context, shadow.color.r, shadow.color.g, shadow.color.b, shadow.color.a)
        cairo_mask_surface(context, mask.surface, Double(left), Double(top))
        cairo_restore(context)
    }
}

/// A cairo A8 surface, owned: where a shadow's glyphs are drawn and blurred.
private final class AlphaMask {
    let surface: OpaquePointer
    let width: Int, height: Int

    init?(width: Int, height: Int) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.surface = surface
        self.width = width
        self.height = height
    }
    deinit { cairo_surface_destroy(surface) }

    func drawGlyphs(_ run: GlyphRun, matrix: cairo_matrix_t, offset: (Double, Double)) {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        var matrix = matrix
        cairo_set_matrix(context, &matrix)
        cairo_translate(context, offset.0, offset.1)
        Canvas.setTextRendering(of: context)
        cairo_set_source_rgba(context, 0, 0, 0, 1)
        cairo_set_scaled_font(context, run.font.scaledFont)
        var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
        cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
    }

    func blur(_ blur: GaussianBlur) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        blur.apply(to: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }
}
