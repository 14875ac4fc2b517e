import Foundation

/// What an element that forms a stacking context does to its painting as a whole: its
/// content is drawn into a layer, transformed, filtered, clipped, masked, then composited
/// at its opacity with its blend mode (CSS Filter Effects §3 and Masking §1: filter, then
/// clip, then mask, then opacity; the transform around all of them).
public struct GroupEffects: Sendable {
    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    /// Applied in order, in the element's own coordinates.
    public var filters: [FilterFunction] = []
    /// Maps the element's coordinates into its parent's (nil: none).
    public var transform: AffineTransform?
    /// `clip-path`, in the element's coordinates.
    public var clip: ClipShape?
    /// The mask's layers (`mask-image`), drawn in the element's coordinates; their alpha masks the layer.
    public var mask: [DisplayList.Item] = []

    public init(opacity: Double = 1) { self.opacity = opacity }

    var isEmpty: Bool {
        opacity >= 1 && blendMode == .normal && filters.isEmpty && transform == nil && clip == nil && mask.isEmpty
    }

    /// Where content drawn inside `rect` (element coordinates) can show in the parent's.
    func outerBounds(_ rect: Rect) -> Rect {
        var area = rect
        for filter in filters { area = filter.reach(of: area) }
        if let transform { area = transform.boundingBox(of: area) }
        return area
    }
}

extension FilterFunction {
    /// Where this filter can paint given input inside `rect` (a Gaussian reaches about 3σ;
    /// a filter's blur length is σ).
    func reach(of rect: Rect) -> Rect {
        switch self {
        case .blur(let sigma):
            return sigma > 0 ? rect.insetBy(-(3 * sigma + 1)) : rect
        case .dropShadow(let shadow):
            return rect.union(rect.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(-(3 * shadow.blur + 1)))
        default:
            return rect
        }
    }
}

/// A resolved `clip-path` shape, in document coordinates of the element.
public enum ClipShape: Sendable {
    case roundedRect(Rect, CornerRadii)
    case ellipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double)
    case polygon([Point], evenOdd: Bool)
    /// Path data drawn from (dx, dy).
    case path([PathSegment], dx: Double, dy: Double, evenOdd: Bool)

    public struct Point: Sendable, Equatable { public var x: Double, y: Double }
}

extension GroupEffects {
    /// The effects of a box's style, or nil when it makes no group.
    /// `frame` is the border box; `mask`: the items that draw its `mask-image`.
    init?(style: ComputedStyle, frame: Rect, border: Edges<Double>, padding: Edges<Double>, mask: [DisplayList.Item]) {
        self.init(opacity: style.opacity)
        blendMode = style.blendMode
        filters = style.filters.map { $0.bounded }
        if !style.transform.isEmpty {
            let origin = (frame.x + (style.transformOrigin.x.resolve(frame.width) ?? 0),
                          frame.y + (style.transformOrigin.y.resolve(frame.height) ?? 0))
            transform = AffineTransform(style.transform, origin: origin, box: frame)
        }
        if let clipPath = style.clipPath {
            clip = Self.clipShape(clipPath, frame: frame, border: border, padding: padding,
                                  radii: CornerRadii(style.borderRadius, box: frame))
        }
        self.mask = mask
        if isEmpty { return nil }
    }

    private static func clipShape(_ clipPath: ClipPath, frame: Rect, border: Edges<Double>, padding: Edges<Double>,
                                  radii: CornerRadii) -> ClipShape {
        let paddingBox = frame.inset(by: border)
        let contentBox = paddingBox.inset(by: padding)
        let box: Rect, boxRadii: CornerRadii
        switch clipPath.box {
        case .borderBox, .marginBox: box = frame; boxRadii = radii
        case .paddingBox: box = paddingBox; boxRadii = radii.inset(by: border)
        case .contentBox:
            box = contentBox
            boxRadii = radii.inset(by: Edges(top: border.top + padding.top, right: border.right + padding.right,
                                              bottom: border.bottom + padding.bottom, left: border.left + padding.left))
        }
        guard let shape = clipPath.shape else { return .roundedRect(box, boxRadii) }
        func x(_ length: Length) -> Double { box.x + (length.resolve(box.width) ?? 0) }
        func y(_ length: Length) -> Double { box.y + (length.resolve(box.height) ?? 0) }
        switch shape {
        case .inset(_, let cornerRadii):
            let rect = shape.insetRect(in: box) ?? box
            let corners = Edges(top: CornerRadius(cornerRadii.top), right: CornerRadius(cornerRadii.right),
                                bottom: CornerRadius(cornerRadii.bottom), left: CornerRadius(cornerRadii.left))
            return .roundedRect(rect, CornerRadii(corners, box: rect))
        case .circle, .ellipse:
            let e = shape.ellipse(in: box) ?? (box.x, box.y, 0, 0)
            return .ellipse(centerX: e.centerX, centerY: e.centerY, radiusX: e.radiusX, radiusY: e.radiusY)
        case .polygon(let points, let evenOdd):
            return .polygon(points.map { ClipShape.Point(x: x($0.x), y: y($0.y)) }, evenOdd: evenOdd)
        case .path(let segments, let evenOdd):
            return .path(segments, dx: box.x, dy: box.y, evenOdd: evenOdd)
        }
    }


}

extension FilterFunction {
    /// The filter with its σ capped as `PaintBudget` caps blurs (a filter's blur length is σ,
    /// a box shadow's blur radius 2σ).
    var bounded: FilterFunction {
        switch self {
        case .blur(let sigma): return .blur(min(sigma, PaintBudget.maximumBlur / 2))
        case .dropShadow(var shadow):
            shadow.blur = min(shadow.blur, PaintBudget.maximumBlur / 2)
            return .dropShadow(shadow)
        default: return self
        }
    }
}
