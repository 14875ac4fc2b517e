import Foundation

/// Lays a scene out once and cuts a frame per offset: overscroll background, the document's
/// visible part, the native header and the scroll indicator.
public struct SceneRenderer: Sendable {
    public let scene: Scene
    public let document: LaidOutDocument
    public let header: LaidOutDocument?
    public let geometry: ScrollScene

    public init(scene: Scene, fonts: FontSet = .shared) throws {
        try scene.validate()
        self.scene = scene
        let addedFonts = try scene.fontDirectory.map { try TeamFonts.load(directory: $0) } ?? []
        document = LaidOutDocument(html: scene.html, viewportWidth: scene.viewportWidth,
                                   viewportHeight: scene.viewportHeight, fonts: fonts,
                                   images: ImageStore(baseDirectory: scene.baseDirectory, contentIDs: scene.inlineImages,
                                                      limits: scene.limits, allowedDirectories: scene.allowedDirectories,
                                                      options: scene.images, devicePixelRatio: scene.scale),
                                   appearance: scene.appearance, client: scene.client, viewportRules: scene.viewportRules,
                                   limits: scene.limits, addedFonts: addedFonts)
        header = scene.headerHTML.map { fragment in
            LaidOutDocument(html: Self.headerDocument(fragment),
                            viewportWidth: scene.viewportWidth, viewportHeight: scene.headerHeight, fonts: fonts,
                            images: ImageStore(baseDirectory: nil, limits: scene.limits, options: scene.images,
                                               devicePixelRatio: scene.scale), appearance: scene.appearance, limits: scene.limits, addedFonts: addedFonts)
        }
        geometry = ScrollScene(scene: scene, document: document)
        offsets = try scene.resolvedOffsets(end: geometry.endOffset)
    }

    /// The header fragment as the document it is laid out in. The header stands for native
    /// views, which follow the system's appearance: it declares both schemes, so its default
    /// text is white in dark mode whatever the fragment says.
    static func headerDocument(_ fragment: String) -> String {
        "<meta name=\"color-scheme\" content=\"light dark\"><body style=\"margin:0;font-family:sans-serif\">" + fragment
    }

    /// The scene's offsets with ranges and `end` resolved against the scroll range.
    public let offsets: [Double]

    public var frames: [ScrollFrame] { offsets.map { geometry.frame(forUserOffset: $0) } }

    public func render(_ frame: ScrollFrame) throws -> Canvas {
        let canvas = try makeCanvas()
        draw(frame, on: canvas)
        return canvas
    }

