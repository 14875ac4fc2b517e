/// The absolute-size keywords of `font-size`, whose sizes depend on the generic family: WebKit
/// and Blink size a lone `monospace` from a 13 px default instead of 16 px (measured in
/// Chromium with Liberation Mono: `<code>` is 13 px, `large` 16, `xx-large` 26).
enum FontSizeKeyword: String, Sendable, CaseIterable {
    case xxSmall = "xx-small", xSmall = "x-small", small, medium, large
    case xLarge = "x-large", xxLarge = "xx-large", xxxLarge = "xxx-large"

    func size(monospace: Bool) -> Double {
        switch self {
        case .xxSmall: return 9
        case .xSmall: return 10
        case .small: return monospace ? 12 : 13
        case .medium: return monospace ? 13 : 16
        case .large: return monospace ? 16 : 18
        case .xLarge: return monospace ? 20 : 24
        case .xxLarge: return monospace ? 26 : 32
        case .xxxLarge: return monospace ? 39 : 48
        }
    }
}

/// How a font size was specified, which decides whether the monospace quirk rescales it.
enum FontSizeOrigin: Sendable, Equatable {
    /// A keyword: the size follows the element's own generic family.
    case keyword(FontSizeKeyword)
    /// Relative to the parent (em, %, smaller, larger): scaled by 13/16 where the family
    /// switches to or from monospace.
    case relative
    /// An absolute length (px, pt, …), kept whatever the family; inherited as such.
    case absolute

    /// A size relative to a parent whose size is absolute is absolute too (WebKit's
    /// `isAbsoluteSize`): `<h1 style="font-family: monospace">` in a `font-size: 16px` box is
    /// 32 px, not scaled to 26.
    static func of(_ raw: String, parent: FontSizeOrigin) -> FontSizeOrigin {
        let text = raw.trimmingWhitespaces().lowercased()
        if let keyword = FontSizeKeyword(rawValue: text) { return .keyword(keyword) }
        if text == "smaller" || text == "larger" || text.hasSuffix("%") || text.hasSuffix("em")
            || text.hasSuffix("ex") || text.hasSuffix("ch") { return parent == .absolute ? .absolute : .relative }
        return .absolute
    }
}

extension ComputedStyle {
    /// The family is exactly the generic `monospace` (`monospace, monospace` is not: the
    /// well-known way around the quirk).
    var isMonospaceOnly: Bool {
        fontFamilies.count == 1 && fontFamilies[0].lowercased() == "monospace"
    }

    /// Applies the monospace font-size quirk (Blink's FontBuilder::CheckForGenericFamilyChange)
    /// once font-size and font-family are known, before any em length is resolved.
    mutating func adjustFontSizeForGenericFamily(parent: ComputedStyle) {
        switch fontSizeOrigin {
        case .keyword(let keyword):
            fontSize = keyword.size(monospace: isMonospaceOnly)
        case .relative where isMonospaceOnly != parent.isMonospaceOnly:
            let ratio = FontSizeKeyword.medium.size(monospace: true) / FontSizeKeyword.medium.size(monospace: false)
            fontSize = isMonospaceOnly ? fontSize * ratio : fontSize / ratio
        case .relative, .absolute:
            break
        }
    }
}
