/// `border-image` and its longhands (CSS Backgrounds §6): an image cut into nine parts
/// drawn over the border area instead of the border styles.
public struct BorderImage: Sendable, Equatable {
    /// A `border-image-width` or `-outset` value: a multiple of the border width, a length
    /// or percentage (of the border image area), or `auto` (the slice's own size).
    public enum Extent: Sendable, Equatable {
        case multiple(Double)
        case length(Length)
        case auto
    }
    public enum Repeat: String, Sendable, Equatable { case stretch, `repeat`, round, space }

    public var source: BackgroundImage?
    /// Insets into the image: numbers are image pixels (`.px`), percentages of its size.
    public var slice = Edges<Length>(.percent(100))
    /// `fill`: the middle part is drawn too.
    public var fill = false
    public var width = Edges<Extent>(.multiple(1))
    public var outset = Edges<Extent>(.multiple(0))
    public var repeatX = Repeat.stretch, repeatY = Repeat.stretch

    public init() {}
}

/// Parses the `border-image` properties; a value that does not parse whole is dropped.
enum BorderImageParser {
    typealias LengthParser = (String) -> Length?

    static func apply(_ name: String, _ value: String, to image: inout BorderImage, length: LengthParser) {
        switch name {
        case "border-image", "-webkit-border-image":
            if let parsed = shorthand(value, length: length) { image = parsed }
        case "border-image-source":
            if value.lowercased() == "none" { image.source = nil } else if let source = BackgroundParser.image(value) { image.source = source }
        case "border-image-slice":
            if let (slice, fill) = slice(PropertyValues.components(value)) { image.slice = slice; image.fill = fill }
        case "border-image-width":
            if let width = extents(PropertyValues.components(value), length: length, allowAuto: true) { image.width = width }
        case "border-image-outset":
            if let outset = extents(PropertyValues.components(value), length: length, allowAuto: false) { image.outset = outset }
        case "border-image-repeat":
            if let (x, y) = repeats(PropertyValues.components(value)) { image.repeatX = x; image.repeatY = y }
        default: break
        }
    }

    /// `<source> || <slice> [/ <width> | / <width>? / <outset>]? || <repeat>`.
    static func shorthand(_ value: String, length: LengthParser) -> BorderImage? {
        var image = BorderImage()
        if value.lowercased() == "none" { return image }
        // The source is a url() or a gradient function: take it out first (it may hold `/`).
        var rest = value
        if let start = sourceStart(value) {
            var depth = 0, end = value.endIndex
            for index in value[start...].indices {
                if value[index] == "(" { depth += 1 }
                if value[index] == ")" { depth -= 1; if depth == 0 { end = value.index(after: index); break } }
            }
            guard let source = BackgroundParser.image(String(value[start..<end])) else { return nil }
            image.source = source
            rest = String(value[..<start]) + " " + String(value[end...])
        }
        var words = PropertyValues.components(rest.replacingOccurrences(of: "/", with: " / "))
        if words.first?.lowercased() == "none" { words.removeFirst() }
        // Repeat keywords, wherever they stand.
        let repeatWords = words.filter { BorderImage.Repeat(rawValue: $0.lowercased()) != nil }
        if !repeatWords.isEmpty {
            guard let (x, y) = repeats(repeatWords) else { return nil }
            image.repeatX = x; image.repeatY = y
            words.removeAll { BorderImage.Repeat(rawValue: $0.lowercased()) != nil }
        }
        guard !words.isEmpty else { return image }
        let groups = words.split(separator: "/", omittingEmptySubsequences: false).map(Array.init)
        guard groups.count <= 3, let (slice, fill) = slice(groups[0]) else { return nil }
        image.slice = slice; image.fill = fill
        if groups.count > 1, !groups[1].isEmpty {
            guard let width = extents(groups[1], length: length, allowAuto: true) else { return nil }
            image.width = width
        }
        if groups.count > 2 {
            guard let outset = extents(groups[2], length: length, allowAuto: false) else { return nil }
            image.outset = outset
        }
        return image
    }

    private static func sourceStart(_ value: String) -> String.Index? {
        let lower = value.lowercased()
        return ["url(", "linear-gradient(", "radial-gradient(", "conic-gradient(", "repeating-linear-gradient(",
                "repeating-radial-gradient(", "repeating-conic-gradient(", "-webkit-linear-gradient("]
            .compactMap { lower.range(of: $0)?.lowerBound }.min()
            .map { value.index(value.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: $0)) }
    }

    /// One to four non-negative numbers or percentages, and `fill` before or after them.
    static func slice(_ words: [String]) -> (Edges<Length>, Bool)? {
        var fill = false, values: [Length] = []
        for (index, word) in words.enumerated() {
            if word.lowercased() == "fill" {
                guard !fill, index == 0 || index == words.count - 1 else { return nil }
                fill = true
            } else if word.hasSuffix("%"), let number = Double(word.dropLast()), number >= 0, number.isFinite {
                values.append(.percent(number))
            } else if let number = Double(word), number >= 0, number.isFinite {
                values.append(.px(number))
            } else {
                return nil
            }
        }
        guard let edges = PropertyValues.fourSides(values) else { return nil }
        return (edges, fill)
    }

    static func extents(_ words: [String], length: LengthParser, allowAuto: Bool) -> Edges<BorderImage.Extent>? {
        var values: [BorderImage.Extent] = []
        for word in words {
            if allowAuto && word.lowercased() == "auto" {
                values.append(.auto)
            } else if let number = Double(word), number >= 0, number.isFinite {
                values.append(.multiple(number))
            } else {
                switch length(word) {
                case .px(let v)? where v >= 0: values.append(.length(.px(v)))
                case .percent(let v)? where v >= 0 && allowAuto: values.append(.length(.percent(v)))  // no % outsets
                case .calc(let calculated)? where allowAuto:
                    values.append(.length(.calc(CalculatedLength(expression: calculated.expression, nonNegative: true))))
                default: return nil
                }
            }
        }
        return PropertyValues.fourSides(values)
    }

    static func repeats(_ words: [String]) -> (BorderImage.Repeat, BorderImage.Repeat)? {
        let values = words.compactMap { BorderImage.Repeat(rawValue: $0.lowercased()) }
        guard values.count == words.count, (1...2).contains(values.count) else { return nil }
        return (values[0], values[values.count - 1])
    }
}
