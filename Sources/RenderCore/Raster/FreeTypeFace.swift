import CCairo
import Foundation

/// A FreeType face of our own for a font file, shared by every size of it, used under `lock`.
/// Not cairo's face: cairo_ft_scaled_font_lock_face lets go of the face's lock before it
/// returns, so another thread's cairo could set its size or load a glyph into it meanwhile.
/// Faces stay open for the process: there is one per font file (the fixed set, and web fonts,
/// whose paths name their content's digest).
/// Unchecked: the face is only used under `lock`, the registry under `registryLock`.
final class FreeTypeFace: @unchecked Sendable {
    let face: FT_Face
    let lock = NSLock()

    private init(_ face: FT_Face) { self.face = face }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var library: FT_Library?
    nonisolated(unsafe) private static var faces: [String: FreeTypeFace] = [:]

    /// The face `index` of the font file at `path` (nil when FreeType cannot open it).
    static func shared(path: String, index: Int) -> FreeTypeFace? {
        registryLock.lock()
        defer { registryLock.unlock() }
        let key = "\(index):\(path)"
        if let known = faces[key] { return known }
        if library == nil {
            var created: FT_Library?
            guard FT_Init_FreeType(&created) == 0 else { return nil }
            library = created
        }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        let shared = FreeTypeFace(face)
        faces[key] = shared
        return shared
    }
}
