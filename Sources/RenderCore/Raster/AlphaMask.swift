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

    /// The run's glyphs moved by `offset` (CSS px). Outline fonts as the text itself is drawn
    /// (`GlyphPlacement`, coverage through `table`), then moved by the offset's fraction of a
    /// pixel with bilinear weights: WebKit draws the text into a layer and offsets that.
    func drawGlyphs(_ run: GlyphRun, matrix: cairo_matrix_t, offset: (Double, Double), table: [UInt8]) {
        let scale = matrix.xx
        if let masks = run.font.glyphMasks, matrix.xy == 0, matrix.yx == 0, scale == matrix.yy, scale > 0,
           GlyphMasks.fits(run.font.scaledFont, scale: scale) {
            let dx = offset.0 * scale, dy = offset.1 * scale
            let whole = (x: dx.rounded(.down), y: dy.rounded(.down))
            var moved = matrix
            moved.x0 += whole.x
            moved.y0 += whole.y
            let placed = GlyphPlacement.place(run.glyphs, matrix: moved) { masks.mask(glyph: $0, phase: $1, scale: scale) }
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return }
            let stride = Int(cairo_image_surface_get_stride(surface))
            placed.add(into: data, stride: stride, area: PixelArea(left: 0, top: 0, width: width, height: height), table: table)
            Self.shift(data, width: width, height: height, stride: stride, by: (dx - whole.x, dy - whole.y))
            cairo_surface_mark_dirty(surface)
            return
        }
        draw(matrix: matrix) { context in
            cairo_translate(context, offset.0, offset.1)
            cairo_set_scaled_font(context, run.font.scaledFont)
            var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
            cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
        }
    }

    /// Moves the pixels right and down by fractions of a pixel (0 ≤ f < 1), bilinearly; in
    /// place, from the bottom-right so that every pixel read is still unmoved.
    static func shift(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride rowBytes: Int, by fraction: (x: Double, y: Double)) {
        guard fraction.x > 0 || fraction.y > 0 else { return }
        // Weights in 1/65536ths: this pixel, its left, upper and upper-left neighbours.
        let fx = Int((fraction.x * 256).rounded()), fy = Int((fraction.y * 256).rounded())
        let w00 = (256 - fx) * (256 - fy), w10 = fx * (256 - fy), w01 = (256 - fx) * fy, w11 = fx * fy
        for y in stride(from: height - 1, through: 0, by: -1) {
            let row = data + y * rowBytes, above = y > 0 ? data + (y - 1) * rowBytes : nil
            for x in stride(from: width - 1, through: 0, by: -1) {
                var sum = w00 * Int(row[x])
                if x > 0 { sum += w10 * Int(row[x - 1]) }
                if let above {
                    sum += w01 * Int(above[x])
                    if x > 0 { sum += w11 * Int(above[x - 1]) }
                }
                row[x] = UInt8((sum + 32768) >> 16)
            }
        }
    }

    func blur(_ blur: GaussianBlur) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        blur.apply(to: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }
}
