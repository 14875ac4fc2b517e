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
    /// Where glyphs cross the line, x from its start, when it skips ink (nil: drawn whole).
    public var inkCrossings: [ClosedRange<Double>]? = nil

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

extension DecorationDrawing {
    /// The stretches of the line drawn (x from its start), as WebKit skips ink
    /// (`translateIntersectionPointsToSkipInkBoundaries`): each crossing widened by the line's
    /// drawn thickness on both sides, overlapping ones merged, and a stretch between two kept
    /// only when longer than that thickness.
    func drawnStretches(thickness: Double) -> [ClosedRange<Double>] {
        guard let inkCrossings else { return [0...line.width] }
        let widened = inkCrossings.map { ($0.lowerBound - thickness)...($0.upperBound + thickness) }
            .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for crossing in widened {
            if let last = merged.last, crossing.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, crossing.upperBound)
            } else {
                merged.append(crossing)
            }
        }
        var stretches: [ClosedRange<Double>] = []
        var start = 0.0
        for gap in merged {
            if gap.lowerBound - start > thickness { stretches.append(start...gap.lowerBound) }
            start = max(start, gap.upperBound)
        }
        if line.width - start > thickness { stretches.append(start...line.width) }
        return stretches
    }
}
