import Foundation
import Testing
@testable import RenderCore

/// `position: fixed` and `position: sticky` across frames: the layout viewport each frame
/// places them in, the sticky offset rules (WebKit's `computeStickyOffset`), and frames.
@Suite struct ScrollAnchorTests {
    // MARK: - The layout viewport (pure numbers)

    static func scene(header: Double = 0, contentHeight: Double = 1725, bounce: Bool = false, safeAreaTop: Double = 0) -> ScrollScene {
        ScrollScene(viewportWidth: 390, viewportHeight: 844, headerHeight: header, contentHeight: contentHeight, contentWidth: 390,
                    bounce: bounce, safeAreaTop: safeAreaTop)
    }

    @Test func layoutViewportFollowsTheScrollInsideTheDocument() {
        let plain = Self.scene()
        #expect(plain.frame(forUserOffset: 0).layoutViewport == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(plain.frame(forUserOffset: 150).layoutViewport.y == 150)
        #expect(plain.frame(forUserOffset: 881).layoutViewport.y == 881)  // end: 1725 - 844
    }

    @Test func whileTheHeaderShowsTheLayoutViewportStaysAtTheDocumentsTop() {
        // The header scrolls with the content: the web view's visible rect starts above the
        // document until it has gone, and WebKit keeps the layout viewport inside the document.
        let scene = Self.scene(header: 100)
        #expect(scene.frame(forUserOffset: 0).layoutViewport.y == 0)
        #expect(scene.frame(forUserOffset: 50).layoutViewport.y == 0)
        #expect(scene.frame(forUserOffset: 100).layoutViewport.y == 0)
        #expect(scene.frame(forUserOffset: 150).layoutViewport.y == 50)
        #expect(scene.frame(forUserOffset: 981).layoutViewport.y == 881)  // end
    }

    @Test func rubberBandingKeepsTheLayoutViewportAtTheDocumentsEdge() {
        let scene = Self.scene(bounce: true)
        let pulled = scene.frame(forUserOffset: -120)
        #expect(pulled.overscroll < 0 && pulled.layoutViewport.y == 0)
        let pushed = scene.frame(forUserOffset: 1000)
        #expect(pushed.overscroll > 0 && pushed.layoutViewport.y == 881)
    }

    @Test func theStatusBarIsObscuredTheHeaderInsetIsNot() {
        let scene = ScrollScene(viewportWidth: 390, viewportHeight: 844, headerHeight: 100, contentHeight: 1725, contentWidth: 390,
                                safeAreaTop: 47, insetAdjustment: .always)
        // Rest: o = -147; the document's top is 147 pt down the screen. Scrolled 200, the
        // document point under the status bar's bottom is 200 - 147 + 47 = 100.
        #expect(scene.frame(forUserOffset: 200).layoutViewport.y == 100)
    }

    @Test func aDocumentShorterThanTheViewportKeepsItAtTheTop() {
        let scene = Self.scene(contentHeight: 300, bounce: true)
        #expect(scene.frame(forUserOffset: 80).layoutViewport.y == 0)
    }

    // MARK: - Sticky offsets (pure numbers)

    static let block = Rect(x: 10, y: 40, width: 370, height: 392)
    static let heading = Rect(x: 10, y: 40, width: 370, height: 30)

