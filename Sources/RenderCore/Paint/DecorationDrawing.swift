/// The geometry of a styled text decoration, as WebKit draws it (`TextDecorationPainter`):
/// `double` adds a second line one thickness below the first; dots and dashes are squares
/// and 3:1 bars with gaps as long; `wavy` is a chain of cubic curves whose control points lie
/// 3 × max(2, thickness) off the line, 2 × max(2, thickness) along it.
public struct DecorationDrawing: Sendable {
    /// The (first) line as a solid decoration would fill it.
    public var line: Rect
    public var style: DecorationStyle
    /// The baseline of the text the line decorates (nil: unknown): a solid line is placed from
    /// it snapped to a device pixel (`Canvas.snappedTextLine`).
    public var baseline: Double? = nil

    var thickness: Double { line.height }
    var centerY: Double { line.y + line.height / 2 }
    var waveAmplitude: Double { 3 * max(2, thickness) }
    var waveStep: Double { 2 * max(2, thickness) }
    /// Dash and gap lengths of dotted and dashed lines.
    var dashPattern: [Double] { style == .dotted ? [thickness, thickness] : [3 * thickness, 3 * thickness] }

    /// What the drawing can cover.
    public var bounds: Rect {
        switch style {
        case .double: return Rect(x: line.x, y: line.y, width: line.width, height: 3 * thickness)
        case .wavy: return line.insetBy(-(waveAmplitude + thickness))
        default: return line.insetBy(-thickness)
        }
    }
}
