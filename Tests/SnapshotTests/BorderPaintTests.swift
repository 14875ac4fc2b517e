import Foundation
import Testing
@testable import RenderCore

/// Rounded borders are drawn as one ring: in the colour of their widest side, so a lone
/// `border-left` with a radius keeps its colour (seen beside WebKit in eight corpus mails,
/// which drew it black, the top side's currentColor).
@Suite struct BorderPaintTests {
    @Test func loneRoundedSideKeepsItsColour() {
        let html = "<body style='margin:0'><div style='border-left:4px solid #e7c27d;border-radius:8px;height:40px;width:100px'></div>"
        #expect(PaintedPage(html, height: 60).colour(1, 20) == "#E7C27D")
    }
}
