import Foundation
import Testing
@testable import RenderCore

/// Form controls and embedded content: iOS's look (RenderThemeIOS.mm's colours and shapes)
/// at known pixels, what stays hidden, and sizes WebKitGTK measured. The boxes of a whole
/// page of controls are held to WebKit's by `LayoutFidelityTests` (form-controls.html).
@Suite struct FormControlTests {
    private static func frame(_ page: PaintedPage, _ fragment: String) -> Rect {
        page.frames(containing: fragment).first ?? Rect(x: -100, y: -100, width: 0, height: 0)
    }

    @Test func checkboxesAndRadiosLookLikeIOS() {
        let page = PaintedPage("""
            <body style="margin:0"><input type=checkbox checked style="width:32px;height:32px;margin:0"> \
            <input type=checkbox style="width:32px;height:32px;margin:0"> \
            <input type=radio checked style="width:32px;height:32px;margin:0"></body>
            """, height: 40)
        let checked = Self.frame(page, "input[0]"), empty = Self.frame(page, "input[1]"), radio = Self.frame(page, "input[2]")
        #expect(checked.width == 32 && empty.x == 36 && radio.x == 72)
        // Checked: system blue with the white checkmark through its lower middle.
        #expect(page.colour(checked.x + 3, checked.y + 16) == "#007AFF")
        #expect(page.colour(checked.x + 13, checked.y + 23) == "#FFFFFF")
        // Empty: white inside a 1.5 px ring of secondary label (rgba(60,60,67,0.6) on white).
        #expect(page.colour(empty.x + 16, empty.y + 16) == "#FFFFFF")
        #expect(page.colour(empty.x, empty.y + 16) == "#8A8A8E")
        // A checked radio: a blue disc around a white one 6/14 of its size.
        #expect(page.colour(radio.x + 4, radio.y + 16) == "#007AFF")
        #expect(page.colour(radio.x + 16, radio.y + 16) == "#FFFFFF")
    }

    /// `accent-color` tints what iOS draws in system blue: checked boxes and radios, a range's
    /// value, a progress bar; it is inherited, and `auto` is the blue.
    @Test func accentColorTintsTheControls() {
        let page = PaintedPage("""
            <body style="margin:0;accent-color:#ff0000"><input type=checkbox checked style="width:32px;height:32px;margin:0">             <input type=radio checked style="width:32px;height:32px;margin:0;accent-color:#00ff00">             <input type=checkbox checked style="width:32px;height:32px;margin:0;accent-color:auto"></body>
            """, height: 40)
        let checkbox = Self.frame(page, "input[0]"), radio = Self.frame(page, "input[1]"), blue = Self.frame(page, "input[2]")
        #expect(page.colour(checkbox.x + 3, checkbox.y + 16) == "#FF0000")
        #expect(page.colour(checkbox.x + 13, checkbox.y + 23) == "#FFFFFF")
        #expect(page.colour(radio.x + 4, radio.y + 16) == "#00FF00")
        #expect(page.colour(blue.x + 3, blue.y + 16) == "#007AFF")
    }

    @Test func buttonsArePillsUntilRestyled() {
        let page = PaintedPage("""
            <body style="margin:0"><input type=button value="Send" style="margin:0"> \
            <input type=submit value="Paid" style="margin:0;background:#22bc66;color:white"> \
            <input type=submit value="Pay" style="margin:0"></body>
            """, height: 40)
        let native = Self.frame(page, "input[0]"), styled = Self.frame(page, "input[1]"), submit = Self.frame(page, "input[2]")
        #expect(native.height == 25)
        // The opaque secondary fill, corners cut round (half the height), the CSS border gone.
        #expect(page.colour(native.x + 4, native.y + 12) == "#EBEBEC")
        #expect(page.colour(native.x + 0.5, native.y + 1) == "#FFFFFF")
        // A submit button is iOS's prominent one: system blue.
        #expect(page.colour(submit.x.rounded(.up) + 4, submit.y + 12) == "#007AFF")
        // An author background gives the CSS painting back: green inside WebKit's outset border,
        // whose top and left WebKit lightens to white (measured in WebKitGTK).
        #expect(page.colour(styled.x + 6, styled.y + 4) == "#22BC66")
        #expect(page.colour(styled.x.rounded(.up) + 0.5, styled.y + 12) == "#FFFFFF")
    }

    /// WebKitGTK: a `display: block` button or select is as wide as its content, and auto
    /// margins centre it (caniemail css-inert-attribute); its look stays the control's.
    @Test func blockButtonsAndSelectsShrinkToFit() {
        let page = PaintedPage("""
            <body style="margin:0"><button style="display:block;margin:0 auto">Centred</button>            <button style="display:inline-block">Centred</button>            <select style="display:block"><option>one option</option></select></body>
            """, height: 100)
        let block = Self.frame(page, "button[0]"), inline = Self.frame(page, "button[1]"), select = Self.frame(page, "select[0]")
        #expect(block.width == inline.width && block.width < 150)
        #expect(abs(block.x + block.width / 2 - 195) < 0.01)
        #expect(select.width < 150 && select.x == 0)
        #expect(page.colour(block.x + 4, block.y + 12) == "#EBEBEC")  // drawn as iOS's button
    }

