// Wording of limit warnings: the numbers live in RenderBase's `ResourceLimits`, the words
// (which format numbers as file names do, `Scene.format`) stay with the pipeline.

extension ResourceLimits {
    /// Warnings said by more than one stage, worded once.
    static func textWarning(_ limits: ResourceLimits) -> String {
        "the mail has more than \(bytes(limits.maximumTextBytes)) of text; the rest is cut"
    }

    static func stylesheetWarning(_ limits: ResourceLimits) -> String {
        "the mail's CSS is larger than \(bytes(limits.maximumStylesheetBytes)); the rest is ignored"
    }

    /// "50 000", "1 MB": numbers in warnings read at a glance.
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += " " }
            out.append(digit)
        }
        return out
    }

    static func bytes<T: BinaryInteger>(_ value: T) -> String {
        let value = Double(value)
        for (unit, size) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where value >= Double(size) {
            return Scene.format((value / Double(size) * 10).rounded() / 10) + " " + unit
        }
        return Scene.format(value) + " bytes"
    }
}
