/// Draws display-list entries onto a canvas.
enum Rasterizer {
    /// `placement` says where this frame's fixed and sticky boxes are (`AnchorPlacement`).
    static func draw(_ entries: [DisplayList.Entry], on canvas: Canvas, placement: AnchorPlacement = .laidOut) {
        FontAccess.shared.lockShared()
        defer { FontAccess.shared.unlock() }
        canvas.beginDocument()
        // How far the open anchors move their content, innermost last (nested ones add up).
        var moved: [(dx: Double, dy: Double)] = []
        for entry in entries {
            switch entry.item {
            case .pushScrollAnchor(let anchor):
                // The subtree moves as a whole; its clips and groups are balanced inside.
                let outer = moved.last ?? (0, 0)
                let move = placement.translation(of: anchor, outer: outer)
                moved.append((outer.dx + move.dx, outer.dy + move.dy))
                canvas.save()
                canvas.translate(move.dx, move.dy)
            case .popScrollAnchor:
                _ = moved.popLast()
                canvas.restore()
            default:
                draw(entry.item, bounds: entry.bounds, on: canvas)
            }
        }
    }

    private static func draw(_ item: DisplayList.Item, bounds: Rect, on canvas: Canvas) {
            switch item {
            case .fill(let rect, let color):
                // Backgrounds fill whole device pixels, as WebKit snaps them.
                canvas.fill(canvas.snappedToDevicePixels(rect), color)
            case .border(let rect, let widths, let colors, let styles):
                canvas.drawBorder(rect, radii: .zero, widths: widths, colors: colors, styles: styles)
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
            case .backgroundLayer(let layer):
                canvas.drawBackgroundLayer(layer)
            case .boxShadow(let shadow):
                canvas.drawBoxShadow(shadow)
            case .backdropFilter(let rect, let radii, let filters):
                canvas.drawBackdrop(rect, radii: radii, filters: filters)
            case .roundedFill(let rect, let radii, let color):
                canvas.roundedRectPath(canvas.snappedToDevicePixels(rect), radii)
                canvas.fillPath(color)
            case .roundedBorder(let rect, let radii, let widths, let colors, let styles):
                canvas.drawBorder(rect, radii: radii, widths: widths, colors: colors, styles: styles)
            case .borderImage(let placement):
                canvas.drawBorderImage(placement)
            case .controlGlyph(let glyph, let rect, let colour):
                canvas.drawControlGlyph(glyph, in: rect, colour)
            case .pushRoundedClip(let rect, let radii):
                canvas.save()
                canvas.roundedRectPath(canvas.snappedToDevicePixels(rect), radii)
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
                canvas.clip(to: canvas.snappedToDevicePixels(rect))
            case .popClip:
                canvas.restore()
            case .pushScrollAnchor, .popScrollAnchor:
                break  // only at the top level (`draw(_:on:placement:)`); a mask layer has none
            }
    }
}
