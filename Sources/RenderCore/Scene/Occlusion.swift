/// Finds display-list fills a frame need not draw because later opaque fills paint over
/// every pixel they touch. Fills dominate a frame's raster time (mail templates nest
/// full-width backgrounds three or four deep), so skipping hidden ones matters.
///
/// Only valid for pixel-exact frames (the viewport clip falls on pixel edges), and only
/// for fills outside any clip or opacity group: then a pixel is either inside the frame or
/// untouched, and an opaque fill that covers a whole pixel sets it outright, whatever was
/// drawn before.
struct Occlusion {
    /// Document → device pixels, as the frame's canvas maps them: the device scale, the
    /// document's origin on screen (`content.y`, in points) and the web view's zoom.
    let scale: Double
    let originY: Double
    let zoom: Double
    let pixelWidth: Double
    let pixelHeight: Double

    /// The index of the last opaque fill outside any clip that covers every pixel of the
    /// frame: nothing drawn before it can show.
    func lastOccluder(in entries: [DisplayList.Entry]) -> Int? {
        let frame = Rect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var found: Int?
        Self.forEachOpaqueUnclippedFill(in: entries) { index, area in
            if device(area).contains(frame) { found = index }
        }
        return found
    }

    /// `entries` without the opaque unclipped fills whose every touched on-screen pixel a
    /// later opaque unclipped fill covers completely.
    func removingHiddenFills(_ entries: [DisplayList.Entry]) -> [DisplayList.Entry] {
        var fills: [(index: Int, touched: Rect?, covered: Rect)] = []
        Self.forEachOpaqueUnclippedFill(in: entries) { index, area in
            fills.append((index, touchedPixels(area), device(area)))
        }
        var hidden: Set<Int> = []
        for (position, fill) in fills.enumerated() {
            guard let touched = fill.touched else { hidden.insert(fill.index); continue }  // off screen
            if fills[(position + 1)...].contains(where: { $0.covered.contains(touched) }) { hidden.insert(fill.index) }
        }
        guard !hidden.isEmpty else { return entries }
        return entries.enumerated().filter { !hidden.contains($0.offset) }.map(\.element)
    }

    /// The rect in device pixels, as cairo's matrix maps it (device scale, then the origin,
    /// then the zoom). cairo rounds to 1/256 px, which never moves an edge across a pixel
    /// edge, so containment here is containment there.
    private func device(_ rect: Rect) -> Rect {
        let factor = scale * zoom
        return Rect(x: rect.x * factor, y: rect.y * factor + originY * scale, width: rect.width * factor, height: rect.height * factor)
    }

    /// The whole pixels a fill touches on screen (partly covered ones included), or nil.
    private func touchedPixels(_ rect: Rect) -> Rect? {
        let area = device(rect)
        let minX = max(0, area.x.rounded(.down)), maxX = min(pixelWidth, area.maxX.rounded(.up))
        let minY = max(0, area.y.rounded(.down)), maxY = min(pixelHeight, area.maxY.rounded(.up))
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func forEachOpaqueUnclippedFill(in entries: [DisplayList.Entry], _ body: (Int, Rect) -> Void) {
        var depth = 0
        for (index, entry) in entries.enumerated() {
            switch entry.item {
            // A fill in a fixed or sticky box moves per frame: it neither hides nor is hidden.
            case .pushClip, .pushRoundedClip, .pushGroup, .pushScrollAnchor: depth += 1
            case .popClip, .popGroup, .popScrollAnchor: depth -= 1
            case .fill(let area, let color) where depth == 0 && color.a >= 1: body(index, area)
            default: break
            }
        }
    }
}
