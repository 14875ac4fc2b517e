import CCairo
import Foundation

/// A box's border as WebKit's BorderPainter draws it. The border box is snapped to device
/// pixels and the widths floored to them; each side is clipped to its part of the box, cut
/// from the outer corner through the inner one, and painted in its style: a ring (solid,
/// `inset`, `outset`), two rings (`double`, `groove`, `ridge`) or dashes. Sides that paint
/// alike are drawn together so no seam shows where they meet. Square borders are drawn
/// without antialiasing, as WebKit draws them; rounded ones with it.
extension Canvas {
    private static let maximumRoundedDashes = 200_000.0

    func drawBorder(_ rect: Rect, radii: CornerRadii, widths: Edges<Double>, colors: Edges<RGBA>, styles: Edges<BorderStyle>) {
        let scale = deviceScale
        let outer = snappedToDevicePixels(rect)
        let widths = Edges(top: BorderGeometry.devicePixelWidth(widths.top, scale: scale),
                           right: BorderGeometry.devicePixelWidth(widths.right, scale: scale),
                           bottom: BorderGeometry.devicePixelWidth(widths.bottom, scale: scale),
                           left: BorderGeometry.devicePixelWidth(widths.left, scale: scale))
        let geometry = BorderGeometry(outer: outer, radii: radii, widths: widths)
        let rounded = !radii.isZero
        cairo_save(context)
        // WebKit antialiases border lines only under a scaling transform (shouldAntialiasLines):
        // at scale 1 square borders have hard corners and dash ends.
        let hardEdges = !rounded && abs(scale - 1) < 1e-9
        if hardEdges { cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE) }
        // WebKit's order: top, bottom, left, right.
        var sides: [(BoxSide, BorderPaint)] = []
        for side in [BoxSide.top, .bottom, .left, .right] {
            let width = geometry.widths[side]
            if let paint = BorderPaint(style: styles[side], color: colors[side], side: side, width: width, scale: scale) {
                sides.append((side, paint))
            }
        }
        var done = Set<Int>()
        for (index, (side, paint)) in sides.enumerated() where !done.contains(index) {
            if case .dashes = paint.kind, !rounded {
                drawStraightDashes(geometry.sideRect(side), side: side, paint: paint, hardEdges: hardEdges)
                done.insert(index)
                continue
            }
            // Sides that paint alike share one clip: their wedges together.
            let alike = sides.indices.filter { !done.contains($0) && sides[$0].1 == paint }
            cairo_save(context)
            // When every side with a width paints alike, the ring is the border: no clip (the
            // common case, and cairo's spans compositor asserts on some clips of several
            // disjoint wedges, such as a top and a bottom border alone).
            let sidesWithWidth = [BoxSide.top, .bottom, .left, .right].filter { geometry.widths[$0] > 0 }.count
            if alike.count < sidesWithWidth {
                cairo_new_path(context)
                for other in alike { polygon(geometry.wedge(sides[other].0)) }
                cairo_clip(context)
            }
            paintSide(paint, geometry: geometry)
            cairo_restore(context)
            done.formUnion(alike)
        }
        cairo_restore(context)
    }

    private func polygon(_ points: [(Double, Double)]) {
        guard let first = points.first else { return }
        cairo_move_to(context, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(context, point.0, point.1) }
        cairo_close_path(context)
    }

    /// Fills the ring between the outer edge inset by `from` and by `to` (per side).
    private func ring(_ geometry: BorderGeometry, from: Edges<Double>, to: Edges<Double>, _ color: RGBA) {
        let (outerRect, outerRadii) = geometry.edge(insetBy: from)
        let (innerRect, innerRadii) = geometry.edge(insetBy: to)
        roundedRectPath(outerRect, outerRadii)
        if innerRect.width > 0 && innerRect.height > 0 { roundedRectPath(innerRect, innerRadii, newPath: false) }
        fillPath(color, evenOdd: true)
    }

    private func paintSide(_ paint: BorderPaint, geometry: BorderGeometry) {
        let none = Edges<Double>(0), all = geometry.widths
        switch paint.kind {
        case .solid:
            ring(geometry, from: none, to: all, paint.color)
        case .double:
            // WebKit: each stripe a third of the width, rounded up to device pixels.
            let third = geometry.widths.map { BorderGeometry.ceilToDevicePixels($0 / 3, scale: deviceScale) }
            ring(geometry, from: none, to: third, paint.color)
            ring(geometry, from: Edges(top: all.top - third.top, right: all.right - third.right,
                                       bottom: all.bottom - third.bottom, left: all.left - third.left), to: all, paint.color)
        case .twoTone(let innerColor):
            // WebKit splits at (y1 + y2 + 1) / 2 from the top or left: an odd pixel goes to the
            // outer half on the top and left sides and to the inner half on the others.
            let scale = deviceScale
            func halves(_ width: Double, outerTakesOdd: Bool) -> Double {
                let pixels = (width * scale).rounded()
                return (outerTakesOdd ? (pixels / 2).rounded(.up) : (pixels / 2).rounded(.down)) / scale
            }
            let half = Edges(top: halves(all.top, outerTakesOdd: true), right: halves(all.right, outerTakesOdd: false),
                             bottom: halves(all.bottom, outerTakesOdd: false), left: halves(all.left, outerTakesOdd: true))
            ring(geometry, from: none, to: half, paint.color)
            ring(geometry, from: half, to: all, innerColor)
        case .dashes(let dotted):
            strokeRoundedDashes(geometry, width: paint.width, dotted: dotted, color: paint.color)
        }
    }

    /// A dashed or dotted side of a rounded border, as WebKit's drawBoxSideFromPath: the
    /// outer edge stroked twice as thick (the inner half is clipped away with everything
    /// outside the ring), dashes `width` (dotted) or three times it (dashed) long, measured
    /// along the outer edge, the gaps a little longer when an odd number would not fit.
    private func strokeRoundedDashes(_ geometry: BorderGeometry, width: Double, dotted: Bool, color: RGBA) {
        roundedRectPath(geometry.outer, geometry.radii)
        let inner = geometry.edge(insetBy: geometry.widths)
        if inner.0.width > 0 && inner.0.height > 0 { roundedRectPath(inner.0, inner.1, newPath: false) }
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        let dash = width * (dotted ? 1 : 3)
        var pattern: [Double] = []
        let count = geometry.outerPerimeter / dash
        // Past this many dashes (a huge box with thin dots) the stroke would take seconds:
        // drawn solid instead, a bound on work like PaintBudget's.
        if count >= 4 && count <= Self.maximumRoundedDashes {
            var gap = dash
            let whole = count.rounded(.towardZero)
            if Int(whole) % 2 == 1 && count != whole { gap += dash / (count / 2) }
            pattern = [dash, gap]
        }
        roundedRectPath(geometry.outer, geometry.radii)  // starts after the top-left corner, as WebKit's path
        setColor(color)
        cairo_set_line_width(context, width * 2 * 1.1)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        // Measured in WebKit: the pattern runs as if it started, with its gap, half-way round
        // the top-left corner; our path starts after that corner, so the phase moves on by half of it.
        let phase = dash + geometry.quarterLength(geometry.radii.topLeft) / 2
        cairo_set_dash(context, pattern, Int32(pattern.count), pattern.isEmpty ? 0 : phase)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    /// A dashed or dotted straight side, as WebKit's cairo drawLine: a solid square (or
    /// longer piece) at each end so corners always show, and dashes between them placed
    /// symmetrically.
    private func drawStraightDashes(_ side: Rect, side which: BoxSide, paint: BorderPaint, hardEdges: Bool) {
        guard case .dashes(let dotted) = paint.kind else { return }
        let vertical = which == .left || which == .right
        let length = vertical ? side.height : side.width
        // Only the pieces inside the clip are made: a side can be far longer than the frame.
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        let visible = vertical ? (y0 - side.y)...(y1 - side.y) : (x0 - side.x)...(x1 - side.x)
        setColor(paint.color)
        for piece in BorderGeometry.straightDashes(length: length, thickness: paint.width, dotted: dotted, within: visible) {
            let start = hardEdges ? snapToDevicePixel(piece.lowerBound) : piece.lowerBound
            let end = hardEdges ? snapToDevicePixel(piece.upperBound) : piece.upperBound
            guard end > start else { continue }
            if vertical {
                cairo_rectangle(context, side.x, side.y + start, side.width, end - start)
            } else {
                cairo_rectangle(context, side.x + start, side.y, end - start, side.height)
            }
        }
        cairo_fill(context)
    }

    private func snapToDevicePixel(_ value: Double) -> Double {
        let scale = deviceScale
        // Half-way cases round up: WebKit's unantialiased dash covers a pixel whose centre it reaches.
        return (value * scale + 1e-6).rounded(.toNearestOrAwayFromZero) / scale
    }
}

