import Foundation

/// A 2D affine map (x, y) → (a·x + c·y + e, b·x + d·y + f), as CSS `matrix()` and cairo
/// write it.
public struct AffineTransform: Sendable, Equatable {
    public var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    public static let identity = AffineTransform()

    public init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    static func translation(_ x: Double, _ y: Double) -> AffineTransform { AffineTransform(e: x, f: y) }

    /// `self` applied after `other` (the matrix product self × other).
    func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                        c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                        e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// The smallest axis-aligned rect holding the mapped corners.
    func boundingBox(of rect: Rect) -> Rect {
        let corners = [apply(rect.x, rect.y), apply(rect.maxX, rect.y), apply(rect.x, rect.maxY), apply(rect.maxX, rect.maxY)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    var isIdentity: Bool { self == .identity }
    /// A finite, invertible map: anything else paints nothing (CSS Transforms §6: a singular matrix hides the element).
    var isInvertible: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) && abs(a * d - b * c) > 1e-12 }

    /// The `transform` list as one matrix about `origin` (CSS Transforms §6: translate to
    /// the origin, apply the functions left to right, translate back).
    init(_ functions: [TransformFunction], origin: (x: Double, y: Double), box: Rect) {
        var matrix = AffineTransform.translation(origin.x, origin.y)
        for function in functions {
            let step: AffineTransform
            switch function {
            case .translate(let x, let y):
                step = .translation(x.resolve(box.width) ?? 0, y.resolve(box.height) ?? 0)
            case .scale(let x, let y):
                step = AffineTransform(a: x, d: y)
            case .rotate(let degrees):
                let radians = degrees * Double.pi / 180
                step = AffineTransform(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians))
            case .skew(let x, let y):
                step = AffineTransform(b: tan(y * Double.pi / 180), c: tan(x * Double.pi / 180))
            case .matrix(let a, let b, let c, let d, let e, let f):
                step = AffineTransform(a: a, b: b, c: c, d: d, e: e, f: f)
            }
            matrix = matrix.concatenating(step)
        }
        self = matrix.concatenating(.translation(-origin.x, -origin.y))
    }
}
