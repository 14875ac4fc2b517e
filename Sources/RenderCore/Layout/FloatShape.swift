import Foundation

/// The area of a float that the lines beside it wrap around (`shape-outside`, CSS Shapes 1
/// §5), in coordinates of the float's border box, grown by `shape-margin`. For a line's
/// vertical span it gives the horizontal extent the shape takes there, as WebKit's
/// LayoutShape kinds compute it (RectangleLayoutShape, BoxLayoutShape, PolygonLayoutShape).
struct FloatShape: Sendable {
    enum Geometry: Sendable {
        /// `circle()` and `ellipse()`: the ellipse's bounding box and radii.
        case ellipse(Rect, radiusX: Double, radiusY: Double)
        /// `inset()` and a reference box alone: a rectangle with rounded corners.
        case roundedBox(Rect, CornerRadii)
        /// `polygon()`: its vertices.
        case polygon([(x: Double, y: Double)])
        /// An image or gradient: for each pixel row from `top` on, the columns it covers
        /// (shape-margin already added).
        case raster(top: Int, rows: [(x1: Int, x2: Int)?])
    }
    let geometry: Geometry
    /// `shape-margin` in px.
    let margin: Double

    /// The shape's bounding box grown by the margin; a line that misses it ignores the float.
    var marginBounds: Rect {
        let bounds: Rect
        switch geometry {
        case .ellipse(let rect, _, _), .roundedBox(let rect, _): bounds = rect
        case .polygon(let points):
            guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
            bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        case .raster(let top, let rows):
            return Self.rasterBounds(top: top, rows: rows)
        }
        return Rect(x: bounds.x - margin, y: bounds.y - margin, width: bounds.width + 2 * margin, height: bounds.height + 2 * margin)
    }

    /// Whether the line [top, top + height) meets the margin bounds (WebKit's
    /// lineOverlapsShapeMarginBounds: an empty box never does).
    func lineOverlaps(top: Double, height: Double) -> Bool {
        let rect = marginBounds
        guard rect.width > 0, rect.height > 0 else { return false }
        return (top < rect.maxY && top + height > rect.y) || (height == 0 && top == rect.y)
    }

    /// The horizontal extent of the shape (with its margin) over [top, top + height), or nil
    /// where the line does not meet it.
    func excludedInterval(top: Double, height: Double) -> (left: Double, right: Double)? {
        let y1 = top, y2 = top + height
        switch geometry {
        case .ellipse(let rect, let rx, let ry): return Self.ellipseInterval(rect, rx, ry, margin: margin, y1: y1, y2: y2)
        case .roundedBox(let rect, let radii): return Self.roundedBoxInterval(rect, radii, margin: margin, y1: y1, y2: y2)
        case .polygon(let points): return Self.polygonInterval(points, margin: margin, y1: y1, y2: y2)
        case .raster(let rowTop, let rows): return Self.rasterInterval(top: rowTop, rows: rows, y1: y1, y2: y2)
        }
    }

    // MARK: Images (WebKit's RasterLayoutShape)

    private static func rasterBounds(top: Int, rows: [(x1: Int, x2: Int)?]) -> Rect {
        guard let first = rows.firstIndex(where: { $0 != nil }), let last = rows.lastIndex(where: { $0 != nil }) else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        let covered = rows.compactMap { $0 }
        let minX = covered.map(\.x1).min() ?? 0, maxX = covered.map(\.x2).max() ?? 0
        return Rect(x: Double(minX), y: Double(top + first), width: Double(maxX - minX), height: Double(last - first + 1))
    }

    private static func rasterInterval(top: Int, rows: [(x1: Int, x2: Int)?], y1: Double, y2: Double) -> (left: Double, right: Double)? {
        let bounds = rasterBounds(top: top, rows: rows)
        guard bounds.width > 0, bounds.height > 0, y2 >= bounds.y, y1 < bounds.maxY else { return nil }
        // Whole pixel rows, as WebKit truncates the line's edges to integers.
        let first = max(Int(y1.rounded(.towardZero)), Int(bounds.y)), last = min(Int(y2.rounded(.towardZero)), Int(bounds.maxY))
        var interval = Interval()
        for y in first...max(first, last) where y < last || first == last {
            guard y - top >= 0, y - top < rows.count, let row = rows[y - top] else { continue }
            interval.unite(Interval(x1: Double(row.x1), x2: Double(row.x2)))
        }
        return interval.isEmpty ? nil : (interval.x1, interval.x2)
    }

