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
    struct Document: Encodable { let width: Double; let height: Double; let boxes: [PathBox] }

    let viewport: Viewport
    let contentInset: Insets
    let contentSize: Size
    let frames: [Frame]
    let document: Document

    init(_ renderer: SceneRenderer) {
        let scene = renderer.scene
        viewport = Viewport(width: scene.viewportWidth, height: scene.viewportHeight, scale: scene.scale)
        contentInset = Insets(top: renderer.geometry.headerHeight, bottom: renderer.geometry.bottomInset)
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
        })
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
