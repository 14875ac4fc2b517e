// Boxes that move against the document as the web view scrolls: `position: fixed` and
// `position: sticky`. Pure numbers: a box laid out once, a frame's layout viewport in, the
// box's translation out. All rects are in document coordinates (CSS px).

/// A `position: fixed` or `position: sticky` box as laid out (scrolled to the top), and what
/// its place in a frame depends on. The painter records the items of its subtree as one
/// scroll-anchored group (`DisplayList.Item.pushScrollAnchor`); each frame translates the
/// group by `translation(in:)`.
public struct ScrollAnchor: Sendable, Equatable, Hashable {
    public enum Kind: Sendable, Equatable, Hashable {
        /// Fixed to the web view's layout viewport: laid out against it at the document's top,
        /// so it moves by the viewport's origin.
        case fixed
        case sticky(StickyConstraints)
    }

    public var kind: Kind
    /// The border box where layout put it.
    public var box: Rect
    /// The farthest it can move from `box`, for finding the frames it can show in: any
    /// translation lies in `dx` × `dy`.
    public var reach: (dx: ClosedRange<Double>, dy: ClosedRange<Double>) {
        switch kind {
        case .fixed:
            return (0...0, 0...max(0, fixedTravel))
        case .sticky(let constraints):
            return constraints.reach(of: box)
        }
    }
    /// How far down the layout viewport can go in the document (document height less its
    /// height): the reach of a fixed box.
    public var fixedTravel: Double

    public init(kind: Kind, box: Rect, fixedTravel: Double = 0) {
        self.kind = kind
        self.box = box
        self.fixedTravel = fixedTravel.isFinite ? max(0, fixedTravel) : 0
    }

    /// How far the box moves from where it was laid out when the web view's layout viewport is
    /// `viewport` (document coordinates).
    public func translation(in viewport: Rect) -> (dx: Double, dy: Double) {
        switch kind {
        case .fixed:
            return (Self.finite(viewport.x), Self.finite(min(max(0, viewport.y), fixedTravel)))
        case .sticky(let constraints):
            return constraints.offset(of: box, viewport: viewport)
        }
    }

    /// The same inside anchored ancestors that move it by `outer` already: a fixed box keeps
    /// its place in the viewport (it does not ride with a sticky ancestor), and a sticky box
    /// against the viewport sticks from where its ancestors put it (WebKit maps its rects
    /// through theirs). A sticky box in a scroll container, or in a fixed box, sticks within
    /// what moves with it: `outer` changes nothing there.
    public func translation(in viewport: Rect, outer: (dx: Double, dy: Double)) -> (dx: Double, dy: Double) {
        guard outer != (0, 0) else { return translation(in: viewport) }
        switch kind {
        case .fixed:
            let own = translation(in: viewport)
            return (own.dx - outer.dx, own.dy - outer.dy)
        case .sticky(var constraints) where constraints.scrollport == nil:
            constraints.containingBlock = constraints.containingBlock.offsetBy(dx: outer.dx, dy: outer.dy)
            return constraints.offset(of: box.offsetBy(dx: outer.dx, dy: outer.dy), viewport: viewport)
        case .sticky:
            return translation(in: viewport)
        }
    }

    /// Where the box is in a frame whose layout viewport is `viewport`.
    public func placed(in viewport: Rect) -> Rect {
        let move = translation(in: viewport)
        return box.offsetBy(dx: move.dx, dy: move.dy)
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}

/// What a sticky box sticks to and within (CSS Positioned Layout 3 §3.4, computed as WebKit's
/// `StickyPositionViewportConstraints::computeStickyOffset`).
public struct StickyConstraints: Sendable, Equatable, Hashable {
    /// Its containing block's content box less the box's own margins: it never leaves it.
    public var containingBlock: Rect
    /// `top`, `right`, `bottom`, `left` resolved against the sticky view rectangle; nil for `auto`.
    public var top: Double?
    public var right: Double?
    public var bottom: Double?
    public var left: Double?
    /// The nearest scroll container's scrollport less its padding, when that is not the web
    /// view: it never scrolls in a frame, so the box sticks there once. nil: the web view's
    /// layout viewport, which moves with the frames.
    public var scrollport: Rect?

    public init(containingBlock: Rect, top: Double? = nil, right: Double? = nil, bottom: Double? = nil, left: Double? = nil,
                scrollport: Rect? = nil) {
        self.containingBlock = containingBlock
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
        self.scrollport = scrollport
    }

