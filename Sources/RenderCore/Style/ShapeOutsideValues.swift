/// `shape-outside` (CSS Shapes 1 §6.1): the area lines beside a float wrap around.
public enum ShapeOutside: Sendable, Equatable {
    /// A basic shape laid out in its reference box (margin-box unless named).
    case shape(BasicShape, ReferenceBox)
    /// A reference box alone: that box with its rounded corners.
    case box(ReferenceBox)
    /// An image or gradient whose alpha above `shape-image-threshold` is the shape.
    case image(BackgroundImage)
}

/// The float-shape properties (`shape-outside`, `shape-margin`, `shape-image-threshold`),
/// kept out of line: almost every element leaves them at their initial values.
public struct FloatShapeStyle: Sendable, Equatable, InitialStyleGroup {
    public var outside: ShapeOutside?
    /// Percentages are of the containing block's width.
    public var margin: Length = .px(0)
    public var imageThreshold = 0.0
    public init() {}
}

enum ShapeOutsideParser {
    /// Polygons with more points than this are dropped (hostile input: every line walks the edges).
    static let maximumPolygonPoints = 1_000

    /// `none` (.some(nil)), a basic shape and/or a reference box, or an image; nil when invalid.
    static func parse(_ value: String, length: EffectParser.LengthParser, image: (String) -> BackgroundImage??) -> ShapeOutside?? {
        let lowered = value.lowercased().trimmingWhitespaces()
        if lowered == "none" { return .some(nil) }
        if lowered.hasPrefix("url(") || lowered.contains("gradient(") {
            guard let parsed = image(value) else { return nil }
            return .some(parsed.map { .image($0) })
        }
        guard let clip = EffectParser.clipPath(value, length: length), let clip else { return nil }
        let box = PropertyValues.components(lowered).contains { ReferenceBox(rawValue: $0) != nil } ? clip.box : .marginBox
        guard let shape = clip.shape else { return .some(.box(box)) }
        switch shape {
        case .path: return nil  // not laid out as a shape here
        case .polygon(let points, _) where points.count > maximumPolygonPoints: return nil
        default: return .some(.shape(shape, box))
        }
    }
}
