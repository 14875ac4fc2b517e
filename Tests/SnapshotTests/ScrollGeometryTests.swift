import Testing
import RenderCore

// The numbers below are worked out by hand from design.md §2. The seed screen:
// W = 390, B = 844, H = 100, document height 3000.
//   minY = -H = -100
//   maxY = 3000 + 0 - 844 = 2156, so the scroll range is maxY - minY = 2256
//   seed indicator: track = 844 - 100 - 0 - 2*3 = 738, total = 3000 + 100 + 0 = 3100,
//   length = 738 * 844 / 3100 = 622872 / 3100 ≈ 200.926, x = 390 - 3 - 3 = 384, track top = 100 + 3 = 103,
//   track bottom = 103 + 738 = 841 (= B - 3).
// Rubber band: b(x) = x * B * 0.55 / (B + 0.55 * x), i.e. b(x) = 464.2 x / (844 + 0.55 x).

private func seed(
    contentHeight: Double = 3000,
    headerMode: HeaderMode = .scroll,
    headerMinHeight: Double = 0,
    bounce: Bool = false,
    indicator: IndicatorMode = .seed,
    quirk: Bool = false
) -> ScrollScene {
    ScrollScene(
        viewportWidth: 390, viewportHeight: 844, headerHeight: 100,
        contentHeight: contentHeight, contentWidth: 390,
        headerMinHeight: headerMinHeight, headerMode: headerMode,
        bounce: bounce, indicator: indicator,
        minimumContentHeightIsViewport: quirk
    )
}

private func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

private let seedIndicatorLength = 738.0 * 844.0 / 3100.0  // ≈ 200.926

// MARK: - The seed: scroll-away header, fixed indicator inset

@Test func seedAtRest() throws {
    let frame = seed().frame(forUserOffset: 0)
    #expect(frame.contentOffset == -100)
    #expect(frame.clamped == .none)
    #expect(frame.overscroll == 0)
    #expect(frame.header == Rect(x: 0, y: 0, width: 390, height: 100))   // -H - o = -100 + 100
    #expect(frame.content == Rect(x: 0, y: 100, width: 390, height: 3000))
    // Viewport covers document y -100..744, so 0..744 of the document shows.
    #expect(frame.visibleContent == Rect(x: 0, y: 0, width: 390, height: 744))
    let indicator = try #require(frame.indicator)
    #expect(indicator.x == 384)
    #expect(indicator.y == 103)
    #expect(indicator.width == 3)
    #expect(isClose(indicator.height, 738.0 * 844.0 / 3100.0))
    #expect(isClose(indicator.height, 200.92645161290324))  // 622872 / 3100, written out
}

@Test func seedHalfwayThroughTheHeader() throws {
    let frame = seed().frame(forUserOffset: 50)
    #expect(frame.contentOffset == -50)
    #expect(frame.clamped == .none)
    #expect(frame.header == Rect(x: 0, y: -50, width: 390, height: 100))  // half gone
    #expect(frame.content.y == 50)
    #expect(frame.visibleContent == Rect(x: 0, y: 0, width: 390, height: 794))
    // y = 103 + 50/2256 * (738 - length)
    let indicator = try #require(frame.indicator)
    #expect(isClose(indicator.y, 103 + 50.0 / 2256.0 * (738 - seedIndicatorLength)))
    #expect(isClose(indicator.height, seedIndicatorLength))
}

@Test func seedHeaderGone() throws {
    let frame = seed().frame(forUserOffset: 150)
    #expect(frame.contentOffset == 50)
    #expect(frame.header == Rect(x: 0, y: -150, width: 390, height: 100))  // entirely above
    #expect(frame.content.y == -50)
    #expect(frame.visibleContent == Rect(x: 0, y: 50, width: 390, height: 844))
    // The seed's track still starts 103 pt down although the header is gone.
    let indicator = try #require(frame.indicator)
    #expect(isClose(indicator.y, 103 + 150.0 / 2256.0 * (738 - seedIndicatorLength)))
}

@Test func seedClampsAtTheBottom() throws {
    let frame = seed().frame(forUserOffset: 1_000_000)
    #expect(frame.contentOffset == 2156)  // 3000 - 844
    #expect(frame.clamped == .bottom)
    #expect(frame.overscroll == 0)
    #expect(frame.content.y == -2156)
    #expect(frame.visibleContent == Rect(x: 0, y: 2156, width: 390, height: 844))
    // At the bottom the indicator ends at the track's bottom, 841.
    let indicator = try #require(frame.indicator)
    #expect(isClose(indicator.maxY, 841))
    #expect(isClose(indicator.y, 841 - seedIndicatorLength))
}

