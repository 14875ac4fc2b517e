import Foundation

/// A CSS gradient as specified (CSS Images 3 and 4, and the legacy `-webkit-` forms WebKit
/// still accepts); its geometry is resolved against a tile when painted (`GradientGeometry`).
public struct CSSGradient: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case linear(LinearDirection)
        case radial(RadialShape, RadialSize, center: BackgroundPosition)
        /// `from` in degrees clockwise from up.
        case conic(from: Double, center: BackgroundPosition)
        /// `-webkit-gradient(linear, …)` and corner-to-corner `-webkit-linear-gradient`: the
        /// gradient runs between two points, with no extension to the corners.
        case pointToPoint(start: BackgroundPosition, end: BackgroundPosition)
        /// `-webkit-gradient(radial, …)`: between two circles, as canvas draws them.
        case twoCircles(start: BackgroundPosition, startRadius: Double, end: BackgroundPosition, endRadius: Double)
    }

    public enum LinearDirection: Sendable, Equatable {
        /// Degrees clockwise from up (`to top` is 0, `to right` 90).
        case angle(Double)
        /// `to top right` and the like: the angle depends on the box (CSS Images §3.1.1).
        /// `right`/`down` are true towards the right and the bottom.
        case corner(right: Bool, down: Bool)
    }

    public enum RadialShape: Sendable, Equatable { case circle, ellipse }

    public enum RadialSize: Sendable, Equatable {
        case closestSide, farthestSide, closestCorner, farthestCorner
        /// A circle's radius, or an ellipse's two (lengths or percentages of the box).
        case explicit(Length, Length)
    }

    /// A colour stop, or a colour hint when `color` is nil. Positions are lengths along the
    /// gradient line (percentages of it), or for conic gradients fractions of a turn as percent.
    public struct Stop: Sendable, Equatable {
        public var color: RGBA?
        public var position: Length?
        public init(color: RGBA?, position: Length?) { self.color = color; self.position = position }
    }

    public var kind: Kind
    public var stops: [Stop]
    public var repeating: Bool

    /// A plain two-colour vertical gradient (for drawings of our own, like icons).
    static func topToBottom(_ top: RGBA, _ bottom: RGBA) -> CSSGradient {
        CSSGradient(kind: .linear(.angle(180)), stops: [Stop(color: top, position: nil), Stop(color: bottom, position: nil)], repeating: false)
    }

    /// Every stop colour through `transform` (dark mode).
    func mappingColors(_ transform: (RGBA) -> RGBA) -> CSSGradient {
        var copy = self
        copy.stops = stops.map { Stop(color: $0.color.map(transform), position: $0.position) }
        return copy
    }
}

/// Parses gradient functions; nil for anything a browser would reject.
enum GradientParser {
    struct Context { var fontSize = 16.0, rootFontSize = 16.0, current = RGBA.black }

