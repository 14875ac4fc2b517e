import CCairo
import Foundation

/// Decoded pixels (premultiplied ARGB32, as cairo stores them) held by Swift.
public struct PixelImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Reads a PNG file; nil when it is missing or not a PNG cairo can decode.
    public init?(contentsOfPNG path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.init(surface: surface)
    }

    init(canvas: Canvas) {
        cairo_surface_flush(canvas.surface)
        self.init(surface: canvas.surface)
    }

    private init(surface: OpaquePointer) {
        let converted: OpaquePointer
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            converted = cairo_surface_reference(surface)
        } else {
            // RGB24 or others: draw onto ARGB32 so every image compares in one format.
            let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
            converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)
            let cr = cairo_create(converted)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        defer { cairo_surface_destroy(converted) }
        cairo_surface_flush(converted)
        let width = Int(cairo_image_surface_get_width(converted))
        let height = Int(cairo_image_surface_get_height(converted))
        self.width = width
        self.height = height
        let stride = Int(cairo_image_surface_get_stride(converted))
        var pixels = [UInt32](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(converted) {
            for row in 0..<height {
                let source = UnsafeRawPointer(data.advanced(by: row * stride)).assumingMemoryBound(to: UInt32.self)
                pixels.withUnsafeMutableBufferPointer { buffer in
                    buffer.baseAddress!.advanced(by: row * width).update(from: source, count: width)
                }
            }
        }
        self.pixels = pixels
    }

    public func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Writes the image as PNG via a temporary file and rename.
    public func writePNG(to path: String) throws {
        guard let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: 1) else {
            throw RenderError.output("cannot allocate a \(width)x\(height) image")
        }
        cairo_surface_flush(canvas.surface)
        let stride = Int(cairo_image_surface_get_stride(canvas.surface))
        if let data = cairo_image_surface_get_data(canvas.surface) {
            pixels.withUnsafeBufferPointer { buffer in
                for row in 0..<height {
                    let target = UnsafeMutableRawPointer(data.advanced(by: row * stride)).assumingMemoryBound(to: UInt32.self)
                    target.update(from: buffer.baseAddress!.advanced(by: row * width), count: width)
                }
            }
        }
        cairo_surface_mark_dirty(canvas.surface)
        try canvas.writePNG(to: path)
    }
}

extension Canvas {
    public var image: PixelImage { PixelImage(canvas: self) }
}
