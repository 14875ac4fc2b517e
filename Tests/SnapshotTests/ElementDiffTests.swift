import Foundation
import Testing
import SnapshotCLI
@testable import RenderCore

/// Diffs that name what changed: each golden's layout is stored beside it, and a failing
/// frame names the elements whose box, colours or text changed.
@Suite(.serialized) struct ElementDiffTests {
    /// A suite of one mail with a call-to-action button; frames 320×400 at scale 1, threshold 0
    /// so that a colour change fails whatever the default tolerance is.
    final class Workspace {
        let root = temporaryDirectory("elements")
        var suite: String { root + "/snapshot.json" }
        var mail: String { root + "/mail.html" }
        var artifacts: String { root + "/artifacts" }
        var golden: String { root + "/golden/buy/0.png" }
        static let button = "/body[0]/table[0]/tbody[0]/tr[0]/td[0]/a[0]"

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try html().write(toFile: mail, atomically: true, encoding: .utf8)
            try """
            {"defaults": {"viewport": {"width": 320, "height": 400, "scale": 1}, "offsets": [0],
                          "header": {"height": 60}, "tolerance": {"threshold": 0}},
             "scenes": [{"name": "buy", "mail": "mail.html"}]}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func html(colour: String = "#22BC66", label: String = "Buy", gap: Int = 16) -> String {
            """
            <body style="font-family:Arial;margin:12px;height:300px"><p style="margin:0 0 \(gap)px">Your order is ready.</p>
            <table><tbody><tr><td><a href="#" style="display:inline-block;background:\(colour);color:#fff;padding:8px 16px">\(label)</a></td></tr></tbody></table>
            <p>Thanks for shopping.</p></body>
            """
        }

        func change(_ html: String) throws { try html.write(toFile: mail, atomically: true, encoding: .utf8) }

        func run(_ arguments: [String]) -> CommandRun {
            CommandRun(arguments + [suite, "--artifacts", artifacts], environment: [:])
        }
    }

    @Test func colourChangeNamesTheElementAndBothColours() throws {
        let space = try Workspace()
        #expect(space.run(["record"]).status == 0)
        let sidecar = space.root + "/golden/buy/0.layout.json"
        let stored = try String(contentsOfFile: sidecar, encoding: .utf8)
        #expect(stored.hasPrefix("{\"version\":1,\"viewport\":[320,400],\"elements\":[\n{\"background\":\"#FF0000\",\"path\":\"header\",\"rect\":[0,0,320,60]},\n"))
        #expect(stored.contains("{\"background\":\"#22BC66\",\"color\":\"#FFFFFF\",\"path\":\"\(Workspace.button)\","))
        #expect(stored.contains("\"text\":\"Buy\"}"))

        try space.change(space.html(colour: "#1FA85A"))
        let check = space.run(["check"])
        #expect(check.status == 1)
        let line = try #require(check.out.first)
        #expect(line.hasPrefix("FAIL buy @0: "))
        #expect(line.contains("; \(Workspace.button) background #22BC66 → #1FA85A; diff: "), "\(line)")

        let result = try RunResult.load(path: space.artifacts + "/result.json")
        let changes = try #require(result.frames.first?.elementChanges)
        #expect(changes.viewport == [320, 400])
        #expect(changes.changes.map(\.description) == ["\(Workspace.button) background #22BC66 → #1FA85A"])
        #expect(changes.changes.first?.rect == changes.changes.first?.expectedRect)
        let artifacts = try #require(result.frames.first?.artifacts)
        #expect(artifacts.expectedLayout == space.artifacts + "/buy/0/expected.layout.json")
        #expect(try String(contentsOfFile: artifacts.expectedLayout!, encoding: .utf8) == stored)
        let actualLayout = try String(contentsOfFile: try #require(artifacts.actualLayout), encoding: .utf8)
        #expect(actualLayout.contains("\"background\":\"#1FA85A\""))
        let html = try String(contentsOfFile: space.artifacts + "/report.html", encoding: .utf8)
        #expect(html.contains("<code>\(Workspace.button)</code> background #22BC66 → #1FA85A"))
        #expect(html.components(separatedBy: "class=\"outline\"").count - 1 == 2)  // on expected and on actual

        // accept carries the actual layout into the sidecar: the next check compares with it.
        #expect(CommandRun(["accept", "--artifacts", space.artifacts]).status == 0)
        #expect(try String(contentsOfFile: sidecar, encoding: .utf8) == actualLayout)
        try space.change(space.html(colour: "#22BC66"))
        #expect(space.run(["check"]).out.first?.contains("background #1FA85A → #22BC66") == true)
    }

    @Test func movedElementIsReportedAsMoved() throws {
        let space = try Workspace()
        #expect(space.run(["record"]).status == 0)
        try space.change(space.html(gap: 20))
        let check = space.run(["check"])
        #expect(check.status == 1)
        // The table's cells and button moved with it: only the table and what follows it are named.
        #expect(check.out.first?.contains("; /body[0]/table[0] moved 4 pt down (and 1 more change); diff: ") == true, "\(check.out)")
        let result = try RunResult.load(path: space.artifacts + "/result.json")
        #expect(result.frames.first?.elementChanges?.changes.map(\.description) == ["/body[0]/table[0] moved 4 pt down", "/body[0]/p[1] moved 4 pt down"])
    }

    @Test func textChangeAndFallbackWithoutStoredLayout() throws {
        let space = try Workspace()
        #expect(space.run(["record"]).status == 0)
        try space.change(space.html(label: "Buy now"))
        let check = space.run(["check"])
        #expect(check.out.first?.contains("; \(Workspace.button) text \"Buy\" → \"Buy now\", ") == true, "\(check.out)")
        // Goldens recorded before layouts were stored: the changed region, as before.
        try FileManager.default.removeItem(atPath: space.root + "/golden/buy/0.layout.json")
        let old = space.run(["check", "--record", "never"])
        #expect(old.out.first?.contains("; 1 changed region, first at x ") == true, "\(old.out)")
        #expect(try RunResult.load(path: space.artifacts + "/result.json").frames.first?.elementChanges == nil)
        #expect(!FileManager.default.fileExists(atPath: space.root + "/golden/buy/0.layout.json"))
        // A check that may write goldens gives a passing golden its missing layout.
        try space.change(space.html())
        #expect(space.run(["check"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: space.root + "/golden/buy/0.layout.json"))
    }

    @Test func contentComesFirstTheScrollIndicatorLast() {
        func layout(_ elements: [FrameLayout.Element]) -> FrameLayout { FrameLayout(viewport: [320, 400], elements: elements) }
        func element(_ path: String, _ rect: [Double], background: String? = nil, text: String? = nil) -> FrameLayout.Element {
            FrameLayout.Element(path: path, rect: rect, background: background, border: nil, color: text == nil ? nil : "#000000", text: text)
        }
        let before = layout([
            element("header", [0, 0, 320, 60], background: "#FF0000"),
            element("header /body[0]/p[0]", [8, 8, 300, 18], text: "From: Team"),
            element("/body[0]", [12, 72, 296, 300]),
            element("/body[0]/p[0]", [12, 72, 296, 18], text: "Old"),
            element("/body[0]/p[1]", [12, 100, 296, 18], text: "Stays"),
            element(FrameLayout.indicatorName, [314, 63, 3, 100], background: "#00000059"),
        ])
        let after = layout([
            element("header", [0, 0, 320, 60], background: "#1A4F8B"),
            element("header /body[0]/p[0]", [8, 8, 300, 18], text: "From: Team"),
            element("/body[0]", [12, 72, 296, 330]),
            element("/body[0]/p[0]", [12, 72, 296, 36], text: "New and longer"),
            element("/body[0]/p[1]", [12, 118, 296, 18], text: "Stays"),
            element("/body[0]/p[2]", [12, 146, 296, 18], text: "Added"),
            element(FrameLayout.indicatorName, [314, 66, 3, 90], background: "#00000059"),
        ])
        #expect(LayoutDiff.changes(expected: before, actual: after).changes.map(\.description) == [
            "header background #FF0000 → #1A4F8B",
            "/body[0]/p[0] text \"Old\" → \"New and longer\", 18 pt taller",
            "/body[0]/p[2] appeared",
            "/body[0] 30 pt taller",
            "/body[0]/p[1] moved 18 pt down",
            "scroll indicator 10 pt shorter, moved 3 pt down",
        ])
        #expect(LayoutDiff.parent(of: "header /body[0]") == "header")
        #expect(LayoutDiff.parent(of: "/body[0]/p[1]") == "/body[0]")
        #expect(LayoutDiff.parent(of: "/body[0]") == nil)
    }

    @Test func sidecarNamesHeaderAndScrollIndicatorAndFollowsTheGoldenName() throws {
        var scene = Scene(html: "<body style='margin:0'>" + String(repeating: "<p style='height:100px;margin:0'>x</p>", count: 10) + "</body>")
        scene.viewportWidth = 320; scene.viewportHeight = 400; scene.scale = 1; scene.headerHeight = 60
        scene.headerHTML = "<p class='from' style='margin:8px'>From: Team</p>"
        scene.offsets = [0]
        let renderer = try SceneRenderer(scene: scene)
        let layout = FrameLayout(renderer, frame: renderer.frames[0])
        #expect(layout.elements.first?.path == "header")
        #expect(layout.elements.first?.rect == [0, 0, 320, 60])
        #expect(layout.elements.contains { $0.path == "header /body[0]/p[0]" && $0.text == "From: Team" })
        #expect(layout.elements.last?.path == "scroll indicator")
        // Only what the frame shows: paragraphs 0 to 3 (content y 0…340 is on screen at 60…400).
        #expect(layout.elements.filter { $0.path.hasPrefix("/body[0]/p[") }.map(\.path) == (0...3).map { "/body[0]/p[\($0)]" })
        #expect(FrameLayout.sidecarPath(forGolden: "golden/mail/end.png") == "golden/mail/end.layout.json")
        #expect(FrameLayout.sidecarPath(forGolden: "golden/mail/50-dark.png") == "golden/mail/50-dark.layout.json")
    }
}
