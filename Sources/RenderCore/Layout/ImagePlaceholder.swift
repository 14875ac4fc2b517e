/// An image that cannot load, shown (`--images placeholder`) as a flat box laid out exactly as
/// a loaded image of the size its tag promises: the `width` and `height` attributes, else the
/// 300 × 150 of CSS's default object size (one given alone keeps its 2:1 ratio). CSS sizes
/// apply on top, as they would to the loaded image. The same sizes as
/// `../shared/tools/fill_images.py` gives the reference browsers.
struct ImagePlaceholder {
    let width: Double
    let height: Double

    static let defaultWidth = 300.0

    init(widthAttribute: String?, heightAttribute: String?) {
        let givenWidth = widthAttribute.flatMap(Self.pixels), givenHeight = heightAttribute.flatMap(Self.pixels)
        width = givenWidth ?? Self.defaultWidth
        height = givenHeight ?? max(1, (width / 2).rounded(.down))
    }

    /// A whole, positive pixel count (a percentage says nothing about the image's size).
    private static func pixels(_ raw: String) -> Double? {
        guard let dimension = PresentationalHints.dimension(raw), dimension.hasSuffix("px"),
              let value = Double(dimension.dropLast(2)), value >= 1 else { return nil }
        return value.rounded(.down)
    }

    func box(for node: DOMDocument.NodeID, style: ComputedStyle, color: RGBA) -> Box {
        let box = Box(kind: .image, node: node, style: style)
        box.intrinsicWidth = width
        box.intrinsicHeight = height
        box.placeholderColor = color
        return box
    }
}
