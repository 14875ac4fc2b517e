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
/// Unchecked: the handle is set up in `init`; afterwards it and the raster cache are only used
/// under `lock` (`rasterize`).
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
                // A prolog, doctype (an internal subset ends with `]>`) or comment: skip to its end.
                let subset = rest.hasPrefix("<!DOCTYPE") && (rest.firstIndex(of: "[").map { $0 < (rest.firstIndex(of: ">") ?? rest.endIndex) } ?? false)
                let closing = rest.hasPrefix("<!--") ? "-->" : subset ? "]>" : ">"
                guard let end = rest.range(of: closing) else { return false }
                rest = rest[end.upperBound...]
                continue
            }
            return false
        }
    }

    /// What drawing a pixel of the document costs, in plain fills (`SVGLimits.check`).
    let paintWeight: Double

    init(bytes: [UInt8], limits: SVGLimits = SVGLimits()) throws {
        paintWeight = try limits.check(bytes)
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
/// bytes before librsvg parses them. librsvg bounds itself only loosely (half a million
/// referenced elements, seconds of work) and some filter parameters make it abort the
/// process (a `feConvolveMatrix` of order 30) or run for minutes (`numOctaves` of 10^5).
struct SVGLimits {
    var maximumElements = 100_000
    var maximumFilterPrimitives = 200
    /// Elements drawn once `<use>`, patterns, markers and other `#id` references are
    /// followed (an SVG "billion laughs" nests references ten deep).
    var maximumInstances = 150_000
    /// Octaves past 10 add nothing visible (each halves the amplitude) but cost linearly.
    var maximumOctaves = 10.0
    var maximumConvolutionOrder = 5.0

    /// Refuses a document past the limits; returns what drawing a pixel of it costs, in plain
    /// fills (`PaintBudget`): each filter primitive is a pass over every pixel, a turbulence
    /// octave or a convolution about a hundred (measured: a 10-octave turbulence costs
    /// 1.5 µs a pixel, a fill about a nanosecond).
    @discardableResult
    func check(_ bytes: [UInt8]) throws -> Double {
        var elements = 0, primitives = 0
        let open = UInt8(ascii: "<"), f = UInt8(ascii: "f"), e = UInt8(ascii: "e")
        for index in bytes.indices where bytes[index] == open {
            elements += 1
            // `<fe…` opens a filter primitive (feGaussianBlur, feTurbulence, …).
            if index + 2 < bytes.count, bytes[index + 1] == f, bytes[index + 2] == e { primitives += 1 }
        }
        func refuse(_ reason: String) -> SVGDocument.Failure { .tooComplex(reason) }
        if elements > maximumElements { throw refuse("more than \(ResourceLimits.count(maximumElements)) elements") }
        if primitives > maximumFilterPrimitives { throw refuse("more than \(maximumFilterPrimitives) filter primitives") }
        let text = String(decoding: bytes, as: UTF8.self)
        // Entities could hide the values checked below, and expand the document.
        if text.contains("<!ENTITY") { throw refuse("entity declarations") }
        let octaves = Self.largestNumber(in: text, attribute: "numOctaves"), order = Self.largestNumber(in: text, attribute: "order")
        if octaves > maximumOctaves { throw refuse("a turbulence of over 10 octaves") }
        if order > maximumConvolutionOrder { throw refuse("a convolution matrix of order over 5") }
        if SVGReferences(text).instances(limit: maximumInstances) > maximumInstances {
            throw refuse("more than \(ResourceLimits.count(maximumInstances)) elements once references are followed")
        }
        func count(_ name: String) -> Double { Double(text.components(separatedBy: "<" + name).count - 1) }
        let heavy = count("feTurbulence") * 150 * max(1, octaves) + count("feConvolveMatrix") * 8 * max(3, order) * max(3, order)
            + (count("feDiffuseLighting") + count("feSpecularLighting")) * 100
        return 1 + 16 * Double(primitives) + heavy
    }

    /// The largest number in any value of `attribute` (`name = "…"`, either quote), 0 if none.
    static func largestNumber(in text: String, attribute: String) -> Double {
        var largest = 0.0
        var rest = Substring(text)
        while let found = rest.range(of: attribute) {
            defer { rest = rest[found.upperBound...] }
            // A whole attribute name: white space before it, `=` after it.
            guard found.lowerBound > text.startIndex, text[text.index(before: found.lowerBound)].isWhitespace else { continue }
            var after = rest[found.upperBound...].drop { $0.isWhitespace }
            guard after.first == "=" else { continue }
            after = after.dropFirst().drop { $0.isWhitespace }
            guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
            let value = after.dropFirst().prefix { $0 != quote }
            for piece in value.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
                // Unparsable values are errors librsvg ignores; infinities and NaN count as large.
                if let number = Double(piece) { largest = max(largest, number.isNaN ? .infinity : abs(number)) }
            }
        }
        return largest
    }
}

