/// `font-size-adjust` (CSS Fonts 5 §2.6): the used font size is scaled so that the first
/// font's chosen metric (x-height by default) is `value` times the computed size; `from-font`
/// takes the value from that font itself (no change for it, a match for its fallbacks).
/// The computed `font-size` (and so `em`) is left as it is.
public struct FontSizeAdjust: Sendable, Equatable {
    public enum Metric: String, Sendable { case exHeight = "ex-height", capHeight = "cap-height", chWidth = "ch-width", icWidth = "ic-width", icHeight = "ic-height" }
    public var metric: Metric
    /// Nil for `from-font`.
    public var value: Double?

    /// Nil for `none` and for values browsers drop (a negative number, an unknown keyword).
    init?(_ text: String) {
        let parts = PropertyValues.components(text.lowercased())
        guard !parts.isEmpty, parts.count <= 2, parts != ["none"] else { return nil }
        var metric = Metric.exHeight
        var rest = parts[...]
        if let first = rest.first, let named = Metric(rawValue: first) { metric = named; rest = rest.dropFirst() }
        guard rest.count == 1, let last = rest.first else { return nil }
        if last == "from-font" {
            value = nil
        } else if let number = Double(last), number >= 0, number.isFinite {
            value = number
        } else {
            return nil
        }
        self.metric = metric
    }
}
