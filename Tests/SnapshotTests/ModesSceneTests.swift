import Foundation
import Testing
@testable import RenderCore

/// Issue 7 end to end: viewport rules and zoom, appearance, strategies byte for byte, and a
/// golden frame per mode and option (scale 1, looked at before they were committed).
@Suite struct ModesSceneTests {
    static let headerHTML = "<div style=\"padding:12px 16px;color:white;font-size:15px\"><b>From:</b> Beta team<br><b>Subject:</b> Your October update</div>"

    static func scene(_ configure: (inout Scene) -> Void = { _ in }) -> Scene {
        var scene = Scene(html: SampleMail.html)
        scene.scale = 1
        scene.headerColor = RGBA(r: 0x1a / 255.0, g: 0x4f / 255.0, b: 0x8b / 255.0, a: 1)
        scene.headerHTML = headerHTML
        configure(&scene)
        return scene
    }

    static func render(_ scene: Scene, at offset: Double) throws -> (ScrollFrame, Canvas) {
        let renderer = try SceneRenderer(scene: scene)
        let frame = renderer.geometry.frame(forUserOffset: offset)
        return (frame, try renderer.render(frame))
    }

    /// A 600 px newsletter without a viewport meta, as marketing mail is.
    static let newsletter = """
    <html><head><title>Digest</title></head>
    <body style="margin:0;background:#e8e8e8;font-family:Arial, sans-serif">
    <table width="600" align="center" cellpadding="0" cellspacing="0" style="background:#ffffff">
    <tr><td style="background:#1a4f8b;color:#fff;padding:24px;font-size:28px;font-weight:bold">Weekly Digest</td></tr>
    <tr><td style="padding:24px;font-size:16px;line-height:24px">This newsletter is 600 px wide and has no viewport meta. WebKit lays it out at 980 px and scales it to the screen.</td></tr>
    <tr><td style="padding:24px;background:#f4f4f4;font-size:12px;color:#666">You receive this mail because you subscribed.</td></tr>
    </table></body></html>
    """

    // MARK: WebKit viewport rules

    @Test func newsletterWithoutViewportMetaLaysOutAt980AndShowsAtScale0398() throws {
        let document = LaidOutDocument(html: Self.newsletter, viewportWidth: 390, viewportHeight: 844, viewportRules: .webkit)
        #expect(document.viewport.layoutWidth == 980)
        #expect(document.viewport.reason == "default 980")
        #expect(document.zoomScale == 390.0 / 980.0)                // 0.397959…
        #expect(abs(document.zoomScale - 0.398) < 0.0005)
        let table = try #require(document.boxes.first { $0.path == "/body[0]/table[0]" })
        #expect(table.frame.width == 600)
        #expect(abs(table.frame.width * document.zoomScale - 238.7755) < 1e-3)  // about 239 pt on screen
        #expect(table.frame.x == 190)                                // centred in 980
        // Without the rules: laid out at the view's width, zoom 1.
        let plain = LaidOutDocument(html: Self.newsletter, viewportWidth: 390, viewportHeight: 844)
        #expect(plain.zoomScale == 1 && plain.viewport.layoutWidth == 390)
    }

    @Test func newsletterGeometryIsScaled() throws {
        var scene = Scene(html: Self.newsletter)
        scene.viewportRules = .webkit
        let renderer = try SceneRenderer(scene: scene)
        let zoom = 390.0 / 980.0
        #expect(renderer.geometry.contentWidth == 390)              // 980 × zoom
        #expect(renderer.geometry.contentHeight == renderer.document.height * zoom)
    }

