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
    /// A fixed or sticky element in one frame: where it is in the document (CSS px, as
    /// `document.boxes`) and on screen (viewport points).
    struct AnchoredBox: Encodable {
        let path: String
        let position: String
        let x: Double, y: Double, w: Double, h: Double
        let screen: Box
    }
    struct Frame: Encodable {
        let offset: Double
        let contentOffset: Double
        let clamped: Bool
        let clampedEdge: String
        let header: Box
        let content: Box
        let visibleContent: Box
        let indicator: Box?
        /// The web view's layout viewport (document coordinates on screen): what fixed boxes
        /// are fixed to and sticky ones stick in.
        let layoutViewport: Box
        /// Each fixed and sticky element's box in this frame, in tree order.
        let anchored: [AnchoredBox]
    }
    struct Unsupported: Encodable { let feature: String; let path: String }
    /// Text painted within WCAG contrast 1.5:1 of its background (`InvisibleText`).
    struct Unreadable: Encodable { let path: String; let color: String; let background: String; let contrast: Double }
    /// An `<img>`: its URL (a long `data:` URI cut), what it shows (data, message-part, file,
    /// asset, placeholder, broken), the file read, and its border box.
    struct Image: Encodable {
        let path: String
        let url: String
        let shown: String
        let file: String?
        let x: Double, y: Double, w: Double, h: Double
        init(_ use: ImageUse) {
            path = use.path
            url = use.url.utf8.count > 100 ? String(use.url.prefix(97)) + "..." : use.url
            shown = use.shown.rawValue
            file = use.file
            (x, y, w, h) = (use.frame.x, use.frame.y, use.frame.width, use.frame.height)
        }
    }
    struct Document: Encodable {
        let width: Double
        let height: Double
        let boxes: [PathBox]
        let images: [Image]
        /// The root's declared `color-scheme` ("normal" when none), and how the mail's colours
        /// are shown: light, unchanged (E1), color-scheme (E2–E5), as-authored (R2),
        /// invert-lightness (R3).
        let colorScheme: String
        let darkMode: String
        let invisibleText: [Unreadable]
        /// CSS WebKit renders and the engine drops, with the first element using each.
        let unsupported: [Unsupported]
        /// The visible text in reading order (`LaidOutDocument.text`).
        let text: String
    }

    /// A `.eml` message's fields as the frames show them (decoded, addresses in Unicode).
    struct Message: Encodable {
        struct Address: Encodable {
            let name: String?
            let address: String
            init(_ address: MailAddress) { name = address.name; self.address = address.address }
        }
        struct When: Encodable { let iso: String; let shown: String }
        struct Attachment: Encodable { let filename: String; let contentType: String; let size: Int }
        struct Body: Encodable { let type: String?; let charset: String?; let path: String? }

        let from: Address?
        let sender: Address?
        let to: [Address]
        let cc: [Address]
        let replyTo: [Address]
        let subject: String?
        let date: When?
        /// The Date field as written (also when it cannot be read).
        let dateText: String?
        let attachments: [Attachment]
        let body: Body
        let warnings: [String]

        init(_ message: MailMessage, timeZone: TimeZone) {
            from = message.from.first.map(Address.init)
            sender = message.sender.first.map(Address.init)
            to = message.to.map(Address.init)
            cc = message.cc.map(Address.init)
            replyTo = message.replyTo.map(Address.init)
            subject = message.subject
            date = message.date.map { When(iso: MessageHeaderTemplate.isoDate($0, timeZone: timeZone),
                                           shown: MessageHeaderTemplate.formatDate($0, timeZone: timeZone)) }
            dateText = message.dateText
            attachments = message.attachments.map { Attachment(filename: $0.name, contentType: $0.mediaType, size: $0.size) }
            body = Body(type: message.bodyType, charset: message.bodyCharset, path: message.bodyPath)
            warnings = message.warnings
        }
    }

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
    let client: String
    let frames: [Frame]
    let document: Document
    /// Only for `.eml` input.
    let message: Message?

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
        client = scene.client.rawValue
        let size = renderer.geometry.contentSize
        contentSize = Size(width: size.width, height: size.height)
        frames = renderer.frames.map { frame in
            Frame(offset: frame.userOffset, contentOffset: frame.contentOffset, clamped: frame.clamped != .none,
                  clampedEdge: frame.clamped.rawValue, header: Box(frame.header), content: Box(frame.content),
                  visibleContent: Box(frame.visibleContent), indicator: frame.indicator.map(Box.init),
                  layoutViewport: Box(frame.layoutViewport), anchored: Self.anchored(in: frame, renderer))
        }
        message = scene.message.map { Message($0, timeZone: scene.messageTimeZone) }
        let laidOut = renderer.document
        document = Document(width: laidOut.width, height: laidOut.height, boxes: laidOut.boxes.map {
            PathBox(path: $0.path, x: $0.frame.x, y: $0.frame.y, w: $0.frame.width, h: $0.frame.height)
        }, images: laidOut.images.map(Image.init), colorScheme: laidOut.colorScheme.text, darkMode: laidOut.colorTreatment.rawValue,
            invisibleText: laidOut.invisibleText.map {
                Unreadable(path: $0.path, color: $0.color.hexString, background: $0.background.hexString,
                           contrast: ($0.contrast * 100).rounded(.down) / 100)
            }, unsupported: laidOut.unsupportedFeatures.map { Unsupported(feature: $0.feature, path: $0.path) },
            text: laidOut.text)
    }

    /// Where the document's fixed and sticky elements are in `frame`.
    static func anchored(in frame: ScrollFrame, _ renderer: SceneRenderer) -> [AnchoredBox] {
        let placement = renderer.placement(frame)
        let zoom = renderer.document.zoomScale
        return renderer.document.scrollAnchors.map { element in
            // Through its anchored ancestors too (a sticky box in a sticky one).
            let box = renderer.document.placed(element.anchor.box, path: element.path, placement: placement)
            let screen = Rect(x: box.x * zoom + frame.content.x, y: box.y * zoom + frame.content.y,
                              width: box.width * zoom, height: box.height * zoom)
            return AnchoredBox(path: element.path, position: element.position, x: box.x, y: box.y, w: box.width, h: box.height,
                               screen: Box(screen))
        }
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
