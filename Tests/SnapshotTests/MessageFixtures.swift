import Foundation

/// Builds `.eml` messages for tests, byte by byte (CRLF line ends), from the fixture mail in
/// `Tests/Fixtures/messages` (antwort's three-column mail, MIT, a copy of the shared corpus
/// file so that `make test` needs nothing outside the project) and hand-written text.
enum MessageFixture {
    enum Encoding: String, CaseIterable { case quotedPrintable = "quoted-printable", base64, eightBit = "8bit" }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    static func corpusMail(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent("messages").appendingPathComponent(name), encoding: .utf8)
    }

    /// colorlib's envelope icon (480×480 PNG), the layout fixtures' image.
    static func corpusImage() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("layout/email.png")))
    }

    // MARK: Encoders

    static func encode(_ bytes: [UInt8], _ encoding: Encoding) -> String {
        switch encoding {
        case .base64:
            let text = Data(bytes).base64EncodedString()
            return stride(from: 0, to: text.count, by: 76).map { start in
                let from = text.index(text.startIndex, offsetBy: start)
                return String(text[from..<(text.index(from, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex)])
            }.joined(separator: "\r\n")
        case .quotedPrintable:
            return quotedPrintable(bytes)
        case .eightBit:
            return String(decoding: bytes, as: UTF8.self)  // callers pass UTF-8 text for 8bit
        }
    }

    /// RFC 2045 §6.7: `=XX` for `=`, controls and 8-bit bytes, hard line breaks kept as CRLF,
    /// soft breaks (`=` CRLF) keeping lines under 76 characters, trailing white space encoded.
    static func quotedPrintable(_ bytes: [UInt8]) -> String {
        var out = "", line = ""
        func hex(_ byte: UInt8) -> String { "=" + String(format: "%02X", byte) }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
                if let last = line.last, last == " " || last == "\t" {
                    line.removeLast()
                    line += hex(last == " " ? 0x20 : 0x09)
                }
                out += line + "\r\n"
                line = ""
                index += byte == 0x0D ? 2 : 1
                continue
            }
            let piece = (byte == 0x3D || byte < 0x20 && byte != 0x09 || byte > 0x7E) ? hex(byte) : String(UnicodeScalar(byte))
            if line.count + piece.count > 75 {
                out += line + "=\r\n"
                line = ""
            }
            line += piece
            index += 1
        }
        return out + line
    }

    /// RFC 2047 B-encoded word.
    static func encodedWord(_ text: String, charset: String = "utf-8", bytes: [UInt8]? = nil) -> String {
        "=?\(charset)?B?\(Data(bytes ?? Array(text.utf8)).base64EncodedString())?="
    }

    // MARK: Messages

    struct Part {
        var headers: [String]
        var body: String

        init(_ contentType: String, encoding: Encoding? = nil, extra: [String] = [], body: String) {
            headers = ["Content-Type: \(contentType)"] + (encoding.map { ["Content-Transfer-Encoding: \($0.rawValue)"] } ?? []) + extra
            self.body = body
        }

        static func text(_ subtype: String, _ bytes: [UInt8], charset: String?, encoding: Encoding, extra: [String] = []) -> Part {
            Part("text/\(subtype)" + (charset.map { "; charset=\"\($0)\"" } ?? ""), encoding: encoding, extra: extra,
                 body: encode(bytes, encoding))
        }

        static func multipart(_ subtype: String, boundary: String, _ parts: [Part], parameters: String = "") -> Part {
            var body = "This is a multi-part message in MIME format.\r\n"
            for part in parts { body += "\r\n--\(boundary)\r\n" + part.rendered }
            body += "\r\n--\(boundary)--\r\n"
            return Part("multipart/\(subtype); boundary=\"\(boundary)\"\(parameters)", body: body)
        }

        var rendered: String { headers.joined(separator: "\r\n") + "\r\n\r\n" + body }
    }

    static let standardHeaders = [
        "From: \(encodedWord("Zoë Müller")) <zoe@example.com>",
        "To: Bob Builder <bob@example.com>, carol@example.com",
        "Cc: \"Dave, the reviewer\" <dave@example.org>",
        "Subject: \(encodedWord("Café menu — größer"))",
        "Date: Sun, 03 Mar 2024 10:42:00 +0100",
        "Message-ID: <fixture@example.com>",
    ]

    static func message(headers: [String] = standardHeaders, _ body: Part) -> [UInt8] {
        Array((headers + ["MIME-Version: 1.0"] + body.headers).joined(separator: "\r\n").utf8)
            + Array("\r\n\r\n".utf8) + Array(body.body.utf8)
    }

    /// A message with raw (non-UTF-8) body bytes: the body is appended as given.
    static func message(headers: [String] = standardHeaders, contentHeaders: [String], rawBody: [UInt8]) -> [UInt8] {
        Array((headers + ["MIME-Version: 1.0"] + contentHeaders).joined(separator: "\r\n").utf8) + Array("\r\n\r\n".utf8) + rawBody
    }

    /// The corpus HTML mail as a reader gets it: `multipart/alternative` of a plain version and
    /// `multipart/related` (HTML whose first image is a `cid:` part), plus a PDF attachment.
    /// Body text is encoded in `charset` with `encoding`; the result renders the same whatever
    /// the two are.
    static func corpusMessage(charset: String, encoding: Encoding) throws -> [UInt8] {
        var html = try corpusMail("antwort-three-cols.html")
        // One image from the message itself, the others stay remote (blocked).
        if let range = html.range(of: "https://antwort-assets.s3.amazonaws.com/three-cols-images/ph-192x125@2x.png") {
            html.replaceSubrange(range, with: "cid:whale@fixture.example")
        }
        // Text that needs the charset: Latin-1 letters and the copyright sign.
        if let body = html.range(of: "<body[^>]*>", options: .regularExpression) {
            html.insert(contentsOf: "<p style=\"margin:16px;font:16px Helvetica\">Café crème, Größe, naïve — Ærø ©</p>", at: body.upperBound)
        }
        let plain = "Café crème, Größe, naïve\r\nThe three columns, as text.\r\n"
        let imageBytes = try corpusImage()
        let image = Part("image/png; name=\"whale.png\"", encoding: .base64,
                         extra: ["Content-ID: <whale@fixture.example>", "Content-Disposition: inline; filename=\"whale.png\""],
                         body: encode(imageBytes, .base64))
        let pdf = Part("application/pdf; name=\"menu.pdf\"", encoding: .base64,
                       extra: ["Content-Disposition: attachment; filename=\"menu.pdf\""],
                       body: encode([UInt8](repeating: 0x25, count: 24_000), .base64))
        let related = Part.multipart("related", boundary: "rel-b0und", [
            .text("html", try bytes(html, charset: charset), charset: charset, encoding: encoding), image,
        ], parameters: "; type=\"text/html\"")
        let alternative = Part.multipart("alternative", boundary: "alt-b0und", [
            .text("plain", try bytes(plain, charset: charset), charset: charset, encoding: encoding), related,
        ])
        return message(Part.multipart("mixed", boundary: "mix-b0und", [alternative, pdf]))
    }

    /// Text in a charset the tests use (the message bytes themselves).
    static func bytes(_ text: String, charset: String) throws -> [UInt8] {
        switch charset.lowercased() {
        case "utf-8": return Array(text.utf8)
        case "iso-8859-1":
            // The HTML's em dash is not Latin-1: as a numeric reference it reads the same.
            var out: [UInt8] = []
            for scalar in text.unicodeScalars {
                if scalar.value < 256 { out.append(UInt8(scalar.value)) } else { out += Array("&#\(scalar.value);".utf8) }
            }
            return out
        default: throw FixtureError("no encoder for \(charset)")
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A plain-text thread as people write them: replies quoting replies (`>`, `> >`, `>>>`),
    /// a link, an address and a signature.
    static let plainThread = """
    Sounds good, let's ship on Friday. The build is at https://ci.example.com/builds/4711 (green).

    Thanks,
    Ana

    On Tue, 5 Mar 2024 at 09:12, Ben <ben@example.com> wrote:
    > Can we move the release? The last run failed on the iPad frames,
    > see www.example.com/report.
    >
    > On Mon, 4 Mar 2024, Ana wrote:
    > > We planned the release for Thursday.
    > > Does that still work for everyone?
    > >
    > >> Carl wrote:
    > >> Thursday is fine for QA.
    > >
    > > Ana
    >
    > Ben

    --\u{20}
    Ana · Release team
    """
}
