import Foundation

/// One function of a `transform` list, as declared (percentages of translate resolve
/// against the border box at paint time).
public enum TransformFunction: Sendable, Equatable {
    case translate(Length, Length)
    case scale(Double, Double)
    /// Degrees, clockwise.
    case rotate(Double)
    /// Degrees along x and y.
    case skew(Double, Double)
    case matrix(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)
}

/// One function of a `filter` or `backdrop-filter` list (Filter Effects §5), amounts as
/// used: percentages as fractions, angles in degrees, lengths in px.
public enum FilterFunction: Sendable, Equatable {
    case blur(Double)
    case brightness(Double), contrast(Double), grayscale(Double), sepia(Double), saturate(Double)
    case hueRotate(Double)
    case invert(Double), opacity(Double)
    case dropShadow(BoxShadow)
}

/// `mix-blend-mode` (Compositing and Blending §5.3).
public enum BlendMode: String, Sendable, Equatable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity
    case plusLighter = "plus-lighter"
}

/// The box a `clip-path` shape is laid out in.
public enum ReferenceBox: String, Sendable, Equatable {
    case borderBox = "border-box", paddingBox = "padding-box", contentBox = "content-box", marginBox = "margin-box"
}

/// A `circle()`/`ellipse()` radius: a length, or the distance to the closest or farthest side.
public enum ShapeRadius: Sendable, Equatable {
    case length(Length)
    case closestSide, farthestSide
}

extension ShapeRadius {
    /// The radius in px: a percentage of `reference`, or the nearest or farthest of the
    /// distances `sides` from the centre to the reference box's edges.
    func resolved(reference: Double, sides: [Double]) -> Double {
        switch self {
        case .length(let length): return max(0, length.resolve(reference) ?? 0)
        case .closestSide: return max(0, sides.map(abs).min() ?? 0)
        case .farthestSide: return max(0, sides.map(abs).max() ?? 0)
        }
    }
}

/// A `clip-path` basic shape (CSS Shapes §3.1), resolved against its reference box when painted.
public enum BasicShape: Sendable, Equatable {
    case inset(Edges<Length>, radii: Edges<Length>)
    case circle(ShapeRadius, x: Length, y: Length)
    case ellipse(ShapeRadius, ShapeRadius, x: Length, y: Length)
    case polygon([(x: Length, y: Length)], evenOdd: Bool)
    /// SVG path data in px from the reference box's top-left corner.
    case path([PathSegment], evenOdd: Bool)

    public static func == (lhs: BasicShape, rhs: BasicShape) -> Bool {
        switch (lhs, rhs) {
        case let (.inset(a, r), .inset(b, s)): return a == b && r == s
        case let (.circle(r, x, y), .circle(s, u, v)): return r == s && x == u && y == v
        case let (.ellipse(r1, r2, x, y), .ellipse(s1, s2, u, v)): return r1 == s1 && r2 == s2 && x == u && y == v
        case let (.polygon(p, e), .polygon(q, f)): return e == f && p.count == q.count && zip(p, q).allSatisfy { $0.x == $1.x && $0.y == $1.y }
        case let (.path(p, e), .path(q, f)): return p == q && e == f
        default: return false
        }
    }
}

extension BasicShape {
    /// A `circle()`'s or `ellipse()`'s centre and radii laid out in `box` (CSS Shapes §3.1);
    /// nil for the other shapes.
    func ellipse(in box: Rect) -> (centerX: Double, centerY: Double, radiusX: Double, radiusY: Double)? {
        func x(_ length: Length) -> Double { box.x + (length.resolve(box.width) ?? 0) }
        func y(_ length: Length) -> Double { box.y + (length.resolve(box.height) ?? 0) }
        switch self {
        case .circle(let radius, let px, let py):
            let cx = x(px), cy = y(py)
            // A percentage is of the box's diagonal over √2.
            let reference = (box.width * box.width + box.height * box.height).squareRoot() / 2.squareRoot()
            let r = radius.resolved(reference: reference, sides: [cx - box.x, box.maxX - cx, cy - box.y, box.maxY - cy])
            return (cx, cy, r, r)
        case .ellipse(let rx, let ry, let px, let py):
            let cx = x(px), cy = y(py)
            return (cx, cy, rx.resolved(reference: box.width, sides: [cx - box.x, box.maxX - cx]),
                    ry.resolved(reference: box.height, sides: [cy - box.y, box.maxY - cy]))
        default:
            return nil
        }
    }

