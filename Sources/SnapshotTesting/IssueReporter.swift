import Foundation
import RenderCore
#if canImport(Testing)
import Testing
#endif

/// Reports an assertion's outcome to the running test framework, at the caller's line: under
/// Swift Testing an issue (a warning for clamped offsets) with the frames' images attached.
/// Nil outside Swift Testing: the assertion then throws.
struct IssueReporter {
    let warn: (String, CallerLocation) -> Void
    let fail: (SnapshotFailure) -> Void

    static var current: IssueReporter? {
        #if canImport(Testing)
        guard Test.current != nil else { return nil }
        return IssueReporter(warn: { message, caller in
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: caller.sourceLocation)
        }, fail: { failure in
            let location = failure.caller.sourceLocation
            Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
            for (name, path) in failure.images {
                guard let bytes = FileManager.default.contents(atPath: path) else { continue }
                Attachment.record([UInt8](bytes), named: name, sourceLocation: location)
            }
        })
        #else
        return nil
        #endif
    }
}

extension SnapshotFailure {
    /// Images worth looking at, by attachment name: expected, actual and diff of each failing
    /// frame; the new golden of each recorded one.
    var images: [(name: String, path: String)] {
        frames.flatMap { frame -> [(String, String)] in
            // `invoice-150`: the scene and the golden's own name (offset, appearance).
            let prefix = frame.scene + "-" + ((frame.goldenPath as NSString).lastPathComponent as NSString).deletingPathExtension
            guard let artifacts = frame.artifacts else {
                return frame.status == .recorded || frame.status == .rerecorded ? [("\(prefix)-recorded.png", frame.goldenPath)] : []
            }
            return [("\(prefix)-expected.png", artifacts.expected), ("\(prefix)-actual.png", artifacts.actual),
                    ("\(prefix)-diff.png", artifacts.diff)].compactMap { name, path in path.map { (name, $0) } }
        }
    }
}

#if canImport(Testing)
extension CallerLocation {
    var sourceLocation: SourceLocation { SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column) }
}
#endif