/// The element tree of an SVG as far as references go: each element's children and the
/// `#id`s it refers to (`href`, `xlink:href`, `url(#…)`), read with a small tag scanner (it
/// need not be a full XML parser: it only bounds the work librsvg will do).
struct SVGReferences {
    private var children: [[Int]] = [[]]  // element 0 is a virtual root
    private var references: [[String]] = [[]]
    private var ids: [String: Int] = [:]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var stack = [0]
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            let p = Array(prefix.utf8)
            return position + p.count <= bytes.count && Array(bytes[position..<(position + p.count)]) == p
        }
        func skip(past terminator: String, from position: Int) -> Int {
            let t = Array(terminator.utf8)
            var i = position
            while i + t.count <= bytes.count {
                if bytes[i] == t[0], Array(bytes[i..<(i + t.count)]) == t { return i + t.count }
                i += 1
            }
            return bytes.count
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if starts("<!--", at: index) { index = skip(past: "-->", from: index); continue }
            if starts("<![CDATA[", at: index) { index = skip(past: "]]>", from: index); continue }
            if starts("<?", at: index) || starts("<!", at: index) { index = skip(past: ">", from: index); continue }
            if starts("</", at: index) {
                if stack.count > 1 { stack.removeLast() }
                index = skip(past: ">", from: index)
                continue
            }
            // An opening tag: up to the `>` outside quotes.
            var end = index + 1, quote: UInt8? = nil
            while end < bytes.count {
                let byte = bytes[end]
                if let q = quote { if byte == q { quote = nil } } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte } else if byte == UInt8(ascii: ">") { break }
                end += 1
            }
            let tag = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
            let element = children.count
            children.append([])
            references.append(Self.references(in: tag))
            if let id = Self.value(of: "id", in: tag), ids[id] == nil { ids[id] = element }
            children[stack[stack.count - 1]].append(element)
            if !tag.hasSuffix("/") { stack.append(element) }
            index = end + 1
        }
    }

    /// The elements drawn from the root, references followed (each reference draws the
    /// referenced subtree again), counted up to a little past `limit`; cycles count once.
    func instances(limit: Int) -> Int {
        var memo = [Int?](repeating: nil, count: children.count)
        var inProgress = [Bool](repeating: false, count: children.count)
        // Iterative post-order: documents nest deeply.
        var stack: [(element: Int, expanded: Bool)] = [(0, false)]
        while let (element, expanded) = stack.popLast() {
            if memo[element] != nil { continue }
            let targets = references[element].compactMap { ids[$0] }
            if expanded {
                var total = 1
                for next in children[element] + targets { total = min(limit + 1, total + (memo[next] ?? 0)) }
                memo[element] = total
                inProgress[element] = false
                continue
            }
            inProgress[element] = true
            stack.append((element, true))
            for next in children[element] + targets where memo[next] == nil && !inProgress[next] { stack.append((next, false)) }
        }
        return memo[0] ?? 0
    }

    private static func value(of name: String, in tag: String) -> String? {
        var rest = Substring(tag)
        while let found = rest.range(of: name) {
            defer { rest = rest[found.upperBound...] }
            guard found.lowerBound > tag.startIndex, tag[tag.index(before: found.lowerBound)].isWhitespace else { continue }
            var after = rest[found.upperBound...].drop { $0.isWhitespace }
            guard after.first == "=" else { continue }
            after = after.dropFirst().drop { $0.isWhitespace }
            guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
            return String(after.dropFirst().prefix { $0 != quote })
        }
        return nil
    }

    /// `#id` targets of `href`s and of `url(#id)` anywhere in the tag (attributes and styles).
    private static func references(in tag: String) -> [String] {
        var found: [String] = []
        for name in ["href"] {
            var rest = Substring(tag)
            while let range = rest.range(of: name) {
                rest = rest[range.upperBound...]
                var after = rest.drop { $0.isWhitespace }
                guard after.first == "=" else { continue }
                after = after.dropFirst().drop { $0.isWhitespace }
                guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
                let value = after.dropFirst().prefix { $0 != quote }.trimmingWhitespaces()
                if value.hasPrefix("#") { found.append(String(value.dropFirst())) }
            }
        }
        var rest = Substring(tag)
        while let range = rest.range(of: "url(") {
            rest = rest[range.upperBound...]
            let inside = rest.prefix { $0 != ")" }.trimmingWhitespaces().trimmingCharacters(in: ["\"", "'"])
            if inside.hasPrefix("#") { found.append(String(inside.dropFirst())) }
        }
        return found
    }
}
