/// CSS Multi-column values (CSS Multicol 1 §3–§7), none inherited. The gap is
/// `ComputedStyle.columnGap` (nil: `normal`, 1em between columns).
public struct MultiColumnStyle: Sendable, Equatable {
    /// `column-count` (nil: auto).
    public var count: Int?
    /// `column-width` in px (nil: auto).
    public var width: Double?
    public var ruleWidth: Double = 3          // medium
    public var ruleStyle: BorderStyle = .none
    public var ruleColor: RGBA?               // nil: currentColor
    /// `column-span: all` (on a child of a multi-column container).
    public var spansAll = false
    /// `column-fill: auto` (else balance; balance-all is balance with one column set).
    public var fillsSequentially = false

    public init() {}

    /// A box with a column count or width is a multi-column container.
    public var isMultiColumn: Bool { count != nil || width != nil }
    /// The most columns laid out, as `column-count: 100000` must not cost 100000 of anything.
    public static let maximumColumns = 1000

    /// The rule's used width: none unless it has a visible style.
    public var usedRuleWidth: Double { ruleStyle == .none || ruleStyle == .hidden ? 0 : ruleWidth }
}

enum MultiColumnParser {
    /// Applies one declaration; an invalid value leaves the style as it was.
    static func apply(_ name: String, _ value: String, to columns: inout MultiColumnStyle, current: RGBA,
                      length: (String) -> Length?, borderWidth: (String) -> Double?) {
        let keyword = value.lowercased()
        let parts = PropertyValues.components(value)
        switch name {
        case "column-count":
            if let count = count(keyword) { columns.count = count }
        case "column-width":
            if let width = width(value, length: length) { columns.width = width }
        case "columns":
            // One or two parts, each a count, a width or `auto`, in any order.
            guard (1...2).contains(parts.count) else { return }
            var newCount: Int?? = nil, newWidth: Double?? = nil
            for part in parts {
                let lower = part.lowercased()
                if lower == "auto" { continue }
                if newCount == nil, Int(part) != nil, let c = count(lower) { newCount = .some(c); continue }
                if newWidth == nil, let w = width(part, length: length) { newWidth = .some(w); continue }
                return
            }
            columns.count = newCount ?? nil
            columns.width = newWidth ?? nil
        case "column-rule":
            var width = 3.0, style = BorderStyle.none, colour: RGBA? = nil
            for part in parts {
                if let s = BorderStyle(rawValue: part.lowercased()) { style = s }
                else if let w = borderWidth(part) { width = w }
                else if let c = PropertyValues.color(part, current: current) { colour = c }
                else { return }
            }
            (columns.ruleWidth, columns.ruleStyle, columns.ruleColor) = (width, style, colour)
        case "column-rule-width": if let w = borderWidth(value) { columns.ruleWidth = w }
        case "column-rule-style": if let s = BorderStyle(rawValue: keyword) { columns.ruleStyle = s }
        case "column-rule-color": if let c = PropertyValues.color(value, current: current) { columns.ruleColor = c }
        case "column-span": if keyword == "all" || keyword == "none" { columns.spansAll = keyword == "all" }
        case "column-fill":
            if ["auto", "balance", "balance-all"].contains(keyword) { columns.fillsSequentially = keyword == "auto" }
        default: break
        }
    }

    /// `inherit`/`initial`/`unset` for one property (`unset` is `initial`: none is inherited).
    static func reset(_ name: String, to columns: inout MultiColumnStyle, from source: MultiColumnStyle) {
        switch name {
        case "column-count": columns.count = source.count
        case "column-width": columns.width = source.width
        case "columns": (columns.count, columns.width) = (source.count, source.width)
        case "column-rule": (columns.ruleWidth, columns.ruleStyle, columns.ruleColor) = (source.ruleWidth, source.ruleStyle, source.ruleColor)
        case "column-rule-width": columns.ruleWidth = source.ruleWidth
        case "column-rule-style": columns.ruleStyle = source.ruleStyle
        case "column-rule-color": columns.ruleColor = source.ruleColor
        case "column-span": columns.spansAll = source.spansAll
        case "column-fill": columns.fillsSequentially = source.fillsSequentially
        default: break
        }
    }

    /// `auto` (nil inside) or a positive integer (clamped: more columns than that never fit).
    private static func count(_ keyword: String) -> Int?? {
        if keyword == "auto" { return .some(nil) }
        guard let n = Int(keyword), n >= 1 else { return nil }
        return .some(min(n, MultiColumnStyle.maximumColumns))
    }

    private static func width(_ value: String, length: (String) -> Length?) -> Double?? {
        if value.lowercased() == "auto" { return .some(nil) }
        guard case .px(let w)? = length(value), w >= 0 else { return nil }
        return .some(max(w, 1))  // a zero width acts as one pixel (as WebKit clamps)
    }
}