    /// `name(arguments)` for every gradient function WebKit knows.
    static func parse(_ text: String, _ context: Context = Context()) -> CSSGradient? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].lowercased().trimmingWhitespaces()
        let arguments = splitCommas(String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
        switch name {
        case "linear-gradient", "repeating-linear-gradient":
            return linear(arguments, repeating: name.hasPrefix("repeating"), legacy: false, context)
        case "-webkit-linear-gradient", "-webkit-repeating-linear-gradient":
            return linear(arguments, repeating: name.contains("repeating"), legacy: true, context)
        case "radial-gradient", "repeating-radial-gradient":
            return radial(arguments, repeating: name.hasPrefix("repeating"), context)
        case "-webkit-radial-gradient", "-webkit-repeating-radial-gradient":
            return legacyRadial(arguments, repeating: name.contains("repeating"), context)
        case "conic-gradient", "repeating-conic-gradient":
            return conic(arguments, repeating: name.hasPrefix("repeating"), context)
        case "-webkit-gradient":
            return webkitGradient(arguments, context)
        default:
            return nil
        }
    }

    /// Comma-separated arguments at nesting depth 0, trimmed of CSS whitespace (newlines too).
    static func splitCommas(_ text: String) -> [String] {
        var parts: [String] = [], depth = 0, current = ""
        for ch in text {
            if ch == "(" { depth += 1 } else if ch == ")" { depth = max(0, depth - 1) }
            if ch == "," && depth == 0 { parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines)); current = "" } else { current.append(ch) }
        }
        parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        return parts
    }

    // MARK: Standard syntax

    private static func linear(_ arguments: [String], repeating: Bool, legacy: Bool, _ context: Context) -> CSSGradient? {
        var arguments = arguments
        var kind = CSSGradient.Kind.linear(.angle(180))
        if let first = arguments.first {
            let words = PropertyValues.components(first.lowercased())
            if words.count == 1, let degrees = PropertyValues.angle(words[0]) {
                // Legacy angles run counter-clockwise from the right (0deg points right).
                kind = .linear(.angle(legacy ? 90 - degrees : degrees))
                arguments.removeFirst()
            } else if !legacy, words.first == "to" {
                guard let direction = sideOrCorner(Array(words.dropFirst())) else { return nil }
                kind = .linear(direction)
                arguments.removeFirst()
            } else if legacy, let start = legacyStartPoint(words) {
                // `-webkit-linear-gradient(top left, …)` runs from that corner to the opposite one.
                kind = .pointToPoint(start: start, end: start.opposite)
                arguments.removeFirst()
            }
        }
        guard let stops = stopList(arguments, angular: false, context) else { return nil }
        return CSSGradient(kind: kind, stops: stops, repeating: repeating)
    }

    private static func sideOrCorner(_ words: [String]) -> CSSGradient.LinearDirection? {
        var horizontal: Bool?, vertical: Bool?
        for word in words {
            switch word {
            case "left" where horizontal == nil: horizontal = false
            case "right" where horizontal == nil: horizontal = true
            case "top" where vertical == nil: vertical = false
            case "bottom" where vertical == nil: vertical = true
            default: return nil
            }
        }
        switch (horizontal, vertical) {
        case (let h?, let v?): return .corner(right: h, down: v)
        case (let h?, nil): return .angle(h ? 90 : 270)
        case (nil, let v?): return .angle(v ? 180 : 0)
        default: return nil
        }
    }

    /// The start of a prefixed gradient named by sides (`left`, `top left`): its point.
    private static func legacyStartPoint(_ words: [String]) -> BackgroundPosition? {
        guard (1...2).contains(words.count), words.allSatisfy({ ["left", "right", "top", "bottom", "center"].contains($0) }) else { return nil }
        return BackgroundParser.position(words, context: .init())
    }

    private static func radial(_ arguments: [String], repeating: Bool, _ context: Context) -> CSSGradient? {
        var arguments = arguments
        var shape: CSSGradient.RadialShape?, size: CSSGradient.RadialSize?
        var center = BackgroundPosition.center
        if let first = arguments.first {
            var words = PropertyValues.components(first)
            var positioned = false
            if let at = words.firstIndex(where: { $0.lowercased() == "at" }) {
                guard let position = BackgroundParser.position(Array(words[(at + 1)...]), context: context) else { return nil }
                center = position
                positioned = true
                words = Array(words[..<at])
            }
            if positioned && words.isEmpty {
                arguments.removeFirst()
            } else if let ending = endingShape(words, context) {
                (shape, size) = ending
                arguments.removeFirst()
            } else if positioned {
                return nil
            }
        }
        let resolvedSize = size ?? .farthestCorner
        var resolvedShape = shape ?? .ellipse
        // One length alone is a circle's radius.
        if shape == nil, case .explicit(let a, let b) = resolvedSize, a == b { resolvedShape = .circle }
        guard let stops = stopList(arguments, angular: false, context) else { return nil }
        return CSSGradient(kind: .radial(resolvedShape, resolvedSize, center: center), stops: stops, repeating: repeating)
    }

    static let extents: [String: CSSGradient.RadialSize] = [
        "closest-side": .closestSide, "farthest-side": .farthestSide, "closest-corner": .closestCorner, "farthest-corner": .farthestCorner,
    ]
    /// The prefixed syntax's names for two of them.
    static let legacyExtents: [String: CSSGradient.RadialSize] = ["contain": .closestSide, "cover": .farthestCorner]

    /// `circle 20px`, `ellipse closest-side`, `40px 20px`, `farthest-corner`: nil if the words
    /// are not an ending shape (an empty list is not one either).
    private static func endingShape(_ words: [String], _ context: Context) -> (CSSGradient.RadialShape?, CSSGradient.RadialSize?)? {
        guard !words.isEmpty, words.count <= 3 else { return nil }
        var shape: CSSGradient.RadialShape?, size: CSSGradient.RadialSize?
        var lengths: [Length] = []
        for word in words {
            let lower = word.lowercased()
            if lower == "circle" || lower == "ellipse" {
                guard shape == nil else { return nil }
                shape = lower == "circle" ? .circle : .ellipse
            } else if let extent = extents[lower] {
                guard size == nil, lengths.isEmpty else { return nil }
                size = extent
            } else if let length = PropertyValues.length(lower, fontSize: context.fontSize, rootFontSize: context.rootFontSize, allowAuto: false) {
                if case .px(let v) = length, v < 0 { return nil }
                if case .percent(let v) = length, v < 0 { return nil }
                guard size == nil else { return nil }
                lengths.append(length)
            } else {
                return nil
            }
        }
        switch lengths.count {
        case 0: break
        case 1:
            // A circle takes one length (not a percentage); an ellipse two.
            guard shape != .ellipse, case .px = lengths[0] else { return nil }
            shape = .circle
            size = .explicit(lengths[0], lengths[0])
        case 2:
            guard shape != .circle else { return nil }
            shape = .ellipse
            size = .explicit(lengths[0], lengths[1])
        default: return nil
        }
        return (shape, size)
    }

    /// `-webkit-radial-gradient([position,] [shape size,] stops)`: `contain`/`cover` as sizes.
    private static func legacyRadial(_ arguments: [String], repeating: Bool, _ context: Context) -> CSSGradient? {
        var arguments = arguments
        var center = BackgroundPosition.center
        if let first = arguments.first, let position = BackgroundParser.position(PropertyValues.components(first), context: context) {
            center = position
            arguments.removeFirst()
        }
        var shape = CSSGradient.RadialShape.ellipse, size = CSSGradient.RadialSize.farthestCorner
        if let first = arguments.first {
            let words = PropertyValues.components(first.lowercased())
            var matched = !words.isEmpty
            var lengths: [Length] = []
            for word in words {
                if word == "circle" { shape = .circle } else if word == "ellipse" { shape = .ellipse }
                else if let extent = extents[word] ?? legacyExtents[word] { size = extent }
                else if let length = PropertyValues.length(word, fontSize: context.fontSize, rootFontSize: context.rootFontSize, allowAuto: false) { lengths.append(length) }
                else { matched = false }
            }
            if lengths.count == 2 { size = .explicit(lengths[0], lengths[1]) } else if !lengths.isEmpty { matched = false }
            if matched { arguments.removeFirst() }
        }
        guard let stops = stopList(arguments, angular: false, context) else { return nil }
        return CSSGradient(kind: .radial(shape, size, center: center), stops: stops, repeating: repeating)
    }

    private static func conic(_ arguments: [String], repeating: Bool, _ context: Context) -> CSSGradient? {
        var arguments = arguments
        var from = 0.0, center = BackgroundPosition.center
        if let first = arguments.first {
            var words = PropertyValues.components(first.lowercased())
            if words.first == "from" || words.first == "at" {
                if words.first == "from" {
                    guard words.count >= 2, let degrees = PropertyValues.angle(words[1]) else { return nil }
                    from = degrees
                    words.removeFirst(2)
                }
                if words.first == "at" {
                    guard let position = BackgroundParser.position(Array(words.dropFirst()), context: context) else { return nil }
                    center = position
                    words = []
                }
                guard words.isEmpty else { return nil }
                arguments.removeFirst()
            }
        }
        guard let stops = stopList(arguments, angular: true, context) else { return nil }
        return CSSGradient(kind: .conic(from: from, center: center), stops: stops, repeating: repeating)
    }

    /// `<color> [<position> [<position>]]` and lone hint positions; two positions make two stops.
    /// At least two colours; a hint only between two colours. Conic positions are angles
    /// (kept as percentages of a turn) or percentages.
    private static func stopList(_ arguments: [String], angular: Bool, _ context: Context) -> [CSSGradient.Stop]? {
        var stops: [CSSGradient.Stop] = []
        func position(_ word: String) -> Length? {
            if angular {
                if word.hasSuffix("%"), let value = PropertyValues.finiteNumber(word.dropLast()) { return .percent(value) }
                if let degrees = PropertyValues.angle(word) { return .percent(degrees / 3.6) }
                return nil
            }
            return PropertyValues.length(word, fontSize: context.fontSize, rootFontSize: context.rootFontSize, allowAuto: false)
        }
        for argument in arguments {
            let words = PropertyValues.components(argument)
            guard !words.isEmpty else { return nil }
            if words.count == 1, let hint = position(words[0].lowercased()) {
                // A hint must sit between two colours.
                guard let last = stops.last, last.color != nil else { return nil }
                stops.append(.init(color: nil, position: hint))
                continue
            }
            guard words.count <= 3, let colour = PropertyValues.color(words[0], current: context.current) else { return nil }
            let positions = words.dropFirst().map { position($0.lowercased()) }
            guard !positions.contains(where: { $0 == nil }) else { return nil }
            if positions.isEmpty { stops.append(.init(color: colour, position: nil)) }
            for position in positions { stops.append(.init(color: colour, position: position)) }
        }
        guard stops.filter({ $0.color != nil }).count >= 2, stops.last?.color != nil else { return nil }
        return stops
    }

    /// An angle in deg, grad, rad or turn (a unitless 0 too); degrees.
    // MARK: -webkit-gradient()

    /// `-webkit-gradient(linear, p0, p1, stops…)` and `(radial, p0, r0, p1, r1, stops…)`;
    /// stops are `from(c)`, `to(c)` and `color-stop(offset, c)` with offsets in 0...1 or %.
    private static func webkitGradient(_ arguments: [String], _ context: Context) -> CSSGradient? {
        guard let type = arguments.first?.lowercased() else { return nil }
        let pointCount = type == "linear" ? 2 : type == "radial" ? 4 : 0
        guard pointCount > 0, arguments.count >= 1 + pointCount else { return nil }
        func point(_ text: String) -> BackgroundPosition? {
            let words = PropertyValues.components(text.lowercased())
            guard words.count == 2 else { return nil }
            func axis(_ word: String, start: String, end: String) -> BackgroundPosition.Axis? {
                switch word {
                case start: return .init(offset: .percent(0))
                case end: return .init(offset: .percent(100))
                case "center": return .init(offset: .percent(50))
                default:
                    if word.hasSuffix("%"), let v = PropertyValues.finiteNumber(word.dropLast()) { return .init(offset: .percent(v)) }
                    if let v = PropertyValues.finiteNumber(Substring(word)) { return .init(offset: .px(v)) }
                    return nil
                }
            }
            guard let x = axis(words[0], start: "left", end: "right"), let y = axis(words[1], start: "top", end: "bottom") else { return nil }
            return BackgroundPosition(x: x, y: y)
        }
        func radius(_ text: String) -> Double? { PropertyValues.finiteNumber(Substring(text)).map { max(0, $0) } }
        let kind: CSSGradient.Kind
        if type == "linear" {
            guard let start = point(arguments[1]), let end = point(arguments[2]) else { return nil }
            kind = .pointToPoint(start: start, end: end)
        } else {
            guard let start = point(arguments[1]), let r0 = radius(arguments[2]),
                  let end = point(arguments[3]), let r1 = radius(arguments[4]) else { return nil }
            kind = .twoCircles(start: start, startRadius: r0, end: end, endRadius: r1)
        }
        var stops: [(offset: Double, color: RGBA)] = []
        for argument in arguments.dropFirst(1 + pointCount) {
            let lower = argument.lowercased()
            guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
            let name = lower[..<open].trimmingWhitespaces()
            let inner = splitCommas(String(argument[argument.index(after: open)..<argument.index(before: argument.endIndex)]))
            func offset(_ text: String) -> Double? {
                if text.hasSuffix("%") { return PropertyValues.finiteNumber(text.dropLast()).map { $0 / 100 } }
                return PropertyValues.finiteNumber(Substring(text))
            }
            switch name {
            case "from", "to":
                guard inner.count == 1, let colour = PropertyValues.color(inner[0], current: context.current) else { return nil }
                stops.append((name == "from" ? 0 : 1, colour))
            case "color-stop":
                guard inner.count == 2, let at = offset(inner[0]), let colour = PropertyValues.color(inner[1], current: context.current) else { return nil }
                stops.append((at, colour))
            default:
                return nil
            }
        }
        // WebKit sorts the stops by offset (stably) and clamps them to 0...1.
        let sorted = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        let list = sorted.map { CSSGradient.Stop(color: $0.color, position: .percent(min(1, max(0, $0.offset)) * 100)) }
        return CSSGradient(kind: kind, stops: list, repeating: false)
    }
}
