import Foundation
import Testing
import SnapshotCLI
import SnapshotTesting
@testable import RenderCore

/// `snapshot record / check / accept` end to end on a suite of a dozen small scenes.
@Suite(.serialized) struct RegressionTests {
    /// A folder with `snapshot.json` and twelve mails; frames are 320×400 at scale 1 to stay fast.
    final class Workspace {
        let root = temporaryDirectory("suite")
        var suite: String { root + "/snapshot.json" }
        var artifacts: String { root + "/artifacts" }

        init(extraScene: String = "") throws {
            try FileManager.default.createDirectory(atPath: root + "/mails", withIntermediateDirectories: true)
            var scenes: [String] = []
            for index in 0..<11 {
                try mail(index).write(toFile: root + "/mails/mail\(index).html", atomically: true, encoding: .utf8)
                scenes.append(#"{"name": "mail\#(index)", "mail": "mails/mail\#(index).html"}"#)
            }
            try invoice(month: "October").write(toFile: root + "/mails/invoice.html", atomically: true, encoding: .utf8)
            scenes.append(#"{"name": "invoice", "mail": "mails/invoice.html", "offsets": [0], "masks": [{"x": 0, "y": 0, "width": 320, "height": 30}]}"#)
            let json = """
            {"defaults": {"viewport": {"width": 320, "height": 400, "scale": 1}, "offsets": [0, 60],
                          "header": {"height": 60, "color": "#1a4f8b", "html": "<p style='color:white;margin:8px'>From: Team</p>"}},
             "scenes": [\(scenes.joined(separator: ",\n"))\(extraScene)]}
            """
            try json.write(toFile: suite, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func mail(_ index: Int) -> String {
            "<body style='font-family:Arial;margin:12px'><h2>Mail \(index)</h2>" + String(repeating: "<p>Paragraph of mail \(index) with some text that wraps over lines.</p>", count: 6)
        }

        /// The word sits in an inline-block so its box is in the layout report.
        func invoice(month: String, stamp: String = "10:42") -> String {
            "<body style='font-family:Arial;margin:12px;font-size:16px'><div style='height:0'><span style='font-size:12px'>\(stamp)</span></div><p>Your invoice for <span style='display:inline-block'>\(month)</span></p><p>Total 42</p></body>"
        }

        func run(_ arguments: [String], ci: Bool = false) -> CommandRun {
            CommandRun(arguments, environment: ci ? ["CI": "true"] : [:])
        }

        func golden(_ scene: String, _ offset: Int) -> String { "\(root)/golden/\(scene)/\(offset).png" }
    }

    @Test func recordCheckFlagAcceptAndRerecord() throws {
        let space = try Workspace()
        let record = space.run(["record", space.suite, "--artifacts", space.artifacts])
        #expect(record.status == 0)
        #expect(record.out.last == "23 frames: 23 recorded")
        // More than 20 frames: one progress line each; then a warning per offset past the range.
        #expect(record.err.filter { $0.hasPrefix("snapshot: [") }.count == 23)
        #expect(record.err.filter { $0.hasPrefix("snapshot: warning: ") }.count == 11)
        #expect(record.err.contains("snapshot: warning: mail0: offset 60 is past the bottom of the scroll range; clamped to contentOffset -28.08"))
        #expect(FileManager.default.fileExists(atPath: space.root + "/golden/environment.json"))

        let clean = space.run(["check", space.suite, "--artifacts", space.artifacts])
        #expect(clean.status == 0)
        #expect(clean.out == ["23 frames: 23 passed"])

        // One word changed: exit 1, and the changed region boxes the word.
        let invoice = space.root + "/mails/invoice.html"
        try space.invoice(month: "November").write(toFile: invoice, atomically: true, encoding: .utf8)
        let junit = space.root + "/junit.xml"
        let changed = space.run(["check", space.suite, "--artifacts", space.artifacts, "--junit", junit])
        #expect(changed.status == 1)
        #expect(changed.out.first?.hasPrefix("FAIL invoice @0: ") == true)
        #expect(changed.out.last?.hasPrefix("23 frames: 22 passed, 1 failed; report: ") == true)
        let result = try RunResult.load(path: space.artifacts + "/result.json")
        let frame = try #require(result.frames.first { $0.status == .failed })
        #expect(frame.scene == "invoice" && frame.regionsPt.count == 1)
        let region = try #require(frame.regionsPt.first)
        let word = try wordBox(space.invoice(month: "November"), headerHeight: 60)
        // The exact comparison counts the glyphs' anti-aliased edge pixels too: a pixel's slack.
        #expect(region.x >= word.x - 2 && region.x + region.width <= word.maxX + 2, "region \(region) word \(word)")
        #expect(region.y >= word.y - 2 && region.y + region.height <= word.maxY + 2, "region \(region) word \(word)")
        #expect(region.width > 20 && region.height > 5)
        for artifact in ["expected.png", "actual.png", "diff.png", "result.json"] {
            #expect(FileManager.default.fileExists(atPath: space.artifacts + "/invoice/0/" + artifact), "\(artifact)")
        }
        let html = try String(contentsOfFile: space.artifacts + "/report.html", encoding: .utf8)
        #expect(html.contains("data:image/png;base64,") && html.contains("Onion skin") && html.contains("Slider"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"23\" failures=\"1\"") && xml.contains("[[ATTACHMENT|\(space.artifacts)/invoice/0/diff.png]]"))

        // Re-recording rewrites only the failing golden; the others keep their bytes and mtime.
        let before = try snapshotOfGoldens(space)
        Thread.sleep(forTimeInterval: 0.02)
        let rerecord = space.run(["record", space.suite, "--artifacts", space.artifacts])
        #expect(rerecord.status == 0)
        #expect(rerecord.out.last == "23 frames: 22 unchanged, 1 rerecorded")
        let after = try snapshotOfGoldens(space)
        for (path, old) in before where !path.hasSuffix("invoice/0.png") {
            #expect(after[path]?.data == old.data && after[path]?.modified == old.modified, "\(path) was touched")
        }
        #expect(after[space.golden("invoice", 0)]?.data != before[space.golden("invoice", 0)]?.data)
        #expect(space.run(["check", space.suite, "--artifacts", space.artifacts]).status == 0)

        // accept promotes the last check's actual image without rendering.
        try space.invoice(month: "December").write(toFile: invoice, atomically: true, encoding: .utf8)
        #expect(space.run(["check", space.suite, "--artifacts", space.artifacts]).status == 1)
        let actual = try Data(contentsOf: URL(fileURLWithPath: space.artifacts + "/invoice/0/actual.png"))
        let accept = space.run(["accept", "--artifacts", space.artifacts])
        #expect(accept.status == 0 && accept.out.count == 1 && accept.out[0].hasPrefix("accepted "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: space.golden("invoice", 0))) == actual)
        #expect(space.run(["check", space.suite, "--artifacts", space.artifacts]).status == 0)
        #expect(space.run(["accept", "--artifacts", space.artifacts]).out == ["nothing to accept: the last check had no failing frames"])
    }

    @Test func maskedRegionIsIgnored() throws {
        let space = try Workspace()
        #expect(space.run(["record", space.suite, "--scene", "invoice"]).status == 0)
        // The time stamp is the mail's first line: below the 60 pt header at offset 0, from y 72.
        let invoice = space.root + "/mails/invoice.html"
        try space.invoice(month: "October", stamp: "11:59").write(toFile: invoice, atomically: true, encoding: .utf8)
        let unmasked = space.run(["check", space.suite, "--scene", "invoice", "--artifacts", space.artifacts])
        #expect(unmasked.status == 1)
        let masked = space.run(["check", space.suite, "--scene", "invoice", "--artifacts", space.artifacts, "--mask", "0,66,320,24"])
        #expect(masked.status == 0)
        #expect(masked.out == ["1 frame: 1 passed"])
    }

    @Test func ciNeverRecordsAndNamesMissingGoldens() throws {
        let space = try Workspace()
        let run = space.run(["check", space.suite, "--scene", "mail1", "--artifacts", space.artifacts], ci: true)
        #expect(run.status == 1)
        #expect(run.out.first == "FAIL mail1 @0: missing golden \(space.golden("mail1", 0)) (record mode never, CI is set); record it with `snapshot record` and commit it; actual: \(space.artifacts)/mail1/0/actual.png")
        #expect(!FileManager.default.fileExists(atPath: space.golden("mail1", 0)))
        // Locally the default is `missing`: the same check records.
        let local = space.run(["check", space.suite, "--scene", "mail1", "--artifacts", space.artifacts])
        #expect(local.status == 0)
        #expect(local.out.last == "2 frames: 2 recorded")
    }

    @Test func environmentChangeIsNamed() throws {
        let space = try Workspace()
        #expect(space.run(["record", space.suite, "--scene", "invoice"]).status == 0)
        let path = space.root + "/golden/environment.json"
        var recorded = try #require(EnvironmentFingerprint.load(path: path))
        recorded.pango = "1.0.0"
        try recorded.write(to: path)
        try space.invoice(month: "November").write(toFile: space.root + "/mails/invoice.html", atomically: true, encoding: .utf8)
        let run = space.run(["check", space.suite, "--scene", "invoice", "--artifacts", space.artifacts])
        #expect(run.status == 1)
        #expect(run.out.contains("the rendering environment changed since the goldens were recorded: pango 1.0.0 → \(EnvironmentFingerprint.current(scales: [1]).pango)"))
    }

    @Test func shardsPartitionTheSuite() throws {
        let names = (0..<12).map { "scene\($0)" }
        let shards = (1...3).map { Shard("\($0)/3")!.select(names) }
        #expect(shards.map(\.count) == [4, 4, 4])
        #expect(shards[0].union(shards[1]).union(shards[2]) == Set(names))
        #expect(shards[0].isDisjoint(with: shards[1]) && shards[1].isDisjoint(with: shards[2]))
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("a/b") == nil)
        let space = try Workspace()
        let run = space.run(["record", space.suite, "--shard", "2/4", "--artifacts", space.artifacts])
        #expect(run.status == 0)
        #expect(run.out.last == "6 frames: 6 recorded")
    }

    @Test func singleMailWithoutSuite() throws {
        let space = try Workspace()
        let mail = space.root + "/mails/mail3.html", golden = space.root + "/single"
        let args = [mail, "--offsets", "0,50", "--width", "300", "--height", "300", "--scale", "1", "--golden", golden, "--artifacts", space.artifacts]
        let record = space.run(["record"] + args)
        #expect(record.status == 0)
        #expect(record.out == ["recorded \(golden)/0.png", "recorded \(golden)/50.png", "2 frames: 2 recorded"])
        #expect(space.run(["check"] + args, ci: true).out == ["2 frames: 2 passed"])
        let narrower = space.run(["check"] + args.map { $0 == "300" ? "290" : $0 }, ci: true)
        #expect(narrower.status == 1)
        #expect(narrower.out.first?.contains("size differs: expected 300x300, actual 290x290") == true)
    }

    @Test(arguments: [
        (["check", "--record", "sometimes"], "snapshot: --record 'sometimes' is not one of all, missing, failed, never"),
        (["check", "--shard", "3/2"], "snapshot: --shard '3/2' is not i/n with 1 <= i <= n"),
        (["check", "--width", "100"], "snapshot: --width applies to a single mail; set it in the suite file"),
        (["check", "--threshold", "x"], "snapshot: option '--threshold' needs a number, got 'x'"),
        (["check", "--mask", "1,2,3"], "snapshot: --mask '1,2,3' is not x,y,width,height"),
        (["check", "--window", "0"], "snapshot: --window must be a whole number of pixels of at least 1, got 0"),
        (["check", "--scene", "nope"], "snapshot: no scene named 'nope' in the suite"),
    ])
    func badFlagsExitTwo(arguments: [String], message: String) throws {
        let space = try Workspace()
        let run = space.run([arguments[0], space.suite] + arguments.dropFirst())
        #expect(run.status == 2)
        #expect(run.err == [message])
        #expect(!FileManager.default.fileExists(atPath: space.root + "/golden"))
    }

    @Test(arguments: [
        (#""scenes": []"#, "snapshot.json: 'scenes' must list at least one scene"),
        (#""scenes": [{"name": "a", "html": "x", "offset": [0]}]"#, "snapshot.json: scenes[0]: unknown key 'offset' (did you mean 'offsets'?)"),
        (#""scenes": [{"name": "../up", "html": "x"}]"#, "snapshot.json: scenes[0]: name '../up' may hold only letters, digits, '.', '_' and '-'"),
        (#""scenes": [{"name": "a", "html": "x"}, {"name": "a", "html": "y"}]"#, "snapshot.json: scenes[1]: scene name 'a' is used twice"),
        (#""scenes": [{"name": "a", "mail": "../../etc/passwd"}]"#, "snapshot.json: scenes[0].mail: '../../etc/passwd' is outside the suite's folder"),
        (#""scenes": [{"name": "a", "html": "x", "offsets": [0, "ten"]}]"#, "snapshot.json: scenes[0].offsets item 'ten' is not a finite number"),
        (#""scenes": [{"name": "a", "html": "x", "device": "nokia"}]"#, "snapshot.json: scenes[0].device: unknown device 'nokia' (known: ipad, ipad-air, iphone-13, iphone-13-mini, iphone-14, iphone-15, iphone-15-pro, iphone-15-pro-max, iphone-se)"),
        (#""scenes": [{"name": "a", "html": "x", "tolerance": {"threshold": 3}}]"#, "snapshot.json: scenes[0].tolerance.threshold: must be between 0 and 1"),
        (#""scenes": [{"name": "a", "html": "x", "viewport": {"width": 0}}]"#, "snapshot.json: scenes[0]: --width must be a positive number, got 0"),
    ])
    func badSuitesExitTwo(body: String, message: String) throws {
        let space = try Workspace()
        try "{\(body)}".write(toFile: space.suite, atomically: true, encoding: .utf8)
        let run = space.run(["check", space.suite])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: " + message.replacingOccurrences(of: "snapshot.json", with: "snapshot.json")])
    }

    // MARK: Helpers

    /// The inline-block span's box in viewport points at offset 0 (below the 60 pt header).
    func wordBox(_ html: String, headerHeight: Double) throws -> Rect {
        let document = LaidOutDocument(html: html, viewportWidth: 320, viewportHeight: 400)
        let box = try #require(document.boxes.first { $0.path.hasSuffix("/p[0]/span[0]") })
        return Rect(x: box.frame.x, y: box.frame.y + headerHeight, width: box.frame.width, height: box.frame.height)
    }

    func snapshotOfGoldens(_ space: Workspace) throws -> [String: (data: Data, modified: Date)] {
        var result: [String: (data: Data, modified: Date)] = [:]
        let root = space.root + "/golden"
        for case let file as String in FileManager.default.enumerator(atPath: root)! where file.hasSuffix(".png") {
            let path = root + "/" + file
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            result[path] = (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as! Date)
        }
        return result
    }
}
