import Foundation
import Testing
@testable import RenderCore

/// Issue 19, point 1: a check is exact unless a tolerance is set; a tolerance that hides
/// differing pixels says how many; `record` rewrites goldens whose pixels differ.
@Suite(.serialized) struct ExactByDefaultTests {
    /// A suite folder with the call-to-action fixture mail (`Tests/Fixtures/regression/cta.html`).
    final class CTASuite {
        static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/regression/cta.html").path
        let root = temporaryDirectory("exact")
        var suite: String { root + "/snapshot.json" }
        var mail: String { root + "/cta.html" }
        var artifacts: String { root + "/artifacts" }

        init(tolerance: String? = nil) throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.fixture, toPath: mail)
            let settings = tolerance.map { #", "tolerance": \#($0)"# } ?? ""
            try """
            {"defaults": {"viewport": {"width": 320, "height": 300, "scale": 1}, "offsets": [0, "end"]\(settings)},
             "scenes": [{"name": "cta", "mail": "cta.html"}]}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func run(_ command: String, _ extra: [String] = []) -> CommandRun {
            CommandRun([command, suite, "--artifacts", artifacts] + extra)
        }

        func recolour(_ from: String, _ to: String) throws {
            let html = try String(contentsOfFile: mail, encoding: .utf8)
            #expect(html.contains(from))
            try html.replacingOccurrences(of: from, with: to).write(toFile: mail, atomically: true, encoding: .utf8)
        }

        func golden(_ name: String) -> String { root + "/golden/cta/\(name).png" }
    }

    @Test func aColourChangeFailsByDefault() throws {
        let space = try CTASuite()
        #expect(space.run("record").out.last == "2 frames: 2 recorded")
        try space.recolour("#22BC66", "#1FA85A")
        let check = space.run("check")
        #expect(check.status == 1)
        #expect(check.out.first?.hasPrefix("FAIL cta @0: ") == true)
        #expect(check.out.contains { $0.hasPrefix("FAIL cta @end: ") })
        #expect(check.out.last?.hasPrefix("2 frames: 2 failed; report: ") == true)
        // The same change with a threshold on the command line passes, and says it hid pixels.
        let tolerant = space.run("check", ["--threshold", "0.1"])
        #expect(tolerant.status == 0)
        #expect(tolerant.out.first?.hasPrefix("cta @0: passed within tolerance: ") == true)
        #expect(tolerant.out.first?.hasSuffix(" pixels differ, max delta 0.08") == true)
        #expect(tolerant.out.last == "2 frames: 2 passed (2 within tolerance)")
    }

    @Test func aSuiteToleranceSaysHowManyPixelsItHides() throws {
        let space = try CTASuite(tolerance: #"{"threshold": 0.1}"#)
        #expect(space.run("record").status == 0)
        try space.recolour("#22BC66", "#1FA85A")
        let junit = space.root + "/junit.xml"
        let check = space.run("check", ["--junit", junit])
        #expect(check.status == 0)
        let result = try RunResult.load(path: space.artifacts + "/result.json")
        let frame = try #require(result.frames.first { $0.offsetName == "0" })
        let tolerated = try #require(frame.tolerated)
        #expect(tolerated.pixels > 1000 && (tolerated.maxDelta * 100).rounded() == 8)
        #expect(frame.status == .passed)
        #expect(frame.message == "passed within tolerance: \(ResourceLimits.count(tolerated.pixels)) pixels differ, max delta 0.08")
        #expect(check.out.first == "cta @0: " + frame.message)
        #expect(result.summary["withinTolerance"] == 2)
        let html = try String(contentsOfFile: space.artifacts + "/report.html", encoding: .utf8)
        #expect(html.contains("2 passed (2 within tolerance)") && html.contains(frame.message))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testcase classname=\"cta\" name=\"cta @0\">") && xml.contains("<system-out>\(frame.message)</system-out>"))
        // Without the change nothing is hidden, and nothing is said.
        try space.recolour("#1FA85A", "#22BC66")
        #expect(space.run("check").out == ["2 frames: 2 passed"])
    }

    @Test func recordRewritesGoldensWhosePixelsDiffer() throws {
        let space = try CTASuite(tolerance: #"{"threshold": 0.1}"#)
        #expect(space.run("record").status == 0)
        let old = try Data(contentsOf: URL(fileURLWithPath: space.golden("0")))
        try space.recolour("#22BC66", "#1FA85A")
        // The tolerance passes the change, but record all writes what the mail looks like now.
        let record = space.run("record")
        #expect(record.status == 0)
        #expect(record.out.first?.hasPrefix("re-recorded \(space.golden("0")): passed within tolerance: ") == true)
        #expect(record.out.last == "2 frames: 2 rerecorded")
        let new = try Data(contentsOf: URL(fileURLWithPath: space.golden("0")))
        #expect(new != old)
        // Identical goldens are left alone, bytes and modification time.
        let modified = try FileManager.default.attributesOfItem(atPath: space.golden("0"))[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        let again = space.run("record")
        #expect(again.out == ["2 frames: 2 unchanged"])
        #expect(try FileManager.default.attributesOfItem(atPath: space.golden("0"))[.modificationDate] as? Date == modified)
        #expect(try Data(contentsOf: URL(fileURLWithPath: space.golden("0"))) == new)
    }

    @Test func diffSaysSameOnlyForEqualPixels() throws {
        let space = try CTASuite()
        #expect(space.run("record").status == 0)
        try space.recolour("#22BC66", "#1FA85A")
        #expect(space.run("check").status == 1)
        let actual = space.artifacts + "/cta/0/actual.png"
        let exact = CommandRun(["diff", space.golden("0"), actual])
        #expect(exact.status == 1)
        #expect(exact.out.first?.hasPrefix("different: ") == true)
        let tolerant = CommandRun(["diff", space.golden("0"), actual, "--threshold", "0.1"])
        #expect(tolerant.status == 0)
        #expect(tolerant.out.first?.hasPrefix("passed within tolerance: ") == true)
        let json = CommandRun(["diff", space.golden("0"), actual, "--threshold", "0.1", "--json"])
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(json.out.joined().utf8)) as? [String: Any])
        #expect(fields["exact"] as? Bool == false && (fields["toleratedPixels"] as? Int ?? 0) > 1000)
        #expect(fields["toleratedMaxDelta"] as? Double == 0.08)
        #expect(CommandRun(["diff", space.golden("0"), space.golden("0")]).out == ["same: identical"])
    }

    @Test func environmentChangeComesBeforeTheFailures() throws {
        let space = try CTASuite()
        #expect(space.run("record").status == 0)
        let path = space.root + "/golden/environment.json"
        var recorded = try #require(EnvironmentFingerprint.load(path: path))
        recorded.harfbuzz = "0.9"
        try recorded.write(to: path)
        try space.recolour("#22BC66", "#1FA85A")
        let check = space.run("check")
        #expect(check.status == 1)
        #expect(check.out.first == "the rendering environment changed since the goldens were recorded: harfbuzz 0.9 → \(EnvironmentFingerprint.current(scales: [1]).harfbuzz)")
        #expect(check.out.dropFirst().first?.hasPrefix("FAIL cta @0: ") == true)
    }

    @Test func theEndGoldenKeepsItsNameWhenTheMailGrows() throws {
        let space = try CTASuite()
        #expect(space.run("record").out == ["recorded \(space.golden("0"))", "recorded \(space.golden("end"))", "2 frames: 2 recorded"])
        try space.recolour("<p style=\"color:#51545e\">The team</p>", "<p style=\"color:#51545e\">The team</p><p>P.S. one more line</p>")
        let check = space.run("check")
        #expect(check.status == 1)
        // The bottom of a longer mail is compared with end.png: a difference, not a missing golden.
        #expect(check.out.contains { $0.hasPrefix("FAIL cta @end: ") && !$0.contains("missing") })
        #expect(FileManager.default.fileExists(atPath: space.artifacts + "/cta/end/actual.png"))
    }

    @Test func frameNamesFollowTheOffsetsAsGiven() {
        #expect(FrameNames.names([0, .end], end: 87.4) == ["0", "end"])
        #expect(FrameNames.names([.range(from: 0, to: nil, step: 50)], end: 120) == ["0", "50", "100", "end"])
        #expect(FrameNames.names([.range(from: 0, to: 100, step: 50), 12.5], end: 400) == ["0", "50", "100", "12.5"])
    }
}
