import Foundation
import RenderCore

/// The geometry and document layout as JSON (`snapshot layout --json`), in the shape
/// `../shared/tools/fidelity.py` reads under the key `document`.
struct LayoutReport: Encodable {
    struct Size: Encodable { let width: Double; let height: Double }
    struct Viewport: Encodable { let width: Double; let height: Double; let scale: Double }
    struct Insets: Encodable { let top: Double; let bottom: Double }
    struct Box: Encodable {
        let x: Double, y: Double, w: Double, h: Double
        init(_ rect: Rect) { x = rect.x; y = rect.y; w = rect.width; h = rect.height }
    }
    struct PathBox: Encodable { let path: String; let x: Double, y: Double, w: Double, h: Double }
    struct Frame: Encodable {
        let offset: Double
        let contentOffset: Double
        let clamped: Bool
        let clampedEdge: String
        let header: Box
        let content: Box
        let visibleContent: Box
        let indicator: Box?
    }
    /// `text`: the visible text in reading order (`LaidOutDocument.text`).
    struct Document: Encodable { let width: Double; let height: Double; let boxes: [PathBox]; let text: String }

    let viewport: Viewport
    let contentInset: Insets
    /// contentInset plus the safe area where contentInsetAdjustmentBehavior adds it.
    let adjustedContentInset: Insets
    let safeArea: Insets
    let scrollIndicatorInsets: Insets
    let contentSize: Size
    /// The scale the web view shows the mail at (1 when no viewport rule applies), and the
    /// width it was laid out at in CSS px.
    let zoomScale: Double
    let layoutWidth: Double
    let headerMode: String
    let strategy: String
    let appearance: String
    let frames: [Frame]
    let document: Document

    init(_ renderer: SceneRenderer) {
        let scene = renderer.scene
        viewport = Viewport(width: scene.viewportWidth, height: scene.viewportHeight, scale: scene.scale)
        let geometry = renderer.geometry
        contentInset = Insets(top: geometry.contentInset.top, bottom: geometry.contentInset.bottom)
        adjustedContentInset = Insets(top: geometry.adjustedContentInset.top, bottom: geometry.adjustedContentInset.bottom)
        safeArea = Insets(top: scene.safeAreaTop, bottom: scene.safeAreaBottom)
        scrollIndicatorInsets = Insets(top: geometry.scrollIndicatorInsets.top, bottom: geometry.scrollIndicatorInsets.bottom)
        zoomScale = renderer.document.zoomScale
        layoutWidth = renderer.document.viewport.layoutWidth
        headerMode = scene.headerMode.rawValue
        strategy = scene.strategy.rawValue
        appearance = scene.appearance.rawValue
        let size = renderer.geometry.contentSize
        contentSize = Size(width: size.width, height: size.height)
        frames = renderer.frames.map { frame in
            Frame(offset: frame.userOffset, contentOffset: frame.contentOffset, clamped: frame.clamped != .none,
                  clampedEdge: frame.clamped.rawValue, header: Box(frame.header), content: Box(frame.content),
                  visibleContent: Box(frame.visibleContent), indicator: frame.indicator.map(Box.init))
        }
        let laidOut = renderer.document
        document = Document(width: laidOut.width, height: laidOut.height, boxes: laidOut.boxes.map {
            PathBox(path: $0.path, x: $0.frame.x, y: $0.frame.y, w: $0.frame.width, h: $0.frame.height)
        }, text: laidOut.text)
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
