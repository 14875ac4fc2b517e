import CCairo
import Foundation

/// Draws a `border-image` (CSS Backgrounds §6): the source cut by its slices into nine
/// parts, each scaled into its cell of the border image area; the edge parts (and the
/// middle with `fill`) tiled as `border-image-repeat` says.
extension Canvas {
    /// A generated source is rendered at most this many device pixels a side (a gradient is
    /// smooth: scaled up from there it looks the same, and a huge box costs no more).
    private static let maximumGeneratedSide = 1024.0
    /// `space` draws tiles one by one; past this many it tiles like `repeat` instead.
    private static let maximumSpacedTiles = 4096

    func drawBorderImage(_ placement: BorderImagePlacement) {
        guard let source = sourceSurface(placement) else { return }
        defer { if source.owned { cairo_surface_destroy(source.surface) } }
        let p = placement, area = p.area
        let sx = [0, p.slices.left, p.sourceWidth - p.slices.right, p.sourceWidth]
        let sy = [0, p.slices.top, p.sourceHeight - p.slices.bottom, p.sourceHeight]
        let dx = [area.x, area.x + p.widths.left, area.maxX - p.widths.right, area.maxX]
        let dy = [area.y, area.y + p.widths.top, area.maxY - p.widths.bottom, area.maxY]
        // The factors that scale the edge parts to the border widths (§6.5): the middle takes
        // the top's (else the bottom's) horizontally and the left's (else the right's) vertically.
        func factor(_ width: Double, _ slice: Double) -> Double? { slice > 0 && width > 0 ? width / slice : nil }
        let horizontalFactor = factor(p.widths.top, p.slices.top) ?? factor(p.widths.bottom, p.slices.bottom)
        let verticalFactor = factor(p.widths.left, p.slices.left) ?? factor(p.widths.right, p.slices.right)
        for row in 0..<3 {
            for column in 0..<3 {
                if row == 1 && column == 1 && !p.fill { continue }
                let slice = Rect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let cell = Rect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                guard slice.width > 0, slice.height > 0, cell.width > 0, cell.height > 0 else { continue }
                // Corners stretch; the top and bottom edges tile across, the left and right down.
                var tileWidth = cell.width, tileHeight = cell.height
                var repeatX = BorderImage.Repeat.stretch, repeatY = BorderImage.Repeat.stretch
                if column == 1 {
                    repeatX = p.repeatX
                    let scale = row == 1 ? (horizontalFactor ?? 1) : cell.height / slice.height
                    tileWidth = slice.width * scale
                }
                if row == 1 {
                    repeatY = p.repeatY
                    let scale = column == 1 ? (verticalFactor ?? 1) : cell.width / slice.width
                    tileHeight = slice.height * scale
                }
                drawPart(source, slice: slice, cell: cell,
                         across: BorderImageTiling(length: cell.width, tile: tileWidth, rule: repeatX),
                         down: BorderImageTiling(length: cell.height, tile: tileHeight, rule: repeatY))
            }
        }
    }

    private struct SourceSurface {
        var surface: OpaquePointer
        var owned: Bool
        /// Surface pixels per source unit.
        var scaleX: Double, scaleY: Double
    }

    private func sourceSurface(_ placement: BorderImagePlacement) -> SourceSurface? {
        switch placement.source {
        case .image(let image):
            // A raster image's own pixels; an SVG rasterised at its size in device pixels.
            let scale = deviceScale
            return image.withSurface(deviceWidth: placement.sourceWidth * scale, deviceHeight: placement.sourceHeight * scale) { surface, width, height in
                SourceSurface(surface: cairo_surface_reference(surface), owned: true,
                              scaleX: Double(width) / placement.sourceWidth, scaleY: Double(height) / placement.sourceHeight)
            }
        case .generated(let value):
            let scale = deviceScale
            let width = min(Self.maximumGeneratedSide, max(1, (placement.area.width * scale).rounded(.up)))
            let height = min(Self.maximumGeneratedSide, max(1, (placement.area.height * scale).rounded(.up)))
            guard let canvas = Canvas(pixelWidth: Int(width), pixelHeight: Int(height), scale: 1) else { return nil }
            cairo_scale(canvas.context, width / placement.area.width, height / placement.area.height)
            let rect = Rect(x: 0, y: 0, width: placement.area.width, height: placement.area.height)
            switch value {
            case .gradient(let gradient): canvas.fillGradient(gradient, in: rect)
            case .url: return nil
            }
            cairo_surface_flush(canvas.surface)
            // The canvas owns its surface: keep a reference past it.
            return SourceSurface(surface: cairo_surface_reference(canvas.surface), owned: true,
                                 scaleX: width / placement.sourceWidth, scaleY: height / placement.sourceHeight)
        }
    }

