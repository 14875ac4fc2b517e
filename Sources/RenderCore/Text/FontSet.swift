import CCairo
import Foundation

/// Owns the pango font map and context bound to our fixed fontconfig set. Created once per
/// process (and once per mail with web fonts, `forWebFonts`); pango and fontconfig objects are
/// not thread-safe, so layout uses it from one thread. Unchecked: its caches and pango objects
/// are used while a document is laid out, under `FontAccess.lockExclusively`, so by one thread
/// at a time; the rest are `let`s.
public final class FontSet: @unchecked Sendable {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer  // PangoContext*
    /// The same settings with a right-to-left base direction, for RTL paragraphs.
    let rightToLeftContextPointer: OpaquePointer
    /// Font files of the fixed set that are missing on this host (empty when all are there).
    public let missingFiles: [String]
    /// Fonts added by a mail (`@font-face`) and its team (`--font-dir`), each under a private name.
    let webFonts: WebFontRegistry
    private var metricsCache: [MetricsKey: FontMetrics] = [:]
    private var handles: [UnsafeMutableRawPointer: FontHandle] = [:]
    /// Emphasis marks shaped per font and mark (`EmphasisMark.shaped`); nil: no font draws it.
    var emphasisMarks: [EmphasisMark.Key: EmphasisMark?] = [:]

    public static let shared = FontSet()

    /// A set of its own for a document with web fonts. Pango caches a font file's coverage
    /// and sorts every font of its map for fallback, so a font added to the shared set would
    /// draw other mails' characters the fixed set lacks (an icon font's private-use glyphs):
    /// a fresh set keeps each mail as it renders alone.
    static func forWebFonts() -> FontSet { FontSet() }

