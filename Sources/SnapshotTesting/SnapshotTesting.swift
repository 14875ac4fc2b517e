@_exported import RenderCore
import Foundation

/// Golden-frame assertions for Swift test suites (Swift Testing or XCTest): describe a scene in
/// code, and `assertFrames` renders each offset and compares it with
/// `<goldens>/<name>/<offset>.png` — the same record modes, pixelmatch comparison, artifacts
/// and environment fingerprint as `snapshot check`.
///
///     @Test func invoice() throws {
///         var scene = Scene(html: "<h1>Invoice</h1>")
///         scene.offsets = [0, 120]
///         try assertFrames(of: scene, named: "invoice")
///     }
///
/// A frame that differs, a missing golden, and a golden this run wrote (recorded or
/// re-recorded: the test passed against nothing) all fail the assertion, as in
/// swift-snapshot-testing: re-run the test to compare against the new golden. Under Swift
/// Testing the failure is an issue at the caller's line, with the expected, actual and diff
/// images attached, and the test goes on (as after `#expect`); elsewhere (XCTest) it throws
/// `SnapshotFailure`. Offsets past the scroll range are warned about.
///
/// Record mode: `record:` if given, else the `SNAPSHOT_RECORD` environment variable
/// (all | missing | failed | never), else `never` when `CI` is set and `missing` otherwise.
@discardableResult
public func assertFrames(of scene: Scene, named name: String, tolerance: Tolerance = Tolerance(),
                         goldens: String? = nil, record: RecordMode? = nil, artifacts: String? = nil,
                         environment: [String: String] = ProcessInfo.processInfo.environment,
                         fileID: String = #fileID, filePath: String = #filePath,
                         line: Int = #line, column: Int = #column) throws -> RegressionReport {
    let caller = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return try assertFrames(of: scene, named: name, tolerance: tolerance, goldens: goldens, record: record,
                            artifacts: artifacts, environment: environment, caller: caller, reporter: .current)
}

/// Where the assertion was written: failures point there, not at the test function.
struct CallerLocation: Sendable, CustomStringConvertible {
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int

    var description: String { "\(filePath):\(line)" }
}

func assertFrames(of scene: Scene, named name: String, tolerance: Tolerance, goldens: String?, record: RecordMode?,
                  artifacts: String?, environment: [String: String], caller: CallerLocation,
                  reporter: IssueReporter?) throws -> RegressionReport {
    guard Suite.isValidName(name) else {
        throw RenderError.input("snapshot name '\(name)' may hold only letters, digits, '.', '_' and '-'")
    }
    let testFolder = (caller.filePath as NSString).deletingLastPathComponent
    let goldenDirectory = goldens ?? (testFolder as NSString).appendingPathComponent("Goldens")
    var runner = RegressionRunner(suite: Suite(entries: [Suite.Entry(name: name, scene: scene, tolerance: tolerance)],
                                               goldenDirectory: goldenDirectory),
                                  recordMode: try recordMode(record, environment: environment))
    runner.environment = environment
    runner.recordAdvice = "`SNAPSHOT_RECORD=failed` (or `record: .failed`)"
    // One artifacts folder per assertion, so tests do not clear each other's results.
    runner.artifactsDirectory = ((artifacts ?? ".snapshot-artifacts") as NSString).appendingPathComponent(name)
    let report = try runner.run()
    let failure = SnapshotFailure(report: report, artifacts: runner.artifactsDirectory!, location: caller)
    if let reporter {
        for warning in report.clampingWarnings { reporter.warn(warning, caller) }
        if !failure.frames.isEmpty { reporter.fail(failure) }
        return report
    }
    for warning in report.clampingWarnings { FileHandle.standardError.write(Data("\(caller): warning: \(warning)\n".utf8)) }
    guard failure.frames.isEmpty else { throw failure }
    return report
}

/// `record:`, else `SNAPSHOT_RECORD`, else `never` under CI and `missing` locally.
func recordMode(_ explicit: RecordMode?, environment: [String: String]) throws -> RecordMode {
    if let explicit { return explicit }
    guard let raw = environment["SNAPSHOT_RECORD"], !raw.isEmpty else { return RecordMode.default(environment: environment) }
    // SNAPSHOT_RECORD=1 is the project's historical spelling of "re-record failing ones".
    guard let parsed = RecordMode(rawValue: raw) ?? (raw == "1" ? .failed : nil) else {
        throw RenderError.input("SNAPSHOT_RECORD='\(raw)' is not one of all, missing, failed, never")
    }
    return parsed
}