    /// An `inset()`'s rectangle laid out in `box`; nil for the other shapes.
    func insetRect(in box: Rect) -> Rect? {
        guard case .inset(let insets, _) = self else { return nil }
        let top = insets.top.resolve(box.height) ?? 0, bottom = insets.bottom.resolve(box.height) ?? 0
        let left = insets.left.resolve(box.width) ?? 0, right = insets.right.resolve(box.width) ?? 0
        return Rect(x: box.x + left, y: box.y + top, width: max(0, box.width - left - right), height: max(0, box.height - top - bottom))
    }
}

public struct ClipPath: Sendable, Equatable {
    public var shape: BasicShape?
    public var box: ReferenceBox
}

/// Parses the values of the effect properties; nil for a value browsers would drop.
enum EffectParser {
    typealias LengthParser = (String) -> Length?

    /// `transform`: a list of functions, or `none` (an empty list).
    static func transform(_ value: String, length: LengthParser) -> [TransformFunction]? {
        if value.lowercased() == "none" { return [] }
        guard let calls = functions(value), !calls.isEmpty else { return nil }
        var result: [TransformFunction] = []
        for (name, arguments) in calls {
            let args = arguments
            func number(_ index: Int) -> Double? { index < args.count ? PropertyValues.finiteNumber(Substring(args[index])) : nil }
            func angle(_ index: Int) -> Double? { index < args.count ? PropertyValues.angle(args[index]) : nil }
            func len(_ index: Int) -> Length? {
                guard index < args.count, let parsed = length(args[index]), parsed != .auto else { return nil }
                return parsed
            }
            switch name {
            case "translate":
                guard (1...2).contains(args.count), let x = len(0) else { return nil }
                guard let y = args.count == 2 ? len(1) : .px(0) else { return nil }
                result.append(.translate(x, y))
            case "translatex": guard args.count == 1, let x = len(0) else { return nil }; result.append(.translate(x, .px(0)))
            case "translatey": guard args.count == 1, let y = len(0) else { return nil }; result.append(.translate(.px(0), y))
            case "scale":
                guard (1...2).contains(args.count), let x = scaleAmount(args[0]) else { return nil }
                guard let y = args.count == 2 ? scaleAmount(args[1]) : x else { return nil }
                result.append(.scale(x, y))
            case "scalex": guard args.count == 1, let x = scaleAmount(args[0]) else { return nil }; result.append(.scale(x, 1))
            case "scaley": guard args.count == 1, let y = scaleAmount(args[0]) else { return nil }; result.append(.scale(1, y))
            case "rotate", "rotatez": guard args.count == 1, let a = angle(0) else { return nil }; result.append(.rotate(a))
            case "skew":
                guard (1...2).contains(args.count), let x = angle(0) else { return nil }
                guard let y = args.count == 2 ? angle(1) : 0 else { return nil }
                result.append(.skew(x, y))
            case "skewx": guard args.count == 1, let x = angle(0) else { return nil }; result.append(.skew(x, 0))
            case "skewy": guard args.count == 1, let y = angle(0) else { return nil }; result.append(.skew(0, y))
            case "matrix":
                let values = (0..<6).compactMap(number)
                guard args.count == 6, values.count == 6 else { return nil }
                result.append(.matrix(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5]))
            default: return nil  // 3D functions and unknown names drop the declaration
            }
        }
        return result
    }

    private static func scaleAmount(_ text: String) -> Double? {
        if text.hasSuffix("%") { return PropertyValues.finiteNumber(text.dropLast()).map { $0 / 100 } }
        return PropertyValues.finiteNumber(Substring(text))
    }

    /// `transform-origin`: one or two positions (keywords, lengths, percentages); a third (z) is ignored.
    static func origin(_ value: String, length: LengthParser) -> (x: Length, y: Length)? {
        let parts = PropertyValues.components(value.lowercased())
        guard (1...3).contains(parts.count) else { return nil }
        var x: Length?, y: Length?
        var pending: [Length] = []
        for part in parts.prefix(2) {
            switch part {
            case "left": x = .percent(0)
            case "right": x = .percent(100)
            case "top": y = .percent(0)
            case "bottom": y = .percent(100)
            case "center": pending.append(.percent(50))
            default:
                guard let parsed = length(part), parsed != .auto else { return nil }
                pending.append(parsed)
            }
        }
        // Unpaired values fill x first, then y (`center`, `20px 30%`).
        for value in pending { if x == nil { x = value } else if y == nil { y = value } }
        return (x ?? .percent(50), y ?? .percent(50))
    }

    /// `filter` / `backdrop-filter`: a list of filter functions, or `none`. `url()` filters are not drawn.
    static func filters(_ value: String, currentColor: RGBA, length: LengthParser) -> [FilterFunction]? {
        if value.lowercased() == "none" { return [] }
        guard let calls = functions(value), !calls.isEmpty else { return nil }
        var result: [FilterFunction] = []
        for (name, args) in calls {
            if name == "drop-shadow" {
                guard let shadow = BackgroundParser.shadows(args.joined(separator: " "), current: currentColor).first,
                      shadow.spread == 0 else { return nil }
                result.append(.dropShadow(shadow))
                continue
            }
            guard args.count <= 1 else { return nil }
            let argument = args.first
            if name == "blur" {
                guard let text = argument else { result.append(.blur(0)); continue }
                guard case .px(let px)? = length(text), px >= 0 else { return nil }
                result.append(.blur(px))
                continue
            }
            if name == "hue-rotate" {
                guard let text = argument else { result.append(.hueRotate(0)); continue }
                guard let degrees = PropertyValues.angle(text) else { return nil }
                result.append(.hueRotate(degrees))
                continue
            }
            // Amounts: a number or a percentage, never negative; omitted means 1.
            var amount = 1.0
            if let text = argument {
                if text.hasSuffix("%"), let percent = PropertyValues.finiteNumber(text.dropLast()) { amount = percent / 100 }
                else if let number = PropertyValues.finiteNumber(Substring(text)) { amount = number }
                else { return nil }
                guard amount >= 0 else { return nil }
            }
            switch name {
            case "brightness": result.append(.brightness(amount))
            case "contrast": result.append(.contrast(amount))
            case "saturate": result.append(.saturate(amount))
            // These four stop at 100 %.
            case "grayscale": result.append(.grayscale(min(1, amount)))
            case "sepia": result.append(.sepia(min(1, amount)))
            case "invert": result.append(.invert(min(1, amount)))
            case "opacity": result.append(.opacity(min(1, amount)))
            default: return nil
            }
        }
        return result
    }

    /// `clip-path`: a basic shape and/or a reference box, or `none`. `url()` references are not drawn.
    static func clipPath(_ value: String, length: LengthParser) -> ClipPath?? {
        if value.lowercased() == "none" { return .some(nil) }
        var shape: BasicShape?
        var box: ReferenceBox?
        // Not lowercased as a whole: path data is case-sensitive.
        for original in PropertyValues.components(value) {
            let part = original.lowercased()
            if let reference = ReferenceBox(rawValue: part) ?? (part == "fill-box" || part == "stroke-box" || part == "view-box" ? .borderBox : nil) {
                guard box == nil else { return nil }
                box = reference
            } else if shape == nil, let calls = functions(original), calls.count == 1, let parsed = basicShape(calls[0], length: length) {
                shape = parsed
            } else {
                return nil
            }
        }
        guard shape != nil || box != nil else { return nil }
        return .some(ClipPath(shape: shape, box: box ?? .borderBox))
    }

    private static func basicShape(_ call: (name: String, arguments: [String]), length: LengthParser) -> BasicShape? {
        if call.name == "path" {
            var arguments = call.arguments
            var evenOdd = false
            if arguments.count == 2, let rule = arguments.first?.lowercased(), rule == "evenodd" || rule == "nonzero" {
                evenOdd = rule == "evenodd"
                arguments.removeFirst()
            }
            guard arguments.count == 1, let quoted = arguments.first, quoted.count >= 2,
                  let quote = quoted.first, quote == "\"" || quote == "'", quoted.last == quote,
                  let segments = PathData.parse(String(quoted.dropFirst().dropLast())) else { return nil }
            return .path(segments, evenOdd: evenOdd)
        }
        // Arguments come split on top-level commas; shapes other than polygon use one list of words.
        let call = (name: call.name, arguments: call.arguments.map { $0.lowercased() })
        let words = call.arguments.flatMap { PropertyValues.components($0) }
        func len(_ text: String) -> Length? {
            guard let parsed = length(text), parsed != .auto else { return nil }
            return parsed
        }
        switch call.name {
        case "inset":
            let roundAt = words.firstIndex(of: "round")
            let insets = words[..<(roundAt ?? words.count)].compactMap(len)
            guard insets.count == (roundAt ?? words.count), let edges = PropertyValues.fourSides(insets) else { return nil }
            var radii = Edges<Length>(.px(0))
            if let roundAt {
                // Circular corners only: values after a `/` (vertical radii) are ignored.
                let after = words[(roundAt + 1)...].prefix { $0 != "/" }.compactMap(len)
                guard let corners = PropertyValues.fourSides(after) else { return nil }
                radii = corners
            }
            return .inset(edges, radii: radii)
        case "circle", "ellipse":
            let atIndex = words.firstIndex(of: "at")
            let radiusWords = words[..<(atIndex ?? words.count)]
            func radius(_ text: String) -> ShapeRadius? {
                if text == "closest-side" { return .closestSide }
                if text == "farthest-side" { return .farthestSide }
                guard let value = len(text) else { return nil }
                if case .px(let px) = value, px < 0 { return nil }
                return .length(value)
            }
            let radii = radiusWords.compactMap(radius)
            guard radii.count == radiusWords.count else { return nil }
            var position = (x: Length.percent(50), y: Length.percent(50))
            if let atIndex {
                guard let parsed = origin(words[(atIndex + 1)...].joined(separator: " "), length: length) else { return nil }
                position = parsed
            }
            if call.name == "circle" {
                guard radii.count <= 1 else { return nil }
                return .circle(radii.first ?? .closestSide, x: position.x, y: position.y)
            }
            guard radii.count == 0 || radii.count == 2 else { return nil }
            return .ellipse(radii.first ?? .closestSide, radii.last ?? .closestSide, x: position.x, y: position.y)
        case "polygon":
            var arguments = call.arguments
            var evenOdd = false
            if let first = arguments.first?.trimmingWhitespaces(), first == "evenodd" || first == "nonzero" {
                evenOdd = first == "evenodd"
                arguments.removeFirst()
            }
            var points: [(x: Length, y: Length)] = []
            for argument in arguments {
                let pair = PropertyValues.components(argument)
                guard pair.count == 2, let x = len(pair[0]), let y = len(pair[1]) else { return nil }
                points.append((x, y))
            }
            return points.count >= 3 ? .polygon(points, evenOdd: evenOdd) : nil
        default:
            return nil
        }
    }

    /// An angle in degrees (`deg`, `rad`, `grad`, `turn`; a unitless zero).
    /// Splits `name(a, b) name2(c)` into names (lowercased) and comma-separated arguments;
    /// nil when anything else stands between the functions.
    static func functions(_ value: String) -> [(name: String, arguments: [String])]? {
        var result: [(String, [String])] = []
        var rest = Substring(value)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { return result }
            guard let open = rest.firstIndex(of: "(") else { return nil }
            let name = rest[..<open].trimmingWhitespaces().lowercased()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
            var depth = 0
            var close: Substring.Index?
            for index in rest.indices[open...] {
                if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1; if depth == 0 { close = index; break } }
            }
            guard let close else { return nil }
            let inner = rest[rest.index(after: open)..<close]
            var arguments: [String] = []
            var current = "", nested = 0
            var quote: Character?
            for ch in inner {
                if let open = quote {
                    if ch == open { quote = nil }
                    current.append(ch)
                    continue
                }
                if ch == "\"" || ch == "'" { quote = ch }
                if ch == "(" { nested += 1 } else if ch == ")" { nested -= 1 }
                if ch == "," && nested == 0 { arguments.append(current.trimmingWhitespaces()); current = "" } else { current.append(ch) }
            }
            let last = current.trimmingWhitespaces()
            if !last.isEmpty || !arguments.isEmpty { arguments.append(last) }
            // Transform and filter arguments may also be separated by spaces only (`translate(1px 2px)` is not CSS, but `drop-shadow(1px 2px red)` is one argument).
            result.append((name, arguments))
            rest = rest[rest.index(after: close)...]
        }
    }
}
