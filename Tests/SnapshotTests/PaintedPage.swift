import Foundation
@testable import RenderCore

/// A mail laid out 390 px wide and painted at scale 1 on white, for tests that probe pixels.
struct PaintedPage {
    let document: LaidOutDocument
    let canvas: Canvas

    init(_ html: String, height: Int = 100, images: ImageStore? = nil) {
        document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, images: images)
        canvas = Canvas(pixelWidth: 390, pixelHeight: height, scale: 1)!
        canvas.fill(Rect(x: 0, y: 0, width: 390, height: Double(height)), .white)
        Rasterizer.draw(document.displayList.entries, on: canvas)
    }

    /// The pixel at (x, y) CSS px as `#RRGGBB`.
    func colour(_ x: Double, _ y: Double) -> String {
        let p = canvas.pixel(x: Int(x), y: Int(y))
        return RGBA(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255, a: 1).hexString
    }

    /// The border boxes of the elements whose DOM path contains `fragment`.
    func frames(containing fragment: String) -> [Rect] { document.boxes.filter { $0.path.contains(fragment) }.map(\.frame) }
}

extension PaintedPage {
    /// A mail laid out 390 px wide and painted on white at `scale`, `height` CSS px of it.
    static func canvas(_ html: String, height: Int, scale: Int) throws -> Canvas {
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        guard let canvas = Canvas(pixelWidth: 390 * scale, pixelHeight: height * scale, scale: Double(scale)) else {
            throw RenderError.output("no canvas of \(390 * scale)×\(height * scale)")
        }
        canvas.fill(Rect(x: 0, y: 0, width: 390, height: Double(height)), .white)
        Rasterizer.draw(document.displayList.entries, on: canvas)
        return canvas
    }

    /// Whether the device pixel is red, as the measured pages draw what they measure.
    static func isRed(_ canvas: Canvas, _ x: Int, _ y: Int) -> Bool {
        let pixel = canvas.pixel(x: x, y: y)
        return pixel.r > 120 && pixel.g < 150 && pixel.b < 150
    }
}
