import Testing
@testable import RenderCore

/// Block layout hands a box's collapsed margins back to the block that stacks it
/// (`CollapsedMargins`, returned by `LayoutEngine.layoutBlock`) rather than leaving them on the
/// box. Margin collapsing against WebKit is in the layout fixtures; these pin the value passed up.
@Suite struct CollapsedMarginsTests {
    let engine = LayoutEngine(fonts: .shared)

    static func block(top: Double, bottom: Double, height: Double? = nil, children: [Box] = [],
                      edit: (inout ComputedStyle) -> Void = { _ in }) -> Box {
        var style = ComputedStyle()
        style.display = .block
        style.margin = Edges(top: .px(top), right: .px(0), bottom: .px(bottom), left: .px(0))
        if let height { style.height = .px(height) }
        edit(&style)
        let box = Box(kind: .block, node: nil, style: style)
        box.children = children
        return box
    }

    @Test func anEmptyBlockCollapsesThroughWithBothItsMargins() {
        let margins = engine.layoutBlock(Self.block(top: 10, bottom: 20), containingWidth: 300)
        #expect(margins.collapsesThrough)
        #expect(margins.top.value == 10 && margins.bottom.value == 20)
        let tall = engine.layoutBlock(Self.block(top: 10, bottom: 20, height: 1), containingWidth: 300)
        #expect(!tall.collapsesThrough)
    }

    @Test func firstAndLastChildMarginsEscapeThroughTheParent() {
        let child = Self.block(top: 30, bottom: -5, height: 50)
        let parent = Self.block(top: 10, bottom: 8, children: [child])
        let margins = engine.layoutBlock(parent, containingWidth: 300)
        #expect(margins.top.value == 30)
        #expect(margins.bottom.positive == 8 && margins.bottom.negative == -5)
        #expect(!margins.collapsesThrough)
        #expect(child.y == 0 && parent.height == 50)
    }

    @Test func paddingOrANewFormattingContextKeepsChildMarginsInside() {
        let padded = Self.block(top: 10, bottom: 8, children: [Self.block(top: 30, bottom: 40, height: 50)]) {
            $0.padding = Edges(top: .px(1), right: .px(0), bottom: .px(1), left: .px(0))
        }
        let paddedMargins = engine.layoutBlock(padded, containingWidth: 300)
        #expect(paddedMargins.top.value == 10 && paddedMargins.bottom.value == 8)
        #expect(padded.children[0].y == 31)
        let root = Self.block(top: 10, bottom: 8, children: [Self.block(top: 30, bottom: 40, height: 50)]) { $0.display = .flowRoot }
        let rootMargins = engine.layoutBlock(root, containingWidth: 300)
        #expect(rootMargins.top.value == 10 && rootMargins.bottom.value == 8)
        #expect(root.height == 120)
    }

    @Test func siblingMarginsCollapseThroughAnEmptyBlockBetweenThem() {
        let first = Self.block(top: 0, bottom: 10, height: 10)
        let empty = Self.block(top: 15, bottom: 5)
        let last = Self.block(top: 20, bottom: 0, height: 10)
        let parent = Self.block(top: 0, bottom: 0, children: [first, empty, last]) { $0.padding.top = .px(1) }
        engine.layoutBlock(parent, containingWidth: 300)
        #expect(last.y == 1 + 10 + 20)
        #expect(empty.y == 1 + 10 + 15)
    }

    @Test func theBodyDropsAQuirkyTopMarginAtItsTop() {
        let quirky = Self.block(top: 16, bottom: 0, height: 10) { $0.quirkyMarginTop = true }
        let body = Self.block(top: 0, bottom: 0, children: [quirky])
        body.isBody = true
        #expect(engine.layoutBlock(body, containingWidth: 300).top.value == 0)
        let plain = Self.block(top: 16, bottom: 0, height: 10)
        let otherBody = Self.block(top: 0, bottom: 0, children: [plain])
        otherBody.isBody = true
        #expect(engine.layoutBlock(otherBody, containingWidth: 300).top.value == 16)
    }
}
