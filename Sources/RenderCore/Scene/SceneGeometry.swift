/// The scroll geometry of a scene whose document is laid out: every scene option mapped onto
/// `ScrollScene`, which stays pure numbers.
extension ScrollScene {
    public init(scene: Scene, document: LaidOutDocument) {
        let zoom = document.zoomScale
        // Without viewport rules the document view is the view's width (wider content
        // overflows it); with them, the laid-out width at the zoom scale.
        let width = scene.viewportRules == .none ? scene.viewportWidth : max(scene.viewportWidth, document.width * zoom)
        self.init(viewportWidth: scene.viewportWidth, viewportHeight: scene.viewportHeight,
                  headerHeight: scene.headerHeight, contentHeight: document.height * zoom, contentWidth: width,
                  headerMinHeight: scene.resolvedHeaderMinHeight, headerMode: scene.headerMode,
                  bottomInset: scene.toolbarHeight, bounce: scene.bounce, indicator: scene.indicator,
                  minimumContentHeightIsViewport: scene.engine == .wkwebview, strategy: scene.strategy,
                  safeAreaTop: scene.safeAreaTop, safeAreaBottom: scene.safeAreaBottom,
                  insetAdjustment: scene.insetAdjustment)
    }
}

extension Scene {
    /// The offsets as numbers, with ranges and `end` resolved against the bottom of the
    /// scroll range (`end`, as a user offset).
    public func resolvedOffsets(end: Double) throws -> [Double] {
        var values: [Double] = []
        for offset in offsets {
            values += offset.values(end: end)
            guard values.count <= limits.maximumFrames else {
                throw RenderError.input("the offsets stand for more than \(ResourceLimits.count(limits.maximumFrames)) frames")
            }
        }
        return values
    }
}
