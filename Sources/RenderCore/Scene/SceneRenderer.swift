import Foundation

/// Lays a scene out once and cuts a frame per offset: overscroll background, the document's
/// visible part, the native header and the scroll indicator.
public struct SceneRenderer {
    public let scene: Scene
    public let document: LaidOutDocument
    public let header: LaidOutDocument?
    public let geometry: ScrollScene

    public init(scene: Scene, fonts: FontSet = .shared) throws {
        try scene.validate()
        self.scene = scene
        document = LaidOutDocument(html: scene.html, viewportWidth: scene.viewportWidth,
                                   viewportHeight: scene.viewportHeight, fonts: fonts,
                                   images: ImageStore(baseDirectory: scene.baseDirectory))
        header = scene.headerHTML.map { fragment in
            LaidOutDocument(html: "<body style=\"margin:0;font-family:sans-serif\">" + fragment,
                            viewportWidth: scene.viewportWidth, viewportHeight: scene.headerHeight, fonts: fonts)
        }
        geometry = ScrollScene(viewportWidth: scene.viewportWidth, viewportHeight: scene.viewportHeight,
                               headerHeight: scene.headerHeight, contentHeight: document.height,
                               contentWidth: scene.viewportWidth, indicator: scene.indicator)
    }

    public var frames: [ScrollFrame] { scene.offsets.map { geometry.frame(forUserOffset: $0) } }

    public func render(_ frame: ScrollFrame) throws -> Canvas {
        let pixelWidth = Int((scene.viewportWidth * scene.scale).rounded())
        let pixelHeight = Int((scene.viewportHeight * scene.scale).rounded())
        guard let canvas = Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scene.scale) else {
            throw RenderError.output("cannot allocate a \(pixelWidth)x\(pixelHeight) frame")
        }
        let viewport = Rect(x: 0, y: 0, width: scene.viewportWidth, height: scene.viewportHeight)
        canvas.fill(viewport, Scene.overscrollColor)
        // The web view's document view is at least as tall as the view itself.
        let canvasHeight = max(document.height, scene.viewportHeight)
        let documentOnScreen = Rect(x: 0, y: -frame.contentOffset, width: scene.viewportWidth, height: canvasHeight)
        if let visible = documentOnScreen.intersection(viewport) { canvas.fill(visible, document.canvasColor) }
        let visibleInDocument = Rect(x: 0, y: frame.contentOffset, width: max(document.width, scene.viewportWidth), height: scene.viewportHeight)
        canvas.save()
        canvas.clip(to: viewport)
        canvas.translate(0, -frame.contentOffset)
        Rasterizer.draw(document.displayList.entries(intersecting: visibleInDocument), on: canvas)
        canvas.restore()
        drawHeader(frame.header, on: canvas, viewport: viewport)
        if let indicator = frame.indicator {
            canvas.fillRoundedRect(indicator, radius: ScrollIndicatorMetrics.cornerRadius, Scene.indicatorColor)
        }
        return canvas
    }

    private func drawHeader(_ rect: Rect, on canvas: Canvas, viewport: Rect) {
        guard rect.height > 0, let onScreen = rect.intersection(viewport) else { return }
        canvas.fill(onScreen, scene.headerColor)
        guard let header else { return }
        canvas.save()
        canvas.clip(to: onScreen)
        canvas.translate(rect.x, rect.y)
        Rasterizer.draw(header.displayList.entries, on: canvas)
        canvas.restore()
    }

    /// Renders every offset and writes `frame-<offset>.png` files into `directory`; returns
    /// the paths in offset order.
    public func writeFrames(to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for frame in frames {
            let name = "frame-\(Scene.format(frame.userOffset)).png"
            let path = (directory as NSString).appendingPathComponent(name)
            try render(frame).writePNG(to: path)
            paths.append(path)
        }
        return paths
    }
}
