import Foundation
import Synchronization
import Testing
import SnapshotCLI
import SnapshotTesting
@testable import RenderCore

/// Masks that follow the mail: by selector (in the mail and in the header fragment) and
/// rectangles in document coordinates, at every offset.
@Suite(.serialized) struct SelectorMaskTests {
    /// A long mail whose `.timestamp` (in the body and in the header) changes between record
    /// and check; frames 320×400 at scale 1, offsets 0, 50 and 150, threshold 0.
    final class Workspace {
        let root = temporaryDirectory("selector-masks")
        var suite: String { root + "/snapshot.json" }
        var artifacts: String { root + "/artifacts" }
        /// The body's timestamp paragraph in document points: below three 60 pt blocks and the body's 12 pt margin.
        static let stampTop = 12.0 + 3 * 60

        init(masks: String = "") throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try write(stamp: "10:42")
            try """
            {"defaults": {"viewport": {"width": 320, "height": 400, "scale": 1}, "offsets": [0, 50, 150],
                          "header": {"height": 60}, "tolerance": {"threshold": 0}},
             "scenes": [{"name": "mail", "mail": "mail.html"\(masks)}]}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(stamp: String) throws {
            let blocks = String(repeating: "<div style='height:60px;background:#eef'>Block</div>", count: 3)
            let rest = String(repeating: "<p style='margin:0;height:40px'>More text of the mail.</p>", count: 12)
            try """
            <body style="font-family:Arial;margin:12px">\(blocks)<p class="timestamp" style="margin:0;height:20px">Sent \(stamp)</p>\(rest)</body>
            """.write(toFile: root + "/mail.html", atomically: true, encoding: .utf8)
            // The header fragment carries a timestamp too (suite files set header.html).
            var suiteText = (try? String(contentsOfFile: suite, encoding: .utf8)) ?? ""
            if !suiteText.isEmpty {
                suiteText = suiteText.replacingOccurrences(of: "10:42</span>", with: "\(stamp)</span>")
                try suiteText.write(toFile: suite, atomically: true, encoding: .utf8)
            }
        }

        func run(_ arguments: [String]) -> CommandRun {
            CommandRun([arguments[0], suite, "--artifacts", artifacts] + arguments.dropFirst(), environment: [:])
        }
    }

    @Test func selectorMaskHidesAMovingTimestampAtEveryOffset() throws {
        let space = try Workspace()
        #expect(space.run(["record"]).status == 0)
        try space.write(stamp: "11:59")
        let unmasked = space.run(["check"])
        #expect(unmasked.status == 1)
        #expect(unmasked.out.filter { $0.hasPrefix("FAIL mail @") }.count == 3)
        #expect(unmasked.out.first?.contains("/body[0]/p[0] text \"Sent 10:42\" → \"Sent 11:59\"") == true, "\(unmasked.out)")
        let masked = space.run(["check", "--mask-selector", ".timestamp"])
        #expect(masked.status == 0)
        #expect(masked.out == ["3 frames: 3 passed"])
        #expect(masked.err.isEmpty)
        // A fixed viewport rectangle over the timestamp at offset 0 misses it once scrolled.
        let fixed = space.run(["check", "--mask", "0,\(60 + Workspace.stampTop),320,20"])
        #expect(fixed.out.filter { $0.hasPrefix("FAIL") }.map { String($0.prefix(12)) } == ["FAIL mail @5", "FAIL mail @1"])
    }

    @Test func suiteSelectorMaskCoversTheHeaderFragmentToo() throws {
        let space = try Workspace(masks: #", "header": {"height": 100, "html": "<p style='margin:70px 8px 0'>From: Team · <span class='timestamp'>10:42</span></p>"}, "masks": [{"selector": ".timestamp"}]"#)
        #expect(space.run(["record"]).status == 0)
        try space.write(stamp: "11:59")
        let check = space.run(["check"])
        #expect(check.status == 0, "\(check.out)")
        // Masking only the mail's timestamp, the header's fails offsets 0 and 50 (it has scrolled away at 150).
        try String(contentsOfFile: space.suite, encoding: .utf8).replacingOccurrences(of: #", "masks": [{"selector": ".timestamp"}]"#, with: "")
            .write(toFile: space.suite, atomically: true, encoding: .utf8)
        let header = space.run(["check", "--mask-selector", "body > .timestamp"])
        #expect(header.status == 1)
        #expect(header.out.filter { $0.hasPrefix("FAIL") }.map { String($0.prefix(13)) } == ["FAIL mail @0:", "FAIL mail @50"])
        #expect(header.out.first?.contains("header /body[0]/p[0]/span[0] text \"10:42\" → \"11:59\"") == true, "\(header.out)")
    }

    @Test func documentRectangleFollowsTheContent() throws {
        let document = #", "masks": [{"x": 0, "y": \#(Workspace.stampTop), "width": 320, "height": 20, "in": "document"}]"#
        let space = try Workspace(masks: document)
        #expect(space.run(["record"]).status == 0)
        try space.write(stamp: "11:59")
        #expect(space.run(["check"]).out == ["3 frames: 3 passed"])
        let viewport = try Workspace(masks: document.replacingOccurrences(of: #", "in": "document""#, with: ""))
        #expect(viewport.run(["record"]).status == 0)
        try viewport.write(stamp: "11:59")
        #expect(viewport.run(["check"]).status == 1)
    }

    @Test func badAndUnmatchedSelectors() throws {
        let space = try Workspace()
        let bad = space.run(["check", "--mask-selector", "p["])
        #expect(bad.status == 2)
        #expect(bad.err == ["snapshot: --mask-selector 'p[' is not a CSS selector"])
        #expect(!FileManager.default.fileExists(atPath: space.root + "/golden"))

        try #"{"scenes": [{"name": "a", "html": "x", "masks": [{"selector": "li["}]}]}"#.write(toFile: space.suite, atomically: true, encoding: .utf8)
        let suite = space.run(["check"])
        #expect(suite.status == 2)
        #expect(suite.err == ["snapshot: snapshot.json: scenes[0].masks[0].selector: 'li[' is not a CSS selector"])
        try #"{"scenes": [{"name": "a", "html": "x", "masks": [{"x": 0, "y": 0, "width": 5, "height": 5, "in": "page"}]}]}"#.write(toFile: space.suite, atomically: true, encoding: .utf8)
        #expect(space.run(["check"]).err == ["snapshot: snapshot.json: scenes[0].masks[0].in: 'page' is not one of viewport, document"])

        let other = try Workspace()
        let unmatched = other.run(["record", "--mask-selector", ".nothing"])
        #expect(unmatched.status == 0)
        #expect(unmatched.err == ["snapshot: warning: mail: mask selector '.nothing' matches no element"])
    }

    @Test func swiftAPIMasksBySelector() throws {
        let root = temporaryDirectory("selector-masks-api")
        defer { try? FileManager.default.removeItem(atPath: root) }
        func scene(_ stamp: String) -> Scene {
            var scene = Scene(html: "<body style='margin:12px'><div style='height:120px'></div><p class='time'>\(stamp)</p><p>Order 1234</p><div style='height:400px'></div></body>")
            scene.viewportWidth = 320; scene.viewportHeight = 300; scene.scale = 1; scene.offsets = [0, 50]
            return scene
        }
        var tolerance = Tolerance()
        tolerance.threshold = 0
        tolerance.maskSelectors = [".time"]
        let goldens = root + "/goldens", artifacts = root + "/artifacts"
        // Recording fails the test by design (an issue under Swift Testing): expected here.
        withKnownIssue {
            _ = try assertFrames(of: scene("10:42"), named: "receipt", tolerance: tolerance, goldens: goldens, record: .missing, artifacts: artifacts)
        }
        let report = try assertFrames(of: scene("11:59"), named: "receipt", tolerance: tolerance, goldens: goldens, record: .never, artifacts: artifacts)
        #expect(report.frames.map(\.status) == [.passed, .passed])
        tolerance.maskSelectors = []
        let recorded = Mutex<[String]>([])
        try withKnownIssue {
            _ = try assertFrames(of: scene("11:59"), named: "receipt", tolerance: tolerance, goldens: goldens, record: .never, artifacts: artifacts)
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let failures = recorded.withLock { $0 }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("/body[0]/p[0] text \"10:42\" → \"11:59\"") == true)
    }
}
