import CCairo

extension Canvas {
    /// A `box-shadow` layer: the shadow's shape drawn into an alpha mask at device
    /// resolution, blurred with σ = blur / 2 (CSS Backgrounds §7.1.1, as WebKit draws it),
    /// and painted in the shadow's colour through the mask — outer shadows around the
    /// border box (never under it), inset shadows inside the padding box.
    func drawBoxShadow(_ shadow: BoxShadowShape) {
        guard shadow.color.a > 0, !shadow.inset || (shadow.box.width > 0 && shadow.box.height > 0) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        clipToShadowArea(shadow)
        guard shadow.blur > 0 else {
            roundedRectPath(shadow.inset ? shadow.box.insetBy(-1) : shadow.shape, shadow.inset ? .zero : shadow.shapeRadii)
            if shadow.inset { roundedRectPath(shadow.shape, shadow.shapeRadii, newPath: false) }
            fillPath(shadow.color, evenOdd: shadow.inset)
            return
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        let sigma = shadow.blur / 2 * scale
        let reach = (3 * sigma).rounded(.up) + 2
        // The mask covers what can show: the shadow's reach, within the visible area (grown
        // by the reach, so that the blur sees the shape just outside it).
        let covered = shadow.inset ? shadow.box : shadow.shape
        // A wide blur is computed on a mask `step` times coarser and drawn back smoothly: a
        // Gaussian of σ ≥ 16 mask pixels has no detail a finer mask would show, and the
        // cost of a huge shadow falls with the square of the step.
        let step = max(1, (sigma / Self.finestBlurSigma).rounded(.down))
        guard let device = deviceBoundingBox(of: covered)?.insetBy(-reach),
              let visible = deviceClipExtents()?.insetBy(-reach),
              let area = device.intersection(visible),
              let pixels = PixelArea(Rect(x: area.x / step, y: area.y / step, width: area.width / step, height: area.height / step)),
              pixels.count <= PaintBudget.maximumMaskPixels,
              let mask = AlphaMask(width: pixels.width, height: pixels.height) else { return }
        matrix.xx /= step; matrix.xy /= step; matrix.yx /= step; matrix.yy /= step
        matrix.x0 = matrix.x0 / step - Double(pixels.left)
        matrix.y0 = matrix.y0 / step - Double(pixels.top)
        mask.draw(matrix: matrix) { context in
            if shadow.inset {
                // Everything around the hole is shadow.
                cairo_save(context)
                cairo_identity_matrix(context)
                cairo_paint(context)
                cairo_restore(context)
                cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
            }
            Canvas.roundedRectPath(shadow.shape, shadow.shapeRadii, on: context)
            cairo_fill(context)
        }
        mask.blur(GaussianBlur(sigma: sigma / step))
        cairo_identity_matrix(context)
        setColor(shadow.color)
        if step == 1 {
            cairo_mask_surface(context, mask.surface, Double(pixels.left), Double(pixels.top))
        } else {
            cairo_scale(context, step, step)
            let pattern = CairoPattern(cairo_pattern_create_for_surface(mask.surface))
            var placement = cairo_matrix_t()
            cairo_matrix_init_translate(&placement, -Double(pixels.left), -Double(pixels.top))
            cairo_pattern_set_matrix(pattern.pointer, &placement)
            cairo_pattern_set_filter(pattern.pointer, CAIRO_FILTER_BILINEAR)
            cairo_mask(context, pattern.pointer)
        }
    }

    /// The σ (mask pixels) a box shadow's blur is computed at, at most: wider ones use a coarser mask.
    static let finestBlurSigma = 16.0

    /// Outer shadows show only outside the border box, inset ones only inside the padding box.
    private func clipToShadowArea(_ shadow: BoxShadowShape) {
        if shadow.inset {
            roundedRectPath(shadow.box, shadow.boxRadii)
        } else {
            let reach = shadow.bounds.union(shadow.box).insetBy(-1)
            cairo_new_path(context)
            cairo_rectangle(context, reach.x, reach.y, reach.width, reach.height)
            roundedRectPath(shadow.box, shadow.boxRadii, newPath: false)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        }
        cairo_clip(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }

    /// The device-pixel bounding box of a rect in user coordinates, or nil when not finite.
    func deviceBoundingBox(of rect: Rect) -> Rect? {
        let corners = [(rect.x, rect.y), (rect.maxX, rect.y), (rect.x, rect.maxY), (rect.maxX, rect.maxY)].map { point -> (Double, Double) in
            var x = point.0, y = point.1
            cairo_user_to_device(context, &x, &y)
            return (x, y)
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        guard (xs + ys).allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The current clip's extents in device pixels of the surface being drawn.
    func deviceClipExtents() -> Rect? {
        cairo_save(context)
        cairo_identity_matrix(context)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        cairo_restore(context)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Whole device pixels covering a rect.
struct PixelArea {
    let left: Int, top: Int, width: Int, height: Int
    var count: Int { width * height }

    init?(_ rect: Rect) {
        guard [rect.x, rect.y, rect.maxX, rect.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        left = Int(rect.x.rounded(.down)); top = Int(rect.y.rounded(.down))
        width = Int(rect.maxX.rounded(.up)) - left; height = Int(rect.maxY.rounded(.up)) - top
        guard width > 0, height > 0, width <= 32767, height <= 32767 else { return nil }
    }
}
