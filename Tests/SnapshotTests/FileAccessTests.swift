import Foundation
import Testing
@testable import RenderCore

/// Nothing is fetched from the network, and local files are read only inside the mail's
/// folder (or a folder `--allow-dir` names): design §6.
@Suite struct FileAccessTests {
    /// A mail folder with a readable image inside, a secret image outside it and a symlink
    /// from inside to the secret.
    final class Tree {
        let root = temporaryDirectory("files")
        var mail: String { root + "/mail" }
        var outside: String { root + "/outside" }

        init() throws {
            try FileManager.default.createDirectory(atPath: mail + "/img", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
            let png = try Self.png()
            try png.write(to: URL(fileURLWithPath: mail + "/img/ok.png"))
            try png.write(to: URL(fileURLWithPath: outside + "/secret.png"))
            try FileManager.default.createSymbolicLink(atPath: mail + "/img/link.png", withDestinationPath: outside + "/secret.png")
            try FileManager.default.createSymbolicLink(atPath: mail + "/escape", withDestinationPath: outside)
            try "body { background: #ff0000 }".write(toFile: mail + "/evil.css", atomically: true, encoding: .utf8)
        }

        static func png() throws -> Data {
            let canvas = Canvas(pixelWidth: 4, pixelHeight: 4, scale: 1)!
            canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), RGBA(r: 0, g: 0, b: 1, a: 1))
            let path = temporaryDirectory("png") + ".png"
            try canvas.writePNG(to: path)
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test(arguments: [
        ("img/ok.png", nil),
        ("./img/../img/ok.png", nil),
        ("../outside/secret.png", "image '../outside/secret.png' is outside the mail's folder; not read"),
        ("img/../../outside/secret.png", "image 'img/../../outside/secret.png' is outside the mail's folder; not read"),
        ("img/link.png", "image 'img/link.png' is outside the mail's folder; not read"),
        ("escape/secret.png", "image 'escape/secret.png' is outside the mail's folder; not read"),
        ("%2e%2e/outside/secret.png", "image '%2e%2e/outside/secret.png' is outside the mail's folder; not read"),
        ("ABSOLUTE", "ABSOLUTE"),
    ] as [(String, String?)])
    func localFilesOnlyInsideTheMailsFolder(source: String, warning: String?) throws {
        let tree = try Tree()
        let store = ImageStore(baseDirectory: tree.mail)
        let path = source == "ABSOLUTE" ? tree.outside + "/secret.png" : source
        let image = store.image(for: path)
        if let warning {
            #expect(image == nil)
            let expected = warning == "ABSOLUTE" ? "image '\(path.count > 60 ? String(path.prefix(57)) + "..." : path)' is an absolute path; only files inside the mail's folder are read" : warning
            #expect(store.warnings == [expected])
        } else {
            #expect(image?.width == 4)
            #expect(store.warnings.isEmpty)
        }
    }

    @Test func schemesOtherThanDataAreNeverRead() throws {
        let tree = try Tree()
        let store = ImageStore(baseDirectory: tree.mail)
        for source in ["file://\(tree.mail)/img/ok.png", "file:img/ok.png", "FILE:///etc/passwd", "http://127.0.0.1/x.png",
                       "https://example.com/x.png", "//example.com/x.png", "ftp://example.com/x.png", "cid:logo", "javascript:alert(1)"] {
            #expect(store.image(for: source) == nil, "\(source)")
        }
        #expect(store.warnings.isEmpty)  // blocked remote content is normal mail, not a problem
    }

    @Test func allowedFolderIsReadableByAbsolutePathAndRelativePath() throws {
        let tree = try Tree()
        let store = ImageStore(baseDirectory: tree.mail, allowedDirectories: [tree.outside])
        #expect(store.image(for: tree.outside + "/secret.png")?.width == 4)
        #expect(store.image(for: "../outside/secret.png")?.width == 4)
        #expect(store.image(for: "img/link.png")?.width == 4)
        #expect(store.image(for: "/etc/hostname") == nil)
        #expect(store.warnings.count == 1)
    }

    @Test func allowDirFlagOpensOneMoreFolder() throws {
        let tree = try Tree()
        let mail = tree.mail + "/mail.html"
        try "<img src='../outside/secret.png'>".write(toFile: mail, atomically: true, encoding: .utf8)
        let blocked = CommandRun(["layout", mail, "--json"])
        #expect(blocked.err == ["snapshot: warning: image '../outside/secret.png' is outside the mail's folder; not read"])
        let allowed = CommandRun(["layout", mail, "--json", "--allow-dir", tree.outside])
        #expect(allowed.status == 0)
        #expect(allowed.err.isEmpty)
        #expect(CommandRun(["layout", mail, "--json", "--allow-dir", tree.root + "/none"]).err
                == ["snapshot: --allow-dir '\(tree.root)/none' is not a folder"])
    }

    @Test func linkedAndImportedStylesheetsAreNeverLoaded() throws {
        let tree = try Tree()
        let html = "<link rel=stylesheet href='evil.css'><style>@import 'evil.css'; @import url(evil.css);</style><p>x</p>"
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, images: ImageStore(baseDirectory: tree.mail))
        #expect(document.canvasColor == RGBA(r: 1, g: 1, b: 1, a: 1))
    }

    /// A listening socket on 127.0.0.1 that counts connections: remote references in every
    /// place a mail can hold one must never reach it.
    @Test func noNetworkEver() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        #expect(bound)
        #expect(listen(listener, 16) == 0)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        let base = "127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        let html = """
            <link rel=stylesheet href="http://\(base)/a.css"><style>@import url(http://\(base)/b.css);
            div { background: url(https://\(base)/c.png) } p { background-image: url('//\(base)/d.png') }</style>
            <img src="http://\(base)/e.png"><img src="//\(base)/f.png"><table background="http://\(base)/g.png"><tr><td>x</td></tr></table>
            <div>x</div><p>y</p><iframe src="http://\(base)/h.html"></iframe><script src="http://\(base)/i.js"></script>
            <video poster="http://\(base)/j.png"></video><object data="http://\(base)/k"></object>
            """
        let tree = try Tree()
        let mail = tree.mail + "/net.html"
        try html.write(toFile: mail, atomically: true, encoding: .utf8)
        let run = CommandRun(["render", mail, "--out", tree.root + "/out", "--scale", "1"])
        #expect(run.status == 0)
        let accepted = accept(listener, nil, nil)
        #expect(accepted < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), "something connected to \(base)")
        if accepted >= 0 { close(accepted) }
    }
}
