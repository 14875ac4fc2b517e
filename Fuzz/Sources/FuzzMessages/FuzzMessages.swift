import Foundation
import FuzzSupport
import RenderCore

private let utc = TimeZone(secondsFromGMT: 0)!

/// A `.eml` message the way `snapshot render MESSAGE.eml` reads it: GMime parsing, the body a
/// reader would choose, charset and transfer decoding, `cid:` images, the header template,
/// then the scene laid out (body and header). No frame is rastered: `FuzzHTMLLayout` covers
/// drawing, and layout is what the message decides.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let message = try? MailMessage.parse(Array(fuzzBytes(data, size))) else { return 0 }
    // The transparent variant (`--header-color`) takes the template's other branch.
    _ = MessageHeaderTemplate.html(for: message, timeZone: utc, background: size % 2 == 0)
    var scene = Scene(message: message, timeZone: utc)
    // A short viewport at scale 1, as in FuzzHTMLLayout: the header was fitted at the
    // default width, which stays.
    scene.viewportHeight = 240
    scene.scale = 1
    scene.offsets = [0]
    guard let renderer = try? SceneRenderer(scene: scene) else { return 0 }
    _ = renderer.frames
    return 0
}
