import FuzzSupport
import RenderCore

/// HTML with its CSS through the whole pipeline `snapshot render` runs: parse, cascade, layout,
/// display list, scroll geometry and one small frame rastered. The scene has no folder, so no
/// file is read; remote images stay blocked and `data:` images are decoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var scene = Scene(html: fuzzText(data, size))
    // The CLI's default width; a short frame at scale 1 keeps the raster cheap.
    scene.viewportHeight = 240
    scene.scale = 1
    scene.offsets = [50]
    // The input's length picks the options that change layout most, so each input always
    // takes the same path (libFuzzer needs that) and both paths are covered.
    scene.viewportRules = size % 2 == 0 ? .none : .webkit
    scene.appearance = size % 3 == 0 ? .dark : .light
    guard let renderer = try? SceneRenderer(scene: scene), let frame = renderer.frames.first else { return 0 }
    _ = try? renderer.render(frame)
    return 0
}
