import Foundation
import Testing
@testable import RenderCore

/// Real-world MIME as mail readers show it: one fixture message per class of message that
/// GMime alone read wrongly (`Tests/Fixtures/messages/*.eml`, written for these tests).
@Suite struct MessageClassesTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: MessageFixture.fixtures.appendingPathComponent("messages/\(name).eml")))
    }

    static func message(_ name: String) throws -> MailMessage {
        try MailMessage.parse(fixture(name))
    }

    /// The body's visible text: tags dropped, entities and blanks as a reader sees them.
    static func bodyText(_ message: MailMessage) -> String {
        let document = HTMLParser.parse(message.bodyHTML)
        func text(_ id: DOMDocument.NodeID) -> String {
            let node = document[id]
            if let text = node.text { return text }
            if node.tag == "style" || node.tag == "head" { return "" }
            let isBlock = ["div", "p", "br", "blockquote"].contains(node.tag ?? "")
            return node.children.map(text).joined() + (isBlock ? " " : "")
        }
        return text(document.first(tag: "body") ?? document.root).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // 1. Stateful 7-bit charsets

    @Test func iso2022JPBodyAndHeadersAreDecoded() throws {
        let message = try Self.message("iso-2022-jp")
        #expect(message.bodyCharset == "iso-2022-jp")
        #expect(Self.bodyText(message).contains("すみません。お元気ですか。"))
        #expect(!message.bodyHTML.contains("$B"))
        #expect(message.subject == "会議の件")
        #expect(message.from == [MailAddress(name: "山田太郎", address: "taro@example.jp")])
    }

    @Test func iso2022KRAndHZBodiesAreDecoded() throws {
        let kr = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/plain; charset=ISO-2022-KR"],
                                                              rawBody: Self.iso2022KRHello))
        #expect(Self.bodyText(kr).contains("안녕하세요"), "\(Self.bodyText(kr))")
        let hz = try Self.message("hz-gb-2312")
        #expect(Self.bodyText(hz) == "你好，世界 ~ ok")
    }

    /// "안녕하세요" in ISO-2022-KR: the designation, then SO … SI around KS C 5601 bytes.
    static let iso2022KRHello: [UInt8] = [27, 36, 41, 67, 14, 62, 72, 51, 103, 71, 79, 60, 60, 63, 100, 15, 10]

    @Test func undeclaredISO2022JPHeaderTextIsRecognised() throws {
        let subject: [UInt8] = Array("Subject: ".utf8) + [0x1B, 0x24, 0x42, 0x24, 0x33, 0x24, 0x73, 0x24, 0x4B, 0x24, 0x41, 0x24, 0x4F, 0x1B, 0x28, 0x42]
        let bytes = Array("From: a@example.jp\r\n".utf8) + subject + Array("\r\n\r\nbody\r\n".utf8)
        #expect(try MailMessage.parse(bytes).subject == "こんにちは")
    }

    // 2. Adjacent encoded words

    @Test func adjacentBase64WordsAreDecodedEachOnItsOwn() throws {
        let message = try Self.message("split-encoded-words")
        #expect(message.subject == "MySurvey.com:  You have a survey waiting!  91123105")
        #expect(message.from.first?.name == "MySurvey.com")
        #expect(try Self.message("split-character").subject == "Grüße aus Köln")
    }

    // 3. Raw 8-bit bytes in encoded words

    @Test func raw8BitBytesInEncodedWordsAreNotMojibake() throws {
        let message = try Self.message("raw-8bit-encoded-word")
        #expect(message.from == [MailAddress(name: "Heinz Müller", address: "heinz@example.de")])
        #expect(message.to == [MailAddress(name: "Jürgen Bär", address: "juergen@example.de")])
        #expect(message.subject == "Grüße")
    }

    // 4. Malformed Content-Type

    @Test(arguments: ["content-type-no-subtype", "content-type-invalid"])
    func malformedContentTypeIsReadAsPlainText(name: String) throws {
        let message = try Self.message(name)
        #expect(message.bodyKind == .plain)
        #expect(message.attachments.isEmpty)
        #expect(Self.bodyText(message) == (name == "content-type-invalid" ? "Read me as text." : "The body is plain text."))
        #expect(message.warnings.contains { $0.contains("read as text/plain") })
    }

    // 5. Senders GMime cannot parse

    @Test func unparsableAddressesShowTheirText() throws {
        let message = try Self.message("unparsable-senders")
        #expect(message.from == [MailAddress(name: "MAILER DAEMON", address: "")])
        #expect(message.to == [MailAddress(name: "Big Bug", address: "bb@bug.com")])
        #expect(message.cc == [MailAddress(name: "undisclosed-recipients", address: "")])
        #expect(try Self.message("unparsable-sender-2").from == [MailAddress(name: "Big Bug", address: "bb@bug.com")])
        let header = MessageHeaderTemplate.html(for: message, timeZone: TimeZone(secondsFromGMT: 0)!)
        #expect(header.contains("MAILER DAEMON") && !header.contains("No sender"))
    }

    @Test func addressListForms() {
        func parse(_ text: String) -> [MailAddress] { AddressList.parse(Array(text.utf8)) }
        #expect(parse("\"Doe, Jane\" <jane@example.com>, bob@example.com (Bob B.)") ==
                [MailAddress(name: "Doe, Jane", address: "jane@example.com"), MailAddress(name: "Bob B.", address: "bob@example.com")])
        #expect(parse("Team: a@x.example, B <b@x.example>;, c@y.example") ==
                [MailAddress(name: nil, address: "a@x.example"), MailAddress(name: "B", address: "b@x.example"), MailAddress(name: nil, address: "c@y.example")])
        #expect(parse("<@route.example:joe@example.com>") == [MailAddress(name: nil, address: "joe@example.com")])
        #expect(parse("=?utf-8?Q?Zo=C3=AB?=\r\n =?utf-8?Q?_M=C3=BCller?= <zoe@example.com>") == [MailAddress(name: "Zoë Müller", address: "zoe@example.com")])
        #expect(parse("\"=?utf-8?B?WsO2ZQ==?=\" <z@example.com>") == [MailAddress(name: "Zöe", address: "z@example.com")])
        #expect(parse("=?utf-8?Q?Doe,_Jane?= <jane@example.com>, =?utf-8?Q?=22Joe=22?= <joe@example.com>") ==
                [MailAddress(name: "Doe, Jane", address: "jane@example.com"), MailAddress(name: "Joe", address: "joe@example.com")])
        #expect(parse("a@example.com; B <b@example.com>") == [MailAddress(name: nil, address: "a@example.com"), MailAddress(name: "B", address: "b@example.com")])
        #expect(parse("Joe <joe@example.com") == [MailAddress(name: "Joe", address: "joe@example.com")])
        #expect(parse("") == [])
    }

    // 6. A byte order mark

    @Test func byteOrderMarkDoesNotSwallowTheFirstHeader() throws {
        let message = try Self.message("byte-order-mark")
        #expect(message.from == [MailAddress(name: "Bom Sender", address: "bom@example.com")])
        #expect(message.subject == "BOM first")
    }

    // 7. Blank bodies

    @Test func relatedWithAnImageFirstShowsItsHTML() throws {
        for name in ["related-image-first", "related-no-type"] {
            let message = try Self.message(name)
            #expect(message.bodyKind == .html, "\(name)")
            #expect(Self.bodyText(message).contains(name == "related-image-first" ? "The HTML root" : "HTML after the image"), "\(name)")
        }
        #expect(try Self.message("related-image-first").inlineImages["logo@x"] != nil)
    }

    @Test func enrichedAndRichTextBodiesAreFormatted() throws {
        let enriched = try Self.message("enriched")
        #expect(enriched.bodyKind == .plain)
        #expect(enriched.bodyHTML.contains("<b>Now</b> is the time for <i>all</i> good men<br><small>(and &lt;women&gt;)</small> to <span style=\"color:red\">come</span> to the aid"))
        #expect(enriched.bodyHTML.contains("<div style=\"white-space:pre\">beloved\n  country</div>"))
        let richtext = try Self.message("richtext")
        #expect(richtext.bodyHTML.contains("<b>Bold</b> and <i>italic</i><br>next line &lt;tag&gt; here"))
        #expect(!richtext.bodyHTML.contains("hidden"))
    }

    @Test func forwardedMessagesShowInlineWithTheirHeader() throws {
        let message = try Self.message("forwarded")
        let text = Self.bodyText(message)
        #expect(text.hasPrefix("See the minutes below."))
        #expect(text.contains("From: Carl <carl@example.org> Subject: Minutes Date: March 4, 2024 at 4:45 PM To: Team <team@example.org>"))
        #expect(text.hasSuffix("We agreed to ship on Friday."), "the forwarded HTML alternative: \(text)")
        #expect(message.attachments.isEmpty)
    }

    @Test func forwardedMessagesNestAndStopAtTheirDepth() throws {
        var inner = "From: level0@example.com\r\nSubject: level 0\r\n\r\nthe innermost text\r\n"
        for level in 1...12 {
            inner = "From: level\(level)@example.com\r\nSubject: level \(level)\r\nMIME-Version: 1.0\r\nContent-Type: message/rfc822\r\n\r\n" + inner
        }
        let message = try MailMessage.parse(Array(inner.utf8))
        let text = Self.bodyText(message)
        #expect(text.contains("Subject: level 11"))
        #expect(!text.contains("Subject: level 2 "), "deeper than \(BodySelection.maximumMessageDepth) messages are attachments")
        #expect(message.attachments.count == 1)
    }

    @Test func digestShowsItsMessagesInOrder() throws {
        let text = Self.bodyText(try Self.message("digest"))
        let first = try #require(text.range(of: "Hello from the first post."))
        let second = try #require(text.range(of: "And the second."))
        #expect(first.upperBound < second.lowerBound)
        #expect(text.contains("Subject: First post") && text.contains("Subject: Second post"))
    }

    @Test func reportShowsItsTextStatusAndReturnedMessage() throws {
        let message = try Self.message("report")
        let text = Self.bodyText(message)
        #expect(text.hasPrefix("Your message could not be delivered to x@y.example"))
        #expect(text.contains("Action: failed Status: 5.1.1"))
        #expect(text.contains("Subject: Hello there"))
        #expect(text.hasSuffix("The original text."))
        #expect(message.attachments.isEmpty)
    }

    @Test func mixedShowsEveryInlineTextPartAndListsAttachments() throws {
        let body = MessageFixture.Part.multipart("mixed", boundary: "b", [
            .text("html", Array("<p>HTML first</p>".utf8), charset: "utf-8", encoding: .eightBit),
            .text("plain", Array("-- list footer".utf8), charset: "utf-8", encoding: .eightBit),
            .text("plain", Array("notes".utf8), charset: "utf-8", encoding: .eightBit, extra: ["Content-Disposition: attachment; filename=notes.txt"]),
            MessageFixture.Part("text/plain; name=named.txt", encoding: .eightBit, body: "named"),
        ])
        let message = try MailMessage.parse(MessageFixture.message(body))
        #expect(message.bodyKind == .html)
        #expect(Self.bodyText(message) == "HTML first -- list footer")
        #expect(message.attachments.map(\.name) == ["notes.txt", "named.txt"])
    }

    // 8. Dates

    @Test func datesAsReadersReadThem() throws {
        #expect(try Self.message("date-lowercase-zone").date == Date(timeIntervalSince1970: 1_709_654_400))  // 16:00 UTC
        let early = try #require(try Self.message("date-no-seconds").date)
        #expect(MessageHeaderTemplate.formatDate(early, timeZone: TimeZone(secondsFromGMT: 0)!) == "February 13, 1997 at 12:01 AM")
        func parse(_ text: String) -> Double? { MessageDate.parse(text)?.timeIntervalSince1970 }
        #expect(parse("Tue, 5 Mar 2024 10:00:00 +0000") == 1_709_632_800)
        #expect(parse("5 Mar 24 10:00 GMT") == 1_709_632_800)
        #expect(parse("Tue, 05 Mar 2024 11:00:00 +0100 (CET)") == 1_709_632_800)
        #expect(parse("Tue Mar  5 10:00:00 2024") == 1_709_632_800)
        #expect(parse("2024-03-05T12:00:00+02:00") == 1_709_632_800)
        #expect(parse("Tue, 5 Mar 2024 05:00:00 EST") == 1_709_632_800)
        #expect(parse("5 Mar 99 10:00:00 +0000") == 920_628_000)
        #expect(parse("Tue, 5 Mar 2024 10:00:60 +0000") == 1_709_632_859)
        #expect(parse("not a date") == nil)
        #expect(parse("Tue, 45 Mar 2024 10:00:00 +0000") == nil)
    }

    // 9. Internationalised domains

    @Test func internationalisedDomainsShowInUnicode() throws {
        let message = try Self.message("idn")
        #expect(message.from == [MailAddress(name: "Maschine", address: "info@mächine.example")])
        #expect(message.to == [MailAddress(name: nil, address: "user@bücher.example")])
    }

    // 10. Duplicate fields

    @Test func theFirstOfDuplicateFieldsIsShown() throws {
        let message = try Self.message("duplicate-headers")
        #expect(message.from == [MailAddress(name: "First Sender", address: "first@example.com")])
        #expect(message.subject == "The first subject")
    }

    // 11. A long word in the subject

    @Test func aLongSubjectWordWrapsInsideTheHeader() throws {
        var short = try Self.message("long-word-subject")
        short.subject = "Short"
        let shortHeight = Scene(message: short, timeZone: TimeZone(secondsFromGMT: 0)!).headerHeight
        var scene = Scene(message: try Self.message("long-word-subject"), timeZone: TimeZone(secondsFromGMT: 0)!)
        scene.scale = 1
        scene.offsets = [0]
        let renderer = try SceneRenderer(scene: scene)
        let frame = try renderer.render(try #require(renderer.frames.first))
        // The header's right padding (16 pt) stays clear: the word wraps before it.
        let image = frame.image
        let background = image.pixel(x: 385, y: 2)
        for y in 0..<Int(scene.headerHeight) - 2 {
            for x in (Int(scene.viewportWidth) - 14)..<Int(scene.viewportWidth) - 1 {
                #expect(image.pixel(x: x, y: y) == background, "text at (\(x), \(y))")
                if image.pixel(x: x, y: y) != background { return }
            }
        }
        #expect(scene.headerHeight >= shortHeight + 3 * 25, "the subject takes four lines: \(scene.headerHeight) against \(shortHeight)")
    }
}

