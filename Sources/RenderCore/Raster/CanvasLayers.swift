import CCairo

/// One open group of a canvas: a surface of its own where the group's content is drawn,
/// then filtered, clipped, masked and composited into the parent (`Canvas.popGroup`).
final class CanvasLayer {
    enum Kind {
        /// Content drawn into `surface`, composited at the pop.
        case layer(surface: OpaquePointer)
        /// Nothing of the group can show (off the visible area, or a singular transform):
        /// drawn into a 1 × 1 surface and thrown away.
        case discarded(surface: OpaquePointer)
        /// Past the limits on layers: drawn straight into the parent, transformed, without its other effects.
        case direct
    }
    let kind: Kind
    /// Where drawing goes while the group is open.
    let context: OpaquePointer
    let parent: OpaquePointer
    /// The layer's top-left pixel in base-surface pixels.
    let originX: Int, originY: Int
    let effects: GroupEffects
    var pixelCount: Int { if case .layer(let surface) = kind { return Int(cairo_image_surface_get_width(surface)) * Int(cairo_image_surface_get_height(surface)) } else { return 0 } }

    init(kind: Kind, context: OpaquePointer, parent: OpaquePointer, originX: Int, originY: Int, effects: GroupEffects) {
        self.kind = kind; self.context = context; self.parent = parent
        self.originX = originX; self.originY = originY; self.effects = effects
    }

    deinit {
        switch kind {
        case .layer(let surface), .discarded(let surface):
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        case .direct:
            break
        }
    }
}

extension Canvas {
    /// Layers open at once at most; deeper groups are drawn without their own layer.
    static let maximumOpenLayers = 16

    /// Records the document → device mapping that display-list bounds are mapped through.
    func beginDocument() {
        cairo_get_matrix(context, &documentMatrix)
    }

    /// The base-surface pixel where the current drawing surface's (0, 0) lies.
    private var currentOrigin: (x: Int, y: Int) {
        guard let layer = layers.last else { return (0, 0) }
        return (layer.originX, layer.originY)
    }

    /// Starts a group whose content (`bounds`, document coordinates, where it can paint)
    /// gets `effects` as a whole at `popGroup`.
    func pushGroup(_ effects: GroupEffects, bounds: Rect) {
        let parent = context, origin = currentOrigin
        func open(_ kind: CanvasLayer.Kind, context: OpaquePointer, originX: Int, originY: Int) {
            layers.append(CanvasLayer(kind: kind, context: context, parent: parent, originX: originX, originY: originY, effects: effects))
            self.context = context
        }
        if let transform = effects.transform, !transform.isInvertible {
            let (surface, context) = Self.makeSurface(width: 1, height: 1)
            open(.discarded(surface: surface), context: context, originX: origin.x, originY: origin.y)
            return
        }
        // What can show: the content on the base surface, within the visible area grown by how
        // far the filters carry pixels (content just outside still blurs into view).
        var documentMatrix = self.documentMatrix
        var margin = Self.filterMargin(effects.filters, scale: (abs(documentMatrix.xx * documentMatrix.yy - documentMatrix.xy * documentMatrix.yx)).squareRoot())
        margin = min(margin, PaintBudget.maximumFilterReach)
        let content = Self.boundingBox(of: bounds, matrix: &documentMatrix)
        let visible = deviceClipExtents()?.offsetBy(dx: Double(origin.x), dy: Double(origin.y)).insetBy(-margin)
        guard let content, let visible, let area = content.intersection(visible), let pixels = PixelArea(area) else {
            let (surface, context) = Self.makeSurface(width: 1, height: 1)
            open(.discarded(surface: surface), context: context, originX: origin.x, originY: origin.y)
            return
        }
        let live = layers.reduce(0) { $0 + $1.pixelCount }
        guard layers.count < Self.maximumOpenLayers, live + pixels.count <= PaintBudget.maximumLayerPixels else {
            cairo_save(parent)
            if let transform = effects.transform { Self.apply(transform, to: parent) }
            open(.direct, context: parent, originX: origin.x, originY: origin.y)
            return
        }
        let (surface, context) = Self.makeSurface(width: pixels.width, height: pixels.height)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(parent, &matrix)
        matrix.x0 += Double(origin.x - pixels.left)
        matrix.y0 += Double(origin.y - pixels.top)
        cairo_set_matrix(context, &matrix)
        if let transform = effects.transform { Self.apply(transform, to: context) }
        open(.layer(surface: surface), context: context, originX: pixels.left, originY: pixels.top)
    }

