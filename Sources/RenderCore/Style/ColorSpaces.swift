import Foundation

/// A colour in one of the CSS Color 4 spaces, with its components as written (a missing
/// `none` component kept as such for `color-mix()`), converted to sRGB only when drawn.
struct SpacedColor: Equatable {
    enum Space: String, CaseIterable {
        case srgb, srgbLinear = "srgb-linear", displayP3 = "display-p3", a98 = "a98-rgb", prophoto = "prophoto-rgb"
        case rec2020, xyzD50 = "xyz-d50", xyzD65 = "xyz-d65", lab, lch, oklab, oklch, hsl, hwb

        /// Which component is a hue (in degrees), if any.
        var hueIndex: Int? {
            switch self {
            case .lch, .oklch: return 2
            case .hsl, .hwb: return 0
            default: return nil
            }
        }
    }

    var space: Space
    /// The three components; nil is `none` (missing).
    var components: [Double?]
    var alpha: Double?

    /// Straight sRGB clipped into gamut, as WebKit draws a wider colour into an sRGB surface.
    var rgba: RGBA {
        let (r, g, b) = ColorSpaces.toSRGB(self)
        func clip(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        return RGBA(r: clip(r), g: clip(g), b: clip(b), a: clip(alpha ?? 0))
    }

    init(space: Space, components: [Double?], alpha: Double?) {
        self.space = space
        self.components = components
        self.alpha = alpha
    }

    init(_ rgba: RGBA) {
        self.init(space: .srgb, components: [rgba.r, rgba.g, rgba.b], alpha: rgba.a)
    }

    /// The same colour in another space (missing components count as zero, CSS Color 4 §4.4).
    func converted(to target: Space) -> SpacedColor {
        if target == space { return self }
        let xyz = ColorSpaces.toXYZD65(self)
        var result = ColorSpaces.fromXYZD65(xyz, target)
        result.alpha = alpha
        // An achromatic colour has a powerless hue: it is missing, so mixing takes the other's.
        if let hue = target.hueIndex {
            let chroma: Double
            switch target {
            case .lch: chroma = result.components[1] ?? 0; if chroma < 1e-4 { result.components[hue] = nil }
            case .oklch: chroma = result.components[1] ?? 0; if chroma < 4e-6 { result.components[hue] = nil }
            case .hsl: if (result.components[1] ?? 0) < 1e-9 { result.components[hue] = nil }
            case .hwb: if (result.components[1] ?? 0) + (result.components[2] ?? 0) >= 100 - 1e-9 { result.components[hue] = nil }
            default: break
            }
        }
        return result
    }
}

/// Conversions between the CSS Color 4 spaces (the matrices and transfer functions of its
/// §18 sample code), through CIE XYZ with a D65 white.
enum ColorSpaces {
    typealias Vector = (Double, Double, Double)
    typealias Matrix = [[Double]]

    static func multiply(_ m: Matrix, _ v: Vector) -> Vector {
        (m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2,
         m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
         m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2)
    }

    static func toSRGB(_ color: SpacedColor) -> Vector {
        // The sRGB-based spaces directly, so hsl(120, 100%, 50%) is exactly #00FF00.
        switch color.space {
        case .srgb: return values(color)
        case .hsl:
            let v = values(color)
            let rgb = CSSColor.hslToRGB(hue: v.0, saturation: v.1 / 100, lightness: v.2 / 100, alpha: 1)
            return (rgb.r, rgb.g, rgb.b)
        case .hwb: return hwbToSRGB(values(color))
        default: break
        }
        let xyz = toXYZD65(color)
        return gammaSRGB(multiply(xyzToLinearSRGB, xyz))
    }

    private static func values(_ color: SpacedColor) -> Vector {
        (color.components[0] ?? 0, color.components[1] ?? 0, color.components[2] ?? 0)
    }

