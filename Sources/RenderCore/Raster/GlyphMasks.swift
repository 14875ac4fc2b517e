import CCairo
import Foundation

/// One glyph's coverage (0–255, FreeType's antialiasing) in device pixels, with where its
/// top-left pixel sits relative to the glyph origin's pixel.
struct GlyphMask: Sendable {
    let left: Int, top: Int, width: Int, height: Int
    let coverage: [UInt8]
    static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, coverage: [])
}

/// A font's glyphs rasterised as WebKit's Skia rasterises them: FreeType outlines, unhinted,
/// moved right by a quarter-pixel phase before drawing (subpixel positioning), coverage left
/// raw (the gamma table is applied as a run is drawn, it depends on the colour). Cached per
/// device scale, glyph and phase; the cache is bounded and only ever saves time.
/// Unchecked: its state is behind `lock`; the FreeType face is used under its own lock.
final class GlyphMasks: @unchecked Sendable {
    /// The device pixel size from which glyphs are drawn as plain outlines (Skia draws such
    /// large text as paths, without its gamma table); our caller falls back to cairo.
    static let largestPixelSize = 256.0
    /// Cache bytes per font before it starts over.
    static let cacheLimit = 4 << 20
    /// Cache bytes of all fonts together: past it, masks are drawn but not kept.
    static let totalLimit = 64 << 20
    private static let total = ByteBudget(limit: totalLimit)

    /// Whether `font` at `scale` device pixels per CSS px is small enough for masks.
    static func fits(_ font: OpaquePointer, scale: Double) -> Bool {
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(font, &extents)
        return (extents.ascent + extents.descent) * scale < largestPixelSize
    }

    struct Key: Hashable { let glyph: UInt32; let phase: UInt8; let scale: Double }

    private let face: FreeTypeFace
    /// The font's size in CSS px, across and up (its em square at device scale 1).
    private let size: (x: Double, y: Double)
    private let syntheticBold: Bool
    private let lock = NSLock()
    private var masks: [Key: GlyphMask] = [:]
    private var bytes = 0
    /// Where glyphs cross bands (`GlyphBandCrossing`), under `lock`.
    var crossings: [BandKey: ClosedRange<Double>?] = [:]
    func withLock<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }

    /// nil when the font is not drawn from outlines this way: no file behind it, a colour or
    /// bitmap font, a variable one, a synthetic slant or a skewed size (kept on cairo's path).
    init?(font: OpaquePointer, pattern: OpaquePointer?) {
        guard let pattern else { return nil }
        var matrix: UnsafeMutablePointer<FcMatrix>?
        if FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch, let m = matrix?.pointee,
           m.xx != 1 || m.xy != 0 || m.yx != 0 || m.yy != 1 { return nil }
        var variable: FcBool = 0
        if FcPatternGetBool(pattern, FC_VARIABLE, 0, &variable) == FcResultMatch, variable != 0 { return nil }
        var embolden: FcBool = 0
        syntheticBold = FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden) == FcResultMatch && embolden != 0
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        var fontMatrix = cairo_matrix_t(), ctm = cairo_matrix_t(), scale = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(font, &fontMatrix)
        cairo_scaled_font_get_ctm(font, &ctm)
        cairo_matrix_multiply(&scale, &fontMatrix, &ctm)
        guard scale.xy == 0, scale.yx == 0, scale.xx > 0, scale.yy > 0,
              let face = FreeTypeFace.shared(path: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index: Int(index))
        else { return nil }
        let flags = face.face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, flags & FT_Long(FT_FACE_FLAG_COLOR) == 0 else { return nil }
        self.face = face
        size = (scale.xx, scale.yy)
    }

    deinit { Self.total.release(bytes) }

    /// The glyph's mask at `scale` device pixels per CSS px and `phase` quarter pixels right.
    func mask(glyph: UInt32, phase: Int, scale: Double) -> GlyphMask {
        let key = Key(glyph: glyph, phase: UInt8(phase), scale: scale)
        lock.lock()
        if let cached = masks[key] { lock.unlock(); return cached }
        lock.unlock()
        let mask = render(glyph: glyph, phase: phase, scale: scale) ?? .empty
        let size = mask.coverage.count + 32
        lock.lock()
        defer { lock.unlock() }
        if bytes + size > Self.cacheLimit {
            masks.removeAll()
            Self.total.release(bytes)
            bytes = 0
        }
        guard masks[key] == nil, Self.total.take(size) else { return mask }
        masks[key] = mask
        bytes += size
        return mask
    }

    /// The glyph's unhinted outline at `scale` device pixels per CSS px (26.6 units, synthetic
    /// bold applied), lent to `body` under the face's lock with the glyph slot; nil when the
    /// glyph has no outline.
    func withOutline<T>(glyph: UInt32, scale: Double,
                        _ body: (UnsafeMutablePointer<FT_Outline>, FT_GlyphSlot) -> T?) -> T? {
        self.face.lock.lock()
        defer { self.face.lock.unlock() }
        let face = self.face.face
        // Skia's size: the em in 26.6 pixels, truncated.
        FT_Set_Transform(face, nil, nil)
        guard FT_Set_Char_Size(face, FT_F26Dot6(size.x * scale * 64), FT_F26Dot6(size.y * scale * 64), 72, 72) == 0 else { return nil }
        let flags = Int32(truncatingIfNeeded: FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        return withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
            if syntheticBold, let size = face.pointee.size {
                // Skia's (and cairo's) synthetic bold: outlines widened by 1/24 em.
                FT_Outline_Embolden(outline, FT_MulFix(FT_Long(face.pointee.units_per_EM), size.pointee.metrics.y_scale) / 24)
            }
            return body(outline, slot)
        }
    }

    private func render(glyph: UInt32, phase: Int, scale: Double) -> GlyphMask? {
        withOutline(glyph: glyph, scale: scale) { outline, slot -> GlyphMask? in
            FT_Outline_Translate(outline, FT_Pos(phase * 16), 0)  // 26.6: a quarter pixel is 16
            var box = FT_BBox()
            FT_Outline_Get_CBox(outline, &box)
            let x0 = box.xMin & ~63, y0 = box.yMin & ~63
            let x1 = (box.xMax + 63) & ~63, y1 = (box.yMax + 63) & ~63
            let width = Int((x1 - x0) >> 6), height = Int((y1 - y0) >> 6)
            guard width > 0, height > 0, width <= 4096, height <= 4096 else { return .empty }
            FT_Outline_Translate(outline, -x0, -y0)
            var coverage = [UInt8](repeating: 0, count: width * height)
            coverage.withUnsafeMutableBufferPointer { buffer in
                var bitmap = FT_Bitmap()
                bitmap.rows = UInt32(height)
                bitmap.width = UInt32(width)
                bitmap.pitch = Int32(width)
                bitmap.buffer = buffer.baseAddress
                bitmap.num_grays = 256
                bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
                _ = FT_Outline_Get_Bitmap(slot.pointee.library, outline, &bitmap)
            }
            return GlyphMask(left: Int(x0 >> 6), top: -Int(y1 >> 6), width: width, height: height, coverage: coverage)
        }
    }
}

/// A count of bytes shared by threads, held under a limit.
/// Unchecked: its state is behind `lock`.
final class ByteBudget: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var used = 0

    init(limit: Int) { self.limit = limit }

    /// Takes `bytes` if they fit under the limit.
    func take(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard used + bytes <= limit else { return false }
        used += bytes
        return true
    }

    func release(_ bytes: Int) {
        lock.lock()
        used -= bytes
        lock.unlock()
    }
}