/// How one side paints: its colour and the shape its style gives it.
struct BorderPaint: Equatable {
    enum Kind: Equatable {
        case solid, double
        /// Outer half in `color`, inner half in this one (`groove`, `ridge`).
        case twoTone(RGBA)
        case dashes(dotted: Bool)
    }
    var kind: Kind
    var color: RGBA
    var width: Double

    /// Nil for a side that paints nothing.
    init?(style: BorderStyle, color: RGBA, side: BoxSide, width: Double, scale: Double) {
        guard width > 0, color.a > 0 else { return nil }
        self.width = width
        self.color = color
        let devicePixels = width * scale
        switch style {
        case .none, .hidden: return nil
        case .solid: kind = .solid
        // A double border under three device pixels has no room for a gap: WebKit draws it solid.
        case .double: kind = devicePixels >= 3 ? .double : .solid
        case .dashed: kind = .dashes(dotted: false)
        case .dotted: kind = .dashes(dotted: true)
        case .inset, .outset:
            kind = .solid
            self.color = BorderShades.color(color, style: style, side: side)
        case .groove, .ridge:
            let outer = BorderShades.color(color, style: style, side: side)
            let inner = BorderShades.color(color, style: style, side: side, inner: true)
            kind = .twoTone(inner)
            self.color = outer
        }
    }

