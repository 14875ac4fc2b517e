import CCairo

extension Canvas {
    /// A run's glyphs in its colour. Outline fonts are drawn as WebKit's Skia draws them
    /// (`GlyphMasks`, `MaskGamma`): each glyph at its quarter-pixel phase, its coverage bent by
    /// the colour's gamma table, all of the run's glyphs added into one mask painted once.
    /// Colour fonts, large text, and transforms that rotate or stretch stay with cairo.
    func drawGlyphs(_ run: GlyphRun) {
        if let upright = run.upright { return drawUpright(run, upright) }
        guard let coverage = glyphCoverage([run], table: MaskGamma.table(for: run.color)) else {
            setColor(run.color)
            cairo_set_scaled_font(context, run.font.scaledFont)
            var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
            cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
            return
        }
        guard let coverage = coverage else { return }  // nothing inside the clip
        cairo_save(context)
        cairo_identity_matrix(context)
        setColor(run.color)
        cairo_mask_surface(context, coverage.surface, Double(coverage.area.left), Double(coverage.area.top))
        cairo_restore(context)
    }

    /// A run with glyphs that stand upright in a vertical line: those turned back a quarter
    /// turn about the middle of their advance (`UprightGlyphs`), by cairo; the others as usual.
    private func drawUpright(_ run: GlyphRun, _ upright: UprightGlyphs) {
        var sideways = run
        sideways.upright = nil
        sideways.glyphs = zip(run.glyphs, upright.halfAdvances).filter { $0.1 == nil }.map(\.0)
        if !sideways.glyphs.isEmpty { drawGlyphs(sideways) }
        setColor(run.color)
        cairo_set_scaled_font(context, run.font.scaledFont)
        for (glyph, halfAdvance) in zip(run.glyphs, upright.halfAdvances) {
            guard let halfAdvance else { continue }
            cairo_save(context)
            cairo_translate(context, glyph.x + halfAdvance, glyph.y - upright.centreAboveBaseline)
            cairo_rotate(context, -Double.pi / 2)
            var placed = cairo_glyph_t(index: UInt(glyph.index), x: -halfAdvance, y: halfAdvance)
            cairo_show_glyphs(context, &placed, 1)
            cairo_restore(context)
        }
    }

    /// The runs' glyphs added into one A8 surface, through `table`, where the clip lets them
    /// show: nil when cairo must draw them (a colour font, large text, a rotating or
    /// stretching transform); .some(nil) when nothing shows.
    func glyphCoverage(_ runs: [GlyphRun], table: [UInt8]) -> GlyphCoverage?? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let scale = matrix.xx
        guard matrix.xy == 0, matrix.yx == 0, scale == matrix.yy, scale > 0 else { return nil }
        var placements: [GlyphPlacement] = []
        for run in runs {
            guard let masks = run.font.glyphMasks, GlyphMasks.fits(run.font.scaledFont, scale: scale) else { return nil }
            placements.append(GlyphPlacement.place(run.glyphs, matrix: matrix) { masks.mask(glyph: $0, phase: $1, scale: scale) })
        }
        let bounds = placements.compactMap(\.bounds).reduce(nil as PixelArea?) { sum, area in sum.map { $0.union(area) } ?? area }
        guard let area = bounds?.intersection(deviceClipExtents()),
              let coverage = GlyphCoverage(area: area, scratch: glyphScratch) else { return .some(nil) }
        for placed in placements {
            placed.add(into: coverage.data, stride: coverage.stride, area: area, table: table)
        }
        cairo_surface_mark_dirty(coverage.surface)
        return coverage
    }

    /// The clip's extents in device pixels, whole pixels outward.
    private func deviceClipExtents() -> PixelArea {
        cairo_save(context)
        cairo_identity_matrix(context)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        cairo_restore(context)
        let left = Int(max(x0, -1e9).rounded(.down)), top = Int(max(y0, -1e9).rounded(.down))
        return PixelArea(left: left, top: top, width: Int(min(x1, 1e9).rounded(.up)) - left, height: Int(min(y1, 1e9).rounded(.up)) - top)
    }
}

/// Glyph coverage in an A8 surface placed at `area` in device pixels, zeroed. Its pixels are
/// the canvas's scratch buffer when that is free (a run's coverage is painted before the next
/// is made, so the buffer goes from run to run without allocating), else its own.
final class GlyphCoverage {
    let surface: OpaquePointer
    let area: PixelArea
    let data: UnsafeMutablePointer<UInt8>
    let stride: Int
    private let scratch: GlyphScratch?

