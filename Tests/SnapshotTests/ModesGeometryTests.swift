import Testing
import RenderCore

// Issue 7's geometry, numbers worked out by hand from design.md §2.
// The seed screen: W = 390, B = 844, H = 100, document 3000 (see ScrollGeometryTests).
// A device safe area of 47 on top and 34 at the bottom (iPhone 14), adjusted:
//   adjustedContentInset = (100 + 47, 0 + 34) = (147, 34); minY = -147
//   maxY = 3000 + 34 - 844 = 2190, range = 2190 + 147 = 2337
//   seed indicator insets = (100 + 47, 34): track = 844 - 147 - 34 - 6 = 657, top = 150,
//   total = 3000 + 147 + 34 = 3181, length = 657 * 844 / 3181 = 554508 / 3181 ≈ 174.319

private func screen(
    contentHeight: Double = 3000,
    headerMode: HeaderMode = .scroll,
    headerMinHeight: Double = 44,
    bounce: Bool = false,
    indicator: IndicatorMode = .seed,
    quirk: Bool = false,
    strategy: HeaderStrategy = .inset,
    safeArea: (top: Double, bottom: Double) = (0, 0),
    adjustment: InsetAdjustment = .automatic,
    toolbar: Double = 0
) -> ScrollScene {
    ScrollScene(
        viewportWidth: 390, viewportHeight: 844, headerHeight: 100,
        contentHeight: contentHeight, contentWidth: 390,
        headerMinHeight: headerMinHeight, headerMode: headerMode, bottomInset: toolbar,
        bounce: bounce, indicator: indicator, minimumContentHeightIsViewport: quirk,
        strategy: strategy, safeAreaTop: safeArea.top, safeAreaBottom: safeArea.bottom, insetAdjustment: adjustment
    )
}

private func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

private let iPhone14 = (top: 47.0, bottom: 34.0)
private let pull100 = 46420.0 / 899.0  // b(100) = 100 * 844 * 0.55 / (844 + 55) ≈ 51.635

// MARK: - Strategies

@Test func reframeStrategyNumbers() throws {
    // Header at content y = 0, document at y = H, contentSize grown by H, no top inset:
    // minY = 0, maxY = 3100 - 844 = 2256.
    let scene = screen(strategy: .reframe)
    #expect(scene.contentInset.top == 0)
    #expect(scene.contentSize.height == 3100)
    #expect(scene.documentTop == 100 && scene.headerRestY == 0)
    #expect(scene.minOffsetY == 0 && scene.maxOffsetY == 2256 && scene.endOffset == 2256)
    let rest = scene.frame(forUserOffset: 0)
    #expect(rest.contentOffset == 0)
    #expect(rest.header == Rect(x: 0, y: 0, width: 390, height: 100))
    #expect(rest.content == Rect(x: 0, y: 100, width: 390, height: 3000))
    #expect(rest.visibleContent == Rect(x: 0, y: 0, width: 390, height: 744))
    let gone = scene.frame(forUserOffset: 150)
    #expect(gone.contentOffset == 150)           // the inset strategy's o = 50, plus H
    #expect(gone.header.y == -150 && gone.content.y == -50)
    let indicator = try #require(rest.indicator)  // scrollIndicatorInsets.top = H as in the seed
    #expect(indicator.y == 103 && isClose(indicator.height, 622872.0 / 3100.0))
}

@Test(arguments: HeaderMode.allCases)
func insetAndReframeGiveIdenticalFramesAtEveryOffset(mode: HeaderMode) {
    for bounce in [false, true] {
        for (height, quirk) in [(3000.0, false), (3000.4375, false), (300, true), (1234.5678 * 0.3979591836734694, false)] {
            let inset = screen(contentHeight: height, headerMode: mode, bounce: bounce, indicator: .seed, quirk: quirk,
                               strategy: .inset, safeArea: iPhone14)
            let reframe = screen(contentHeight: height, headerMode: mode, bounce: bounce, indicator: .seed, quirk: quirk,
                                 strategy: .reframe, safeArea: iPhone14)
            #expect(inset.endOffset == reframe.endOffset)
            for step in -60...300 {
                let s = Double(step) * 10 + 0.25
                let a = inset.frame(forUserOffset: s), b = reframe.frame(forUserOffset: s)
                #expect(a.header == b.header && a.content == b.content && a.visibleContent == b.visibleContent
                        && a.indicator == b.indicator && a.clamped == b.clamped && a.overscroll == b.overscroll,
                        "offset \(s), height \(height), bounce \(bounce)")
                // contentOffset differs by exactly the moved header.
                #expect(isClose(b.contentOffset - a.contentOffset, 100, tolerance: 1e-6))
            }
        }
    }
}

// MARK: - Safe areas and contentInsetAdjustmentBehavior