    /// The sticky offset of `box` when the layout viewport is `viewport`. As WebKit: the
    /// right edge, then the left, then the bottom, then the top, each limited by the room the
    /// containing block leaves, so left wins over right and top over bottom.
    func offset(of box: Rect, viewport: Rect) -> (dx: Double, dy: Double) {
        let view = scrollport ?? viewport
        guard [view.x, view.y, view.width, view.height].allSatisfy(\.isFinite) else { return (0, 0) }
        let block = containingBlock
        var moved = box
        if let right {
            var delta = min(0, view.maxX - right - box.maxX)
            delta = max(delta, min(0, block.x - box.x))
            moved.x += delta
        }
        if let left {
            var delta = max(0, view.x + left - box.x)
            delta = min(delta, max(0, block.maxX - box.maxX))
            moved.x += delta
        }
        if let bottom {
            var delta = min(0, view.maxY - bottom - box.maxY)
            delta = max(delta, min(0, block.y - box.y))
            moved.y += delta
        }
        if let top {
            var delta = max(0, view.y + top - box.y)
            delta = min(delta, max(0, block.maxY - box.maxY))
            moved.y += delta
        }
        return (moved.x - box.x, moved.y - box.y)
    }

    /// Every offset `offset(of:viewport:)` can give lies in these ranges: the containing
    /// block's room in each direction an edge pushes.
    func reach(of box: Rect) -> (dx: ClosedRange<Double>, dy: ClosedRange<Double>) {
        let block = containingBlock
        let up = bottom == nil ? 0 : min(0, block.y - box.y)
        let down = top == nil ? 0 : max(0, block.maxY - box.maxY)
        let leftward = right == nil ? 0 : min(0, block.x - box.x)
        let rightward = left == nil ? 0 : max(0, block.maxX - box.maxX)
        // The right and left pushes add up (and likewise bottom and top), each within its room.
        return (Self.range(leftward, rightward), Self.range(up, down))
    }

    /// `lower...upper`, or no movement when a bound is not a number (a range of NaN traps).
    private static func range(_ lower: Double, _ upper: Double) -> ClosedRange<Double> {
        lower.isFinite && upper.isFinite && lower <= upper ? lower...upper : 0...0
    }
}

extension ScrollScene {
    /// The web view's layout viewport in a frame, `u` scrolled from rest, in on-screen points
    /// of the document (document coordinates × zoom): what `position: fixed` boxes are fixed
    /// to and `position: sticky` ones stick in.
    ///
    /// Its top is the document point at the top of the web view's unobscured area (below the
    /// status bar, which WebKit counts as obscured; the app's header inset is not), and it is
    /// one web view tall. WebKit on iOS keeps the layout viewport inside the document
    /// (`FrameView::computeLayoutViewportOrigin`, constrained to the document rect): while
    /// the header shows, and while the mail is rubber-banded past either end, fixed boxes
    /// stay with the document's edge instead of the screen.
    public func layoutViewport(scrolled u: Double) -> Rect {
        let top = u - documentRestY + safeAreaAdjustment.top
        let travel = max(0, contentHeight - viewportHeight)
        let y = top.isFinite ? min(max(0, top), travel) : 0
        return Rect(x: 0, y: y, width: viewportWidth, height: viewportHeight)
    }
}

/// Where one picture puts the fixed and sticky boxes: their translations for one layout
/// viewport (a frame's), or none (as laid out: the header, labels, mask layers).
public struct AnchorPlacement: Sendable, Equatable {
    /// The layout viewport in document coordinates (CSS px); nil: every box as laid out.
    public var viewport: Rect?

    public init(viewport: Rect?) { self.viewport = viewport }

    public static let laidOut = AnchorPlacement(viewport: nil)

    public func translation(of anchor: ScrollAnchor) -> (dx: Double, dy: Double) {
        guard let viewport else { return (0, 0) }
        return anchor.translation(in: viewport)
    }

    /// The translation of `anchor` inside anchored ancestors that move it by `outer`.
    public func translation(of anchor: ScrollAnchor, outer: (dx: Double, dy: Double)) -> (dx: Double, dy: Double) {
        guard let viewport else { return (0, 0) }
        return anchor.translation(in: viewport, outer: outer)
    }
}
