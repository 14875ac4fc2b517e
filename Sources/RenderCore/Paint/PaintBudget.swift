/// A bound on how much one frame paints: mail that stacks thousands of translucent
/// full-frame backgrounds or huge blurred shadows would otherwise take minutes a frame.
/// Items are charged the area they cover inside the visible rect (a blurred shadow eight
/// times, one per layer); once the frame has been covered `maximumCoverage` times over,
/// further area-painting items are dropped. Clips, groups and text are always kept.
enum PaintBudget {
    /// Ordinary mail covers a frame a few dozen times at most (nested tables and cells).
    static let maximumCoverage = 256.0

    /// `entries` with the area-painting items past the budget removed, and whether any were.
    static func limit(_ entries: [DisplayList.Entry], visible: Rect) -> (entries: [DisplayList.Entry], cut: Bool) {
        // Text costs its ink, read from the fonts' faces: as drawing does, never during a layout.
        FontAccess.shared.lockShared()
        defer { FontAccess.shared.unlock() }
        let budget = maximumCoverage * visible.width * visible.height
        var spent = 0.0
        var kept: [DisplayList.Entry] = []
        var cut = false
        for entry in entries {
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
        case .shadow(let rect, _, let blur, _):
            return blur > 0 ? 8 * covered(rect.insetBy(-blur / 2)) : covered(rect)
        case .textShadow(let run, let shadow):
            // A mask of the shadow's reach, drawn, blurred in six passes and composited.
            guard let ink = run.inkBounds else { return 0 }
            return 8 * covered(ink.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(-1.5 * shadow.blur))
        case .glyphs, .pushClip, .pushRoundedClip, .pushGroup, .popGroup, .popClip:
            return 0
        }
    }
}
