import CCairo

/// Draws the glyphs of iOS's form controls (paths from RenderThemeIOS.mm), each scaled into
/// its rect.
extension Canvas {
    func drawControlGlyph(_ glyph: ControlGlyph, in rect: Rect, _ colour: RGBA) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(context)
        cairo_new_path(context)
        setColor(colour)
        switch glyph {
        case .checkmark: checkmarkPath(in: rect)
        case .selectChevrons: chevronsPath(in: rect)
        case .play: playPath(in: rect)
        }
        cairo_fill(context)
        cairo_restore(context)
    }

    /// paintCheckbox's checkmark: a 72 × 69 path scaled to 65 % of the box width, centred.
    private func checkmarkPath(in rect: Rect) {
        let scale = 0.65 * rect.width / 72
        let origin = (x: rect.x + rect.width / 2 - 36 * scale, y: rect.y + rect.height / 2 - 34.5 * scale)
        func point(_ x: Double, _ y: Double) -> (Double, Double) { (origin.x + x * scale, origin.y + y * scale) }
        func move(_ x: Double, _ y: Double) { let p = point(x, y); cairo_move_to(context, p.0, p.1) }
        func line(_ x: Double, _ y: Double) { let p = point(x, y); cairo_line_to(context, p.0, p.1) }
        func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
            let a = point(x1, y1), b = point(x2, y2), c = point(x, y)
            cairo_curve_to(context, a.0, a.1, b.0, b.1, c.0, c.1)
        }
        move(28.174, 68.652)
        curve(31.006, 68.652, 33.154, 67.578, 34.668, 65.332)
        line(70.02, 11.28)
        curve(71.094, 9.62, 71.582, 8.107, 71.582, 6.642)
        curve(71.582, 2.784, 68.652, 0.001, 64.697, 0.001)
        curve(62.012, 0.001, 60.352, 0.978, 58.691, 3.565)
        line(28.027, 52.1)
        line(12.354, 32.52)
        curve(10.84, 30.664, 9.18, 29.834, 6.884, 29.834)
        curve(2.882, 29.834, 0, 32.666, 0, 36.572)
        curve(0, 38.282, 0.537, 39.795, 2.002, 41.504)
        line(21.826, 65.625)
        curve(23.536, 67.675, 25.536, 68.652, 28.174, 68.652)
        cairo_close_path(context)
    }

    /// The closed select's chevrons: two rounded 63-unit-wide arrows in a 63 × 73 box.
    private func chevronsPath(in rect: Rect) {
        let scale = rect.width / 63
        func point(_ x: Double, _ y: Double) -> (Double, Double) { (rect.x + x * scale, rect.y + y * scale) }
        // Each chevron as a thick polyline with round joins, the same outline as WebKit's path.
        let thickness = 11.0 * scale
        cairo_set_line_width(context, thickness)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for (tip, ends) in [(6.7, 26.7), (66.7, 46.7)] {
            let start = point(5.9, ends), apex = point(31.86, tip), end = point(57.8, ends)
            cairo_move_to(context, start.0, start.1)
            cairo_line_to(context, apex.0, apex.1)
            cairo_line_to(context, end.0, end.1)
        }
        cairo_stroke(context)  // stroked, not filled: the caller's fill finds an empty path
    }

    /// A play triangle pointing right, its centroid at the rect's centre.
    private func playPath(in rect: Rect) {
        let height = min(rect.height, rect.width * 2 / 1.732)
        let width = height * 0.866
        let left = rect.x + rect.width / 2 - width / 3, top = rect.y + rect.height / 2 - height / 2
        cairo_move_to(context, left, top)
        cairo_line_to(context, left + width, top + height / 2)
        cairo_line_to(context, left, top + height)
        cairo_close_path(context)
    }
}
