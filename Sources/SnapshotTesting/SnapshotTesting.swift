@_exported import RenderCore
import Foundation

/// Golden-frame assertions for Swift test suites (Swift Testing or XCTest): describe a scene in
/// code, and `assertFrames` renders each offset and compares it with
/// `<goldens>/<name>/<offset>.png` — the same record modes, pixelmatch comparison, artifacts
/// and environment fingerprint as `snapshot check`. A failure throws `SnapshotFailure`, whose
/// description lists each failing frame and its diff, so a throwing test fails with it.
///
///     @Test func invoice() throws {
///         var scene = Scene(html: "<h1>Invoice</h1>")
///         scene.offsets = [0, 120]
///         try assertFrames(of: scene, named: "invoice")
///     }
///
/// Record mode: `record:` if given, else the `SNAPSHOT_RECORD` environment variable
/// (all | missing | failed | never), else `never` when `CI` is set and `missing` otherwise.
@discardableResult
public func assertFrames(of scene: Scene, named name: String, tolerance: Tolerance = Tolerance(),
                         goldens: String? = nil, record: RecordMode? = nil, artifacts: String? = nil,
                         environment: [String: String] = ProcessInfo.processInfo.environment,
                         file: StaticString = #filePath) throws -> RegressionReport {
    guard Suite.isValidName(name) else {
        throw RenderError.input("snapshot name '\(name)' may hold only letters, digits, '.', '_' and '-'")
    }
    let testFolder = (String(describing: file) as NSString).deletingLastPathComponent
    let goldenDirectory = goldens ?? (testFolder as NSString).appendingPathComponent("Goldens")
    let mode: RecordMode
    if let record {
        mode = record
    } else if let raw = environment["SNAPSHOT_RECORD"], !raw.isEmpty {
        // SNAPSHOT_RECORD=1 is the project's historical spelling of "re-record failing ones".
        guard let parsed = RecordMode(rawValue: raw) ?? (raw == "1" ? .failed : nil) else {
            throw RenderError.input("SNAPSHOT_RECORD='\(raw)' is not one of all, missing, failed, never")
        }
        mode = parsed
    } else {
        mode = RecordMode.default(environment: environment)
    }
    var runner = RegressionRunner(suite: Suite(entries: [Suite.Entry(name: name, scene: scene, tolerance: tolerance)],
                                               goldenDirectory: goldenDirectory), recordMode: mode)
    runner.environment = environment
    // One artifacts folder per assertion, so tests do not clear each other's results.
    runner.artifactsDirectory = ((artifacts ?? ".snapshot-artifacts") as NSString).appendingPathComponent(name)
    let report = try runner.run()
    guard report.failures.isEmpty else { throw SnapshotFailure(report: report, artifacts: runner.artifactsDirectory!) }
    return report
}

/// Frames that did not match their goldens (or had none to match).
public struct SnapshotFailure: Error, CustomStringConvertible {
    public let report: RegressionReport
    public let artifacts: String

    public var description: String {
        var lines = report.failures.map { frame -> String in
            var line = "\(frame.label): \(frame.message)"
            if let diff = frame.artifacts?.diff { line += "; diff: \(diff)" }
            else if let actual = frame.artifacts?.actual { line += "; actual: \(actual)" }
            return line
        }
        if let environment = report.environmentMessage { lines.append(environment) }
        lines.append("report: \((artifacts as NSString).appendingPathComponent("report.html")); accept with `snapshot accept --artifacts \(artifacts)` or re-run with SNAPSHOT_RECORD=failed")
        return lines.joined(separator: "\n")
    }
}
