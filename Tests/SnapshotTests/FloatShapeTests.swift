import Foundation
import Testing
@testable import RenderCore

/// `shape-outside`: lines beside a float wrap along its shape (CSS Shapes 1), as WebKit's
/// LayoutShape kinds measure it; the fixture `float-shape-outside` holds WebKit's boxes.
@Suite struct FloatShapeTests {
    private func box(_ document: LaidOutDocument, _ path: String) -> Rect? {
        document.boxes.first { $0.path == path }?.frame
    }

    /// Each word an inline-block: where the lines beside the float start.
    private func wordStarts(_ floatStyle: String, words: Int = 12) -> [Rect] {
        let spans = (0..<words).map { _ in "<span style='display:inline-block'>word</span>" }.joined(separator: " ")
        let html = "<body style='margin:0;font:16px/20px serif'><div style='width:300px'>"
            + "<div style='\(floatStyle)'></div>\(spans)</div></body>"
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        return (0..<words).compactMap { box(document, "/body[0]/div[0]/span[\($0)]") }
    }

    @Test func linesFollowACircleOnTheLeft() {
        let square = wordStarts("float:left;width:120px;height:120px")
        let circle = wordStarts("float:left;width:120px;height:120px;shape-outside:circle(50%)", words: 30)
        // Beside the plain float every line starts at its margin box; beside the circle the
        // first line (rows 0–20, the top of the curve) starts further left than the middle one.
        #expect(square.first?.x == 120)
        let lineTops = Set(circle.map(\.y)).sorted()
        #expect(lineTops.count >= 4)
        let start = { (top: Double) in circle.filter { $0.y == top }.map(\.x).min() ?? 0 }
        if lineTops.count >= 4 {
            let top = start(lineTops[0]), middle = start(lineTops[2])
            #expect(top < middle && middle <= 120.5 && top > 60, "\(top) \(middle)")
        }
    }

    @Test func aRightFloatShapeFreesTheLineEnd() {
        let plain = wordStarts("float:right;width:120px;height:120px")
        let polygon = wordStarts("float:right;width:120px;height:120px;shape-outside:polygon(100% 0, 100% 100%, 0 100%)")
        // The triangle leaves the top rows almost free: more words fit on the first line.
        #expect(polygon.filter { $0.y == 0 }.count > plain.filter { $0.y == 0 }.count)
    }

    @Test func theShapeMarginWidensTheShape() {
        let bare = wordStarts("float:left;width:120px;height:120px;shape-outside:inset(0 60px 0 0)")
        let margin = wordStarts("float:left;width:120px;height:120px;shape-outside:inset(0 60px 0 0);shape-margin:20px")
        #expect(bare.first?.x == 60)
        #expect(margin.first?.x == 80)
    }

    @Test func aLineBelowTheShapeIgnoresTheFloat() {
        // The shape ends at 40px, the float at 120px: lines from 40px on take the whole width.
        let starts = wordStarts("float:left;width:120px;height:120px;shape-outside:inset(0 0 80px 0)", words: 40)
        #expect(starts.first?.x == 120)
        #expect(starts.contains { $0.y >= 40 && $0.y < 120 && $0.x == 0 })
    }

    @Test func imageShapes() {
        // A gradient opaque on its left half: lines start at the middle of the float.
        let gradient = wordStarts("float:left;width:120px;height:120px;shape-outside:linear-gradient(to right, black 50%, transparent 50%)")
        #expect(gradient.first?.x == 60)
        // Above the threshold only: a fade to transparent counts where its alpha passes it.
        let faded = wordStarts("float:left;width:120px;height:120px;shape-image-threshold:0.9;"
                               + "shape-outside:linear-gradient(to right, black, transparent)")
        #expect(faded.first.map { $0.x > 5 && $0.x < 20 } == true)
        // An image that cannot be read (remote, offline) is no shape: the margin box.
        let remote = wordStarts("float:left;width:120px;height:120px;shape-outside:url(https://example.com/shape.png)")
        #expect(remote.first?.x == 120)
    }

    @Test func rasterRowsGrowByTheMargin() {
        let grown = FloatShape.rowsWithMargin([(x1: 10, x2: 20)], top: 5, margin: 3)
        #expect(grown.top == 2 && grown.rows.count == 7)
        #expect(grown.rows[3].map { [$0.x1, $0.x2] } == [7, 23])
        #expect(grown.rows[0].map { [$0.x1, $0.x2] } == [10, 20])
    }

    @Test func excludedIntervals() {
        let circle = FloatShape(geometry: .ellipse(Rect(x: 0, y: 0, width: 100, height: 100), radiusX: 50, radiusY: 50), margin: 0)
        // A row through the centre spans the diameter; a row in the top curve, its bottom edge's chord.
        #expect(circle.excludedInterval(top: 45, height: 10).map { $0.right } == 100)
        let chord = circle.excludedInterval(top: 0, height: 10)
        #expect(chord.map { abs($0.right - (50 + 30)) < 0.001 } == true)
        #expect(circle.excludedInterval(top: 100, height: 10) == nil)
        #expect(!circle.lineOverlaps(top: 100, height: 10))
        let grown = FloatShape(geometry: circle.geometry, margin: 10)
        #expect(grown.lineOverlaps(top: 100, height: 5))
        let triangle = FloatShape(geometry: .polygon([(0, 0), (100, 0), (0, 100)]), margin: 0)
        #expect(triangle.excludedInterval(top: 50, height: 10).map { $0.right } == 50)
        let box = FloatShape(geometry: .roundedBox(Rect(x: 10, y: 0, width: 50, height: 50), .zero), margin: 5)
        #expect(box.excludedInterval(top: 20, height: 10).map { [$0.left, $0.right] } == [5, 65])
    }

    @Test func parsing() {
        var style = ComputedStyle()
        _ = style.apply(Declaration(name: "shape-outside", value: "circle(40%) content-box", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(style.floatShape.outside == .shape(.circle(.length(.percent(40)), x: .percent(50), y: .percent(50)), .contentBox))
        _ = style.apply(Declaration(name: "shape-outside", value: "ellipse()", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(style.floatShape.outside == .shape(.ellipse(.closestSide, .closestSide, x: .percent(50), y: .percent(50)), .marginBox))
        _ = style.apply(Declaration(name: "shape-outside", value: "padding-box", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(style.floatShape.outside == .box(.paddingBox))
        _ = style.apply(Declaration(name: "shape-margin", value: "-3px", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(style.floatShape.margin == .px(0))
        _ = style.apply(Declaration(name: "-webkit-shape-margin", value: "5%", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(style.floatShape.margin == .percent(5))
        let points = (0..<(ShapeOutsideParser.maximumPolygonPoints + 1)).map { "\($0)px 0" }.joined(separator: ",")
        _ = style.apply(Declaration(name: "shape-outside", value: "polygon(\(points))", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(style.floatShape.outside == .box(.paddingBox), "a polygon past the cap is dropped")
        let document = LaidOutDocument(html: "<div style='float:left;shape-outside:circle();shape-margin:2px;shape-image-threshold:0.5'>a</div>",
                                       viewportWidth: 390, viewportHeight: 844)
        #expect(document.unsupportedFeatures.isEmpty)
    }
}