/// `layout --json` reports the message as shown: decoded fields, the date in `--timezone`,
/// attachments, the body part used and the warnings.
@Suite struct MessageReportTests {
    static func report(_ bytes: [UInt8], _ extra: [String] = []) throws -> [String: Any] {
        let folder = temporaryDirectory("eml-json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/message.eml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = CommandRun(["layout", path, "--json"] + extra)
        #expect(run.status == 0, "\(run.err)")
        let json = try JSONSerialization.jsonObject(with: Data(run.out.joined(separator: "\n").utf8)) as? [String: Any]
        return try #require(json?["message"] as? [String: Any])
    }

    @Test func messageFieldsAsShown() throws {
        let headers = [
            "From: =?utf-8?B?WsO2ZQ==?= <zoe@xn--mchine-bua.example>",
            "Sender: List Robot <robot@example.org>",
            "Reply-To: Replies <reply@example.org>, other@example.org",
            "To: Bob <bob@example.com>", "Cc: Carol <carol@example.com>",
            "Subject: =?utf-8?B?TXlTdXJ2ZXk=?= =?utf-8?B?LmNvbQ==?=",
            "Date: Sun, 03 Mar 2024 10:42:00 +0100",
        ]
        let body = MessageFixture.Part.multipart("mixed", boundary: "b", [
            .text("html", Array("<p>Hi</p>".utf8), charset: "iso-8859-1", encoding: .quotedPrintable),
            MessageFixture.Part("application/pdf", encoding: .base64, extra: ["Content-Disposition: attachment; filename=menu.pdf"],
                                body: MessageFixture.encode([UInt8](repeating: 7, count: 2048), .base64)),
        ])
        let message = try Self.report(MessageFixture.message(headers: headers, body), ["--timezone", "Europe/Berlin"])
        #expect(message["from"] as? [String: String] == ["name": "Zöe", "address": "zoe@mächine.example"])
        #expect(message["sender"] as? [String: String] == ["name": "List Robot", "address": "robot@example.org"])
        #expect(message["replyTo"] as? [[String: String]] == [["name": "Replies", "address": "reply@example.org"], ["address": "other@example.org"]])
        #expect(message["to"] as? [[String: String]] == [["name": "Bob", "address": "bob@example.com"]])
        #expect(message["cc"] as? [[String: String]] == [["name": "Carol", "address": "carol@example.com"]])
        #expect(message["subject"] as? String == "MySurvey.com")
        #expect(message["date"] as? [String: String] == ["iso": "2024-03-03T10:42:00+01:00", "shown": "March 3, 2024 at 10:42 AM"])
        let attachments = message["attachments"] as? [[String: Any]]
        #expect(attachments?.count == 1)
        #expect(attachments?.first?["filename"] as? String == "menu.pdf")
        #expect(attachments?.first?["contentType"] as? String == "application/pdf")
        #expect(attachments?.first?["size"] as? Int == 2048)
        #expect(message["body"] as? [String: String] == ["type": "text/html", "charset": "iso-8859-1", "path": "1"])
        #expect(message["warnings"] as? [String] == [])
    }

    @Test func bodyPathAndWarningsOfANestedBody() throws {
        let body = MessageFixture.Part.multipart("mixed", boundary: "m", [
            MessageFixture.Part.multipart("alternative", boundary: "a", [
                .text("plain", Array("plain".utf8), charset: nil, encoding: .eightBit),
                .text("html", Array("<p>caf\u{E9}</p>".utf8), charset: nil, encoding: .eightBit),
            ]),
        ])
        let message = try Self.report(MessageFixture.message(body))
        #expect(message["body"] as? [String: String] == ["type": "text/html", "charset": "utf-8", "path": "1.2"])
        #expect((message["warnings"] as? [String])?.contains { $0.contains("declares no charset") } == true)
    }

    @Test func htmlMailsHaveNoMessageObject() throws {
        let run = CommandRun(["layout", "--json"])
        #expect(run.status == 0)
        #expect(!run.out.joined().contains("\"message\""))
    }
}

extension MessageClassesTests {
    /// A message whose only text is an attachment or of a kind readers have no view for
    /// shows that text rather than a blank body.
    @Test func onlyTextIsShownEvenAsAnAttachment() throws {
        let attachment = MessageFixture.Part.multipart("mixed", boundary: "b", [
            MessageFixture.Part("application/pdf", encoding: .base64, extra: ["Content-Disposition: attachment; filename=a.pdf"],
                                body: MessageFixture.encode([1, 2, 3], .base64)),
            .text("plain", Array("the notes".utf8), charset: "utf-8", encoding: .eightBit, extra: ["Content-Disposition: attachment; filename=notes.txt"]),
        ])
        let message = try MailMessage.parse(MessageFixture.message(attachment))
        #expect(Self.bodyText(message) == "the notes")
        #expect(message.attachments.map(\.name) == ["a.pdf", "notes.txt"], "shown, and still an attachment")
        let calendar = try MailMessage.parse(MessageFixture.message(.text("calendar", Array("BEGIN:VCALENDAR".utf8), charset: "utf-8", encoding: .eightBit)))
        #expect(Self.bodyText(calendar) == "BEGIN:VCALENDAR")
    }
}

extension MessageClassesTests {
    @Test func unicodeNumeralsInADateAreNotATrap() {
        #expect(MessageDate.parse("Tue, 5 Mar 2024 10:00:00 +½") != nil)
        #expect(MessageDate.parse("Tue, ٣ Mar 2024 10:00:00 +0000") == nil)
    }
}

/// Cases a battery of 159 real test messages from other projects' MIME suites turned up.
extension MessageClassesTests {
    @Test func oneInvalidByteAmongUTF8IsOneReplacementCharacter() throws {
        let message = try Self.message("utf8-one-bad-byte")
        #expect(message.bodyCharset == "utf-8")
        #expect(Self.bodyText(message) == "Valid: 是 Invalid: \u{FFFD}")
        #expect(message.subject == "Valid: 是 Invalid: \u{FFFD}")
        #expect(message.warnings.contains { $0.contains("1 invalid byte sequence shown as") })
    }

