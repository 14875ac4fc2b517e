import Foundation

/// A gradient resolved against the box it fills (CSS Images 3 §3): where its line, circles or
/// centre lie in the box's coordinates, and its stops as offsets along them with colours.
struct GradientGeometry: Equatable {
    enum Shape: Equatable {
        /// The gradient line from start to end.
        case line(x0: Double, y0: Double, x1: Double, y1: Double)
        /// From the start circle to the end circle; `yScale` stretches circles into ellipses
        /// vertically about the end centre (ry / rx).
        case circles(x0: Double, y0: Double, r0: Double, x1: Double, y1: Double, r1: Double, yScale: Double)
        /// Around the centre, clockwise from `startAngle` (radians, 0 = up).
        case sweep(cx: Double, cy: Double, startAngle: Double)
        /// A degenerate shape (a zero-sized ellipse, a repeating gradient of zero period): one colour.
        case solid(RGBA)
    }

    struct Stop: Equatable {
        var offset: Double
        var color: RGBA
    }

    var shape: Shape
    /// Offsets along the shape: 0 at its start, 1 at its end; for sweeps, turns.
    var stops: [Stop]
    var repeating: Bool

    /// `gradient` filling a box of `width` × `height` whose top-left is the origin.
    init(_ gradient: CSSGradient, width: Double, height: Double) {
        repeating = gradient.repeating
        var length = 1.0
        switch gradient.kind {
        case .linear(let direction):
            let degrees: Double
            switch direction {
            case .angle(let value): degrees = value
            case .corner(let right, let down):
                // The line is perpendicular to the diagonal that joins the two other corners.
                degrees = atan2((right ? 1 : -1) * height, (down ? -1 : 1) * width) * 180 / .pi
            }
            let radians = degrees * .pi / 180
            let dx = sin(radians), dy = -cos(radians)
            length = abs(width * dx) + abs(height * dy)
            let cx = width / 2, cy = height / 2
            shape = .line(x0: cx - dx * length / 2, y0: cy - dy * length / 2, x1: cx + dx * length / 2, y1: cy + dy * length / 2)
        case .pointToPoint(let start, let end):
            let x0 = start.x.resolve(width), y0 = start.y.resolve(height)
            let x1 = end.x.resolve(width), y1 = end.y.resolve(height)
            length = hypot(x1 - x0, y1 - y0)
            shape = .line(x0: x0, y0: y0, x1: x1, y1: y1)
        case .twoCircles(let start, let r0, let end, let r1):
            length = max(r0, r1)
            shape = .circles(x0: start.x.resolve(width), y0: start.y.resolve(height), r0: r0,
                             x1: end.x.resolve(width), y1: end.y.resolve(height), r1: r1, yScale: 1)
        case .radial(let kind, let size, let center):
            let cx = center.x.resolve(width), cy = center.y.resolve(height)
            let (rx, ry) = Self.radii(kind, size, cx: cx, cy: cy, width: width, height: height)
            length = rx
            shape = rx > 0 && ry > 0 ? .circles(x0: cx, y0: cy, r0: 0, x1: cx, y1: cy, r1: rx, yScale: ry / rx) : .solid(.transparent)
        case .conic(let from, let center):
            shape = .sweep(cx: center.x.resolve(width), cy: center.y.resolve(height), startAngle: from * .pi / 180)
        }
        stops = Self.resolveStops(gradient.stops, length: length)
        normalise(gradient)
    }

    /// The ending shape's radii for a radial gradient (CSS Images 3 §3.2.2).
    static func radii(_ kind: CSSGradient.RadialShape, _ size: CSSGradient.RadialSize, cx: Double, cy: Double,
                      width: Double, height: Double) -> (Double, Double) {
        let sidesX = [abs(cx), abs(width - cx)], sidesY = [abs(cy), abs(height - cy)]
        switch size {
        case .explicit(let a, let b):
            let rx = max(0, a.resolve(width) ?? 0)
            return kind == .circle ? (rx, rx) : (rx, max(0, b.resolve(height) ?? 0))
        case .closestSide, .farthestSide:
            let pick: ([Double]) -> Double = size == .closestSide ? { $0.min()! } : { $0.max()! }
            if kind == .circle { let r = pick(sidesX + sidesY); return (r, r) }
            return (pick(sidesX), pick(sidesY))
        case .closestCorner, .farthestCorner:
            let pick: ([Double]) -> Double = size == .closestCorner ? { $0.min()! } : { $0.max()! }
            let dx = pick(sidesX), dy = pick(sidesY)
            if kind == .circle { let r = hypot(dx, dy); return (r, r) }
            // The ellipse through that corner with the aspect ratio of the matching sides.
            return (dx * 2.0.squareRoot(), dy * 2.0.squareRoot())
        }
    }