@Test func seedClampsAtTheTop() {
    let frame = seed().frame(forUserOffset: -20)
    #expect(frame.contentOffset == -100)
    #expect(frame.clamped == .top)
    #expect(frame.overscroll == 0)
    #expect(frame.header.y == 0)
}

@Test func exactlyAtTheBottomIsNotClamped() {
    let frame = seed().frame(forUserOffset: 2256)
    #expect(frame.contentOffset == 2156)
    #expect(frame.clamped == .none)
}

@Test func rangeIncludesBottomInset() {
    var scene = seed()
    scene.bottomInset = 34
    #expect(scene.minOffsetY == -100)
    #expect(scene.maxOffsetY == 2190)  // 3000 + 34 - 844
}

// MARK: - Short content and the WKWebView quirk

@Test func shortContentDoesNotScroll() {
    let scene = seed(contentHeight: 300)
    #expect(scene.maxOffsetY == -100)  // max(-100, 300 - 844) = minY
    #expect(scene.scrolls == false)

    let rest = scene.frame(forUserOffset: 0)
    #expect(rest.contentOffset == -100)
    #expect(rest.clamped == .none)
    #expect(rest.indicator == nil)
    #expect(rest.visibleContent == Rect(x: 0, y: 0, width: 390, height: 300))

    let down = scene.frame(forUserOffset: 200)
    #expect(down.contentOffset == -100)
    #expect(down.clamped == .bottom)
    #expect(down.indicator == nil)

    let up = scene.frame(forUserOffset: -5)
    #expect(up.contentOffset == -100)
    #expect(up.clamped == .top)
}

@Test func webKitQuirkLetsAShortMailScrollByTheHeaderHeight() {
    let scene = seed(contentHeight: 300, quirk: true)
    #expect(scene.contentSize.height == 844)  // max(300, B)
    #expect(scene.contentSize.width == 390)
    #expect(scene.maxOffsetY == 0)            // 844 + 0 - 844
    #expect(scene.scrolls)

    // total = 844 + 100 = 944, length = 738 * 844 / 944 ≈ 659.83
    let length = 738.0 * 844.0 / 944.0
    let rest = scene.frame(forUserOffset: 0)
    #expect(rest.indicator?.y == 103)
    #expect(isClose(rest.indicator?.height ?? 0, length))

    let scrolled = scene.frame(forUserOffset: 100)
    #expect(scrolled.contentOffset == 0)
    #expect(scrolled.clamped == .none)
    #expect(scrolled.header.y == -100)
    // The document keeps its own height; only contentSize is padded.
    #expect(scrolled.content == Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(scrolled.visibleContent == Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(isClose(scrolled.indicator?.y ?? 0, 841 - length))

    let beyond = scene.frame(forUserOffset: 150)
    #expect(beyond.contentOffset == 0)
    #expect(beyond.clamped == .bottom)
}

// MARK: - Bounce

@Test func bouncePastTheTopRubberBands() throws {
    // s = -100: raw = -200, 100 past the top; b(100) = 46420 / 899 ≈ 51.635
    let pull = 100.0 * 844.0 * 0.55 / (844.0 + 0.55 * 100.0)
    #expect(isClose(pull, 46420.0 / 899.0))
    let frame = seed(bounce: true).frame(forUserOffset: -100)
    #expect(isClose(frame.contentOffset, -100 - pull))
    #expect(frame.clamped == .none)
    #expect(isClose(frame.overscroll, -pull))
    #expect(isClose(frame.header.y, pull))        // the header moves down with the content
    #expect(isClose(frame.content.y, 100 + pull))
    // The indicator pins to the top of its track and shrinks by the overscroll.
    let indicator = try #require(frame.indicator)
    #expect(indicator.y == 103)
    #expect(isClose(indicator.height, seedIndicatorLength - pull))  // ≈ 149.29
}

