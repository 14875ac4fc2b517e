import CCairo
import Foundation

/// How much wider than its `hmtx` advance WebKit sets a colour-emoji glyph. The emoji face
/// is bitmaps only: FreeType (which WebKit measures glyphs with) takes the advance from the
/// bitmap strike (136 px at 109 ppem, 1.2477 em), HarfBuzz (which pango shapes with) from the
/// metrics table (2550/2048, 1.2451 em). The gap drifts a row of emoji by a pixel in ten.
enum BitmapEmojiAdvance {
    /// The difference in ems, strike minus table, read from the fixed set's emoji file; 0 when
    /// the file is missing or has no colour bitmap strikes.
    static let extraPerEm: Double = {
        guard let path = FontSet.expectedFiles.first(where: { $0.contains("ColorEmoji") }) else { return 0 }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return 0 }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else { return 0 }
        defer { FT_Done_Face(face) }
        let flags = face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0,
              face.pointee.num_fixed_sizes > 0 else { return 0 }
        // FreeType leaves `units_per_EM` at 0 for a face without outlines: the head table has it.
        guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self),
              head.pointee.Units_Per_EM > 0 else { return 0 }
        let glyph = FT_Get_Char_Index(face, 0x1F600)
        var unscaled: FT_Fixed = 0
        guard glyph != 0, FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &unscaled) == 0,
              FT_Select_Size(face, 0) == 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0 else { return 0 }
        let ppem = Double(face.pointee.size.pointee.metrics.x_ppem)
        guard ppem > 0 else { return 0 }
        let strike = Double(face.pointee.glyph.pointee.advance.x) / 64 / ppem
        let table = Double(unscaled) / Double(head.pointee.Units_Per_EM)
        return strike - table
    }()
}