    private init() {
        let config = FcConfigCreate()
        _ = FontConfiguration.xml.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: FontConfiguration.xml.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, 1)
            }
        }
        _ = FcConfigParseAndLoadFromMemory(config, WebFontRegistry.configXML, 1)
        FcConfigBuildFonts(config)
        fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
        pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
        FcConfigDestroy(config)  // the font map holds its own reference
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // Fractional glyph positions: layout is scale-independent and matches across scales.
        pango_context_set_round_glyph_positions(context, 0)
        // Text without `lang` is English whatever the host's locale (pango would take $LANG):
        // the language picks Han glyph variants, so it must not depend on the machine.
        pango_context_set_language(context, pango_language_from_string("en-us"))
        // A paragraph's direction is stated, never guessed (pango's default, weak LTR, guesses).
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
        rightToLeftContextPointer = FontSet.copy(of: context, in: fontMap, direction: PANGO_DIRECTION_RTL)
        webFonts = WebFontRegistry(fontMap: fontMap)
        missingFiles = FontSet.expectedFiles.filter { !FileManager.default.isReadableFile(atPath: $0) }
    }

    /// The font files of the fixed set: the `<glob>`s fonts.conf accepts, each a full path.
    static let expectedFiles: [String] = FontConfiguration.xml.components(separatedBy: "<glob>").dropFirst().compactMap {
        let path = $0.components(separatedBy: "</glob>")[0]
        return path.hasPrefix("/") && !path.contains("*") ? path : nil
    }

    /// The family a CSS font stack resolves to: the first name we have (directly or through
    /// a metric-compatible alias), else the default serif face, as browsers fall back.
    public static func resolveFamily(_ stack: [String]) -> String {
        for name in stack {
            if let family = familyAliases[name.lowercased()] { return family }
        }
        return "Liberation Serif"
    }

    /// The pango family list for a style: its web fonts, then the fixed family its stack resolves to.
    static func familyList(_ style: ComputedStyle) -> String {
        (style.fontFaceFamilies + [resolveFamily(style.fontFamilies)]).joined(separator: ",")
    }

    /// The CJK face Han characters of a language's text must name. Pango keeps `lang` on a run
    /// only when the language's orthography covers the run's script, and Korean's lacks Hanja:
    /// Han characters in Korean text would lose the language and take SC's forms, where
    /// WebKit's fallback asks fontconfig for the element's language and gets the KR face.
    /// (Japanese and Chinese keep their `lang`; fonts.conf picks their faces.)
    static func hanFace(forLanguage language: String?) -> String? {
        guard let language else { return nil }
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return primary == "ko" ? "Noto Sans CJK KR" : nil
    }

    static let familyAliases: [String: String] = {
        var map: [String: String] = [:]
        for name in ["arial", "helvetica", "helvetica neue", "arimo", "liberation sans", "sans-serif", "system-ui"] {
            map[name] = "Liberation Sans"
        }
        for name in ["times", "times new roman", "tinos", "liberation serif", "serif"] { map[name] = "Liberation Serif" }
        for name in ["courier", "courier new", "cousine", "liberation mono", "monospace"] { map[name] = "Liberation Mono" }
        map["dejavu sans"] = "DejaVu Sans"
        map["dejavu serif"] = "DejaVu Serif"
        map["dejavu sans mono"] = "DejaVu Sans Mono"
        map["bitstream vera sans"] = "DejaVu Sans"
        map["verdana"] = "DejaVu Sans"  // DejaVu descends from Vera, drawn to Verdana's proportions
        return map
    }()

    /// The raster-side handle of a font pango chose; the font is kept alive (`keepAlive`), so
    /// its address is a stable key.
    func handle(for font: UnsafeMutablePointer<PangoFont>) -> FontHandle {
        let key = UnsafeMutableRawPointer(font)
        if let handle = handles[key] { return handle }
        keepAlive(font)
        let handle = FontHandle(retaining: pango_cairo_font_get_scaled_font(OpaquePointer(font)), pattern: Self.pattern(of: font))
        handles[key] = handle
        return handle
    }

    /// The fontconfig pattern behind a pango font (nil for a font of another kind).
    private static func pattern(of font: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        let instance = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, pango_fc_font_get_type()) != 0 else { return nil }
        return pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
    }

    private var keptFonts = Set<UnsafeMutableRawPointer>()

    /// Holds a reference to a font whose address keys a cache. Pango's font map frees fonts it
    /// no longer caches, and a new font may then get the same address: the cached handle would
    /// draw its glyph indices from another font's face (garbled text once many fonts are used).
    private func keepAlive(_ font: UnsafeMutablePointer<PangoFont>) {
        if keptFonts.insert(UnsafeMutableRawPointer(font)).inserted { g_object_ref(UnsafeMutableRawPointer(font)) }
    }

    struct MetricsKey: Hashable { let family: String; let size: Double; let weight: Int; let italic: Bool }

    private var pangoFontMetrics: [UnsafeMutableRawPointer: FontMetrics] = [:]

    /// The metrics of a font pango chose for a run (a fallback font, say) at the run's font size.
    func metrics(of font: UnsafeMutablePointer<PangoFont>, size: Double) -> FontMetrics {
        let key = UnsafeMutableRawPointer(font)
        if let cached = pangoFontMetrics[key] { return cached }
        keepAlive(font)
        guard let metrics = pango_font_get_metrics(font, nil) else {
            return FontMetrics(ascent: 0, descent: 0, lineGap: 0, underlinePosition: 0)
        }
        var result = FontMetrics(rounding: metrics)
        pango_font_metrics_unref(metrics)
        // Pango's cairo metrics of a bitmap-only face (colour emoji) are a few pixels tall;
        // WebKit takes every face's ascent and descent from its tables, as HarfBuzz reads them.
        if let em = FontSet.tableExtents(of: font) {
            result.ascent = (em.ascent * size).rounded()
            result.descent = (em.descent * size).rounded()
            result.lineGap = max(0, em.lineGap * size).rounded()
        }
        pangoFontMetrics[key] = result
        return result
    }

    /// Ascent, descent and line gap in ems from the face's OS/2 or hhea table. (A bitmap face's
    /// described size is its strike's, so the em, not the size, is what carries over.)
    private static func tableExtents(of font: UnsafeMutablePointer<PangoFont>) -> (ascent: Double, descent: Double, lineGap: Double)? {
        guard let hbFont = pango_font_get_hb_font(font) else { return nil }
        var extents = hb_font_extents_t()
        var xScale: Int32 = 0, yScale: Int32 = 0
        hb_font_get_scale(hbFont, &xScale, &yScale)
        guard hb_font_get_h_extents(hbFont, &extents) != 0, yScale > 0 else { return nil }
        let perUnit = 1 / Double(yScale)
        return (Double(extents.ascender) * perUnit, -Double(extents.descender) * perUnit, Double(extents.line_gap) * perUnit)
    }

    private var baseFonts: [String: UnsafeMutablePointer<PangoFont>] = [:]

    /// The first font of a description's family list, loaded once per family, weight and
    /// style (at one size: what is asked of it — coverage, kerning pairs, metrics in ems — does
    /// not depend on size), with the key its derived facts are cached under.
    private func baseFont(_ description: FontDescription) -> (key: String, font: UnsafeMutablePointer<PangoFont>)? {
        guard let normalized = pango_font_description_copy(description.pointer) else { return nil }
        defer { pango_font_description_free(normalized) }
        pango_font_description_set_absolute_size(normalized, 100 * Double(PANGO_SCALE))
        guard let text = pango_font_description_to_string(normalized) else { return nil }
        let key = String(cString: text)
        g_free(text)
        if let font = baseFonts[key] { return (key, font) }
        guard let font = pango_context_load_font(context, normalized) else { return nil }
        baseFonts[key] = font  // the reference load_font gave is kept for the set's life
        return (key, font)
    }

    /// Whether the first font of a description's family list has the character. Browsers take
    /// each character from the first font that has it; pango keeps a space in the font of the
    /// character before it (a fallback font's narrower or wider space) unless told not to fall back.
    func baseFont(_ description: FontDescription, has scalar: Unicode.Scalar) -> Bool {
        guard let font = baseFont(description)?.font else { return false }
        return pango_font_has_char(font, scalar.value) != 0
    }

    private var aspects: [String: Double] = [:]

    /// The first font's `font-size-adjust` metric as a share of its size: x-height and cap
    /// height from its OS/2 table, the advance of "0" and of 水 (1 em where the font lacks it,
    /// as CSS says); nil where the font has no such metric.
    func baseFontAspect(_ description: FontDescription, _ metric: FontSizeAdjust.Metric) -> Double? {
        guard let (fontKey, font) = baseFont(description) else { return nil }
        let key = fontKey + " " + metric.rawValue
        if let known = aspects[key] { return known }
        guard let hbFont = pango_font_get_hb_font(font) else { return nil }
        var xScale: Int32 = 0, yScale: Int32 = 0
        hb_font_get_scale(hbFont, &xScale, &yScale)
        guard xScale > 0, yScale > 0 else { return nil }
        func advance(_ scalar: UInt32) -> Double? {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 else { return nil }
            return Double(hb_font_get_glyph_h_advance(hbFont, glyph)) / Double(xScale)
        }
        /// From the OS/2 table, else (an old table without it, as DejaVu's) the top of a glyph.
        func position(_ tag: hb_ot_metrics_tag_t, glyphOf scalar: UInt32) -> Double? {
            var value: hb_position_t = 0
            if hb_ot_metrics_get_position(hbFont, tag, &value) != 0, value > 0 { return Double(value) / Double(yScale) }
            var glyph: hb_codepoint_t = 0
            var extents = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0,
                  hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.y_bearing > 0 else { return nil }
            return Double(extents.y_bearing) / Double(yScale)
        }
        let aspect: Double?
        switch metric {
        case .exHeight: aspect = position(HB_OT_METRICS_TAG_X_HEIGHT, glyphOf: 0x78)  // x
        case .capHeight: aspect = position(HB_OT_METRICS_TAG_CAP_HEIGHT, glyphOf: 0x48)  // H
        case .chWidth: aspect = advance(0x30)
        case .icWidth: aspect = advance(0x6C34) ?? 1
        case .icHeight: aspect = 1
        }
        if let aspect { aspects[key] = aspect }
        return aspect
    }

    private var spaceKerning: [String: Set<UInt32>] = [:]

    /// The characters the first font of a description's family list kerns with the space.
    func spaceKerningCharacters(_ description: FontDescription) -> Set<UInt32> {
        guard let (key, font) = baseFont(description) else { return [] }
        if let known = spaceKerning[key] { return known }
        let characters = SpaceKerning.characters(of: font)
        spaceKerning[key] = characters
        return characters
    }

    /// Ascent, descent and normal line height, rounded as WebKit/Blink round them.
    func metrics(family: String, size: Double, weight: Int, italic: Bool) -> FontMetrics {
        let key = MetricsKey(family: family, size: size, weight: weight, italic: italic)
        if let cached = metricsCache[key] { return cached }
        let description = FontDescription(family: family, size: size, weight: weight, italic: italic)
        guard let metrics = pango_context_get_metrics(context, description.pointer, nil) else {
            return FontMetrics(ascent: size * 0.9, descent: size * 0.2, lineGap: 0, underlinePosition: -size * 0.1)
        }
        defer { pango_font_metrics_unref(metrics) }
        let result = FontMetrics(rounding: metrics)
        metricsCache[key] = result
        return result
    }
}

