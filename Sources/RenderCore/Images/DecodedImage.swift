import CCairo
import CPixbuf
import Foundation

/// Pixels of a decoded image as a cairo surface (premultiplied ARGB32), owned by Swift.
/// Decoding goes through gdk-pixbuf, restricted to the raster formats mail uses.
public final class DecodedImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    let surface: OpaquePointer  // cairo_surface_t*

    enum Failure: Error, Equatable {
        case unsupportedFormat
        case undecodable
        case tooLarge(width: Int, height: Int)
    }

    /// Decodes PNG, JPEG, GIF (first frame), WebP or BMP bytes; the format is taken from the
    /// bytes' signature, never from a name, so nothing else (SVG, say) is ever parsed.
    /// Images with more than `maximumPixels` are refused (decompression bombs) as soon as the
    /// loader knows their size: the bytes are fed in pieces and feeding stops there, since
    /// shrinking the decode does not stop some loaders from allocating the full image.
    static func decode(_ bytes: [UInt8], maximumPixels: Int = ResourceLimits.standard.maximumImagePixels) throws -> DecodedImage {
        guard let format = sniffFormat(bytes) else { throw Failure.unsupportedFormat }
        // Refused from the header alone where we can read it: some loaders allocate (and
        // clear) the whole image before they report its size.
        // A PNG header's sides reach 2^32 each: their product can overflow Int.
        if let (width, height) = declaredSize(bytes, format: format),
           case let (pixels, overflow) = width.multipliedReportingOverflow(by: height), overflow || pixels > maximumPixels {
            throw Failure.tooLarge(width: width, height: height)
        }
        if format == "bmp" && !bmpHeadersFit(bytes) { throw Failure.undecodable }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let loader = gdk_pixbuf_loader_new_with_type(format, &error) else {
            g_clear_error(&error)
            throw Failure.unsupportedFormat  // no loader for this format on the host
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var limit = SizeLimit(maximumPixels: maximumPixels)
        let handler: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { loader, width, height, data in
            guard let data else { return }
            let limit = data.assumingMemoryBound(to: SizeLimit.self)
            limit.pointee.width = Int(width)
            limit.pointee.height = Int(height)
            if Int(width) * Int(height) > limit.pointee.maximumPixels || width <= 0 || height <= 0 {
                limit.pointee.exceeded = true
                // A zero size tells the loader to stop before it allocates anything (the
                // convention gdk_pixbuf_get_file_info uses). A small size would not do: loaders
                // that cannot scale while decoding (BMP, GIF, PNG) decode the bomb in full and
                // scale it down afterwards.
                gdk_pixbuf_loader_set_size(loader?.assumingMemoryBound(to: GdkPixbufLoader.self), 0, 0)
            }
        }
        let decoded: OpaquePointer? = withUnsafeMutablePointer(to: &limit) { limitPointer in
            g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared",
                                  unsafeBitCast(handler, to: GCallback.self), limitPointer, nil, GConnectFlags(rawValue: 0))
            var written: gboolean = 1
            bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count, written != 0, !limitPointer.pointee.exceeded {
                    let piece = min(Self.feedPiece, buffer.count - offset)
                    written = gdk_pixbuf_loader_write(loader, buffer.baseAddress! + offset, gsize(piece), &error)
                    offset += piece
                }
            }
            g_clear_error(&error)
            // Closed even when refused: an unclosed loader complains on stderr when freed.
            let closed = gdk_pixbuf_loader_close(loader, &error)
            g_clear_error(&error)
            guard !limitPointer.pointee.exceeded, written != 0, closed != 0 || gdk_pixbuf_loader_get_pixbuf(loader) != nil else { return nil }
            return gdk_pixbuf_loader_get_pixbuf(loader)
        }
        if limit.exceeded { throw Failure.tooLarge(width: limit.width, height: limit.height) }
        guard let pixbuf = decoded, let image = DecodedImage(pixbuf: pixbuf) else { throw Failure.undecodable }
        return image
    }

    private struct SizeLimit { let maximumPixels: Int; var width = 0; var height = 0; var exceeded = false }

    /// Bytes handed to the loader at a time: headers come in the first piece.
    private static let feedPiece = 64 * 1024

    /// Width and height as the file's header declares them, for the formats `sniffFormat`
    /// knows; nil when the header is cut short or unusual (the loader then decides).
    static func declaredSize(_ bytes: [UInt8], format: String) -> (Int, Int)? {
        func big(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        func little(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        switch format {
        case "png":
            guard let width = big(16, 4), let height = big(20, 4) else { return nil }
            return (width, height)
        case "gif":
            guard let width = little(6, 2), let height = little(8, 2) else { return nil }
            return (width, height)
        case "bmp":
            guard let headerSize = little(14, 4) else { return nil }
            if headerSize == 12 {
                guard let width = little(18, 2), let height = little(20, 2) else { return nil }
                return (width, height)
            }
            guard let width = little(18, 4), let height = little(22, 4) else { return nil }
            // Signed: a negative height means rows stored top-down.
            let signedWidth = Int(Int32(truncatingIfNeeded: width)), signedHeight = Int(Int32(truncatingIfNeeded: height))
            return (abs(signedWidth), abs(signedHeight))
        case "jpeg":
            var index = 2
            while index + 9 < bytes.count {
                guard bytes[index] == 0xFF else { return nil }
                let marker = bytes[index + 1]
                if marker == 0xFF { index += 1; continue }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard let height = big(index + 5, 2), let width = big(index + 7, 2) else { return nil }
                    return (width, height)
                }
                guard let length = big(index + 2, 2) else { return nil }
                index += 2 + length
            }
            return nil
        case "webp":
            guard bytes.count >= 30 else { return nil }
            switch String(decoding: bytes[12..<16], as: UTF8.self) {
            case "VP8X":
                guard let width = little(24, 3), let height = little(27, 3) else { return nil }
                return (width + 1, height + 1)
            case "VP8L":
                let b = bytes[21...24].map(Int.init)
                return (1 + (b[0] | (b[1] & 0x3F) << 8), 1 + (b[1] >> 6 | b[2] << 2 | (b[3] & 0x0F) << 10))
            case "VP8 ":
                guard let width = little(26, 2), let height = little(28, 2) else { return nil }
                return (width & 0x3FFF, height & 0x3FFF)
            default: return nil
            }
        default:
            return nil
        }
    }

    static func sniffFormat(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if bytes.count >= 12, starts(Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
        if starts(Array("BM".utf8)) { return "bmp" }
        return nil
    }

    /// gdk-pixbuf's BMP loader sizes buffers from header fields before it knows the image's
    /// size (so before the pixel limit applies): the info header's length, its colour count
    /// and the pixels' offset, so a 60-byte file could ask for 4 GB. In a real BMP the info
    /// header, the colour table (4 bytes an entry) and the start of the pixels lie inside the file.
    static func bmpHeadersFit(_ bytes: [UInt8]) -> Bool {
        func littleEndian32(at offset: Int) -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard let pixelsOffset = littleEndian32(at: 10), pixelsOffset <= bytes.count,
              let headerLength = littleEndian32(at: 14), 14 + headerLength <= bytes.count else { return false }
        // Headers of 40 bytes and more (BITMAPINFOHEADER onwards) hold the colour count at 46.
        guard headerLength >= 40, let colours = littleEndian32(at: 46) else { return true }
        return 14 + headerLength + 4 * colours <= bytes.count
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
