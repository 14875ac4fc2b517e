/// What to draw, in document coordinates (CSS px), in painting order. Produced once per
/// scene; each frame rasterizes only the items whose bounds meet its visible rect.
public struct DisplayList: Sendable {
    public enum Item: Sendable {
        case fill(Rect, RGBA)
        case border(Rect, widths: Edges<Double>, colors: Edges<RGBA>, styles: Edges<BorderStyle>)
        case glyphs(GlyphRun)
        case imagePlaceholder(Rect)
        case image(DecodedImage, Rect)
        case pushClip(Rect)
        case popClip
    }

    public struct Entry: Sendable {
        public var item: Item
        public var bounds: Rect
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    mutating func append(_ item: Item, bounds: Rect) {
        entries.append(Entry(item: item, bounds: bounds))
    }

    /// Entries that can paint inside `rect`; clip pushes and pops are always kept so the
    /// stack stays balanced.
    public func entries(intersecting rect: Rect) -> [Entry] {
        entries.filter { entry in
            switch entry.item {
            case .pushClip, .popClip: return true
            default: return entry.bounds.intersection(rect) != nil
            }
        }
    }
}

extension GlyphRun {
    /// A generous box around the glyphs: from one em above the baseline to half an em below.
    var bounds: Rect {
        guard let first = glyphs.first, let last = glyphs.last else { return .zero }
        let size = 200.0  // glyph ink can reach past the advance; stay conservative
        let minY = glyphs.map(\.y).min() ?? first.y
        let maxY = glyphs.map(\.y).max() ?? first.y
        return Rect(x: first.x - size, y: minY - size, width: last.x - first.x + 2 * size, height: maxY - minY + 2 * size)
    }
}
