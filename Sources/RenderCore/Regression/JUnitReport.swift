import Foundation

/// JUnit XML for CI dashboards: one test case per frame, failures with their message and the
/// artifact paths (as properties and in the `[[ATTACHMENT|path]]` form Jenkins and GitLab read).
public enum JUnitReport {
    /// With `--fail-on-invisible-text`, each scene with unreadable text adds a failed test
    /// case `<scene>: invisible text`, so a dashboard shows why the run failed.
    public static func render(_ report: RegressionReport) -> String {
        let unreadable = report.failOnInvisibleText ? report.invisibleText : []
        let failures = report.failures.count + unreadable.count
        let tests = report.frames.count + unreadable.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"snapshot\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"\(escape(report.suiteFile ?? "snapshot"))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for frame in report.frames {
            xml += "    <testcase classname=\"\(escape(frame.scene))\" name=\"\(escape(frame.label))\">\n"
            var attachments: [(String, String)] = []
            if let artifacts = frame.artifacts {
                attachments = [("expected", artifacts.expected), ("actual", artifacts.actual), ("diff", artifacts.diff),
                               ("result", artifacts.result)].compactMap { name, path in path.map { (name, $0) } }
            }
            xml += "      <properties>\n"
            xml += "        <property name=\"golden\" value=\"\(escape(absolute(frame.goldenPath)))\"/>\n"
            for (name, path) in attachments { xml += "        <property name=\"\(name)\" value=\"\(escape(path))\"/>\n" }
            xml += "      </properties>\n"
            if frame.status.isFailure {
                var text = frame.message
                if let environment = report.environmentMessage { text += "\n" + environment }
                xml += "      <failure type=\"\(frame.status.rawValue)\" message=\"\(escape(frame.message))\">\(escape(text))</failure>\n"
                xml += "      <system-out>\(attachments.map { "[[ATTACHMENT|\(escape($0.1))]]" }.joined(separator: "\n"))</system-out>\n"
            } else if frame.comparison?.tolerated != nil {
                // A pass that a tolerance made says so, as the console and result.json do.
                xml += "      <system-out>\(escape(frame.message))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        for (scene, runs) in unreadable {
            let message = runs.count == 1 ? runs[0].warning : "\(runs.count) elements' text cannot be read; the first: \(runs[0].warning)"
            xml += "    <testcase classname=\"\(escape(scene))\" name=\"\(escape(scene + ": invisible text"))\">\n"
            xml += "      <failure type=\"invisible-text\" message=\"\(escape(message))\">\(escape(runs.map(\.warning).joined(separator: "\n")))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    public static func write(_ report: RegressionReport, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try OutputFolder.create(folder) }
        try AtomicFile.write(Data(render(report).utf8), to: path)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids most control characters even as references.
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
