/// Bare numbers as lengths (`padding-top: 20`) are an HTML quirk: only quirks mode reads
/// them as px. In standards and limited-quirks mode such a declaration is invalid and
/// dropped, as browsers drop it (CSS Values § 5; HTML quirks § "unitless length").
enum QuirkyLengths {
    static let lengthProperties: Set<String> = [
        "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
        "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
        "width", "height", "min-width", "min-height", "max-width", "max-height",
        "top", "right", "bottom", "left", "font-size", "letter-spacing", "text-indent",
        "border-width", "border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
        "border-spacing", "border-radius", "border", "border-top", "border-right", "border-bottom", "border-left",
    ]

    /// Whether the declaration uses a non-zero bare number where a length is required.
    static func usesUnitlessLength(_ declaration: Declaration) -> Bool {
        guard lengthProperties.contains(declaration.name) else { return false }
        for part in PropertyValues.components(declaration.value) {
            let text = part.hasSuffix(",") ? String(part.dropLast()) : part
            if let number = Double(text), number.isFinite, number != 0 { return true }
        }
        return false
    }
}