    static func toXYZD65(_ color: SpacedColor) -> Vector {
        let v = values(color)
        switch color.space {
        case .srgb: return multiply(linearSRGBToXYZ, linearSRGB(v))
        case .srgbLinear: return multiply(linearSRGBToXYZ, v)
        case .hsl:
            let rgb = CSSColor.hslToRGB(hue: v.0, saturation: v.1 / 100, lightness: v.2 / 100, alpha: 1)
            return multiply(linearSRGBToXYZ, linearSRGB((rgb.r, rgb.g, rgb.b)))
        case .hwb: return multiply(linearSRGBToXYZ, linearSRGB(hwbToSRGB(v)))
        case .displayP3: return multiply(linearP3ToXYZ, linearSRGB(v))
        case .a98: return multiply(linearA98ToXYZ, map(v) { copysign(pow(abs($0), 563.0 / 256), $0) })
        case .prophoto:
            let linear = map(v) { value in
                abs(value) <= 16.0 / 512 ? value / 16 : copysign(pow(abs(value), 1.8), value)
            }
            return multiply(d50ToD65, multiply(linearProPhotoToXYZD50, linear))
        case .rec2020:
            let alpha = 1.09929682680944, beta = 0.018053968510807
            let linear = map(v) { value in
                abs(value) < beta * 4.5 ? value / 4.5 : copysign(pow((abs(value) + alpha - 1) / alpha, 1 / 0.45), value)
            }
            return multiply(linearRec2020ToXYZ, linear)
        case .xyzD65: return v
        case .xyzD50: return multiply(d50ToD65, v)
        case .lab: return multiply(d50ToD65, labToXYZD50(v))
        case .lch: return multiply(d50ToD65, labToXYZD50(lchToLab(v)))
        case .oklab: return oklabToXYZ(v)
        case .oklch: return oklabToXYZ(lchToLab(v))
        }
    }

    static func fromXYZD65(_ xyz: Vector, _ space: SpacedColor.Space) -> SpacedColor {
        func color(_ v: Vector) -> SpacedColor { SpacedColor(space: space, components: [v.0, v.1, v.2], alpha: 1) }
        switch space {
        case .srgb: return color(gammaSRGB(multiply(xyzToLinearSRGB, xyz)))
        case .srgbLinear: return color(multiply(xyzToLinearSRGB, xyz))
        case .hsl:
            let rgb = gammaSRGB(multiply(xyzToLinearSRGB, xyz))
            return color(srgbToHSL(rgb))
        case .hwb:
            let rgb = gammaSRGB(multiply(xyzToLinearSRGB, xyz))
            let hsl = srgbToHSL(rgb)
            let white = min(rgb.0, rgb.1, rgb.2), black = 1 - max(rgb.0, rgb.1, rgb.2)
            return color((hsl.0, white * 100, black * 100))
        case .displayP3: return color(gammaSRGB(multiply(xyzToLinearP3, xyz)))
        case .xyzD65: return color(xyz)
        case .xyzD50: return color(multiply(d65ToD50, xyz))
        case .lab: return color(xyzD50ToLab(multiply(d65ToD50, xyz)))
        case .lch: return color(labToLCH(xyzD50ToLab(multiply(d65ToD50, xyz))))
        case .oklab: return color(xyzToOKLab(xyz))
        case .oklch: return color(labToLCH(xyzToOKLab(xyz)))
        case .a98, .prophoto, .rec2020:
            // Mixing happens in the spaces above; these are only ever sources.
            return color(multiply(xyzToLinearSRGB, xyz))
        }
    }

    static func map(_ v: Vector, _ f: (Double) -> Double) -> Vector { (f(v.0), f(v.1), f(v.2)) }

    // MARK: sRGB

    static func linearSRGB(_ v: Vector) -> Vector {
        map(v) { value in
            let a = abs(value)
            return a <= 0.04045 ? value / 12.92 : copysign(pow((a + 0.055) / 1.055, 2.4), value)
        }
    }

    static func gammaSRGB(_ v: Vector) -> Vector {
        map(v) { value in
            let a = abs(value)
            return a > 0.0031308 ? copysign(1.055 * pow(a, 1 / 2.4) - 0.055, value) : 12.92 * value
        }
    }

    static func hwbToSRGB(_ v: Vector) -> Vector {
        var white = v.1 / 100, black = v.2 / 100
        if white + black >= 1 {
            let gray = white / (white + black)
            return (gray, gray, gray)
        }
        white = max(0, white); black = max(0, black)
        let rgb = CSSColor.hslToRGB(hue: v.0, saturation: 1, lightness: 0.5, alpha: 1)
        return map((rgb.r, rgb.g, rgb.b)) { $0 * (1 - white - black) + white }
    }

    /// Hue in degrees, saturation and lightness in 0…100.
    static func srgbToHSL(_ rgb: Vector) -> Vector {
        let maximum = max(rgb.0, rgb.1, rgb.2), minimum = min(rgb.0, rgb.1, rgb.2)
        let lightness = (minimum + maximum) / 2
        let d = maximum - minimum
        var hue = 0.0, saturation = 0.0
        if d != 0 {
            saturation = (lightness == 0 || lightness == 1) ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
            switch maximum {
            case rgb.0: hue = (rgb.1 - rgb.2) / d + (rgb.1 < rgb.2 ? 6 : 0)
            case rgb.1: hue = (rgb.2 - rgb.0) / d + 2
            default: hue = (rgb.0 - rgb.1) / d + 4
            }
            hue *= 60
        }
        return (hue, saturation * 100, lightness * 100)
    }

