/// The flexbox properties of one element (CSS Flexbox Level 1 and the Box Alignment values it
/// takes), none inherited: the container's (`flex-direction`, `flex-wrap`, `justify-content`,
/// `align-items`, `align-content`) and the item's (`flex-grow`, `-shrink`, `-basis`,
/// `align-self`, `order`). WebKit's `-webkit-` aliases and the 2009 `display: -webkit-box`
/// properties map onto the same values.
public struct FlexStyle: Sendable, Equatable {
    public enum Direction: String, Sendable { case row, rowReverse = "row-reverse", column, columnReverse = "column-reverse" }
    public enum Wrap: String, Sendable { case nowrap, wrap, wrapReverse = "wrap-reverse" }
    public enum Basis: Sendable, Equatable { case auto, content, length(Length) }
    /// Positional and distributed alignment, as `justify-content`, `align-*` take them.
    /// `normal` is kept: it means stretch for `align-items` and `align-content` and start for
    /// `justify-content`; `auto` (align-self only) defers to the container's `align-items`.
    public enum Alignment: String, Sendable {
        case normal, auto, stretch, baseline, lastBaseline = "last baseline", center
        case flexStart = "flex-start", flexEnd = "flex-end", start, end, selfStart = "self-start", selfEnd = "self-end"
        case left, right, spaceBetween = "space-between", spaceAround = "space-around", spaceEvenly = "space-evenly"
    }

    public var direction: Direction = .row
    public var wrap: Wrap = .nowrap
    public var grow = 0.0
    public var shrink = 1.0
    public var basis: Basis = .auto
    public var justifyContent: Alignment = .normal
    public var alignItems: Alignment = .normal
    public var alignSelf: Alignment = .auto
    public var alignContent: Alignment = .normal
    public var order = 0
    /// `display: -webkit-box`: the 2009 flexbox, laid out as flex where items flex (grow and
    /// shrink alike) only by `-webkit-box-flex`.
    public var isLegacyBox = false
    /// `-webkit-box-flex` (an item of a `-webkit-box`).
    public var legacyBoxFlex = 0.0

    public init() {}

    public var isRow: Bool { direction == .row || direction == .rowReverse }
    public var isReversed: Bool { direction == .rowReverse || direction == .columnReverse }

    /// `display` keywords WebKit still takes for flex containers: -webkit-flex, -webkit-inline-flex,
    /// -webkit-box, -webkit-inline-box (nil for others).
    static func legacyDisplay(_ keyword: String) -> (display: Display, isBox: Bool)? {
        switch keyword {
        case "-webkit-flex": return (.flex, false)
        case "-webkit-inline-flex": return (.inlineFlex, false)
        case "-webkit-box": return (.flex, true)
        case "-webkit-inline-box": return (.inlineFlex, true)
        default: return nil
        }
    }

    /// Applies one declaration of a flex property (by its registry name, `PropertyRegistry`);
    /// an invalid value leaves the style as it was. `length` parses a length or percentage.
    mutating func apply(_ name: String, _ value: String, length: (String) -> Length?) {
        let keyword = value.lowercased()
        let parts = PropertyValues.components(keyword)
        switch name {
        case "flex-direction": if let v = Direction(rawValue: keyword) { direction = v }
        case "flex-wrap": if let v = Wrap(rawValue: keyword) { wrap = v }
        case "flex-flow":
            var newDirection: Direction?, newWrap: Wrap?
            for part in parts {
                if newDirection == nil, let v = Direction(rawValue: part) { newDirection = v }
                else if newWrap == nil, let v = Wrap(rawValue: part) { newWrap = v }
                else { return }
            }
            guard !parts.isEmpty, parts.count <= 2 else { return }
            direction = newDirection ?? .row
            wrap = newWrap ?? .nowrap
        case "flex-grow": if let v = Self.factor(keyword) { grow = v }
        case "flex-shrink": if let v = Self.factor(keyword) { shrink = v }
        case "flex-basis": if let v = Self.basis(keyword, length: length) { basis = v }
        case "flex": applyFlexShorthand(parts, length: length)
        case "justify-content":
            if let v = Self.alignment(parts, allowed: Self.contentValues.union(["left", "right"])) { justifyContent = v }
        case "align-content":
            if let v = Self.alignment(parts, allowed: Self.contentValues.union(["baseline", "last baseline"])) { alignContent = v }
        case "align-items":
            if let v = Self.alignment(parts, allowed: Self.selfValues) { alignItems = v }
        case "align-self":
            if let v = Self.alignment(parts, allowed: Self.selfValues.union(["auto"])) { alignSelf = v }
        case "order":
            if let v = Int(keyword), String(v) == keyword || "+\(v)" == keyword { order = Self.clampedOrder(v) }
        case "-webkit-box-orient":
            switch keyword {
            case "horizontal", "inline-axis": direction = direction == .columnReverse || direction == .rowReverse ? .rowReverse : .row
            case "vertical", "block-axis": direction = direction == .rowReverse || direction == .columnReverse ? .columnReverse : .column
            default: break
            }
        case "-webkit-box-direction":
            guard keyword == "normal" || keyword == "reverse" else { return }
            let reverse = keyword == "reverse"
            direction = isRow ? (reverse ? .rowReverse : .row) : (reverse ? .columnReverse : .column)
        case "-webkit-box-pack":
            let map: [String: Alignment] = ["start": .flexStart, "end": .flexEnd, "center": .center, "justify": .spaceBetween]
            if let v = map[keyword] { justifyContent = v }
        case "-webkit-box-align":
            let map: [String: Alignment] = ["start": .flexStart, "end": .flexEnd, "center": .center, "baseline": .baseline, "stretch": .stretch]
            if let v = map[keyword] { alignItems = v }
        case "-webkit-box-flex": if let v = Self.factor(keyword) { legacyBoxFlex = v }
        case "-webkit-box-ordinal-group": if let v = Int(keyword), v >= 1 { order = Self.clampedOrder(v) }
        default: break
        }
    }

