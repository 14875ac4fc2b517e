/// Draws display-list entries onto a canvas.
enum Rasterizer {
    static func draw(_ entries: [DisplayList.Entry], on canvas: Canvas) {
        FontAccess.shared.lockShared()
        defer { FontAccess.shared.unlock() }
        canvas.beginDocument()
        for entry in entries { draw(entry.item, bounds: entry.bounds, on: canvas) }
    }

    private static func draw(_ item: DisplayList.Item, bounds: Rect, on canvas: Canvas) {
            switch item {
            case .fill(let rect, let color):
                canvas.fill(rect, color)
            case .border(let rect, let widths, let colors, let styles):
                drawBorder(rect, widths: widths, colors: colors, styles: styles, on: canvas)
            case .glyphs(let run):
                canvas.drawGlyphs(run)
            case .textShadow(let run, let shadow):
                canvas.drawTextShadow(run, shadow)
            case .textDecoration(let decoration, let color):
                canvas.drawTextDecoration(decoration, color)
            case .missingImageOutline(let rect):
                canvas.drawMissingImageOutline(rect)
            case .brokenImageIcon(let rect):
                canvas.drawBrokenImageIcon(rect)
            case .unloadedImage(let rect, let colour):
                canvas.fill(rect, colour)
            case .image(let image, let rect):
                canvas.drawImage(image, in: rect)
            case .backgroundImage(let image, let area, let tile, let repeatX, let repeatY):
                canvas.drawTiledImage(image, area: area, tile: tile, repeatX: repeatX, repeatY: repeatY)
            case .linearGradient(let rect, let angle, let stops):
                canvas.fillLinearGradient(rect, angle: angle, stops: stops)
            case .boxShadow(let shadow):
                canvas.drawBoxShadow(shadow)
            case .backdropFilter(let rect, let radii, let filters):
                canvas.drawBackdrop(rect, radii: radii, filters: filters)
            case .roundedFill(let rect, let radii, let color):
                canvas.roundedRectPath(rect, radii)
                canvas.fillPath(color)
            case .roundedBorder(let rect, let radii, let widths, let color):
                let inner = Rect(x: rect.x + widths.left, y: rect.y + widths.top,
                                 width: max(0, rect.width - widths.left - widths.right),
                                 height: max(0, rect.height - widths.top - widths.bottom))
                canvas.roundedRectPath(rect, radii)
                canvas.roundedRectPath(inner, radii.inset(by: widths), newPath: false)
                canvas.fillPath(color, evenOdd: true)
            case .pushRoundedClip(let rect, let radii):
                canvas.save()
                canvas.roundedRectPath(rect, radii)
                canvas.clipPath()
            case .pushGroup(let effects):
                canvas.pushGroup(effects, bounds: bounds)
            case .popGroup:
                // The canvas draws the group's mask layers onto a mask surface through this.
                canvas.popGroup { maskLayers in
                    for layer in maskLayers { draw(layer, bounds: bounds, on: canvas) }
                }
            case .pushClip(let rect):
                canvas.save()
                canvas.clip(to: rect)
            case .popClip:
                canvas.restore()
            }
    }

    /// Each side as a trapezoid so corners meet on the diagonal, as browsers draw them.
    private static func drawBorder(_ rect: Rect, widths: Edges<Double>, colors: Edges<RGBA>, styles: Edges<BorderStyle>, on canvas: Canvas) {
        let outer = rect
        let inner = Rect(x: rect.x + widths.left, y: rect.y + widths.top,
                         width: rect.width - widths.left - widths.right, height: rect.height - widths.top - widths.bottom)
        func side(_ width: Double, _ color: RGBA, _ style: BorderStyle, topLeft: Bool, _ points: [(Double, Double)]) {
            guard width > 0, color.a > 0 else { return }
            if style == .dashed || style == .dotted {
                // Stroke along the middle of the side: the outer and inner edges' midpoints.
                let start = ((points[0].0 + points[3].0) / 2, (points[0].1 + points[3].1) / 2)
                let end = ((points[1].0 + points[2].0) / 2, (points[1].1 + points[2].1) / 2)
                canvas.strokeDashed(from: start, to: end, width: width, color: color, dotted: style == .dotted)
                return
            }
            canvas.setColor(shade(color, style, topLeft: topLeft))
            canvas.polygon(points)
        }
        side(widths.top, colors.top, styles.top, topLeft: true, [(outer.x, outer.y), (outer.maxX, outer.y), (inner.maxX, inner.y), (inner.x, inner.y)])
        side(widths.right, colors.right, styles.right, topLeft: false, [(outer.maxX, outer.y), (outer.maxX, outer.maxY), (inner.maxX, inner.maxY), (inner.maxX, inner.y)])
        side(widths.bottom, colors.bottom, styles.bottom, topLeft: false, [(outer.maxX, outer.maxY), (outer.x, outer.maxY), (inner.x, inner.maxY), (inner.maxX, inner.maxY)])
        side(widths.left, colors.left, styles.left, topLeft: true, [(outer.x, outer.maxY), (outer.x, outer.y), (inner.x, inner.y), (inner.x, inner.maxY)])
    }

    /// `inset` darkens the top and left sides, `outset` the bottom and right, as browsers
    /// draw bevels.
    private static func shade(_ color: RGBA, _ style: BorderStyle, topLeft: Bool) -> RGBA {
        let darken = (style == .inset || style == .groove) ? topLeft : (style == .outset || style == .ridge) ? !topLeft : false
        guard darken else { return color }
        return RGBA(r: color.r * 2 / 3, g: color.g * 2 / 3, b: color.b * 2 / 3, a: color.a)
    }
}

extension Canvas {
    func polygon(_ points: [(Double, Double)]) {
        guard let first = points.first else { return }
        cairoMove(first.0, first.1)
        for point in points.dropFirst() { cairoLine(point.0, point.1) }
        cairoFillPath()
    }
}