    static let maximumStops = 1024

    /// Stop positions as fractions of `length` (CSS Images 3 §3.5.3): the first and last
    /// default to 0 and 1, none goes before an earlier one, runs without positions are spread
    /// evenly; then colour hints are replaced by stops.
    static func resolveStops(_ stops: [CSSGradient.Stop], length: Double) -> [Stop] {
        func fraction(_ position: Length?) -> Double? {
            switch position {
            case .px(let px)?: return length > 0 ? px / length : 0
            case .percent(let p)?: return p / 100
            case .calc(let calculated)?: return length > 0 ? calculated.resolve(length) / length : 0
            default: return nil
            }
        }
        // A bound on work for hostile input: no real gradient has this many stops.
        let stops = Array(stops.prefix(maximumStops))
        var offsets = stops.map { fraction($0.position) }
        guard !stops.isEmpty else { return [] }
        if offsets[0] == nil { offsets[0] = 0 }
        if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
        var highest = -Double.infinity
        for index in offsets.indices {
            if let value = offsets[index] { highest = max(highest, value); offsets[index] = highest }
        }
        var index = 0
        while index < offsets.count {
            guard offsets[index] == nil else { index += 1; continue }
            let before = offsets[index - 1]!
            var end = index
            while offsets[end] == nil { end += 1 }
            let after = offsets[end]!
            for (step, gap) in (index..<end).enumerated() {
                offsets[gap] = before + (after - before) * Double(step + 1) / Double(end - index + 1)
            }
            index = end
        }
        var resolved: [Stop] = []
        var hint: Double?
        for (stop, offset) in zip(stops, offsets) {
            let offset = offset ?? 0
            guard let colour = stop.color else { hint = offset; continue }
            if let h = hint, let left = resolved.last {
                resolved += hintStops(from: left, to: Stop(offset: offset, color: colour), hint: h)
            }
            hint = nil
            resolved.append(Stop(offset: offset, color: colour))
        }
        return resolved
    }

    /// The stops WebKit puts in place of a colour hint: nine, placed densely on the longer
    /// side, coloured by the curve `t^(ln 0.5 / ln hint)` (CSS Images 4 §3.5.3).
    static func hintStops(from left: Stop, to right: Stop, hint: Double) -> [Stop] {
        let span = right.offset - left.offset
        guard span > 0 else { return [] }
        if hint <= left.offset { return [Stop(offset: left.offset, color: right.color)] }
        if hint >= right.offset { return [Stop(offset: right.offset, color: left.color)] }
        let relative = (hint - left.offset) / span
        if abs(relative - 0.5) < 1e-9 { return [] }
        var offsets: [Double] = []
        if hint - left.offset <= right.offset - hint {
            offsets = [left.offset + (hint - left.offset) / 3, left.offset + (hint - left.offset) * 2 / 3]
            offsets += (0..<7).map { hint + (right.offset - hint) * Double($0) / 13 }
        } else {
            offsets = (0..<7).map { left.offset + (hint - left.offset) * Double(7 + $0) / 13 }
            offsets += [hint + (right.offset - hint) / 3, hint + (right.offset - hint) * 2 / 3]
        }
        let exponent = log(0.5) / log(relative)
        return offsets.map { offset in
            let weight = pow((offset - left.offset) / span, exponent)
            return Stop(offset: offset, color: premultipliedMix(left.color, right.color, weight))
        }
    }

