import Foundation
import Testing
@testable import RenderCore
import SnapshotCLI

/// Messages on screen: header from the message, HTML body with its cid: image, plain-text
/// threads with quote bars, identical frames whatever the encoding, and bad messages.
@Suite struct MessageRenderTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    static func scene(_ bytes: [UInt8], scale: Double = 2) throws -> Scene {
        var scene = Scene(message: try MailMessage.parse(bytes), timeZone: utc)
        scene.scale = scale
        return scene
    }

    static func frames(_ scene: Scene) throws -> [Canvas] {
        let renderer = try SceneRenderer(scene: scene)
        return try renderer.frames.map { try renderer.render($0) }
    }

    @Test func multipartMessageShowsItsHeaderAndCidImage() throws {
        let scene = try Self.scene(MessageFixture.corpusMessage(charset: "utf-8", encoding: .quotedPrintable))
        #expect(scene.headerHTML?.contains("Zoë Müller") == true)
        #expect(scene.headerHTML?.contains("Café menu — größer") == true)
        #expect(scene.headerHTML?.contains("March 3, 2024 at 9:42 AM") == true)
        #expect(scene.headerHTML?.contains("menu.pdf") == true)
        // H comes from the message: taller than the seed's 100 pt, a whole number of points.
        #expect(scene.headerHeight > 150 && scene.headerHeight < 260, "H = \(scene.headerHeight)")
        #expect(scene.headerHeight == scene.headerHeight.rounded())
        let renderer = try SceneRenderer(scene: scene)
        #expect(renderer.geometry.frame(forUserOffset: 0).contentOffset == -scene.headerHeight)
        // The whale image from the cid: part is laid out where the remote one was.
        let images = renderer.document.displayList.entries.filter { if case .image = $0.item { return true } else { return false } }
        #expect(images.count == 1)
        #expect(renderer.document.warnings.isEmpty, "\(renderer.document.warnings)")
        for (offset, canvas) in zip(try SceneRenderer(scene: scene).offsets, try Self.frames(scene)) {
            try Golden.check(canvas, named: "message-multipart-\(Int(offset))")
        }
    }

    @Test func sameMessageInQPBase64AndTwoCharsetsRendersIdenticalFrames() throws {
        var reference: [[UInt32]]? = nil
        for charset in ["utf-8", "iso-8859-1"] {
            for encoding in [MessageFixture.Encoding.quotedPrintable, .base64] {
                let bytes = try MessageFixture.corpusMessage(charset: charset, encoding: encoding)
                var scene = try Self.scene(bytes, scale: 1)
                scene.offsets = [0, 300]
                let pixels = try Self.frames(scene).map(\.rgbaImage.pixels)
                if let reference {
                    #expect(pixels == reference, "\(charset) \(encoding) differs from utf-8 quoted-printable")
                } else {
                    reference = pixels
                }
            }
        }
    }

    static func plainThreadMessage() -> [UInt8] {
        MessageFixture.message(contentHeaders: ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"],
                               rawBody: Array(MessageFixture.quotedPrintable(Array(MessageFixture.plainThread.utf8)).utf8))
    }

    @Test func plainTextThreadShowsQuoteBars() throws {
        let bytes = Self.plainThreadMessage()
        let message = try MailMessage.parse(bytes)
        #expect(message.bodyKind == .plain)
        #expect(message.bodyHTML.components(separatedBy: "<blockquote").count - 1 == 3)  // one per depth, nested
        let scene = try Self.scene(bytes)
        let canvas = try Self.frames(scene)[0]
        // Bars at each depth: 16 pt body margin, then 12 pt per level (2 pt bar + 10 pt padding).
        let image = canvas.image
        func colour(_ x: Double, _ y: Double) -> UInt32 { image.pixel(x: Int(x * scene.scale), y: Int(y * scene.scale)) }
        let renderer = try SceneRenderer(scene: scene)
        let quotes = renderer.document.boxes.filter { $0.path.hasSuffix("]") && $0.path.contains("blockquote") && !$0.path.contains("/div") }
        #expect(quotes.count >= 3)
        let bars = [0xFF1F_6FD1, 0xFF2E_9C4F, 0xFFC4_3D3D] as [UInt32]
        for (depth, bar) in bars.enumerated() {
            guard let box = quotes.first(where: { $0.path.components(separatedBy: "blockquote").count - 1 == depth + 1 }) else {
                Issue.record("no quote at depth \(depth + 1)"); continue
            }
            #expect(box.frame.x == 16 + Double(depth) * 12)
            #expect(colour(box.frame.x + 1, scene.headerHeight + box.frame.y + box.frame.height / 2) == bar, "bar at depth \(depth + 1)")
        }
        try Golden.check(canvas, named: "message-plain-thread-0")
    }

    @Test func headerHeightFollowsTheContent() throws {
        let plain = MessageFixture.Part.text("plain", Array("x".utf8), charset: "utf-8", encoding: .eightBit)
        let short = try Self.scene(MessageFixture.message(headers: ["From: a@example.com", "Subject: Hi"], plain))
        let full = try Self.scene(MessageFixture.corpusMessage(charset: "utf-8", encoding: .base64))
        #expect(short.headerHeight < full.headerHeight)
        var narrow = full
        narrow.viewportWidth = 320
        narrow.fitHeaderHeight()
        #expect(narrow.headerHeight >= full.headerHeight)
        // A replacement header fits too.
        var custom = full
        custom.headerHTML = "<p style='margin:0;height:37px'>x</p>"
        custom.fitHeaderHeight()
        #expect(custom.headerHeight == 37)
    }

    /// The template paints the header white (dark in dark mode); a header colour shows through.
    @Test func headerBackgroundFollowsAppearanceAndHeaderColour() throws {
        let bytes = try MessageFixture.corpusMessage(charset: "utf-8", encoding: .base64)
        func headerPixel(_ scene: Scene) throws -> UInt32 {
            let renderer = try SceneRenderer(scene: scene)
            return try renderer.render(renderer.geometry.frame(forUserOffset: 0)).image.pixel(x: Int(300 * scene.scale), y: Int(8 * scene.scale))
        }
        var scene = try Self.scene(bytes, scale: 1)
        #expect(try headerPixel(scene) == 0xFFFF_FFFF)
        scene.appearance = .dark
        #expect(try headerPixel(scene) == 0xFF1C_1C1E)
        var coloured = Scene(message: try MailMessage.parse(bytes), timeZone: Self.utc, headerColor: RGBA(r: 0, g: 0, b: 1, a: 1))
        coloured.scale = 1
        #expect(try headerPixel(coloured) == 0xFF00_00FF)
        // A plain-text thread in dark mode: dark header, white text, brighter quote bars.
        var thread = try Self.scene(Self.plainThreadMessage())
        thread.appearance = .dark
        thread.offsets = [0]
        try Golden.check(try Self.frames(thread)[0], named: "message-plain-thread-dark-0")
    }

    // MARK: Bad messages

    static func nested(depth: Int) -> [UInt8] {
        var body = "<p>deep</p>"
        var type = "text/html; charset=utf-8"
        for level in 0..<depth {
            body = "--b\(level)\r\nContent-Type: \(type)\r\n\r\n\(body)\r\n--b\(level)--\r\n"
            type = "multipart/mixed; boundary=\"b\(level)\""
        }
        return Array(("Subject: deep\r\nMIME-Version: 1.0\r\nContent-Type: \(type)\r\n\r\n" + body).utf8)
    }

    static func bigAttachment(megabytes: Int) -> [UInt8] {
        let chunk = MessageFixture.encode([UInt8](repeating: 0xAB, count: 57 * 1000), .base64) + "\r\n"
        var bytes = Array("Subject: big\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"B\"\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nsee attachment\r\n--B\r\nContent-Type: application/zip\r\nContent-Disposition: attachment; filename=\"big.zip\"\r\nContent-Transfer-Encoding: base64\r\n\r\n".utf8)
        let chunkBytes = Array(chunk.utf8)
        for _ in 0..<(megabytes * 1024 * 1024 / (57 * 1000) + 1) { bytes += chunkBytes }
        return bytes + Array("\r\n--B--\r\n".utf8)
    }

    static let battery: [(String, [UInt8])] = [
        ("missing boundary parameter", Array("Subject: x\r\nContent-Type: multipart/mixed\r\n\r\n--zz\r\nContent-Type: text/plain\r\n\r\nhello\r\n--zz--\r\n".utf8)),
        ("boundary never appears", Array("Subject: x\r\nContent-Type: multipart/alternative; boundary=\"nope\"\r\n\r\n--zz\r\nContent-Type: text/html\r\n\r\n<p>hello</p>\r\n".utf8)),
        ("no closing boundary", Array("Subject: x\r\nContent-Type: multipart/alternative; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>hello".utf8)),
        ("truncated base64", Array("Subject: x\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\nPHA+aGVsbG8gd29y".utf8)),
        ("truncated inside headers", Array("Subject: x\r\nContent-Type: multipart/mixed; bound".utf8)),
        ("truncated quoted-printable", Array("Subject: x\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nabc=C3=".utf8)),
        ("malformed headers", Array("Subject x\r\n: empty name\r\nFrom: <<<@@@>>>\r\nDate: yesterday\r\nTo: ,,,;;\r\nContent-Type: text/\r\n\r\nbody".utf8)),
        ("binary garbage", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }),
        ("NUL bytes in headers and body", Array("Subject: a\0b\r\nContent-Type: text/html\r\n\r\n<p>a\0b</p>".utf8)),
        ("unknown transfer encoding", Array("Subject: x\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: x-rot13\r\n\r\n<p>uryyb</p>".utf8)),
        ("nested 50 deep", nested(depth: 50)),
        ("nested 2000 deep", nested(depth: 2000)),
        ("one megabyte subject", Array(("Subject: " + String(repeating: "=?utf-8?q?a?= ", count: 80_000) + "\r\n\r\nbody").utf8)),
        // GMime's own RFC 2047 decoder is quadratic: minutes for this, before fields were cut at 64 KB.
        ("a megabyte subject of unclosed encoded words", Array(("Subject: " + String(repeating: "=?utf-8?B?QUFB", count: 80_000) + "\r\n\r\nbody").utf8)),
        ("fifty thousand tiny parts", Array(("Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" + String(repeating: "--b\r\n\r\nx\r\n", count: 50_000) + "--b--\r\n").utf8)),
        ("ten thousand recipients", Array(("To: " + (0..<10_000).map { "u\($0)@example.com" }.joined(separator: ", ") + "\r\nSubject: many\r\n\r\nbody").utf8)),
        ("only headers", Array("Subject: nothing else".utf8)),
        ("half a megabyte without a space", Array(("Subject: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + String(repeating: "x", count: 512 * 1024)).utf8)),
        ("links, addresses and parentheses everywhere", Array(("Subject: x\r\nContent-Type: text/plain\r\n\r\n" + String(repeating: "a@b.c@(http://x.y/)))@@", count: 1_000)).utf8)),
        ("unclosed metas and an 8-bit byte", Array(("Subject: x\r\nContent-Type: text/html\r\n\r\n" + String(repeating: "<meta charset", count: 5000)).utf8) + [0xE9]),
        ("encrypted", Array("Subject: x\r\nContent-Type: multipart/encrypted; protocol=\"application/pgp-encrypted\"; boundary=\"e\"\r\n\r\n--e\r\nContent-Type: application/pgp-encrypted\r\n\r\nVersion: 1\r\n--e\r\nContent-Type: application/octet-stream\r\n\r\n-----BEGIN PGP MESSAGE-----\r\n--e--\r\n".utf8)),
    ]

    /// Every bad message renders best-effort (with warnings where something was off) or is
    /// an input error; none crashes or hangs.
    @Test(arguments: battery.indices)
    func badMessagesEndCleanly(index: Int) throws {
        let (name, bytes) = Self.battery[index]
        let start = Date()
        do {
            var scene = try Self.scene(bytes, scale: 1)
            scene.offsets = [0]
            _ = try Self.frames(scene)
        } catch let error as RenderError {
            guard case .input = error else { Issue.record("\(name): \(error)"); return }
        }
        #expect(Date().timeIntervalSince(start) < timeBudget(60), "\(name) took too long")  // a hang detector: make hostile holds release renders to 5 s
    }

    @Test func badMessagesSayWhatWasWrong() throws {
        func warnings(_ name: String) throws -> [String] {
            try MailMessage.parse(Self.battery.first { $0.0 == name }!.1).warnings
        }
        #expect(try warnings("missing boundary parameter").contains("a multipart has no boundary parameter; read as one part"))
        #expect(try warnings("boundary never appears").contains { $0.contains("no parts") || $0.contains("no text or HTML body") })
        #expect(try warnings("encrypted") == ["the message is encrypted; its body is not shown"])
        // A multipart that found no parts shows its raw text, as readers do.
        let unsplit = try MailMessage.parse(Self.battery.first { $0.0 == "missing boundary parameter" }!.1)
        #expect(unsplit.bodyKind == .plain && unsplit.bodyHTML.contains("<div>hello</div>"))
        #expect(unsplit.warnings.contains("the multipart/mixed has no parts; its raw text is shown"))
        #expect(try MailMessage.parse(Self.nested(depth: 50)).bodyHTML == "<p>deep</p>")
        #expect(try !warnings("nested 2000 deep").isEmpty)
        #expect(throws: RenderError.input("the message is empty")) { try MailMessage.parse(Array(" \r\n".utf8)) }
    }

    @Test func longBodiesAreCutWithAWarning() throws {
        let text = String(repeating: "0123456789abcde\n", count: 3 * 65_536)  // 3 MB
        let message = try MailMessage.parse(MessageFixture.message(contentHeaders: ["Content-Type: text/plain; charset=utf-8"], rawBody: Array(text.utf8)))
        #expect(message.warnings == ["the text/plain body is 3.0 MB; only its first 2 MB are shown"])
        #expect(message.bodyHTML.components(separatedBy: "<div>").count - 1 == 2 * 65_536)
    }

    @Test func twentyMegabyteAttachmentIsListedWithItsSize() throws {
        let bytes = Self.bigAttachment(megabytes: 20)
        let start = Date()
        let message = try MailMessage.parse(bytes)
        let elapsed = Date().timeIntervalSince(start)
        #expect(message.attachments.count == 1)
        #expect(message.attachments.first?.name == "big.zip")
        #expect((message.attachments.first?.size ?? 0) >= 20 * 1024 * 1024)
        #expect(elapsed < timeBudget(10), "parsing took \(elapsed) s")
    }

    // MARK: Command line and suite

    @Test func renderCommandTakesAMessage() throws {
        let folder = temporaryDirectory("eml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/menu.eml"
        try Data(MessageFixture.corpusMessage(charset: "utf-8", encoding: .base64)).write(to: URL(fileURLWithPath: path))
        let run = CommandRun(["render", path, "--out", folder + "/out", "--scale", "1", "--offsets", "0", "--timezone", "Europe/Berlin"])
        #expect(run.status == 0)
        #expect(run.out == [folder + "/out/frame-0.png"])
        #expect(run.err.isEmpty, "\(run.err)")
        let layout = CommandRun(["layout", path, "--json", "--timezone", "+01:00"])
        #expect(layout.status == 0)
        #expect(layout.out.joined().contains("\"contentInset\""))
        // Suites take messages too, with a time zone.
        let suite = folder + "/snapshot.json"
        try """
        { "golden": "golden", "defaults": { "viewport": { "width": 390, "height": 844, "scale": 1 }, "timezone": "UTC" },
          "scenes": [ { "name": "menu", "mail": "menu.eml", "offsets": [0] } ] }
        """.write(toFile: suite, atomically: true, encoding: .utf8)
        let record = CommandRun(["record", suite])
        #expect(record.status == 0, "\(record.out) \(record.err)")
        #expect(FileManager.default.fileExists(atPath: folder + "/golden/menu/0.png"))
        #expect(CommandRun(["check", suite]).status == 0)
    }

    @Test(arguments: [
        (["render", "--timezone", "Nowhere"], "snapshot: --timezone 'Nowhere' is not UTC, an offset such as +02:00, or a zone name such as Europe/Berlin"),
        // Unicode numerals pass `isNumber` but not Int(): this trapped (SIGILL) before.
        (["render", "--timezone", "+½"], "snapshot: --timezone '+½' is not UTC, an offset such as +02:00, or a zone name such as Europe/Berlin"),
        (["render", "--timezone", "+٣"], "snapshot: --timezone '+٣' is not UTC, an offset such as +02:00, or a zone name such as Europe/Berlin"),
    ])
    func badTimeZoneIsAUsageError(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err == [message])
    }

    @Test func unreadableMessagesExitTwo() throws {
        let folder = temporaryDirectory("eml-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let empty = folder + "/empty.eml"
        try Data().write(to: URL(fileURLWithPath: empty))
        let run = CommandRun(["render", empty, "--out", folder + "/out"])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: '\(empty)': the message is empty"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        let missing = CommandRun(["render", folder + "/none.eml"])
        #expect(missing.status == 2)
        #expect(missing.err == ["snapshot: cannot read '\(folder)/none.eml': no such file"])
        // A bad message that can still be read renders, with its warnings on stderr.
        let broken = folder + "/broken.eml"
        try Data(Self.battery[0].1).write(to: URL(fileURLWithPath: broken))
        let best = CommandRun(["render", broken, "--out", folder + "/out", "--scale", "1", "--offsets", "0"])
        #expect(best.status == 0)
        #expect(best.err.contains("snapshot: warning: a multipart has no boundary parameter; read as one part"))
    }
}