    static let linearSRGBToXYZ: Matrix = [
        [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
        [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
        [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
    ]
    static let xyzToLinearSRGB: Matrix = [
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ]
    static let linearP3ToXYZ: Matrix = [
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ]
    static let xyzToLinearP3: Matrix = [
        [2.493496911941425, -0.9313836179191239, -0.40271078445071684],
        [-0.8294889695615747, 1.7626640603183463, 0.023624685841943577],
        [0.03584583024378447, -0.07617238926804182, 0.9568845240076872],
    ]
    static let linearA98ToXYZ: Matrix = [
        [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
        [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
        [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ]
    static let linearProPhotoToXYZD50: Matrix = [
        [0.7977604896723027, 0.13518583717574031, 0.0313493495815248],
        [0.2880711282292934, 0.7118432178101014, 0.00008565396060525902],
        [0.0, 0.0, 0.8251046025104601],
    ]
    static let linearRec2020ToXYZ: Matrix = [
        [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
        [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
        [0.0, 0.028072693049087428, 1.060985057710791],
    ]
    /// Bradford chromatic adaptation between the D50 and D65 whites.
    static let d50ToD65: Matrix = [
        [0.9554734527042182, -0.023098536874261423, 0.0632593086610217],
        [-0.028369706963208136, 1.0099954580058226, 0.021041398966943008],
        [0.012314001688319899, -0.020507696433477912, 1.3303659366080753],
    ]
    static let d65ToD50: Matrix = [
        [1.0479298208405488, 0.022946793341019088, -0.05019222954313557],
        [0.029627815688159344, 0.990434484573249, -0.01707382502938514],
        [-0.009243058152591178, 0.015055144896577895, 0.7518742899580008],
    ]

    // MARK: Lab and LCH

    static let d50White: Vector = (0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)
    static let kappa = 24389.0 / 27, epsilon = 216.0 / 24389

    static func labToXYZD50(_ lab: Vector) -> Vector {
        let f1 = (lab.0 + 16) / 116
        let f0 = lab.1 / 500 + f1
        let f2 = f1 - lab.2 / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = lab.0 > kappa * epsilon ? pow((lab.0 + 16) / 116, 3) : lab.0 / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        return (x * d50White.0, y * d50White.1, z * d50White.2)
    }

    static func xyzD50ToLab(_ xyz: Vector) -> Vector {
        let scaled = (xyz.0 / d50White.0, xyz.1 / d50White.1, xyz.2 / d50White.2)
        let f = map(scaled) { $0 > epsilon ? cbrt($0) : (kappa * $0 + 16) / 116 }
        return (116 * f.1 - 16, 500 * (f.0 - f.1), 200 * (f.1 - f.2))
    }

    static func lchToLab(_ lch: Vector) -> Vector {
        let hue = lch.2 * .pi / 180
        return (lch.0, lch.1 * cos(hue), lch.1 * sin(hue))
    }

    static func labToLCH(_ lab: Vector) -> Vector {
        var hue = atan2(lab.2, lab.1) * 180 / .pi
        if hue < 0 { hue += 360 }
        return (lab.0, (lab.1 * lab.1 + lab.2 * lab.2).squareRoot(), hue)
    }

    // MARK: OKLab

    static let xyzToLMS: Matrix = [
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
    ]
    static let lmsToOKLab: Matrix = [
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757660831652],
    ]
    static let okLabToLMS: Matrix = [
        [1.0, 0.3963377773761749, 0.2158037573099136],
        [1.0, -0.1055613458156586, -0.0638541728258133],
        [1.0, -0.0894841775298119, -1.2914855480194092],
    ]
    static let lmsToXYZ: Matrix = [
        [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
        [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
        [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
    ]

    static func oklabToXYZ(_ lab: Vector) -> Vector {
        multiply(lmsToXYZ, map(multiply(okLabToLMS, lab)) { $0 * $0 * $0 })
    }

    static func xyzToOKLab(_ xyz: Vector) -> Vector {
        multiply(lmsToOKLab, map(multiply(xyzToLMS, xyz)) { cbrt($0) })
    }
}
