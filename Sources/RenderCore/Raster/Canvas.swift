import CCairo
import Foundation

/// A cairo ARGB32 image surface and its drawing context, owned by Swift. Coordinates are
/// in points; the device scale is applied once at creation.
public final class Canvas {
    let surface: OpaquePointer  // cairo_surface_t*
    /// The base surface's context.
    private let baseContext: OpaquePointer  // cairo_t*
    /// Where drawing goes: the base context, or the innermost open group's layer (`CanvasLayers`).
    var context: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Groups being drawn, innermost last.
    var layers: [CanvasLayer] = []
    /// Document coordinates → base device pixels, as the drawing of a display list starts.
    var documentMatrix = cairo_matrix_t()
    /// The A8 buffer glyph runs are added into, reused run after run (`glyphCoverage`).
    let glyphScratch = GlyphScratch()

    public init?(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32767, pixelHeight <= 32767 else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.surface = surface
        self.baseContext = cairo_create(surface)
        self.context = baseContext
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        cairo_scale(context, scale, scale)
        Canvas.setTextRendering(of: context)
    }

    /// Fixed glyph rasterisation (grey antialiasing, no hinting), the same on every host.
    static func setTextRendering(of context: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        layers.removeAll()
        cairo_destroy(baseContext)
        cairo_surface_destroy(surface)
    }

    func setColor(_ color: RGBA) {
        cairo_set_source_rgba(context, color.r, color.g, color.b, color.a)
    }

    func fill(_ rect: Rect, _ color: RGBA) {
        setColor(color)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, _ color: RGBA) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        setColor(color)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(context, rect.x + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
        cairo_fill(context)
    }

    /// Draws an image scaled into `rect`, with bilinear filtering (stable across runs); an SVG
    /// is rasterised at the rect's size in device pixels.
    func drawImage(_ image: DecodedImage, in rect: Rect) {
        drawImage(image, placedAt: rect, clippedTo: rect)
    }

