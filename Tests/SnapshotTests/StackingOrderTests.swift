import Testing
@testable import RenderCore

/// Paint order as CSS 2.1 Appendix E (stacking contexts, layers, phases) and the clips of
/// `overflow` and `clip: rect()`; every expectation as WebKit paints the same page.
struct StackingOrderTests {
    private func page(_ body: String, height: Int = 200) -> PaintedPage {
        PaintedPage("<!DOCTYPE html><html><body style='margin:0'>\(body)</body></html>", height: height)
    }

    @Test func negativeZIndexPaintsUnderTheBlockBackgroundsOfItsContext() {
        let p = page("<div style='height:40px;background:#00ff00'></div>"
                     + "<div style='position:relative;z-index:-1;height:60px;width:100px;background:#ff0000;margin-top:-20px'></div>")
        #expect(p.colour(10, 30) == "#00FF00")  // the later-positioned box is under the earlier block's background
        #expect(p.colour(10, 60) == "#FF0000")
    }

    /// `isolation: isolate` and `will-change: opacity` make a stacking context of their own: a
    /// negative `z-index` inside stays over the element's background (WebKit paints it so).
    @Test func isolationAndWillChangeMakeStackingContexts() {
        for (declaration, isolated) in [("isolation:isolate", true), ("will-change:opacity", true), ("will-change:transform, top", true),
                                        ("isolation:auto", false), ("will-change:top", false), ("will-change:auto, opacity", false)] {
            let p = page("<div style='\(declaration);height:60px;background:#00ff00'>"
                         + "<div style='position:relative;z-index:-1;width:40px;height:40px;background:#ff0000'></div></div>")
            #expect(p.colour(10, 10) == (isolated ? "#FF0000" : "#00FF00"), "\(declaration)")
        }
    }

    /// A positioned float among a paragraph's text stacks in tree order with the paragraph's
    /// positioned boxes (css21 anonymous-boxes-001, as WebKit paints it).
    @Test func aPositionedFloatAmongTextStacksInTreeOrder() {
        let p = page("<div style='position:relative;height:120px'><div style='position:absolute;top:0;left:0;width:100px;"
                     + "height:100px;background:#ff0000'></div><div style='float:left;position:relative;width:100px;height:50%;"
                     + "background:#008000'></div>&nbsp;text<div></div></div>")
        #expect(p.colour(50, 50) == "#008000")
    }

    @Test func floatsPaintOverBlockBackgroundsAndUnderInlineContent() {
        let p = page("<div style='float:left;width:80px;height:50px;margin-right:-80px;background:#ffa500'></div>"
                     + "<div style='background:#0000ff;height:40px'><span style='display:inline-block;width:40px;height:20px;background:#000000'></span></div>")
        #expect(p.colour(60, 30) == "#FFA500")  // the float over the following block's background
        #expect(p.colour(10, 5) == "#000000")   // the line's inline block over the float
        #expect(p.colour(100, 30) == "#0000FF")
    }

    @Test func positionedBoxesPaintByZIndexThenInTreeOrder() {
        let p = page("<div style='position:relative;z-index:2;width:60px;height:60px;background:#0000ff'></div>"
                     + "<div style='position:relative;z-index:1;width:60px;height:60px;background:#008000;margin:-40px 0 0 20px'></div>"
                     + "<div style='position:relative;width:60px;height:60px;background:#ffff00;margin:-40px 0 0 40px'></div>"
                     + "<div style='width:60px;height:60px;background:#ff0000;margin:-30px 0 0 50px'></div>")
        #expect(p.colour(30, 30) == "#0000FF")  // z-index 2 over 1
        #expect(p.colour(70, 70) == "#008000")  // z-index 1 over auto
        #expect(p.colour(80, 90) == "#FFFF00")   // a positioned box over a later block in the flow
        #expect(p.colour(105, 120) == "#FF0000")
    }