public struct FontMetrics: Sendable {
    init(ascent: Double, descent: Double, lineGap: Double, underlinePosition: Double) {
        self.ascent = ascent; self.descent = descent; self.lineGap = lineGap
        self.underlinePosition = underlinePosition
    }

    /// Pango's metrics with ascent, descent and line gap each rounded, as Blink rounds them.
    init(rounding metrics: UnsafeMutablePointer<PangoFontMetrics>) {
        let scale = Double(PANGO_SCALE)
        let ascent = Double(pango_font_metrics_get_ascent(metrics)) / scale
        let descent = Double(pango_font_metrics_get_descent(metrics)) / scale
        let height = Double(pango_font_metrics_get_height(metrics)) / scale
        self.init(ascent: ascent.rounded(), descent: descent.rounded(), lineGap: max(0, height - ascent - descent).rounded(),
                  underlinePosition: Double(pango_font_metrics_get_underline_position(metrics)) / scale)
    }

    public var ascent: Double
    public var descent: Double
    public var lineGap: Double
    public var underlinePosition: Double      // above the baseline, negative below
    public var normalLineHeight: Double { ascent + descent + lineGap }

    /// How far the middle of the box (ascent over descent) lies above the baseline.
    var middleAboveBaseline: Double { (ascent - descent) / 2 }

    /// The same box moved across the baseline so its middle lies where `other`'s does.
    func centred(on other: FontMetrics) -> FontMetrics {
        let half = (ascent + descent) / 2, lift = other.middleAboveBaseline
        var centred = self
        centred.ascent = half + lift
        centred.descent = half - lift
        return centred
    }
}

/// A PangoFontDescription owned by Swift.
final class FontDescription {
    let pointer: OpaquePointer
    init(family: String, size: Double, weight: Int, italic: Bool) {
        pointer = pango_font_description_new()
        pango_font_description_set_family(pointer, family)
        pango_font_description_set_absolute_size(pointer, max(0.01, size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_style(pointer, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    }
    deinit { pango_font_description_free(pointer) }

}