    static func viewport(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 390, height: 844) }

    @Test func stickyTopSticksThenLeavesWithItsContainingBlock() {
        let anchor = ScrollAnchor(kind: .sticky(StickyConstraints(containingBlock: Self.block, top: 40)), box: Self.heading)
        #expect(anchor.placed(in: Self.viewport(0)).y == 40)     // in flow
        #expect(anchor.placed(in: Self.viewport(50)).y == 90)    // stuck 40 below the viewport's top
        #expect(anchor.placed(in: Self.viewport(150)).y == 190)
        #expect(anchor.placed(in: Self.viewport(400)).y == 402)  // the block's bottom: 432 - 30
        #expect(anchor.placed(in: Self.viewport(900)).y == 402)
        #expect(anchor.reach.dy == 0...362)
    }

    @Test func stickyBottomPullsUpWithinItsContainingBlock() {
        // A footer at the block's end, bottom: 0, viewport above it: lifted to the viewport's
        // bottom, never above the block's top.
        let footer = Rect(x: 10, y: 402, width: 370, height: 30)
        let anchor = ScrollAnchor(kind: .sticky(StickyConstraints(containingBlock: Self.block, bottom: 0)), box: footer)
        #expect(anchor.placed(in: Rect(x: 0, y: 0, width: 390, height: 300)).y == 270)
        #expect(anchor.placed(in: Rect(x: 0, y: -1000, width: 390, height: 300)).y == 40)
        #expect(anchor.placed(in: Self.viewport(0)).y == 402)
        #expect(anchor.reach.dy == -362...0)
    }

    @Test func topWinsOverBottomAndLeftOverRight() {
        let box = Rect(x: 100, y: 100, width: 50, height: 50)
        let block = Rect(x: 0, y: 0, width: 1000, height: 1000)
        let both = StickyConstraints(containingBlock: block, top: 0, right: 0, bottom: 0, left: 0)
        // A 20 px viewport at (200, 300): too small for the box; top and left decide.
        let move = both.offset(of: box, viewport: Rect(x: 200, y: 300, width: 20, height: 20))
        #expect(move.dx == 100 && move.dy == 200)
    }

    @Test func aScrollContainerSticksOnceWhateverTheFrame() {
        let scrollport = Rect(x: 0, y: 500, width: 390, height: 100)
        let constraints = StickyConstraints(containingBlock: Rect(x: 0, y: 450, width: 390, height: 400), top: 0, scrollport: scrollport)
        let anchor = ScrollAnchor(kind: .sticky(constraints), box: Rect(x: 0, y: 450, width: 390, height: 20))
        #expect(anchor.placed(in: Self.viewport(0)).y == 500)
        #expect(anchor.placed(in: Self.viewport(700)).y == 500)
    }

    @Test func fixedMovesWithTheLayoutViewportWithinItsTravel() {
        let anchor = ScrollAnchor(kind: .fixed, box: Rect(x: 0, y: 0, width: 390, height: 40), fixedTravel: 881)
        #expect(anchor.placed(in: Self.viewport(150)).y == 150)
        #expect(anchor.placed(in: Self.viewport(5000)).y == 881)
        #expect(anchor.placed(in: Rect(x: 0, y: .nan, width: 390, height: 844)).y == 0)
        #expect(anchor.reach.dy == 0...881)
    }

    // MARK: - A mail's frames

    /// A fixed banner whose static position is its fixed one (the first 40 px, in a wrapper
    /// that keeps its place in the flow), and two sections with sticky headings.
    static let mail = """
        <!doctype html><meta name="viewport" content="width=device-width"><style>
        body { margin: 0; font: 16px/20px sans-serif }
        .top { height: 40px }
        .banner { position: fixed; top: 0; left: 0; width: 100%; height: 40px; background: #c0392b }
        .section { padding: 0 10px }
        h2 { position: -webkit-sticky; position: sticky; top: 40px; margin: 0; height: 30px; background: #2c5fb8 }
        p { margin: 0; height: 180px; border-bottom: 1px solid #99a; text-align: right }
        .gap { height: 60px }
        </style>
        <div class="top"><div class="banner"></div></div>
        <div class="section"><h2></h2><p>First</p><p>Second</p></div>
        <div class="gap"></div>
        <div class="section"><h2></h2><p>Third</p><p>Fourth</p><p>Fifth</p></div>
        <div class="gap"></div>
        <p style="height: 600px">Tail</p>
        """

    static func renderer(_ html: String = mail, header: Double = 0, offsets: [ScrollOffset] = [0, 50, 150, 400],
                         client: ClientProfile = .webview, bounce: Bool = false) throws -> SceneRenderer {
        var scene = Scene(html: html)
        scene.headerHeight = header
        scene.offsets = offsets
        scene.scale = 1
        scene.client = client
        scene.bounce = bounce
        scene.indicator = .none
        return try SceneRenderer(scene: scene)
    }

    /// Each anchored element's document box per frame.
    static func placed(_ renderer: SceneRenderer) -> [[String: Rect]] {
        renderer.frames.map { frame in
            let placement = renderer.placement(frame)
            return Dictionary(renderer.document.scrollAnchors.map { element in
                (element.path, renderer.document.placed(element.anchor.box, path: element.path, placement: placement))
            }, uniquingKeysWith: { first, _ in first })
        }
    }

    @Test func theMailsAnchorsAreFoundWithTheirConstraints() throws {
        let renderer = try Self.renderer()
        let anchors = renderer.document.scrollAnchors
        #expect(anchors.map(\.path) == ["/body[0]/div[0]/div[0]", "/body[0]/div[1]/h2[0]", "/body[0]/div[3]/h2[0]"])
        #expect(anchors.map(\.position) == ["fixed", "sticky", "sticky"])
        #expect(renderer.document.height == 1726)  // the tail paragraph's border too
        guard case .sticky(let first) = anchors[1].anchor.kind else { Issue.record("not sticky"); return }
        // The section's content box (padding 0 10px) is its containing block.
        #expect(first.containingBlock == Rect(x: 10, y: 40, width: 370, height: 392))
        #expect(first.top == 40 && first.bottom == nil && first.scrollport == nil)
        #expect(!renderer.document.unsupportedFeatures.contains { $0.feature.contains("sticky") })
    }

    @Test func framesPlaceTheBannerAndHeadingsExactly() throws {
        let renderer = try Self.renderer()
        let frames = Self.placed(renderer)
        let banner = "/body[0]/div[0]/div[0]", one = "/body[0]/div[1]/h2[0]", two = "/body[0]/div[3]/h2[0]"
        #expect(frames.map { $0[banner]?.y } == [0, 50, 150, 400])
        #expect(frames.map { $0[one]?.y } == [40, 90, 190, 402])
        #expect(frames.map { $0[two]?.y } == [492, 492, 492, 492])
        #expect(frames.allSatisfy { $0[one]?.x == 10 && $0[one]?.width == 370 })
    }

    @Test func underTheHeaderTheBannerRidesWithTheMail() throws {
        let renderer = try Self.renderer(header: 100)
        let frames = Self.placed(renderer)
        // Document y: the viewport stays at the top until the header (100) has scrolled away.
        #expect(frames.map { $0["/body[0]/div[0]/div[0]"]?.y } == [0, 0, 50, 300])
        // On screen: under the header, then at the top.
        let screenY = zip(renderer.frames, frames).map { frame, boxes in boxes["/body[0]/div[0]/div[0]"].map { $0.y + frame.content.y } }
        #expect(screenY == [100, 50, 0, 0])
    }

    @Test func rubberBandedFramesCarryTheBannerWithTheDocument() throws {
        let renderer = try Self.renderer(offsets: [-100, .end, 1000], bounce: true)
        let frames = renderer.frames
        let boxes = Self.placed(renderer)
        let screenY = zip(frames, boxes).map { frame, boxes in boxes["/body[0]/div[0]/div[0]"].map { $0.y + frame.content.y } }
        #expect(screenY[0]! > 0)       // pulled down with the mail's top
        #expect(screenY[1] == 0)       // the end of the range
        #expect(screenY[2]! < 0)       // pushed up with the mail's bottom
    }

    @Test func framesDrawTheBannerAndHeadingsWhereTheyArePlaced() throws {
        let renderer = try Self.renderer(offsets: [0, 150, 400])
        let red = "#C0392B", blue = "#2C5FB8"
        func colour(_ canvas: Canvas, _ x: Int, _ y: Int) -> String {
            let p = canvas.pixel(x: x, y: y)
            return RGBA(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255, a: 1).hexString
        }
        let frames = try renderer.frames.map { try renderer.render($0) }
        for canvas in frames { #expect(colour(canvas, 5, 20) == red) }
        #expect(colour(frames[0], 20, 55) == blue)   // heading one at 40..70
        #expect(colour(frames[1], 20, 55) == blue)   // stuck at 40
        #expect(colour(frames[1], 20, 355) == blue)  // heading two at 492 - 150
        #expect(colour(frames[2], 20, 15) == blue)   // heading one pushed out: 402 - 400 = 2..32
        #expect(colour(frames[2], 20, 55) != blue)
        #expect(colour(frames[2], 20, 105) == blue)  // heading two at 492 - 400
    }

    @Test func framesAreTheSameBytesWithOrWithoutOcclusionCulling() throws {
        let renderer = try Self.renderer(offsets: [0, 150, 400])
        for frame in renderer.frames {
            let culled = try renderer.makeCanvas(), plain = try renderer.makeCanvas()
            renderer.draw(frame, on: culled)
            renderer.draw(frame, on: plain, cullOccluded: false)
            #expect(culled.rgbaImage.pixels == plain.rgbaImage.pixels)
        }
    }

    @Test func appleMailLaysFixedAndStickyOutAsStatic() throws {
        let renderer = try Self.renderer(client: .appleMail)
        #expect(renderer.document.scrollAnchors.isEmpty)
        #expect(!renderer.document.unsupportedFeatures.contains { $0.feature.hasPrefix("position: fixed") || $0.feature.contains("sticky") })
        let heading = try #require(renderer.document.boxes.first { $0.path == "/body[0]/div[1]/h2[0]" })
        #expect(heading.frame.y == 40)
    }

    @Test func stickyInsideAScrollContainerSticksToItsScrollport() throws {
        let html = """
            <body style="margin:0"><div style="height:100px"></div>
            <div style="overflow:hidden;height:200px;padding-top:20px">
            <div style="position:sticky;top:30px;height:20px;background:#2c5fb8"></div>
            <div style="height:300px"></div></div><div style="height:2000px"></div>
            """
        let renderer = try Self.renderer(html, offsets: [0, 500])
        // The scroller's content box starts at 120 and never scrolls: 30 below it, in every frame.
        #expect(Self.placed(renderer).map { $0["/body[0]/div[1]/div[0]"]?.y } == [150, 150])
    }

    @Test func manyStickyBoxesAreCappedAndQuick() throws {
        let html = "<body style=\"margin:0\">" + String(repeating: "<div style=\"position:sticky;top:0;height:1px\"></div>", count: 12_000)
        let start = Date()
        let renderer = try Self.renderer(html, offsets: [0, 5000])
        #expect(renderer.document.scrollAnchors.count == ScrollAnchorFinder.maximumAnchors)
        _ = try renderer.frames.map { try renderer.render($0) }
        #expect(Date().timeIntervalSince(start) < timeBudget(30))
    }

    /// A sticky box in a sticky one sticks from where its ancestor put it; a fixed box in a
    /// sticky one keeps its place in the viewport.
    @Test func nestedAnchorsComposeAsWebKitMapsThem() throws {
        let html = """
            <body style="margin:0"><div style="height:100px"></div>
            <div style="position:sticky;top:0;height:300px"><div style="height:100px"></div>
            <div style="position:sticky;top:150px;height:20px;background:#2c5fb8"></div>
            <div style="position:fixed;top:0;left:0;width:10px;height:10px;background:#c0392b"></div></div>
            <div style="height:3000px"></div>
            """
        let renderer = try Self.renderer(html, offsets: [0, 150, 250])
        let boxes = Self.placed(renderer)
        // The outer sticks at the viewport's top from 100 on (its block is the body, 3400 tall).
        #expect(boxes.map { $0["/body[0]/div[1]"]?.y } == [100, 150, 250])
        // The inner, laid out at 200, sticks 150 below the viewport's top measured from where
        // the outer put it (WebKit scrolled there: 200, 300, 400; not 350 and 450).
        #expect(boxes.map { $0["/body[0]/div[1]/div[1]"]?.y } == [200, 300, 400])
        #expect(boxes.map { $0["/body[0]/div[1]/div[2]"]?.y } == [0, 150, 250])
        // Drawn there: the inner at 400 - 250 on screen, the fixed one at the top.
        let canvas = try renderer.render(renderer.frames[2])
        func colour(_ x: Int, _ y: Int) -> String {
            let p = canvas.pixel(x: x, y: y)
            return RGBA(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255, a: 1).hexString
        }
        #expect(colour(50, 160) == "#2C5FB8" && colour(50, 140) != "#2C5FB8" && colour(5, 5) == "#C0392B")
    }

    /// Fixed boxes reach the whole document: the frame index keeps them in one list rather
    /// than in every band of a tall mail.
    @Test func manyFixedBoxesInATallMailStayCheap() throws {
        let html = "<body style=\"margin:0\">" + String(repeating: "<div style=\"position:fixed;top:0;height:1px;background:#c0392b\"></div>", count: 5_000)
            + "<div style=\"height:500000px\"></div>"
        let start = Date()
        let renderer = try Self.renderer(html, offsets: [0, 250_000])
        _ = try renderer.frames.map { try renderer.render($0) }
        #expect(Date().timeIntervalSince(start) < timeBudget(30))
    }

    @Test func hugeOffsetsStayFinite() throws {
        let html = """
            <body style="margin:0"><div style="position:sticky;top:1e30px;bottom:-1e30px;left:1e30px;height:10px"></div>
            <div style="position:fixed;top:0;height:10px"></div><div style="height:3000px"></div>
            """
        let renderer = try Self.renderer(html, offsets: [0, 1000])
        for box in Self.placed(renderer).flatMap(\.values) {
            #expect(box.x.isFinite && box.y.isFinite)
        }
    }

    // MARK: - Goldens beside WebKit

    /// A newsletter with a fixed banner (last in the tree), sticky section headings and a sticky
    /// call to action: frames at 0, 50, 150 and 400 with no header are the web view scrolled
    /// there, recorded after being looked at beside WebKitGTK scrolled to the same positions;
    /// `fixed-and-sticky.webkit-frames.json` holds WebKit's boxes of the four anchored elements.
    static let newsletter = PaintGoldenTests.fixtures.appendingPathComponent("paint/fixed-and-sticky.html")

    static func newsletterRenderer(header: Double, offsets: [ScrollOffset], scale: Double = 2) throws -> SceneRenderer {
        var scene = Scene(html: try String(contentsOf: newsletter, encoding: .utf8))
        scene.headerHeight = header
        scene.offsets = offsets
        scene.scale = scale
        scene.indicator = .none
        return try SceneRenderer(scene: scene)
    }

    @Test func newsletterAnchorsMatchWebKitScrolledFrameByFrame() throws {
        let url = PaintGoldenTests.fixtures.appendingPathComponent("paint/fixed-and-sticky.webkit-frames.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let webkit = try #require(json["frames"] as? [String: [[String: Any]]])
        let renderer = try Self.newsletterRenderer(header: 0, offsets: [0, 50, 150, 400], scale: 1)
        #expect(renderer.document.height == json["height"] as? Double)
        for (frame, boxes) in zip(renderer.frames, Self.placed(renderer)) {
            let expected = try #require(webkit[Scene.format(frame.userOffset)])
            #expect(boxes.count == expected.count)
            for box in expected {
                let path = try #require(box["path"] as? String)
                let ours = try #require(boxes[path], "\(path) at \(frame.userOffset)")
                let theirs = Rect(x: box["x"] as! Double, y: box["y"] as! Double, width: box["w"] as! Double, height: box["h"] as! Double)
                #expect(abs(ours.x - theirs.x) <= 1 && abs(ours.y - theirs.y) <= 1 && abs(ours.width - theirs.width) <= 1
                        && abs(ours.height - theirs.height) <= 1, "\(path) at \(frame.userOffset): \(ours) vs WebKit \(theirs)")
            }
        }
    }

    @Test func newsletterFramesMatchTheirGoldens() throws {
        let renderer = try Self.newsletterRenderer(header: 0, offsets: [0, 50, 150, 400])
        #expect(renderer.document.warnings.isEmpty, "\(renderer.document.warnings)")
        for frame in renderer.frames {
            try Golden.check(try renderer.render(frame), named: "fixed-and-sticky-\(Scene.format(frame.userOffset))")
        }
    }

    /// With the seed's header the banner rides under it with the mail's top until it has gone.
    @Test func newsletterUnderTheHeaderMatchesItsGoldens() throws {
        let renderer = try Self.newsletterRenderer(header: 100, offsets: [0, 50, 150])
        for frame in renderer.frames {
            try Golden.check(try renderer.render(frame), named: "fixed-and-sticky-header-\(Scene.format(frame.userOffset))")
        }
    }

    // MARK: - What else follows them: element diffs and selector masks

    @Test func frameLayoutsAndSelectorMasksFollowTheBanner() throws {
        let renderer = try Self.renderer(offsets: [0, 150, 400])
        for frame in renderer.frames {
            let layout = FrameLayout(renderer, frame: frame)
            let banner = try #require(layout.elements.first { $0.path == "/body[0]/div[0]/div[0]" })
            #expect(banner.rect == [0, 0, 390, 40])  // on screen, every frame
        }
        var tolerance = Tolerance()
        tolerance.maskSelectors = [".banner"]
        let masks = SceneMasks(tolerance, renderer: renderer)
        for frame in renderer.frames {
            #expect(masks.rects(in: frame, renderer: renderer) == [Rect(x: 0, y: 0, width: 390, height: 40)])
        }
        // Not anchored: the section, which scrolls.
        #expect(!renderer.document.isAnchored("/body[0]/div[1]") && renderer.document.isAnchored("/body[0]/div[1]/h2[0]"))
    }

    /// First in the tree, the banner still paints over the mail scrolled under it, and a
    /// sticky heading over its section's later text (both form stacking contexts).
    @Test func fixedAndStickyBoxesPaintOverWhatScrollsUnderThem() throws {
        let html = """
            <body style="margin:0;font:16px/20px sans-serif">
            <div style="position:fixed;top:0;left:0;width:100%;height:40px;background:#c0392b"></div>
            <div style="padding-top:40px;background:#eef2ff">
            <h2 style="position:sticky;top:40px;margin:0;height:30px;background:#2c5fb8"></h2>
            <p style="margin:0;height:600px;background:#dddddd"></p></div><div style="height:1000px;background:#eeeeee"></div>
            """
        let renderer = try Self.renderer(html, offsets: [300])
        let canvas = try renderer.render(renderer.frames[0])
        func colour(_ x: Int, _ y: Int) -> String {
            let p = canvas.pixel(x: x, y: y)
            return RGBA(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255, a: 1).hexString
        }
        #expect(colour(5, 20) == "#C0392B")
        #expect(colour(5, 55) == "#2C5FB8")
        #expect(colour(5, 100) == "#DDDDDD")
    }
}
