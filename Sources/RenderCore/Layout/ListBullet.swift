import Foundation

/// The disc, circle and square list markers, which WebKit draws as shapes rather than
/// glyphs (RenderListMarker): a square of side (2/3·ascent + 1)/2 in whole pixels, set
/// 2/3·ascent + 7 px before the content outside (a marker box of the ascent's width inside),
/// its top 3/2·(ascent − 2/3·ascent) below the ascent line.
struct ListBullet {
    enum Shape { case disc, circle, square }

    let shape: Shape
    /// The primary font's ascent, whole pixels.
    let ascent: Int
    let color: RGBA

    init?(_ marker: ListMarker, ascent: Double) {
        guard marker.isBullet else { return nil }
        switch marker.text.trimmingCharacters(in: .whitespaces) {
        case "•": shape = .disc
        case "◦": shape = .circle
        case "▪": shape = .square
        default: return nil
        }
        self.ascent = Int(ascent.rounded())
        color = marker.style.color
    }

    private var offset: Int { ascent * 2 / 3 }
    var size: Int { (offset + 1) / 2 }
    /// From the ascent line (baseline − ascent) to the shape's top.
    var top: Int { 3 * (ascent - offset) / 2 }
    /// Outside: from the content box's start edge back to the shape's near edge.
    var outsideDistance: Int { offset + 7 }

    /// The shape as a box: a filled (disc, square) or stroked (circle) square, round for
    /// the disc and circle. Inside, margins make it take the ascent's width and put its top
    /// where WebKit draws it, its margin box resting on the baseline.
    func box(inside: Bool) -> Box {
        var style = ComputedStyle()
        style.display = .inlineBlock
        style.borderBoxSizing = true
        style.width = .px(Double(size))
        style.height = .px(Double(size))
        switch shape {
        case .disc, .square: style.backgroundColor = color
        case .circle:
            style.borderWidth = Edges(1)
            style.borderStyle = Edges(.solid)
            style.borderColor = Edges(color)
        }
        if shape != .square { style.borderRadius = Edges(CornerRadius(.percent(50))) }
        if inside {
            style.margin = Edges(top: .px(0), right: .px(Double(ascent - size)), bottom: .px(Double(ascent - top - size)), left: .px(0))
        }
        return Box(kind: .inlineBlock, node: nil, style: style)
    }
}
