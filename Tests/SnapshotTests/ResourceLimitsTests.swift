import Foundation
import Testing
@testable import RenderCore

/// Every limit of `ResourceLimits` cuts what is over it, renders the rest and says so in one
/// warning line. Limits are lowered here so each case stays small and fast.
@Suite struct ResourceLimitsTests {
    static func layout(_ html: String, _ change: (inout ResourceLimits) -> Void = { _ in }) -> LaidOutDocument {
        var limits = ResourceLimits()
        change(&limits)
        return LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844,
                               images: ImageStore(baseDirectory: nil, limits: limits), limits: limits)
    }

    @Test func elementsPastTheLimitAreCut() {
        let document = Self.layout(String(repeating: "<p>x</p>", count: 100)) { $0.maximumElements = 50 }
        #expect(document.warnings == ["the mail has more than 50 elements; the rest is not shown"])
        #expect(document.boxes.filter { $0.path.contains("/p[") }.count == 50)
        #expect(document.height > 0)
    }

    @Test func nestingPastTheLimitIsFlattenedBeforeParsing() {
        // Gumbo walks its open-element stack per tag: 100 000 levels must never reach it.
        let html = String(repeating: "<div>", count: 100_000) + "deep" + String(repeating: "</div>", count: 100_000) + "<p>after</p>"
        var limits = ResourceLimits()
        limits.maximumElements = 200_000
        let bounded = HTMLSourceLimits(limits).apply(Array(html.utf8))
        #expect(bounded.droppedNestedTags == 100_000 - 2 * 512)
        let document = Self.layout(html) { $0.maximumElements = 200_000 }
        #expect(document.warnings == ["elements nested deeper than 512 levels were flattened (their text is kept)"])
        #expect(document.boxes.contains { $0.path.hasSuffix("/p[0]") })  // the end tags were matched
    }

    @Test func sourceWithinTheLimitsIsPassedThroughUntouched() {
        let html = "<!DOCTYPE html><style>p > b { color: red }</style><table><tr><td>a<td>b</table><p a=1 b='>'>x<br/>y</p><!-- <div> -->"
        let bounded = HTMLSourceLimits(.standard).apply(Array(html.utf8))
        #expect(bounded.html == Array(html.utf8))
        #expect(!bounded.cutAtElementLimit && bounded.droppedNestedTags == 0 && bounded.droppedAttributes == 0)
    }

    @Test func attributesPastTheLimitAreIgnored() {
        let attributes = (0..<300).map { "a\($0)=v" }.joined(separator: " ")
        let dom = HTMLParser.parse("<p \(attributes) id=last>x</p>")
        let paragraph = dom.first(tag: "p")!
        #expect(dom[paragraph].attributes.count == 256)
        #expect(dom[paragraph].attributes["id"] == nil)
        #expect(dom.warnings == ["elements with more than 256 attributes: the rest were ignored"])
    }

    @Test func stylesheetBytesAndSelectorsPastTheLimitsAreIgnored() {
        let css = "<style>" + (0..<20).map { "p.c\($0) { color: red }" }.joined() + "</style><p class=c19>x</p>"
        #expect(Self.layout(css) { $0.maximumStylesheetBytes = 100 }.warnings == ["the mail's CSS is larger than 100 bytes; the rest is ignored"])
        #expect(Self.layout(css) { $0.maximumStyleRules = 5 }.warnings == ["the mail's CSS has more than 5 selectors; the rest are ignored"])
        #expect(Self.layout(css).warnings.isEmpty)
        let tests = Self.layout(css + String(repeating: "<p class=c1>y</p>", count: 20)) { $0.maximumSelectorTests = 5 }
        #expect(tests.warnings == ["the mail's CSS needs more than 5 selector tests; later elements are styled without it"])
    }

    @Test func ruleIndexMatchesAsEveryRuleWould() {
        let css = "<style>#a { color: #010101 } .b { color: #020202 } p { color: #030303 } * { margin: 0 } p.b#a:not(.z) { color: #040404 }"
            + " div > .b { font-size: 20px } p[title].b { font-size: 30px }</style>"
        let dom = HTMLParser.parse(css + "<div><p id=a class='b  b'>x</p><p class=b title=t>y</p><span>z</span></div>")
        let styled = Cascade.style(dom, media: MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false))
        let paragraphs = dom.nodes.indices.filter { dom[$0].tag == "p" }
        #expect(styled.style(of: paragraphs[0])?.color == RGBA(r: 4 / 255, g: 4 / 255, b: 4 / 255, a: 1))
        #expect(styled.style(of: paragraphs[0])?.fontSize == 20)
        #expect(styled.style(of: paragraphs[1])?.color == RGBA(r: 2 / 255, g: 2 / 255, b: 2 / 255, a: 1))
        #expect(styled.style(of: paragraphs[1])?.fontSize == 30)
    }

    @Test func textPastTheParagraphAndMailLimitsIsCut() {
        let paragraph = Self.layout("<p>" + String(repeating: "word ", count: 1000) + "</p>") { $0.maximumParagraphBytes = 1000 }
        #expect(paragraph.warnings == ["a paragraph has more than 1000 bytes of text; the rest of it is cut"])
        let mail = Self.layout(String(repeating: "<p>" + String(repeating: "word ", count: 100) + "</p>", count: 10)) { $0.maximumTextBytes = 2000 }
        #expect(mail.warnings == ["the mail has more than 2 KB of text; the rest is cut"])
        let breaks = Self.layout("<p>" + String(repeating: "a<br>", count: 50) + "</p>") { $0.maximumParagraphLineBreaks = 10 }
        #expect(breaks.warnings == ["a paragraph has more than 10 line breaks; the rest are ignored"])
    }

    @Test func charactersOfThousandsOfCodePointsAreShortened() {
        let zalgo = Self.layout("<p>" + "Z" + String(repeating: "\u{301}\u{308}", count: 5_000) + " ok</p>")
        #expect(zalgo.warnings == ["characters made of more than 32 code points (stacked combining marks) were shortened"])
        let shortened = BoxTreeBuilder.shorteningLongCharacters("a\u{301}" + "Z" + String(repeating: "\u{301}", count: 40) + "é漢", limit: 32)
        #expect(shortened?.unicodeScalars.count == 2 + 32 + 2)
        #expect(BoxTreeBuilder.shorteningLongCharacters("plain text, and 漢字 with é", limit: 32) == nil)
    }

    @Test func floatsPastTheLimitStayInTheFlow() {
        let document = Self.layout(String(repeating: "<div style='float:left;width:10px;height:10px'></div>", count: 5)) { $0.maximumFloats = 2 }
        #expect(document.warnings == ["the mail has more than 2 floats; the rest are laid out as if not floated"])
    }

    @Test func documentHeightPastTheLimitIsCut() {
        let document = Self.layout("<div style='height:5000px'>tall</div>") { $0.maximumDocumentHeight = 1000 }
        #expect(document.height == 1000)
        #expect(document.warnings == ["the mail is 5016 px tall; only its first 1 000 px are shown"])
    }

    @Test func fontSizesAndSpansAreClampedAsBrowsersClampThem() {
        let document = Self.layout("<p style='font-size:1e9px'>huge</p><table><tr><td colspan=100000 rowspan=99999999999999999999>x</td></tr></table>")
        #expect(document.warnings == ["font sizes above 2000 px are drawn at 2000 px", "colspan above 1000 is taken as 1000",
                                      "rowspan above 65534 is taken as 65534"])
        let dom = HTMLParser.parse("<p style='font-size:1e9px'>x</p>")
        let styled = Cascade.style(dom, media: MediaContext(viewportWidth: 390, viewportHeight: 844, deviceWidth: 390, deviceHeight: 844, darkMode: false))
        #expect(styled.style(of: dom.first(tag: "p")!)?.fontSize == 2000)
    }

    @Test func listNumbersCountOnceAndNeverOverflow() {
        let document = Self.layout("<ol start=9223372036854775807><li>a<li>b<li value=3>c<li>d</ol>")
        #expect(document.height > 0)
        #expect(CounterStyle.of(.named("lower-roman"))?.representation(Int.min) == String(Int.min))
    }

    /// A PNG whose header claims `width` × `height` and whose data stops after a few rows.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(width); header.appendBigEndian(height)
        header.append(contentsOf: [8, 0, 0, 0, 0])
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", (try? APNGEncoder.deflate([UInt8](repeating: 0, count: 4 * (Int(width) + 1)))) ?? Data())
        png.appendChunk("IEND", Data())
        return [UInt8](png)
    }

    @Test func imagesOverThePixelLimitAreRefusedFromTheirHeader() throws {
        let start = Date()
        #expect(throws: DecodedImage.Failure.tooLarge(width: 30_000, height: 30_000)) {
            try DecodedImage.decode(Self.pngHeader(width: 30_000, height: 30_000))
        }
        #expect(Date().timeIntervalSince(start) < 1)
        let uri = "data:image/png;base64," + Data(Self.pngHeader(width: 20_000, height: 20_000)).base64EncodedString()
        let document = Self.layout("<img src='\(uri)'><div style=\"background:url('\(uri)')\">x</div>")
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.hasSuffix("is 20000x20000 pixels, over the 40 000 000 limit; not drawn") == true)
        let long = Self.layout("<img src='data:image/png;base64," + String(repeating: "A", count: 2000) + "'>") { $0.maximumDataURIBytes = 1000 }
        #expect(long.warnings == ["image data URI is longer than 1000 bytes; not decoded"])
    }

    @Test func declaredSizesOfEveryFormat() {
        #expect(DecodedImage.declaredSize(Self.pngHeader(width: 7, height: 9), format: "png")! == (7, 9))
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x27, 0x20, 0x4E]
        #expect(DecodedImage.declaredSize(gif, format: "gif")! == (10_000, 20_000))
        var bmp = [UInt8](repeating: 0, count: 26)
        bmp[0] = 0x42; bmp[1] = 0x4D; bmp[14] = 40; bmp[18] = 0x10; bmp[19] = 0x27; bmp[22...25] = [0xF0, 0xD8, 0xFF, 0xFF]
        #expect(DecodedImage.declaredSize(bmp, format: "bmp")! == (10_000, 10_000))
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x75, 0x30, 0x75, 0x30, 0x03]
        #expect(DecodedImage.declaredSize(jpeg, format: "jpeg")! == (30_000, 30_000))
        #expect(DecodedImage.declaredSize([0x89, 0x50], format: "png") == nil)
    }

    @Test func frameSizeAndCountLimits() throws {
        var scene = Scene(html: "<p>x</p>")
        scene.viewportWidth = 4000; scene.viewportHeight = 4000; scene.scale = 2
        #expect(throws: RenderError.input("frame of 8000x8000 pixels is too large (40 000 000 pixels at most)")) { try scene.validate() }
        scene = Scene(html: "<p>x</p>")
        scene.limits.maximumFrames = 3
        scene.offsets = [.range(from: 0, to: nil, step: 1)]
        scene.html = "<div style='height:2000px'></div>"
        #expect(throws: RenderError.input("the offsets stand for more than 3 frames")) { try SceneRenderer(scene: scene) }
    }

    @Test func outputPastTheBudgetIsRefusedAndRemoved() throws {
        let folder = temporaryDirectory("budget")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.bin"
        try AtomicFile.write(Data(count: 100), to: path)
        let budget = OutputBudget(limit: 50)
        #expect(throws: RenderError.self) { try budget.charge(fileAt: path) }
        #expect(throws: Never.self) { try OutputBudget(limit: 100).charge(fileAt: path) }
    }

    @Test func limitsAreFormattedForPeople() {
        #expect(ResourceLimits.count(20_000) == "20 000")
        #expect(ResourceLimits.count(512) == "512")
        #expect(ResourceLimits.bytes(2 << 20) == "2 MB")
        #expect(ResourceLimits.bytes(200 << 10) == "200 KB")
        #expect(ResourceLimits.bytes(Int64(4) << 30) == "4 GB")
    }
}
