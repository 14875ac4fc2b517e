/// The diff picture: the expected image faded to a light grey, differing pixels in red where
/// the actual image is lighter (removed) and green where it is darker (added), anti-aliasing
/// in yellow, masked areas tinted blue, and each changed region framed in magenta.
public enum DiffImage {
    public static let lighterColor = RGBAImage.pack(r: 255, g: 0, b: 0)
    public static let darkerColor = RGBAImage.pack(r: 0, g: 170, b: 0)
    public static let antiAliasedColor = RGBAImage.pack(r: 255, g: 255, b: 0)
    public static let regionColor = RGBAImage.pack(r: 255, g: 0, b: 255)
    /// How much of the expected image shows through (pixelmatch uses 0.1; a little more keeps text readable).
    public static let baseOpacity = 0.2

    /// Nil when the sizes differ (there is no common grid to draw on).
    public static func render(expected: RGBAImage, result: PixelComparisonResult) -> RGBAImage? {
        guard result.sizeMatches else { return nil }
        var output = expected.pixels.map(faded)
        if let verdicts = result.verdicts {
            for index in verdicts.indices {
                switch verdicts[index] {
                case .same: break
                case .lighter: output[index] = lighterColor
                case .darker: output[index] = darkerColor
                case .antiAliased: output[index] = antiAliasedColor
                case .masked: output[index] = maskTint(output[index])
                }
            }
        }
        var image = RGBAImage(width: expected.width, height: expected.height, pixels: output)
        for region in result.regions { frame(region, in: &image) }
        return image
    }

    /// Grey from the pixel's luma, blended towards white (pixelmatch's drawGrayPixel).
    static func faded(_ pixel: UInt32) -> UInt32 {
        let luma = AntiAliasing.luma(Double(pixel & 0xFF), Double(pixel >> 8 & 0xFF), Double(pixel >> 16 & 0xFF))
        let value = UInt8(max(0, min(255, 255 + (luma - 255) * baseOpacity * Double(pixel >> 24) / 255)))
        return RGBAImage.pack(r: value, g: value, b: value)
    }

    static func maskTint(_ pixel: UInt32) -> UInt32 {
        let grey = Double(pixel & 0xFF)
        return RGBAImage.pack(r: UInt8(grey * 0.75), g: UInt8(grey * 0.85), b: 255)
    }

    /// A 2-pixel outline just outside the region (clipped to the image).
    static func frame(_ region: PixelRect, in image: inout RGBAImage) {
        let outer = PixelRect(x: region.x - 3, y: region.y - 3, width: region.width + 6, height: region.height + 6)
        for y in outer.y..<outer.maxY where y >= 0 && y < image.height {
            for x in outer.x..<outer.maxX where x >= 0 && x < image.width {
                let onEdge = x < outer.x + 2 || x >= outer.maxX - 2 || y < outer.y + 2 || y >= outer.maxY - 2
                if onEdge { image[x, y] = regionColor }
            }
        }
    }
}
