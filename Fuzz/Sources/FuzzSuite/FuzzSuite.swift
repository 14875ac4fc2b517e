import Foundation
import FuzzSupport
@testable import RenderCore

/// The files a suite may name, beside it in the scratch folder: an HTML mail and a message.
private let suiteFolder: String = {
    Scratch.write(Array("<p>mail</p><img src=\"images/x.png\">".utf8), to: "suite/mail.html")
    Scratch.write(Array("""
    From: A <a@example.com>\r
    To: b@example.com\r
    Subject: =?utf-8?q?hi?=\r
    Date: Sun, 3 Mar 2024 09:42:00 +0000\r
    MIME-Version: 1.0\r
    Content-Type: multipart/related; boundary=b\r
    \r
    --b\r
    Content-Type: text/html; charset=utf-8\r
    \r
    <p>message <img src="cid:x@y"></p>\r
    --b\r
    Content-Type: image/png\r
    Content-ID: <x@y>\r
    Content-Transfer-Encoding: base64\r
    \r
    iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==\r
    --b--\r

    """.utf8), to: "suite/message.eml")
    return (Scratch.directory as NSString).appendingPathComponent("suite")
}()

/// A suite file as `snapshot check` reads it: JSON, field types, scenes, defaults, offsets,
/// tolerances, masks, and the mail or message each scene names (read inside its folder).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSuite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = Scratch.write(fuzzBytes(data, size), to: "suite/snapshot.json")
    precondition(path.hasPrefix(suiteFolder))
    guard let suite = try? Suite.load(path: path) else { return 0 }
    for entry in suite.entries {
        // Golden names as a check gives them (`end.png` for `end`), inside the golden folder.
        for name in FrameNames.names(entry.scene.offsets, end: 1234.5) {
            precondition(suite.goldenPath(scene: entry.goldenName, offsetName: name, variant: entry.variant).hasPrefix(suite.goldenDirectory))
        }
    }
    return 0
}
