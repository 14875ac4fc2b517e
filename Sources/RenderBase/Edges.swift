/// Four values, one per side of a box (margins, paddings, border widths, styles, colours, radii),
/// in CSS order: top, right, bottom, left.
public struct Edges<Value: Sendable & Equatable>: Sendable, Equatable {
    public var top: Value, right: Value, bottom: Value, left: Value
    public init(_ all: Value) { top = all; right = all; bottom = all; left = all }
    public init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
}