    @Test func opacityPaintsAsAStackingContextOverTheFlow() {
        let p = page("<div style='opacity:0.5;width:60px;height:60px;background:#000000'></div>"
                     + "<div style='width:60px;height:60px;background:#ffffff;margin:-40px 0 0 20px'></div>")
        #expect(p.colour(30, 30) != "#FFFFFF")  // the translucent box over the later white block
        #expect(p.colour(70, 70) == "#FFFFFF")
    }

    @Test func outlinesPaintUnderLaterPositionedBoxes() {
        let p = page("<div style='outline:6px solid #00ff00;width:80px;height:30px;margin:10px'></div>"
                     + "<div style='position:relative;width:80px;height:30px;background:#000000;margin:-20px 0 0 40px'></div>")
        #expect(p.colour(88, 36) == "#000000")
        #expect(p.colour(20, 43) == "#00FF00")
    }

    @Test func overflowClipsEachAxisAsItComputes() {
        // `clip` beside `visible` clips its own axis only; `hidden` beside `visible` makes both clip.
        let clipX = page("<div style='overflow-x:clip;width:100px;height:20px'><div style='width:150px;height:50px;background:#800000'></div></div>")
        #expect(clipX.colour(120, 10) == "#FFFFFF")
        #expect(clipX.colour(50, 40) == "#800000")
        let hiddenX = page("<div style='overflow-x:hidden;width:100px;height:20px'><div style='width:150px;height:50px;background:#800000'></div></div>")
        #expect(hiddenX.colour(120, 10) == "#FFFFFF")
        #expect(hiddenX.colour(50, 40) == "#FFFFFF")
    }

    @Test func overflowClipReachesPositionedDescendantsWhoseContainingBlockIsInside() {
        let p = page("<div style='overflow:hidden;width:100px;height:40px'>"
                     + "<div style='position:relative;z-index:1;top:20px;width:150px;height:40px;background:#008080'></div></div>")
        #expect(p.colour(50, 30) == "#008080")
        #expect(p.colour(50, 50) == "#FFFFFF")
        #expect(p.colour(120, 30) == "#FFFFFF")
    }

    @Test func overflowClipDoesNotReachAbsoluteBoxesWhoseContainingBlockIsOutside() {
        // CSS 2.1 §11.1.1: the clip applies to descendants whose containing block is the
        // clipping element or inside it.
        let p = page("<div style='position:relative'><div style='overflow:hidden;width:100px;height:40px'>"
                     + "<div style='position:absolute;top:0;left:0;width:150px;height:80px;background:#008080'></div></div></div>")
        #expect(p.colour(120, 60) == "#008080")
        let inside = page("<div style='overflow:hidden;position:relative;width:100px;height:40px'>"
                          + "<div style='position:absolute;top:0;left:0;width:150px;height:80px;background:#008080'></div></div>")
        #expect(inside.colour(120, 60) == "#FFFFFF")
        #expect(inside.colour(50, 20) == "#008080")
    }

    @Test func overflowClipDoesNotReachFixedBoxesNorAbsoluteOnesPastAStackingContext() {
        // CSS 2.1 §11.1.1 (WebKit alike): a fixed box escapes every clip but a transformed
        // ancestor's; an absolute one escapes a non-positioned stacking context's clip (opacity)
        // when its containing block is outside, and is clipped when it is inside.
        let p = page("<div style='position:relative;height:150px'>"
                     + "<div style='overflow:hidden;width:50px;height:50px;background:#eeeeee'>"
                     + "<div style='position:absolute;left:60px;top:10px;width:80px;height:40px;background:#0000ff'></div>"
                     + "<div style='position:fixed;left:160px;top:10px;width:80px;height:40px;background:#00ff00'></div>"
                     + "<div style='position:relative'><div style='position:absolute;left:20px;top:60px;width:80px;height:40px;background:#ff0000'></div></div>"
                     + "</div>"
                     + "<div style='overflow:hidden;width:50px;height:50px;opacity:0.99;margin-top:20px'>"
                     + "<div style='position:absolute;left:260px;top:80px;width:80px;height:40px;background:#ff00ff'></div></div>"
                     + "</div>")
        #expect(p.colour(100, 30) == "#0000FF")
        #expect(p.colour(200, 30) == "#00FF00")
        #expect(p.colour(60, 80) == "#FFFFFF")  // the relative containing block is inside the clip
        #expect(p.colour(300, 100).hasPrefix("#FF0"))  // magenta at 99 % opacity: #FF02FF
        let transformed = page("<div style='overflow:hidden;transform:translateX(0);width:50px;height:50px'>"
                               + "<div style='position:fixed;left:0;top:0;width:100px;height:100px;background:#00ff00'></div></div>")
        #expect(transformed.colour(25, 25) == "#00FF00")
        #expect(transformed.colour(75, 75) == "#FFFFFF")
    }

