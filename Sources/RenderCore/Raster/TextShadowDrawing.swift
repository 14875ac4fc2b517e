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
        mask.drawGlyphs(run, matrix: matrix, offset: (shadow.dx, shadow.dy),
                       table: MaskGamma.table(for: run.color))
        mask.blur(GaussianBlur(sigma: sigma))
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(context, shadow.color.r, shadow.color.g, shadow.color.b, shadow.color.a)
        cairo_mask_surface(context, mask.surface, Double(left), Double(top))
        cairo_restore(context)
    }
}
