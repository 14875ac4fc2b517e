/// `text-decoration-style`.
public enum DecorationStyle: String, Sendable { case solid, double, dotted, dashed, wavy }

/// How an element's decorations are drawn: taken from the element that declares the lines
/// (`text-decoration-style`, `-color`, `-thickness` are not inherited, but the decoration is
/// drawn across its descendants as that element says).
public struct TextDecorationPaint: Sendable, Equatable {
    public var style: DecorationStyle = .solid
    /// nil: the text's own colour.
    public var color: RGBA?
    /// In px; nil: `auto` (and `from-font`), the font's.
    public var thickness: Double?
}

extension ComputedStyle {
    /// An element that declares decoration lines passes its style, colour and thickness to
    /// its text and its descendants' (called once its declarations are applied).
    mutating func settleDecorationPaint() {
        guard !textDecorationLine.isEmpty else { return }
        decorationPaint = declaredDecoration
    }

    /// `text-decoration` and its longhands; false when the value is not one.
    mutating func applyTextDecoration(_ property: String, _ value: String, length: (String) -> Length?) -> Bool {
        let keyword = value.lowercased()
        switch property {
        case "text-decoration-style":
            guard let style = DecorationStyle(rawValue: keyword) else { return false }
            declaredDecoration.style = style
        case "text-decoration-color":
            guard let color = PropertyValues.color(value, current: color) else { return false }
            declaredDecoration.color = color
        case "text-decoration-thickness":
            guard let thickness = decorationLength(keyword, length: length) else { return false }
            declaredDecoration.thickness = thickness
        case "text-underline-offset":
            guard let offset = decorationLength(keyword, length: length) else { return false }
            underlineOffset = offset
        default:  // the shorthand: lines, style, colour and thickness in any order
            var lines: TextDecorations = [], paint = TextDecorationPaint(), sawNone = false
            for part in PropertyValues.components(value) {
                let word = part.lowercased()
                switch word {
                case "underline": lines.insert(.underline)
                case "overline": lines.insert(.overline)
                case "line-through": lines.insert(.lineThrough)
                case "none": sawNone = true
                case "blink": break
                default:
                    if let style = DecorationStyle(rawValue: word) { paint.style = style }
                    else if let color = PropertyValues.color(part, current: color) { paint.color = color }
                    else if let thickness = decorationLength(word, length: length) { paint.thickness = thickness }
                    else { return false }
                }
            }
            guard sawNone || !lines.isEmpty else { return false }
            textDecorationLine = lines
            if property == "text-decoration" { declaredDecoration = paint }
        }
        return true
    }

    /// `auto` (nil wrapped in .some) or a length; a percentage is of the font size.
    private func decorationLength(_ keyword: String, length: (String) -> Length?) -> Double?? {
        if keyword == "auto" || keyword == "from-font" { return .some(nil) }
        switch length(keyword) {
        case .px(let value)?: return .some(value)
        case .percent(let value)?: return .some(fontSize * value / 100)
        default: return nil
        }
    }
}