    @Test func iso2022JPReadsOutlooksNECRow() throws {
        let message = try Self.message("iso-2022-jp-nec")
        #expect(message.subject == "№41 ①")
        #expect(Self.bodyText(message) == "№41 ①")
        #expect(ISO2022JP.decode([0x1B, 0x24, 0x42, 0x30, 0x21, 0x1B, 0x24, 0x28, 0x44, 0x30, 0x21, 0x1B, 0x28, 0x42, 0x21]) == "亜\u{FFFD}!")
        #expect(ISO2022JP.decode([0x1B, 0x28, 0x49, 0x31, 0x32, 0x1B, 0x28, 0x42]) == "ｱｲ")
        #expect(!ISO2022JP.decode([0x1B, 0x5B, 0x41, 0x41]).contains("\u{1B}"))
    }

    @Test func transferEncodedForwardedMessageIsShownInline() throws {
        let message = try Self.message("forwarded-base64")
        let text = Self.bodyText(message)
        #expect(text.hasPrefix("before"))
        #expect(text.contains("Subject: Encoded inner"))
        #expect(text.contains("The encoded inner body."))
        #expect(text.hasSuffix("after"))
        #expect(message.attachments.isEmpty)
    }

    @Test func partHeadersEndAtTheFirstLineThatIsNoHeader() throws {
        let message = try Self.message("part-without-blank-line")
        #expect(Self.bodyText(message) == "bar baz")
        let untouched = try Self.fixture("forwarded")
        #expect(RawMessageRepair.repairingHeaderBlocks(untouched).bytes == untouched)
    }

