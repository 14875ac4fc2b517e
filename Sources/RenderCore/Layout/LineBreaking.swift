/// Where pango's line breaking differs from the browsers' (ICU's UAX #14 as Blink and WebKit
/// tailor it), found in the text so that pango can be told not to break there.
enum LineBreaking {
    /// Byte offsets of the characters after which pango would break and browsers do not; the
    /// attribute that suppresses it spans the character and the next (ascending order).
    ///
    /// - After `/` inside URLs and paths (ICU gives SY no break before letters or digits).
    /// - After an infix separator (`:` `;` `,` `.`) followed by a letter or digit, as in
    ///   `border:8px` or `a;b` (UAX #14 LB29 IS × AL and LB25 IS × NU).
    static func suppressedBreaks(in text: String) -> [Int] {
        var offsets: [Int] = []
        var previous: (scalar: Unicode.Scalar, offset: Int)? = nil
        var offset = 0
        for scalar in text.unicodeScalars {
            if let previous, breakIsSuppressed(after: previous.scalar, before: scalar) {
                offsets.append(previous.offset)
            }
            previous = (scalar, offset)
            offset += String(scalar).utf8.count
        }
        return offsets
    }

    private static func breakIsSuppressed(after previous: Unicode.Scalar, before next: Unicode.Scalar) -> Bool {
        switch previous {
        case "/": return next != " " && next != "\n" && next != "\t"
        case ":", ";", ",", ".": return next.properties.isAlphabetic || next.properties.numericType == .decimal
        default: return false
        }
    }
}
