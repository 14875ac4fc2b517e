/// `object-fit` (CSS Images § 5.5): how a replaced element's image fills its content box.
public enum ObjectFit: String, Sendable {
    case fill, contain, cover, none
    case scaleDown = "scale-down"
}

/// `object-position` (CSS Images § 5.6), the `<position>` grammar of CSS Values § 4.3: each
/// axis an offset from the start edge, or from the end edge (`right 10px`).
public struct ObjectPosition: Sendable, Equatable {
    public struct Axis: Sendable, Equatable {
        var offset: Length
        var fromEnd = false

        /// The offset into `free` space (the box's size less the image's; negative when the
        /// image overflows).
        func resolve(_ free: Double) -> Double {
            let value = offset.resolve(free) ?? 0
            return fromEnd ? free - value : value
        }
    }

    public var x = Axis(offset: .percent(50))
    public var y = Axis(offset: .percent(50))

    /// One to four components, as `background-position` takes them; nil when invalid (the
    /// declaration is then dropped, as browsers drop it).
    static func parse(_ parts: [String], length: (String) -> Length?) -> ObjectPosition? {
        enum Token { case keyword(String), length(Length) }
        var tokens: [Token] = []
        for part in parts.map({ $0.lowercased() }) {
            if ["left", "right", "top", "bottom", "center"].contains(part) { tokens.append(.keyword(part)) }
            else if let value = length(part), value != .auto { tokens.append(.length(value)) }
            else { return nil }
        }
        func axisOf(_ keyword: String) -> Int? {
            switch keyword { case "left", "right": return 0; case "top", "bottom": return 1; default: return nil }
        }
        func edge(_ keyword: String, _ offset: Length = .percent(0)) -> Axis {
            switch keyword {
            case "center": return Axis(offset: .percent(50))
            case "right", "bottom": return Axis(offset: offset, fromEnd: true)
            default: return Axis(offset: offset)
            }
        }
        var position = ObjectPosition()
        switch tokens.count {
        case 1:
            switch tokens[0] {
            case .length(let value): position.x = Axis(offset: value)
            case .keyword(let keyword):
                if axisOf(keyword) == 1 { position.y = edge(keyword) } else { position.x = edge(keyword) }
            }
        case 2:
            switch (tokens[0], tokens[1]) {
            case let (.keyword(a), .keyword(b)):
                // Either order for two keywords; never two on the same axis.
                if axisOf(a) != nil, axisOf(a) == axisOf(b) { return nil }
                let (horizontal, vertical) = axisOf(a) == 1 || axisOf(b) == 0 ? (b, a) : (a, b)
                position.x = edge(horizontal)
                position.y = edge(vertical)
            case let (.keyword(a), .length(value)):
                guard axisOf(a) != 1 else { return nil }
                position.x = edge(a)
                position.y = Axis(offset: value)
            case let (.length(value), .keyword(b)):
                guard axisOf(b) != 0 else { return nil }
                position.x = Axis(offset: value)
                position.y = edge(b)
            case let (.length(a), .length(b)):
                position.x = Axis(offset: a)
                position.y = Axis(offset: b)
            }
        case 3, 4:
            // Keywords, each followed by an optional offset from that edge.
            var index = 0, seen: Set<Int> = []
            while index < tokens.count {
                guard case .keyword(let keyword) = tokens[index] else { return nil }
                var offset = Length.percent(0)
                if index + 1 < tokens.count, case .length(let value) = tokens[index + 1] {
                    guard keyword != "center" else { return nil }
                    offset = value
                    index += 1
                }
                index += 1
                let axis = axisOf(keyword) ?? (seen.contains(0) ? 1 : 0)
                guard seen.insert(axis).inserted else { return nil }
                if axis == 0 { position.x = edge(keyword, offset) } else { position.y = edge(keyword, offset) }
            }
        default:
            return nil
        }
        return position
    }
}
