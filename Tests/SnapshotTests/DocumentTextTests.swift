import Foundation
import Testing
@testable import RenderCore
import SnapshotCLI

/// `LaidOutDocument.text`: what a frame says, in reading order, from the laid-out text.
@Suite struct DocumentTextTests {
    static func text(_ html: String, images: ImageOptions = ImageOptions()) -> String {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, images: ImageStore(baseDirectory: nil, options: images)).text
    }

    /// A broken image's alt text counts where WebKit draws it: above the centred icon, so in a
    /// box with room for both; not in a box of the text's own size. A placeholder stands for a
    /// loaded image, which has no text.
    @Test func brokenImagesSayTheirAltTextAndPlaceholdersNothing() {
        let sized = "<!DOCTYPE html><p>a <img src=\"missing.png\" alt=\"Logo\" width=\"200\" height=\"100\"> b</p>"
        let unsized = "<!DOCTYPE html><p>a <img src=\"missing.png\" alt=\"Logo\"> b</p>"
        let blocked = ImageOptions(failed: .blocked)
        #expect(Self.text(sized, images: blocked) == "a Logo b")
        #expect(Self.text(unsized, images: blocked) == "a  b")
        #expect(Self.text(sized) == "a  b")
    }

    @Test(arguments: [
        // Paragraphs and blocks: one newline each.
        ("<p>One</p><p>Two</p>", "One\nTwo"),
        ("<div>a<div>b</div>c</div><h1>Title</h1>", "a\nb\nc\nTitle"),
        // <br> is a newline; a trailing one opens no line; blank lines collapse to one.
        ("<p>a<br>b<br><br>c</p>", "a\nb\n\nc"),
        ("<div>a<br></div><div>b</div>", "a\nb"),
        ("<p>a<br><br><br><br>b</p>", "a\n\nb"),
        // A row's cells are separated by tabs, rows by newlines.
        ("<table><tr><td>Left</td><td>Right</td></tr><tr><td>x</td><td><p>y</p></td></tr></table>", "Left\tRight\nx\ty"),
        ("<table><tr><td></td><td>b</td></tr><tr><td>c</td><td></td></tr></table>", "b\nc"),
        ("<table><tr><td><div>a</div></td><td><div>b</div><div>c</div></td></tr><tr><td>d<br></td><td>e</td></tr></table>",
         "a\tb\nc\nd\te"),
        ("<p>before</p><table><tr><td></td><td><p>x</p></td></tr></table><p>after</p>", "before\n\tx\nafter"),
        // display:none and what the UA stylesheet hides.
        ("<p>shown<span style=\"display:none\"> hidden</span></p><div style=\"display:none\">gone</div>", "shown"),
        ("<html><head><title>T</title><style>p{color:red}</style><script>var x = 1</script></head><body><p>Body</p></body></html>", "Body"),
        // Laid out but not drawn.
        ("<p>a<span style=\"visibility:hidden\">b</span>c</p>", "ac"),
        // White space as laid out: collapsed, except where preserved.
        ("<p>  a \n\t b   </p>\n\n  <p> c</p>", "a b\nc"),
        ("<pre>x\n  y</pre>", "x\n  y"),
        ("<p style=\"white-space:pre-line\">one\ntwo   three</p>", "one\ntwo three"),
        // text-transform is applied.
        ("<p style=\"text-transform:uppercase\">hello <b>world</b></p>", "HELLO WORLD"),
        ("<p style=\"text-transform:capitalize\">hello world</p>", "Hello World"),
        // Nested inline elements add no spaces, even those with padding and borders.
        ("<p><b>bo</b>ld <i>it<u>al</u></i>ic</p>", "bold italic"),
        ("<p><span style=\"padding:0 10px;border:1px solid;margin:0 4px\">x</span>y</p>", "xy"),
        ("<p>a<span style=\"display:inline-block\">b</span>c</p>", "abc"),
        // List markers are not text (as in innerText).
        ("<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>", "one\ntwo\nthree"),
        // A broken image's alt text is drawn, so it counts; a drawn image has none.
        ("<p>a<img src=\"missing.png\" width=\"10\" height=\"10\" alt=\"Logo\">b</p>", "ab"),
        ("", ""),
    ])
    func textAsLaidOut(html: String, expected: String) {
        #expect(Self.text(html) == expected)
    }

    @Test func softWrapsGiveNoNewline() {
        let words = Array(repeating: "word", count: 60).joined(separator: " ")
        let document = LaidOutDocument(html: "<p>\(words)</p>", viewportWidth: 200, viewportHeight: 844)
        #expect(document.height > 100)  // many lines
        #expect(document.text == words)
    }

    @Test func messageBodyText() throws {
        typealias Part = MessageFixture.Part
        let html = "<html><head><style>.x{display:none}</style></head><body><p>Hello <b>Zoë</b>,</p>"
            + "<p class=\"x\">preheader</p><table><tr><td>Total</td><td>12 €</td></tr></table></body></html>"
        let bytes = MessageFixture.message(Part.multipart("alternative", boundary: "b0und", [
            .text("plain", Array("Hello Zoë, plain".utf8), charset: "utf-8", encoding: .base64),
            .text("html", Array(html.utf8), charset: "utf-8", encoding: .quotedPrintable),
        ]))
        let scene = Scene(message: try MailMessage.parse(bytes), timeZone: TimeZone(secondsFromGMT: 0)!)
        let renderer = try SceneRenderer(scene: scene)
        #expect(renderer.document.text == "Hello Zoë,\nTotal\t12 €")
    }

    @Test func layoutJSONHasTheDocumentText() throws {
        let mail = temporaryDirectory("document-text") + ".html"
        try "<h1>Hi  there</h1><p>Line<br>break</p>".write(toFile: mail, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: mail) }
        let run = CommandRun(["layout", mail, "--json"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined().utf8)) as? [String: Any])
        let document = try #require(json["document"] as? [String: Any])
        #expect(document["text"] as? String == "Hi there\nLine\nbreak")
    }
}