    /// Ends the innermost group: filters, clip-path and mask (drawn by `drawMask` on the
    /// canvas, in the element's coordinates), then opacity and blend mode into the parent.
    func popGroup(drawMask: ([DisplayList.Item]) -> Void) {
        guard let layer = layers.popLast() else { return }
        context = layer.parent
        switch layer.kind {
        case .discarded:
            return
        case .direct:
            cairo_restore(layer.parent)
            return
        case .layer(let surface):
            let effects = layer.effects
            var matrix = cairo_matrix_t()
            cairo_get_matrix(layer.context, &matrix)
            FilterEffects.apply(effects.filters, to: surface, matrix: matrix)
            if let clip = effects.clip { Self.keepInside(clip, on: layer.context, surface: surface) }
            if !effects.mask.isEmpty { applyMask(to: layer, matrix: matrix, drawMask: drawMask) }
            cairo_surface_flush(surface)
            let parentOrigin = currentOrigin
            cairo_save(context)
            cairo_identity_matrix(context)
            cairo_set_source_surface(context, surface, Double(layer.originX - parentOrigin.x), Double(layer.originY - parentOrigin.y))
            cairo_set_operator(context, effects.blendMode.cairoOperator)
            cairo_paint_with_alpha(context, effects.opacity)
            cairo_restore(context)
        }
    }

