/// One `box-shadow` layer, resolved against its box (CSS Backgrounds §7.1).
public struct BoxShadowShape: Sendable {
    /// Outer shadows: the border box, which they are not drawn under (see `init`); inset
    /// shadows: the padding box, which they are clipped to.
    public var box: Rect
    public var boxRadii: CornerRadii
    /// Outer: the box moved by the offset and grown by the spread (the shadow before its
    /// blur). Inset: the hole — the padding box moved and shrunk by the spread; the shadow is
    /// everything around it.
    public var shape: Rect
    public var shapeRadii: CornerRadii
    /// The blur radius (σ = blur / 2).
    public var blur: Double
    public var color: RGBA
    public var inset: Bool

    /// `box`: the border box; `border`: its used widths. Over an opaque background an outer
    /// shadow is clipped out of the box inset by 1 px, so that no seam shows between the two
    /// at fractional edges (WebKit's BackgroundPainter: the background covers that pixel).
    init(_ shadow: BoxShadow, borderBox: Rect, radii: CornerRadii, border: Edges<Double>, opaqueBackground: Bool = false) {
        blur = min(max(0, shadow.blur), PaintBudget.maximumBlur)
        color = shadow.color
        inset = shadow.inset
        if inset {
            box = borderBox.inset(by: border)
            boxRadii = radii.inset(by: border)
            shape = box.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(shadow.spread)
            shapeRadii = boxRadii.grown(by: -shadow.spread)
        } else {
            box = opaqueBackground ? borderBox.insetBy(1) : borderBox
            boxRadii = opaqueBackground ? radii.grown(by: -1) : radii
            shape = borderBox.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(-shadow.spread)
            shapeRadii = radii.grown(by: shadow.spread)
        }
    }

    /// How far the blur carries the shape's edge (3σ, and a pixel for rounding).
    var blurReach: Double { blur > 0 ? 1.5 * blur + 1 : 0 }

    /// Where the layer can paint.
    var bounds: Rect { inset ? box : shape.insetBy(-blurReach) }
}

extension CornerRadii {
    /// Each non-zero radius grown by `amount` (a spread), never below zero; square corners stay square.
    func grown(by amount: Double) -> CornerRadii {
        func grow(_ corner: CornerSize) -> CornerSize {
            corner.isZero ? .zero : CornerSize(width: max(0, corner.width + amount), height: max(0, corner.height + amount))
        }
        return CornerRadii(topLeft: grow(topLeft), topRight: grow(topRight), bottomRight: grow(bottomRight), bottomLeft: grow(bottomLeft))
    }
}
