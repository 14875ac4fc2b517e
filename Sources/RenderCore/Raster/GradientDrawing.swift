import CCairo
import Foundation

/// A cairo pattern, destroyed with its owner.
final class CairoPattern {
    let pointer: OpaquePointer  // cairo_pattern_t*

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_pattern_destroy(pointer) }
}

extension Canvas {
    /// The most device pixels a conic gradient is computed for in one paint; past that it is
    /// computed coarser and scaled up (a bound on work for hostile sizes).
    static let maximumSweepPixels = 4_000_000.0

    /// `gradient` filling `rect`.
    func fillGradient(_ gradient: CSSGradient, in rect: Rect) {
        paintGradient(GradientGeometry(gradient, width: rect.width, height: rect.height), origin: (rect.x, rect.y), area: rect)
    }

    /// Paints `geometry` (resolved for a tile whose top-left is `origin`) over `area`, inside
    /// the current clip, with the current operator.
    func paintGradient(_ geometry: GradientGeometry, origin: (x: Double, y: Double), area: Rect) {
        switch geometry.shape {
        case .solid(let colour):
            guard colour.a > 0 else { return }
            fill(area, colour)
        case .line(let x0, let y0, let x1, let y1):
            let pattern = CairoPattern(cairo_pattern_create_linear(origin.x + x0, origin.y + y0, origin.x + x1, origin.y + y1))
            fillArea(area, with: pattern, geometry)
        case .circles(let x0, let y0, let r0, let x1, let y1, let r1, let yScale):
            let pattern = CairoPattern(cairo_pattern_create_radial(origin.x + x0, origin.y + y0, r0, origin.x + x1, origin.y + y1, r1))
            if yScale != 1 {
                // Ellipses: user space squeezed vertically about the centre into circles.
                let cy = origin.y + y1
                var matrix = cairo_matrix_t()
                cairo_matrix_init(&matrix, 1, 0, 0, 1 / yScale, 0, cy - cy / yScale)
                cairo_pattern_set_matrix(pattern.pointer, &matrix)
            }
            fillArea(area, with: pattern, geometry)
        case .sweep(let cx, let cy, let start):
            paintSweep(geometry, centre: (origin.x + cx, origin.y + cy), start: start, area: area)
        }
    }

    private func fillArea(_ area: Rect, with pattern: CairoPattern, _ geometry: GradientGeometry) {
        for stop in geometry.stopsForUnpremultipliedInterpolation {
            cairo_pattern_add_color_stop_rgba(pattern.pointer, min(1, max(0, stop.offset)), stop.color.r, stop.color.g, stop.color.b, stop.color.a)
        }
        cairo_pattern_set_extend(pattern.pointer, geometry.repeating ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        cairo_save(context)
        cairo_rectangle(context, area.x, area.y, area.width, area.height)
        cairo_set_source(context, pattern.pointer)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// A conic gradient, computed per device pixel at pixel centres (as Skia's sweep shader
    /// does) over the part of `area` inside the clip, from a table of colours around the turn.
    private func paintSweep(_ geometry: GradientGeometry, centre: (x: Double, y: Double), start: Double, area: Rect) {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        guard let region = area.intersection(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)),
              region.width > 0, region.height > 0 else { return }
        var scale = deviceScale
        let wanted = region.width * region.height * scale * scale
        if wanted > Self.maximumSweepPixels { scale *= (Self.maximumSweepPixels / wanted).squareRoot() }
        let width = max(1, Int((region.width * scale).rounded(.up))), height = max(1, Int((region.height * scale).rounded(.up)))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let table = Self.sweepTable(geometry)
        let stepX = region.width / Double(width), stepY = region.height / Double(height)
        for row in 0..<height {
            let dy = region.y + (Double(row) + 0.5) * stepY - centre.y
            let line = (data + row * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for column in 0..<width {
                let dx = region.x + (Double(column) + 0.5) * stepX - centre.x
                // Clockwise from up, in turns from the start angle.
                var turn = (atan2(dx, -dy) - start) / (2 * .pi)
                turn -= turn.rounded(.down)
                if !turn.isFinite { turn = 0 }
                line[column] = table[min(table.count - 1, Int(turn * Double(table.count)))]
            }
        }
        cairo_surface_mark_dirty(surface)
        cairo_save(context)
        cairo_rectangle(context, region.x, region.y, region.width, region.height)
        cairo_clip(context)
        cairo_translate(context, region.x, region.y)
        cairo_scale(context, stepX, stepY)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), scale < deviceScale ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Premultiplied ARGB colours at 4096 steps around the turn (sampled at step centres).
    private static func sweepTable(_ geometry: GradientGeometry) -> [UInt32] {
        let steps = 4096
        return (0..<steps).map { step in
            let c = geometry.color(at: (Double(step) + 0.5) / Double(steps))
            func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
            let a = byte(c.a)
            return a << 24 | byte(c.r * c.a) << 16 | byte(c.g * c.a) << 8 | byte(c.b * c.a)
        }
    }

    /// Device pixels per user unit along x (the canvas scale, and any transform's).
    var deviceScale: Double {
        var dx = 1.0, dy = 0.0
        cairo_user_to_device_distance(context, &dx, &dy)
        return max(0.01, hypot(dx, dy))
    }
}
