// Scroll geometry of the mail-reader screen (design.md §2): numbers in, frames out.
//
// Coordinates: "content" coordinates are the scroll view's, with the document's top at y = 0
// and the seed header above it at y = -H. The viewport shows content y in [o, o + B), so a
// content y maps to the viewport by `yv = y - o`. All lengths are points.

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

/// How the app puts the header into the web view's scroll view (both seed variants).
public enum HeaderStrategy: String, Sendable, CaseIterable {
    /// `contentInset.top = H` and the header at content y = -H (the seed's default).
    case inset
    /// The web content view moved down by H under a header at content y = 0, contentSize
    /// grown by H, no top inset.
    case reframe
}

/// UIScrollView.contentInsetAdjustmentBehavior: whether the safe area is added to the insets.
public enum InsetAdjustment: String, Sendable, CaseIterable {
    /// UIKit's default: the vertical insets are adjusted when the content scrolls vertically
    /// (contentSize plus contentInset taller than the view, or bounce on: a web view always
    /// bounces vertically).
    case automatic
    /// Never adjusted: content starts under the status bar.
    case never
    /// Always adjusted.
    case always
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
    /// The web view's layout viewport, in document coordinates on screen (× zoom): what
    /// fixed boxes are fixed to and sticky ones stick in (`layoutViewport(scrolled:)`).
    public var layoutViewport: Rect
}

