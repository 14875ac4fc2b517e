import CCairo
import Foundation

/// SVG path segments as a cairo path (elliptical arcs through their centre form, SVG 2
/// implementation notes B.2.4).
enum PathDrawing {
    static func add(_ segments: [PathSegment], to context: OpaquePointer) {
        var current = (x: 0.0, y: 0.0)
        for segment in segments {
            switch segment {
            case .move(let x, let y):
                cairo_move_to(context, x, y); current = (x, y)
            case .line(let x, let y):
                cairo_line_to(context, x, y); current = (x, y)
            case .cubic(let x1, let y1, let x2, let y2, let x, let y):
                cairo_curve_to(context, x1, y1, x2, y2, x, y); current = (x, y)
            case .arc(let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
                arc(from: current, to: (x, y), rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep, on: context)
                current = (x, y)
            case .close:
                cairo_close_path(context)
                var x = 0.0, y = 0.0
                if cairo_has_current_point(context) != 0 { cairo_get_current_point(context, &x, &y) }
                current = (x, y)
            }
        }
    }

    private static func arc(from start: (x: Double, y: Double), to end: (x: Double, y: Double), rx: Double, ry: Double,
                            rotation: Double, largeArc: Bool, sweep: Bool, on context: OpaquePointer) {
        guard rx > 0, ry > 0, start != end else { cairo_line_to(context, end.x, end.y); return }
        let phi = rotation * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        var rx = rx, ry = ry
        // Radii too small to reach are scaled up until they do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
        let angle1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        let angle2 = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
        var delta = angle2 - angle1
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        cairo_save(context)
        cairo_translate(context, cx, cy)
        cairo_rotate(context, phi)
        cairo_scale(context, rx, ry)
        if sweep { cairo_arc(context, 0, 0, 1, angle1, angle1 + delta) } else { cairo_arc_negative(context, 0, 0, 1, angle1, angle1 + delta) }
        cairo_restore(context)
    }
}
