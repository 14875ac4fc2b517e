import Foundation
import Testing
@testable import SnapshotTesting

/// `assertFrames` as Swift developers expect it: a run that records fails and says so; under CI
/// nothing is recorded unless asked; failures point at the assertion's line, carry the images,
/// and offsets past the scroll range warn.
@Suite struct SnapshotTestingAPITests {
    /// A folder for goldens and artifacts, removed after the test.
    final class Folder {
        let root = temporaryDirectory("api")
        var goldens: String { root + "/goldens" }
        var artifacts: String { root + "/artifacts" }
        func golden(_ offset: Int) -> String { "\(goldens)/invoice/\(offset).png" }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    /// What a test framework was told: issues (message, line) and warnings. Unchecked: `_issues`
    /// is only touched under `lock`.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var _issues: [(message: String, line: Int?, file: String?)] = []
        var issues: [(message: String, line: Int?, file: String?)] { lock.withLock { _issues } }
        func add(_ message: String, line: Int?, file: String?) { lock.withLock { _issues.append((message, line, file)) } }
    }

    func scene(month: String, offsets: [ScrollOffset] = [0]) -> Scene {
        var scene = Scene(html: "<body style='font-family:Arial;margin:12px'><p>Your invoice for <b>\(month)</b></p>"
                          + String(repeating: "<p>A line of the invoice that fills the screen.</p>", count: 12) + "</body>")
        scene.viewportWidth = 320; scene.viewportHeight = 300; scene.scale = 1; scene.offsets = offsets
        return scene
    }

    /// Runs the assertion under Swift Testing, expecting it to fail; returns the failures it
    /// recorded (message, line, file).
    func failingAssertion(_ body: () throws -> Void) throws -> [(message: String, line: Int?, file: String?)] {
        let recorder = Recorder()
        try withKnownIssue {
            try body()
        } matching: { issue in
            guard issue.severity == .error else { return false }
            recorder.add(issue.comments.map(\.rawValue).joined(separator: "\n"), line: issue.sourceLocation?.line,
                         file: issue.sourceLocation?.filePath)
            return true
        }
        return recorder.issues
    }

    @Test func aRecordingRunFailsAndTheNextOnePasses() throws {
        let folder = Folder()
        let issues = try failingAssertion {
            try assertFrames(of: scene(month: "October"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: [:])
        }
        #expect(issues.map(\.message) == ["invoice @0: recorded \(folder.golden(0)); re-run the test\nrecorded 1 golden (record mode missing): look at it, commit, and re-run the test"])
        #expect(FileManager.default.fileExists(atPath: folder.golden(0)))
        // Re-run: it compares against the recorded golden, and passes (any issue would fail this test).
        let report = try assertFrames(of: scene(month: "October"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: [:])
        #expect(report.frames.map(\.status) == [.passed])
    }

    @Test func underCINothingIsRecordedWithoutAnExplicitMode() throws {
        let folder = Folder()
        let issues = try failingAssertion {
            try assertFrames(of: scene(month: "October"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: ["CI": "true"])
        }
        #expect(issues.count == 1)
        // The advice is the API's way of recording, not the command line's.
        #expect(issues.first?.message.hasPrefix("invoice @0: missing golden \(folder.golden(0)) (record mode never, CI is set); "
                                                + "record it with `SNAPSHOT_RECORD=failed` (or `record: .failed`) and commit it") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.golden(0)))
    }

