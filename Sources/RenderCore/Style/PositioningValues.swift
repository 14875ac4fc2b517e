/// `position`, the inset properties, `z-index`, `overflow` and `clip`: the values positioned
/// layout, stacking contexts and clipping read (CSS 2.1 §9.3, §9.9, §11; CSS Overflow 3).

/// `position` (not inherited). `-webkit-sticky` is `sticky`.
public enum PositionScheme: String, Sendable, Equatable {
    case `static`, relative, absolute, fixed, sticky

    init?(keyword: String) {
        if keyword == "-webkit-sticky" { self = .sticky; return }
        self.init(rawValue: keyword)
    }

    /// Taken out of the flow: laid out against a containing block, not where it sits.
    public var isOutOfFlow: Bool { self == .absolute || self == .fixed }
    /// Positioned (CSS 2.1 §9.3.1): anything but static.
    public var isPositioned: Bool { self != .static }
}

/// One axis of `overflow` (not inherited).
public enum Overflow: String, Sendable, Equatable {
    case visible, hidden, clip, scroll, auto

    /// Scrolls (even if only programmatically): a scroll container, which starts a block
    /// formatting context. `clip` clips without being one.
    var scrolls: Bool { self == .hidden || self == .scroll || self == .auto }
}

/// The positioning values most elements leave alone, kept out of line.
public struct Positioning: Sendable, Equatable {
    /// `top`, `right`, `bottom`, `left` (and `inset`) as declared, whatever `position` says.
    public var offsets = Edges<Length>(.auto)
    /// `z-index`; nil for `auto`.
    public var zIndex: Int?
    /// `clip: rect(top, right, bottom, left)`, each side `auto` or a length; nil for `auto`.
    /// Applies to absolutely positioned boxes only.
    public var clip: Edges<Length>?
    public init() {}
}
extension Positioning: InitialStyleGroup {}

enum PositioningParser {
    /// `z-index`: `auto` or an integer (WebKit clamps it to 32 bits).
    static func zIndex(_ keyword: String) -> Int?? {
        if keyword == "auto" { return .some(nil) }
        guard let number = Int(keyword.hasPrefix("+") ? String(keyword.dropFirst()) : keyword) else { return nil }
        return .some(min(Int(Int32.max), max(Int(Int32.min), number)))
    }

    /// `overflow: X [Y]` (one value sets both).
    static func overflowPair(_ value: String) -> (x: Overflow, y: Overflow)? {
        let words = PropertyValues.components(value.lowercased()).map { Overflow(rawValue: $0) }
        guard (1...2).contains(words.count), let x = words[0], let y = words.last! else { return nil }
        return (x, y)
    }

    /// `clip: auto | rect(t, r, b, l)` (commas optional, as browsers accept the CSS 2 form).
    static func clip(_ value: String, length: (String) -> Length?) -> Edges<Length>?? {
        let lower = value.lowercased()
        if lower == "auto" { return .some(nil) }
        guard lower.hasPrefix("rect("), lower.hasSuffix(")") else { return nil }
        let inner = value.dropFirst(5).dropLast()
        let parts = inner.contains(",") ? inner.split(separator: ",").map { $0.trimmingWhitespaces() }
                                        : PropertyValues.components(String(inner))
        guard parts.count == 4 else { return nil }
        let sides = parts.map { $0.lowercased() == "auto" ? Length.auto : length($0) }
        guard let top = sides[0], let right = sides[1], let bottom = sides[2], let left = sides[3] else { return nil }
        return .some(Edges(top: top, right: right, bottom: bottom, left: left))
    }
}

extension ComputedStyle {
    /// Clips its content in some axis (`overflow` other than `visible`).
    public var overflowHidden: Bool { overflowX != .visible || overflowY != .visible }

    /// A scroll container (CSS Overflow 3 §3): `hidden`, `scroll` or `auto` in either axis.
    /// It starts a block formatting context; `overflow: clip` does not.
    public var isScrollContainer: Bool { overflowX.scrolls || overflowY.scrolls }

    /// The computed axes: `visible` beside a scrolling axis becomes `auto`, and `clip` there
    /// becomes `hidden` (CSS Overflow 3 §3.1).
    public var computedOverflow: (x: Overflow, y: Overflow) {
        func computed(_ axis: Overflow, other: Overflow) -> Overflow {
            guard other.scrolls else { return axis }
            switch axis {
            case .visible: return .auto
            case .clip: return .hidden
            default: return axis
            }
        }
        return (computed(overflowX, other: overflowY), computed(overflowY, other: overflowX))
    }
}