    /// A canvas of the frame's pixel size.
    func makeCanvas() throws -> Canvas {
        let (pixelWidth, pixelHeight) = framePixelSize
        guard let canvas = Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scene.scale) else {
            throw RenderError.output("cannot allocate a \(pixelWidth)x\(pixelHeight) frame")
        }
        return canvas
    }

    /// A frame's size in pixels.
    var framePixelSize: (width: Int, height: Int) {
        (Int((scene.viewportWidth * scene.scale).rounded()), Int((scene.viewportHeight * scene.scale).rounded()))
    }

    /// Whether a canvas of this size has the frame's edges on pixel edges.
    func isPixelExact(width: Int, height: Int) -> Bool {
        Double(width) == scene.viewportWidth * scene.scale && Double(height) == scene.viewportHeight * scene.scale
    }

    /// Draws a frame on a canvas from `makeCanvas`, whatever it held before: writers reuse
    /// one canvas per worker, which spares allocating and faulting in a frame's memory each
    /// time. The drawing state is restored after, and every pixel is painted (or cleared
    /// first), so a reused canvas gives the same pixels as a fresh one.
    ///
    /// Returns true when every pixel is known to be opaque (the PNG writer then skips its own
    /// check). `cullOccluded: false` draws everything the plain way, for tests to compare.
    @discardableResult
    func draw(_ frame: ScrollFrame, on canvas: Canvas, cullOccluded: Bool = true) -> Bool {
        canvas.save()
        defer { canvas.restore() }
        let viewport = Rect(x: 0, y: 0, width: scene.viewportWidth, height: scene.viewportHeight)
        // The frame's edges fall on pixel edges, so an opaque fill of the viewport sets every
        // pixel outright, whatever was there.
        let cull = cullOccluded && isPixelExact(width: canvas.pixelWidth, height: canvas.pixelHeight)
        var (entries, opaque) = visibleEntries(frame, cull: cull, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight)
        let zoom = document.zoomScale  // the display list is in layout px; the web view shows it at zoomScale
        if !opaque {
            // The web view's document view is at least as tall as the view itself.
            let canvasHeight = max(geometry.contentHeight, scene.viewportHeight)
            let documentOnScreen = Rect(x: 0, y: frame.content.y, width: scene.viewportWidth, height: canvasHeight)
            let overscroll = scene.resolvedOverscrollColor
            let documentCovers = documentOnScreen.contains(viewport)
            // Pixel-exact, the first full fill replaces every pixel when it is opaque.
            opaque = cull && (documentCovers ? document.canvasColor.a >= 1 : overscroll.a >= 1)
            if !opaque { canvas.clear() }
            if !(opaque && documentCovers) { canvas.fill(viewport, overscroll) }
            if let visible = documentOnScreen.intersection(viewport) { canvas.fill(visible, document.canvasColor) }
        }
        canvas.save()
        canvas.clip(to: viewport)
        canvas.translate(0, frame.content.y)
        if zoom != 1 { canvas.scale(by: zoom) }
        Rasterizer.draw(entries, on: canvas, placement: placement(frame))
        canvas.restore()
        drawHeader(frame.header, on: canvas, viewport: viewport)
        drawToolbar(on: canvas)
        if let indicator = frame.indicator {
            canvas.fillRoundedRect(indicator, radius: ScrollIndicatorMetrics.cornerRadius, scene.resolvedIndicatorColor)
        }
        // OVER keeps opaque pixels opaque, whatever is drawn on top.
        return opaque
    }

    /// Where the frame puts the document's fixed and sticky boxes: against its layout
    /// viewport, in the display list's layout px.
    public func placement(_ frame: ScrollFrame) -> AnchorPlacement {
        let zoom = document.zoomScale > 0 ? document.zoomScale : 1
        let viewport = frame.layoutViewport
        return AnchorPlacement(viewport: Rect(x: viewport.x / zoom, y: viewport.y / zoom,
                                              width: viewport.width / zoom, height: viewport.height / zoom))
    }

    /// The display-list entries a frame draws: those intersecting it, less the fills hidden
    /// under opaque ones when `cull`, cut to the paint budget. `opaque` is true when an opaque
    /// fill of the whole frame was found (everything before it is dropped).
    func visibleEntries(_ frame: ScrollFrame, cull: Bool, pixelWidth: Int, pixelHeight: Int)
        -> (entries: [DisplayList.Entry], opaque: Bool) {
        let culled = culledEntries(frame, cull: cull, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        return (PaintBudget.limit(culled.entries, visible: culled.visible).entries, culled.opaque)
    }

    private func culledEntries(_ frame: ScrollFrame, cull: Bool, pixelWidth: Int, pixelHeight: Int)
        -> (entries: [DisplayList.Entry], opaque: Bool, visible: Rect) {
        // The display list is in layout px; the web view shows it at zoomScale.
        let zoom = document.zoomScale
        let visible = Rect(x: 0, y: -frame.content.y / zoom, width: max(document.width, scene.viewportWidth / zoom),
                           height: scene.viewportHeight / zoom)
        var entries = document.displayIndex.entries(intersecting: visible)
        var opaque = false
        if cull {
            let occlusion = Occlusion(scale: scene.scale, originY: frame.content.y, zoom: zoom,
                                      pixelWidth: Double(pixelWidth), pixelHeight: Double(pixelHeight))
            entries = occlusion.removingHiddenFills(entries)
            if let occluder = occlusion.lastOccluder(in: entries) {
                // Everything below an opaque fill of the whole frame is hidden: start there.
                entries.removeSubrange(..<occluder)
                opaque = true
            }
        }
        return (entries, opaque, visible)
    }

    /// A warning when frames paint past the paint budget (and so leave items out).
    public var paintBudgetWarning: String? {
        let (pixelWidth, pixelHeight) = framePixelSize
        let cull = isPixelExact(width: pixelWidth, height: pixelHeight)
        let overpainted = frames.filter { frame in
            let culled = culledEntries(frame, cull: cull, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            return PaintBudget.limit(culled.entries, visible: culled.visible).cut
        }
        guard !overpainted.isEmpty else { return nil }
        return "\(overpainted.count) frame(s) paint more than \(Int(PaintBudget.maximumCoverage)) times over their area; "
            + "the backgrounds, images and shadows past that are not drawn"
    }

    private func drawHeader(_ rect: Rect, on canvas: Canvas, viewport: Rect) {
        guard rect.height > 0, let onScreen = rect.intersection(viewport) else { return }
        canvas.fill(onScreen, scene.resolvedHeaderColor)
        guard let header else { return }
        canvas.save()
        canvas.clip(to: onScreen)
        let origin = headerFragmentOrigin(rect)
        canvas.translate(origin.x, origin.y)
        Rasterizer.draw(header.displayList.entries, on: canvas)
        canvas.restore()
    }

    /// Where the header fragment's top-left is drawn for a header at `rect`: a stretched
    /// header keeps its fragment at the bottom, next to the mail; a collapsing one keeps the
    /// top and clips the rest.
    func headerFragmentOrigin(_ rect: Rect) -> (x: Double, y: Double) {
        let stretched = scene.headerMode == .stretch && rect.height > scene.headerHeight
        return (rect.x, stretched ? rect.maxY - scene.headerHeight : rect.y)
    }

    /// One worker per core by default.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Renders every offset and writes `frame-<offset>.png` files into `directory`; returns
    /// the paths in offset order. Frames are independent, so `jobs` workers render and encode
    /// them in parallel, each holding one frame at a time; the files are the same bytes
    /// whatever `jobs` is. Offsets that name the same file are rendered once.
    /// `variant` names the appearance when both are rendered: `frame-<offset>-dark.png`.
    public func writeFrames(to directory: String, compression: PNGCompression = .fast,
                            jobs: Int = SceneRenderer.defaultJobs, variant: String? = nil) throws -> [String] {
        try OutputFolder.create(directory)
        let paths = frames.map { frame in
            (directory as NSString).appendingPathComponent("frame-\(Scene.format(frame.userOffset))\(variant.map { "-" + $0 } ?? "").png")
        }
        var seen: Set<String> = []
        let work = zip(frames, paths).filter { seen.insert($0.1).inserted }
        let canvases = (0..<max(1, jobs)).map { _ in ReusedCanvas() }
        let failures = ParallelWork.run(count: work.count, jobs: jobs) { worker, index in
            let (frame, path) = work[index]
            let canvas = try canvases[worker].canvas ?? makeCanvas()
            canvases[worker].canvas = canvas
            let opaque = draw(frame, on: canvas)
            try canvas.writePNG(to: path, compression: compression, knownOpaque: opaque)
        }
        if let failure = failures.first { throw failure }
        return paths
    }
}

extension SceneRenderer {
    /// A bottom toolbar (`toolbarHeight`) above the safe area, its bar reaching the screen's
    /// bottom, with a one-pixel hairline on top.
    func drawToolbar(on canvas: Canvas) {
        guard scene.toolbarHeight > 0 else { return }
        let top = scene.viewportHeight - scene.safeAreaBottom - scene.toolbarHeight
        canvas.fill(Rect(x: 0, y: top, width: scene.viewportWidth, height: scene.viewportHeight - top), scene.appearance.toolbarColor)
        canvas.fill(Rect(x: 0, y: top, width: scene.viewportWidth, height: 1 / scene.scale), scene.appearance.toolbarHairlineColor)
    }
}

/// One worker's canvas, kept between its frames; only that worker touches it.
private final class ReusedCanvas: @unchecked Sendable {
    var canvas: Canvas?
}
