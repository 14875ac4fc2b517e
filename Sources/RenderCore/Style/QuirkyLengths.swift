/// Bare numbers as lengths (`padding-top: 20`) are an HTML quirk: only quirks mode reads
/// them as px. In standards and limited-quirks mode such a declaration is invalid and
/// dropped, as browsers drop it (CSS Values § 5; HTML quirks § "unitless length").
enum QuirkyLengths {
    /// Whether the declaration uses a non-zero bare number where a length is required.
    static func usesUnitlessLength(_ declaration: Declaration) -> Bool {
        // The properties the registry marks (`CSSProperty.unitlessLengthQuirk`), under their own
        // names: the quirk has never reached their prefixed aliases here.
        guard let property = PropertyRegistry.byName[declaration.name]?.property, property.unitlessLengthQuirk,
              property.name == declaration.name else { return false }
        for part in PropertyValues.components(declaration.value) {
            let text = part.hasSuffix(",") ? String(part.dropLast()) : part
            if let number = Double(text), number.isFinite, number != 0 { return true }
        }
        return false
    }
}
