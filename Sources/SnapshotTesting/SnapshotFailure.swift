import Foundation
import RenderCore

/// Frames that did not match their goldens, had none, or whose golden this run wrote: an
/// assertion that records never passes, so a test cannot pass against nothing.
public struct SnapshotFailure: Error, CustomStringConvertible {
    public let report: RegressionReport
    public let artifacts: String
    /// `file:line` of the assertion.
    public var location: String { caller.description }
    let caller: CallerLocation

    init(report: RegressionReport, artifacts: String, location: CallerLocation) {
        self.report = report
        self.artifacts = artifacts
        caller = location
    }

    /// The frames that fail the assertion: failed, missing, recorded and re-recorded ones.
    public var frames: [FrameOutcome] { report.frames.filter { $0.status != .passed } }

    private var recorded: [FrameOutcome] { frames.filter { $0.status == .recorded || $0.status == .rerecorded } }

    /// The message without the location: what a test framework shows beside its own location.
    public var message: String {
        var lines = frames.map { frame -> String in
            switch frame.status {
            case .recorded, .rerecorded: return "\(frame.label): \(frame.message); re-run the test"
            default:
                var line = "\(frame.label): \(frame.message)"
                if let diff = frame.artifacts?.diff { line += "; diff: \(diff)" }
                else if let actual = frame.artifacts?.actual { line += "; actual: \(actual)" }
                return line
            }
        }
        if let environment = report.environmentMessage { lines.append(environment) }
        if !report.failures.isEmpty {
            lines.append("report: \((artifacts as NSString).appendingPathComponent("report.html")); accept with `snapshot accept --artifacts \(artifacts)` or re-run with SNAPSHOT_RECORD=failed")
        }
        if !recorded.isEmpty {
            lines.append("recorded \(recorded.count) golden\(recorded.count == 1 ? "" : "s") (record mode \(report.recordMode.rawValue)): look at \(recorded.count == 1 ? "it" : "them"), commit, and re-run the test")
        }
        return lines.joined(separator: "\n")
    }

    public var description: String { "\(location): \(message)" }
}
