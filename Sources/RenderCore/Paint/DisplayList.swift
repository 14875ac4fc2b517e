/// What to draw, in document coordinates (CSS px), in painting order. Produced once per
/// scene; each frame rasterizes only the items whose bounds meet its visible rect.
public struct DisplayList: Sendable {
    public enum Item: Sendable {
        case fill(Rect, RGBA)
        case border(Rect, widths: Edges<Double>, colors: Edges<RGBA>, styles: Edges<BorderStyle>)
        case glyphs(GlyphRun)
        /// One `text-shadow` layer of a glyph run, drawn before the run.
        case textShadow(GlyphRun, BoxShadow)
        /// A text decoration line, in any style.
        case textDecoration(DecorationDrawing, RGBA)
        /// WebKit's outline of an image that is not shown: one device pixel of light grey
        /// inside this rect (the content box).
        case missingImageOutline(Rect)
        /// WebKit's 16 px broken-image icon in this rect.
        case brokenImageIcon(Rect)
        /// An image that could not load, as a flat placeholder of its used size (`--images placeholder`).
        case unloadedImage(Rect, RGBA)
        case image(DecodedImage, Rect)
        /// One background layer (an image or a gradient, tiled).
        case backgroundLayer(BackgroundLayerPaint)
        /// A box shadow: `rect` blurred by `blur`, drawn under the box.
        case shadow(Rect, CornerRadii, blur: Double, color: RGBA)
        case roundedFill(Rect, CornerRadii, RGBA)
        case roundedBorder(Rect, CornerRadii, widths: Edges<Double>, colors: Edges<RGBA>, styles: Edges<BorderStyle>)
        /// A `border-image`, drawn instead of the border's styles.
        case borderImage(BorderImagePlacement)
        /// A form control's glyph (checkmark, chevrons, play triangle) filling this rect.
        case controlGlyph(ControlGlyph, Rect, RGBA)
        case pushClip(Rect)
        case pushRoundedClip(Rect, CornerRadii)
        /// Everything up to the matching `popGroup` is composited at this opacity.
        case pushGroup(opacity: Double)
        case popGroup
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
    /// stack stays balanced. This scans every entry: frames use `DisplayListIndex`, which is
    /// tested against this.
    public func entries(intersecting rect: Rect) -> [Entry] {
        entries.filter { entry in
            switch entry.item {
            case .pushClip, .popClip, .pushRoundedClip, .pushGroup, .popGroup: return true
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