@Test func bouncePastTheBottomRubberBands() throws {
    // s = 2456: raw = 2356, 200 past maxY; b(200) = 92840 / 954 ≈ 97.317
    let pull = 200.0 * 844.0 * 0.55 / (844.0 + 0.55 * 200.0)
    #expect(isClose(pull, 92840.0 / 954.0))
    let frame = seed(bounce: true).frame(forUserOffset: 2456)
    #expect(isClose(frame.contentOffset, 2156 + pull))
    #expect(frame.clamped == .none)
    #expect(isClose(frame.overscroll, pull))
    // 844 - pull of the document's last 844 - pull pt show; the rest is background.
    #expect(isClose(frame.visibleContent.y, 2156 + pull))
    #expect(isClose(frame.visibleContent.maxY, 3000))
    // The indicator pins to the bottom (841) and shrinks by the overscroll: ≈ 103.61.
    let indicator = try #require(frame.indicator)
    #expect(isClose(indicator.height, seedIndicatorLength - pull))
    #expect(isClose(indicator.maxY, 841))
}

@Test func overscrolledIndicatorNeverShorterThanEight() {
    // b(1000) = 464200 / 1394 ≈ 333.0, more than the 200.93 pt indicator.
    let top = seed(bounce: true).frame(forUserOffset: -1000)
    #expect(isClose(top.overscroll, -464200.0 / 1394.0))
    #expect(top.indicator?.height == 8)
    #expect(top.indicator?.y == 103)

    let bottom = seed(bounce: true).frame(forUserOffset: 2256 + 1000)
    #expect(bottom.indicator?.height == 8)
    #expect(bottom.indicator?.y == 833)  // 841 - 8
}

@Test func rubberBandStaysWithinOneViewport() {
    // b(x) approaches B as x grows; a huge finite pull must stay finite.
    let frame = seed(bounce: true).frame(forUserOffset: .greatestFiniteMagnitude)
    #expect(frame.contentOffset.isFinite)
    #expect(frame.contentOffset <= 2156 + 844)
    #expect(frame.overscroll > 0)
}

// MARK: - Indicator modes

@Test func followModeTrackStartsBelowTheVisibleHeader() {
    let scene = seed(indicator: .follow)

    // Rest: the whole header shows, so the same as the seed.
    let rest = scene.frame(forUserOffset: 0)
    #expect(rest.indicator?.y == 103)
    #expect(isClose(rest.indicator?.height ?? 0, seedIndicatorLength))

    // s = 50: 50 pt of header visible; track = 844 - 50 - 6 = 788, top = 53.
    let half = scene.frame(forUserOffset: 50)
    let halfLength = 788.0 * 844.0 / 3100.0
    #expect(isClose(half.indicator?.height ?? 0, halfLength))
    #expect(isClose(half.indicator?.y ?? 0, 53 + 50.0 / 2256.0 * (788 - halfLength)))

    // s = 150: header gone; track = 844 - 0 - 6 = 838, top = 3.
    let gone = scene.frame(forUserOffset: 150)
    let goneLength = 838.0 * 844.0 / 3100.0
    #expect(isClose(gone.indicator?.height ?? 0, goneLength))
    #expect(isClose(gone.indicator?.y ?? 0, 3 + 150.0 / 2256.0 * (838 - goneLength)))

    // Bottom: ends at 841 like the seed, but longer.
    let bottom = scene.frame(forUserOffset: 1_000_000)
    #expect(isClose(bottom.indicator?.maxY ?? 0, 841))
    #expect(isClose(bottom.indicator?.height ?? 0, goneLength))
}

@Test func followModeWithCollapsingHeader() {
    // s = 150: o = 50, header collapsed to 44, so the track is 844 - 44 - 6 = 794 from y 47.
    let frame = seed(headerMode: .collapse, headerMinHeight: 44, indicator: .follow)
        .frame(forUserOffset: 150)
    let length = 794.0 * 844.0 / 3100.0
    #expect(isClose(frame.indicator?.height ?? 0, length))
    #expect(isClose(frame.indicator?.y ?? 0, 47 + 150.0 / 2256.0 * (794 - length)))
}

@Test func noIndicatorMode() {
    #expect(seed(indicator: .none).frame(forUserOffset: 0).indicator == nil)
}

// MARK: - Header modes

