/// A bound on how much one frame paints: mail that stacks thousands of translucent
/// full-frame backgrounds or huge blurred shadows would otherwise take minutes a frame.
/// Items are charged the area they cover inside the visible rect (a blurred shadow eight
/// times, one per layer); once the frame has been covered `maximumCoverage` times over,
/// further area-painting items are dropped. Clips, groups and text are always kept.
enum PaintBudget {
    /// Ordinary mail covers a frame a few dozen times at most (nested tables and cells).
    static let maximumCoverage = 256.0
    /// Blur radii (box shadows, filters) are capped here, in CSS px: σ = 150 px already
    /// spreads a shadow over a phone screen.
    static let maximumBlur = 300.0
    /// How far (device px) a layer or backdrop reads beyond the visible area for its filters.
    static let maximumFilterReach = 1024.0
    /// Pixels of a box shadow's mask, and of all open group layers together (4 bytes each):
    /// a filter over a 100000 px tall element draws only what can show, and never more than this.
    static let maximumMaskPixels = 48 << 20
    static let maximumLayerPixels = 48 << 20

    /// `entries` with the area-painting items past the budget removed, and whether any were.
    static func limit(_ entries: [DisplayList.Entry], visible: Rect) -> (entries: [DisplayList.Entry], cut: Bool) {
        // Text costs its ink, read from the fonts' faces: as drawing does, never during a layout.
        FontAccess.shared.lockShared()
        defer { FontAccess.shared.unlock() }
        let budget = maximumCoverage * visible.width * visible.height
        var spent = 0.0
        var kept: [DisplayList.Entry] = []
        var cut = false
        for var entry in entries {
            if case .pushGroup(var effects) = entry.item, !effects.filters.isEmpty {
                // A layer filtered: its area read and written once per filter.
                let layerCost = Double(4 * effects.filters.count) * (entry.bounds.intersection(visible).map { $0.width * $0.height } ?? 0)
                if spent + layerCost > budget {
                    cut = true
                    effects.filters = []
                    entry.item = .pushGroup(effects)
                } else {
                    spent += layerCost
                }
            }
            let cost = cost(of: entry.item, visible: visible)
            if cost > 0 {
                spent += cost
                if spent > budget { cut = true; continue }
            }
            kept.append(entry)
        }
        return cut ? (kept, true) : (entries, false)
    }

    private static func cost(of item: DisplayList.Item, visible: Rect) -> Double {
        func covered(_ rect: Rect) -> Double {
            guard let part = rect.intersection(visible) else { return 0 }
            return part.width * part.height
        }
        switch item {
        case .fill(let rect, _), .missingImageOutline(let rect), .brokenImageIcon(let rect), .unloadedImage(let rect, _),
             .roundedFill(let rect, _, _), .border(let rect, _, _, _), .roundedBorder(let rect, _, _, _, _), .controlGlyph(_, let rect, _):
            return covered(rect)
        case .backgroundLayer(let layer):
            return layer.paintedArea.map(covered) ?? 0
        case .borderImage(let placement):
            return covered(placement.area)
        case .image(let image, let rect):
            return image.paintWeight * covered(rect)
        case .textDecoration(let decoration, _):
            return covered(decoration.bounds)
        case .boxShadow(let shadow):
            // A mask drawn and blurred in six passes, then composited through a clip over the
            // visible part. The mask reaches 3σ past that part, so the blur sees the shape just
            // outside it, and a wide blur's mask is coarser (`Canvas.finestBlurSigma`, in
            // device pixels: at least as coarse in CSS px).
            guard shadow.blur > 0, let part = shadow.bounds.intersection(visible) else { return covered(shadow.bounds) }
            let mask = part.insetBy(-1.5 * shadow.blur).intersection(shadow.bounds.insetBy(-1.5 * shadow.blur)) ?? part
            let step = max(1, (shadow.blur / 2 / Canvas.finestBlurSigma).rounded(.down))
            return 8 * part.width * part.height + 8 * mask.width * mask.height / (step * step)
        case .backdropFilter(let rect, _, let filters):
            return Double(2 + 4 * filters.count) * covered(rect)
        case .textShadow(let run, let shadow):
            // A mask of the shadow's reach, drawn, blurred in six passes and composited.
            guard let ink = run.inkBounds else { return 0 }
            return 8 * covered(ink.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(-1.5 * shadow.blur))
        case .glyphs, .pushClip, .pushRoundedClip, .pushGroup, .popGroup, .popClip, .pushScrollAnchor, .popScrollAnchor:
            return 0
        }
    }
}
