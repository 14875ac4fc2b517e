import Foundation
import CCairo

/// CSS filter functions applied to a layer's pixels (cairo ARGB32, premultiplied), in
/// order, in sRGB as WebKit applies CSS filters (Filter Effects §5 and the SVG filter
/// primitives they stand for: feColorMatrix, feComponentTransfer, feGaussianBlur,
/// feDropShadow). Unlike `box-shadow`'s blur radius, a filter's blur length is the Gaussian's
/// standard deviation (Filter Effects §5: `blur()` and `drop-shadow()`'s third length), as
/// WebKit draws them. `matrix` maps the element's coordinates to the layer's pixels: blur
/// radii and shadow offsets are lengths in the element's coordinates.
enum FilterEffects {
    static func apply(_ filters: [FilterFunction], to surface: OpaquePointer, matrix: cairo_matrix_t) {
        guard !filters.isEmpty, let data = cairo_image_surface_get_data(surface) else { return }
        cairo_surface_flush(surface)
        let pixels = LayerPixels(base: data, width: Int(cairo_image_surface_get_width(surface)),
                                 height: Int(cairo_image_surface_get_height(surface)),
                                 stride: Int(cairo_image_surface_get_stride(surface)))
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        for filter in filters {
            switch filter {
            case .blur(let radius):
                pixels.blur(sigma: radius * scale)
            case .dropShadow(let shadow):
                let dx = matrix.xx * shadow.dx + matrix.xy * shadow.dy, dy = matrix.yx * shadow.dx + matrix.yy * shadow.dy
                pixels.dropShadow(dx: dx, dy: dy, sigma: shadow.blur * scale, color: shadow.color)
            default:
                if let table = TransferTable(filter) { pixels.transfer(table) }
                if let colourMatrix = ColourMatrix(filter) { pixels.transformColours(colourMatrix) }
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}

/// brightness, contrast, invert and opacity: feComponentTransfer, whose lookup tables
/// WebKit fills with each linear value cut to a whole byte (FEComponentTransfer's
/// `static_cast<uint8_t>`), applied to unpremultiplied bytes.
struct TransferTable {
    /// For r, g, b (nil: unchanged) and for alpha.
    var colour: [UInt8]?
    var alpha: [UInt8]?

    init?(_ filter: FilterFunction) {
        func linear(slope: Double, intercept: Double) -> [UInt8] {
            (0..<256).map { UInt8(min(255, max(0, slope * Double($0) + 255 * intercept)).rounded(.towardZero)) }
        }
        switch filter {
        case .brightness(let a): colour = linear(slope: a, intercept: 0)
        case .contrast(let a): colour = linear(slope: a, intercept: 0.5 - 0.5 * a)
        case .invert(let a): colour = linear(slope: 1 - 2 * a, intercept: a)
        case .opacity(let a): alpha = linear(slope: a, intercept: 0)
        default: return nil
        }
    }
}

/// A colour filter as a 3 × 4 matrix on unpremultiplied r, g, b (the last column is added).
struct ColourMatrix {
    var rows: [[Float]]

    init?(_ filter: FilterFunction) {
        switch filter {
        case .grayscale(let a):
            let s = Float(1 - a)
            rows = [[0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s, 0],
                    [0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s, 0],
                    [0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s, 0]]
        case .sepia(let a):
            let s = Float(1 - a)
            rows = [[0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s, 0],
                    [0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s, 0],
                    [0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s, 0]]
        case .saturate(let a):
            let s = Float(a)
            rows = [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0],
                    [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0],
                    [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0]]
        case .hueRotate(let degrees):
            let radians = degrees * Double.pi / 180
            let c = Float(cos(radians)), s = Float(sin(radians))
            rows = [[0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0],
                    [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0],
                    [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0]]
        default:
            return nil
        }
    }
}

/// A layer's pixel buffer (cairo ARGB32: one native-endian UInt32 per pixel, premultiplied).
private struct LayerPixels {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, stride: Int

    /// Byte offsets of the channels in memory (cairo stores 0xAARRGGBB as a native integer).
    static let (blue, green, red, alpha) = {
        let littleEndian = 1.littleEndian == 1
        return littleEndian ? (0, 1, 2, 3) : (3, 2, 1, 0)
    }()

    func forEachPixel(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        for y in 0..<height {
            let row = base + y * stride
            for x in 0..<width { body(row + 4 * x) }
        }
    }

    func transformColours(_ matrix: ColourMatrix) {
        let m = matrix.rows
        forEachPixel { pixel in
            let a = pixel[Self.alpha]
            guard a > 0 else { return }
            let alpha = Float(a)
            let r = min(1, Float(pixel[Self.red]) / alpha), g = min(1, Float(pixel[Self.green]) / alpha),
                b = min(1, Float(pixel[Self.blue]) / alpha)
            func channel(_ row: [Float]) -> UInt8 {
                let value = min(1, max(0, row[0] * r + row[1] * g + row[2] * b + row[3]))
                return UInt8((value * alpha).rounded())
            }
            pixel[Self.red] = channel(m[0]); pixel[Self.green] = channel(m[1]); pixel[Self.blue] = channel(m[2])
        }
    }

    func transfer(_ table: TransferTable) {
        forEachPixel { pixel in
            let a = Int(pixel[Self.alpha])
            guard a > 0 else { return }
            // Unpremultiplied bytes through the tables, then premultiplied again.
            var channels = [Self.red, Self.green, Self.blue].map { min(255, (Int(pixel[$0]) * 255 + a / 2) / a) }
            if let colour = table.colour { channels = channels.map { Int(colour[$0]) } }
            let alpha = table.alpha.map { Int($0[a]) } ?? a
            for (channel, value) in zip([Self.red, Self.green, Self.blue], channels) {
                pixel[channel] = UInt8((value * alpha + 127) / 255)
            }
            pixel[Self.alpha] = UInt8(alpha)
        }
    }

    func blur(sigma: Double) {
        GaussianBlur(sigma: sigma).apply(to: base, width: width, height: height, stride: stride, bytesPerPixel: 4, channels: [0, 1, 2, 3])
        clampColoursToAlpha()
    }

    /// Channels blurred and rounded on their own can exceed their alpha by a unit.
    private func clampColoursToAlpha() {
        forEachPixel { pixel in
            let a = pixel[Self.alpha]
            for channel in [Self.red, Self.green, Self.blue] where pixel[channel] > a { pixel[channel] = a }
        }
    }

    /// feDropShadow: the alpha moved and blurred, in the shadow's colour, under the pixels.
    func dropShadow(dx: Double, dy: Double, sigma: Double, color: RGBA) {
        guard dx.isFinite, dy.isFinite else { return }
        let shiftX = Int(dx.rounded().clamped(-1e6, 1e6)), shiftY = Int(dy.rounded().clamped(-1e6, 1e6))
        var shadow = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let sourceY = y - shiftY
            guard sourceY >= 0, sourceY < height else { continue }
            for x in 0..<width {
                let sourceX = x - shiftX
                guard sourceX >= 0, sourceX < width else { continue }
                shadow[y * width + x] = base[sourceY * stride + 4 * sourceX + Self.alpha]
            }
        }
        shadow.withUnsafeMutableBufferPointer { buffer in
            GaussianBlur(sigma: sigma).apply(to: buffer.baseAddress!, width: width, height: height, stride: width)
        }
        let colour: [Float] = [Float(color.r), Float(color.g), Float(color.b)].map { $0 * Float(color.a) }
        let colourAlpha = Float(color.a)
        for y in 0..<height {
            for x in 0..<width {
                let coverage = Float(shadow[y * width + x]) / 255
                guard coverage > 0 else { continue }
                let pixel = base + y * stride + 4 * x
                let remaining = 1 - Float(pixel[Self.alpha]) / 255
                guard remaining > 0 else { continue }
                func add(_ channel: Int, _ value: Float) {
                    pixel[channel] = UInt8(min(255, (Float(pixel[channel]) + value * coverage * remaining * 255).rounded()))
                }
                add(Self.red, colour[0]); add(Self.green, colour[1]); add(Self.blue, colour[2]); add(Self.alpha, colourAlpha)
            }
        }
    }
}

private extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(high, Swift.max(low, self)) }
}
