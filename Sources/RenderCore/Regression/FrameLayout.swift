import Foundation

/// The layout of one frame, kept beside its golden as `<golden>.layout.json` so that a
/// failing check can name the elements that changed (`LayoutDiff`): every element box the
/// frame shows, by DOM path, with its rect in frame points, its colours and its own text; the
/// native header (`header`, and its fragment's elements as `header /body[0]/…`) and the
/// scroll indicator (`scroll indicator`), named as such.
///
/// Committed to users' repositories, so compact and deterministic: elements in painting
/// (document) order, one per line, points with at most 2 decimals.
public struct FrameLayout: Codable, Equatable, Sendable {
    public var version = 1
    /// The frame's width and height in points.
    public var viewport: [Double]
    public var elements: [Element]
    /// True when the frame showed more elements than a sidecar keeps.
    public var truncated: Bool?

    public struct Element: Codable, Equatable, Sendable {
        public var path: String
        /// x, y, width, height in points of the frame.
        public var rect: [Double]
        public var background: String?
        public var border: String?
        public var color: String?
        public var text: String?
    }

    public static let headerName = "header"
    public static let indicatorName = "scroll indicator"
    /// Elements kept per frame: a hostile mail of tiny elements must not make a huge sidecar.
    static let maximumElements = 5000

    /// The sidecar of a golden: its path with `.png` replaced by `.layout.json`. The one place
    /// the name is derived, so a renamed golden carries its layout along.
    public static func sidecarPath(forGolden golden: String) -> String {
        (golden.hasSuffix(".png") ? String(golden.dropLast(4)) : golden) + sidecarSuffix
    }

    /// How a golden's sidecar ends (`StaleGoldens` groups files by it).
    static let sidecarSuffix = ".layout.json"

    /// The stored layout beside a golden; nil when there is none or it cannot be read
    /// (goldens recorded before sidecars: the check falls back to changed regions).
    public static func load(forGolden golden: String) -> FrameLayout? {
        guard let data = FileManager.default.contents(atPath: sidecarPath(forGolden: golden)) else { return nil }
        guard let layout = try? JSONDecoder().decode(FrameLayout.self, from: data), layout.viewport.count == 2,
              layout.elements.allSatisfy({ $0.rect.count == 4 && $0.rect.allSatisfy(\.isFinite) }) else { return nil }
        return layout
    }

    public init(viewport: [Double], elements: [Element], truncated: Bool? = nil) {
        self.viewport = viewport; self.elements = elements; self.truncated = truncated
    }

    /// What `frame` of `renderer`'s scene shows.
    public init(_ renderer: SceneRenderer, frame: ScrollFrame) {
        let scene = renderer.scene
        let screen = Rect(x: 0, y: 0, width: scene.viewportWidth, height: scene.viewportHeight)
        var elements: [Element] = []
        func add(_ path: String, _ rect: Rect, _ paint: ElementPaint) {
            elements.append(Element(path: path, rect: Self.rounded(rect), background: paint.background?.hexWithAlpha,
                                    border: paint.border, color: paint.color?.hexWithAlpha,
                                    text: paint.text.isEmpty ? nil : paint.text))
        }
        let header = frame.header.intersection(screen)
        if let header {
            add(Self.headerName, frame.header, ElementPaint(background: scene.resolvedHeaderColor, color: nil, border: nil, text: ""))
            if let fragment = renderer.header {
                let origin = renderer.headerFragmentOrigin(frame.header)
                for box in fragment.boxes {
                    let rect = box.frame.offsetBy(dx: origin.x, dy: origin.y)
                    if rect.intersection(header) != nil { add(Self.headerName + " " + box.path, rect, box.paint) }
                }
            }
        }
        let zoom = renderer.document.zoomScale
        let placement = renderer.placement(frame)
        for box in renderer.document.boxes {
            let placed = renderer.document.placed(box.frame, path: box.path, placement: placement)  // fixed, sticky
            let rect = Rect(x: placed.x * zoom, y: placed.y * zoom + frame.content.y,
                            width: placed.width * zoom, height: placed.height * zoom)
            guard rect.intersection(screen) != nil, !(header?.contains(rect) ?? false) else { continue }
            add(box.path, rect, box.paint)
        }
        if let indicator = frame.indicator {
            add(Self.indicatorName, indicator, ElementPaint(background: scene.resolvedIndicatorColor, color: nil, border: nil, text: ""))
        }
        viewport = [scene.viewportWidth, scene.viewportHeight].map(Self.rounded)
        if elements.count > Self.maximumElements {
            self.elements = Array(elements.prefix(Self.maximumElements - 1)) + [elements.last!]
            truncated = true
        } else {
            self.elements = elements
        }
    }

    /// One element a line: a reviewer's diff of the file names the elements that moved.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = try elements.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        var text = "{\"version\":\(version),\"viewport\":\(String(decoding: try encoder.encode(viewport), as: UTF8.self)),"
        if truncated == true { text += "\"truncated\":true," }
        text += "\"elements\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
        return Data(text.utf8)
    }

    /// Writes the sidecar of `golden` (atomically, as goldens are).
    public func write(forGolden golden: String) throws {
        try AtomicFile.write(try encoded(), to: Self.sidecarPath(forGolden: golden))
    }

    static func rounded(_ value: Double) -> Double {
        let result = (value * 100).rounded() / 100
        return result == 0 ? 0 : result  // no -0 in the file
    }

    static func rounded(_ rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height].map(rounded) }
}