    /// Rows grown by `margin` px every way, as a disc swept along each row's covered span
    /// (WebKit's RasterShapeIntervals::computeShapeMarginIntervals).
    static func rowsWithMargin(_ rows: [(x1: Int, x2: Int)?], top: Int, margin: Int) -> (top: Int, rows: [(x1: Int, x2: Int)?]) {
        guard margin > 0 else { return (top, rows) }
        var grown = [(x1: Int, x2: Int)?](repeating: nil, count: rows.count + 2 * margin)
        let reach = (0...margin).map { dy in Int((Double(margin * margin - dy * dy)).squareRoot()) }
        for (index, row) in rows.enumerated() {
            guard let row else { continue }
            for dy in -margin...margin {
                let target = index + margin + dy, dx = reach[abs(dy)]
                let span = (x1: row.x1 - dx, x2: row.x2 + dx)
                if let existing = grown[target] { grown[target] = (min(existing.x1, span.x1), max(existing.x2, span.x2)) }
                else { grown[target] = span }
            }
        }
        return (top - margin, grown)
    }

    // MARK: Ellipses (WebKit's RectangleLayoutShape)

    private static func ellipseXIntercept(_ y: Double, _ rx: Double, _ ry: Double) -> Double {
        rx * max(0, 1 - (y * y) / (ry * ry)).squareRoot()
    }

