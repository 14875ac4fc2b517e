/// One declaration's value as a property's parser (`CSSProperty.Parse`) reads it: made by
/// `ComputedStyle.apply` once per declaration, on the stack, with the units its lengths need.
struct DeclaredValue {
    /// The value, whitespace trimmed.
    let text: String
    /// `text` lowercased, which keywords are compared with.
    let keyword: String
    /// The element's font size before this declaration (`em`) and the root's (`rem`).
    let fontSize: Double
    let rootFontSize: Double

    /// A part of the value as a length or percentage (`auto` too unless `auto` is false); nil
    /// when it is none.
    func length(_ part: String, auto: Bool = true, nonNegative: Bool = false) -> Length? {
        PropertyValues.length(part, fontSize: fontSize, rootFontSize: rootFontSize, allowAuto: auto, nonNegative: nonNegative)
    }

    /// The whole value as a length (`length(_:auto:nonNegative:)`).
    func length(auto: Bool = true, nonNegative: Bool = false) -> Length? {
        length(text, auto: auto, nonNegative: nonNegative)
    }

    /// A part as a border width (`thin`, `medium`, `thick` or a non-negative length), in px.
    func borderWidth(_ part: String) -> Double? {
        PropertyValues.borderWidth(part, fontSize: fontSize, rootFontSize: rootFontSize)
    }

    /// Units and `currentColor` for background and mask images.
    func backgroundContext(current: RGBA) -> GradientParser.Context {
        GradientParser.Context(fontSize: fontSize, rootFontSize: rootFontSize, current: current)
    }
}