    /// Colours mixed as browsers interpolate gradients: premultiplied, so a fade to
    /// `transparent` keeps its hue.
    static func premultipliedMix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        let alpha = a.a + (b.a - a.a) * t
        guard alpha > 0 else { return RGBA(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: 0) }
        func channel(_ x: Double, _ y: Double) -> Double { min(1, max(0, (x * a.a + (y * b.a - x * a.a) * t) / alpha)) }
        return RGBA(r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: alpha)
    }

    /// The colour at `offset` along the stops, with the ends padded or the period repeated.
    func color(at offset: Double) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return .transparent }
        var t = offset
        if repeating {
            let period = last.offset - first.offset
            guard period > 0 else { return last.color }
            t = first.offset + (offset - first.offset).truncatingRemainder(dividingBy: period)
            if t < first.offset { t += period }
        }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        // The last stop at or before t, so a hard stop takes the later colour.
        var low = 0, high = stops.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if stops[mid].offset <= t { low = mid } else { high = mid }
        }
        let left = stops[low], right = stops[high]
        let span = right.offset - left.offset
        return span > 0 ? Self.premultipliedMix(left.color, right.color, (t - left.offset) / span) : right.color
    }

    /// Brings the stops into the 0...1 range cairo's patterns take, moving the shape's ends
    /// to match; a zero-period repeating gradient becomes its average colour.
    private mutating func normalise(_ gradient: CSSGradient) {
        guard let first = stops.first?.offset, let last = stops.last?.offset else {
            shape = .solid(.transparent)
            return
        }
        if case .sweep = shape { return }  // drawn per pixel from `color(at:)`
        if case .solid = shape {
            if let colour = stops.last?.color { shape = .solid(colour) }
            return
        }
        var low = min(first, 0), high = max(last, 1)
        if repeating {
            guard last - first > 1e-6 else { shape = .solid(averageColor()); repeating = false; return }
            (low, high) = (first, last)
            // Cairo draws a circle only where its radius is positive: start from a positive one.
            if case .circles = shape, low < 0 {
                let shift = ((-low) / (high - low)).rounded(.up) * (high - low)
                low += shift; high += shift
                stops = stops.map { Stop(offset: $0.offset + shift, color: $0.color) }
            }
        } else if case .circles = shape, low < 0 {
            // The ray starts at the centre: what lies before it is never seen.
            let atZero = color(at: 0)
            stops = [Stop(offset: 0, color: atZero)] + stops.filter { $0.offset > 0 }
            low = 0
        }
        let span = high - low
        stops = stops.map { Stop(offset: ($0.offset - low) / span, color: $0.color) }
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        switch shape {
        case .line(let x0, let y0, let x1, let y1):
            shape = .line(x0: lerp(x0, x1, low), y0: lerp(y0, y1, low), x1: lerp(x0, x1, high), y1: lerp(y0, y1, high))
        case .circles(let x0, let y0, let r0, let x1, let y1, let r1, let yScale):
            if case .twoCircles = gradient.kind { break }  // its stops are already in 0...1
            shape = .circles(x0: lerp(x0, x1, low), y0: lerp(y0, y1, low), r0: lerp(r0, r1, low),
                             x1: lerp(x0, x1, high), y1: lerp(y0, y1, high), r1: lerp(r0, r1, high), yScale: yScale)
        default: break
        }
    }

    /// A repeating gradient whose stops all sit at one place: the average of its colours.
    private func averageColor() -> RGBA {
        guard !stops.isEmpty else { return .transparent }
        let n = Double(stops.count)
        let alpha = stops.reduce(0) { $0 + $1.color.a } / n
        guard alpha > 0 else { return .transparent }
        func channel(_ key: KeyPath<RGBA, Double>) -> Double { stops.reduce(0) { $0 + $1.color[keyPath: key] * $1.color.a } / n / alpha }
        return RGBA(r: channel(\.r), g: channel(\.g), b: channel(\.b), a: alpha)
    }

    /// Stops for a pattern that interpolates unpremultiplied (cairo's): where alpha changes
    /// between two stops, extra stops follow the premultiplied curve closely, and a
    /// transparent stop takes its neighbour's colour on each side, so nothing dark blends in.
    var stopsForUnpremultipliedInterpolation: [Stop] {
        guard stops.count > 1 else { return stops }
        func clear(_ c: RGBA) -> RGBA { RGBA(r: c.r, g: c.g, b: c.b, a: 0) }
        var result: [Stop] = []
        for index in 1..<stops.count {
            let left = stops[index - 1], right = stops[index]
            let leftColour = left.color.a == 0 ? clear(right.color) : left.color
            let rightColour = right.color.a == 0 ? clear(left.color) : right.color
            result.append(Stop(offset: left.offset, color: leftColour))
            let change = abs(right.color.a - left.color.a)
            if change > 0.001, right.offset > left.offset {
                let pieces = max(2, Int((change * 32).rounded(.up)))
                for piece in 1..<pieces {
                    let t = Double(piece) / Double(pieces)
                    result.append(Stop(offset: left.offset + (right.offset - left.offset) * t,
                                       color: Self.premultipliedMix(left.color, right.color, t)))
                }
            }
            result.append(Stop(offset: right.offset, color: rightColour))
        }
        return result
    }
}
