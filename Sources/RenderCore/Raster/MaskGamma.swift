import Foundation

/// How WebKit's Skia (WebKitGTK builds it with `SK_GAMMA_APPLY_TO_A8`, sRGB gamma, contrast 0.5)
/// bends a glyph's coverage before blending it: dark text comes out lighter, light text bolder.
/// One table per text luminance, quantised to 3 bits as Skia quantises it; the background plays
/// no part (Skia guesses it as the colour's inverse). Measured: an Arial 16 px stem WebKit draws
/// 199, 88 where FreeType's coverage is 236, 124, which these tables give exactly.
enum MaskGamma {
    private static let contrast: Float = 0.5
    private static let luminanceBits = 3

    /// The table for text of `color` (its alpha plays no part, as in Skia).
    static func table(for color: RGBA) -> [UInt8] {
        tables[level(of: color)]
    }

    /// Coverage as it is (Skia applies no table to masks it blurs).
    static let identity: [UInt8] = (0...255).map { UInt8($0) }

    /// Skia's luminance of a colour (its weights, 8-bit), cut to `luminanceBits`.
    static func level(of color: RGBA) -> Int {
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        let luminance = (byte(color.r) * 54 + byte(color.g) * 183 + byte(color.b) * 19) >> 8
        return luminance >> (8 - luminanceBits)
    }

    private static let tables: [[UInt8]] = (0..<(1 << luminanceBits)).map { level in
        // The level back to 8 bits by repeating its bits (Skia's sk_t_scale255).
        let byte = (level << 5) | (level << 2) | (level >> 1)
        return correctingTable(source: Float(byte) / 255)
    }

    /// The coverage that, blended as plain alpha in sRGB, gives what a blend in linear light
    /// with boosted contrast would (Skia's SkTMaskGamma_build_correcting_lut).
    private static func correctingTable(source: Float) -> [UInt8] {
        let destination = 1 - source
        let linearSource = toLinear(source), linearDestination = toLinear(destination)
        let adjustedContrast = contrast * linearDestination
        return (0..<256).map { i in
            let raw = Float(i) / 255
            let alpha = raw + (1 - raw) * adjustedContrast * raw
            guard abs(source - destination) >= 1 / 256 else { return byteRounded(alpha) }
            let out = fromLinear(linearSource * alpha + (1 - alpha) * linearDestination)
            return byteRounded((out - destination) / (source - destination))
        }
    }

    private static func byteRounded(_ value: Float) -> UInt8 {
        UInt8(min(max((255 * value + 0.5).rounded(.down), 0), 255))
    }

    private static func toLinear(_ v: Float) -> Float {
        v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)
    }

    private static func fromLinear(_ v: Float) -> Float {
        v <= 0.0031308 ? v * 12.92 : 1.055 * powf(v, 1 / 2.4) - 0.055
    }
}
