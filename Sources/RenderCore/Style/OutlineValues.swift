/// `outline`, `outline-width`, `-style`, `-color` and `-offset` (CSS UI 4 §4; not inherited).
/// An outline is drawn outside the border box, grown by the offset, over the element's content,
/// and takes no room in layout.
public struct Outline: Sendable, Equatable {
    public var width: Double = 3  // medium
    public var style: BorderStyle = .none
    /// nil = currentColor (`invert`, which WebKit does not take either, keeps it).
    public var color: RGBA?
    public var offset: Double = 0
    /// `outline-style: auto`: the platform's focus ring instead of a border-style line.
    public var isAuto = false

    /// The width drawn: none without a visible style (as borders); the focus ring's own width.
    public var usedWidth: Double {
        if isAuto { return Self.focusRing.width }
        return style == .none || style == .hidden ? 0 : width
    }

    /// WebKit's focus ring (`outline-style: auto`), as WebKitGTK draws it whatever the width
    /// and colour: 2 px of the platform accent at 80 %, corners of 3 px outside the border box.
    static let focusRing = (width: 2.0, radius: 3.0, color: RGBA(bytes: 53, 132, 228, alpha: 0.8))

    /// `outline-style`: the border styles but `hidden`; `auto` is the focus ring.
    static func style(_ keyword: String) -> (BorderStyle, isAuto: Bool)? {
        if keyword == "auto" { return (.solid, true) }
        guard let style = BorderStyle(rawValue: keyword), style != .hidden else { return nil }
        return (style, false)
    }

    /// Applies one outline declaration; false when the value is invalid (the whole is dropped).
    mutating func apply(_ name: String, _ value: String, width parseWidth: (String) -> Double?,
                        length: (String) -> Double?, color parseColor: (String) -> RGBA?) -> Bool {
        let keyword = value.lowercased()
        switch name {
        case "outline-width": guard let w = parseWidth(value) else { return false }; width = w
        case "outline-style": guard let s = Self.style(keyword) else { return false }; (style, isAuto) = s
        case "outline-color":
            if keyword == "invert" || keyword == "currentcolor" { color = nil; return true }
            guard let c = parseColor(value) else { return false }; color = c
        case "outline-offset": guard let o = length(value) else { return false }; offset = o
        case "outline":
            // Width, style and colour in any order, each at most once; the rest back to initial.
            var result = Outline(offset: offset)
            var seen = Set<Int>()
            for part in PropertyValues.components(value) {
                let lower = part.lowercased()
                if !seen.contains(1), let s = Self.style(lower) { (result.style, result.isAuto) = s; seen.insert(1) }
                else if !seen.contains(0), let w = parseWidth(part) { result.width = w; seen.insert(0) }
                else if !seen.contains(2), lower == "invert" || lower == "currentcolor" { seen.insert(2) }
                else if !seen.contains(2), let c = parseColor(part) { result.color = c; seen.insert(2) }
                else { return false }
            }
            guard !seen.isEmpty else { return false }
            self = result
        default: return false
        }
        return true
    }
}
