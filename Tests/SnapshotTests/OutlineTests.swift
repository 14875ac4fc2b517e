import Foundation
import Testing
@testable import RenderCore

/// Outlines as WebKit draws them: outside the border box grown by `outline-offset`, over the
/// content, following rounded corners, one closed outline per line of an inline element, and
/// `auto` as the platform focus ring. Every expected pixel was measured in WebKit
/// (webkit_ref.py, scale 1) on the same markup.
@Suite struct OutlineTests {
    /// Painted once (static initialisers run once, thread-safely), then only read by the
    /// parallel tests: `colour` reads the canvas's bytes and draws nothing.
    nonisolated(unsafe) static let page = PaintedPage("""
        <body style='margin:0'><div style='margin:20px;width:100px;height:40px;outline:4px solid #ff0000'></div>\
        <div style='margin:20px;width:100px;height:40px;background:#ffff00;outline:4px solid #008000;outline-offset:-10px'></div>\
        <div style='margin:30px;width:100px;height:40px;border-radius:12px;outline:6px solid #0000ff;outline-offset:6px'></div>\
        <div style='margin:20px;width:100px;height:20px;outline:auto'></div>\
        <div style='margin:20px;width:100px;height:20px;outline:5px none red'></div>
        """, height: 300)

    @Test(arguments: [
        // outside the border box (x 20–120, y 20–60), none of it inside
        (17.0, 30.0, "#FF0000"), (15, 30, "#FFFFFF"), (20, 30, "#FFFFFF"), (60, 18, "#FF0000"), (60, 15, "#FFFFFF"),
        // a negative offset draws inside, over the background
        (28, 95, "#008000"), (30, 95, "#FFFF00"),
        // offset and width grow the 12 px corners: the corner pixels stay white
        (60, 140, "#0000FF"), (80, 201, "#0000FF"), (19, 139, "#FFFFFF"), (22, 142, "#FFFFFF"), (141, 201, "#FFFFFF"),
        // `outline-style: none` draws nothing whatever the width
        (18, 270, "#FFFFFF"), (60, 262, "#FFFFFF"),
    ])
    func outlinePixels(x: Double, y: Double, expected: String) {
        #expect(Self.page.colour(x, y) == expected)
    }

    /// WebKit's focus ring: 2 px of the accent colour at 80 % (#5D9CE9 on white), outside the box.
    @Test func autoIsTheFocusRing() throws {
        for (x, y) in [(19.0, 230.0), (18, 230), (60, 219), (60, 218)] {
            let hex = Self.page.colour(x, y)
            let (r, g, b) = (Int(hex.dropFirst(1).prefix(2), radix: 16)!, Int(hex.dropFirst(3).prefix(2), radix: 16)!, Int(hex.dropFirst(5), radix: 16)!)
            #expect(abs(r - 0x5D) <= 1 && abs(g - 0x9C) <= 1 && abs(b - 0xE9) <= 1, "\(x),\(y): \(hex)")
        }
        #expect(Self.page.colour(20, 230) == "#FFFFFF")
    }

    /// An outline takes no room: the boxes are where they would be without it.
    @Test func outlinesDoNotMoveBoxes() {
        let with = LaidOutDocument(html: "<div style='outline:30px solid red;outline-offset:9px'>a</div><p>b</p>", viewportWidth: 390, viewportHeight: 844)
        let without = LaidOutDocument(html: "<div>a</div><p>b</p>", viewportWidth: 390, viewportHeight: 844)
        #expect(with.boxes.map(\.frame) == without.boxes.map(\.frame))
    }

    /// Each line's piece of an inline element is outlined on its own (closed on all four sides).
    @Test func inlineOutlineClosesEachLine() {
        let page = PaintedPage("<body style='margin:0'><p style='margin:10px;width:120px;font:16px serif;line-height:30px'>"
                               + "<span style='outline:2px solid #ff0000'>wrapping words over two lines</span></p>", height: 80)
        let lines = page.document.displayList.entries.filter {
            if case .border = $0.item { return true } else { return false }
        }
        #expect(lines.count == 2)
    }

    @Test(arguments: [
        ("outline: 3px dotted", Outline(width: 3, style: .dotted)),
        ("outline: red thick double", Outline(width: 5, style: .double, color: RGBA(bytes: 255, 0, 0))),
        ("outline: auto", Outline(style: .solid, isAuto: true)),
        ("outline: 2px solid red; outline-offset: -3px", Outline(width: 2, style: .solid, color: RGBA(bytes: 255, 0, 0), offset: -3)),
        ("outline: 2px solid red; outline: none", Outline()),
        ("outline: 2px solid; outline: hidden", Outline(width: 2, style: .solid)),      // hidden is not an outline style
        ("outline: 2px solid 3px", Outline()),                                          // two widths: dropped
        ("outline: 4px solid red; outline-color: invert", Outline(width: 4, style: .solid)),
        ("outline: 4px solid red; outline: initial", Outline()),
    ])
    func parsing(css: String, expected: Outline) {
        var style = ComputedStyle()
        for declaration in parseDeclarationList(css) { style.apply(declaration, parent: ComputedStyle(), rootFontSize: 16) }
        #expect(style.outline == expected, "\(css)")
    }
}