    private static func ellipseInterval(_ rect: Rect, _ rx: Double, _ ry: Double, margin: Double, y1: Double, y2: Double) -> (left: Double, right: Double)? {
        let bounds = Rect(x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
        guard bounds.width > 0, bounds.height > 0, y2 >= bounds.y, y1 < bounds.maxY else { return nil }
        var x1 = bounds.x, x2 = bounds.maxX
        let mrx = rx + margin, mry = ry + margin
        if mry > 0 {
            // A line wholly in the top (bottom) curve takes the width at its bottom (top) edge.
            if y2 < bounds.y + mry {
                let xi = ellipseXIntercept(y2 - bounds.y - mry, mrx, mry)
                x1 = bounds.x + mrx - xi; x2 = bounds.maxX - mrx + xi
            } else if y1 > bounds.maxY - mry {
                let xi = ellipseXIntercept(y1 - (bounds.maxY - mry), mrx, mry)
                x1 = bounds.x + mrx - xi; x2 = bounds.maxX - mrx + xi
            }
        }
        return (x1, x2)
    }

    // MARK: Rounded boxes (WebKit's BoxLayoutShape)

    private static func roundedBoxInterval(_ rect: Rect, _ radii: CornerRadii, margin: Double, y1: Double, y2: Double) -> (left: Double, right: Double)? {
        let box = Rect(x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
        guard box.width > 0, box.height > 0, y1 < box.maxY, y2 > box.y || (y1 == y2 && y1 == box.y) else { return nil }
        // The margin grows every radius, square corners too (FloatRoundedRect's expandEvenIfZero).
        func grown(_ corner: CornerSize) -> CornerSize {
            margin > 0 ? CornerSize(width: corner.width + margin, height: corner.height + margin) : corner
        }
        let tl = grown(radii.topLeft), tr = grown(radii.topRight), br = grown(radii.bottomRight), bl = grown(radii.bottomLeft)
        let isRounded = !(tl.isZero && tr.isZero && br.isZero && bl.isZero)
        guard isRounded else { return (box.x, box.maxX) }
        let topCornerMaxY = max(box.y + tl.height, box.y + tr.height)
        let bottomCornerMinY = min(box.maxY - bl.height, box.maxY - br.height)
        if topCornerMaxY <= bottomCornerMinY && y1 <= topCornerMaxY && y2 >= bottomCornerMinY { return (box.x, box.maxX) }
        var x1 = box.maxX, x2 = box.x
        if y1 <= box.y + tl.height && y2 >= box.maxY - bl.height { x1 = box.x }
        if y1 <= box.y + tr.height && y2 >= box.maxY - br.height { x2 = box.maxX }
        for y in [y1, y2] {
            guard let (minX, maxX) = xIntercepts(box, tl: tl, tr: tr, br: br, bl: bl, at: y) else { continue }
            x1 = min(x1, minX); x2 = max(x2, maxX)
        }
        return x2 >= x1 ? (x1, x2) : nil
    }

    /// Where the rounded box's outline crosses the row `y` (FloatRoundedRect::xInterceptsAtY).
    private static func xIntercepts(_ box: Rect, tl: CornerSize, tr: CornerSize, br: CornerSize, bl: CornerSize,
                                    at y: Double) -> (Double, Double)? {
        guard y >= box.y, y <= box.maxY else { return nil }
        func intercept(_ dy: Double, _ corner: CornerSize) -> Double {
            corner.width * max(0, 1 - (dy * dy) / (corner.height * corner.height)).squareRoot()
        }
        var minX = box.x, maxX = box.maxX
        if !tl.isZero, y < box.y + tl.height { minX = box.x + tl.width - intercept(box.y + tl.height - y, tl) }
        else if !bl.isZero, y >= box.maxY - bl.height { minX = box.x + bl.width - intercept(y - (box.maxY - bl.height), bl) }
        if !tr.isZero, y <= box.y + tr.height { maxX = box.maxX - tr.width + intercept(box.y + tr.height - y, tr) }
        else if !br.isZero, y >= box.maxY - br.height { maxX = box.maxX - br.width + intercept(y - (box.maxY - br.height), br) }
        return (minX, maxX)
    }

    // MARK: Polygons (WebKit's PolygonLayoutShape)

    /// An interval whose ends are both zero counts as empty, as WebKit's ShapeInterval does.
    private struct Interval {
        var x1 = 0.0, x2 = 0.0
        var isEmpty: Bool { x1 == 0 && x2 == 0 }
        mutating func unite(_ other: Interval) {
            guard !other.isEmpty else { return }
            if isEmpty { self = other } else { x1 = min(x1, other.x1); x2 = max(x2, other.x2) }
        }
    }

    private static func polygonInterval(_ points: [(x: Double, y: Double)], margin: Double, y1: Double, y2: Double) -> (left: Double, right: Double)? {
        guard points.count >= 3 else { return nil }
        let bounds = FloatShape(geometry: .polygon(points), margin: 0).marginBounds
        guard y2 + margin >= bounds.y, y1 - margin <= bounds.maxY else { return nil }
        var excluded = Interval()
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            // Horizontal edges add nothing; edges beyond the margin of the line neither.
            guard a.y != b.y, max(a.y, b.y) + margin >= y1, min(a.y, b.y) - margin <= y2 else { continue }
            uniteEdge(&excluded, a, b, margin: margin, y1: y1, y2: y2)
        }
        return excluded.isEmpty ? nil : (excluded.x1, excluded.x2)
    }

    private static func uniteEdge(_ excluded: inout Interval, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double),
                                  margin: Double, y1: Double, y2: Double) {
        guard margin > 0 else {
            excluded.unite(clippedEdgeRange(a, b, y1: y1, y2: y2))
            return
        }
        // The edge moved out and in by the margin along its normal, and a circle at each vertex.
        let normal = inwardNormal(a, b)
        let dx = normal.x * margin, dy = normal.y * margin
        excluded.unite(clippedEdgeRange((a.x - dx, a.y - dy), (b.x - dx, b.y - dy), y1: y1, y2: y2))
        excluded.unite(clippedEdgeRange((a.x + dx, a.y + dy), (b.x + dx, b.y + dy), y1: y1, y2: y2))
        excluded.unite(clippedCircleRange(a, margin, y1: y1, y2: y2))
        excluded.unite(clippedCircleRange(b, margin, y1: y1, y2: y2))
    }

    private static func inwardNormal(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        if dx == 0 { return (dy > 0 ? -1 : 1, 0) }
        if dy == 0 { return (0, dx > 0 ? 1 : -1) }
        let length = (dx * dx + dy * dy).squareRoot()
        return (-dy / length, dx / length)
    }