@Test func pinnedHeaderStaysAtTheTop() {
    let scene = seed(headerMode: .pinned)
    #expect(scene.frame(forUserOffset: 0).header == Rect(x: 0, y: 0, width: 390, height: 100))
    #expect(scene.frame(forUserOffset: 150).header == Rect(x: 0, y: 0, width: 390, height: 100))
    // The content still scrolls under it.
    #expect(scene.frame(forUserOffset: 150).content.y == -50)
}

@Test func collapsingHeaderShrinksToItsMinimum() {
    let scene = seed(headerMode: .collapse, headerMinHeight: 44)
    // o = -100: h = clamp(100, 44, 100) = 100
    #expect(scene.frame(forUserOffset: 0).header == Rect(x: 0, y: 0, width: 390, height: 100))
    // o = -70: h = 70
    #expect(scene.frame(forUserOffset: 30).header == Rect(x: 0, y: 0, width: 390, height: 70))
    // o = 50: h = clamp(-50, 44, 100) = 44
    #expect(scene.frame(forUserOffset: 150).header == Rect(x: 0, y: 0, width: 390, height: 44))
}

@Test func collapsingHeaderDoesNotGrowPastItsHeightWhenPulled() {
    // o = -100 - b(100): h = clamp(151.6, 44, 100) = 100
    let frame = seed(headerMode: .collapse, headerMinHeight: 44, bounce: true).frame(forUserOffset: -100)
    #expect(frame.header == Rect(x: 0, y: 0, width: 390, height: 100))
}

@Test func stretchyHeaderFillsThePulledDownArea() {
    let scene = seed(headerMode: .stretch, bounce: true)
    // Not pulled: like scroll-away.
    #expect(scene.frame(forUserOffset: 0).header == Rect(x: 0, y: 0, width: 390, height: 100))
    #expect(scene.frame(forUserOffset: 150).header == Rect(x: 0, y: -150, width: 390, height: 100))
    // Pulled down by s = -100: o = -100 - b(100); frame (0, o, W, -o) → viewport (0, 0, W, -o),
    // so its bottom meets the document's top.
    let pulled = scene.frame(forUserOffset: -100)
    let pull = 46420.0 / 899.0
    #expect(pulled.header.y == 0)
    #expect(isClose(pulled.header.height, 100 + pull))
    #expect(pulled.header.maxY == pulled.content.y)
}

@Test func scrollAwayHeaderMovesDownWhenPulled() {
    // The seed header does not stretch: it moves down and leaves background above it.
    let frame = seed(bounce: true).frame(forUserOffset: -100)
    #expect(isClose(frame.header.y, 46420.0 / 899.0))
    #expect(frame.header.height == 100)
}

// MARK: - Non-finite offsets

@Test func nanOffsetMeansRest() {
    let frame = seed().frame(forUserOffset: .nan)
    #expect(frame.userOffset.isNaN)  // reported as requested
    #expect(frame.contentOffset == -100)
    #expect(frame.clamped == .none)
    #expect(frame.header.y == 0)
    #expect(frame.indicator?.y == 103)
}

@Test(arguments: [false, true])
func infiniteOffsetsStopAtTheEdges(bounce: Bool) {
    let scene = seed(bounce: bounce)
    let down = scene.frame(forUserOffset: .infinity)
    #expect(down.contentOffset == 2156)
    #expect(down.clamped == .bottom)
    #expect(down.overscroll == 0)
    #expect(isClose(down.indicator?.maxY ?? 0, 841))

    let up = scene.frame(forUserOffset: -.infinity)
    #expect(up.contentOffset == -100)
    #expect(up.clamped == .top)
    #expect(up.overscroll == 0)
    #expect(up.header.y == 0)
}

// MARK: - Rect

@Test func rectIntersectionAndOffset() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)  // only touching
    #expect(a.intersection(Rect(x: 20, y: 20, width: 5, height: 5)) == nil)
    #expect(a.offsetBy(dx: 2, dy: -3) == Rect(x: 2, y: -3, width: 10, height: 10))
    #expect(a.maxX == 10 && a.maxY == 10)
    #expect(Rect.zero == Rect(x: 0, y: 0, width: 0, height: 0))
}

@Test func nothingVisibleGivesAnEmptyRectAtTheNearestEdge() {
    // An empty document: nothing of it can show, so the rect is empty at its top.
    let frame = seed(contentHeight: 0).frame(forUserOffset: 0)
    #expect(frame.visibleContent.height == 0)
    #expect(frame.visibleContent.y == 0)
}