@Test func deviceSafeAreaIsAddedToTheInsets() throws {
    let scene = screen(safeArea: iPhone14)
    #expect(scene.adjustsForSafeArea)
    #expect(scene.adjustedContentInset.top == 147 && scene.adjustedContentInset.bottom == 34)
    #expect(scene.minOffsetY == -147 && scene.maxOffsetY == 2190 && scene.endOffset == 2337)
    #expect(scene.scrollIndicatorInsets.top == 147 && scene.scrollIndicatorInsets.bottom == 34)

    let rest = scene.frame(forUserOffset: 0)
    #expect(rest.contentOffset == -147)
    #expect(rest.header == Rect(x: 0, y: 47, width: 390, height: 100))  // below the status bar
    #expect(rest.content.y == 147)
    #expect(rest.visibleContent == Rect(x: 0, y: 0, width: 390, height: 697))  // 844 - 147
    let length = 554508.0 / 3181.0
    let indicator = try #require(rest.indicator)
    #expect(indicator.y == 150 && isClose(indicator.height, length))

    let half = scene.frame(forUserOffset: 50)
    #expect(half.header.y == -3 && half.content.y == 97)

    let bottom = scene.frame(forUserOffset: 2337)
    #expect(bottom.contentOffset == 2190 && bottom.clamped == .none)
    #expect(isClose(try #require(bottom.indicator).maxY, 807))  // 844 - 34 - 3
    #expect(bottom.visibleContent == Rect(x: 0, y: 2190, width: 390, height: 810))  // ends 34 above the bottom
}

@Test func neverAdjustedPutsTheHeaderUnderTheStatusBar() throws {
    let scene = screen(safeArea: iPhone14, adjustment: .never)
    #expect(!scene.adjustsForSafeArea)
    #expect(scene.minOffsetY == -100 && scene.maxOffsetY == 2156)
    #expect(scene.frame(forUserOffset: 0).header == Rect(x: 0, y: 0, width: 390, height: 100))
    #expect(try #require(scene.frame(forUserOffset: 0).indicator).y == 103)
}

@Test func automaticAdjustsOnlyWhatScrollsVertically() {
    // 300 pt of content and no bounce: nothing scrolls vertically, so no adjustment.
    let still = screen(contentHeight: 300, safeArea: iPhone14)
    #expect(!still.adjustsForSafeArea)
    #expect(still.minOffsetY == -100 && still.frame(forUserOffset: 0).header.y == 0)
    // Bounce on (a web view always bounces vertically): adjusted.
    let bouncing = screen(contentHeight: 300, bounce: true, safeArea: iPhone14)
    #expect(bouncing.adjustsForSafeArea && bouncing.minOffsetY == -147)
    #expect(bouncing.frame(forUserOffset: 0).header.y == 47)
    // WKWebView's contentSize.height >= B: 844 + the 100 pt header inset scrolls, so adjusted.
    #expect(screen(contentHeight: 300, quirk: true, safeArea: iPhone14).adjustsForSafeArea)
    // Always: adjusted whatever the content.
    let always = screen(contentHeight: 300, safeArea: iPhone14, adjustment: .always)
    #expect(always.minOffsetY == -147)
    // 300 + 147 + 34 < 844: still nothing to scroll.
    #expect(always.endOffset == 0 && !always.scrolls)
}

@Test func bottomToolbarInset() throws {
    // contentInset.bottom = 44, adjusted by 34: maxY = 3000 + 78 - 844 = 2234, range = 2381.
    let scene = screen(safeArea: iPhone14, toolbar: 44)
    #expect(scene.contentInset.bottom == 44 && scene.adjustedContentInset.bottom == 78)
    #expect(scene.maxOffsetY == 2234 && scene.endOffset == 2381)
    // Indicator: insets (147, 78), track = 844 - 147 - 78 - 6 = 613, total = 3000 + 147 + 78 = 3225.
    let rest = try #require(scene.frame(forUserOffset: 0).indicator)
    #expect(rest.y == 150 && isClose(rest.height, 613.0 * 844.0 / 3225.0))  // ≈ 160.42
    let end = try #require(scene.frame(forUserOffset: 2381).indicator)
    #expect(isClose(end.maxY, 763))  // 844 - 78 - 3
    // The document's last line stops right above the toolbar: 844 - 78 = 766 pt of it show.
    #expect(scene.frame(forUserOffset: 2381).visibleContent == Rect(x: 0, y: 2234, width: 390, height: 766))
}

// MARK: - Header modes with a safe area

@Test func pinnedAndCollapsingHeadersStayBelowTheStatusBar() {
    let pinned = screen(headerMode: .pinned, safeArea: iPhone14)
    for s in [0.0, 30, 500, 2337] {
        #expect(pinned.frame(forUserOffset: s).header == Rect(x: 0, y: 47, width: 390, height: 100))
    }
    #expect(pinned.frame(forUserOffset: 500).content.y == -353)  // 147 - 500: under the header
    let collapsing = screen(headerMode: .collapse, headerMinHeight: 44, safeArea: iPhone14)
    #expect(collapsing.frame(forUserOffset: 0).header == Rect(x: 0, y: 47, width: 390, height: 100))
    #expect(collapsing.frame(forUserOffset: 30).header == Rect(x: 0, y: 47, width: 390, height: 70))
    #expect(collapsing.frame(forUserOffset: 56).header == Rect(x: 0, y: 47, width: 390, height: 44))
    #expect(collapsing.frame(forUserOffset: 500).header == Rect(x: 0, y: 47, width: 390, height: 44))
}

