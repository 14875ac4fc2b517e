/// The whole document as one picture: no header, no scrolling, no indicator; the image to
/// hold beside a browser's full-page screenshot.
extension LaidOutDocument {
    /// The tallest page a single image can hold at `scale` (cairo's 32767-pixel limit).
    public static func maximumPageHeight(scale: Double) -> Double { (32767 / scale).rounded(.down) }

    /// Renders the page at `scale`; a page taller than the limit is cut there (`wasCut`).
    public func renderFullPage(viewportWidth: Double, viewportHeight: Double, scale: Double) throws -> (canvas: Canvas, wasCut: Bool) {
        let fullHeight = max(height, viewportHeight)
        let limit = Self.maximumPageHeight(scale: scale)
        let pageHeight = min(fullHeight, limit)
        let pixelWidth = Int((viewportWidth * scale).rounded())
        let pixelHeight = Int((pageHeight * scale).rounded())
        guard let canvas = Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale) else {
            throw RenderError.output("cannot allocate a \(pixelWidth)x\(pixelHeight) page")
        }
        let page = Rect(x: 0, y: 0, width: viewportWidth, height: pageHeight)
        canvas.fill(page, canvasColor)
        canvas.save()
        canvas.clip(to: page)
        // The page is one tall viewport, as a browser's full-page capture grows its window.
        Rasterizer.draw(displayList.entries(intersecting: page), on: canvas, placement: AnchorPlacement(viewport: page))
        canvas.restore()
        return (canvas, fullHeight > limit)
    }
}