/// The screen being scrolled: viewport, header, document size and scroll view options.
///
/// Header frames follow design.md §2 (in content coordinates, inset strategy, no safe area):
/// scroll-away `(0, -H, W, H)`; pinned `y = o`; collapsing `y = o, h = clamp(-o, Hmin, H)`;
/// stretchy `(0, o, W, -o)` when `o < -H`. Written with `u = o - minY`, the distance scrolled
/// from rest (negative when pulled down), the same rules hold for either strategy and with a
/// safe area: on screen, the pinned and collapsing headers sit at the safe-area top `t`,
/// the collapsing one `clamp(H - u, Hmin, H)` tall, and the stretchy one spans `t` to the
/// document's top while `u < 0`.
public struct ScrollScene: Sendable {
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// H: the header's height (contentInset.top under the inset strategy).
    public var headerHeight: Double
    /// Hmin for `.collapse`.
    public var headerMinHeight: Double
    public var headerMode: HeaderMode
    /// The document's height on screen (laid-out height × zoom scale).
    public var contentHeight: Double
    public var contentWidth: Double
    /// contentInset.bottom set by the app (a bottom toolbar's height).
    public var bottomInset: Double
    public var bounce: Bool
    public var indicator: IndicatorMode
    /// WKWebView's quirk: the web content's height is at least the viewport height.
    public var minimumContentHeightIsViewport: Bool
    public var strategy: HeaderStrategy
    /// The view's safe area (status bar, home indicator), in points.
    public var safeAreaTop: Double
    public var safeAreaBottom: Double
    public var insetAdjustment: InsetAdjustment

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
        minimumContentHeightIsViewport: Bool = false,
        strategy: HeaderStrategy = .inset,
        safeAreaTop: Double = 0,
        safeAreaBottom: Double = 0,
        insetAdjustment: InsetAdjustment = .automatic
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
        self.strategy = strategy
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
        self.insetAdjustment = insetAdjustment
    }

    /// Where the document's top is in content coordinates: 0, or H when reframed.
    public var documentTop: Double { strategy == .reframe ? headerHeight : 0 }

    /// Where the header rests in content coordinates: -H in the inset, 0 when reframed.
    public var headerRestY: Double { strategy == .reframe ? 0 : -headerHeight }

    /// The scroll view's contentSize: the document (at least B tall under the WKWebView
    /// quirk), grown by H under the reframe strategy.
    public var contentSize: (width: Double, height: Double) {
        let web = minimumContentHeightIsViewport ? max(contentHeight, viewportHeight) : contentHeight
        return (width: contentWidth, height: web + documentTop)
    }

    /// contentInset as the app sets it: the header's height on top (inset strategy only),
    /// the toolbar at the bottom.
    public var contentInset: (top: Double, bottom: Double) {
        (top: strategy == .inset ? headerHeight : 0, bottom: bottomInset)
    }

    /// Whether contentInsetAdjustmentBehavior adds the safe area to the vertical insets.
    public var adjustsForSafeArea: Bool {
        switch insetAdjustment {
        case .never: return false
        case .always: return true
        case .automatic:
            // Scrollable vertically: the content and the app's insets exceed the view (the
            // same sum under either strategy), or it bounces.
            let web = minimumContentHeightIsViewport ? max(contentHeight, viewportHeight) : contentHeight
            return bounce || web + headerHeight + bottomInset > viewportHeight
        }
    }

    /// The part of the safe area added to the insets (0 when not adjusted).
    public var safeAreaAdjustment: (top: Double, bottom: Double) {
        adjustsForSafeArea ? (top: safeAreaTop, bottom: safeAreaBottom) : (top: 0, bottom: 0)
    }

    /// adjustedContentInset: contentInset plus the safe-area adjustment.
    public var adjustedContentInset: (top: Double, bottom: Double) {
        (top: contentInset.top + safeAreaAdjustment.top, bottom: contentInset.bottom + safeAreaAdjustment.bottom)
    }

    /// The scroll indicator's insets before its own track in `indicatorFrame`: the seed's
    /// `scrollIndicatorInsets.top = H` (whatever the strategy) and the toolbar at the bottom,
    /// both adjusted by the safe area like the content insets.
    public var scrollIndicatorInsets: (top: Double, bottom: Double) {
        (top: headerHeight + safeAreaAdjustment.top, bottom: bottomInset + safeAreaAdjustment.bottom)
    }

    /// Rest position: the header flush with the viewport's (safe area's) top.
    public var minOffsetY: Double { -adjustedContentInset.top }

    public var maxOffsetY: Double { minOffsetY + endOffset }

    /// `contentSize.height + adjustedContentInset.top + adjustedContentInset.bottom`, summed in
    /// an order that does not depend on the strategy, so both give the same bits.
    var scrollExtent: Double {
        let web = minimumContentHeightIsViewport ? max(contentHeight, viewportHeight) : contentHeight
        let adjustment = safeAreaAdjustment
        return web + headerHeight + adjustment.top + (bottomInset + adjustment.bottom)
    }

    /// The length of the scroll range, `maxY - minY`: the user offset of its bottom (what
    /// `end` means).
    public var endOffset: Double { max(0, scrollExtent - viewportHeight) }

    /// Whether there is anything to scroll; iOS hides the indicator when there is not.
    public var scrolls: Bool { endOffset > 0 }

    /// Screen positions are computed from `u = o - minY` (the distance scrolled from rest), in
    /// which both strategies agree exactly; `o` itself is only reported.
    public func frame(forUserOffset s: Double) -> ScrollFrame {
        let position = resolve(userOffset: s)
        let u = position.scrolled
        let header = headerFrame(scrolled: u)
        return ScrollFrame(
            userOffset: s,
            contentOffset: minOffsetY + u,
            clamped: position.clamped,
            overscroll: position.overscroll,
            header: header,
            content: Rect(x: 0, y: documentRestY - u, width: contentWidth, height: contentHeight),
            visibleContent: visibleDocument(scrolled: u),
            indicator: indicatorFrame(scrolled: u, header: header),
            layoutViewport: layoutViewport(scrolled: u)
        )
    }

    /// Where the document's top is on screen at rest: below the safe-area adjustment and the header.
    var documentRestY: Double { safeAreaAdjustment.top + headerHeight }
}

// MARK: - The steps of `frame(forUserOffset:)`

extension ScrollScene {
    struct ResolvedOffset {
        /// u = contentOffset.y - minY: scrolled from rest, negative when pulled down.
        var scrolled: Double
        var clamped: Clamping
        var overscroll: Double
    }

