import Foundation

/// Whether two pixels differ visibly, as pixelmatch decides it.
///
/// pixelmatch's current published algorithm (v8, 2025) compares colours in OKLab (Björn
/// Ottosson, 2020) with the HyAB distance `|ΔLr| + √(Δa² + Δb²)` (Abasi, Tehran & Fairchild,
/// 2019), where `Lr` is Ottosson's toe-corrected lightness; black↔white is exactly 1, so the
/// threshold (default 0.1) is a fraction of that. Releases before v8 used a weighted YIQ
/// distance instead; the issue asks for OKLab/HyAB, which is also what pixelmatch now ships.
/// Semi-transparent pixels are blended before comparing, by default over pixelmatch's
/// position-dependent checkerboard (so a colour that differs only in alpha still shows), or
/// over white.
///
/// One instance per comparison: it caches OKLab values of opaque colours (screens reuse few
/// colours), and is not shared between threads.
final class PerceptualColorDelta {
    let threshold: Double
    let checkerboard: Bool

    private static let cacheBits = 12
    private static let cacheSize = 1 << cacheBits
    private let cacheKeys: UnsafeMutablePointer<UInt32>
    private let cacheValues: UnsafeMutablePointer<OKLab>

    init(threshold: Double, checkerboard: Bool) {
        self.threshold = threshold
        self.checkerboard = checkerboard
        cacheKeys = .allocate(capacity: Self.cacheSize)
        cacheKeys.initialize(repeating: 0, count: Self.cacheSize)
        cacheValues = .allocate(capacity: Self.cacheSize)
        cacheValues.initialize(repeating: OKLab(l: 0, m: 0, s: 0, lightness: 0), count: Self.cacheSize)
    }

    deinit {
        cacheKeys.deallocate()
        cacheValues.deallocate()
    }

    /// 0 when `expected` and `actual` are within the threshold; otherwise +1 when the actual
    /// pixel is lighter and -1 when it is darker (pixelmatch's sign, used to colour added and
    /// removed ink differently). `pixelIndex` places the checkerboard.
    @inline(__always)
    func compare(_ expected: UInt32, _ actual: UInt32, pixelIndex: Int) -> Int {
        if expected >> 24 == 255 && actual >> 24 == 255 {
            return Self.verdict(opaque(expected), opaque(actual), threshold: threshold)
        }
        let background = checkerboard ? Self.checkerboardColor(byteOffset: pixelIndex * 4) : (255.0, 255.0, 255.0)
        return Self.verdict(Self.blended(expected, over: background), Self.blended(actual, over: background), threshold: threshold)
    }

    /// The HyAB test without its square root: the distance stays within `threshold` iff
    /// `|ΔLr| < threshold` and `Δa² + Δb² <= (threshold - |ΔLr|)²`.
    @inline(__always)
    static func verdict(_ one: OKLab, _ two: OKLab, threshold: Double) -> Int {
        let dLightness = one.lightness - two.lightness
        let rest = threshold - abs(dLightness)
        if rest > 0 {
            let dl = one.l - two.l, dm = one.m - two.m, ds = one.s - two.s
            let da = 1.9779984951 * dl - 2.4285922050 * dm + 0.4505937099 * ds
            let db = 0.0259040371 * dl + 0.7827717662 * dm - 0.8086757660 * ds
            if da * da + db * db <= rest * rest { return 0 }
        }
        return dLightness > 0 ? -1 : 1
    }

    /// The exact HyAB distance (for reports and tests; the hot path only needs the verdict).
    static func distance(_ first: UInt32, _ second: UInt32) -> Double {
        let one = oklab(linearR: linear[Int(first & 0xFF)], g: linear[Int(first >> 8 & 0xFF)], b: linear[Int(first >> 16 & 0xFF)])
        let two = oklab(linearR: linear[Int(second & 0xFF)], g: linear[Int(second >> 8 & 0xFF)], b: linear[Int(second >> 16 & 0xFF)])
        let dl = one.l - two.l, dm = one.m - two.m, ds = one.s - two.s
        let da = 1.9779984951 * dl - 2.4285922050 * dm + 0.4505937099 * ds
        let db = 0.0259040371 * dl + 0.7827717662 * dm - 0.8086757660 * ds
        return abs(one.lightness - two.lightness) + (da * da + db * db).squareRoot()
    }