    @Test func aFirstLineThatIsNoHeaderMakesAHeaderlessMessage() throws {
        let message = try Self.message("first-line-not-a-header")
        #expect(message.from.isEmpty)
        #expect(Self.bodyText(message).contains("Sub ject: x From: a@example.com"))
        #expect(message.warnings.contains { $0.contains("does not begin with a header line") })
    }

    @Test func datesWithCommentsInTheTimeOrAnUnreadableTime() {
        #expect(MessageDate.parse("Fri, 21 Nov 1997 09(comment):   55  :  06 -0600")?.timeIntervalSince1970 == 880_127_706)
        #expect(MessageDate.parse("Wed, 15 Dec 2010    59:10 -0500") == nil)
        #expect(MessageDate.parse("Tue, 7 Apr 2026 10:00:t") == nil)
    }

    @Test func commentsAloneAreNoRecipients() {
        func parse(_ text: String) -> [MailAddress] { AddressList.parse(Array(text.utf8)) }
        #expect(parse("<x@y.com>, group: (some text);, <x@y.com>") ==
                [MailAddress(name: nil, address: "x@y.com"), MailAddress(name: "group", address: ""), MailAddress(name: nil, address: "x@y.com")])
        #expect(parse("(Empty list)(start)Hidden recipients  :(nobody(that I know))  ;") == [MailAddress(name: "Hidden recipients", address: "")])
        #expect(parse("Pete(A wonderful \\) chap) <pete(his account)@silly.test(his host)>") == [MailAddress(name: "Pete", address: "pete@silly.test")])
    }
}

