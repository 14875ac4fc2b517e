import Foundation
import Testing
@testable import RenderCore

/// Logical properties, writing modes, `aspect-ratio`, intrinsic size keywords and
/// `display: contents`/`flow-root` (issue 13, sizing and boxes). Boxes against WebKit are in
/// the `sizing-*`, `logical-*` and `rtl-*` layout fixtures; these pin the style rules.
@Suite struct SizingAndLogicalTests {
    static func style(_ html: String, _ tag: String) throws -> ComputedStyle {
        try BidiTests.style(html, tag)
    }

    static func frame(_ html: String, _ path: String) throws -> Rect {
        let document = LaidOutDocument(html: "<!DOCTYPE html><body style='margin:0;font:16px/20px Arial'>" + html,
                                       viewportWidth: 390, viewportHeight: 844)
        return try #require(document.boxes.first { $0.path.hasSuffix(path) }).frame
    }

    @Test func logicalSidesFollowWritingModeAndDirection() {
        typealias Sides = LogicalProperties.Sides
        let rtl = Sides(.horizontalTB, .rtl)
        #expect(rtl.inlineStart == .right && rtl.blockStart == .top)
        let verticalRL = Sides(.verticalRL, .ltr)
        #expect(verticalRL.blockStart == .right && verticalRL.blockEnd == .left && verticalRL.inlineStart == .top)
        let verticalLR = Sides(.verticalLR, .rtl)
        #expect(verticalLR.blockStart == .left && verticalLR.inlineStart == .bottom)
        #expect(Sides(.sidewaysLR, .ltr).inlineStart == .bottom)
    }

    @Test func laterDeclarationsWinWhateverTheirKind() throws {
        let logicalLast = try Self.style("<p style='margin-left:5px;margin-inline-start:40px'>x</p>", "p")
        #expect(logicalLast.margin.left == .px(40))
        let physicalLast = try Self.style("<p style='margin-inline-start:40px;margin-left:5px'>x</p>", "p")
        #expect(physicalLast.margin.left == .px(5))
        // `direction` given after a logical property still decides its side.
        let rtl = try Self.style("<p style='padding-inline-start:9px;direction:rtl'>x</p>", "p")
        #expect(rtl.padding.right == .px(9) && rtl.padding.left == .px(0))
    }

    @Test func shorthandsTakeOneOrTwoValuesAndDropInvalidOnesWhole() throws {
        let style = try Self.style("<p style='margin-block:3px 4px;padding-inline:5px;border-block-width:1px 2px'>x</p>", "p")
        #expect(style.margin.top == .px(3) && style.margin.bottom == .px(4))
        #expect(style.padding.left == .px(5) && style.padding.right == .px(5))
        #expect(style.borderWidth.top == 1 && style.borderWidth.bottom == 2)
        let invalid = try Self.style("<p style='margin-block:7px 8px;margin-block:1px red;padding-inline:1px 2px 3px'>x</p>", "p")
        #expect(invalid.margin.top == .px(7) && invalid.margin.bottom == .px(8) && invalid.padding.left == .px(0))
        let negative = try Self.style("<p style='padding-block:4px -1px'>x</p>", "p")
        #expect(negative.padding.top == .px(0))
        // The unitless-length quirk never applied to flow-relative properties.
        let quirky = try Self.style("<p style='margin-inline-start:10'>x</p>", "p")
        #expect(quirky.margin.left == .px(0))
    }

    @Test func sizesCornersAndInsetsMapToPhysicalOnes() throws {
        let style = try Self.style("<div style='inline-size:10px;block-size:20px;max-inline-size:30px;min-block-size:5px;"
                                   + "border-start-end-radius:6px;inset-inline-start:3px;inset:1px 2px'>x</div>", "div")
        #expect(style.width == .px(10) && style.height == .px(20) && style.maxWidth == .px(30) && style.minHeight == .px(5))
        #expect(style.borderRadius.right == CornerRadius(.px(6)))
        let vertical = try Self.style("<div style='writing-mode:vertical-rl;inline-size:10px;margin-block-start:4px'>x</div>", "div")
        #expect(vertical.height == .px(10) && vertical.margin.right == .px(4))
        let webkit = try Self.style("<div style='-webkit-margin-before:2px;-webkit-padding-start:3px;-webkit-logical-width:9px'>x</div>", "div")
        #expect(webkit.margin.top == .px(2) && webkit.padding.left == .px(3) && webkit.width == .px(9))
        // WebKitGTK clips caniemail's `overflow-block:hidden` box (css-box-model).
        let overflow = try Self.style("<div style='overflow-block:hidden;overflow-inline:clip'>x</div>", "div")
        #expect(overflow.overflowY == .hidden && overflow.overflowX == .clip)
        let sideways = try Self.style("<div style='writing-mode:vertical-rl;overflow-block:hidden'>x</div>", "div")
        #expect(sideways.overflowX == .hidden && sideways.overflowY == .visible)
    }

