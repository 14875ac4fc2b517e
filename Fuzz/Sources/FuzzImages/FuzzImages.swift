import FuzzSupport
import RenderCore

private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Image bytes through both decoders: the mail's images (PNG, JPEG, GIF, WebP, BMP through
/// gdk-pixbuf into a cairo surface, as a message's `cid:` part reaches `ImageStore`) and, for
/// PNGs, the golden reader (libpng, from a file as `snapshot check` reads goldens).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(fuzzBytes(data, size))
    let store = ImageStore(baseDirectory: nil, contentIDs: ["image@fuzz": bytes])
    if let image = store.image(for: "cid:image@fuzz") {
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= ResourceLimits.standard.maximumImagePixels)
    }
    if bytes.starts(with: pngSignature) {
        let path = Scratch.write(bytes, to: "golden.png")
        if let golden = try? RGBAImage(contentsOfPNG: path) {
            precondition(golden.pixels.count == golden.width * golden.height)
        }
    }
    return 0
}