/// Bounds that keep hostile messages fast, each said in a warning.
extension MessageClassesTests {
    @Test func headerFieldsOver64KBAreCut() throws {
        let subject = String(repeating: "=?utf-8?B?QUFB", count: 10_000)  // 140 KB, no word closes
        let message = try MailMessage.parse(Array("From: a@example.com\r\nSubject: \(subject)\r\n\r\nbody\r\n".utf8))
        #expect(message.subject?.utf8.count == RawMessageRepair.maximumHeaderFieldBytes - "Subject: ".utf8.count)
        #expect(message.warnings.contains("a Subject header is 136.7 KB; only its first 64 KB are read"), "\(message.warnings)")
        #expect(Self.bodyText(message) == "body")
    }

    @Test func atMostTwoHundredPartsAreShown() throws {
        let parts = (0..<300).map { "--b\r\nContent-Type: text/plain\r\n\r\npart \($0)\r\n" }.joined()
        let message = try MailMessage.parse(Array("Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n\(parts)--b--\r\n".utf8))
        let text = Self.bodyText(message)
        #expect(text.hasPrefix("part 0 part 1 "))
        #expect(text.hasSuffix("part 199"))
        #expect(message.warnings.contains("the message has more than 200 parts to show; only the first 200 are shown"))
    }
}

