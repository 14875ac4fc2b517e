import CCairo
import CPixbuf
import Foundation

/// Pixels of a decoded image as a cairo surface (premultiplied ARGB32), owned by Swift.
/// Decoding goes through gdk-pixbuf, restricted to the raster formats mail uses.
public final class DecodedImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    let surface: OpaquePointer  // cairo_surface_t*

    /// Images larger than this many pixels are refused (decompression bombs).
    public static let maximumPixels = 40_000_000

    enum Failure: Error, Equatable {
        case unsupportedFormat
        case undecodable
        case tooLarge(width: Int, height: Int)
    }

    /// Decodes PNG, JPEG, GIF (first frame), WebP or BMP bytes; the format is taken from the
    /// bytes' signature, never from a name, so nothing else (SVG, say) is ever parsed.
    static func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        guard let format = sniffFormat(bytes) else { throw Failure.unsupportedFormat }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let loader = gdk_pixbuf_loader_new_with_type(format, &error) else {
            g_clear_error(&error)
            throw Failure.unsupportedFormat  // no loader for this format on the host
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var limit = SizeLimit()
        let handler: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { loader, width, height, data in
            guard let data else { return }
            let limit = data.assumingMemoryBound(to: SizeLimit.self)
            limit.pointee.width = Int(width)
            limit.pointee.height = Int(height)
            if Int(width) * Int(height) > DecodedImage.maximumPixels || width <= 0 || height <= 0 {
                limit.pointee.exceeded = true
                // Shrink the decode to one pixel so the bomb is never expanded.
                gdk_pixbuf_loader_set_size(loader?.assumingMemoryBound(to: GdkPixbufLoader.self), 1, 1)
            }
        }
        let decoded: OpaquePointer? = withUnsafeMutablePointer(to: &limit) { limitPointer in
            g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared",
                                  unsafeBitCast(handler, to: GCallback.self), limitPointer, nil, GConnectFlags(rawValue: 0))
            let written = bytes.withUnsafeBufferPointer { buffer in
                gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), &error)
            }
            g_clear_error(&error)
            let closed = gdk_pixbuf_loader_close(loader, &error)
            g_clear_error(&error)
            guard written != 0, closed != 0 || gdk_pixbuf_loader_get_pixbuf(loader) != nil else { return nil }
            return gdk_pixbuf_loader_get_pixbuf(loader)
        }
        if limit.exceeded { throw Failure.tooLarge(width: limit.width, height: limit.height) }
        guard let pixbuf = decoded, let image = DecodedImage(pixbuf: pixbuf) else { throw Failure.undecodable }
        return image
    }

    private struct SizeLimit { var width = 0; var height = 0; var exceeded = false }

    static func sniffFormat(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if bytes.count >= 12, starts(Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
        if starts(Array("BM".utf8)) { return "bmp" }
        return nil
    }

    /// Copies a pixbuf (straight RGB or RGBA, 8 bits) into a premultiplied ARGB32 surface.
    private init?(pixbuf: OpaquePointer) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard width > 0, height > 0, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
              let source = gdk_pixbuf_read_pixels(pixbuf),
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let target = cairo_image_surface_get_data(surface) else { return nil }
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = source.advanced(by: y * sourceStride)
            let out = UnsafeMutableRawPointer(target.advanced(by: y * targetStride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row.advanced(by: x * channels)
                let alpha = channels == 4 ? UInt32(pixel[3]) : 255
                func premultiply(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                out[x] = alpha << 24 | premultiply(pixel[0]) << 16 | premultiply(pixel[1]) << 8 | premultiply(pixel[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        self.width = width
        self.height = height
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }
}
