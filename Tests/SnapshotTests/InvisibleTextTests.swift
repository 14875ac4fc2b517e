import Foundation
import Testing
@testable import RenderCore
import SnapshotCLI

/// The invisible-text check: text within WCAG contrast 1.5:1 of the background it is painted
/// on, one warning per element; `layout --json` lists it and `check --fail-on-invisible-text`
/// fails on it.
@Suite struct InvisibleTextTests {
    static func document(_ html: String, _ appearance: Appearance = .light) -> LaidOutDocument {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, appearance: appearance)
    }

    @Test func contrastIsWCAGs() {
        #expect(InvisibleText.contrast(.white, .black) == 21)
        #expect(InvisibleText.contrast(.white, .white) == 1)
        let grey = RGBA(r: 0xDB / 255.0, g: 0xDB / 255.0, b: 0xDB / 255.0, a: 1)
        #expect(abs(InvisibleText.contrast(.white, grey) - 1.385) < 0.01)
        #expect(InvisibleText.format(1.499) == "1.49")
    }

    /// Dark defaults meet a white container: white on white, one warning per paragraph.
    @Test func darkDefaultsOnAWhiteContainerWarn() throws {
        let html = try DarkModeTests.fixture("white-container.html")
        let dark = Self.document(html, .dark)
        #expect(dark.invisibleText.map(\.path) == ["/body[0]/div[0]/p[0]", "/body[0]/div[0]/p[1]"])
        #expect(dark.warnings.contains("text at /body[0]/div[0]/p[0] is #FFFFFF on #FFFFFF (contrast 1.00:1); it cannot be read"))
        // Outside the container the same white text is on the black canvas: fine.
        #expect(!dark.invisibleText.contains { $0.path == "/body[0]/p[0]" })
        #expect(Self.document(html, .light).invisibleText.isEmpty)
        // The frame shows it: the container's pixels under the text are all white.
        var scene = DarkModeTests.scene(html, .dark)
        scene.scale = 1
        let (renderer, canvas) = try DarkModeTests.render(scene)
        let box = renderer.document.boxes.first { $0.path == "/body[0]/div[0]/p[0]" }!.frame
        #expect(DarkModeTests.colours(canvas, x: box.x, y: box.y, width: box.width, height: box.height, scale: 1) == ["#FFFFFF"])
    }

    @Test func lowContrastColoursWarnWithBothColours() {
        let found = Self.document("<div style='background:#333'><p style='color:#3a3a3a'>faint</p></div>").invisibleText
        #expect(found.count == 1)
        #expect(found.first?.color.hexString == "#3A3A3A" && found.first?.background.hexString == "#333333")
        // Half-transparent white on white is composited first: still white on white.
        #expect(Self.document("<p style='color:rgba(255,255,255,0.5)'>ghost</p>").invisibleText.count == 1)
        // Enough contrast: nothing.
        #expect(Self.document("<div style='background:#333'><p style='color:#999'>grey</p></div>").invisibleText.isEmpty)
    }

    @Test(arguments: [
        // Transparent text (a common preheader trick).
        "<p style='color:transparent'>hidden preheader</p>",
        // Under opacity 0.
        "<div style='opacity:0'><p style='color:#fff'>hidden</p></div>",
        // Clipped out of sight: max-height 0 and overflow hidden.
        "<div style='max-height:0;overflow:hidden'><p style='color:#fff'>hidden</p></div><p>shown</p>",
        // Hidden.
        "<p style='visibility:hidden;color:#fff'>hidden</p>",
        // Only spaces and no-break spaces: no ink.
        "<table><tr><td style='color:#fff'>&nbsp; &nbsp;</td></tr></table>",
        // The alt text of a broken image is the image's, not the mail's text.
        "<body style='color:#fff'><img src='missing.png' alt='A picture' width='200' height='50'></body>",
        // Over a background image that could not be loaded (it is there on the phone).
        "<div style='background:#fff url(https://example.com/hero.jpg)'><p style='color:#fff'>on the hero</p></div>",
        // A long word that starts on a dark box and overflows onto the white canvas.
        "<div style='width:100px;background:#222;color:#fff'>https://example.com/a-very-long-address-that-does-not-break-anywhere</div>",
    ])
    func textThatIsNotMeantToBeReadOrCannotBeJudgedIsLeftAlone(html: String) {
        #expect(Self.document(html).invisibleText.isEmpty, "\(Self.document(html).invisibleText)")
    }

    /// A mobile-only block that a media query opens with `max-height: inherit !important`
    /// (as Mailchimp-era templates do): `inherit` takes the parent's `none`, so the block holds
    /// its rows and their dark background is behind the white text. (The cascade used to keep
    /// the inline `max-height: 0`, leaving the text outside its background.)
    @Test func inheritOpensAMaxHeightZeroBlock() {
        let html = """
        <style>*[class="mobile"] { display: block !important; max-height: inherit !important; overflow: visible !important }</style>
        <table class="mobile" style="max-height:0;overflow:hidden" bgcolor="#333"><tr><td style="color:#fff">SAVE 25%</td></tr></table>
        """
        let document = Self.document(html)
        #expect(document.invisibleText.isEmpty, "\(document.invisibleText)")
        #expect((document.boxes.first { $0.path == "/body[0]/table[0]" }?.frame.height ?? 0) > 10)
    }

    /// Overlapping page-tall backgrounds cost the check a step per band each: it stays within
    /// its budget and says when it stopped.
    @Test func theCheckStopsAtItsBudget() {
        let layer = "<div style='height:200000px;margin-bottom:-200000px;background:#fff'></div>"
        let html = String(repeating: layer, count: 300) + "<p style='color:#fff'>last</p>"
        let document = Self.document(html)
        #expect(document.invisibleText.map(\.path) == ["/body[0]/p[0]"])
        let paths = DOMPaths(HTMLParser.parse(html))
        let cut = InvisibleText.find(in: document.displayList, canvas: .white, paths: paths, maximumSteps: 10_000)
        #expect(cut.stoppedEarly && cut.found.isEmpty)
        let whole = InvisibleText.find(in: document.displayList, canvas: .white, paths: paths)
        #expect(!whole.stoppedEarly && whole.found.count == 1)
    }

    @Test func layoutJSONListsInvisibleTextAndCheckFailsOnIt() throws {
        let folder = temporaryDirectory("invisible")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mail = DarkModeTests.directory.appendingPathComponent("white-container.html").path
        let layout = CommandRun(["layout", mail, "--json", "--appearance", "dark", "--scale", "1"])
        #expect(layout.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(layout.out.joined(separator: "\n").utf8)) as! [String: Any]
        let document = json["document"] as! [String: Any]
        #expect(document["darkMode"] as? String == "color-scheme")
        #expect(document["colorScheme"] as? String == "light dark")
        let runs = document["invisibleText"] as! [[String: Any]]
        #expect(runs.count == 2)
        #expect(runs.first?["path"] as? String == "/body[0]/div[0]/p[0]")
        #expect(runs.first?["color"] as? String == "#FFFFFF" && runs.first?["background"] as? String == "#FFFFFF")
        #expect(runs.first?["contrast"] as? Double == 1)
        #expect(layout.err.contains("snapshot: warning: text at /body[0]/div[0]/p[0] is #FFFFFF on #FFFFFF (contrast 1.00:1); it cannot be read"))

        let golden = folder + "/golden"
        let options = ["--golden", golden, "--appearance", "dark", "--scale", "1", "--offsets", "0", "--artifacts", folder + "/artifacts"]
        let record = CommandRun(["record", mail] + options)
        #expect(record.status == 0, "\(record.err)")
        // Without the flag the check passes and warns; with it the scene fails.
        let check = CommandRun(["check", mail] + options, environment: ["CI": "1"])
        #expect(check.status == 0, "\(check.out) \(check.err)")
        #expect(check.err.contains { $0.contains("white-container: text at /body[0]/div[0]/p[0] is #FFFFFF on #FFFFFF") })
        let strict = CommandRun(["check", mail, "--fail-on-invisible-text"] + options, environment: ["CI": "1"])
        #expect(strict.status == 1)
        #expect(strict.out.contains("FAIL white-container: text at /body[0]/div[0]/p[0] is #FFFFFF on #FFFFFF (contrast 1.00:1); it cannot be read"))
        #expect(strict.out.last == "1 frame: 1 passed; 1 scene with text that cannot be read")
        // JUnit shows the scene's failure beside its passed frame.
        let junit = folder + "/junit.xml"
        #expect(CommandRun(["check", mail, "--fail-on-invisible-text", "--junit", junit] + options, environment: ["CI": "1"]).status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"2\" failures=\"1\""))
        #expect(xml.contains("name=\"white-container: invisible text\""))
        let report = try String(contentsOfFile: folder + "/artifacts/report.html", encoding: .utf8)
        #expect(report.contains("Text that cannot be read (fails the run)"))
        #expect(report.contains("<code>/body[0]/div[0]/p[0]</code>"))
        let result = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/artifacts/result.json"))) as! [String: Any]
        #expect((result["invisibleText"] as? [[String: Any]])?.first?["path"] as? String == "/body[0]/div[0]/p[0]")
        #expect(xml.contains("<failure type=\"invisible-text\" message=\"2 elements&apos; text cannot be read; the first: text at /body[0]/div[0]/p[0] is #FFFFFF on #FFFFFF (contrast 1.00:1); it cannot be read\""))
        // In light mode the same mail passes the strict check.
        let lightOptions = ["--golden", folder + "/light", "--scale", "1", "--offsets", "0", "--artifacts", folder + "/artifacts"]
        #expect(CommandRun(["record", mail] + lightOptions).status == 0)
        #expect(CommandRun(["check", mail, "--fail-on-invisible-text"] + lightOptions, environment: ["CI": "1"]).status == 0)
    }
}
