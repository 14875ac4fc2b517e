import Foundation
import Testing
@testable import RenderCore

/// Rounded borders are drawn as one ring: in the colour of their widest side, so a lone
/// `border-left` with a radius keeps its colour (seen beside WebKit in eight corpus mails,
/// which drew it black, the top side's currentColor).
@Suite struct BorderPaintTests {
    @Test func loneRoundedSideKeepsItsColour() {
        let html = "<body style='margin:0'><div style='border-left:4px solid #e7c27d;border-radius:8px;height:40px;width:100px'></div>"
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        let canvas = Canvas(pixelWidth: 390, pixelHeight: 60, scale: 1)!
        canvas.fill(Rect(x: 0, y: 0, width: 390, height: 60), .white)
        Rasterizer.draw(document.displayList.entries, on: canvas)
        let edge = canvas.pixel(x: 1, y: 20)
        #expect(edge.r == 0xE7 && edge.g == 0xC2 && edge.b == 0x7D, "\(edge)")
    }
}
