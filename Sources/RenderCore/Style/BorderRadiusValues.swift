/// A corner's radii as declared: along the horizontal and the vertical edge.
public struct CornerRadius: Sendable, Equatable {
    public var horizontal: Length, vertical: Length
    public init(_ both: Length) { horizontal = both; vertical = both }
    public init(horizontal: Length, vertical: Length) { self.horizontal = horizontal; self.vertical = vertical }
}

/// Parses `border-radius` and its longhands (CSS Backgrounds §5.1). A value that does not
/// parse whole is dropped, as browsers drop it.
enum BorderRadiusValues {
    /// `border-radius`: one to four horizontal radii, then optionally `/` and one to four
    /// vertical ones (the horizontal ones when absent), in top-left, top-right, bottom-right,
    /// bottom-left order as `fourSides` expands them.
    static func shorthand(_ value: String, length: (String) -> Length?) -> Edges<CornerRadius>? {
        let halves = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(halves.count), let horizontal = radii(halves[0], length: length) else { return nil }
        let vertical = halves.count == 2 ? radii(halves[1], length: length) : horizontal
        guard let vertical else { return nil }
        return Edges(top: CornerRadius(horizontal: horizontal.top, vertical: vertical.top),
                     right: CornerRadius(horizontal: horizontal.right, vertical: vertical.right),
                     bottom: CornerRadius(horizontal: horizontal.bottom, vertical: vertical.bottom),
                     left: CornerRadius(horizontal: horizontal.left, vertical: vertical.left))
    }

    /// A longhand such as `border-top-left-radius`: one radius, or horizontal then vertical.
    static func corner(_ value: String, length: (String) -> Length?) -> CornerRadius? {
        let parts = PropertyValues.components(value)
        guard (1...2).contains(parts.count) else { return nil }
        let lengths = parts.compactMap { radius($0, length: length) }
        guard lengths.count == parts.count else { return nil }
        return CornerRadius(horizontal: lengths[0], vertical: lengths[lengths.count - 1])
    }

    private static func radii(_ text: String, length: (String) -> Length?) -> Edges<Length>? {
        let parts = PropertyValues.components(text)
        let lengths = parts.compactMap { radius($0, length: length) }
        guard lengths.count == parts.count else { return nil }
        return PropertyValues.fourSides(lengths)
    }

    /// A non-negative length or percentage.
    private static func radius(_ text: String, length: (String) -> Length?) -> Length? {
        switch length(text) {
        case .px(let v)? where v >= 0 && v.isFinite: return .px(v)
        case .percent(let v)? where v >= 0 && v.isFinite: return .percent(v)
        // A calculation is clamped at use, not refused (CornerRadii takes max(0, …)).
        case .calc(let calculated)?: return .calc(CalculatedLength(expression: calculated.expression, nonNegative: true))
        default: return nil
        }
    }
}