@Test func collapsingHeaderWithTheDesignsContentCoordinates() {
    // No safe area, inset strategy: y = o on screen is 0; h = clamp(-o, 44, 100).
    let scene = screen(headerMode: .collapse, headerMinHeight: 60)
    #expect(scene.frame(forUserOffset: 25).header == Rect(x: 0, y: 0, width: 390, height: 75))   // o = -75
    #expect(scene.frame(forUserOffset: 40).header == Rect(x: 0, y: 0, width: 390, height: 60))   // o = -60
    #expect(scene.frame(forUserOffset: 41).header == Rect(x: 0, y: 0, width: 390, height: 60))   // -o = 59 < Hmin
}

@Test func stretchyHeaderWithASafeArea() {
    let scene = screen(headerMode: .stretch, bounce: true, safeArea: iPhone14)
    let pulled = scene.frame(forUserOffset: -100)
    #expect(isClose(pulled.contentOffset, -147 - pull100))
    #expect(pulled.header.y == 47)
    #expect(isClose(pulled.header.height, 100 + pull100))
    #expect(pulled.header.maxY == pulled.content.y)  // meets the document's top
    #expect(scene.frame(forUserOffset: 20).header == Rect(x: 0, y: 27, width: 390, height: 100))
}

@Test func followIndicatorWithASafeArea() throws {
    let scene = screen(indicator: .follow, safeArea: iPhone14)
    // Rest: the header ends at 147, the track starts at 150, as the seed's.
    #expect(try #require(scene.frame(forUserOffset: 0).indicator).y == 150)
    // s = 150: the header is gone (maxY = -3), so the track starts under the status bar:
    // top = 47 + 3 = 50, track = 844 - 47 - 34 - 6 = 757, length = 757 * 844 / 3181 ≈ 200.85.
    let gone = try #require(scene.frame(forUserOffset: 150).indicator)
    let length = 638908.0 / 3181.0
    #expect(isClose(gone.height, length))
    #expect(isClose(gone.y, 50 + 150.0 / 2337.0 * (757 - length)))
}

// MARK: - Bounce with the overscroll indicator

@Test func bounceAtTheBottomWithASafeAreaAndToolbar() throws {
    // s = range + 100: pushed b(100) past maxY = 2234; the indicator pins at 763 and shrinks.
    let scene = screen(bounce: true, safeArea: iPhone14, toolbar: 44)
    let frame = scene.frame(forUserOffset: 2381 + 100)
    #expect(isClose(frame.contentOffset, 2234 + pull100))
    #expect(isClose(frame.overscroll, pull100))
    let indicator = try #require(frame.indicator)
    #expect(isClose(indicator.maxY, 763))
    #expect(isClose(indicator.height, 613.0 * 844.0 / 3225.0 - pull100))  // ≈ 108.79
}

// MARK: - Offsets: ranges and end

@Test func rangesIncludeBothEnds() throws {
    #expect(try ScrollOffset.parseList("0:600:50") == [.range(from: 0, to: 600, step: 50)])
    #expect(ScrollOffset.range(from: 0, to: 600, step: 50).values(end: 0) == stride(from: 0.0, through: 600, by: 50).map { $0 })
    #expect(ScrollOffset.range(from: 0, to: 610, step: 50).values(end: 0).suffix(2) == [600, 610])
    #expect(ScrollOffset.range(from: 0, to: 0.3, step: 0.1).values(end: 0).count == 4)
    #expect(ScrollOffset.range(from: 5, to: 5, step: 1).values(end: 0) == [5])
    #expect(try ScrollOffset.parseList("0, end ,0:end:1000") == [.at(0), .end, .range(from: 0, to: nil, step: 1000)])
    #expect(ScrollOffset.range(from: 0, to: nil, step: 1000).values(end: 2256) == [0, 1000, 2000, 2256])
    #expect(ScrollOffset.end.values(end: 2337) == [2337])
    #expect(ScrollOffset.range(from: 0, to: nil, step: 1000).description == "0:end:1000")
}

@Test(arguments: [
    ("0:600:0", "--offsets range '0:600:0' needs a step above 0"),
    ("0:600:-50", "--offsets range '0:600:-50' needs a step above 0"),
    ("600:0:50", "--offsets range '600:0:50' goes down: its start is past its end"),
    ("0:600", "--offsets range '0:600' is not from:to:step (e.g. 0:600:50)"),
    ("0:x:50", "--offsets range '0:x:50': 'x' is not a finite number"),
    ("0:1e6:0.01", "--offsets range '0:1000000:0.01' has more than 10000 offsets"),
    ("0:9000:1,0:9000:1", "--offsets '0:9000:1,0:9000:1' stands for more than 10000 offsets"),
    ("end:600:50", "--offsets range 'end:600:50': 'end' is not a finite number"),
])
func badRangesAreOneLineErrors(text: String, message: String) {
    #expect(throws: RenderError.input(message)) { try ScrollOffset.parseList(text) }
}
