/// `font-stretch` (CSS Fonts 4 §2.5, `font-width` its newer name): how wide a face is, as a
/// percentage of normal. Only faces that come in widths answer it: web fonts and `--font-dir`
/// fonts (`DocumentFonts`); the fixed set has one width, as WebKitGTK sees it here.
enum FontStretch {
    /// The keywords and the percentages they stand for.
    static let keywords: [String: Double] = [
        "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5, "normal": 100,
        "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
    ]

    /// A keyword or a non-negative percentage (nil: neither).
    static func percent(_ value: String) -> Double? {
        let word = value.trimmingCharacters(in: .whitespaces).lowercased()
        if let known = keywords[word] { return known }
        guard word.hasSuffix("%"), let number = Double(word.dropLast()), number.isFinite, number >= 0 else { return nil }
        return number
    }

    /// An `@font-face` descriptor: one width or a range of two (variable fonts).
    static func range(_ value: String) -> ClosedRange<Double>? {
        let widths = value.split(separator: " ").map { percent(String($0)) }
        guard !widths.isEmpty, widths.count <= 2, widths.allSatisfy({ $0 != nil }) else { return nil }
        let low = widths[0]!, high = widths.last!!
        return min(low, high)...max(low, high)
    }
}