    @Test func aRelativelyPositionedInlineElementPaintsInItsLayerOverLaterLines() {
        // WebKit: the span (background and text) is a layer, over the next line's background.
        let p = page("<div style='width:200px;font:20px serif'>aaa <span style='position:relative;top:14px;background:#0000ff;color:#ffffff'>REL</span> bbb<br>"
                     + "<span style='background:#ff0000'>RRRRRRRRRR</span></div>")
        #expect(p.colour(40, 33) == "#0000FF")
        #expect(p.colour(60, 33) == "#0000FF")
        #expect(p.colour(100, 43) == "#FF0000")
        // Ordered by z-index: the first span over the second, which tree order would put on top.
        func spans(_ z1: String, _ z2: String) -> PaintedPage {
            page("<div style='width:200px;font:20px serif'><span style='position:relative;z-index:\(z1);background:#0000ff;color:#0000ff'>ZZZZ</span>"
                 + "<span style='position:relative;z-index:\(z2);left:-20px;background:#00ff00;color:#00ff00'>YYYY</span></div>")
        }
        #expect(spans("2", "1").colour(40, 10) == "#0000FF")
        #expect(spans("auto", "auto").colour(40, 10) == "#00FF00")
        #expect(spans("2", "1").colour(70, 10) == "#00FF00")
    }

    @Test func clipRectClipsAnAbsoluteBoxAutoSidesAtItsBorderEdge() {
        let p = page("<div style='position:absolute;top:0;left:0;clip:rect(10px,50px,auto,auto);width:80px;height:50px;background:#000080'></div>")
        #expect(p.colour(20, 5) == "#FFFFFF")
        #expect(p.colour(20, 30) == "#000080")
        #expect(p.colour(60, 30) == "#FFFFFF")
        #expect(p.colour(20, 49) == "#000080")
    }

    @Test func manyPositionedBoxesWithHugeZIndexStayBounded() {
        let boxes = (0..<3000).map { "<div style='position:relative;z-index:\($0 % 2 == 0 ? 2147483647 : -2147483648)'><span>x</span></div>" }
        let start = ContinuousClock.now
        let p = page(boxes.joined(), height: 10)
        #expect(!p.document.displayList.entries.isEmpty)
        #expect(ContinuousClock.now - start < .seconds(timeBudget(20)))
    }

    @Test func layersDeepInClippingBoxesOpenABoundedNumberOfClips() {
        let depth = 400, open = String(repeating: "<div style='overflow:hidden;border-radius:2px;width:300px'>", count: depth)
        let leaves = String(repeating: "<div style='position:relative;height:1px;background:#000'></div>", count: 2000)
        let start = ContinuousClock.now
        let p = page(open + leaves + String(repeating: "</div>", count: depth), height: 10)
        let clips = p.document.displayList.entries.filter { if case .pushRoundedClip = $0.item { return true }; if case .pushClip = $0.item { return true }; return false }
        #expect(clips.count < 2000 * (ClipChain.maximumRoundedClips + 2) + 2 * depth)
        #expect(ContinuousClock.now - start < .seconds(timeBudget(20)))
    }
}
