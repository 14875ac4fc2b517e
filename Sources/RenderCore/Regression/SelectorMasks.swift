import Foundation

/// Masks that follow the mail as it scrolls: the boxes of elements a CSS selector matches
/// (in the mail and in the header fragment) and rectangles in document coordinates, found once
/// per scene and placed on each frame where the content is at that offset.
struct SceneMasks {
    /// In viewport points: they stay where they are.
    private var viewportRects: [Rect] = []
    /// In content points (the document's top is y 0; zoom applied).
    private var documentRects: [Rect] = []
    /// Matched elements in or inside fixed and sticky boxes, which move per frame: their
    /// paths and laid-out boxes (CSS px).
    private var anchoredBoxes: [(path: String, frame: Rect)] = []
    /// In the header fragment's coordinates.
    private var headerRects: [Rect] = []
    /// Selectors that match no element of the mail or its header: a mask that hides nothing
    /// is a typo or a stale selector, worth a warning.
    private(set) var unmatched: [String] = []

    init(_ tolerance: Tolerance, renderer: SceneRenderer) {
        let scene = renderer.scene
        let zoom = renderer.document.zoomScale
        func rects(_ space: MaskSpace) -> [Rect] {
            tolerance.masks.filter { $0.space == space }.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        }
        viewportRects = rects(.viewport)
        documentRects = rects(.document)
        guard !tolerance.maskSelectors.isEmpty else { return }
        let documentPaths = Self.paths(matching: tolerance.maskSelectors, in: scene.html, limits: scene.limits)
        let headerPaths = scene.headerHTML.map {
            Self.paths(matching: tolerance.maskSelectors, in: SceneRenderer.headerDocument($0), limits: scene.limits)
        } ?? [:]
        for box in renderer.document.boxes where documentPaths[box.path] != nil {
            if renderer.document.isAnchored(box.path) {
                anchoredBoxes.append((box.path, box.frame))
                continue
            }
            documentRects.append(Rect(x: box.frame.x * zoom, y: box.frame.y * zoom, width: box.frame.width * zoom, height: box.frame.height * zoom))
        }
        for box in renderer.header?.boxes ?? [] where headerPaths[box.path] != nil { headerRects.append(box.frame) }
        let matched = Set(documentPaths.values.flatMap { $0 } + headerPaths.values.flatMap { $0 })
        unmatched = tolerance.maskSelectors.filter { !matched.contains($0) }
    }

    /// Every mask of `frame` in viewport points: content masks where the content shows (not
    /// under the header), header masks inside the header.
    func rects(in frame: ScrollFrame, renderer: SceneRenderer) -> [Rect] {
        let scene = renderer.scene
        let screen = Rect(x: 0, y: 0, width: scene.viewportWidth, height: scene.viewportHeight)
        let header = frame.header.height > 0 ? frame.header.intersection(screen) : nil
        var rects = viewportRects
        let zoom = renderer.document.zoomScale, placement = renderer.placement(frame)
        let anchored = anchoredBoxes.map { box in
            let placed = renderer.document.placed(box.frame, path: box.path, placement: placement)
            return Rect(x: placed.x * zoom, y: placed.y * zoom, width: placed.width * zoom, height: placed.height * zoom)
        }
        for rect in documentRects + anchored {
            guard let visible = rect.offsetBy(dx: 0, dy: frame.content.y).intersection(screen) else { continue }
            rects += header.map { Self.outside(band: $0, visible) } ?? [visible]
        }
        if let header {
            let origin = renderer.headerFragmentOrigin(frame.header)
            rects += headerRects.compactMap { $0.offsetBy(dx: origin.x, dy: origin.y).intersection(header) }
        }
        return rects
    }

    /// The same in pixels, for the comparison.
    func pixels(in frame: ScrollFrame, renderer: SceneRenderer) -> [PixelRect] {
        rects(in: frame, renderer: renderer).map {
            MaskRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height).pixels(scale: renderer.scene.scale)
        }
    }

    /// The parts of `rect` above and below a full-width band (the header drawn over content).
    private static func outside(band: Rect, _ rect: Rect) -> [Rect] {
        [Rect(x: rect.x, y: rect.y, width: rect.width, height: min(rect.maxY, band.y) - rect.y),
         Rect(x: rect.x, y: max(rect.y, band.maxY), width: rect.width, height: rect.maxY - max(rect.y, band.maxY))]
            .filter { $0.height > 0 }
    }

    /// DOM paths of the elements each path's selectors match: path → the selectors.
    private static func paths(matching selectors: [String], in html: String, limits: ResourceLimits) -> [String: [String]] {
        let dom = HTMLParser.parse(html, limits: limits)
        let paths = DOMPaths(dom)
        let parsed = selectors.map { ($0, Selector.parseList($0) ?? []) }
        var found: [String: [String]] = [:]
        let context = SelectorMatchContext()   // one for the document: :has() answers, sibling indexes
        for node in dom.nodes.indices where dom[node].tag != nil {
            guard let path = paths.path(of: node) else { continue }
            for (text, list) in parsed where list.contains(where: { $0.matches(node, in: dom, context: context) }) {
                found[path, default: []].append(text)
            }
        }
        return found
    }

}

/// A mask's CSS selector, as a suite or `--mask-selector` gives it.
public enum MaskSelector {
    /// Checks a selector; the message names it.
    public static func validate(_ selector: String) throws {
        let trimmed = selector.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, selector.count <= 1000, let list = Selector.parseList(trimmed), !list.isEmpty else {
            throw RenderError.input("'\(selector)' is not a CSS selector")
        }
    }
}
