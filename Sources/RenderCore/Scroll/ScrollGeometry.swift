// Scroll geometry of the mail-reader screen (design.md §2): numbers in, frames out.
//
// Coordinates: "content" coordinates are the scroll view's, with the document's top at y = 0
// and the seed header above it at y = -H. The viewport shows content y in [o, o + B), so a
// content y maps to the viewport by `yv = y - o`. All lengths are points.

/// An axis-aligned rectangle in points.
public struct Rect: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The overlap of two rectangles, or nil when they share no area
    /// (rectangles that only touch along an edge do not overlap).
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x)
        let right = min(maxX, other.maxX)
        let top = max(y, other.y)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}

/// How the native header moves as the mail scrolls.
public enum HeaderMode: String, Sendable, CaseIterable {
    /// The seed: the header sits in the top inset at content y = -H and scrolls away.
    case scroll
    /// Always fully visible at the top of the viewport.
    case pinned
    /// Stays at the top and shrinks from H down to `headerMinHeight` as the mail scrolls.
    case collapse
    /// Scrolls away like `scroll`, but grows to fill the area uncovered by pulling down.
    case stretch
}

/// Where the vertical scroll indicator's track starts.
public enum IndicatorMode: String, Sendable, CaseIterable {
    /// No indicator drawn.
    case none
    /// The seed: `scrollIndicatorInsets.top = H` fixed, so the track stays H below the top
    /// even after the header has scrolled away.
    case seed
    /// The corrected behaviour: the track starts below the visible part of the header.
    case follow
}

/// Which edge a requested offset was clamped to (only without bounce, or for infinite offsets).
public enum Clamping: String, Sendable {
    case none, top, bottom
}

/// UIKit's scroll indicator metrics (iOS 13+, measured).
public enum ScrollIndicatorMetrics {
    public static let thickness = 3.0
    public static let cornerRadius = 1.5
    /// Gap to the viewport's right edge and to each end of the track.
    public static let margin = 3.0
    public static let minimumLength = 36.0
    /// The shortest the indicator gets while shrinking during overscroll.
    public static let minimumOverscrolledLength = 8.0
}

/// Everything needed to draw one scroll position.
public struct ScrollFrame: Sendable, Equatable {
    /// The distance scrolled from rest, as requested (may be NaN or infinite).
    public var userOffset: Double
    /// contentOffset.y after clamping or rubber-banding.
    public var contentOffset: Double
    /// Which edge clamped the offset.
    public var clamped: Clamping
    /// Rubber-banded distance past an edge: > 0 past the bottom, < 0 past the top, else 0.
    public var overscroll: Double
    /// The header's frame in viewport coordinates.
    public var header: Rect
    /// The document's frame in viewport coordinates: (0, -o, contentWidth, contentHeight).
    public var content: Rect
    /// The part of the document inside the viewport, in document coordinates; a rect of
    /// height 0 at the nearest document edge when none of it is visible.
    public var visibleContent: Rect
    /// The scroll indicator in viewport coordinates; nil when hidden.
    public var indicator: Rect?
}

/// The screen being scrolled: viewport, header, document size and scroll view options.
public struct ScrollScene: Sendable {
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// H: the header's height, which is also contentInset.top.
    public var headerHeight: Double
    /// Hmin for `.collapse`.
    public var headerMinHeight: Double
    public var headerMode: HeaderMode
    /// The laid-out document height.
    public var contentHeight: Double
    public var contentWidth: Double
    /// contentInset.bottom.
    public var bottomInset: Double
    public var bounce: Bool
    public var indicator: IndicatorMode
    /// WKWebView's quirk: contentSize.height is at least the viewport height.
    public var minimumContentHeightIsViewport: Bool

    public init(
        viewportWidth: Double,
        viewportHeight: Double,
        headerHeight: Double,
        contentHeight: Double,
        contentWidth: Double,
        headerMinHeight: Double = 0,
        headerMode: HeaderMode = .scroll,
        bottomInset: Double = 0,
        bounce: Bool = false,
        indicator: IndicatorMode = .seed,
        minimumContentHeightIsViewport: Bool = false
    ) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.headerHeight = headerHeight
        self.headerMinHeight = headerMinHeight
        self.headerMode = headerMode
        self.contentHeight = contentHeight
        self.contentWidth = contentWidth
        self.bottomInset = bottomInset
        self.bounce = bounce
        self.indicator = indicator
        self.minimumContentHeightIsViewport = minimumContentHeightIsViewport
    }

    /// The scroll view's contentSize, with the WKWebView quirk applied when enabled.
    public var contentSize: (width: Double, height: Double) {
        let height = minimumContentHeightIsViewport
            ? max(contentHeight, viewportHeight)
            : contentHeight
        return (width: contentWidth, height: height)
    }

    /// adjustedContentInset; no safe area here, so it equals contentInset.
    private var adjustedInsetTop: Double { headerHeight }
    private var adjustedInsetBottom: Double { bottomInset }

    /// Rest position: the header flush with the viewport's top.
    public var minOffsetY: Double { -adjustedInsetTop }

    public var maxOffsetY: Double {
        max(minOffsetY, contentSize.height + adjustedInsetBottom - viewportHeight)
    }

    /// Whether there is anything to scroll; iOS hides the indicator when there is not.
    public var scrolls: Bool { maxOffsetY > minOffsetY }

    public func frame(forUserOffset s: Double) -> ScrollFrame {
        let position = resolve(userOffset: s)
        let o = position.contentOffset
        let header = headerFrame(atContentOffset: o)
        return ScrollFrame(
            userOffset: s,
            contentOffset: o,
            clamped: position.clamped,
            overscroll: position.overscroll,
            header: header,
            content: Rect(x: 0, y: -o, width: contentWidth, height: contentHeight),
            visibleContent: visibleDocument(atContentOffset: o),
            indicator: indicatorFrame(atContentOffset: o, header: header)
        )
    }
}