    static func layoutWidthAndZoom(_ head: String, body: String = "") -> (Double, Double) {
        let html = "<html><head>\(head)</head><body style=\"margin:0\">\(body)</body></html>"
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, viewportRules: .webkit)
        return (document.viewport.layoutWidth, document.zoomScale)
    }

    @Test func viewportMetaRules() {
        let wide = "<div style=\"width:600px;height:10px\"></div>"
        #expect(Self.layoutWidthAndZoom("<meta name=viewport content=\"width=device-width, initial-scale=1\">") == (390, 1))
        // Wider content shrinks to fit: 390 / 600 = 0.65.
        #expect(Self.layoutWidthAndZoom("<meta name=viewport content=\"width=device-width\">", body: wide) == (390, 0.65))
        #expect(Self.layoutWidthAndZoom("<meta name=viewport content=\"width=device-width, shrink-to-fit=no\">", body: wide) == (390, 1))
        #expect(Self.layoutWidthAndZoom("<meta name=\"viewport\" content=\"width=600\">") == (600, 0.65))
        #expect(Self.layoutWidthAndZoom("<meta name=viewport content=\"initial-scale=2\">") == (195, 2))
        // WebKit's limits: 390 / 10000 → 0.25, 390 / 50 → 5.
        #expect(Self.layoutWidthAndZoom("<meta name=viewport content=\"width=10000\">").1 == 0.25)
        #expect(Self.layoutWidthAndZoom("<meta name=viewport content=\"width=50\">").1 == 5)
        // No meta: 980, and content wider than that shrinks further: 390 / 1300 = 0.3.
        #expect(Self.layoutWidthAndZoom("", body: "<div style=\"width:1300px;height:1px\"></div>") == (980, 0.3))
        // Apple Mail's opt-out: laid out at the view's width, never scaled.
        #expect(Self.layoutWidthAndZoom("<meta name=\"x-apple-disable-message-reformatting\">", body: wide) == (390, 1))
    }

    @Test func mediaQueriesSeeTheLayoutViewport() {
        // At 980 px, a mail's phone styles (max-width: 600px) do not apply, as in WebKit.
        let html = "<style>div{width:500px} @media (max-width:600px){div{width:100px}}</style><body style=margin:0><div>x</div>"
        let webkit = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, viewportRules: .webkit)
        let plain = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        #expect(webkit.boxes.first { $0.path == "/body[0]/div[0]" }?.frame.width == 500)
        #expect(plain.boxes.first { $0.path == "/body[0]/div[0]" }?.frame.width == 100)
    }

    // MARK: Appearance

    @Test func darkAppearanceAnswersPrefersColorSchemeAndDefaults() {
        let css = "<style>@media (prefers-color-scheme: dark) { body { background: #123456 } }</style><p>x</p>"
        #expect(LaidOutDocument(html: css, viewportWidth: 390, viewportHeight: 844, appearance: .dark).canvasColor
                == RGBA(r: 0x12 / 255.0, g: 0x34 / 255.0, b: 0x56 / 255.0, a: 1))
        #expect(LaidOutDocument(html: css, viewportWidth: 390, viewportHeight: 844).canvasColor == .white)
        // E1: no colour scheme declared, no default changes; E2: declared, the canvas is black.
        #expect(LaidOutDocument(html: "<p>x</p>", viewportWidth: 390, viewportHeight: 844, appearance: .dark).canvasColor == .white)
        #expect(LaidOutDocument(html: "<meta name=color-scheme content='light dark'><p>x</p>", viewportWidth: 390, viewportHeight: 844,
                                appearance: .dark).canvasColor == .black)
        var scene = Scene(html: "")
        scene.appearance = .dark
        #expect(scene.resolvedIndicatorColor == RGBA(r: 1, g: 1, b: 1, a: 0.5))
        #expect(scene.resolvedHeaderColor == RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1))
        scene.indicatorStyle = .black
        #expect(scene.resolvedIndicatorColor == RGBA(r: 0, g: 0, b: 0, a: 0.35))
        scene.appearance = .light
        scene.indicatorStyle = .white
        #expect(scene.resolvedIndicatorColor == RGBA(r: 1, g: 1, b: 1, a: 0.5))
        #expect(Scene(html: "").resolvedOverscrollColor == Scene.overscrollColor)  // UIWebView's #BFBDC2
    }

    // MARK: Strategies, byte for byte

    @Test func insetAndReframeFramesAreByteIdentical() throws {
        let directory = temporaryDirectory("strategies")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, mail, engine) in [("long", SampleMail.html, WebEngine.uiwebview), ("short", "<p>A short mail</p>", .wkwebview)] {
            var written: [HeaderStrategy: [String]] = [:]
            for strategy in HeaderStrategy.allCases {
                var scene = Self.scene { $0.strategy = strategy; $0.bounce = true; $0.engine = engine }
                scene.html = mail
                scene.offsets = [.range(from: -300, to: nil, step: 100), .end, 5000]
                written[strategy] = try SceneRenderer(scene: scene).writeFrames(to: "\(directory)/\(name)-\(strategy.rawValue)")
            }
            let inset = try #require(written[.inset]), reframe = try #require(written[.reframe])
            #expect(inset.count == reframe.count && inset.count >= 5)
            for (a, b) in zip(inset, reframe) {
                let bytesA = FileManager.default.contents(atPath: a), bytesB = FileManager.default.contents(atPath: b)
                #expect(bytesA != nil && bytesA == bytesB, "\(a) vs \(b)")
            }
        }
    }

    // MARK: Golden frames, one per mode and option

    @Test(arguments: [
        ("modes-pinned-150", 150.0, { @Sendable (s: inout Scene) in s.headerMode = .pinned }),
        ("modes-collapse-150", 150.0, { @Sendable (s: inout Scene) in s.headerMode = .collapse; s.headerMinHeight = 44 }),
        ("modes-stretch-pull-100", -100.0, { @Sendable (s: inout Scene) in s.headerMode = .stretch; s.bounce = true }),
        ("modes-bounce-top-100", -100.0, { @Sendable (s: inout Scene) in s.bounce = true }),
        ("modes-bounce-bottom", 1e4, { @Sendable (s: inout Scene) in s.bounce = true; s.offsets = [.end] }),
        ("modes-overscroll-color", -100.0, { @Sendable (s: inout Scene) in s.bounce = true; s.overscrollColor = RGBA(r: 1, g: 0.85, b: 0.3, a: 1) }),
        ("modes-indicator-follow-150", 150.0, { @Sendable (s: inout Scene) in s.indicator = .follow }),
        ("modes-reframe-150", 150.0, { @Sendable (s: inout Scene) in s.strategy = .reframe }),
        ("modes-iphone-se-0", 0.0, { @Sendable (s: inout Scene) in s.apply(Device.all.first { $0.name == "iphone-se" }!); s.scale = 1 }),
        ("modes-iphone-15-pro-max-toolbar-0", 0.0, { @Sendable (s: inout Scene) in
            s.apply(Device.all.first { $0.name == "iphone-15-pro-max" }!); s.scale = 1; s.toolbarHeight = 44 }),
        ("modes-ipad-never-0", 0.0, { @Sendable (s: inout Scene) in
            s.apply(Device.all.first { $0.name == "ipad" }!); s.scale = 1; s.insetAdjustment = .never }),
        ("modes-dark-0", 0.0, { @Sendable (s: inout Scene) in
            s.apply(Device.all.first { $0.name == "iphone-14" }!); s.scale = 1; s.appearance = .dark; s.headerColor = nil }),
    ] as [(String, Double, @Sendable (inout Scene) -> Void)])
    func goldenFrame(name: String, offset: Double, configure: @Sendable (inout Scene) -> Void) throws {
        let scene = Self.scene(configure)
        let renderer = try SceneRenderer(scene: scene)
        let frame = scene.offsets == [.end] ? renderer.frames[0] : renderer.geometry.frame(forUserOffset: offset)
        if name == "modes-bounce-bottom" {
            // Pushed 100 pt past the end: b(100) ≈ 51.6 pt of overscroll background at the bottom.
            let pushed = renderer.geometry.frame(forUserOffset: renderer.geometry.endOffset + 100)
            #expect(abs(pushed.overscroll - 46420.0 / 899.0) < 1e-9)
            try Golden.check(try renderer.render(pushed), named: name)
            return
        }
        try Golden.check(try renderer.render(frame), named: name)
    }

    @Test func webKitNewsletterGolden() throws {
        var scene = Scene(html: Self.newsletter)
        scene.scale = 1
        scene.viewportRules = .webkit
        scene.engine = .wkwebview
        scene.headerColor = RGBA(r: 0.95, g: 0.95, b: 0.97, a: 1)
        scene.headerHTML = "<div style=\"padding:12px 16px;font-size:14px\"><b>From:</b> Digest &lt;news@example.com&gt;</div>"
        scene.headerHeight = 60
        let renderer = try SceneRenderer(scene: scene)
        // A short page: WKWebView still lets it scroll by H (contentSize.height >= B).
        #expect(renderer.geometry.endOffset == 60)
        try Golden.check(try renderer.render(renderer.geometry.frame(forUserOffset: 0)), named: "modes-webkit-newsletter-0")
        try Golden.check(try renderer.render(renderer.geometry.frame(forUserOffset: 60)), named: "modes-wkwebview-scrolled-by-header")
    }

    @Test func collapsingHeaderPixels() throws {
        // Collapsed to 44 pt at s = 150: header colour down to y = 43, the mail from 44.
        let (frame, canvas) = try Self.render(Self.scene { $0.headerMode = .collapse; $0.headerMinHeight = 44 }, at: 150)
        #expect(frame.header == Rect(x: 0, y: 0, width: 390, height: 44))
        let image = canvas.image
        let header: UInt32 = 0xFF1A_4F8B
        #expect(image.pixel(x: 300, y: 43) == header)
        #expect(image.pixel(x: 300, y: 44) != header)
    }
}