    /// Maps a user offset to the distance scrolled from rest: clamped to the scroll range
    /// without bounce, rubber-banded past its edges with it.
    func resolve(userOffset s: Double) -> ResolvedOffset {
        let range = endOffset
        // NaN means "no offset given"; an infinite pull cannot be rubber-banded, so it stops
        // at the edge (and says so).
        let raw = s.isNaN ? 0 : s
        if raw == -.infinity { return ResolvedOffset(scrolled: 0, clamped: .top, overscroll: 0) }
        if raw == .infinity { return ResolvedOffset(scrolled: range, clamped: .bottom, overscroll: 0) }

        if raw < 0 {
            guard bounce else { return ResolvedOffset(scrolled: 0, clamped: .top, overscroll: 0) }
            let pulled = -rubberBand(-raw)
            return ResolvedOffset(scrolled: pulled, clamped: .none, overscroll: pulled)
        }
        if raw > range {
            guard bounce else { return ResolvedOffset(scrolled: range, clamped: .bottom, overscroll: 0) }
            let pushed = rubberBand(raw - range)
            return ResolvedOffset(scrolled: range + pushed, clamped: .none, overscroll: pushed)
        }
        return ResolvedOffset(scrolled: raw, clamped: .none, overscroll: 0)
    }

    /// UIScrollView's rubber band: b(x) = x*B*c / (B + c*x), c = 0.55.
    /// Written as B * (c*x / (B + c*x)) so a huge x cannot overflow to infinity / NaN.
    func rubberBand(_ distance: Double) -> Double {
        let coefficient = 0.55
        let pulled = coefficient * distance
        return viewportHeight * (pulled / (viewportHeight + pulled))
    }

    /// The header's frame in viewport coordinates, `u` scrolled from rest.
    func headerFrame(scrolled u: Double) -> Rect {
        let width = viewportWidth
        let height = headerHeight
        // The safe area's top on screen: where the header rests (content y -H, or 0 when
        // reframed, both map there at rest).
        let top = safeAreaAdjustment.top
        let scrolling = Rect(x: 0, y: top - u, width: width, height: height)
        switch headerMode {
        case .scroll:
            return scrolling
        case .pinned:
            return Rect(x: 0, y: top, width: width, height: height)
        case .collapse:
            return Rect(x: 0, y: top, width: width, height: clamp(height - u, lower: headerMinHeight, upper: height))
        case .stretch:
            return u < 0 ? Rect(x: 0, y: top, width: width, height: height - u) : scrolling
        }
    }

    /// The document rect inside the viewport, in document coordinates.
    func visibleDocument(scrolled u: Double) -> Rect {
        let document = Rect(x: 0, y: 0, width: contentWidth, height: contentHeight)
        let top = u - documentRestY
        let viewport = Rect(x: 0, y: top, width: viewportWidth, height: viewportHeight)
        if let visible = document.intersection(viewport) { return visible }
        let nearestEdge = clamp(top, lower: 0, upper: max(0, contentHeight))
        return Rect(x: 0, y: nearestEdge, width: 0, height: 0)
    }

    /// The vertical scroll indicator in viewport coordinates, or nil when it is hidden.
    func indicatorFrame(scrolled u: Double, header: Rect) -> Rect? {
        let metrics = ScrollIndicatorMetrics.self
        let insets = scrollIndicatorInsets
        let insetTop: Double
        switch indicator {
        case .none: return nil
        case .seed: insetTop = insets.top
        case .follow: insetTop = max(safeAreaAdjustment.top, header.maxY)  // the visible part of the header
        }
        let insetBottom = insets.bottom
        guard scrolls else { return nil }

        let track = viewportHeight - insetTop - insetBottom - 2 * metrics.margin
        guard track > 0 else { return nil }
        let trackTop = insetTop + metrics.margin
        // total = contentSize.height + adjustedContentInset.top + adjustedContentInset.bottom
        let total = scrollExtent
        let restingLength = clamp(track * viewportHeight / total, lower: metrics.minimumLength, upper: track)

        let range = endOffset
        let y: Double
        let length: Double
        if u < 0 {
            // Pinned to the top of the track, shrinking by the overscroll.
            length = shrunk(restingLength, by: -u, track: track)
            y = trackTop
        } else if u > range {
            // Pinned to the bottom of the track, shrinking by the overscroll.
            length = shrunk(restingLength, by: u - range, track: track)
            y = trackTop + track - length
        } else {
            length = restingLength
            y = trackTop + u / range * (track - restingLength)
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
