import Foundation
import Testing
@testable import RenderCore

/// `@font-face` web fonts (data: URIs and files in the mail's folder; TTF, OTF, WOFF, WOFF2),
/// CSS Fonts face matching, `unicode-range`, remote sources blocked with one warning, and a
/// team's `--font-dir` fonts in the mail, the header fragment and the fingerprint.
@Suite struct WebFontTests {
    static let folder = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/webfonts")
    static let teamFolder = folder.appendingPathComponent("team").path
    /// A DejaVu Sans Mono subset ("Wil ") named "Brand Mono": every advance is 1233/2048 em.
    static let monoAdvance = 40 * 1233.0 / 2048
    /// Liberation Serif's `i` at 40 px, the fallback's (0.278 em).
    static let serifI = 40 * 569.0 / 2048

    static func dataURI(_ file: String, type: String) throws -> String {
        "data:\(type);base64," + (try Data(contentsOf: folder.appendingPathComponent(file))).base64EncodedString()
    }

    /// The x of each glyph of the document, left to right.
    static func glyphXs(_ document: LaidOutDocument) -> [Double] {
        FontCoverageTests.glyphRuns(document).flatMap { $0.glyphs.map(\.x) }.sorted()
    }

    static func page(_ css: String, body: String = "<p>Wil</p>", images: ImageStore? = nil) -> LaidOutDocument {
        LaidOutDocument(html: "<style>\(css) p { font: 40px Brand, serif; margin: 0 }</style>\(body)",
                        viewportWidth: 390, viewportHeight: 844, images: images)
    }

    @Test func aDataURIWOFF2FontDrawsTheText() throws {
        let font = try Self.dataURI("brand.woff2", type: "font/woff2")
        let document = Self.page("@font-face { font-family: 'Brand'; src: url(\(font)) format('woff2'); }")
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let xs = Self.glyphXs(document)
        try #require(xs.count == 3)
        #expect(abs(xs[1] - xs[0] - Self.monoAdvance) < 0.01, "\(xs)")
        #expect(abs(xs[2] - xs[1] - Self.monoAdvance) < 0.01, "\(xs)")
        // Without the rule the same stack falls back to serif: a narrow i.
        let fallback = Self.glyphXs(Self.page(""))
        #expect(abs(fallback[2] - fallback[1] - Self.serifI) < 0.01, "\(fallback)")
    }

    @Test func aRemoteSourceWarnsOnceAndTheNextSourceIsUsed() throws {
        let font = try Self.dataURI("brand.woff2", type: "font/woff2")
        let remote = "https://fonts.example.com/brand.woff2"
        let document = Self.page("""
            @font-face { font-family: Brand; src: url("\(remote)") format("woff2"), url(\(font)); }
            @font-face { font-family: Brand; font-weight: bold; src: url(\(remote)); }
            """)
        // Every rule is loaded, the bold one too: its URL was already named, so one line.
        #expect(document.warnings == ["font '\(remote)' for 'Brand' is remote; not fetched (the next source or family is used)"])
        let xs = Self.glyphXs(document)
        #expect(abs(xs[1] - xs[0] - Self.monoAdvance) < 0.01, "\(xs)")
        // Only remote: the family is skipped and the stack goes on to serif.
        let blocked = Self.page("@font-face { font-family: Brand; src: url(\(remote)); }")
        #expect(blocked.warnings.count == 1)
        let serif = Self.glyphXs(blocked)
        #expect(abs(serif[2] - serif[1] - Self.serifI) < 0.01, "\(serif)")
    }

    @Test func aFileInTheMailsFolderLoadsAndOneOutsideDoesNot() throws {
        let store = ImageStore(baseDirectory: Self.folder.path)
        let document = Self.page("@font-face { font-family: Brand; src: url(brand.woff2); }", images: store)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let xs = Self.glyphXs(document)
        #expect(abs(xs[2] - xs[1] - Self.monoAdvance) < 0.01, "\(xs)")
        let outside = Self.page("@font-face { font-family: Brand; src: url(../scripts/none.woff2); }",
                                images: ImageStore(baseDirectory: Self.teamFolder))
        #expect(outside.warnings == ["font '../scripts/none.woff2' is outside the mail's folder; not read"])
    }

