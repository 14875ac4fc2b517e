import Foundation

/// A colour with straight (non-premultiplied) sRGB components in 0...1.
public struct RGBA: Sendable, Equatable, Hashable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
    public static let white = RGBA(r: 1, g: 1, b: 1, a: 1)
    public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// From 0...255 channel values.
    package init(bytes red: Int, _ green: Int, _ blue: Int, alpha: Double = 1) {
        self.init(r: Double(red) / 255, g: Double(green) / 255, b: Double(blue) / 255, a: alpha)
    }
}

extension RGBA {
    /// `#RRGGBB`, each channel rounded to a byte (alpha left out), as warnings and reports show colours.
    public var hexString: String {
        func byte(_ value: Double) -> Int { Int((min(1, max(0, value)) * 255).rounded()) }
        return String(format: "#%02X%02X%02X", byte(r), byte(g), byte(b))
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexWithAlpha: String {
        guard a < 1 else { return hexString }
        return hexString + String(format: "%02X", Int((min(1, max(0, a)) * 255).rounded()))
    }
}