/// Cases a second battery of 155 real test messages turned up (each wrong before its fix).
extension MessageClassesTests {
    static func parse(_ text: String) throws -> MailMessage { try MailMessage.parse(Array(text.utf8)) }

    @Test func aSecondContentTypeIsIgnored() throws {
        let message = try Self.parse("From: a@example.com\nContent-Type: multipart/alternative; boundary=\"b\"\nContent-type: text/plain\n\n--b\nContent-Type: text/plain\n\nfoo\n--b\nContent-Type: text/html\n\n<p>foo html</p>\n--b--\n")
        #expect(Self.bodyText(message) == "foo html")
        #expect(message.warnings.contains("a part has two Content-Type fields; the first is read"))
    }

    @Test func headersEndAtALineThatIsNoHeaderWhenNoneFollows() throws {
        let message = try Self.parse("From: a@example.com\nSubject: s\nContent-Type: multipart/alternative;\n boundary=\"b\"\nThis is a multi-part message in MIME format.\n--b\nContent-Type: text/plain\n\nplain\n--b\nContent-Type: text/html\n\n<p>the html</p>\n--b--\n")
        #expect(Self.bodyText(message) == "the html")
        #expect(message.subject == "s")
        // A stray line between two headers is skipped, the headers after it kept.
        let stray = try Self.parse("From: a@example.com\nthis line is no header\nSubject: kept\n\nbody\n")
        #expect(stray.subject == "kept")
        #expect(Self.bodyText(stray) == "body")
    }