    @Test func rulesPastTheLimitAreNotLoaded() throws {
        let font = try Self.dataURI("brand.woff2", type: "font/woff2")
        var limits = ResourceLimits.standard
        limits.maximumWebFonts = 2
        let rules = (0..<3).map { "@font-face { font-family: F\($0); src: url(\(font)); }" }.joined()
        let document = LaidOutDocument(html: "<style>\(rules) p { font: 40px F2, serif; margin: 0 }</style><p>Wil</p>",
                                       viewportWidth: 390, viewportHeight: 844, limits: limits)
        #expect(document.warnings == ["the mail has more than 2 @font-face rules; the rest are not loaded"])
        let xs = Self.glyphXs(document)
        #expect(abs(xs[2] - xs[1] - Self.serifI) < 0.01, "F2 is the third rule, not loaded: \(xs)")
    }

    @Test func bytesThatAreNoFontAreSaidSo() {
        let document = Self.page("@font-face { font-family: Brand; src: url(data:font/woff2;base64,AAAAAAAAAAAAAAAA); }")
        #expect(document.warnings == ["font 'data:font/woff2;base64,AAAAAAAAAAAAAAAA' for 'Brand' is not a TTF, OTF, WOFF or WOFF2 font; not used"])
    }

    @Test func theClosestWeightOfTheFamilyIsChosen() throws {
        let regular = try Self.dataURI("brand.woff2", type: "font/woff2")
        let bold = try Self.dataURI("brand-bold.ttf", type: "font/ttf")
        let css = """
            @font-face { font-family: Brand; src: url(\(regular)); }
            @font-face { font-family: Brand; font-weight: 700; src: url(\(bold)) format("truetype"); }
            """
        // 600 looks up first (700); 300 finds nothing below, so the nearest above (400).
        let semibold = Self.glyphXs(Self.page(css, body: "<p style='font-weight:600'>Wil</p>"))
        #expect(abs(semibold[2] - semibold[1] - Self.monoAdvance) > 5, "\(semibold)")
        let light = Self.glyphXs(Self.page(css, body: "<p style='font-weight:300'>Wil</p>"))
        #expect(abs(light[2] - light[1] - Self.monoAdvance) < 0.01, "\(light)")
    }

    @Test func faceOrderFollowsCSSFonts() {
        func face(_ weights: ClosedRange<Int>, italic: Bool = false, _ name: String) -> DocumentFonts.Face {
            DocumentFonts.Face(family: "brand", weights: weights, italic: italic, privateFamily: name)
        }
        let faces = [face(300...300, "300"), face(400...400, "400"), face(600...600, "600"), face(800...800, "800"),
                     face(400...400, italic: true, "400i")]
        func order(_ weight: Int, italic: Bool = false) -> [String] {
            DocumentFonts.ordered(faces, weight: weight, italic: italic).map(\.privateFamily)
        }
        #expect(order(400) == ["400", "300", "600", "800", "400i"])
        #expect(order(500) == ["400", "300", "600", "800", "400i"])
        #expect(order(450) == ["400", "300", "600", "800", "400i"])
        #expect(order(350) == ["300", "400", "600", "800", "400i"])
        #expect(order(700) == ["800", "600", "400", "300", "400i"])
        #expect(order(400, italic: true) == ["400i", "400", "300", "600", "800"])
        let ranged = [face(100...900, "variable"), face(700...700, "bold")]
        #expect(DocumentFonts.ordered(ranged, weight: 700, italic: false).map(\.privateFamily) == ["variable", "bold"])
    }

