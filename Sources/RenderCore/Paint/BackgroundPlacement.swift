import Foundation

/// One background layer ready to draw: its image or gradient in `tile`, repeated every
/// `periodX`/`periodY` (nil: not along that axis), inside `clip`, blended with `blendMode`.
public struct BackgroundLayerPaint: Sendable {
    public enum Content: Sendable {
        case image(DecodedImage)
        case gradient(CSSGradient)
        /// The background colour (drawn as a layer only when clipped to text).
        case color(RGBA)
    }

    public var content: Content
    public var clip: Rect
    public var tile: Rect
    public var periodX: Double?, periodY: Double?
    public var blendMode: BlendMode = .normal
    /// `background-clip: text`: painted only inside these glyphs (the element's text).
    public var textClip: [GlyphRun]? = nil

    /// Where the layer paints: the clip, narrowed to the tile along axes that do not repeat.
    var paintedArea: Rect? {
        let x0 = periodX == nil ? max(clip.x, tile.x) : clip.x, x1 = periodX == nil ? min(clip.maxX, tile.maxX) : clip.maxX
        let y0 = periodY == nil ? max(clip.y, tile.y) : clip.y, y1 = periodY == nil ? min(clip.maxY, tile.maxY) : clip.maxY
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The border, padding and content boxes of an element, for `background-clip` and `-origin`.
struct BackgroundBoxes {
    var border: Rect, padding: Rect, content: Rect

    func rect(_ box: BackgroundBox) -> Rect {
        switch box {
        case .borderBox: return border
        case .paddingBox: return padding
        case .contentBox, .text: return content
        }
    }
}

/// Where a layer's tiles go (CSS Backgrounds 3 §3.4–3.9): size from `background-size`
/// against the origin box, `round` and `space` adjustments, then `background-position`.
enum BackgroundPlacement {
    /// The first tile and the repeat periods, or nil when the layer shows nothing. `intrinsic`
    /// is the image's size; gradients have none.
    static func place(_ layer: BackgroundLayer, intrinsic: (width: Double, height: Double)?,
                      boxes: BackgroundBoxes) -> (tile: Rect, periodX: Double?, periodY: Double?)? {
        let area = boxes.rect(layer.origin)
        guard var (width, height) = size(layer.size, intrinsic: intrinsic, area: area) else { return nil }
        let autoWidth: Bool, autoHeight: Bool
        switch layer.size {
        case .auto: (autoWidth, autoHeight) = (true, true)
        case .explicit(let w, let h): (autoWidth, autoHeight) = (w == .auto, h == .auto)
        default: (autoWidth, autoHeight) = (false, false)
        }
        // `round`: a whole number of tiles fits; the other axis keeps the ratio if it is auto.
        let before = (width, height)
        if layer.repeatX == .round { width = area.width / max(1, (area.width / width).rounded()) }
        if layer.repeatY == .round { height = area.height / max(1, (area.height / height).rounded()) }
        if layer.repeatX == .round, layer.repeatY != .round, autoHeight { height = before.1 * width / before.0 }
        if layer.repeatY == .round, layer.repeatX != .round, autoWidth { width = before.0 * height / before.1 }
        guard width > 0.001, height > 0.001, width.isFinite, height.isFinite else { return nil }
        func axis(_ mode: BackgroundRepeat, start: Double, extent: Double, size: Double, position: BackgroundPosition.Axis) -> (Double, Double?) {
            switch mode {
            case .noRepeat:
                return (start + position.resolve(extent - size), nil)
            case .repeat, .round:
                return (start + position.resolve(extent - size), size)
            case .space:
                // As many whole tiles as fit, the first and last touching the edges.
                let count = (extent / size).rounded(.down)
                guard count > 1 else { return (start + position.resolve(extent - size), nil) }
                return (start, size + (extent - count * size) / (count - 1))
            }
        }
        let (x, periodX) = axis(layer.repeatX, start: area.x, extent: area.width, size: width, position: layer.position.x)
        let (y, periodY) = axis(layer.repeatY, start: area.y, extent: area.height, size: height, position: layer.position.y)
        return (Rect(x: x, y: y, width: width, height: height), periodX, periodY)
    }

    /// `background-size` against the positioning area; an image without intrinsic size (a
    /// gradient) takes the area's size for whatever is auto.
    static func size(_ size: BackgroundSize, intrinsic: (width: Double, height: Double)?,
                     area: Rect) -> (Double, Double)? {
        switch size {
        case .auto:
            return intrinsic.map { ($0.width, $0.height) } ?? (area.width, area.height)
        case .cover, .contain:
            guard let intrinsic, intrinsic.width > 0, intrinsic.height > 0 else { return (area.width, area.height) }
            let scaleX = area.width / intrinsic.width, scaleY = area.height / intrinsic.height
            let scale = size == .cover ? max(scaleX, scaleY) : min(scaleX, scaleY)
            return (intrinsic.width * scale, intrinsic.height * scale)
        case .explicit(let w, let h):
            let width = w.resolve(area.width), height = h.resolve(area.height)
            if let width, let height { return (width, height) }
            if let intrinsic, intrinsic.width > 0, intrinsic.height > 0 {
                if let width { return (width, width * intrinsic.height / intrinsic.width) }
                if let height { return (height * intrinsic.width / intrinsic.height, height) }
                return (intrinsic.width, intrinsic.height)
            }
            return (width ?? area.width, height ?? area.height)
        }
    }
}

extension Rect {
    /// The rect with `edges` taken off each side (never negative in size).
    func inset(by edges: Edges<Double>) -> Rect {
        Rect(x: x + edges.left, y: y + edges.top, width: max(0, width - edges.left - edges.right),
             height: max(0, height - edges.top - edges.bottom))
    }
}
