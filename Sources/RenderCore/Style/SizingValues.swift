/// `aspect-ratio` (CSS Sizing 4 §5): `auto`, a ratio, or both (`auto 16 / 9`: a replaced
/// element keeps its natural ratio when it has one).
public struct AspectRatio: Sendable, Equatable {
    /// Width over height; nil for `auto` alone. A degenerate ratio (`1 / 0`) is kept as nil.
    public var ratio: Double?
    /// `auto` was given: a replaced element's natural ratio wins over `ratio`.
    public var auto = true

    public init() {}

    /// Parses `auto`, `<ratio>`, or `auto && <ratio>`, where a ratio is `<number> [/ <number>]`
    /// with non-negative numbers; nil for anything else (the declaration is dropped).
    init?(_ value: String) {
        var words = PropertyValues.components(value.lowercased().replacingOccurrences(of: "/", with: " / "))
        auto = false
        if let index = words.firstIndex(of: "auto") { auto = true; words.remove(at: index) }
        if words.isEmpty { guard auto else { return nil }; return }
        func number(_ text: String) -> Double? {
            guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
            return value
        }
        let width: Double, height: Double
        switch words.count {
        case 1: guard let w = number(words[0]) else { return nil }; (width, height) = (w, 1)
        case 3: guard words[1] == "/", let w = number(words[0]), let h = number(words[2]) else { return nil }; (width, height) = (w, h)
        default: return nil
        }
        let quotient = width / height
        ratio = width > 0 && height > 0 && quotient.isFinite && quotient > 0 ? quotient : nil
    }

    /// The ratio a box without a natural one uses, as height over width (nil: none).
    var heightOverWidth: Double? { ratio.map { 1 / $0 } }
}

/// The intrinsic size keywords a `width`, `height` or min/max size may take instead of a
/// length (CSS Sizing 3 §3.2), with WebKit's prefixed spellings.
public enum SizingKeyword: Sendable, Equatable {
    case minContent, maxContent, fitContent
    /// `-webkit-fill-available`: the containing block's width less the margins.
    case fillAvailable

    init?(_ keyword: String) {
        switch keyword {
        case "min-content", "-webkit-min-content": self = .minContent
        case "max-content", "-webkit-max-content": self = .maxContent
        case "fit-content", "-webkit-fit-content": self = .fitContent
        case "-webkit-fill-available": self = .fillAvailable
        default: return nil
        }
    }

    /// The border-box width it gives, from the box's min/max-content border-box widths and
    /// the width available to it (its containing block's less its margins).
    func width(minContent: Double, maxContent: Double, available: Double) -> Double {
        switch self {
        case .minContent: return minContent
        case .maxContent: return maxContent
        case .fitContent: return min(maxContent, max(minContent, available))
        case .fillAvailable: return available
        }
    }
}

/// The keyword, if any, each size property was given (the `Length` is then `auto`, or the
/// initial value for a min or max size, so code that knows no keywords sees no constraint).
public struct SizingKeywords: Sendable, Equatable {
    public var width: SizingKeyword?
    public var minWidth: SizingKeyword?
    public var maxWidth: SizingKeyword?
    public var height: SizingKeyword?
    public var minHeight: SizingKeyword?
    public var maxHeight: SizingKeyword?
}