    /// The x range of the edge a–b clipped to the rows [y1, y2] (OffsetPolygonEdge::clippedEdgeXRange).
    private static func clippedEdgeRange(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), y1: Double, y2: Double) -> Interval {
        let minY = min(a.y, b.y), maxY = max(a.y, b.y), minX = min(a.x, b.x), maxX = max(a.x, b.x)
        let overlaps = y2 >= minY && y1 <= maxY
        if !overlaps || (y1 == maxY && minY <= y1) || (y2 == minY && maxY >= y2) { return Interval() }
        if y1 <= minY && y2 >= maxY { return Interval(x1: minX, x2: maxX) }
        let top = a.y < b.y ? a : b, bottom = a.y < b.y ? b : a
        func xIntercept(_ y: Double) -> Double {
            if a.y == b.y || a.x == b.x { return minX }
            if y == minY { return top.x }
            if y == maxY { return bottom.x }
            return a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
        }
        let xForY1 = top.y < y1 ? xIntercept(y1) : top.x
        let xForY2 = bottom.y > y2 ? xIntercept(y2) : bottom.x
        return Interval(x1: min(xForY1, xForY2), x2: max(xForY1, xForY2))
    }

    private static func clippedCircleRange(_ center: (x: Double, y: Double), _ radius: Double, y1: Double, y2: Double) -> Interval {
        if y1 >= center.y + radius || y2 <= center.y - radius { return Interval() }
        if center.y >= y1 && center.y <= y2 { return Interval(x1: center.x - radius, x2: center.x + radius) }
        let dy = (y2 < center.y ? y2 : y1) - center.y
        let xi = radius * max(0, 1 - (dy * dy) / (radius * radius)).squareRoot()
        return Interval(x1: center.x - xi, x2: center.x + xi)
    }
}

extension FloatShape {
    /// The shape of a laid-out float from its style, or nil when it has none (it then takes
    /// its margin box). `containingWidth` is what a percentage `shape-margin` refers to.
    init?(of box: Box, containingWidth: Double, images: ImageStore? = nil, work: ShapeImageWork = ShapeImageWork()) {
        guard let outside = box.style.floatShape.outside else { return nil }
        let margin = max(0, box.style.floatShape.margin.resolve(containingWidth) ?? 0)
        let borderBox = Rect(x: 0, y: 0, width: box.width, height: box.height)
        let borderRadii = CornerRadii(box.style.borderRadius, box: borderBox)
        func referenceBox(_ kind: ReferenceBox) -> (rect: Rect, radii: CornerRadii) {
            switch kind {
            case .marginBox:
                let m = box.margin
                let rect = Rect(x: -m.left, y: -m.top, width: box.width + m.left + m.right, height: box.height + m.top + m.bottom)
                var radii = CornerRadii(topLeft: Self.marginBoxRadius(borderRadii.topLeft, m.left, m.top),
                                        topRight: Self.marginBoxRadius(borderRadii.topRight, m.right, m.top),
                                        bottomRight: Self.marginBoxRadius(borderRadii.bottomRight, m.right, m.bottom),
                                        bottomLeft: Self.marginBoxRadius(borderRadii.bottomLeft, m.left, m.bottom))
                radii.scaleToFit(rect)
                return (rect, radii)
            case .borderBox: return (borderBox, borderRadii)
            case .paddingBox: return (borderBox.inset(by: box.border), borderRadii.inset(by: box.border))
            case .contentBox:
                let chrome = Edges(top: box.border.top + box.padding.top, right: box.border.right + box.padding.right,
                                   bottom: box.border.bottom + box.padding.bottom, left: box.border.left + box.padding.left)
                return (borderBox.inset(by: chrome), borderRadii.inset(by: chrome))
            }
        }
        switch outside {
        case .box(let kind):
            let reference = referenceBox(kind)
            self.init(geometry: .roundedBox(reference.rect, reference.radii), margin: margin)
        case .shape(let shape, let kind):
            guard let geometry = Self.geometry(shape, in: referenceBox(kind).rect) else { return nil }
            self.init(geometry: geometry, margin: margin)
        case .image(let image):
            // An image that cannot be read (a remote one) gives no shape: the margin box.
            guard let geometry = Self.raster(image, of: box, margin: margin, images: images, work: work) else { return nil }
            self.init(geometry: geometry, margin: 0)
        }
    }

    /// The most `shape-margin` an image shape grows by (each covered row is swept by it).
    static let maximumRasterMargin = 256