    init?(area: PixelArea, scratch: GlyphScratch) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(area.width)))
        guard stride > 0 else { return nil }
        let count = stride * area.height
        let borrowed = scratch.inUse ? nil : scratch
        let data = borrowed?.take(count) ?? UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        data.initialize(repeating: 0, count: count)
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_A8, Int32(area.width), Int32(area.height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let borrowed { borrowed.inUse = false } else { data.deallocate() }
            return nil
        }
        self.surface = surface; self.area = area; self.data = data; self.stride = stride; self.scratch = borrowed
    }

    deinit {
        cairo_surface_destroy(surface)
        if let scratch { scratch.inUse = false } else { data.deallocate() }
    }
}

/// A canvas's reusable A8 buffer for glyph coverage, grown as runs need (at most the canvas's
/// clip, in device pixels).
final class GlyphScratch {
    fileprivate var inUse = false
    private var buffer: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    /// The buffer, at least `count` bytes, marked in use.
    fileprivate func take(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if count > capacity {
            buffer?.deallocate()
            capacity = max(count, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        inUse = true
        return buffer!
    }

    deinit { buffer?.deallocate() }
}

extension PixelArea {
    init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left; self.top = top; self.width = width; self.height = height
    }

    func intersection(_ other: PixelArea) -> PixelArea? {
        let x0 = max(left, other.left), y0 = max(top, other.top)
        let x1 = min(left + width, other.left + other.width), y1 = min(top + height, other.top + other.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelArea(left: x0, top: y0, width: x1 - x0, height: y1 - y0)
    }

    func union(_ other: PixelArea) -> PixelArea {
        let x0 = min(left, other.left), y0 = min(top, other.top)
        return PixelArea(left: x0, top: y0, width: max(left + width, other.left + other.width) - x0,
                         height: max(top + height, other.top + other.height) - y0)
    }
}

/// A run's glyph masks at their device pixels, as Skia places glyphs of horizontal text:
/// x to the nearest quarter pixel (a phase of 0–3 and a whole pixel), y to the nearest pixel.
struct GlyphPlacement {
    var masks: [(mask: GlyphMask, x: Int, y: Int)] = []
    var bounds: PixelArea?

    /// The whole pixel and quarter-pixel phase of a device x (Skia adds 1/8, then floors).
    static func quantised(_ x: Double) -> (pixel: Int, phase: Int) {
        let shifted = x + 0.125
        let pixel = shifted.rounded(.down)
        return (Int(pixel), min(3, Int(((shifted - pixel) * 4).rounded(.down))))
    }

    static func place(_ glyphs: [Glyph], matrix: cairo_matrix_t, mask: (UInt32, Int) -> GlyphMask) -> GlyphPlacement {
        var placement = GlyphPlacement()
        placement.masks.reserveCapacity(glyphs.count)
        for glyph in glyphs {
            let x = matrix.xx * glyph.x + matrix.x0, y = matrix.yy * glyph.y + matrix.y0
            // Hostile positions (1e300px) are off every frame.
            guard x.isFinite, y.isFinite, abs(x) < 1e8, abs(y) < 1e8 else { continue }
            let (pixel, phase) = quantised(x)
            let glyphMask = mask(glyph.index, phase)
            guard glyphMask.width > 0 else { continue }
            let left = pixel + glyphMask.left, top = Int((y + 0.5).rounded(.down)) + glyphMask.top
            placement.masks.append((glyphMask, left, top))
            let area = PixelArea(left: left, top: top, width: glyphMask.width, height: glyphMask.height)
            placement.bounds = placement.bounds.map { $0.union(area) } ?? area
        }
        return placement
    }

    /// Adds each mask, through `table`, into an A8 buffer covering `area` (saturating, as
    /// cairo adds a run's glyphs).
    func add(into data: UnsafeMutablePointer<UInt8>, stride: Int, area: PixelArea, table: [UInt8]) {
        table.withUnsafeBufferPointer { table in
            for (mask, left, top) in masks {
                let x0 = max(left, area.left), x1 = min(left + mask.width, area.left + area.width)
                let y0 = max(top, area.top), y1 = min(top + mask.height, area.top + area.height)
                guard x1 > x0, y1 > y0 else { continue }
                mask.coverage.withUnsafeBufferPointer { coverage in
                    for y in y0..<y1 {
                        let source = (y - top) * mask.width - left
                        let row = data + (y - area.top) * stride - area.left
                        for x in x0..<x1 {
                            let value = coverage[source + x]
                            guard value != 0 else { continue }
                            row[x] = UInt8(min(255, Int(row[x]) + Int(table[Int(value)])))
                        }
                    }
                }
            }
        }
    }
}