    /// Only the style's shape and colours decide which sides are drawn together.

    static func == (a: BorderPaint, b: BorderPaint) -> Bool { a.kind == b.kind && a.color == b.color }
}

/// The border's edges in user space: the snapped outer rectangle, its radii and the widths.
struct BorderGeometry {
    var outer: Rect
    var radii: CornerRadii
    var widths: Edges<Double>

    /// The outer edge inset by `amounts`, with radii shrunk alike (WebKit's intermediate
    /// edges for `double`, `groove` and `ridge`).
    func edge(insetBy amounts: Edges<Double>) -> (Rect, CornerRadii) {
        let rect = Rect(x: outer.x + amounts.left, y: outer.y + amounts.top,
                        width: max(0, outer.width - amounts.left - amounts.right),
                        height: max(0, outer.height - amounts.top - amounts.bottom))
        return (rect, radii.inset(by: amounts))
    }

    /// The whole length of a side's band, corners included (WebKit's side rects).
    func sideRect(_ side: BoxSide) -> Rect {
        switch side {
        case .top: return Rect(x: outer.x, y: outer.y, width: outer.width, height: widths.top)
        case .bottom: return Rect(x: outer.x, y: outer.maxY - widths.bottom, width: outer.width, height: widths.bottom)
        case .left: return Rect(x: outer.x, y: outer.y, width: widths.left, height: outer.height)
        case .right: return Rect(x: outer.maxX - widths.right, y: outer.y, width: widths.right, height: outer.height)
        }
    }

    /// The part of the box that belongs to `side`: from its two outer corners along the lines
    /// through the inner corners, as far as the box's centre lines, then to the centre. The
    /// four wedges tile the box.
    func wedge(_ side: BoxSide) -> [(Double, Double)] {
        let centre = (outer.x + outer.width / 2, outer.y + outer.height / 2)
        let inner = edge(insetBy: widths).0
        func reach(_ corner: (Double, Double), _ through: (Double, Double)) -> (Double, Double) {
            let dx = through.0 - corner.0, dy = through.1 - corner.1
            var t = Double.infinity
            if abs(dx) > 1e-9 { t = min(t, (centre.0 - corner.0) / dx) }
            if abs(dy) > 1e-9 { t = min(t, (centre.1 - corner.1) / dy) }
            if !t.isFinite || t < 0 { return corner }
            return (corner.0 + t * dx, corner.1 + t * dy)
        }
        let topLeft = ((outer.x, outer.y), reach((outer.x, outer.y), (inner.x, inner.y)))
        let topRight = ((outer.maxX, outer.y), reach((outer.maxX, outer.y), (inner.maxX, inner.y)))
        let bottomRight = ((outer.maxX, outer.maxY), reach((outer.maxX, outer.maxY), (inner.maxX, inner.maxY)))
        let bottomLeft = ((outer.x, outer.maxY), reach((outer.x, outer.maxY), (inner.x, inner.maxY)))
        let (first, second) = switch side {
        case .top: (topLeft, topRight)
        case .right: (topRight, bottomRight)
        case .bottom: (bottomRight, bottomLeft)
        case .left: (bottomLeft, topLeft)
        }
        return [first.0, first.1, centre, second.1, second.0]
    }