    /// `initial` or `inherit` for one of the flex properties: the values of `source`.
    mutating func reset(_ name: String, from source: FlexStyle) {
        switch name {
        case "flex-direction", "-webkit-box-orient", "-webkit-box-direction": direction = source.direction
        case "flex-wrap": wrap = source.wrap
        case "flex-flow": direction = source.direction; wrap = source.wrap
        case "flex-grow": grow = source.grow
        case "flex-shrink": shrink = source.shrink
        case "flex-basis": basis = source.basis
        case "flex": grow = source.grow; shrink = source.shrink; basis = source.basis
        case "justify-content", "-webkit-box-pack": justifyContent = source.justifyContent
        case "align-items", "-webkit-box-align": alignItems = source.alignItems
        case "align-self": alignSelf = source.alignSelf
        case "align-content": alignContent = source.alignContent
        case "order", "-webkit-box-ordinal-group": order = source.order
        case "-webkit-box-flex": legacyBoxFlex = source.legacyBoxFlex
        default: break
        }
    }

    /// `flex: none | auto | initial | <grow> <shrink>? || <basis>` (CSS Flexbox §7.1): a number
    /// alone means `<grow> 1 0%`.
    private mutating func applyFlexShorthand(_ parts: [String], length: (String) -> Length?) {
        switch parts {
        case ["none"]: grow = 0; shrink = 0; basis = .auto; return
        case ["auto"]: grow = 1; shrink = 1; basis = .auto; return
        default: break
        }
        guard (1...3).contains(parts.count) else { return }
        var index = 0, factors: [Double] = [], newBasis: Basis?
        func next() -> String? { index < parts.count ? parts[index] : nil }
        // A unitless zero is a factor unless two factors came before it (§7.1).
        if let part = next(), Self.factor(part) == nil, let b = Self.basis(part, length: length) { newBasis = b; index += 1 }
        while factors.count < 2, let part = next(), let number = Self.factor(part) { factors.append(number); index += 1 }
        if newBasis == nil, !factors.isEmpty, let part = next(), let b = Self.basis(part, length: length) { newBasis = b; index += 1 }
        guard index == parts.count else { return }
        grow = factors.first ?? 1
        shrink = factors.count > 1 ? factors[1] : 1
        basis = newBasis ?? .length(.percent(0))
    }

    private static let contentValues: Set<String> = [
        "normal", "stretch", "center", "flex-start", "flex-end", "start", "end",
        "space-between", "space-around", "space-evenly",
    ]
    private static let selfValues: Set<String> = [
        "normal", "stretch", "center", "flex-start", "flex-end", "start", "end", "self-start", "self-end",
        "baseline", "last baseline",
    ]

    /// One alignment value; `safe`/`unsafe` prefixes (overflow alignment) are accepted and
    /// dropped, `first baseline` is `baseline`.
    private static func alignment(_ parts: [String], allowed: Set<String>) -> Alignment? {
        var words = parts
        if words.count == 2, words[0] == "safe" || words[0] == "unsafe" { words.removeFirst() }
        if words == ["first", "baseline"] { words = ["baseline"] }
        let text = words.joined(separator: " ")
        guard allowed.contains(text) else { return nil }
        return Alignment(rawValue: text)
    }

    /// A non-negative finite number (flex factors); huge ones are clamped so sums stay finite.
    private static func factor(_ text: String) -> Double? {
        guard let value = PropertyValues.finiteNumber(Substring(text)), value >= 0,
              text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "+" || $0 == "e" || $0 == "-" }) else { return nil }
        return value
    }

    private static func basis(_ text: String, length: (String) -> Length?) -> Basis? {
        switch text {
        case "auto": return .auto
        case "content": return .content
        default:
            guard Double(text) == nil || text == "0", let value = length(text) else { return nil }
            if case .px(let v) = value, v < 0 { return nil }
            if case .percent(let v) = value, v < 0 { return nil }
            return .length(value)
        }
    }

    private static func clampedOrder(_ value: Int) -> Int { min(max(value, -1_000_000), 1_000_000) }
}
