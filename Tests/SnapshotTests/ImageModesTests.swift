import Foundation
import Testing
@testable import RenderCore

/// Images that cannot load (`--images placeholder|blocked`) and remote images found on disk
/// (`--assets`, `--assets-map`): issue 16's first point. Sizes are those WebKit gives the same
/// tags when `fill_images.py` has loaded a grey image of the tag's size into them.
@Suite struct ImageModesTests {
    static let mail = """
        <!DOCTYPE html><html><body style="margin:0">
        <img src="https://cdn.example.com/logo.png" width="203" height="27" alt="Logo">
        <p>Text <img src="https://x.example.com/a.png"> after</p>
        <img src="https://x.example.com/wide.png" width="600" style="max-width:100%;display:block">
        <img src="https://x.example.com/h.png" height="40">
        <img src="https://cdn.example.com/img/real.png?x=1" width="50%">
        <img>
        </body></html>
        """

    /// A folder with a 4 × 2 red PNG as `cdn.example.com/img/real.png` and a 4 × 2 blue one
    /// outside it.
    final class Assets {
        let root = temporaryDirectory("assets")
        var folder: String { root + "/assets" }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder + "/cdn.example.com/img", withIntermediateDirectories: true)
            try Self.png(RGBA(r: 1, g: 0, b: 0, a: 1)).write(to: URL(fileURLWithPath: folder + "/cdn.example.com/img/real.png"))
            try Self.png(RGBA(r: 0, g: 0, b: 1, a: 1)).write(to: URL(fileURLWithPath: root + "/secret.png"))
        }

        static func png(_ colour: RGBA) throws -> Data {
            let canvas = Canvas(pixelWidth: 4, pixelHeight: 2, scale: 1)!
            canvas.fill(Rect(x: 0, y: 0, width: 4, height: 2), colour)
            let path = temporaryDirectory("png") + ".png"
            try canvas.writePNG(to: path)
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static func layout(_ html: String = mail, _ options: ImageOptions = ImageOptions()) -> LaidOutDocument {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844,
                        images: ImageStore(baseDirectory: nil, options: options))
    }

    static func pixel(_ html: String, _ options: ImageOptions = ImageOptions(), _ x: Double, _ y: Double) -> String {
        PaintedPage(html, height: 700, images: ImageStore(baseDirectory: nil, options: options)).colour(x, y)
    }

    static func frames(_ document: LaidOutDocument) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: document.images.map { ($0.path, $0.frame) })
    }

    @Test func placeholdersTakeTheSizeALoadedImageOfTheTagsSizeWouldHave() {
        let document = Self.layout()
        let frames = Self.frames(document)
        // Measured in WebKit on the same mail after fill_images.py (fonts/fonts.conf).
        #expect(frames["/body[0]/img[0]"] == Rect(x: 0, y: 0, width: 203, height: 27))
        #expect(frames["/body[0]/p[0]/img[0]"] == Rect(x: 32.203125, y: 47, width: 300, height: 150))
        #expect(frames["/body[0]/img[1]"] == Rect(x: 0, y: 217, width: 390, height: 195))
        #expect(frames["/body[0]/img[2]"] == Rect(x: 0, y: 412, width: 300, height: 40))
        // A percentage width says nothing of the image: 300 × 150, shown at 50 % and 2:1.
        #expect(frames["/body[0]/img[3]"] == Rect(x: 0, y: 456, width: 195, height: 97.5))
        let shown = document.images.map(\.shown)
        #expect(shown == [.placeholder, .placeholder, .placeholder, .placeholder, .placeholder, .broken])
        #expect(document.images[0].url == "https://cdn.example.com/logo.png")
    }

    /// An image with only a `srcset` loads too: a placeholder, not a broken image, and the
    /// candidate WebKit picks at the scene's 3x (none is dense enough: the densest) is what
    /// layout --json names.
    @Test func srcsetAloneIsASource() {
        let html = #"<body style="margin:0"><img srcset="https://x.example.com/a.png 1x, https://x.example.com/b.png 2x" width="120" height="40">"#
        let document = Self.layout(html)
        #expect(document.images.map(\.shown) == [.placeholder])
        #expect(document.images.first?.url == "https://x.example.com/b.png")
        #expect(document.images.first?.frame == Rect(x: 0, y: 0, width: 120, height: 40))
    }

    @Test func placeholdersAreFlatInTheirColour() {
        let grey = Self.pixel(Self.mail, ImageOptions(), 100, 13)
        #expect(grey == "#C8C8C8")
        var options = ImageOptions()
        options.placeholderColor = RGBA(r: 0, g: 0.5, b: 0, a: 1)
        #expect(Self.pixel(Self.mail, options, 100, 13) == "#008000")
    }

    @Test func blockedModeShowsBrokenImagesInstead() {
        let document = Self.layout(Self.mail, ImageOptions(failed: .blocked))
        #expect(document.images.allSatisfy { $0.shown == .broken })
        #expect(Self.pixel(Self.mail, ImageOptions(failed: .blocked), 100, 13) != "#C8C8C8")
        // Without a size, nothing says how large the image was: not a 300 × 150 box.
        #expect(Self.frames(document)["/body[0]/p[0]/img[0]"]?.width != 300)
    }

    @Test func assetsFolderLoadsRemoteURLsByHostAndPath() throws {
        let assets = try Assets()
        var options = ImageOptions()
        try options.assets.addHostFolder(assets.folder, context: "--assets")
        let document = Self.layout(Self.mail, options)
        let real = try #require(document.images.first { $0.url.hasSuffix("real.png?x=1") })
        #expect(real.shown == .asset)
        #expect(real.file == ImageStore.resolved(assets.folder + "/cdn.example.com/img/real.png"))
        // 50 % of 390 wide at the PNG's own 2:1 ratio.
        #expect(real.frame == Rect(x: 0, y: 456, width: 195, height: 97.5))
        #expect(Self.pixel(Self.mail, options, 100, 500) == "#FF0000")
        #expect(document.images[0].shown == .placeholder)  // logo.png is not among the assets
    }

    @Test func assetsMapTakesTheLongestPrefixAndStaysInsideItsFolder() throws {
        let assets = try Assets()
        let map = assets.root + "/map.json"
        try #"{"https://CDN.example.com/": "assets/cdn.example.com", "https://cdn.example.com/img/": "nowhere-else"}"#
            .write(toFile: map, atomically: true, encoding: .utf8)
        var options = ImageOptions()
        #expect(throws: RenderError.input("assets map '\(map)': 'https://cdn.example.com/img/': '\(assets.root)/nowhere-else' is not a folder")) {
            try options.assets.addMap(file: map)
        }
        try FileManager.default.createDirectory(atPath: assets.root + "/nowhere-else", withIntermediateDirectories: true)
        try options.assets.addMap(file: map)
        // The longer prefix names an empty folder; the shorter one is not tried for that URL.
        let store = ImageStore(baseDirectory: nil, options: options)
        #expect(store.image(for: "https://cdn.example.com/img/real.png") == nil)
        #expect(store.image(for: "https://cdn.example.com/other/../img/real.png")?.width == 4)
        #expect(store.origin(of: "https://cdn.example.com/other/../img/real.png")
                == .asset(ImageStore.resolved(assets.folder + "/cdn.example.com/img/real.png")))
        for escape in ["https://cdn.example.com/../../secret.png", "https://cdn.example.com/%2e%2e/%2e%2e/secret.png",
                       "https://cdn.example.com/..%2f..%2fsecret.png"] {
            #expect(store.image(for: escape) == nil, "\(escape)")
        }
        #expect(store.warnings.isEmpty)
    }

    @Test func backgroundsAndFontsComeFromTheAssetsToo() throws {
        let assets = try Assets()
        var options = ImageOptions()
        try options.assets.addHostFolder(assets.folder, context: "--assets")
        let html = #"<body style="margin:0"><div style="height:40px;background:url(https://cdn.example.com/img/real.png)"></div>"#
        #expect(Self.pixel(html, options, 10, 10) == "#FF0000")
        #expect(Self.pixel(html, ImageOptions(), 10, 10) == "#FFFFFF")  // backgrounds get no placeholder
    }

    @Test(arguments: [
        (["--images", "none"], "snapshot: --images 'none' is not one of placeholder, blocked"),
        (["--placeholder-color", "greyish"], "snapshot: --placeholder-color 'greyish' is not a CSS colour"),
        (["--images", "blocked", "--placeholder-color", "red"], "snapshot: --placeholder-color applies to --images placeholder"),
        (["--assets", "/nonexistent/assets"], "snapshot: --assets: '/nonexistent/assets' is not a folder"),
        (["--assets-map", "/nonexistent/map.json"], "snapshot: cannot read assets map '/nonexistent/map.json'"),
    ])
    func badImageOptionsAreOneLineErrors(arguments: [String], message: String) {
        let run = CommandRun(["layout", "--json"] + arguments)
        #expect(run.status == 2)
        #expect(run.err == [message])
    }

    @Test func badMapFilesNameTheProblem() throws {
        let assets = try Assets()
        let map = assets.root + "/bad.json"
        for (text, problem) in [("[1]", " is not a JSON object of URL prefixes and folders"),
                                (#"{"ftp://x/": "assets"}"#, ": 'ftp://x/' is not an http(s) URL prefix"),
                                (#"{"https://x/": 3}"#, ": the folder for 'https://x/' is not a string")] {
            try text.write(toFile: map, atomically: true, encoding: .utf8)
            let run = CommandRun(["layout", "--json", "--assets-map", map])
            #expect(run.status == 2)
            #expect(run.err == ["snapshot: assets map '\(map)'" + problem])
        }
    }

    @Test func layoutJSONReportsEachImage() throws {
        let assets = try Assets()
        let mailPath = assets.root + "/mail.html"
        try Self.mail.write(toFile: mailPath, atomically: true, encoding: .utf8)
        let run = CommandRun(["layout", mailPath, "--json", "--assets", assets.folder])
        #expect(run.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(run.out.joined(separator: "\n").utf8)) as? [String: Any]
        let images = try #require((json?["document"] as? [String: Any])?["images"] as? [[String: Any]])
        #expect(images.map { $0["shown"] as? String } == ["placeholder", "placeholder", "placeholder", "placeholder", "asset", "broken"])
        #expect(images[4]["file"] as? String == ImageStore.resolved(assets.folder + "/cdn.example.com/img/real.png"))
        #expect(images[0]["w"] as? Double == 203)
    }

    @Test func suiteKeysSetTheImageOptions() throws {
        let assets = try Assets()
        let suite = assets.root + "/suite.json"
        try #"{"cdn.example.com/": "assets"}"#.replacingOccurrences(of: "cdn", with: "https://cdn")
            .write(toFile: assets.root + "/map.json", atomically: true, encoding: .utf8)
        try """
            {"defaults": {"images": "blocked", "assets": "assets"},
             "scenes": [{"name": "a", "html": "<p>x"},
                        {"name": "b", "html": "<p>x", "images": "placeholder", "placeholderColor": "#123456", "assetsMap": "map.json"}]}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        let loaded = try Suite.load(path: suite)
        let a = loaded.entries[0].scene.images, b = loaded.entries[1].scene.images
        #expect(a.failed == .blocked)
        #expect(a.assets.hostFolders == [ImageStore.resolved(assets.folder)])
        #expect(b.failed == .placeholder)
        #expect(b.placeholderColor.hexString == "#123456")
        #expect(b.assets.prefixes == [AssetMap.Prefix(url: "//cdn.example.com/", folder: ImageStore.resolved(assets.folder))])
        try #"{"scenes": [{"name": "a", "html": "x", "images": "off"}]}"#.write(toFile: suite, atomically: true, encoding: .utf8)
        #expect(throws: RenderError.self) { try Suite.load(path: suite) }
    }
}