    @Test func anIndentedFirstHeaderIsRead() throws {
        let message = try Self.parse(" From: James <james@example.com>\nSubject: plain text\n\nbody\n")
        #expect(message.from == [MailAddress(name: "James", address: "james@example.com")])
        #expect(message.subject == "plain text")
    }

    @Test func anUnindentedParameterLineContinuesItsField() throws {
        let message = try Self.parse("From: a@example.com\nContent-Type: multipart/mixed; boundary=\"b\"\n\n--b\nContent-Type: text/plain\n\ntext\n--b\nContent-Transfer-Encoding: base64\nContent-Type: application/x-zip-compressed; x-unix-mode=0600;\nname=\"foo.zip\"\n\nPGh0bWw+Cg==\n--b--\n")
        #expect(message.attachments == [MailAttachment(name: "foo.zip", mediaType: "application/x-zip-compressed", size: 7)])
    }

    @Test func rawEightBitHeadersReadInTheBodysCharset() throws {
        var bytes = Array("From: a@example.jp\r\nSubject: ".utf8) + [0x89, 0xEF, 0x8B, 0x63, 0x82, 0xCC, 0x8C, 0x8F]  // 会議の件 in Shift_JIS
        bytes += Array("\r\nContent-Type: text/plain; charset=shift_jis\r\n\r\nbody\r\n".utf8)
        #expect(try MailMessage.parse(bytes).subject == "会議の件")
        var utf8 = Array("From: a@example.jp\r\nSubject: ".utf8) + Array("会議".utf8)
        utf8 += Array("\r\nContent-Type: text/plain; charset=shift_jis\r\n\r\nbody\r\n".utf8)
        #expect(try MailMessage.parse(utf8).subject == "会議", "UTF-8 stays UTF-8 whatever the body says")
    }

