/// Where a `border-image` is drawn (CSS Backgrounds §6): the border image area (the border
/// box grown by the outsets), the widths of its nine-part grid there, and the slices of the
/// source (in its own pixels) that fill each part.
public struct BorderImagePlacement: Sendable {
    public enum Source: Sendable {
        case image(DecodedImage)
        /// A generated image (a gradient), drawn at the border image area's size.
        case generated(BackgroundImage)
    }
    public var source: Source
    public var area: Rect
    public var widths: Edges<Double>
    /// Insets into the source, in source units (pixels, or CSS px for a generated image).
    public var slices: Edges<Double>
    public var sourceWidth: Double, sourceHeight: Double
    public var fill: Bool
    public var repeatX: BorderImage.Repeat, repeatY: BorderImage.Repeat

    /// Nil when nothing would show (no width on any side and no fill, or an empty area).
    init?(_ image: BorderImage, source: Source, frame: Rect, border: Edges<Double>) {
        func extent(_ value: BorderImage.Extent, side: Double, along: Double, slice: Double?) -> Double {
            switch value {
            case .multiple(let factor): return factor * side
            case .length(let length): return max(0, length.resolve(along) ?? 0)
            case .auto: return slice ?? side
            }
        }
        let out = Edges(top: extent(image.outset.top, side: border.top, along: 0, slice: nil),
                        right: extent(image.outset.right, side: border.right, along: 0, slice: nil),
                        bottom: extent(image.outset.bottom, side: border.bottom, along: 0, slice: nil),
                        left: extent(image.outset.left, side: border.left, along: 0, slice: nil))
        area = Rect(x: frame.x - out.left, y: frame.y - out.top,
                    width: frame.width + out.left + out.right, height: frame.height + out.top + out.bottom)
        guard area.width > 0, area.height > 0 else { return nil }
        self.source = source
        switch source {
        case .image(let decoded): sourceWidth = Double(decoded.width); sourceHeight = Double(decoded.height)
        case .generated: sourceWidth = area.width; sourceHeight = area.height
        }
        // Slices are clamped to the source; opposite ones that cross leave the middle empty.
        func slice(_ length: Length, of size: Double) -> Double { min(size, max(0, length.resolve(size) ?? 0)) }
        slices = Edges(top: slice(image.slice.top, of: sourceHeight), right: slice(image.slice.right, of: sourceWidth),
                       bottom: slice(image.slice.bottom, of: sourceHeight), left: slice(image.slice.left, of: sourceWidth))
        var widths = Edges(top: extent(image.width.top, side: border.top, along: area.height, slice: slices.top),
                           right: extent(image.width.right, side: border.right, along: area.width, slice: slices.right),
                           bottom: extent(image.width.bottom, side: border.bottom, along: area.height, slice: slices.bottom),
                           left: extent(image.width.left, side: border.left, along: area.width, slice: slices.left))
        // Widths that together exceed the area are scaled down by one factor (§6.4).
        let factor = min(1, widths.left + widths.right > 0 ? area.width / (widths.left + widths.right) : 1,
                         widths.top + widths.bottom > 0 ? area.height / (widths.top + widths.bottom) : 1)
        if factor < 1 { widths = widths.map { $0 * factor } }
        self.widths = widths
        fill = image.fill
        repeatX = image.repeatX; repeatY = image.repeatY
        guard fill || widths.top + widths.right + widths.bottom + widths.left > 0 else { return nil }
    }
}
