/// Characters no font of the fixed set covers. Layout draws each as its font's `.notdef`
/// glyph (a box, as browsers draw it) and the render says which they were, once.
public struct MissingCharacters: Sendable, Equatable {
    /// Distinct code points, in the order the text first uses them.
    public let codePoints: [UInt32]

    /// Glyph 0 of every font: its `.notdef`, which the fonts of the set draw as a box.
    static let notdefGlyph: UInt32 = 0

    /// How many are named in the warning; the count covers the rest.
    static let named = 5

    /// The missing characters of every glyph run in `list`.
    init(in list: DisplayList) {
        var seen = Set<UInt32>()
        var ordered: [UInt32] = []
        for entry in list.entries {
            guard case .glyphs(let run) = entry.item else { continue }
            for codePoint in run.missingCharacters where seen.insert(codePoint).inserted { ordered.append(codePoint) }
        }
        codePoints = ordered
    }

    /// "3 characters no font covers (U+1F9FF, U+E000, U+E001): drawn as boxes"; nil when none.
    var warning: String? {
        guard !codePoints.isEmpty else { return nil }
        var names = codePoints.prefix(Self.named).map(Self.name)
        if codePoints.count > Self.named { names.append("…") }
        let noun = codePoints.count == 1 ? "character" : "characters"
        return "\(codePoints.count) \(noun) no font covers (\(names.joined(separator: ", "))): drawn as boxes"
    }

    /// U+XXXX, at least four hex digits, as Unicode writes code points.
    static func name(_ codePoint: UInt32) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