    /// Cube-rooted LMS (enough to difference a and b linearly) and toe-corrected lightness.
    struct OKLab {
        var l: Double, m: Double, s: Double
        var lightness: Double
    }

    @inline(__always)
    private func opaque(_ pixel: UInt32) -> OKLab {
        let key = pixel & 0x00FF_FFFF
        let slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - Self.cacheBits))
        if cacheKeys[slot] == key + 1 { return cacheValues[slot] }
        let value = Self.oklab(linearR: Self.linear[Int(key & 0xFF)], g: Self.linear[Int(key >> 8 & 0xFF)], b: Self.linear[Int(key >> 16)])
        cacheKeys[slot] = key + 1
        cacheValues[slot] = value
        return value
    }

    static func oklab(linearR r: Double, g: Double, b: Double) -> OKLab {
        let l = cubeRoot(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cubeRoot(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cubeRoot(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return OKLab(l: l, m: m, s: s, lightness: toe(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s))
    }

    /// Ottosson's toe: lightness closer to CIE L* near black, still 0 for black and 1 for white.
    static func toe(_ lightness: Double) -> Double {
        let k1 = 0.206, k2 = 0.03, k3 = (1 + k1) / (1 + k2)
        let x = k3 * lightness - k1
        return 0.5 * (x + (x * x + 4 * k2 * k3 * lightness).squareRoot())
    }

    /// sRGB byte → linear light (a 257th entry lets `linearize` interpolate up to 255).
    static let linear: [Double] = (0...256).map { exactLinear(Double(min($0, 255))) }

    static func exactLinear(_ channel: Double) -> Double {
        let c = channel / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// A fractional channel (after blending) → linear light, interpolated in the byte table
    /// as pixelmatch does, so borderline pixels fall on the same side as in pixelmatch.
    static func linearize(_ channel: Double) -> Double {
        let index = Int(channel)
        return linear[index] + (linear[index + 1] - linear[index]) * (channel - Double(index))
    }

    /// Cube root over [0, 1] from a 4096-step table with linear interpolation: pixelmatch's
    /// approximation (within 1e-6 of the exact root above 0.001), kept for identical verdicts.
    static let cubeRoots: [Double] = (0...4097).map { cbrt(Double($0) / 4096) }

    @inline(__always)
    static func cubeRoot(_ value: Double) -> Double {
        let t = max(0, min(value, 1)) * 4096
        let index = Int(t)
        return cubeRoots[index] + (cubeRoots[index + 1] - cubeRoots[index]) * (t - Double(index))
    }

    private static func blended(_ pixel: UInt32, over background: (Double, Double, Double)) -> OKLab {
        let alpha = Double(pixel >> 24)
        func channel(_ value: UInt32, _ base: Double) -> Double {
            linearize((Double(value & 0xFF) * alpha + base * (255 - alpha)) / 255)
        }
        return oklab(linearR: channel(pixel, background.0), g: channel(pixel >> 8, background.1), b: channel(pixel >> 16, background.2))
    }

    /// pixelmatch's checkerboard: dark or light per channel, picked from the byte offset so
    /// neighbouring pixels get different backgrounds.
    static func checkerboardColor(byteOffset k: Int) -> (Double, Double, Double) {
        let golden = 1.618033988749895
        let r = 48 + 159 * Double(k % 2)
        let g = 48 + 159 * Double(Int(Double(k) / golden) % 2)
        let b = 48 + 159 * Double(Int(Double(k) / (golden + 1)) % 2)
        return (r, g, b)
    }
}
