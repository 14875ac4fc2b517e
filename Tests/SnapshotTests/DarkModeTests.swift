import Foundation
import Testing
@testable import RenderCore

/// Issue 17's dark-mode rules, one test per rule and client profile, on the fixtures of
/// Tests/Fixtures/dark: real pixels (the canvas, a text colour) and the colours painted.
@Suite struct DarkModeTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/dark")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func scene(_ html: String, _ appearance: Appearance, client: ClientProfile = .webview) -> Scene {
        var scene = Scene(html: html)
        scene.viewportWidth = 390
        scene.viewportHeight = 400
        scene.scale = 2
        scene.headerHeight = 0
        scene.offsets = [0]
        scene.indicator = .none
        scene.appearance = appearance
        scene.client = client
        return scene
    }

    static func render(_ scene: Scene) throws -> (SceneRenderer, Canvas) {
        let renderer = try SceneRenderer(scene: scene)
        return (renderer, try renderer.render(renderer.frames[0]))
    }

    /// `#RRGGBB` of a pixel, in points.
    static func hex(_ canvas: Canvas, _ x: Double, _ y: Double, scale: Double = 2) -> String {
        let p = canvas.pixel(x: Int(x * scale), y: Int(y * scale))
        return String(format: "#%02X%02X%02X", p.r, p.g, p.b)
    }

    /// Every colour of the pixels in a rectangle of points.
    static func colours(_ canvas: Canvas, x: Double, y: Double, width: Double, height: Double, scale: Double = 2) -> Set<String> {
        var found = Set<String>()
        for py in Int(y * scale)..<Int((y + height) * scale) {
            for px in Int(x * scale)..<Int((x + width) * scale) {
                let p = canvas.pixel(x: px, y: py)
                found.insert(String(format: "#%02X%02X%02X", p.r, p.g, p.b))
            }
        }
        return found
    }

    /// The colours text is painted in, in display-list order.
    static func textColours(_ document: LaidOutDocument) -> [String] {
        document.displayList.entries.compactMap { entry in
            guard case .glyphs(let run) = entry.item else { return nil }
            return run.color.hexString
        }
    }

    // MARK: E1–E5, the web view

    @Test func e1NoSchemeKeepsLightDefaultsInDarkButTheMediaQueryMatches() throws {
        let html = try Self.fixture("no-scheme.html")
        let (renderer, canvas) = try Self.render(Self.scene(html, .dark))
        #expect(renderer.document.colorTreatment == .unchanged)
        #expect(renderer.document.canvasColor == .white)
        #expect(Self.hex(canvas, 4, 4) == "#FFFFFF")
        #expect(Self.textColours(renderer.document).first == "#000000")
        #expect(Self.textColours(renderer.document).last == "#0000EE")  // the link stays blue
        // The first line's text pixels include pure black.
        #expect(Self.colours(canvas, x: 16, y: 30, width: 200, height: 30).contains("#000000"))
        // `@media (prefers-color-scheme: dark)` applies: .dm is painted.
        let fills = renderer.document.displayList.entries.compactMap { entry -> String? in
            if case .fill(_, let colour) = entry.item { return colour.hexString } else { return nil }
        }
        #expect(fills.contains("#102030"))
        let (light, _) = try Self.render(Self.scene(html, .light))
        #expect(light.document.colorTreatment == .light)
        #expect(!light.document.displayList.entries.contains { if case .fill(_, let c) = $0.item { return c.hexString == "#102030" } else { return false } })
    }

    @Test(arguments: ["light-dark.html", "root-property.html"])
    func e2e5DeclaredSchemeSwitchesDefaults(name: String) throws {
        let html = try Self.fixture(name)
        let (renderer, canvas) = try Self.render(Self.scene(html, .dark))
        #expect(renderer.document.colorScheme.allowsDark)
        #expect(renderer.document.colorTreatment == .darkScheme)
        #expect(renderer.document.canvasColor == .black)
        #expect(Self.hex(canvas, 4, 4) == "#000000")
        let text = Self.textColours(renderer.document)
        #expect(text.first == "#FFFFFF")
        #expect(text.last == "#9E9EFF")  // E5: WebKit's dark link colour, not #0A84FF
        #expect(Self.colours(canvas, x: 16, y: 30, width: 200, height: 30).contains("#FFFFFF"))
        // Light mode is untouched.
        let (light, lightCanvas) = try Self.render(Self.scene(html, .light))
        #expect(Self.hex(lightCanvas, 4, 4) == "#FFFFFF")
        #expect(Self.textColours(light.document).first == "#000000")
        #expect(Self.textColours(light.document).last == "#0000EE")
    }

    @Test func e2DarkMediaQueryAppliesWithTheScheme() throws {
        let (renderer, _) = try Self.render(Self.scene(try Self.fixture("light-dark.html"), .dark))
        #expect(Self.textColours(renderer.document).contains("#E0E0E0"))
        let fills = renderer.document.displayList.entries.compactMap { entry -> String? in
            if case .fill(_, let colour) = entry.item { return colour.hexString } else { return nil }
        }
        #expect(fills.contains("#1C2430"))
    }

    /// An element's own `color-scheme` decides its link colour and `light-dark()`, as in
    /// WebKitGTK (caniemail css-color-scheme: a light-scheme link in a dark document is #0000EE).
    @Test func anElementsOwnSchemeResolvesItsSystemColours() throws {
        let html = """
            <html style="color-scheme: only dark"><body>
            <a href="#a">dark link</a>
            <div style="color-scheme: only light"><a href="#b">light link</a><p style="color: light-dark(#010203, #040506)">x</p></div>
            <p style="color: light-dark(#010203, #040506)">y</p>
            </body></html>
            """
        let (renderer, _) = try Self.render(Self.scene(html, .light))
        #expect(Self.textColours(renderer.document) == ["#9E9EFF", "#0000EE", "#010203", "#040506"])
    }

    @Test(arguments: [ClientProfile.webview, .appleMail])
    func e4OnlyLightStaysLight(client: ClientProfile) throws {
        let (renderer, canvas) = try Self.render(Self.scene(try Self.fixture("only-light.html"), .dark, client: client))
        #expect(renderer.document.colorScheme.declared && !renderer.document.colorScheme.allowsDark)
        #expect(renderer.document.colorTreatment == .light)
        #expect(Self.hex(canvas, 4, 4) == "#FFFFFF")
        #expect(Self.textColours(renderer.document) == ["#000000", "#0000EE"])
    }

    @Test func colorSchemeValuesParse() {
        #expect(ColorScheme.parse("light dark").allowsDark)
        #expect(ColorScheme.parse("dark").allowsDark)
        #expect(ColorScheme.parse("only dark").allowsDark)
        #expect(ColorScheme.parse("light, dark").allowsDark)
        #expect(!ColorScheme.parse("only light").allowsDark && ColorScheme.parse("only light").declared)
        #expect(!ColorScheme.parse("light").allowsDark && ColorScheme.parse("light").declared)
        #expect(!ColorScheme.parse("normal").declared)
        #expect(!ColorScheme.parse("").declared)
        #expect(!ColorScheme.parse("sepia").declared)
        // The root's property wins over the meta; an inner element's declaration does not count.
        let dom = HTMLParser.parse("<html style='color-scheme: light'><meta name=color-scheme content='light dark'><p style='color-scheme: dark'>x")
        let media = MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: true)
        let styled = Cascade.style(dom, media: media)
        #expect(styled.colorScheme.declared && !styled.usesDarkDefaults)
        let inner = Cascade.style(HTMLParser.parse("<p style='color-scheme: light dark'>x"), media: media)
        #expect(!inner.colorScheme.declared && !inner.usesDarkDefaults)
        let supported = Cascade.style(HTMLParser.parse("<meta name=supported-color-schemes content='light dark'><p>x"), media: media)
        #expect(supported.usesDarkDefaults)
    }

    // MARK: Apple Mail: R2, R3, R9, R10

    @Test func invertLightnessMatchesWebKitsPairs() throws {
        let lines = try Self.fixture("invert-lightness-pairs.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == 120)
        for line in lines {
            let sides = line.components(separatedBy: " -> ").map { $0.split(separator: " ").compactMap { Double($0) } }
            let before = RGBA(r: sides[0][0] / 255, g: sides[0][1] / 255, b: sides[0][2] / 255, a: 1)
            let after = InvertLightness.transform(before)
            for (value, expected) in zip([after.r, after.g, after.b], sides[1]) {
                #expect(abs(value * 255 - expected) <= 1, "\(line): got \(after.hexString)")
            }
        }
        #expect(InvertLightness.transform(.white).hexString == "#333333")
        #expect(InvertLightness.transform(.black).hexString == "#FFFFFF")
        #expect(InvertLightness.transform(RGBA(r: 1, g: 1, b: 1, a: 0.5)).a == 0.5)
    }

    @Test func r3SimpleMailIsFilteredInAppleMail() throws {
        let html = try Self.fixture("no-scheme.html")
        let (renderer, canvas) = try Self.render(Self.scene(html, .dark, client: .appleMail))
        #expect(renderer.document.colorTreatment == .invertLightness)
        // R10: where the mail paints nothing, the black behind Mail's web view.
        #expect(renderer.document.canvasColor == .black)
        #expect(Self.hex(canvas, 4, 4) == "#000000")
        #expect(renderer.scene.resolvedOverscrollColor == .black)
        // Default black text → white; default link #0000EE → its filtered colour.
        let text = Self.textColours(renderer.document)
        #expect(text.first == "#FFFFFF")
        #expect(text.last == InvertLightness.transform(RGBA(r: 0, g: 0, b: 0xEE / 255.0, a: 1)).hexString)
        // The white box → #333333 and its black border → #FFFFFF, as painted pixels.
        let box = renderer.document.boxes.first { $0.path == "/body[0]/div[0]" }!.frame
        #expect(Self.hex(canvas, box.x + box.width - 8, box.y + box.height / 2) == "#333333")
        #expect(Self.hex(canvas, box.x + 1, box.y + box.height / 2) == "#FFFFFF")
        let band = renderer.document.boxes.first { $0.path == "/body[0]/div[1]" }!.frame
        #expect(Self.hex(canvas, band.x + 10, band.y + 10) == "#FFFFFF")
        // In the web view profile the same mail is E1: unchanged.
        let (webview, _) = try Self.render(Self.scene(html, .dark))
        #expect(webview.document.colorTreatment == .unchanged)
        #expect(webview.scene.resolvedOverscrollColor == RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1))
        // Light mode: Mail changes nothing.
        let (light, lightCanvas) = try Self.render(Self.scene(html, .light, client: .appleMail))
        #expect(light.document.colorTreatment == .light)
        #expect(Self.hex(lightCanvas, 4, 4) == "#FFFFFF")
    }

    @Test func r2MailWithAnImageIsShownAsAuthored() throws {
        let (renderer, canvas) = try Self.render(Self.scene(try Self.fixture("no-scheme-image.html"), .dark, client: .appleMail))
        #expect(renderer.document.colorTreatment == .asAuthored)
        #expect(Self.hex(canvas, 4, 4) == "#FFFFFF")
        #expect(Self.textColours(renderer.document).first == "#000000")
        let band = renderer.document.boxes.first { $0.path == "/body[0]/div[1]" }!.frame
        #expect(Self.hex(canvas, band.x + 10, band.y + 10) == "#000000")
    }

    @Test func declaredSchemeIsNotFilteredInAppleMail() throws {
        let (renderer, canvas) = try Self.render(Self.scene(try Self.fixture("light-dark.html"), .dark, client: .appleMail))
        #expect(renderer.document.colorTreatment == .darkScheme)
        #expect(Self.hex(canvas, 4, 4) == "#000000")
        #expect(Self.textColours(renderer.document).first == "#FFFFFF")
        #expect(Self.textColours(renderer.document).contains("#E0E0E0"))
    }

    @Test(arguments: [ClientProfile.webview, .appleMail])
    func r9PlainTextIsLightOnBlack(client: ClientProfile) throws {
        let html = PlainTextToHTML.html("Hello\n> quoted\nbye", flowed: false, delSp: false)
        let (renderer, canvas) = try Self.render(Self.scene(html, .dark, client: client))
        #expect(renderer.document.colorTreatment == .darkScheme)
        #expect(Self.hex(canvas, 4, 4) == "#000000")
        let text = Self.textColours(renderer.document)
        #expect(text.first == "#FFFFFF")
        #expect(text.contains("#409CFF"))  // the first quote level's dark colour
        let (light, lightCanvas) = try Self.render(Self.scene(html, .light, client: client))
        #expect(Self.hex(lightCanvas, 4, 4) == "#FFFFFF")
        #expect(Self.textColours(light.document).first == "#000000")
    }

    /// R9 and R10 end to end: a plain-text message in Apple Mail's dark mode is light text on
    /// black under its dark header, and a pull past the top uncovers black.
    @Test func r9R10PlainTextMessageInAppleMail() throws {
        var scene = Scene(message: try MailMessage.parse(MessageRenderTests.plainThreadMessage()), timeZone: MessageRenderTests.utc)
        scene.scale = 1
        scene.appearance = .dark
        scene.client = .appleMail
        scene.bounce = true
        scene.offsets = [0, -60]
        let renderer = try SceneRenderer(scene: scene)
        #expect(renderer.document.colorTreatment == .darkScheme)
        #expect(Self.textColours(renderer.document).first == "#FFFFFF")
        let rest = try renderer.render(renderer.frames[0])
        #expect(Self.hex(rest, 4, scene.headerHeight + 4, scale: 1) == "#000000")
        #expect(Self.hex(rest, 300, 8, scale: 1) == "#1C1C1E")  // the native header, dark
        let pulled = try renderer.render(renderer.frames[1])
        #expect(Self.hex(pulled, 4, 4, scale: 1) == "#000000")  // R10: overscroll is black
    }

    // MARK: Goldens (each looked at when recorded)

    @Test(arguments: [
        ("dark-e1-no-scheme-webview", "no-scheme.html", ClientProfile.webview),
        ("dark-r3-no-scheme-apple-mail", "no-scheme.html", .appleMail),
        ("dark-e2-light-dark-webview", "light-dark.html", .webview),
    ])
    func goldenFrame(name: String, fixture: String, client: ClientProfile) throws {
        var scene = Self.scene(try Self.fixture(fixture), .dark, client: client)
        scene.scale = 1
        scene.viewportHeight = 330
        scene.headerHeight = 40
        let (_, canvas) = try Self.render(scene)
        try Golden.check(canvas, named: name)
    }
}