    /// The outer edge's length (straight parts and quarter ellipses).
    var outerPerimeter: Double {
        let quarter = quarterLength
        let straight = 2 * (outer.width + outer.height)
            - (radii.topLeft.width + radii.topRight.width + radii.bottomLeft.width + radii.bottomRight.width)
            - (radii.topLeft.height + radii.topRight.height + radii.bottomLeft.height + radii.bottomRight.height)
        return straight + quarter(radii.topLeft) + quarter(radii.topRight) + quarter(radii.bottomRight) + quarter(radii.bottomLeft)
    }

    /// A quarter ellipse's length (Ramanujan's formula).
    func quarterLength(_ size: CornerSize) -> Double {
        guard !size.isZero else { return 0 }
        let a = size.width, b = size.height
        let h = pow(a - b, 2) / pow(a + b, 2)
        return Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot())) / 4
    }

    /// WebKit floors border widths to device pixels, and keeps a thinner non-zero one at one.
    static func devicePixelWidth(_ width: Double, scale: Double) -> Double {
        guard width > 0 else { return 0 }
        return max(1, ((width * scale) + 1e-6).rounded(.down)) / scale
    }

    static func ceilToDevicePixels(_ value: Double, scale: Double) -> Double {
        ((value * scale) - 1e-6).rounded(.up) / scale
    }

    /// The painted pieces along a straight dashed or dotted side of `length`, as WebKit's
    /// cairo drawLine places them: a corner piece at each end (the thickness for dots; for
    /// dashes a third of the side, between one and two thicknesses), then dashes and gaps
    /// of equal length (the thickness for dots; for dashes a third of what is left, at most
    /// three thicknesses), offset so they sit symmetrically between the corner pieces.
    static func straightDashes(length: Double, thickness: Double, dotted: Bool,
                               within visible: ClosedRange<Double> = -Double.infinity...Double.infinity) -> [ClosedRange<Double>] {
        guard length > 0, thickness > 0 else { return [] }
        let corner = min(length / 2, dotted ? thickness : min(2 * thickness, max(thickness, length / 3)))
        var pieces = [0...corner, (length - corner)...length]
        let middle = length - 2 * corner
        let pattern = dotted ? thickness : min(3 * thickness, max(thickness, middle / 3))
        guard middle > pattern + 1 else { return pieces }
        let offset = patternOffset(pattern: pattern, length: middle)
        // Dash k covers [2k·p − offset, (2k+1)·p − offset] along the middle part.
        var start = -offset
        // Skip whole periods before the visible range.
        let firstVisible = visible.lowerBound - corner
        if firstVisible > start { start += ((firstVisible - start) / (2 * pattern)).rounded(.down) * 2 * pattern }
        while start < middle && corner + start <= visible.upperBound {
            let end = start + pattern
            let clipped = (max(0, start), min(middle, end))
            if clipped.1 > clipped.0 { pieces.append((corner + clipped.0)...(corner + clipped.1)) }
            start += 2 * pattern
        }
        return pieces
    }

    /// GraphicsContext::dashedLinePatternOffsetForPatternAndStrokeWidth: start in a gap after
    /// the corner; with an even number of dashes or a remainder, shift to balance the ends.
    static func patternOffset(pattern: Double, length: Double) -> Double {
        var offset = pattern
        let segments = Int((length / pattern).rounded(.down))
        let odd = segments % 2 == 1
        let remainder = length - Double(segments) * pattern
        if odd && remainder > 0 {
            offset -= remainder / 2
        } else if !odd {
            if remainder > 0 { offset += offset - (pattern + remainder) / 2 } else { offset += pattern / 2 }
        }
        return offset
    }
}

extension Edges where Value == Double {
    func map(_ transform: (Double) -> Double) -> Edges<Double> {
        Edges(top: transform(top), right: transform(right), bottom: transform(bottom), left: transform(left))
    }
}

extension Edges {
    subscript(side: BoxSide) -> Value {
        switch side {
        case .top: top
        case .right: right
        case .bottom: bottom
        case .left: left
        }
    }
}
