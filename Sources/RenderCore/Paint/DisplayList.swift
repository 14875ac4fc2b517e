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
        /// One `box-shadow` layer (outer: around the box, under it; inset: inside its padding box).
        case boxShadow(BoxShadowShape)
        /// `backdrop-filter`: what is painted behind this rounded rect so far, filtered in place.
        case backdropFilter(Rect, CornerRadii, [FilterFunction])
        case roundedFill(Rect, CornerRadii, RGBA)
        case roundedBorder(Rect, CornerRadii, widths: Edges<Double>, colors: Edges<RGBA>, styles: Edges<BorderStyle>)
        /// A `border-image`, drawn instead of the border's styles.
        case borderImage(BorderImagePlacement)
        /// A form control's glyph (checkmark, chevrons, play triangle) filling this rect.
        case controlGlyph(ControlGlyph, Rect, RGBA)
        case pushClip(Rect)
        case pushRoundedClip(Rect, CornerRadii)
        /// Everything up to the matching `popGroup` is drawn in one layer, with these effects.
        case pushGroup(GroupEffects)
        case popGroup
        case popClip
        /// Everything up to the matching `popScrollAnchor` is a fixed or sticky box's subtree:
        /// each frame draws it moved by the anchor's translation for that frame's scroll
        /// position (`ScrollAnchor`, `AnchorPlacement`).
        case pushScrollAnchor(ScrollAnchor)
        case popScrollAnchor
    }

    public struct Entry: Sendable {
        public var item: Item
        public var bounds: Rect
    }

    public private(set) var entries: [Entry] = []
    /// Groups and scroll anchors pushed and not yet popped, innermost last: an entry inside
    /// them can paint wherever their transforms and filters, and the scrolling, carry it.
    private var openGroups: [(push: Int, scope: OpenScope, contents: Rect?)] = []

    private enum OpenScope {
        case group(GroupEffects)
        case anchor(ScrollAnchor)

        /// Where content inside `rect` can paint outside the scope.
        func outerBounds(_ rect: Rect) -> Rect {
            switch self {
            case .group(let effects): return effects.outerBounds(rect)
            case .anchor(let anchor):
                let reach = anchor.reach
                return rect.offsetBy(dx: reach.dx.lowerBound, dy: reach.dy.lowerBound)
                    .union(rect.offsetBy(dx: reach.dx.upperBound, dy: reach.dy.upperBound))
            }
        }
    }

    public init() {}

    /// Appends `item`; `bounds` is where it paints in its element's coordinates, kept as where
    /// it can paint in the document (through every open group's transform and filters, and
    /// anywhere an open scroll anchor can move it). A group's or anchor's push and pop get the
    /// union of its contents' bounds.
    mutating func append(_ item: Item, bounds: Rect) {
        switch item {
        case .pushGroup(let effects):
            entries.append(Entry(item: item, bounds: documentBounds(bounds)))
            openGroups.append((entries.count - 1, .group(effects), nil))
        case .pushScrollAnchor(let anchor):
            entries.append(Entry(item: item, bounds: documentBounds(bounds)))
            openGroups.append((entries.count - 1, .anchor(anchor), nil))
        case .popGroup, .popScrollAnchor:
            guard let group = openGroups.popLast() else { entries.append(Entry(item: item, bounds: bounds)); return }
            let area = group.contents ?? entries[group.push].bounds
            entries[group.push].bounds = area
            entries.append(Entry(item: item, bounds: area))
        default:
            let area = documentBounds(bounds)
            for index in openGroups.indices { openGroups[index].contents = openGroups[index].contents.map { $0.union(area) } ?? area }
            entries.append(Entry(item: item, bounds: area))
        }
    }

    private func documentBounds(_ bounds: Rect) -> Rect {
        openGroups.reversed().reduce(bounds) { $1.scope.outerBounds($0) }
    }

    /// Entries that can paint inside `rect`; clip pushes and pops are always kept so the
    /// stack stays balanced. This scans every entry: frames use `DisplayListIndex`, which is
    /// tested against this.
    public func entries(intersecting rect: Rect) -> [Entry] {
        entries.filter { entry in
            switch entry.item {
            case .pushClip, .popClip, .pushRoundedClip, .pushGroup, .popGroup, .pushScrollAnchor, .popScrollAnchor: return true
            default: return entry.bounds.intersection(rect) != nil
            }
        }
    }
}

extension DisplayList.Item {
    /// A group of plain opacity (the only effect before transforms and filters).
    static func pushGroup(opacity: Double) -> DisplayList.Item { .pushGroup(GroupEffects(opacity: opacity)) }
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