    /// A normal and a condensed face of one family (brand-condensed.woff2: Brand Mono at 60 %
    /// of its width, usWidthClass 3): `font-stretch` picks between them as WebKitGTK does
    /// (`webkit_ref.py boxes`: "Wil" 72.25 px normal, 43.36 px condensed).
    @Test func fontStretchPicksTheNearestWidthNarrowerFirst() throws {
        let normal = try Self.dataURI("brand.woff2", type: "font/woff2")
        let condensed = try Self.dataURI("brand-condensed.woff2", type: "font/woff2")
        let css = """
            @font-face { font-family: Brand; src: url(\(normal)); }
            @font-face { font-family: Brand; src: url(\(condensed)); font-stretch: condensed; }
            """
        func width(_ style: String) -> Double {
            let document = Self.page(css, body: "<p style='\(style)'><span>Wil</span></p>")
            return document.boxes.first { $0.path.hasSuffix("span[0]") }?.frame.width ?? -1
        }
        for style in ["", "font-stretch:normal", "font-stretch:120%", "font-stretch:ultra-expanded"] {
            #expect(abs(width(style) - 72.25) < 0.01, "\(style): \(width(style))")
        }
        for style in ["font-stretch:condensed", "font-stretch:80%", "font-stretch:50%", "font-width:condensed",
                      "font:condensed 40px Brand"] {
            #expect(abs(width(style) - 43.36) < 0.01, "\(style): \(width(style))")
        }
        #expect(Self.page(css).warnings.isEmpty && Self.page(css, body: "<p style='font-stretch:75%'>W</p>").unsupportedFeatures.isEmpty)
        // The registry reads the width a file declares, by which `--font-dir` fonts are matched.
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("brand-condensed.woff2")))
        let face = try #require(SfntFile.sfnt(from: bytes).flatMap { FontSet.forWebFonts().webFonts.register($0, ranges: []) })
        #expect(face.stretch == 75 && face.weight == 400 && !face.italic, "\(face)")
    }

    @Test func widthOrderFollowsCSSFonts() {
        func face(_ stretch: Double, _ name: String) -> DocumentFonts.Face {
            DocumentFonts.Face(family: "brand", weights: 400...400, italic: false, stretches: stretch...stretch, privateFamily: name)
        }
        let faces = [face(50, "50"), face(75, "75"), face(100, "100"), face(125, "125"), face(200, "200")]
        func order(_ stretch: Double) -> [String] { DocumentFonts.ordered(faces, weight: 400, italic: false, stretch: stretch).map(\.privateFamily) }
        #expect(order(100) == ["100", "75", "50", "125", "200"])
        #expect(order(90) == ["75", "50", "100", "125", "200"])
        #expect(order(110) == ["125", "200", "100", "75", "50"])
        #expect(order(40) == ["50", "75", "100", "125", "200"])
    }

    @Test func unicodeRangeLimitsTheCharactersAFaceServes() throws {
        let font = try Self.dataURI("brand.woff2", type: "font/woff2")
        let xs = Self.glyphXs(Self.page("@font-face { font-family: Brand; src: url(\(font)); unicode-range: U+57, U+100-1FF; }"))
        #expect(abs(xs[1] - xs[0] - Self.monoAdvance) < 0.01, "W from Brand: \(xs)")
        #expect(abs(xs[2] - xs[1] - Self.serifI) < 0.01, "i from serif: \(xs)")
    }

    @Test func oneMailsFontIsNotAnothersFamily() throws {
        let font = try Self.dataURI("brand.woff2", type: "font/woff2")
        _ = Self.page("@font-face { font-family: Brand; src: url(\(font)); }")
        let other = Self.glyphXs(Self.page(""))
        #expect(abs(other[2] - other[1] - Self.serifI) < 0.01, "\(other)")
        // Nor does a face's own name ("Brand Mono") reach the fixed set.
        let byFileName = Self.glyphXs(LaidOutDocument(html: "<p style='font:40px \"Brand Mono\", serif;margin:0'>Wil</p>",
                                                       viewportWidth: 390, viewportHeight: 844))
        #expect(abs(byFileName[2] - byFileName[1] - Self.serifI) < 0.01, "\(byFileName)")
        // A character only a mail's font has (an icon font's private-use glyph) is a box in
        // every other mail, as in a process that never saw that mail.
        let icons = try Self.dataURI("icons.woff2", type: "font/woff2")
        let iconMail = LaidOutDocument(html: "<style>@font-face { font-family: Icons; src: url(\(icons)); }</style><p style='font:40px Icons'>\u{E000}</p>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(iconMail.missingCharacters.codePoints.isEmpty)
        let otherMail = LaidOutDocument(html: "<p style='font:40px serif'>\u{E000}</p>", viewportWidth: 390, viewportHeight: 844)
        #expect(otherMail.missingCharacters.codePoints == [0xE000])
    }

    @Test func fontFaceRulesParse() {
        let sheet = Stylesheet.parse("""
            @font-face { font-family: "Brand Sans"; src: local(Brand), url('a b.woff2') format("woff2"), url(data:font/ttf;base64,AA,BB) ;
                         font-weight: 300 700; font-style: italic; unicode-range: U+0-7F, U+4??; }
            @font-face { src: url(x.ttf); }
            @media (max-width: 10px) { @font-face { font-family: Hidden; src: url(h.ttf); } }
            p { color: red }
            """, media: MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false))
        #expect(sheet.rules.count == 1)
        #expect(sheet.fontFaces.count == 1)
        let face = sheet.fontFaces[0]
        #expect(face.family == "Brand Sans")
        #expect(face.sources == [.init(url: "a b.woff2", format: "woff2"), .init(url: "data:font/ttf;base64,AA,BB", format: nil)])
        #expect(face.weights == 300...700)
        #expect(face.italic)
        #expect(face.unicodeRanges == [0...0x7F, 0x400...0x4FF])
    }

    @Test func aFontDirFontShowsInTheHeaderFragment() throws {
        var scene = Scene(html: "<p>x</p>")
        scene.headerHTML = "<p style='font:40px \"Team Mono\", serif;margin:0'>Wil</p>"
        scene.fontDirectory = Self.teamFolder
        let renderer = try SceneRenderer(scene: scene)
        let xs = Self.glyphXs(try #require(renderer.header))
        #expect(abs(xs[2] - xs[1] - Self.monoAdvance) < 0.01, "\(xs)")
        #expect(renderer.header?.warnings == [])
        // The same fragment without the folder falls back to serif.
        scene.fontDirectory = nil
        let plain = Self.glyphXs(try #require(try SceneRenderer(scene: scene).header))
        #expect(abs(plain[2] - plain[1] - Self.serifI) < 0.01, "\(plain)")
    }

    @Test func theFingerprintNamesTheFontDirFiles() throws {
        let environment = EnvironmentFingerprint.current(scales: [1], fontDirectories: [Self.teamFolder])
        let file = Self.teamFolder + "/team-mono.woff"
        #expect(environment.fonts["--font-dir/team-mono.woff"] == FileDigest.sha256(ofFile: file))
        #expect(EnvironmentFingerprint.current(scales: [1]).fonts["--font-dir/team-mono.woff"] == nil)
    }

    @Test func fontDirProblemsAreUsageErrors() throws {
        let missing = CommandRun(["render", "--font-dir", "/nonexistent-fonts", "--out", NSTemporaryDirectory() + "unused"])
        #expect(missing.status == 2)
        #expect(missing.err == ["snapshot: --font-dir '/nonexistent-fonts' is not a folder"])
        let empty = CommandRun(["render", "--font-dir", Self.folder.deletingLastPathComponent().appendingPathComponent("scripts").path,
                                "--out", NSTemporaryDirectory() + "unused"])
        #expect(empty.status == 2)
        #expect(empty.err.first?.hasSuffix("holds no .ttf, .otf, .woff or .woff2 file") == true, "\(empty.err)")
    }

    @Test func webFontFramesAreTheSameBytesEveryTimeAndOnAnyThreadCount() throws {
        let root = NSTemporaryDirectory() + "webfonts-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.folder.appendingPathComponent("brand.woff2").path, toPath: root + "/brand.woff2")
        let mail = root + "/mail.html"
        let font = try Self.dataURI("brand-bold.ttf", type: "font/ttf")
        try """
            <style>@font-face { font-family: Brand; src: url(brand.woff2) format("woff2"); }
            @font-face { font-family: Brand; font-weight: bold; src: url(\(font)); }
            p { font: 30px Brand, serif }</style><p>Wil <b>Wil</b> Wil</p>
            """.write(toFile: mail, atomically: true, encoding: .utf8)
        var outputs: [[Data]] = []
        for (index, jobs) in ["1", "4", "4"].enumerated() {
            let out = root + "/out\(index)"
            let run = CommandRun(["render", mail, "--offsets", "0,20,40", "--scale", "1", "--jobs", jobs, "--out", out,
                                  "--font-dir", Self.teamFolder,
                                  "--header-html", "<p style='font:30px \"Team Mono\"'>Wil</p>"])
            #expect(run.status == 0, "\(run.err)")
            outputs.append(try ["0", "20", "40"].map { try Data(contentsOf: URL(fileURLWithPath: out + "/frame-\($0).png")) })
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[1] == outputs[2])
    }

    @Test func theSuiteKeyFontDirReachesTheHeaderAndEnvironmentJSON() throws {
        let root = temporaryDirectory("fontdir-suite")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.teamFolder + "/team-mono.woff", toPath: root + "/fonts/team-mono.woff")
        try "<p>x</p>".write(toFile: root + "/mail.html", atomically: true, encoding: .utf8)
        let suite = root + "/snapshot.json"
        try """
            {"defaults": {"viewport": {"width": 320, "height": 400, "scale": 1}, "offsets": [0], "fontDir": "fonts",
                          "header": {"height": 60, "html": "<p style='font:40px \\"Team Mono\\";margin:0'>Wil</p>"}},
             "scenes": [{"name": "team", "mail": "mail.html"}]}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        let loaded = try Suite.load(path: suite)
        #expect(loaded.entries[0].scene.fontDirectory == root + "/fonts")
        let header = try #require(try SceneRenderer(scene: loaded.entries[0].scene).header)
        let xs = Self.glyphXs(header)
        #expect(abs(xs[2] - xs[1] - Self.monoAdvance) < 0.01, "\(xs)")
        let record = CommandRun(["record", suite])
        #expect(record.status == 0, "\(record.err)")
        let environment = try #require(EnvironmentFingerprint.load(path: root + "/golden/environment.json"))
        #expect(environment.fonts["--font-dir/team-mono.woff"] == FileDigest.sha256(ofFile: root + "/fonts/team-mono.woff"))
        try "{\"scenes\": [{\"name\": \"a\", \"html\": \"x\", \"fontDir\": \"nowhere\"}]}".write(toFile: suite, atomically: true, encoding: .utf8)
        #expect(throws: RenderError.input("snapshot.json: scenes[0].fontDir: '\(root)/nowhere' is not a folder")) { try Suite.load(path: suite) }
    }

    /// Dark pixels of the page, and how far right their top third lies of their bottom third.
    static func ink(_ html: String) throws -> (count: Int, lean: Double) {
        let document = LaidOutDocument(html: html, viewportWidth: 200, viewportHeight: 60)
        let canvas = try document.renderFullPage(viewportWidth: 200, viewportHeight: 60, scale: 1).canvas
        let image = canvas.rgbaImage
        var points: [(x: Int, y: Int)] = []
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] & 255 < 128 { points.append((x, y)) } }
        let top = points.map(\.y).min() ?? 0, bottom = points.map(\.y).max() ?? 0, third = max(1, (bottom - top) / 3)
        func meanX(_ rows: ClosedRange<Int>) -> Double {
            let xs = points.filter { rows.contains($0.y) }.map { Double($0.x) }
            return xs.reduce(0, +) / Double(max(1, xs.count))
        }
        return (points.count, meanX(top...(top + third)) - meanX((bottom - third)...bottom))
    }

    @Test func aFamilyWithoutBoldOrItalicFacesIsEmboldenedAndSlantedAsBrowsersDo() throws {
        let font = try Self.dataURI("brand.woff2", type: "font/woff2")
        func page(_ style: String) -> String {
            "<style>@font-face { font-family: Solo; src: url(\(font)); }</style><p style='font:40px Solo;margin:0;\(style)'>Wil</p>"
        }
        let regular = try Self.ink(page("")), bold = try Self.ink(page("font-weight:600")), italic = try Self.ink(page("font-style:italic"))
        #expect(Double(bold.count) > Double(regular.count) * 1.2, "bold \(bold.count) regular \(regular.count)")
        #expect(italic.lean - regular.lean > 2, "italic leans \(italic.lean), regular \(regular.lean)")
        // Lighter than 600 stays as drawn, as in browsers.
        #expect(try Self.ink(page("font-weight:500")).count == regular.count)
    }
}