    /// An image shape: drawn in the content box (an `<img>`'s content box, else at the image's
    /// own size, a gradient at the box's), its rows clipped to the margin box.
    private static func raster(_ image: BackgroundImage, of box: Box, margin: Double, images: ImageStore?, work: ShapeImageWork) -> Geometry? {
        let content = Rect(x: box.border.left + box.padding.left, y: box.border.top + box.padding.top,
                           width: max(0, box.width - box.border.left - box.border.right - box.padding.left - box.padding.right),
                           height: max(0, box.height - box.border.top - box.border.bottom - box.padding.top - box.padding.bottom))
        let source: ShapeImageAlpha.Source
        var size = (width: content.width, height: content.height)
        switch image {
        case .gradient(let gradient): source = .gradient(gradient)
        case .url(let url):
            guard let decoded = images?.image(for: url) else { return nil }
            source = .image(decoded)
            if box.kind != .image { size = decoded.concreteSize(defaultSize: size) }
        }
        guard size.width * size.height <= Double(ShapeImageAlpha.maximumPixels) else { return nil }
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        // The document's image shapes share one budget of pixels drawn (hostile input: thousands of them).
        guard work.pixels + width * height <= ShapeImageWork.maximumPixels else { return nil }
        work.pixels += width * height
        let threshold = box.style.floatShape.imageThreshold
        guard let drawn = ShapeImageAlpha.rows(source, width: width, height: height, threshold: threshold) else { return nil }
        let left = Int(content.x.rounded()), top = Int(content.y.rounded())
        // Only the rows inside the margin box count.
        let marginTop = Int((-box.margin.top).rounded()), marginBottom = Int((box.height + box.margin.bottom).rounded())
        let rows = drawn.enumerated().map { y, row -> (x1: Int, x2: Int)? in
            guard let row, top + y >= marginTop, top + y < marginBottom else { return nil }
            return (row.x1 + left, row.x2 + left)
        }
        // The margin sweeps every row: at most a few million steps.
        let affordable = max(0, (8_000_000 / max(1, rows.count) - 1) / 2)
        let grown = rowsWithMargin(rows, top: top, margin: min(maximumRasterMargin, affordable, Int(margin.rounded(.up))))
        return .raster(top: grown.top, rows: grown.rows)
    }

    /// A border radius grown to the margin box (CSS Shapes §6.1: by the margin, less for a
    /// radius smaller than the margin, the cubic WebKit's adjustRadiusForMarginBoxShape uses).
    private static func marginBoxRadius(_ corner: CornerSize, _ horizontal: Double, _ vertical: Double) -> CornerSize {
        func grow(_ radius: Double, _ margin: Double) -> Double {
            guard margin != 0 else { return radius }
            let ratio = radius / margin
            return ratio < 1 ? radius + margin * (1 + pow(ratio - 1, 3)) : radius + margin
        }
        return CornerSize(width: grow(corner.width, horizontal), height: grow(corner.height, vertical))
    }

    /// A basic shape laid out in its reference box `box` (border-box coordinates).
    private static func geometry(_ shape: BasicShape, in box: Rect) -> Geometry? {
        func x(_ length: Length) -> Double { box.x + (length.resolve(box.width) ?? 0) }
        func y(_ length: Length) -> Double { box.y + (length.resolve(box.height) ?? 0) }
        switch shape {
        case .circle, .ellipse:
            guard let e = shape.ellipse(in: box) else { return nil }
            return .ellipse(Rect(x: e.centerX - e.radiusX, y: e.centerY - e.radiusY, width: 2 * e.radiusX, height: 2 * e.radiusY),
                            radiusX: e.radiusX, radiusY: e.radiusY)
        case .inset(_, let cornerRadii):
            guard let rect = shape.insetRect(in: box) else { return nil }
            // Corner percentages are of the reference box, then scaled to fit the inset rectangle.
            func corner(_ length: Length) -> CornerSize {
                CornerSize(width: max(0, length.resolve(box.width) ?? 0), height: max(0, length.resolve(box.height) ?? 0))
            }
            var radii = CornerRadii(topLeft: corner(cornerRadii.top), topRight: corner(cornerRadii.right),
                                    bottomRight: corner(cornerRadii.bottom), bottomLeft: corner(cornerRadii.left))
            radii.scaleToFit(rect)
            return .roundedBox(rect, radii)
        case .polygon(let points, _):
            return .polygon(points.map { (x($0.x), y($0.y)) })
        case .path:
            return nil
        }
    }
}

/// The pixels a document's image shapes have been drawn at (`FloatShape.raster`).
final class ShapeImageWork: @unchecked Sendable {
    var pixels = 0
    static let maximumPixels = 16_000_000
}
