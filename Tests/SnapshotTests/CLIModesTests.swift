import Foundation
import Testing
import SnapshotCLI

/// Issue 7's flags on the command line and in suite files: bad input, device list, JSON, films.
@Suite struct CLIModesTests {
    static let newsletter = """
    <html><body style="margin:0"><table width="600" align="center"><tr><td>Weekly digest, 600 px wide, no viewport meta.</td></tr></table></body></html>
    """

    static let devices = "ipad, ipad-air, iphone-13, iphone-13-mini, iphone-14, iphone-15, iphone-15-pro, iphone-15-pro-max, iphone-se"

    @Test(arguments: [
        (["--device", "nokia"], "snapshot: --device: unknown device 'nokia' (known: \(devices))"),
        (["--offsets", "0:600:0"], "snapshot: --offsets range '0:600:0' needs a step above 0"),
        (["--offsets", "600:0:50"], "snapshot: --offsets range '600:0:50' goes down: its start is past its end"),
        (["--offsets", "0:600"], "snapshot: --offsets range '0:600' is not from:to:step (e.g. 0:600:50)"),
        (["--header-mode", "collapse", "--header-min", "120"], "snapshot: --header-min 120 is more than the header's height 100"),
        (["--header-mode", "collapse", "--header-min", "-1"], "snapshot: --header-min must be between 0 and 4096, got -1"),
        (["--header-min", "44"], "snapshot: --header-min applies to --header-mode collapse"),
        (["--header-mode", "sticky"], "snapshot: --header-mode 'sticky' is not one of scroll, pinned, collapse, stretch"),
        (["--strategy", "frame"], "snapshot: --strategy 'frame' is not one of inset, reframe"),
        (["--indicator-style", "grey"], "snapshot: --indicator-style 'grey' is not one of default, black, white"),
        (["--viewport-rules", "blink"], "snapshot: --viewport-rules 'blink' is not one of none, webkit"),
        (["--engine", "gecko"], "snapshot: --engine 'gecko' is not one of uiwebview, wkwebview"),
        (["--inset-adjustment", "sometimes"], "snapshot: --inset-adjustment 'sometimes' is not one of automatic, never, always"),
        (["--appearance", "sepia"], "snapshot: --appearance 'sepia' is not one of light, dark, both"),
        (["--client", "outlook"], "snapshot: --client 'outlook' is not one of webview, apple-mail"),
        (["--overscroll-color", "nocolour"], "snapshot: --overscroll-color 'nocolour' is not a CSS colour"),
        (["--toolbar-height", "-44"], "snapshot: --toolbar-height must be between 0 and 4096, got -44"),
        (["--safe-area-top", "500", "--safe-area-bottom", "400"], "snapshot: the safe area and toolbar (900 pt) leave nothing of the 844 pt viewport"),
        (["--bounce=yes"], "snapshot: option '--bounce' takes no value"),
        (["--frame-delay", "100"], "snapshot: --frame-delay applies to --apng"),
        (["--apng", "FILM", "--frame-delay", "0"], "snapshot: --frame-delay must be a whole number of milliseconds from 1 to 65535, got '0'"),
        (["--filmstrip", "strip.txt"], "snapshot: 'strip.txt' should be a .png file (a filmstrip and an APNG are PNG files)"),
        (["--filmstrip", "FILM", "--apng", "FILM"], "snapshot: --filmstrip and --apng name the same file 'FILM'"),
        (["--filmstrip", "FILM", "--full-page"], "snapshot: --full-page writes one page; it makes no film"),
    ])
    func badInputExitsTwoWithOneLineAndWritesNothing(arguments: [String], message: String) {
        let out = temporaryDirectory("modes-bad")
        let film = out + "-film.png"
        let run = CommandRun(["render", "--out", out, "--scale", "1"] + arguments.map { $0 == "FILM" ? film : $0 })
        #expect(run.status == 2)
        #expect(run.err == [message.replacingOccurrences(of: "FILM", with: film)])
        #expect(run.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: film))
    }

    @Test func listDevices() {
        let run = CommandRun(["--list-devices"])
        #expect(run.status == 0)
        #expect(run.out.count == 9)
        #expect(run.out.first == "iphone-se          375x667@2    safe area top 20, bottom 0")
        #expect(run.out.contains("iphone-14          390x844@3    safe area top 47, bottom 34"))
        #expect(run.out.contains("iphone-15-pro-max  430x932@3    safe area top 59, bottom 34"))
        #expect(run.out.contains("ipad               820x1180@2   safe area top 24, bottom 20"))
        #expect(CommandRun(["render", "--list-devices"]).out == run.out)
    }

    static func layoutJSON(_ arguments: [String]) throws -> [String: Any] {
        let run = CommandRun(["layout", "--json"] + arguments)
        #expect(run.status == 0, "\(run.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined().utf8)) as? [String: Any])
    }

