import CCairo
import CPNG
import Foundation

/// An image as comparisons see it: straight (not premultiplied) 8-bit RGBA, one `UInt32` per
/// pixel holding the bytes R, G, B, A in memory order (`r | g << 8 | b << 16 | a << 24` on the
/// little-endian machines we run on). This is the layout pixelmatch reads, so equal pixels are
/// equal words and PNG files round-trip exactly.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    /// Larger PNGs are refused rather than decoded (a hostile file could ask for gigabytes).
    public static let maximumPixels = 100_000_000

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, filledWith pixel: UInt32) {
        self.init(width: width, height: height, pixels: [UInt32](repeating: pixel, count: width * height))
    }

    public static func pack(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Decodes a PNG file; throws `RenderError.input` naming the file and the reason.
    public init(contentsOfPNG path: String) throws {
        var decoded = snapshot_png()
        guard snapshot_png_read(path, &decoded, UInt(Self.maximumPixels)) == 0, let data = decoded.pixels else {
            let reason = withUnsafeBytes(of: decoded.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let exists = FileManager.default.fileExists(atPath: path)
            throw RenderError.input("cannot read '\(path)': \(exists ? reason : "no such file")")
        }
        defer { free(data) }
        let count = Int(decoded.width) * Int(decoded.height)
        var pixels = [UInt32](repeating: 0, count: count)
        pixels.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: data, count: count * 4)) }
        self.init(width: Int(decoded.width), height: Int(decoded.height), pixels: pixels)
    }

    /// The canvas's pixels un-premultiplied exactly as cairo's PNG writer does it, so a render
    /// in memory equals the same render written and read back.
    public init(canvas: Canvas) {
        cairo_surface_flush(canvas.surface)
        let width = canvas.pixelWidth, height = canvas.pixelHeight
        let stride = Int(cairo_image_surface_get_stride(canvas.surface))
        var pixels = [UInt32](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(canvas.surface) {
            for y in 0..<height {
                let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { pixels[y * width + x] = Self.straight(fromPremultipliedARGB: row[x]) }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    static func straight(fromPremultipliedARGB value: UInt32) -> UInt32 {
        let alpha = value >> 24
        if alpha == 255 { return (value >> 16) & 0xFF | (value & 0xFF00) | (value & 0xFF) << 16 | 0xFF00_0000 }
        if alpha == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 { (((value >> shift) & 0xFF) * 255 + alpha / 2) / alpha }
        return channel(16) | channel(8) << 8 | channel(0) << 16 | alpha << 24
    }

    /// Writes a PNG through a temporary file beside `path` and a rename, so an interrupted run
    /// never leaves a truncated image.
    public func writePNG(to path: String) throws {
        try AtomicFile.write(to: path) { temporary in
            try AtomicFile.withTemporaryFile(temporary, for: path) { file in
                var message = [CChar](repeating: 0, count: 160)
                let status = pixels.withUnsafeBytes { bytes in
                    snapshot_png_write(file, bytes.bindMemory(to: UInt8.self).baseAddress, UInt32(width), UInt32(height), &message, message.count)
                }
                guard status == 0 else {
                    throw RenderError.output("cannot write \(path): \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
                }
            }
        }
    }
}

extension Canvas {
    /// The frame as straight RGBA, ready to compare.
    public var rgbaImage: RGBAImage { RGBAImage(canvas: self) }
}
