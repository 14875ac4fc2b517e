import CCairo
import CPixbuf
import Foundation

/// A decoded image: pixels as a cairo surface (premultiplied ARGB32), owned by Swift, or an
/// SVG document that is rasterised at the size it is drawn. Raster decoding goes through
/// gdk-pixbuf, restricted to the formats mail uses; SVG through librsvg (`SVGDocument`).
/// Unchecked: all `let`; the raster surface is never written after decoding (frames only read
/// it as a source) and the SVG document locks its own rasterising.
public final class DecodedImage: @unchecked Sendable {
    /// The pixel size of a raster image; an SVG's default object size (its intrinsic size,
    /// completed from its ratio or CSS's 300 × 150), rounded.
    public let width: Int
    public let height: Int
    /// Intrinsic dimensions (CSS Images § 5.1): a raster image has both sides; an SVG may
    /// have either, neither, and a ratio (width over height).
    public let intrinsicWidth: Double?
    public let intrinsicHeight: Double?
    public let intrinsicRatio: Double?
    private let raster: OpaquePointer?  // cairo_surface_t*
    let vector: SVGDocument?

    enum Failure: Error, Equatable {
        case unsupportedFormat
        case undecodable
        case tooLarge(width: Int, height: Int)
        case tooComplex(String)
    }

    /// What drawing a pixel of the image costs, in plain fills (`PaintBudget`): a raster
    /// image's one, an SVG's more with each filter it applies (`SVGLimits.check`).
    var paintWeight: Double { vector?.paintWeight ?? 1 }

    /// CSS's default object size, for an image with neither side nor ratio.
    static let defaultObjectSize = (width: 300.0, height: 150.0)

    /// An SVG rasterised larger than this (device pixels) is drawn at a lower resolution.
    static let maximumVectorRasterPixels = 8_000_000

    init(svg: SVGDocument) {
        vector = svg
        raster = nil
        intrinsicWidth = svg.intrinsicWidth
        intrinsicHeight = svg.intrinsicHeight
        intrinsicRatio = svg.intrinsicRatio
        let size = Self.defaultSize(width: svg.intrinsicWidth, height: svg.intrinsicHeight, ratio: svg.intrinsicRatio)
        width = max(1, Int(size.width.rounded()))
        height = max(1, Int(size.height.rounded()))
    }

    /// The size the image takes where nothing else sizes it (CSS Images § 5.3's default
    /// sizing algorithm): its intrinsic size, a missing side from the ratio or from
    /// `defaultSize` (a background's positioning area), an image with only a ratio contained
    /// in `defaultSize`. A raster image's pixel size.
    func concreteSize(defaultSize: (width: Double, height: Double)) -> (width: Double, height: Double) {
        Self.concreteSize(width: intrinsicWidth, height: intrinsicHeight, ratio: intrinsicRatio, defaultSize: defaultSize)
    }

    static func concreteSize(width: Double?, height: Double?, ratio: Double?,
                             defaultSize: (width: Double, height: Double)) -> (width: Double, height: Double) {
        switch (width, height, ratio) {
        case let (w?, h?, _): return (w, h)
        case let (w?, nil, r?) where r > 0: return (w, w / r)
        case let (nil, h?, r?): return (h * r, h)
        case let (w?, nil, _): return (w, defaultSize.height)
        case let (nil, h?, _): return (defaultSize.width, h)
        case let (nil, nil, r?) where r > 0 && defaultSize.width > 0 && defaultSize.height > 0:
            return defaultSize.width / defaultSize.height > r ? (defaultSize.height * r, defaultSize.height) : (defaultSize.width, defaultSize.width / r)
        default: return defaultSize
        }
    }

    /// CSS Images § 5.3's default sizing against the 300 × 150 default object size: a missing
    /// side follows from the other and the ratio, else from the default.
    static func defaultSize(width: Double?, height: Double?, ratio: Double?) -> (width: Double, height: Double) {
        concreteSize(width: width, height: height, ratio: ratio, defaultSize: defaultObjectSize)
    }

    /// Calls `body` with a surface for drawing the image `deviceWidth` × `deviceHeight`
    /// device pixels large and the surface's pixel size: a raster image's own pixels, an
    /// SVG rasterised at that size (bounded), so it stays sharp at any scale.
    func withSurface<T>(deviceWidth: Double, deviceHeight: Double, _ body: (OpaquePointer, Int, Int) -> T) -> T? {
        if let raster { return body(raster, width, height) }
        guard let vector, deviceWidth.isFinite, deviceHeight.isFinite else { return nil }
        var pixelWidth = max(1, deviceWidth.rounded(.up)), pixelHeight = max(1, deviceHeight.rounded(.up))
        let area = pixelWidth * pixelHeight, limit = Double(Self.maximumVectorRasterPixels)
        if area > limit {
            let shrink = (limit / area).squareRoot()
            pixelWidth = max(1, (pixelWidth * shrink).rounded(.down))
            pixelHeight = max(1, (pixelHeight * shrink).rounded(.down))
        }
        guard let surface = vector.rasterize(width: Int(pixelWidth), height: Int(pixelHeight),
                                             maximumPixels: Self.maximumVectorRasterPixels) else { return nil }
        defer { cairo_surface_destroy(surface) }
        return body(surface, Int(pixelWidth), Int(pixelHeight))
    }