    /// One of the nine parts: `slice` of the source tiled over `cell`.
    private func drawPart(_ source: SourceSurface, slice: Rect, cell: Rect, across: BorderImageTiling, down: BorderImageTiling) {
        // The slice's pixels as their own surface, so tiling repeats exactly them.
        let x0 = (slice.x * source.scaleX).rounded(), y0 = (slice.y * source.scaleY).rounded()
        let pixelWidth = max(1, (slice.maxX * source.scaleX).rounded() - x0)
        let pixelHeight = max(1, (slice.maxY * source.scaleY).rounded() - y0)
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else { return }
        defer { cairo_surface_destroy(tile) }
        guard let copier = cairo_create(tile) else { return }
        cairo_set_source_surface(copier, source.surface, -x0, -y0)
        cairo_paint(copier)
        cairo_destroy(copier)

        let columns = across.tiles(), rows = down.tiles()
        let spaced = across.rule == .space || down.rule == .space
        cairo_save(context)
        cairo_rectangle(context, cell.x, cell.y, cell.width, cell.height)
        cairo_clip(context)
        if spaced && columns.count * rows.count <= Self.maximumSpacedTiles {
            for column in columns {
                for row in rows {
                    paintTile(tile, pixelWidth, pixelHeight, at: Rect(x: cell.x + column.start, y: cell.y + row.start, width: column.length, height: row.length),
                              extend: CAIRO_EXTEND_PAD, clipToTile: true)
                }
            }
        } else if let column = columns.first, let row = rows.first {
            let repeats = across.rule != .stretch || down.rule != .stretch
            paintTile(tile, pixelWidth, pixelHeight, at: Rect(x: cell.x + column.start, y: cell.y + row.start, width: column.length, height: row.length),
                      extend: repeats ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD, clipToTile: false)
        }
        cairo_restore(context)
    }

    private func paintTile(_ tile: OpaquePointer, _ pixelWidth: Double, _ pixelHeight: Double, at rect: Rect,
                           extend: cairo_extend_t, clipToTile: Bool) {
        guard rect.width > 0, rect.height > 0, let pattern = cairo_pattern_create_for_surface(tile) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, pixelWidth / rect.width, pixelHeight / rect.height)
        cairo_matrix_translate(&matrix, -rect.x, -rect.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, extend)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_save(context)
        if clipToTile {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(context)
        }
        cairo_set_source(context, pattern)
        cairo_paint(context)
        cairo_restore(context)
    }
}

/// How one part's tiles lie along one axis of its cell (CSS Backgrounds §6.5): `stretch`
/// one tile over the whole length; `repeat` whole tiles centred on the cell; `round` a whole
/// number of tiles, resized to fit; `space` whole tiles with equal gaps around them.
struct BorderImageTiling {
    var length: Double
    var tile: Double
    var rule: BorderImage.Repeat

    /// Tile starts and lengths along the cell; for `repeat` and `round` only the first one
    /// (the pattern repeats from it), for `space` every one (none if not one fits).
    func tiles() -> [(start: Double, length: Double)] {
        guard length > 0 else { return [] }
        guard tile > 0, tile.isFinite else { return [(0, length)] }
        switch rule {
        case .stretch:
            return [(0, length)]
        case .repeat:
            // A tile is centred on the cell; the pattern repeats from the one at or before 0.
            let centred = (length - tile) / 2
            let first = centred - (centred / tile).rounded(.up) * tile
            return [(first, tile)]
        case .round:
            let count = max(1, (length / tile).rounded())
            return [(0, length / count)]
        case .space:
            let count = (length / tile).rounded(.down)
            guard count >= 1 else { return [] }
            let gap = (length - count * tile) / (count + 1)
            return (0..<Int(min(count, 100_000))).map { (gap + Double($0) * (tile + gap), tile) }
        }
    }
}
