/// One corner's radii: `width` along the horizontal edge, `height` along the vertical one
/// (an elliptical corner when they differ).
public struct CornerSize: Sendable, Equatable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ radius: Double) { width = radius; height = radius }
    public static let zero = CornerSize(0)
    /// A corner with either radius zero is square (CSS Backgrounds §5.1).
    public var isZero: Bool { width <= 0 || height <= 0 }
}

/// Radii of a box's corners: top-left, top-right, bottom-right, bottom-left, each elliptical.
public struct CornerRadii: Sendable, Equatable {
    public var topLeft: CornerSize, topRight: CornerSize, bottomRight: CornerSize, bottomLeft: CornerSize
    public var isZero: Bool { topLeft.isZero && topRight.isZero && bottomRight.isZero && bottomLeft.isZero }
    public static let zero = CornerRadii(topLeft: .zero, topRight: .zero, bottomRight: .zero, bottomLeft: .zero)

    /// Radii as used for a box: horizontal percentages of its width, vertical ones of its
    /// height, all scaled down by one factor when adjacent radii would overlap (CSS
    /// Backgrounds §5.5).
    init(_ radii: Edges<CornerRadius>, box: Rect) {
        func used(_ corner: CornerRadius) -> CornerSize {
            let size = CornerSize(width: max(0, corner.horizontal.resolve(box.width) ?? 0),
                                  height: max(0, corner.vertical.resolve(box.height) ?? 0))
            return size.isZero ? .zero : size
        }
        self.init(topLeft: used(radii.top), topRight: used(radii.right), bottomRight: used(radii.bottom), bottomLeft: used(radii.left))
        scaleToFit(box)
    }

    /// Circular corners.
    init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.init(topLeft: CornerSize(topLeft), topRight: CornerSize(topRight),
                  bottomRight: CornerSize(bottomRight), bottomLeft: CornerSize(bottomLeft))
    }

    init(topLeft: CornerSize, topRight: CornerSize, bottomRight: CornerSize, bottomLeft: CornerSize) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// CSS Backgrounds §5.5: f = min(Lᵢ/Sᵢ) over the four sides; when f < 1 every radius is
    /// multiplied by f.
    mutating func scaleToFit(_ box: Rect) {
        func ratio(_ length: Double, _ sum: Double) -> Double { sum > 0 ? length / sum : .infinity }
        let factor = min(1, ratio(box.width, topLeft.width + topRight.width), ratio(box.width, bottomLeft.width + bottomRight.width),
                         ratio(box.height, topLeft.height + bottomLeft.height), ratio(box.height, topRight.height + bottomRight.height))
        guard factor < 1 else { return }
        for corner in [\CornerRadii.topLeft, \.topRight, \.bottomRight, \.bottomLeft] {
            self[keyPath: corner].width *= factor
            self[keyPath: corner].height *= factor
        }
    }

    /// The radii of an edge `amount` outside this one on every side (an outline's): each
    /// rounded corner grown by it, square ones kept square (CSS UI 4 §4.3; negative shrinks).
    func outset(by amount: Double) -> CornerRadii {
        func outer(_ corner: CornerSize) -> CornerSize {
            guard !corner.isZero else { return .zero }
            let size = CornerSize(width: max(0, corner.width + amount), height: max(0, corner.height + amount))
            return size.isZero ? .zero : size
        }
        return CornerRadii(topLeft: outer(topLeft), topRight: outer(topRight), bottomRight: outer(bottomRight), bottomLeft: outer(bottomLeft))
    }

    /// The radii of an edge inside this one by `widths` (the padding edge inside the
    /// borders): each radius less the width of the side it runs along (CSS Backgrounds §5.2).
    func inset(by widths: Edges<Double>) -> CornerRadii {
        func inner(_ corner: CornerSize, _ horizontal: Double, _ vertical: Double) -> CornerSize {
            let size = CornerSize(width: max(0, corner.width - horizontal), height: max(0, corner.height - vertical))
            return size.isZero ? .zero : size
        }
        return CornerRadii(topLeft: inner(topLeft, widths.left, widths.top), topRight: inner(topRight, widths.right, widths.top),
                           bottomRight: inner(bottomRight, widths.right, widths.bottom), bottomLeft: inner(bottomLeft, widths.left, widths.bottom))
    }
}