    /// Decodes PNG, JPEG, GIF, APNG, WebP (animated ones: the first frame), BMP, ICO, TIFF,
    /// AVIF or HEIF bytes, or an SVG document; the format is taken from the bytes' signature,
    /// never from a name, so no other gdk-pixbuf loader is ever reached.
    /// Images with more than `maximumPixels` are refused (decompression bombs) as soon as the
    /// loader knows their size: the bytes are fed in pieces and feeding stops there, since
    /// shrinking the decode does not stop some loaders from allocating the full image.
    static func decode(_ bytes: [UInt8], maximumPixels: Int = ResourceLimits.standard.maximumImagePixels) throws -> DecodedImage {
        if SVGDocument.looksLikeSVG(bytes) { return try decodeSVG(bytes, maximumPixels: maximumPixels) }
        guard let format = sniffFormat(bytes) else { throw Failure.unsupportedFormat }
        // gdk-pixbuf's ICO loader reads only BMP entries; Vista-style icons hold PNGs.
        if format == "ico", let png = pngInsideIcon(bytes) { return try decode(png, maximumPixels: maximumPixels) }
        // Refused from the header alone where we can read it: some loaders allocate (and
        // clear) the whole image before they report its size.
        // A PNG header's sides reach 2^32 each: their product can overflow Int.
        if let (width, height) = declaredSize(bytes, format: format),
           case let (pixels, overflow) = width.multipliedReportingOverflow(by: height), overflow || pixels > maximumPixels {
            throw Failure.tooLarge(width: width, height: height)
        }
        if format == "bmp" && !bmpHeadersFit(bytes) { throw Failure.undecodable }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let loader = loaderNames(format).lazy.compactMap({ name -> UnsafeMutablePointer<GdkPixbufLoader>? in
            defer { g_clear_error(&error) }
            return gdk_pixbuf_loader_new_with_type(name, &error)
        }).first else {
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

    /// The largest entry of an icon directory when it is a PNG (16-byte entries after the
    /// 6-byte header: width, height, …, length and offset of the data); nil for BMP entries.
    static func pngInsideIcon(_ bytes: [UInt8]) -> [UInt8]? {
        func little(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        guard let count = little(4, 2), count > 0 else { return nil }
        var best: (side: Int, offset: Int, length: Int)? = nil
        for index in 0..<min(count, 256) {
            let entry = 6 + 16 * index
            guard let width = little(entry, 1), let length = little(entry + 8, 4), let offset = little(entry + 12, 4) else { return nil }
            let side = width == 0 ? 256 : width
            if side > (best?.side ?? 0) { best = (side, offset, length) }
        }
        guard let best, best.length >= 8, best.offset >= 0, best.offset + best.length <= bytes.count else { return nil }
        let data = Array(bytes[best.offset..<(best.offset + best.length)])
        return sniffFormat(data) == "png" ? data : nil
    }

    /// gdk-pixbuf's loaders for a sniffed format, preferred first: AVIF has its own loader
    /// (libavif-gdk-pixbuf) and the HEIF one (heif-gdk-pixbuf) reads it too.
    private static func loaderNames(_ format: String) -> [String] {
        switch format {
        case "avif": return ["avif", "heif/avif"]
        case "heif": return ["heif/avif", "heif"]
        default: return [format]
        }
    }

    /// An SVG document, refused when its intrinsic size is over the pixel limit or it holds
    /// more than `SVGLimits` allows.
    private static func decodeSVG(_ bytes: [UInt8], maximumPixels: Int) throws -> DecodedImage {
        let document: SVGDocument
        do { document = try SVGDocument(bytes: bytes) } catch SVGDocument.Failure.tooComplex(let reason) {
            throw Failure.tooComplex(reason)
        } catch { throw Failure.undecodable }
        let image = DecodedImage(svg: document)
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        if overflow || pixels > maximumPixels { throw Failure.tooLarge(width: image.width, height: image.height) }
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
        case "avif", "heif":
            // ISO BMFF: each image's `ispe` property (version and flags, then width and
            // height); the largest one counts.
            var largest: (Int, Int)? = nil
            let marker = Array("ispe".utf8)
            var index = 4
            let end = min(bytes.count, 1 << 20) - 12
            while index < end {
                if bytes[index] == marker[0], Array(bytes[index..<(index + 4)]) == marker,
                   let width = big(index + 8, 4), let height = big(index + 12, 4) {
                    if width * height > (largest.map { $0.0 * $0.1 } ?? -1) { largest = (width, height) }
                    index += 16
                } else {
                    index += 1
                }
            }
            return largest
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
        if starts([0x00, 0x00, 0x01, 0x00]) { return "ico" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "tiff" }
        // ISO BMFF: `ftyp` and the major brand, then compatible brands.
        if bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            let boxLength = min(bytes.count, max(16, (0..<4).reduce(0) { $0 << 8 | Int(bytes[$1]) }))
            let brands = stride(from: 8, to: boxLength - 3, by: 4).map { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) }
            if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return "avif" }
            if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains($0) }) { return "heif" }
        }
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
        self.raster = surface
        self.vector = nil
        intrinsicWidth = Double(width)
        intrinsicHeight = Double(height)
        intrinsicRatio = Double(width) / Double(height)
    }

    deinit { if let raster { cairo_surface_destroy(raster) } }
}
