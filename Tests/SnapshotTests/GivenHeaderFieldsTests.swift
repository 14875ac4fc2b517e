import Foundation
import Testing
@testable import RenderCore

/// `--from`, `--to`, `--cc`, `--subject`, `--date` (and a suite scene's `message`) give an
/// HTML mail the realistic header a `.eml` message gets from its own fields.
@Suite struct GivenHeaderFieldsTests {
    static let mail = MessageFixture.fixtures.appendingPathComponent("messages/antwort-three-cols.html").path

    @Test func flagsFillTheHeaderTemplate() throws {
        let run = CommandRun(["layout", Self.mail, "--json", "--from", "\"Zoë Müller\" <zoe@xn--mchine-bua.example>", "--to", "Bob <bob@example.com>",
                              "--subject", "Your order has shipped", "--date", "Tue, 5 Mar 2024 10:00:00 +0100", "--timezone", "+01:00"])
        #expect(run.status == 0, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined(separator: "\n").utf8)) as? [String: Any])
        let message = try #require(json["message"] as? [String: Any])
        #expect(message["from"] as? [String: String] == ["name": "Zoë Müller", "address": "zoe@mächine.example"])
        #expect(message["subject"] as? String == "Your order has shipped")
        #expect(message["date"] as? [String: String] == ["iso": "2024-03-05T10:00:00+01:00", "shown": "March 5, 2024 at 10:00 AM"])
        // The header's height follows the template (the seed's is 100).
        let inset = try #require(json["contentInset"] as? [String: Double])
        #expect(inset["top"] != 100)
        // The same fields in the scene give the template's HTML.
        var scene = Scene(html: "<p>x</p>")
        var given = GivenHeaderFields()
        given.values = ["from": "Zoë <zoe@example.com>", "subject": "Hello"]
        try scene.showHeader(given, timeZone: TimeZone(secondsFromGMT: 0)!)
        #expect(scene.headerHTML?.contains("<div class=\"subject\">Hello</div>") == true)
        #expect(scene.headerHTML?.contains("<div class=\"sender\">Zoë</div>") == true)
    }

    @Test(arguments: [
        (["render", "--date", "nope"], "snapshot: --date 'nope' is not a date (as a Date header writes it, or ISO 8601 such as 2024-03-05T10:00:00+01:00)"),
        (["render", "--subject", "x", "--header-html", "<b>h</b>"], "snapshot: header fields (--subject) fill the default header, which --header-html replaces"),
    ])
    func badHeaderFieldsAreUsageErrors(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err == [message])
    }

    @Test func aMessageBringsItsOwnHeader() throws {
        let folder = temporaryDirectory("given")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(MessageClassesTests.fixture("forwarded")).write(to: URL(fileURLWithPath: folder + "/m.eml"))
        let run = CommandRun(["render", folder + "/m.eml", "--from", "a@b.c", "--subject", "s", "--out", folder])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: header fields (--from, --subject) apply to HTML mails; a .eml message brings its own"])
    }

    @Test func suiteScenesTakeAMessageObject() throws {
        let folder = temporaryDirectory("given-suite")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        { "golden": "golden", "defaults": { "viewport": { "width": 390, "height": 600, "scale": 1 }, "message": { "from": "Shop <shop@example.com>" } },
          "scenes": [ { "name": "order", "html": "<p>Thanks</p>", "offsets": [0], "message": { "subject": "Order shipped", "date": "2024-03-05T10:00:00Z" } },
                      { "name": "bad", "html": "<p>x</p>", "message": { "date": "soon" } } ] }
        """.write(toFile: folder + "/snapshot.json", atomically: true, encoding: .utf8)
        let bad = CommandRun(["record", folder + "/snapshot.json"])
        #expect(bad.status == 2)
        #expect(bad.err == ["snapshot: snapshot.json: scenes[1].message.date 'soon' is not a date (as a Date header writes it, or ISO 8601 such as 2024-03-05T10:00:00+01:00)"])
        try """
        { "golden": "golden", "defaults": { "viewport": { "width": 390, "height": 600, "scale": 1 }, "message": { "from": "Shop <shop@example.com>" } },
          "scenes": [ { "name": "order", "html": "<p>Thanks</p>", "offsets": [0], "message": { "subject": "Order shipped", "date": "2024-03-05T10:00:00Z" } } ] }
        """.write(toFile: folder + "/snapshot.json", atomically: true, encoding: .utf8)
        let scene = try #require(try Suite.load(path: folder + "/snapshot.json").entries.first).scene
        #expect(scene.headerHTML?.contains("<div class=\"sender\">Shop</div>") == true)
        #expect(scene.headerHTML?.contains("<div class=\"subject\">Order shipped</div>") == true)
        #expect(scene.headerHTML?.contains("March 5, 2024 at 10:00 AM") == true)
        #expect(scene.headerHeight > 100, "fitted to the template: \(scene.headerHeight)")
        let record = CommandRun(["record", folder + "/snapshot.json"])
        #expect(record.status == 0, "\(record.err)")
    }
}