// MARK: - The steps of `frame(forUserOffset:)`

extension ScrollScene {
    struct ResolvedOffset {
        var contentOffset: Double
        var clamped: Clamping
        var overscroll: Double
    }

    /// Maps a user offset to contentOffset.y: clamped without bounce, rubber-banded with it.
    func resolve(userOffset s: Double) -> ResolvedOffset {
        let minY = minOffsetY
        let maxY = maxOffsetY
        // NaN means "no offset given"; an infinite pull cannot be rubber-banded, so it stops
        // at the edge (and says so).
        let raw = s.isNaN ? minY : minY + s
        if raw == -.infinity { return ResolvedOffset(contentOffset: minY, clamped: .top, overscroll: 0) }
        if raw == .infinity { return ResolvedOffset(contentOffset: maxY, clamped: .bottom, overscroll: 0) }

        if raw < minY {
            guard bounce else { return ResolvedOffset(contentOffset: minY, clamped: .top, overscroll: 0) }
            let o = minY - rubberBand(minY - raw)
            return ResolvedOffset(contentOffset: o, clamped: .none, overscroll: o - minY)
        }
        if raw > maxY {
            guard bounce else { return ResolvedOffset(contentOffset: maxY, clamped: .bottom, overscroll: 0) }
            let o = maxY + rubberBand(raw - maxY)
            return ResolvedOffset(contentOffset: o, clamped: .none, overscroll: o - maxY)
        }
        return ResolvedOffset(contentOffset: raw, clamped: .none, overscroll: 0)
    }

    /// UIScrollView's rubber band: b(x) = x*B*c / (B + c*x), c = 0.55.
    /// Written as B * (c*x / (B + c*x)) so a huge x cannot overflow to infinity / NaN.
    func rubberBand(_ distance: Double) -> Double {
        let coefficient = 0.55
        let pulled = coefficient * distance
        return viewportHeight * (pulled / (viewportHeight + pulled))
    }

    /// The header's frame in viewport coordinates.
    func headerFrame(atContentOffset o: Double) -> Rect {
        let width = viewportWidth
        let height = headerHeight
        let restingFrame = Rect(x: 0, y: -height, width: width, height: height)
        let frameInContent: Rect
        switch headerMode {
        case .scroll:
            frameInContent = restingFrame
        case .pinned:
            frameInContent = Rect(x: 0, y: o, width: width, height: height)
        case .collapse:
            let collapsedHeight = clamp(-o, lower: headerMinHeight, upper: height)
            frameInContent = Rect(x: 0, y: o, width: width, height: collapsedHeight)
        case .stretch:
            frameInContent = o < -height ? Rect(x: 0, y: o, width: width, height: -o) : restingFrame
        }
        return frameInContent.offsetBy(dx: 0, dy: -o)
    }

    /// The document rect inside the viewport, in document coordinates.
    func visibleDocument(atContentOffset o: Double) -> Rect {
        let document = Rect(x: 0, y: 0, width: contentWidth, height: contentHeight)
        // The document's top is content y = 0, so the viewport in content coordinates
        // is already in document coordinates.
        let viewport = Rect(x: 0, y: o, width: viewportWidth, height: viewportHeight)
        if let visible = document.intersection(viewport) { return visible }
        let nearestEdge = clamp(o, lower: 0, upper: max(0, contentHeight))
        return Rect(x: 0, y: nearestEdge, width: 0, height: 0)
    }

    /// The vertical scroll indicator in viewport coordinates, or nil when it is hidden.
    func indicatorFrame(atContentOffset o: Double, header: Rect) -> Rect? {
        let metrics = ScrollIndicatorMetrics.self
        let insetTop: Double
        switch indicator {
        case .none: return nil
        case .seed: insetTop = headerHeight
        case .follow: insetTop = max(0, header.maxY)  // the visible part of the header
        }
        // The seed sets only scrollIndicatorInsets.top.
        let insetBottom = 0.0
        guard scrolls else { return nil }

        let track = viewportHeight - insetTop - insetBottom - 2 * metrics.margin
        guard track > 0 else { return nil }
        let trackTop = insetTop + metrics.margin
        let total = contentSize.height + adjustedInsetTop + adjustedInsetBottom
        let restingLength = clamp(track * viewportHeight / total, lower: metrics.minimumLength, upper: track)

        let minY = minOffsetY
        let maxY = maxOffsetY
        let y: Double
        let length: Double
        if o < minY {
            // Pinned to the top of the track, shrinking by the overscroll.
            length = shrunk(restingLength, by: minY - o, track: track)
            y = trackTop
        } else if o > maxY {
            // Pinned to the bottom of the track, shrinking by the overscroll.
            length = shrunk(restingLength, by: o - maxY, track: track)
            y = trackTop + track - length
        } else {
            length = restingLength
            y = trackTop + (o - minY) / (maxY - minY) * (track - restingLength)
        }
        let x = viewportWidth - metrics.margin - metrics.thickness
        return Rect(x: x, y: y, width: metrics.thickness, height: length)
    }

    private func shrunk(_ length: Double, by overscroll: Double, track: Double) -> Double {
        clamp(length - overscroll, lower: ScrollIndicatorMetrics.minimumOverscrolledLength, upper: track)
    }
}

/// `value` limited to [lower, upper]; the upper bound wins if the bounds cross
/// (e.g. a track shorter than the indicator's minimum length).
private func clamp(_ value: Double, lower: Double, upper: Double) -> Double {
    min(max(value, lower), upper)
}