    @Test func underCIAnExplicitModeRecordsAndStillFails() throws {
        let folder = Folder()
        _ = try failingAssertion {
            try assertFrames(of: scene(month: "October"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: [:])
        }
        let october = try Data(contentsOf: URL(fileURLWithPath: folder.golden(0)))
        // A deliberate change: CI=true SNAPSHOT_RECORD=failed re-records it, and the test fails.
        let issues = try failingAssertion {
            try assertFrames(of: scene(month: "November"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts,
                             environment: ["CI": "true", "SNAPSHOT_RECORD": "failed"])
        }
        #expect(issues.count == 1)
        #expect(issues.first?.message.hasPrefix("invoice @0: re-recorded \(folder.golden(0)): ") == true)
        #expect(issues.first?.message.contains("; re-run the test\nrecorded 1 golden (record mode failed)") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.golden(0))) != october)
        // The same under CI with `record:`; then a plain CI run passes against the new golden.
        let report = try assertFrames(of: scene(month: "November"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: ["CI": "true"])
        #expect(report.frames.map(\.status) == [.passed])
    }

    @Test func aChangeFailsAtTheCallersLineWithTheImagesAttached() throws {
        let folder = Folder()
        _ = try failingAssertion {
            try assertFrames(of: scene(month: "October"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: [:])
        }
        var line = 0
        let issues = try failingAssertion {
            line = #line; try assertFrames(of: scene(month: "November"), named: "invoice", goldens: folder.goldens, artifacts: folder.artifacts, environment: ["CI": "1"])
        }
        #expect(issues.count == 1)
        #expect(issues.first?.line == line)
        #expect(issues.first?.file == #filePath)
        #expect(issues.first?.message.hasPrefix("invoice @0: ") == true)
        #expect(issues.first?.message.contains("; diff: \(folder.artifacts)/invoice/invoice/0/diff.png") == true)

        // What is attached: expected, actual and diff, files that exist.
        var failure: SnapshotFailure?
        let reporter = IssueReporter(warn: { _, _ in }, fail: { failure = $0 })
        let caller = CallerLocation(fileID: #fileID, filePath: #filePath, line: 7, column: 1)
        try SnapshotTesting.assertFrames(of: scene(month: "November"), named: "invoice", tolerance: Tolerance(), goldens: folder.goldens,
                                         record: nil, artifacts: folder.artifacts, environment: ["CI": "1"], caller: caller, reporter: reporter)
        let images = try #require(failure).images
        #expect(images.map(\.name) == ["invoice-0-expected.png", "invoice-0-actual.png", "invoice-0-diff.png"])
        #expect(images.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test func withoutSwiftTestingAFailureThrowsWithTheCallersLocation() throws {
        let folder = Folder()
        let caller = CallerLocation(fileID: "MailTests/MailTests.swift", filePath: "/src/MailTests/MailTests.swift", line: 42, column: 9)
        let error = #expect(throws: SnapshotFailure.self) {
            try SnapshotTesting.assertFrames(of: scene(month: "October"), named: "invoice", tolerance: Tolerance(), goldens: folder.goldens,
                                             record: nil, artifacts: folder.artifacts, environment: [:], caller: caller, reporter: nil)
        }
        #expect(error?.description.hasPrefix("/src/MailTests/MailTests.swift:42: invoice @0: recorded \(folder.golden(0)); re-run the test") == true)
        // Recorded: the same call now passes without throwing.
        try SnapshotTesting.assertFrames(of: scene(month: "October"), named: "invoice", tolerance: Tolerance(), goldens: folder.goldens,
                                         record: nil, artifacts: folder.artifacts, environment: [:], caller: caller, reporter: nil)
    }

    @Test func offsetsPastTheScrollRangeWarn() throws {
        let folder = Folder()
        var warnings: [String] = []
        let reporter = IssueReporter(warn: { message, _ in warnings.append(message) }, fail: { _ in })
        let caller = CallerLocation(fileID: #fileID, filePath: #filePath, line: 1, column: 1)
        var short = Scene(html: "<p>Short</p>")
        short.viewportWidth = 320; short.viewportHeight = 300; short.scale = 1; short.offsets = [0, 50, 150]
        try SnapshotTesting.assertFrames(of: short, named: "invoice", tolerance: Tolerance(), goldens: folder.goldens, record: nil,
                                         artifacts: folder.artifacts, environment: [:], caller: caller, reporter: reporter)
        #expect(warnings == ["invoice: offset 50 is past the bottom of the scroll range; clamped to contentOffset -100",
                             "invoice: offset 150 is past the bottom of the scroll range; clamped to contentOffset -100"])
    }
}