    @Test func textFieldsAreWhiteWithAThinBorder() {
        let page = PaintedPage("<body style=\"margin:0\"><input value=\"\" style=\"margin:0\"></body>", height: 30)
        let field = Self.frame(page, "input[0]")
        #expect(field.width == 152 && field.height == 22)  // WebKitGTK's text field at 13.33 px
        #expect(page.colour(field.x + 40, field.y) == "#8A8A8E")
        #expect(page.colour(field.x + 40, field.y + 1.5) == "#FFFFFF")
    }

    @Test func appearanceNoneDrawsOnlyTheCSS() {
        let page = PaintedPage("<body style=\"margin:0\"><input type=checkbox checked style=\"appearance:none;margin:0;width:20px;height:20px\"></body>", height: 30)
        let box = Self.frame(page, "input[0]")
        #expect(box.width == 20)
        #expect(page.colour(box.x + 2, box.y + 10) == "#FFFFFF")
        #expect(page.colour(box.x + 10, box.y + 10) == "#FFFFFF")
    }

    @Test func rangeFillsUpToItsValue() {
        let page = PaintedPage("<body style=\"margin:0\"><input type=range min=0 max=10 value=10 style=\"margin:0;width:100px\"></body>", height: 30)
        let range = Self.frame(page, "input[0]")
        #expect(range.width == 100 && range.height == 20)  // a width alone keeps the height
        #expect(page.colour(range.x + 20, range.y + 10) == "#007AFF")
    }

    @Test func videoWithoutPosterIsABlackFrameAndAPosterKeepsItsRatio() {
        // A 4 × 2 red PNG as the poster.
        let poster = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP8z4AATEhsBgAZNQEDGy9LEgAAAABJRU5ErkJggg=="
        let page = PaintedPage("""
            <body style="margin:0"><video style="width:60px"></video><video poster="\(poster)" style="width:80px"></video></body>
            """, height: 60, images: ImageStore(baseDirectory: nil))
        let plain = Self.frame(page, "video[0]"), withPoster = Self.frame(page, "video[1]")
        #expect(plain.width == 60 && plain.height == 30)  // 300 × 150's ratio
        #expect(page.colour(plain.x + 30, plain.y + 15) == "#000000")
        #expect(withPoster.width == 80 && withPoster.height == 40)  // the poster's 2:1
        #expect(page.colour(withPoster.x + 40, withPoster.y + 20) == "#FF0000")
    }

    @Test func hiddenElementsTakeNoRoomAndDrawNothing() {
        let page = PaintedPage("""
            <body style="margin:0"><input type=hidden value=x><audio src="a.mp3"></audio>\
            <dialog>closed dialog</dialog><div popover>popover</div>\
            <details><summary>Sum</summary>closed body</details><p><ruby>Base<rp>(</rp><rt>ann</rt><rp>)</rp></ruby></p>\
            <marquee>moving text</marquee></body>
            """, height: 200)
        let text = page.document.text
        for hidden in ["closed dialog", "popover", "closed body", "("] { #expect(!text.contains(hidden), "\(hidden) shown") }
        #expect(text.contains("Sum") && text.contains("ann") && text.contains("Base"))
        #expect(page.frames(containing: "input[0]").isEmpty && page.frames(containing: "audio").isEmpty)
        // The marquee's first frame: its text has not come in yet.
        let marquee = Self.frame(page, "marquee[0]")
        #expect(marquee.height > 0)
        for x in stride(from: 2.0, to: 380, by: 4) { #expect(page.colour(x, marquee.y + marquee.height / 2) == "#FFFFFF") }
    }

    @Test func rubyTextSitsAboveItsBase() {
        let page = PaintedPage("<body style=\"margin:0\"><p style=\"margin:0\">x<ruby>Base<rt>ann</rt></ruby>y</p></body>", height: 60)
        let annotation = Self.frame(page, "rt[0]")
        let paragraph = Self.frame(page, "p[0]")
        #expect(annotation.y == paragraph.y && annotation.height > 0)
        #expect(paragraph.height > 20)  // the annotation's line above the base's
        // Outside a ruby, an `rt` is inline text on the line (WebKitGTK, caniemail html-semantics).
        let loose = PaintedPage("<body style=\"margin:0\"><p style=\"margin:0\">rt: <rt>ann</rt> after</p></body>", height: 60)
        #expect(Self.frame(loose, "p[0]").height < 20)
    }

    @Test func formPageGolden() throws {
        let directory = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/layout")
        let html = try String(contentsOf: directory.appendingPathComponent("form-controls.html"), encoding: .utf8)
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844,
                                       images: ImageStore(baseDirectory: directory.path, options: ImageOptions(failed: .blocked)))
        let page = try document.renderFullPage(viewportWidth: 390, viewportHeight: 844, scale: 1)
        try Golden.check(page.canvas, named: "form-controls")
    }
}
