import Foundation
import Testing
@testable import RenderCore

/// `.eml` messages: header fields, body choice, transfer encodings and charsets, cid: images.
@Suite struct MessageTests {
    typealias Part = MessageFixture.Part

    static let utc = TimeZone(secondsFromGMT: 0)!

    // MARK: Header fields

    @Test func headerFieldsAreDecoded() throws {
        let message = try MailMessage.parse(MessageFixture.corpusMessage(charset: "utf-8", encoding: .quotedPrintable))
        #expect(message.subject == "Café menu — größer")
        #expect(message.from == [MailAddress(name: "Zoë Müller", address: "zoe@example.com")])
        #expect(message.to == [MailAddress(name: "Bob Builder", address: "bob@example.com"),
                               MailAddress(name: nil, address: "carol@example.com")])
        #expect(message.cc == [MailAddress(name: "Dave, the reviewer", address: "dave@example.org")])
        #expect(message.date == Date(timeIntervalSince1970: 1_709_458_920))  // 09:42 UTC
        #expect(message.attachments == [MailAttachment(name: "menu.pdf", mediaType: "application/pdf", size: 24_000)])
        #expect(message.warnings.isEmpty, "\(message.warnings)")
    }

    @Test func encodedWordsInEveryCharsetAndQForm() throws {
        let headers = [
            "From: =?iso-8859-1?q?Andr=E9_Fran=E7ois?= <andre@example.fr>",
            "To: =?shift_jis?B?k/qWe4zq?= <jp@example.jp>",
            "Subject: =?windows-1252?Q?=80_price?= and =?gb2312?B?1tDOxA==?= =?utf-8?q?_ok?=",
            "Date: Tue, 31 Dec 2024 23:30:00 -0800",
        ]
        let message = try MailMessage.parse(MessageFixture.message(headers: headers, .text("plain", Array("hi".utf8), charset: "us-ascii", encoding: .eightBit)))
        #expect(message.from.first?.name == "André François")
        #expect(message.to.first?.name == "日本語")
        #expect(message.subject == "€ price and 中文 ok")
    }

    @Test func dateIsFormattedInTheGivenTimeZone() throws {
        let date = Date(timeIntervalSince1970: 1_735_716_600)  // 2025-01-01 07:30 UTC
        #expect(MessageHeaderTemplate.formatDate(date, timeZone: Self.utc) == "January 1, 2025 at 7:30 AM")
        #expect(MessageHeaderTemplate.formatDate(date, timeZone: try MessageHeaderTemplate.timeZone(named: "-08:00")) == "December 31, 2024 at 11:30 PM")
        #expect(MessageHeaderTemplate.formatDate(date, timeZone: try MessageHeaderTemplate.timeZone(named: "+0530")) == "January 1, 2025 at 1:00 PM")
        #expect(MessageHeaderTemplate.formatDate(date.addingTimeInterval(16_200), timeZone: Self.utc) == "January 1, 2025 at 12:00 PM")
        #expect(throws: RenderError.self) { try MessageHeaderTemplate.timeZone(named: "Mars/Olympus") }
        #expect(throws: RenderError.self) { try MessageHeaderTemplate.timeZone(named: "+25:00") }
    }

    @Test func attachmentSizesReadAsMailListsThem() {
        #expect(MessageHeaderTemplate.formatSize(1) == "1 byte")
        #expect(MessageHeaderTemplate.formatSize(999) == "999 bytes")
        #expect(MessageHeaderTemplate.formatSize(24_000) == "24 KB")
        #expect(MessageHeaderTemplate.formatSize(1_450_000) == "1.4 MB")
        #expect(MessageHeaderTemplate.formatSize(20 * 1024 * 1024) == "21.0 MB")
    }

    @Test func rfc2231FilenamesAndAttachedMessages() throws {
        let attached = "Subject: Minutes\r\nFrom: a@example.com\r\n\r\nText\r\n"
        let body = Part.multipart("mixed", boundary: "b", [
            .text("plain", Array("See attached.".utf8), charset: "utf-8", encoding: .eightBit),
            Part("application/octet-stream", encoding: .base64,
                 extra: ["Content-Disposition: attachment; filename*=utf-8''Pr%C3%A4sentation%20Q1.key"],
                 body: MessageFixture.encode(Array(repeating: 1, count: 1500), .base64)),
            Part("message/rfc822", extra: ["Content-Disposition: attachment"], body: attached),
        ])
        let message = try MailMessage.parse(MessageFixture.message(body))
        #expect(message.bodyKind == .plain)
        #expect(message.attachments.map(\.name) == ["Präsentation Q1.key", "Minutes.eml"])
        #expect(message.attachments.first?.size == 1500)
    }

    // MARK: Body choice

    @Test func alternativePrefersHTMLWhereverItStands() throws {
        for order in [["html", "plain"], ["plain", "html"]] {
            let parts = order.map { Part.text($0, Array("<b>\($0)</b>".utf8), charset: "utf-8", encoding: .eightBit) }
            let message = try MailMessage.parse(MessageFixture.message(Part.multipart("alternative", boundary: "x", parts)))
            #expect(message.bodyKind == .html)
            #expect(message.bodyHTML == "<b>html</b>")
        }
    }

    @Test func alternativeWithoutHTMLShowsPlainText() throws {
        let parts = [Part.text("plain", Array("only text".utf8), charset: "utf-8", encoding: .eightBit),
                     Part("application/x-unknown", body: "zzz")]
        let message = try MailMessage.parse(MessageFixture.message(Part.multipart("alternative", boundary: "x", parts)))
        #expect(message.bodyKind == .plain)
        #expect(message.bodyHTML.contains("<div>only text</div>"))
    }

    @Test func relatedResolvesCidToTheRelatedPart() throws {
        let message = try MailMessage.parse(MessageFixture.corpusMessage(charset: "utf-8", encoding: .base64))
        #expect(message.bodyKind == .html)
        #expect(message.bodyHTML.contains("src=\"cid:whale@fixture.example\""))
        #expect(message.inlineImages["whale@fixture.example"] == (try MessageFixture.corpusImage()))
        // The inline image is in the body, not in the attachment list.
        #expect(!message.attachments.contains { $0.name == "whale.png" })
        let store = ImageStore(baseDirectory: nil, contentIDs: message.inlineImages)
        #expect(store.image(for: "cid:whale@fixture.example")?.width == 480)
        #expect(store.image(for: "CID:%3Cwhale@Fixture.example%3E")?.width == 480)  // brackets, case, percent-encoding
        #expect(store.image(for: "cid:other@fixture.example") == nil)
        // Without a mapping cid: stays blocked, as before.
        #expect(ImageStore(baseDirectory: nil).image(for: "cid:whale@fixture.example") == nil)
    }

    @Test func relatedStartParameterPicksTheRoot() throws {
        let related = Part.multipart("related", boundary: "r", [
            Part("image/png", extra: ["Content-ID: <img1>"], body: "x"),
            Part("text/html; charset=utf-8", extra: ["Content-ID: <root@x>"], body: "<p>root</p>"),
        ], parameters: "; start=\"<root@x>\"")
        let message = try MailMessage.parse(MessageFixture.message(related))
        #expect(message.bodyHTML == "<p>root</p>")
    }

    @Test func attachedHTMLIsNotTheBody() throws {
        let mixed = Part.multipart("mixed", boundary: "m", [
            Part("text/html; charset=utf-8", extra: ["Content-Disposition: attachment; filename=\"page.html\""], body: "<p>file</p>"),
            Part("text/plain; charset=utf-8", body: "the body"),
        ])
        let message = try MailMessage.parse(MessageFixture.message(mixed))
        #expect(message.bodyKind == .plain)
        #expect(message.bodyHTML.contains("the body"))
        #expect(message.attachments.map(\.name) == ["page.html"])
    }

    @Test func aMissingCidPartIsAWarning() throws {
        let html = Part.text("html", Array("<img src=\"cid:nowhere\">".utf8), charset: "utf-8", encoding: .eightBit)
        let message = try MailMessage.parse(MessageFixture.message(html))
        #expect(message.warnings == ["cid:nowhere names no part of the message; shown as a broken image"])
    }

    // MARK: Transfer encodings and charsets

    @Test func quotedPrintableAndBase64DecodeToTheSameText() throws {
        let html = try MessageFixture.corpusMail("antwort-three-cols.html")
        var bodies: [String] = []
        for encoding in [MessageFixture.Encoding.quotedPrintable, .base64, .eightBit] {
            let message = try MailMessage.parse(MessageFixture.message(.text("html", Array(html.utf8), charset: "utf-8", encoding: encoding)))
            bodies.append(message.bodyHTML)
        }
        #expect(bodies[0] == html.replacingOccurrences(of: "\n", with: "\r\n"))  // QP keeps CRLF line ends
        #expect(bodies[1] == html)
        #expect(Set(bodies.map { $0.replacingOccurrences(of: "\r\n", with: "\n") }).count == 1)
    }

    @Test(arguments: [
        ("utf-8", [0x43, 0x61, 0x66, 0xC3, 0xA9] as [UInt8], "Café"),
        ("iso-8859-1", [0x43, 0x61, 0x66, 0xE9], "Café"),
        ("ISO-8859-15", [0xA4, 0x20, 0xBD], "€ œ"),
        ("iso-8859-2", [0x50, 0xF8, 0xED, 0x6C, 0x69, 0xB9], "Příliš"),
        ("windows-1252", [0x80, 0x93, 0x94], "€“”"),
        ("windows-1251", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], "Привет"),
        ("Shift_JIS", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA], "日本語"),
        ("gb2312", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
        ("GBK", [0x81, 0x40], "丂"),            // GBK beyond GB2312
        ("gb2312", [0x81, 0x40], "丂"),         // a GB2312 label reads GBK text, as readers do
        ("euc-kr", [0xC7, 0xD1, 0xB1, 0xDB], "한글"),
        ("big5", [0xA4, 0xA4, 0xA4, 0xE5], "中文"),
    ])
    func declaredCharsetsAreHonoured(charset: String, bytes: [UInt8], expected: String) throws {
        let message = try MailMessage.parse(MessageFixture.message(contentHeaders: [
            "Content-Type: text/html; charset=\(charset)", "Content-Transfer-Encoding: 8bit"], rawBody: bytes))
        #expect(message.bodyHTML == expected)
        #expect(message.warnings.isEmpty, "\(message.warnings)")
    }

    @Test func metaCharsetAppliesWhenTheMIMEHeaderHasNone() throws {
        let html: [UInt8] = Array("<html><head><style>p{}</style><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\"></head><p>".utf8)
            + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
        let message = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/html"], rawBody: html))
        #expect(message.bodyHTML.hasSuffix("<p>Привет"))
        #expect(message.bodyCharset == "windows-1251")
        // The MIME header wins over the meta.
        let declared = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/html; charset=koi8-r"], rawBody: html))
        #expect(declared.bodyCharset == "koi8-r")
        #expect(!declared.bodyHTML.hasSuffix("<p>Привет"))
    }

    @Test func missingCharsetReadsUTF8WithAWarning() throws {
        let message = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/plain"], rawBody: Array("Grüße ✓".utf8)))
        #expect(message.bodyHTML.contains("<div>Grüße ✓</div>"))
        #expect(message.warnings == ["the body declares no charset; read as UTF-8"])
    }

    @Test func wrongCharsetGetsGMimesBestGuessAndAWarning() throws {
        // Latin-1 bytes labelled UTF-8: not valid UTF-8, so GMime's fallback reads windows-1252.
        let latin = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/html; charset=utf-8"], rawBody: [0x43, 0x61, 0x66, 0xE9]))
        #expect(latin.bodyHTML == "Café")
        #expect(latin.warnings == ["the body is declared UTF-8 but is not valid UTF-8; read as windows-1252 (GMime's best guess)"])
        // UTF-8 labelled Latin-1: read as UTF-8, never as mojibake.
        let utf8 = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/html; charset=iso-8859-1"], rawBody: Array("Café".utf8)))
        #expect(utf8.bodyHTML == "Café")
        #expect(utf8.warnings == ["the body is declared iso-8859-1 but is valid UTF-8; read as UTF-8"])
        // An unknown label.
        let unknown = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/html; charset=x-klingon"], rawBody: Array("Café".utf8)))
        #expect(unknown.bodyHTML == "Café")
        #expect(unknown.warnings == ["the body's charset 'x-klingon' is unknown; read as UTF-8"])
        // Shift_JIS that is cut mid-character.
        let cut = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/html; charset=shift_jis"], rawBody: [0x93, 0xFA, 0x96]))
        #expect(cut.warnings.first?.hasPrefix("the body is not valid shift_jis") == true)
    }

    @Test func undeclared8BitHeadersAreNotMojibake() throws {
        let headers = ["From: Zoë <zoe@example.com>", "Subject: Grüße aus Köln", "Date: Sun, 03 Mar 2024 10:42:00 +0000"]
        let message = try MailMessage.parse(MessageFixture.message(headers: headers, .text("plain", Array("x".utf8), charset: nil, encoding: .eightBit)))
        #expect(message.subject == "Grüße aus Köln")
        #expect(message.from.first?.name == "Zoë")
    }

    // MARK: Plain text

    @Test func quotedLinesNestByDepth() {
        let lines = PlainTextToHTML.lines(MessageFixture.plainThread, flowed: false, delSp: false)
        let depths = lines.map(\.depth)
        #expect(depths == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0, 0])
        #expect(lines[10] == .init(depth: 2, text: "We planned the release for Thursday."))
        #expect(lines[13] == .init(depth: 3, text: "Carl wrote:"))
        #expect(lines[20] == .init(depth: 0, text: "-- "))
    }

    @Test func formatFlowedJoinsSoftBreaksAndKeepsQuotesApart() {
        let text = "This is a long para \r\ngraph that flows.\r\n>Quoted one \r\n>and two.\r\n>> Deeper\r\n -- \r\nNot flowed.\r\n From stuffed\r\n"
        let lines = PlainTextToHTML.lines(text, flowed: true, delSp: false)
        #expect(lines == [
            .init(depth: 0, text: "This is a long para graph that flows."),
            .init(depth: 1, text: "Quoted one and two."),
            .init(depth: 2, text: "Deeper"),
            .init(depth: 0, text: "-- "),
            .init(depth: 0, text: "Not flowed."),
            .init(depth: 0, text: "From stuffed"),
        ])
        // DelSp=yes: the space before a soft break goes (for languages without spaces).
        #expect(PlainTextToHTML.lines("日本 \r\n語\r\n", flowed: true, delSp: true) == [.init(depth: 0, text: "日本語")])
        // A soft break into a different quote depth ends the paragraph.
        #expect(PlainTextToHTML.lines(">a \r\nb\r\n", flowed: true, delSp: false).map(\.depth) == [1, 0])
    }

    @Test func linksAreRecognisedAndTextEscaped() {
        #expect(PlainTextToHTML.linkify("see https://x.example/a?b=1&c=2.") ==
                "see <a href=\"https://x.example/a?b=1&amp;c=2\">https://x.example/a?b=1&amp;c=2</a>.")
        #expect(PlainTextToHTML.linkify("(www.example.com) <a@b.example>") ==
                "(<a href=\"http://www.example.com\">www.example.com</a>) &lt;<a href=\"mailto:a@b.example\">a@b.example</a>&gt;")
        #expect(PlainTextToHTML.linkify("https://en.wikipedia.org/wiki/Foo_(bar)") ==
                "<a href=\"https://en.wikipedia.org/wiki/Foo_(bar)\">https://en.wikipedia.org/wiki/Foo_(bar)</a>")
        #expect(PlainTextToHTML.linkify("<script>") == "&lt;script&gt;")
    }

    /// Linear in the text: a quarter megabyte without spaces, full of `@`, `(` and URL prefixes, and
    /// one of many short links (at most 100 of them linked per line).
    @Test func linkingIsLinear() {
        let start = Date()
        let solid = PlainTextToHTML.linkify(String(repeating: "a@b.c@(http://x.y/)))@@www.", count: 10_000))
        #expect(solid.hasPrefix("<a href=\"mailto:a@b.c\">a@b.c</a>@(<a href=\"http://x.y/)))@@www.a@b.c"))
        let spaced = PlainTextToHTML.linkify(String(repeating: "a@b.c (http://x.y/)) www.x.y ", count: 10_000))
        #expect(spaced.components(separatedBy: "<a href").count - 1 == PlainTextToHTML.maximumLinksPerLine)
        #expect(Date().timeIntervalSince(start) < timeBudget(30))  // debug build; quadratic would take minutes
    }

    @Test func flowedMessageEndToEnd() throws {
        let body = "Hello \r\nworld.\r\n>quoted \r\ntext\r\n"
        let message = try MailMessage.parse(MessageFixture.message(contentHeaders: [
            "Content-Type: text/plain; charset=utf-8; format=flowed"], rawBody: Array(body.utf8)))
        #expect(message.bodyHTML.contains("<div>Hello world.</div><blockquote class=\"q1\"><div>quoted </div></blockquote><div>text</div>"))
    }
}
