import CCairo
import Foundation

extension Canvas {
    /// Tiles painted one by one at most; past that a layer is drawn once into a tile-sized
    /// surface that cairo repeats (as WebKit draws tiled gradients through an image buffer).
    static let maximumDirectTiles = 64

    /// One background layer: its tiles over the painted area, with its blend mode.
    func drawBackgroundLayer(_ layer: BackgroundLayerPaint) {
        // WebKit snaps the clip and the tile to device pixels (a 1 px rule at y = 250.7 fills
        // the pixel row 251, not two half-covered rows).
        // `space` gaps are whole device pixels too; a tile is at least one device pixel.
        var layer = layer
        let pixel = deviceScale
        let gapX = layer.periodX.map { max(0, $0 - layer.tile.width) }, gapY = layer.periodY.map { max(0, $0 - layer.tile.height) }
        layer.clip = snappedToDevicePixels(layer.clip)
        var snapped = snappedToDevicePixels(layer.tile)
        snapped.width = max(snapped.width, 1 / pixel)
        snapped.height = max(snapped.height, 1 / pixel)
        layer.tile = snapped
        layer.periodX = gapX.map { snapped.width + ($0 * pixel).rounded() / pixel }
        layer.periodY = gapY.map { snapped.height + ($0 * pixel).rounded() / pixel }
        guard let area = layer.paintedArea else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_rectangle(context, area.x, area.y, area.width, area.height)
        cairo_clip(context)
        if let runs = layer.textClip {
            // WebKit paints the text in black into a mask and the layer through it.
            if let coverage = glyphCoverage(runs, table: MaskGamma.table(for: RGBA(r: 0, g: 0, b: 0, a: 1))) {
                guard let coverage else { return }
                cairo_push_group(context)
                cairo_set_operator(context, CAIRO_OPERATOR_OVER)
                paintContent(of: layer, area: area, pixel: pixel)
                cairo_pop_group_to_source(context)
                cairo_set_operator(context, layer.blendMode.cairoOperator)
                cairo_identity_matrix(context)
                cairo_mask_surface(context, coverage.surface, Double(coverage.area.left), Double(coverage.area.top))
                return
            }
            clipToGlyphs(runs)
        }
        cairo_set_operator(context, layer.blendMode.cairoOperator)
        paintContent(of: layer, area: area, pixel: pixel)
    }

    /// The layer's colour, image or gradient tiles over `area` (already clipped).
    private func paintContent(of layer: BackgroundLayerPaint, area: Rect, pixel: Double) {
        if case .color(let colour) = layer.content {
            setColor(colour)
            cairo_paint(context)
            return
        }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        guard let visible = area.intersection(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) else { return }
        let tile = layer.tile
        let periodX = layer.periodX ?? tile.width, periodY = layer.periodY ?? tile.height
        if case .image(let image) = layer.content, periodX == tile.width, periodY == tile.height {
            let device = deviceSize(tile.width, tile.height)
            _ = image.withSurface(deviceWidth: device.width, deviceHeight: device.height) { surface, pixelWidth, pixelHeight in
                paintRepeated(surface, size: (Double(pixelWidth), Double(pixelHeight)), tile: tile)
            }
            return
        }
        let geometry: GradientGeometry?
        if case .gradient(let gradient) = layer.content {
            geometry = GradientGeometry(gradient, width: tile.width, height: tile.height)
        } else {
            geometry = nil
        }
        // The tiles that meet the visible part: their first indices and counts.
        let firstX = ((visible.x - tile.x) / periodX).rounded(.down), firstY = ((visible.y - tile.y) / periodY).rounded(.down)
        func count(_ value: Double) -> Int { value.isFinite ? Int(min(1e6, max(0, value))) : 0 }
        let countX = layer.periodX == nil ? 1 : count(((visible.maxX - tile.x) / periodX).rounded(.up) - firstX)
        let countY = layer.periodY == nil ? 1 : count(((visible.maxY - tile.y) / periodY).rounded(.up) - firstY)
        let startX = layer.periodX == nil ? tile.x : tile.x + firstX * periodX
        let startY = layer.periodY == nil ? tile.y : tile.y + firstY * periodY
        // Many small tiles: one period drawn at device resolution, repeated by cairo. Large
        // periods (a tall column repeated across) are drawn tile by tile: they are few.
        let pixelsX = max(1, Int(min(1e6, periodX * pixel).rounded())), pixelsY = max(1, Int(min(1e6, periodY * pixel).rounded()))
        let offscreenFits = pixelsX <= 4096 && pixelsY <= 4096 && pixelsX * pixelsY <= 4_000_000
        if countX * countY <= Self.maximumDirectTiles || !offscreenFits {
            for row in 0..<max(0, min(countY, 4096)) {
                for column in 0..<max(0, min(countX, 4096)) {
                    let placed = Rect(x: startX + Double(column) * periodX, y: startY + Double(row) * periodY, width: tile.width, height: tile.height)
                    guard let part = placed.intersection(visible) else { continue }
                    paintTile(layer.content, geometry, at: placed, part: part)
                }
            }
            return
        }
        guard let offscreen = Canvas(pixelWidth: pixelsX, pixelHeight: pixelsY, scale: 1) else { return }
        cairo_scale(offscreen.context, Double(pixelsX) / periodX, Double(pixelsY) / periodY)
        let local = Rect(x: 0, y: 0, width: tile.width, height: tile.height)
        offscreen.paintTile(layer.content, geometry, at: local, part: local)
        paintRepeated(offscreen.surface, size: (Double(pixelsX), Double(pixelsY)),
                      tile: Rect(x: tile.x, y: tile.y, width: periodX, height: periodY))
    }

    /// Narrows the clip to the outlines of `runs` (nothing is left when there are none).
    private func clipToGlyphs(_ runs: [GlyphRun]) {
        cairo_new_path(context)
        for run in runs {
            cairo_set_scaled_font(context, run.font.scaledFont)
            var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
            cairo_glyph_path(context, &glyphs, Int32(glyphs.count))
        }
        cairo_clip(context)
    }

    /// One tile of the layer's content at `placed`, painted where it meets `part`.
    private func paintTile(_ content: BackgroundLayerPaint.Content, _ geometry: GradientGeometry?, at placed: Rect, part: Rect) {
        switch content {
        case .gradient:
            guard let geometry else { return }
            paintGradient(geometry, origin: (placed.x, placed.y), area: part)
        case .color(let colour):
            fill(part, colour)
        case .image(let image):
            drawImage(image, placedAt: placed, clippedTo: part)
        }
    }

    /// `surface` (of `size` pixels) stretched to `tile` and repeated over the current clip.
    private func paintRepeated(_ surface: OpaquePointer, size: (Double, Double), tile: Rect) {
        let pattern = CairoPattern(cairo_pattern_create_for_surface(surface))
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, size.0 / tile.width, size.1 / tile.height)
        cairo_matrix_translate(&matrix, -tile.x, -tile.y)
        cairo_pattern_set_matrix(pattern.pointer, &matrix)
        cairo_pattern_set_extend(pattern.pointer, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern.pointer, CAIRO_FILTER_BILINEAR)
        cairo_set_source(context, pattern.pointer)
        cairo_paint(context)
    }
}