    @Test func layoutJSONReportsZoomScaleAndLayoutWidth() throws {
        let mail = temporaryDirectory("newsletter") + ".html"
        try Self.newsletter.write(toFile: mail, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: mail) }
        let webkit = try Self.layoutJSON([mail, "--viewport-rules", "webkit", "--offsets", "0"])
        #expect(webkit["zoomScale"] as? Double == 390.0 / 980.0)
        #expect(webkit["layoutWidth"] as? Double == 980)
        let boxes = try #require((webkit["document"] as? [String: Any])?["boxes"] as? [[String: Any]])
        let table = try #require(boxes.first { $0["path"] as? String == "/body[0]/table[0]" })
        #expect(table["w"] as? Double == 600)  // CSS px; 600 × 0.398 ≈ 239 pt on screen
        let plain = try Self.layoutJSON([mail, "--offsets", "0"])
        #expect(plain["zoomScale"] as? Double == 1 && plain["layoutWidth"] as? Double == 390)
    }

    @Test func layoutJSONWithADeviceAndModes() throws {
        let json = try Self.layoutJSON(["--device", "iphone-14", "--toolbar-height", "44", "--header-mode", "pinned",
                                        "--strategy", "reframe", "--offsets", "0,end"])
        #expect(json["viewport"] as? [String: Double] == ["width": 390, "height": 844, "scale": 3])
        #expect(json["safeArea"] as? [String: Double] == ["top": 47, "bottom": 34])
        #expect(json["contentInset"] as? [String: Double] == ["top": 0, "bottom": 44])          // reframe: no top inset
        #expect(json["adjustedContentInset"] as? [String: Double] == ["top": 47, "bottom": 78])
        #expect(json["scrollIndicatorInsets"] as? [String: Double] == ["top": 147, "bottom": 78])
        #expect(json["headerMode"] as? String == "pinned" && json["strategy"] as? String == "reframe")
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 2)
        #expect(frames.map { ($0["header"] as? [String: Double])?["y"] } == [47, 47])
        #expect(frames[0]["contentOffset"] as? Double == -47)
        #expect(frames[1]["clamped"] as? Bool == false)
    }

    @Test func filmstripAndAPNGAreWrittenAndOnlyThem() throws {
        let folder = temporaryDirectory("film")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let strip = folder + "/strip.png", film = folder + "/film.png"
        let run = CommandRun(["render", "--offsets", "0:300:150,end", "--scale", "1", "--filmstrip", strip,
                              "--apng", film, "--frame-delay", "120"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == [strip, film])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["film.png", "strip.png"])
        // With --out, the frames are written as well.
        let out = folder + "/frames"
        let both = CommandRun(["render", "--offsets", "0,100", "--scale", "1", "--filmstrip", strip, "--out", out])
        #expect(both.out == [out + "/frame-0.png", out + "/frame-100.png", strip])
    }

    @Test func suiteFileTakesTheNewKeys() throws {
        let folder = temporaryDirectory("modes-suite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = folder + "/snapshot.json"
        try """
        {"defaults": {"device": "iphone-se", "viewport": {"scale": 1}, "offsets": ["0:100:50", "end"], "bounce": true,
                      "header": {"height": 80, "mode": "collapse", "min": 40}},
         "scenes": [
           {"name": "dark", "html": "<p>Hello</p>", "appearance": "dark", "indicator": "follow", "indicatorStyle": "white",
            "overscrollColor": "#000", "strategy": "reframe", "engine": "wkwebview", "insetAdjustment": "never",
            "safeArea": {"top": 0, "bottom": 0}, "toolbarHeight": 44},
           {"name": "news", "html": "<table width=600><tr><td>x</td></tr></table>", "viewportRules": "webkit", "offsets": [0]}
         ]}
        """.write(toFile: suite, atomically: true, encoding: .utf8)
        let record = CommandRun(["record", suite, "--artifacts", folder + "/artifacts"])
        #expect(record.status == 0, "\(record.err)")
        #expect(record.out.last == "5 frames: 5 recorded")  // dark: 0, 50, 100, end; news: 0
        let check = CommandRun(["check", suite, "--artifacts", folder + "/artifacts"], environment: ["CI": "1"])
        #expect(check.status == 0 && check.out.last == "5 frames: 5 passed")
    }

    @Test(arguments: [
        (#""header": {"mode": "sticky"}"#, "snapshot.json: scenes[0].header.mode: 'sticky' is not one of scroll, pinned, collapse, stretch"),
        (#""header": {"mode": "collapse", "min": 500}"#, "snapshot.json: scenes[0]: --header-min 500 is more than the header's height 100"),
        (#""offsets": ["0:600:0"]"#, "snapshot.json: scenes[0].offsets range '0:600:0' needs a step above 0"),
        (#""bounce": "yes""#, "snapshot.json: scenes[0].bounce: expected true or false"),
        (#""appearance": "sepia""#, "snapshot.json: scenes[0].appearance: 'sepia' is not one of light, dark, both"),
        (#""safeArea": {"left": 3}"#, "snapshot.json: scenes[0].safeArea: unknown key 'left' (expected bottom, top)"),
        (#""overscrollColor": "nope""#, "snapshot.json: scenes[0].overscrollColor: 'nope' is not a CSS colour"),
    ])
    func badSuiteValues(keys: String, message: String) throws {
        let folder = temporaryDirectory("modes-bad-suite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = folder + "/snapshot.json"
        try #"{"scenes": [{"name": "a", "html": "x", "# .appending(keys).appending("}]}")
            .write(toFile: suite, atomically: true, encoding: .utf8)
        let run = CommandRun(["check", suite])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: " + message])
        #expect(!FileManager.default.fileExists(atPath: folder + "/golden"))
    }

    @Test func suiteRejectsSceneFlagsOnTheCommandLine() throws {
        let folder = temporaryDirectory("modes-suite-flags")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"scenes": [{"name": "a", "html": "x"}]}"#.write(toFile: folder + "/snapshot.json", atomically: true, encoding: .utf8)
        #expect(CommandRun(["check", folder + "/snapshot.json", "--bounce"]).err == ["snapshot: --bounce applies to a single mail; set it in the suite file"])
        #expect(CommandRun(["check", folder + "/snapshot.json", "--device", "ipad"]).err == ["snapshot: --device applies to a single mail; set it in the suite file"])
    }
}