    @Test func obsoleteAddressForms() {
        func parse(_ text: String) -> [MailAddress] { AddressList.parse(Array(text.utf8)) }
        #expect(parse("Mary Smith <@node.test:mary@example.net>, , jdoe@test   . example") ==
                [MailAddress(name: "Mary Smith", address: "mary@example.net"), MailAddress(name: nil, address: "jdoe@test.example")])
        #expect(parse("<Undisclosed Recipients>") == [MailAddress(name: "Undisclosed Recipients", address: "")])
    }

    @Test func controlCharactersInFileNamesReadAsSpaces() throws {
        let message = try Self.parse("From: a@example.com\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nsee\n--b\nContent-Type: application/pdf\nContent-Disposition: attachment; filename=\"=?utf-8?Q?Konto=0Autskrift.pdf?=\"\n\nx\n--b--\n")
        #expect(message.attachments.first?.name == "Konto utskrift.pdf")
    }

    @Test func junkAfterTheMediaTypeIsIgnored() throws {
        let message = try Self.parse("From: a@example.com\nContent-Type: text/html Content-Transfer-Encoding: 8bit\n\n<p>the <b>html</b></p>\n")
        #expect(message.bodyKind == .html)
        #expect(Self.bodyText(message) == "the html")
    }

    @Test func anEncapsulatedMessageWithoutHeadersIsShown() throws {
        let message = try Self.parse("From: a@example.com\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\nbm8gaGVhZGVycyBhdCBhbGwK\n")
        #expect(Self.bodyText(message) == "no headers at all")
    }

    @Test func deeplyNestedBodiesAreFound() throws {
        var body = "--b149\nContent-Type: text/plain\n\nthe deepest text\n--b149--\n"
        for level in (0..<149).reversed() {
            body = "--b\(level)\nContent-Type: multipart/mixed; boundary=\"b\(level + 1)\"\n\n" + body + "--b\(level)--\n"
        }
        let message = try Self.parse("From: a@example.com\nContent-Type: multipart/mixed; boundary=\"b0\"\n\n" + body)
        #expect(Self.bodyText(message) == "the deepest text")
    }

    @Test func imagePartsAreShownInTheBodyOnce() throws {
        let png = try [UInt8](Data(contentsOf: MessageFixture.fixtures.appendingPathComponent("layout/email.png")))
        let image = MessageFixture.Part("image/png; name=\"e.png\"", encoding: .base64, extra: ["Content-ID: <e@x>"], body: MessageFixture.encode(png, .base64))
        let alone = try MailMessage.parse(MessageFixture.message(MessageFixture.Part.multipart("mixed", boundary: "b", [image])))
        #expect(alone.bodyType == "image/png")
        #expect(alone.bodyHTML.contains("<img src=\"cid:snapshot-part-1@message\""))
        #expect(alone.inlineImages["snapshot-part-1@message"] == png)
        #expect(alone.attachments.isEmpty)
        // An image the HTML names by its cid: in a mixed multipart is not shown again below it.
        let html = MessageFixture.Part.text("html", Array("<p>logo <img src=\"cid:e@x\"></p>".utf8), charset: "utf-8", encoding: .eightBit)
        let named = try MailMessage.parse(MessageFixture.message(MessageFixture.Part.multipart("mixed", boundary: "b", [html, image])))
        #expect(!named.bodyHTML.contains("snapshot-part"))
        #expect(named.inlineImages["e@x"] == png)
        // In an alternative, text wins over an image.
        let plain = MessageFixture.Part.text("plain", Array("the text".utf8), charset: "utf-8", encoding: .eightBit)
        let alternative = try MailMessage.parse(MessageFixture.message(MessageFixture.Part.multipart("alternative", boundary: "a", [plain, image])))
        #expect(Self.bodyText(alternative) == "the text")
    }

    @Test func textAfterACloseDelimiterIsEpilogue() throws {
        let message = try Self.parse("From: a@example.com\nContent-Type: multipart/mixed; boundary=\"----=_b\"\n\n------=_b\nContent-Type: text/plain\n\nfirst part\n\n------=_b-- This is already the epilogue.\n\nmore epilogue\n")
        #expect(Self.bodyText(message) == "first part")
    }
}