    /// Draws an image scaled to `placed`, only where it meets `clip`.
    func drawImage(_ image: DecodedImage, placedAt placed: Rect, clippedTo clip: Rect) {
        guard placed.width > 0, placed.height > 0 else { return }
        let device = deviceSize(placed.width, placed.height)
        _ = image.withSurface(deviceWidth: device.width, deviceHeight: device.height) { surface, pixelWidth, pixelHeight in
            cairo_save(context)
            cairo_rectangle(context, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(context)
            cairo_translate(context, placed.x, placed.y)
            cairo_scale(context, placed.width / Double(pixelWidth), placed.height / Double(pixelHeight))
            cairo_set_source_surface(context, surface, 0, 0)
            let pattern = cairo_get_source(context)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_paint(context)
            cairo_restore(context)
        }
    }

    /// A size in user space (points) in device pixels, under the canvas's scale.
    func deviceSize(_ width: Double, _ height: Double) -> (width: Double, height: Double) {
        var dx = width, dy = 0.0, ex = 0.0, ey = height
        cairo_user_to_device_distance(context, &dx, &dy)
        cairo_user_to_device_distance(context, &ex, &ey)
        return ((dx * dx + dy * dy).squareRoot(), (ex * ex + ey * ey).squareRoot())
    }

    /// Adds a rounded rectangle to the path (a plain one when every radius is zero); each
    /// corner is a quarter ellipse of its two radii.
    func roundedRectPath(_ rect: Rect, _ radii: CornerRadii, newPath: Bool = true) {
        Canvas.roundedRectPath(rect, radii, on: context, newPath: newPath)
    }

    static func roundedRectPath(_ rect: Rect, _ radii: CornerRadii, on context: OpaquePointer, newPath: Bool = true) {
        if newPath { cairo_new_path(context) }
        cairo_new_sub_path(context)
        // From the end of the top-left corner, as WebKit's paths start (dashes count from there).
        cairo_move_to(context, rect.x + (radii.topLeft.isZero ? 0 : radii.topLeft.width), rect.y)
        let halfPi = Double.pi / 2
        func corner(_ cornerX: Double, _ cornerY: Double, _ size: CornerSize, towardX: Double, towardY: Double, _ start: Double) {
            guard !size.isZero else { cairo_line_to(context, cornerX, cornerY); return }
            // The ellipse's centre is inside the corner by its two radii.
            cairo_save(context)
            cairo_translate(context, cornerX + towardX * size.width, cornerY + towardY * size.height)
            cairo_scale(context, size.width, size.height)
            cairo_arc(context, 0, 0, 1, start, start + halfPi)
            cairo_restore(context)
        }
        corner(rect.maxX, rect.y, radii.topRight, towardX: -1, towardY: 1, -halfPi)
        corner(rect.maxX, rect.maxY, radii.bottomRight, towardX: -1, towardY: -1, 0)
        corner(rect.x, rect.maxY, radii.bottomLeft, towardX: 1, towardY: -1, halfPi)
        corner(rect.x, rect.y, radii.topLeft, towardX: 1, towardY: 1, Double.pi)
        cairo_close_path(context)
    }

    /// `rect` with its edges moved to the nearest device pixel through the current
    /// transform (WebKit's snapRectToDevicePixels).
    func snappedToDevicePixels(_ rect: Rect) -> Rect {
        var x0 = rect.x, y0 = rect.y, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(context, &x0, &y0)
        cairo_user_to_device(context, &x1, &y1)
        x0.round(); y0.round(); x1.round(); y1.round()
        cairo_device_to_user(context, &x0, &y0)
        cairo_device_to_user(context, &x1, &y1)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// A solid decoration line as WebKit fills it (`computeLineBoundsAndAntialiasingModeForText`):
    /// placed from its text's baseline rounded to a device pixel (WebKit rounds the text box's
    /// origin; measured: a baseline 0.44 px down draws the line as at 0), its top then moved
    /// down to a device pixel and its thickness whole device pixels, rounded up (1.25 px fills
    /// 2 rows at scale 1, 3 at scale 2). Lines turned with their text (vertical flows) are
    /// filled as they are.
    func snappedTextLine(_ rect: Rect, baseline: Double?) -> Rect {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.yy > 0 else { return rect }
        var x = rect.x, y = rect.y, width = rect.width, height = rect.height
        cairo_user_to_device(context, &x, &y)
        cairo_user_to_device_distance(context, &width, &height)
        if let baseline {
            var baseX = rect.x, baseY = baseline
            cairo_user_to_device(context, &baseX, &baseY)
            y += baseY.rounded() - baseY
        }
        // A hair of tolerance: a whole pixel computed as 2.0000001 must stay 2.
        y = (y - 1e-6).rounded(.up)
        height = (height - 1e-6).rounded(.up)
        cairo_device_to_user(context, &x, &y)
        cairo_device_to_user_distance(context, &width, &height)
        return Rect(x: x, y: y, width: width, height: height)
    }

    func fillPath(_ color: RGBA, evenOdd: Bool = false) {
        setColor(color)
        cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }

    func clipPath() { cairo_clip(context) }

    /// A straight line of dashes `pattern` long and apart (dash, gap, …).
    func strokeDashed(from start: (Double, Double), to end: (Double, Double), width: Double, color: RGBA,
                      pattern: [Double], roundCaps: Bool) {
        cairo_save(context)
        setColor(color)
        cairo_set_line_width(context, width)
        var pattern = pattern
        cairo_set_line_cap(context, roundCaps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_dash(context, &pattern, Int32(pattern.count), 0)
        cairo_move_to(context, start.0, start.1)
        cairo_line_to(context, end.0, end.1)
        cairo_stroke(context)
        cairo_restore(context)
    }

    /// Every pixel back to transparent black, as a new surface starts.
    func clear() {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    func save() { cairo_save(context) }
    func restore() { cairo_restore(context) }
    func translate(_ dx: Double, _ dy: Double) { cairo_translate(context, dx, dy) }
    func clip(to rect: Rect) {
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(context)
    }

    /// Writes the surface as PNG (atomically: temporary file, then rename).
    public func writePNG(to path: String, compression: PNGCompression = .fast) throws {
        try PNGWriter.write(pixels, to: path, compression: compression, knownOpaque: false)
    }

    /// `knownOpaque`: the caller guarantees no pixel has alpha below 255, which spares the
    /// writer a pass over the pixels to find out.
    func writePNG(to path: String, compression: PNGCompression, knownOpaque: Bool) throws {
        try PNGWriter.write(pixels, to: path, compression: compression, knownOpaque: knownOpaque)
    }

    /// The surface's pixels as cairo stores them, valid while the canvas lives.
    var pixels: ARGB32Pixels {
        cairo_surface_flush(surface)
        return ARGB32Pixels(base: UnsafeRawPointer(cairo_image_surface_get_data(surface)!), width: pixelWidth,
                            height: pixelHeight, stride: Int(cairo_image_surface_get_stride(surface)))
    }

    /// Cairo's own PNG writer, kept as the reference the libpng writer is tested against.
    func writePNGWithCairo(to path: String) throws {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.output("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Premultiplied ARGB pixels, row by row (for tests and comparison).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let offset = y * stride + x * 4
        let value = data.advanced(by: offset).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return (UInt8((value >> 16) & 255), UInt8((value >> 8) & 255), UInt8(value & 255), UInt8(value >> 24))
    }
}

extension Canvas {
    /// A text decoration that is not solid (`DecorationDrawing`).
    func drawTextDecoration(_ decoration: DecorationDrawing, _ color: RGBA) {
        let line = decoration.line, thickness = decoration.thickness
        guard decoration.style != .wavy else { return strokeWave(decoration, color) }
        let first = snappedTextLine(line, baseline: decoration.baseline)
        let second = snappedTextLine(line.offsetBy(dx: 0, dy: 2 * thickness), baseline: decoration.baseline)
        // Ink is skipped by the thickness drawn, whole device pixels.
        for stretch in decoration.drawnStretches(thickness: first.height) {
            func part(_ whole: Rect) -> Rect {
                Rect(x: whole.x + stretch.lowerBound, y: whole.y, width: stretch.upperBound - stretch.lowerBound, height: whole.height)
            }
            switch decoration.style {
            case .solid:
                fill(part(first), color)
            case .double:
                fill(part(first), color)
                fill(part(second), color)
            case .dotted, .dashed:
                let piece = part(line)
                strokeDashed(from: (piece.x, decoration.centerY), to: (piece.maxX, decoration.centerY), width: thickness,
                             color: color, pattern: decoration.dashPattern, roundCaps: false)
            case .wavy:
                break
            }
        }
    }

    private func strokeWave(_ decoration: DecorationDrawing, _ color: RGBA) {
        let line = decoration.line, y = decoration.centerY
        let step = decoration.waveStep, amplitude = decoration.waveAmplitude
        guard step > 0 else { return }
        cairo_save(context)
        // The wave covers the decoration's width exactly, as WebKit clips it to the text.
        cairo_rectangle(context, line.x, y - amplitude - decoration.thickness, line.width, 2 * (amplitude + decoration.thickness))
        cairo_clip(context)
        setColor(color)
        cairo_set_line_width(context, decoration.thickness)
        var x = line.x
        cairo_move_to(context, x, y)
        while x < line.maxX {
            cairo_curve_to(context, x + step, y + amplitude, x + step, y - amplitude, x + 2 * step, y)
            x += 2 * step
        }
        cairo_stroke(context)
        cairo_restore(context)
    }
}