    /// `backdrop-filter`: the pixels behind `rect` so far, filtered and drawn back inside its
    /// corners. (WebKitGTK without compositing draws no backdrop filter; iOS and Chromium do.)
    func drawBackdrop(_ rect: Rect, radii: CornerRadii, filters: [FilterFunction]) {
        // The surface being drawn on: the innermost group's layer, or the base surface.
        let target: OpaquePointer
        switch layers.last(where: { if case .direct = $0.kind { return false } else { return true } })?.kind {
        case .layer(let layerSurface)?: target = layerSurface
        case nil: target = surface
        default: return  // inside a discarded group
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        let margin = min(Self.filterMargin(filters, scale: scale), PaintBudget.maximumFilterReach)
        let extent = Rect(x: 0, y: 0, width: Double(cairo_image_surface_get_width(target)), height: Double(cairo_image_surface_get_height(target)))
        guard let device = deviceBoundingBox(of: rect)?.insetBy(-margin), let visible = deviceClipExtents()?.insetBy(-margin),
              let area = device.intersection(visible)?.intersection(extent), let pixels = PixelArea(area),
              pixels.count <= PaintBudget.maximumLayerPixels else { return }
        let (copy, copyContext) = Self.makeSurface(width: pixels.width, height: pixels.height)
        defer { cairo_destroy(copyContext); cairo_surface_destroy(copy) }
        cairo_surface_flush(target)
        cairo_set_source_surface(copyContext, target, Double(-pixels.left), Double(-pixels.top))
        cairo_set_operator(copyContext, CAIRO_OPERATOR_SOURCE)
        cairo_paint(copyContext)
        cairo_surface_flush(copy)
        matrix.x0 -= Double(pixels.left)
        matrix.y0 -= Double(pixels.top)
        FilterEffects.apply(filters, to: copy, matrix: matrix)
        cairo_save(context)
        roundedRectPath(rect, radii)
        cairo_clip(context)
        cairo_identity_matrix(context)
        // Over what is there, as Chromium composites it: an `opacity()` backdrop fades into the original.
        cairo_set_source_surface(context, copy, Double(pixels.left), Double(pixels.top))
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Clears the layer outside the clip-path's shape: the shape filled into a mask of the
    /// layer's size, then the layer kept where the mask is (a fill with an unbounded operator
    /// would leave a rectilinear shape's holes alone).
    private static func keepInside(_ clip: ClipShape, on context: OpaquePointer, surface: OpaquePointer) {
        guard let mask = AlphaMask(width: Int(cairo_image_surface_get_width(surface)),
                                   height: Int(cairo_image_surface_get_height(surface))) else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        mask.draw(matrix: matrix) { context in
            switch clip {
            case .roundedRect(let rect, let radii):
                roundedRectPath(rect, radii, on: context)
            case .ellipse(let cx, let cy, let rx, let ry):
                guard rx > 0, ry > 0 else { return }
                cairo_save(context)
                cairo_translate(context, cx, cy)
                cairo_scale(context, rx, ry)
                cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
                cairo_restore(context)
            case .polygon(let points, let evenOdd):
                for (index, point) in points.enumerated() {
                    if index == 0 { cairo_move_to(context, point.x, point.y) } else { cairo_line_to(context, point.x, point.y) }
                }
                cairo_close_path(context)
                cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            case .path(let segments, let dx, let dy, let evenOdd):
                cairo_save(context)
                cairo_translate(context, dx, dy)
                PathDrawing.add(segments, to: context)
                cairo_restore(context)
                cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            }
            cairo_fill(context)
        }
        cairo_surface_flush(mask.surface)
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_operator(context, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_surface(context, mask.surface, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Multiplies the layer by the alpha of the mask's layers, drawn on a surface of its own.
    private func applyMask(to layer: CanvasLayer, matrix: cairo_matrix_t, drawMask: ([DisplayList.Item]) -> Void) {
        guard case .layer(let surface) = layer.kind else { return }
        let (mask, maskContext) = Self.makeSurface(width: Int(cairo_image_surface_get_width(surface)),
                                                   height: Int(cairo_image_surface_get_height(surface)))
        defer { cairo_destroy(maskContext); cairo_surface_destroy(mask) }
        var matrix = matrix
        cairo_set_matrix(maskContext, &matrix)
        let drawing = context
        context = maskContext
        drawMask(layer.effects.mask)
        context = drawing
        cairo_surface_flush(mask)
        cairo_save(layer.context)
        cairo_identity_matrix(layer.context)
        cairo_set_operator(layer.context, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_surface(layer.context, mask, 0, 0)
        cairo_paint(layer.context)
        cairo_restore(layer.context)
    }

    private static func makeSurface(width: Int, height: Int) -> (OpaquePointer, OpaquePointer) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let context = cairo_create(surface)!
        setTextRendering(of: context)
        return (surface, context)
    }

    private static func apply(_ transform: AffineTransform, to context: OpaquePointer) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.e, y0: transform.f)
        cairo_transform(context, &matrix)
    }

    /// How far (device px) the filters can carry a pixel.
    static func filterMargin(_ filters: [FilterFunction], scale: Double) -> Double {
        filters.reduce(0.0) { margin, filter in
            switch filter {
            case .blur(let sigma): return margin + (3 * sigma + 1) * scale
            case .dropShadow(let shadow): return margin + (3 * shadow.blur + 1 + max(abs(shadow.dx), abs(shadow.dy))) * scale
            default: return margin
            }
        }
    }

    private static func boundingBox(of rect: Rect, matrix: inout cairo_matrix_t) -> Rect? {
        let transform = AffineTransform(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, e: matrix.x0, f: matrix.y0)
        let box = transform.boundingBox(of: rect)
        guard [box.x, box.y, box.maxX, box.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        return box
    }
}

extension BlendMode {
    /// Cairo's operators are the PDF blend modes, the same formulas as CSS's.
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }
}
