import Foundation

/// The two colours of a 3D border style (`inset`, `outset`, `groove`, `ridge`), as WebKit's
/// BorderPainter derives them from the border colour: the dark one with `Color::darkened`,
/// the light one with `Color::lightened`. A colour too dark to darken (luminance at most that
/// of #202020, black included) is lightened first and used as the dark shade; one too light to
/// lighten (at least #EBEBEB's) is its own light shade. Measured in WebKit: black gives
/// #545454 and #A8A8A8, gray #2C2C2C and #D4D4D4, #3366CC #1E3C78 and #4080FF.
struct BorderShades: Equatable {
    var dark: RGBA, light: RGBA

    private static let darkestDarkenable = 0.014443844   // luminance of #202020
    private static let lightestLightenable = 0.83077     // luminance of #EBEBEB

    init(_ color: RGBA) {
        let luminance = Self.luminance(color)
        if luminance <= Self.darkestDarkenable {
            dark = Self.lightened(color)
            light = Self.lightened(dark)
        } else {
            dark = Self.darkened(color)
            light = luminance < Self.lightestLightenable ? Self.lightened(color) : color
        }
    }

    /// The colour of `side` for a border of `style`: `inset` darkens the top and left sides
    /// and lightens the others, `outset` the reverse. `groove` is inset outside and outset
    /// inside; `ridge` the reverse (`inner` picks the inner half).
    static func color(_ color: RGBA, style: BorderStyle, side: BoxSide, inner: Bool = false) -> RGBA {
        let insetLike: Bool
        switch style {
        case .inset: insetLike = true
        case .outset: insetLike = false
        case .groove: insetLike = !inner
        case .ridge: insetLike = inner
        default: return color
        }
        let shades = BorderShades(color)
        let topOrLeft = side == .top || side == .left
        return topOrLeft == insetLike ? shades.dark : shades.light
    }

    /// Relative luminance of the sRGB colour (WCAG), as `Color::luminance`.
    static func luminance(_ color: RGBA) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
    }

    /// `Color::lightened`: the largest channel raised by 0.33, the others in proportion;
    /// black becomes #545454.
    static func lightened(_ color: RGBA) -> RGBA {
        let v = max(color.r, color.g, color.b)
        guard v > 0 else { return bytes(RGBA(r: 84 / 255, g: 84 / 255, b: 84 / 255, a: color.a)) }
        let factor = min(1, v + 0.33) / v
        return bytes(RGBA(r: color.r * factor, g: color.g * factor, b: color.b * factor, a: color.a))
    }

    /// `Color::darkened`: the largest channel lowered by 0.33, the others in proportion;
    /// white becomes #ABABAB.
    static func darkened(_ color: RGBA) -> RGBA {
        let v = max(color.r, color.g, color.b)
        guard v > 0 else { return color }
        let factor = max(0, v - 0.33) / v
        return bytes(RGBA(r: color.r * factor, g: color.g * factor, b: color.b * factor, a: color.a))
    }

    /// WebKit keeps the result as 8-bit sRGB.
    private static func bytes(_ color: RGBA) -> RGBA {
        func byte(_ c: Double) -> Double { (min(1, max(0, c)) * 255).rounded() / 255 }
        return RGBA(r: byte(color.r), g: byte(color.g), b: byte(color.b), a: color.a)
    }
}

/// A side of a box.
enum BoxSide: CaseIterable { case top, right, bottom, left }
