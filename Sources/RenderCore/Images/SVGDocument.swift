import CCairo
import CRsvg
import Foundation

/// A parsed SVG document (librsvg's handle, owned here) that rasterises on demand at the size
/// it is drawn in device pixels, so an SVG stays crisp at 3x.
///
/// Safety: the handle is given no base URI, and librsvg then refuses every external
/// reference (`<image href>`, `<use>` of another file, `xi:include`, CSS `@import`): only
/// `data:` URLs inside the document load. The XML parser keeps libxml2's limits (no
/// `RSVG_HANDLE_FLAG_UNLIMITED`: nesting depth, entity expansion). Element counts, filter
/// primitives and raster sizes are bounded here (`SVGLimits`).
final class SVGDocument: @unchecked Sendable {
    private let handle: UnsafeMutablePointer<RsvgHandle>
    /// The size the root's `width` and `height` give (absolute lengths only; a percentage or
    /// a missing attribute gives none), in CSS pixels.
    let intrinsicWidth: Double?
    let intrinsicHeight: Double?
    /// Width over height, from the intrinsic size, else the `viewBox`.
    let intrinsicRatio: Double?
    /// librsvg handles are not thread-safe: frames are drawn in parallel.
    private let lock = NSLock()
    /// Rasterisations by pixel size, most recent last (a page shows an SVG at one or two sizes).
    private var rasters: [(width: Int, height: Int, surface: OpaquePointer)] = []

    enum Failure: Error, Equatable {
        case unparsable
        case tooComplex(String)
    }

    /// Whether the bytes look like an SVG document (an XML prolog, comment or doctype may
    /// come first): the root element is `<svg`.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var rest = Substring(head)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<svg") { return true }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                // A prolog, doctype or comment: skip to its end.
                let closing = rest.hasPrefix("<!--") ? "-->" : ">"
                guard let end = rest.range(of: closing) else { return false }
                rest = rest[end.upperBound...]
                continue
            }
            return false
        }
    }

    init(bytes: [UInt8], limits: SVGLimits = SVGLimits()) throws {
        try limits.check(bytes)
        var error: UnsafeMutablePointer<GError>? = nil
        guard let handle = rsvg_handle_new_with_flags(RSVG_HANDLE_FLAGS_NONE) else { throw Failure.unparsable }
        // Read from a stream over the bytes, which outlive the call; no base file is set.
        let read = bytes.withUnsafeBufferPointer { buffer -> gboolean in
            guard let stream = g_memory_input_stream_new_from_data(buffer.baseAddress, gssize(buffer.count), nil) else { return 0 }
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            return rsvg_handle_read_stream_sync(handle, stream, nil, &error)
        }
        g_clear_error(&error)
        guard read != 0 else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw Failure.unparsable
        }
        self.handle = handle
        var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
        var width = RsvgLength(), height = RsvgLength(), viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
        var pixelWidth = 0.0, pixelHeight = 0.0
        let bothAbsolute = rsvg_handle_get_intrinsic_size_in_pixels(handle, &pixelWidth, &pixelHeight) != 0
        func absolute(_ has: gboolean, _ length: RsvgLength) -> Double? {
            guard has != 0, length.unit != RSVG_UNIT_PERCENT, length.length.isFinite, length.length >= 0 else { return nil }
            return Self.pixels(length)
        }
        intrinsicWidth = bothAbsolute ? pixelWidth : absolute(hasWidth, width)
        intrinsicHeight = bothAbsolute ? pixelHeight : absolute(hasHeight, height)
        if let w = intrinsicWidth, let h = intrinsicHeight, w > 0, h > 0 {
            intrinsicRatio = w / h
        } else if hasViewBox != 0, viewBox.width > 0, viewBox.height > 0, viewBox.width.isFinite, viewBox.height.isFinite {
            intrinsicRatio = viewBox.width / viewBox.height
        } else {
            intrinsicRatio = nil
        }
    }

    /// CSS absolute units at 96 dpi; font-relative ones against the initial 16 px.
    private static func pixels(_ length: RsvgLength) -> Double? {
        switch length.unit {
        case RSVG_UNIT_PX: return length.length
        case RSVG_UNIT_IN: return length.length * 96
        case RSVG_UNIT_CM: return length.length * 96 / 2.54
        case RSVG_UNIT_MM: return length.length * 96 / 25.4
        case RSVG_UNIT_PT: return length.length * 96 / 72
        case RSVG_UNIT_PC: return length.length * 16
        case RSVG_UNIT_EM: return length.length * 16
        case RSVG_UNIT_EX: return length.length * 8
        default: return nil
        }
    }

    /// The document fitted into a `width` × `height` pixel viewport (its own
    /// `preserveAspectRatio` decides the fit), as a premultiplied ARGB32 surface the caller
    /// releases with `cairo_surface_destroy`; nil past `maximumPixels` or if librsvg fails.
    func rasterize(width: Int, height: Int, maximumPixels: Int) -> OpaquePointer? {
        guard width > 0, height > 0, width <= 32767, height <= 32767, width * height <= maximumPixels else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let index = rasters.firstIndex(where: { $0.width == width && $0.height == height }) {
            return cairo_surface_reference(rasters[index].surface)
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let context = cairo_create(surface)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>? = nil
        let rendered = rsvg_handle_render_document(handle, context, &viewport, &error)
        g_clear_error(&error)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        // A document that fails part-way draws what it had; one that fails outright draws nothing.
        _ = rendered
        rasters.append((width, height, surface))
        if rasters.count > Self.keptRasters { cairo_surface_destroy(rasters.removeFirst().surface) }
        return cairo_surface_reference(surface)
    }

    private static let keptRasters = 4

    deinit {
        for raster in rasters { cairo_surface_destroy(raster.surface) }
        g_object_unref(UnsafeMutableRawPointer(handle))
    }
}

/// What an SVG may hold before it is refused (shown as an image that failed), checked on the
/// bytes before librsvg parses them: each element costs librsvg a node, each filter primitive
/// a full-size surface when drawn.
struct SVGLimits {
    var maximumElements = 100_000
    var maximumFilterPrimitives = 200

    func check(_ bytes: [UInt8]) throws {
        var elements = 0, primitives = 0
        let open = UInt8(ascii: "<"), f = UInt8(ascii: "f"), e = UInt8(ascii: "e")
        for index in bytes.indices where bytes[index] == open {
            elements += 1
            // `<fe…` opens a filter primitive (feGaussianBlur, feTurbulence, …).
            if index + 2 < bytes.count, bytes[index + 1] == f, bytes[index + 2] == e { primitives += 1 }
        }
        if elements > maximumElements {
            throw SVGDocument.Failure.tooComplex("more than \(ResourceLimits.count(maximumElements)) elements")
        }
        if primitives > maximumFilterPrimitives {
            throw SVGDocument.Failure.tooComplex("more than \(maximumFilterPrimitives) filter primitives")
        }
    }
}