    @Test func aspectRatioParsesAsWebKitDoes() {
        #expect(AspectRatio("16 / 9")?.ratio == 16.0 / 9 && AspectRatio("16/9")?.auto == false)
        #expect(AspectRatio("auto 2")?.auto == true && AspectRatio("2 auto")?.ratio == 2)
        #expect(AspectRatio("1 / 0")?.ratio == nil)  // degenerate: as auto
        #expect(AspectRatio("-1") == nil && AspectRatio("auto auto") == nil && AspectRatio("2 / ") == nil)
    }

    @Test func aspectRatioSizesBlocksAndSurvivesHostileRatios() throws {
        #expect(try Self.frame("<div style='width:200px'><div id=a style='aspect-ratio:2'></div></div>", "div[0]/div[0]").height == 100)
        #expect(try Self.frame("<div style='aspect-ratio:2;height:30px;float:left'></div>", "div[0]").width == 60)
        let tall = try Self.frame("<div style='width:100px'><div style='aspect-ratio:1e-9'></div></div>", "div[0]/div[0]")
        #expect(tall.height == LayoutEngine.largestSize)
        let flat = try Self.frame("<div style='width:100px'><div style='aspect-ratio:1e9'></div></div>", "div[0]/div[0]")
        #expect(flat.height < 1)
    }

    @Test func displayTakesTwoKeywordsAndContents() throws {
        #expect(Display(declared: "block flow") == .block && Display(declared: "inline flow-root") == .inlineBlock)
        #expect(Display(declared: "flex inline") == .inlineFlex && Display(declared: "list-item block flow") == .listItem)
        #expect(Display(declared: "block inline") == nil && Display(declared: "inline list-item") == nil)
        #expect(try Self.style("<div style='display:contents'>x</div>", "div").display == .contents)
        #expect(try Self.style("<img style='display:contents'>", "img").display == .none)
        #expect(try Self.style("<html style='display:contents'></html>", "html").display == .block)
    }

    @Test func displayContentsPutsChildrenInItsPlaceEvenDeep() throws {
        let child = try Self.frame("<div style='display:contents;padding:50px;border:9px solid'><p id=x style='margin:0'>x</p></div>", "p[0]")
        #expect(child.x == 0 && child.y == 0 && child.width == 390)
        // Deeply nested: no recursion blow-up, the text still laid out.
        let deep = String(repeating: "<div style='display:contents'>", count: 10_000) + "deep"
        let start = Date()
        let document = LaidOutDocument(html: "<body>" + deep, viewportWidth: 390, viewportHeight: 844)
        #expect(document.height > 0 && Date().timeIntervalSince(start) < 10)
    }

    @Test func intrinsicKeywordsSizeBlocks() throws {
        let fit = try Self.frame("<div style='width:fit-content'>ab</div>", "div[0]")
        let maxContent = try Self.frame("<div style='width:300px'><div style='width:max-content'>" + String(repeating: "word ", count: 40) + "</div></div>",
                                        "div[0]/div[0]")
        #expect(fit.width > 0 && fit.width < 40 && maxContent.width > 300)
        let capped = try Self.frame("<div style='max-width:max-content'>ab</div>", "div[0]")
        #expect(capped.width == fit.width)
    }

    @Test func tableMinHeightMakesItTaller() throws {
        #expect(try Self.frame("<table style='min-height:120px'><tr><td>x</td></tr></table>", "table[0]").height == 120)
        #expect(try Self.frame("<table style='height:80px;max-height:40px'><tr><td>x</td></tr></table>", "table[0]").height == 40)
    }

    @Test func verticalFlowsAreAsTallAsTheirLinesAndPaintTurned() throws {
        let html = "<div style='writing-mode:vertical-rl;background:#00f;color:#00f;font:20px/20px Arial'>MMMMMMMMMM</div>"
        let frame = try Self.frame(html, "div[0]")
        #expect(frame.width == 20 && frame.height > 150)
        let page = PaintedPage("<body style='margin:0'>" + html, height: 250)
        #expect(page.colour(10, 100) == "#0000FF" && page.colour(30, 100) == "#FFFFFF")
        // Descendants are reported where they are painted.
        let inner = try Self.frame("<div style='writing-mode:vertical-lr'><p style='margin:10px'>x</p><p>y</p></div>", "p[1]")
        #expect(inner.x > 20 && abs(inner.y) < 0.01 && abs(inner.width - 20) < 0.01)
    }

    /// What this work supports is not reported as missing.
    @Test func supportedSizingIsNotReported() {
        let css = ["writing-mode:vertical-rl", "writing-mode:sideways-lr", "aspect-ratio:16/9", "display:contents",
                   "display:inline flow-root", "width:fit-content", "margin-block:1px", "inline-size:10px",
                   "-webkit-margin-before:1px", "border-start-start-radius:2px", "inset-inline:0", "text-orientation:mixed",
                   "writing-mode:vertical-rl;text-orientation:upright", "-webkit-text-orientation:sideways-right"]
        for declaration in css {
            let document = LaidOutDocument(html: "<div style='\(declaration)'>a</div>", viewportWidth: 390, viewportHeight: 844)
            #expect(document.unsupportedFeatures.isEmpty, "\(declaration): \(document.unsupportedFeatures)")
        }
    }
}
