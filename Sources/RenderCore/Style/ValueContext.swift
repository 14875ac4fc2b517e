import Foundation

/// What a document's values are computed against while its styles are: for `light-dark()`,
/// whether the used colour scheme is dark; for the relative length units, the viewport (`vw`, `vh`, `vmin`, `vmax` and their `s`/`l`/`d` forms, which a
/// web view of fixed size makes equal), the root's font size (`rem`) and the element's first
/// font (`ex` from its x-height, `ch` from the advance of "0").
///
/// The cascade binds one for its run (`withValue`), so every value parser — backgrounds,
/// gradients, borders, effects — sees the same units without each taking them as a
/// parameter; outside a cascade the iPhone's 390 × 844 points stand in.
///
/// Unchecked: one per cascade run, bound as a task-local value that only the thread running
/// that cascade sees (it starts no tasks); the other threads' cascades have their own.
final class ValueContext: @unchecked Sendable {
    let viewportWidth: Double
    let viewportHeight: Double
    /// The font `ex` and `ch` are measured in: the parent's while the element's own font
    /// properties apply, then the element's (set by the cascade, on its own thread).
    var fontFamilies: [String] = ["serif"]
    /// The user's appearance is dark and the document allows it (`ColorScheme`): `light-dark()`
    /// takes its dark colour, system colours their dark values.
    var usesDarkScheme = false
    var fontWeight = 400
    var italic = false
    private var aspects: [String: Double] = [:]

    init(viewportWidth: Double, viewportHeight: Double) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
    }

    @TaskLocal static var current: ValueContext?

    /// The units in force: the cascade's, else a 390 × 844 view.
    static var active: ValueContext { current ?? ValueContext(viewportWidth: 390, viewportHeight: 844) }

    func useFont(of style: ComputedStyle) {
        fontFamilies = style.fontFamilies
        fontWeight = style.fontWeight
        italic = style.italic
    }

    /// The px length of `value` `unit` (lower-case), or nil for an unknown unit; `%` is not a unit here.
    func px(_ value: Double, _ unit: String, fontSize: Double, rootFontSize: Double) -> Double? {
        if let factor = Self.absolute[unit] { return value * factor }
        switch unit {
        case "em": return value * fontSize
        case "rem": return value * rootFontSize
        case "ex": return value * fontSize * aspect(.exHeight, fallback: 0.5)
        case "ch": return value * fontSize * aspect(.chWidth, fallback: 0.5)
        case "vw", "svw", "lvw", "dvw": return value * viewportWidth / 100
        case "vh", "svh", "lvh", "dvh": return value * viewportHeight / 100
        case "vmin", "svmin", "lvmin", "dvmin": return value * Swift.min(viewportWidth, viewportHeight) / 100
        case "vmax", "svmax", "lvmax", "dvmax": return value * Swift.max(viewportWidth, viewportHeight) / 100
        // Horizontal writing: inline is width, block is height.
        case "vi", "svi", "lvi", "dvi": return value * viewportWidth / 100
        case "vb", "svb", "lvb", "dvb": return value * viewportHeight / 100
        default: return nil
        }
    }

    /// CSS px per absolute unit (CSS Values 4 §6.2: 1in = 96px = 2.54cm).
    static let absolute: [String: Double] = [
        "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 4.0 / 3.0, "pc": 16,
    ]

    /// The first font's metric as a share of its size (`FontSet.baseFontAspect`), once per font.
    private func aspect(_ metric: FontSizeAdjust.Metric, fallback: Double) -> Double {
        let key = "\(fontFamilies.joined(separator: ",")) \(fontWeight) \(italic) \(metric.rawValue)"
        if let known = aspects[key] { return known }
        let description = FontDescription(family: FontSet.resolveFamily(fontFamilies), size: 100, weight: fontWeight, italic: italic)
        let value = FontSet.shared.baseFontAspect(description, metric).flatMap { $0 > 0 ? $0 : nil } ?? fallback
        aspects[key] = value
        return value
    }
}
