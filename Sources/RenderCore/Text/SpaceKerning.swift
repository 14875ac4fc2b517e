import CCairo

/// Browsers shape text word by word, so no kerning pair ever joins a space to a letter;
/// HarfBuzz shaping a whole run applies the font's pairs (Liberation kerns " A", " T", " Y"
/// and more, up to a pixel at 16 px). The characters a font kerns with the space are found by
/// shaping them all against it once; a word that starts with one after a space is shaped as a
/// run of its own (CharacterRanges.wordsAfterKerningSpaces).
enum SpaceKerning {
    /// Latin, Greek, Cyrillic and general punctuation: where the fixed fonts have such pairs.
    static let candidates: [ClosedRange<UInt32>] = [0x21...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x2010...0x2027]

    /// The characters of the font whose pair with a space, either side, moves a glyph: one
    /// shaping of " c1 c2 c3 … " shows each pair's adjustment on the glyphs beside it.
    static func characters(of font: UnsafeMutablePointer<PangoFont>) -> Set<UInt32> {
        guard let hbFont = pango_font_get_hb_font(font), let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, 0x20, &glyph) != 0 else { return [] }
        var scalars: [UInt32] = [0x20]
        for range in candidates {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .nonspacingMark,
                      scalar.properties.generalCategory != .enclosingMark,
                      hb_font_get_nominal_glyph(hbFont, value, &glyph) != 0 else { continue }
                scalars += [value, 0x20]
            }
        }
        hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        var kerning = Set<UInt32>()
        for index in 0..<Int(count) {
            let position = positions[index], cluster = Int(infos[index].cluster)
            guard position.x_advance != hb_font_get_glyph_h_advance(hbFont, infos[index].codepoint) || position.x_offset != 0,
                  cluster < scalars.count else { continue }
            if scalars[cluster] == 0x20 {
                // A space moved: by its pair with the character after it (or, as a second
                // glyph, with the one before).
                if cluster + 1 < scalars.count { kerning.insert(scalars[cluster + 1]) }
                if cluster > 0 { kerning.insert(scalars[cluster - 1]) }
            } else {
                kerning.insert(scalars[cluster])
            }
        }
        return kerning
    }
}
