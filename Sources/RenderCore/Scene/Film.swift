import CPNG
import Foundation

/// A scene's frames for people who would rather watch than read: a filmstrip (every frame
/// side by side under a label with its offset) and an animated PNG of the scroll.
public enum Film {
    /// Space around and between frames, and the label band above each, in points.
    static let margin = 12.0
    static let labelHeight = 28.0

    /// One picture: the frames left to right, each under its offset. Drawn at the scene's
    /// scale, or smaller when the strip would pass cairo's 32767-pixel limit (`scale` says).
    public static func filmstrip(_ renderer: SceneRenderer, fonts: FontSet = .shared) throws -> (canvas: Canvas, scale: Double) {
        let scene = renderer.scene
        let frames = renderer.frames
        let width = margin + Double(frames.count) * (scene.viewportWidth + margin)
        let height = margin + labelHeight + scene.viewportHeight + margin
        let fittedScale = min(scene.scale, 32767 / width, 32767 / height)
        let pixelWidth = Int((width * fittedScale).rounded()), pixelHeight = Int((height * fittedScale).rounded())
        guard let strip = Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: fittedScale) else {
            throw RenderError.output("cannot allocate a \(pixelWidth)x\(pixelHeight) filmstrip")
        }
        let dark = scene.appearance.isDark
        strip.fill(Rect(x: 0, y: 0, width: width, height: height),
                   dark ? RGBA(r: 0.12, g: 0.12, b: 0.13, a: 1) : RGBA(r: 0.93, g: 0.93, b: 0.94, a: 1))
        for (index, frame) in frames.enumerated() {
            let x = margin + Double(index) * (scene.viewportWidth + margin)
            let label = labelDocument(for: frame, width: scene.viewportWidth, dark: dark, fonts: fonts)
            strip.save()
            strip.clip(to: Rect(x: x, y: margin, width: scene.viewportWidth, height: labelHeight))
            strip.translate(x, margin + (labelHeight - label.height) / 2)
            Rasterizer.draw(label.displayList.entries, on: strip)
            strip.restore()
            strip.draw(try renderer.render(frame), in: Rect(x: x, y: margin + labelHeight, width: scene.viewportWidth, height: scene.viewportHeight))
        }
        return (strip, fittedScale)
    }

    /// The label above a frame, laid out by our own engine: the offset, and what happened to it.
    static func labelDocument(for frame: ScrollFrame, width: Double, dark: Bool, fonts: FontSet) -> LaidOutDocument {
        var text = "offset \(Scene.format(frame.userOffset))"
        switch frame.clamped {
        case .top, .bottom: text += " · clamped"
        case .none where frame.overscroll < 0: text += " · pulled \(String(format: "%.1f", -frame.overscroll))"
        case .none where frame.overscroll > 0: text += " · pushed \(String(format: "%.1f", frame.overscroll))"
        case .none: break
        }
        let html = "<body style=\"margin:0;font:bold 13px/20px sans-serif;text-align:center;white-space:nowrap;color:\(dark ? "#eee" : "#333")\">\(text)</body>"
        return LaidOutDocument(html: html, viewportWidth: width, viewportHeight: labelHeight, fonts: fonts)
    }

    public static func writeFilmstrip(_ renderer: SceneRenderer, to path: String) throws -> Double {
        let (canvas, scale) = try filmstrip(renderer)
        try canvas.writePNG(to: path)
        return scale
    }

    /// Writes an animated PNG of the frames, each shown `delay` milliseconds, looping.
    public static func writeAPNG(_ renderer: SceneRenderer, to path: String, delay: Int) throws {
        // Every frame starts with an opaque fill of the viewport unless the overscroll colour
        // is translucent, so the film is RGB unless it must carry alpha.
        var encoder = APNGEncoder(delayMilliseconds: delay, opaque: renderer.scene.resolvedOverscrollColor.a >= 1)
        for frame in renderer.frames { try encoder.add(try renderer.render(frame).rgbaImage) }
        try AtomicFile.write(try encoder.finish(), to: path)
    }
}

/// An animated PNG (APNG): PNG's IHDR, then `acTL`, and per frame an `fcTL` followed by the
/// image data (IDAT for the first frame, so viewers without APNG show it; `fdAT` after).
/// Frames are full size, not blended, each shown `delayMilliseconds`; the film loops.
struct APNGEncoder {
    let delayMilliseconds: Int
    /// RGB (colour type 2) when true, RGBA (6) otherwise.
    let opaque: Bool
    private var width = 0, height = 0
    /// Each frame's deflated scanlines; only compressed bytes are kept.
    private var frames: [Data] = []

    init(delayMilliseconds: Int, opaque: Bool) {
        self.delayMilliseconds = delayMilliseconds
        self.opaque = opaque
    }

    mutating func add(_ image: RGBAImage) throws {
        if frames.isEmpty { width = image.width; height = image.height }
        guard image.width == width, image.height == height else { throw RenderError.output("APNG frames differ in size") }
        frames.append(try Self.deflate(Self.scanlines(image, opaque: opaque)))
    }

    func finish() throws -> Data {
        guard !frames.isEmpty else { throw RenderError.output("an APNG needs at least one frame") }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width)); header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])  // depth 8, RGB or RGBA, deflate, no filter, no interlace
        png.appendChunk("IHDR", header)
        var control = Data()
        control.appendBigEndian(UInt32(frames.count)); control.appendBigEndian(UInt32(0))  // frames, loop forever
        png.appendChunk("acTL", control)
        var sequence: UInt32 = 0
        for (index, compressed) in frames.enumerated() {
            var frameControl = Data()
            frameControl.appendBigEndian(sequence); sequence += 1
            frameControl.appendBigEndian(UInt32(width)); frameControl.appendBigEndian(UInt32(height))
            frameControl.appendBigEndian(UInt32(0)); frameControl.appendBigEndian(UInt32(0))  // x, y
            frameControl.appendBigEndian(UInt16(clamping: delayMilliseconds)); frameControl.appendBigEndian(UInt16(1000))
            frameControl.append(contentsOf: [0, 0])  // dispose none, blend source
            png.appendChunk("fcTL", frameControl)
            if index == 0 {
                png.appendChunk("IDAT", compressed)
            } else {
                var frameData = Data()
                frameData.appendBigEndian(sequence); sequence += 1
                frameData.append(compressed)
                png.appendChunk("fdAT", frameData)
            }
        }
        png.appendChunk("IEND", Data())
        return png
    }

    /// Rows with filter byte 0, RGB or RGBA bytes (RGBAImage words hold R, G, B, A in memory order).
    static func scanlines(_ image: RGBAImage, opaque: Bool) -> [UInt8] {
        let channels = opaque ? 3 : 4
        var bytes = [UInt8](repeating: 0, count: image.height * (1 + image.width * channels))
        var index = 0
        for y in 0..<image.height {
            bytes[index] = 0; index += 1
            for x in 0..<image.width {
                let pixel = image.pixels[y * image.width + x]
                bytes[index] = UInt8(pixel & 0xFF)
                bytes[index + 1] = UInt8((pixel >> 8) & 0xFF)
                bytes[index + 2] = UInt8((pixel >> 16) & 0xFF)
                if !opaque { bytes[index + 3] = UInt8(pixel >> 24) }
                index += channels
            }
        }
        return bytes
    }

    /// zlib at level 6: deterministic, so the same film gives the same bytes.
    static func deflate(_ bytes: [UInt8]) throws -> Data {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&output, &length, bytes, uLong(bytes.count), 6)
        guard status == Z_OK else { throw RenderError.output("zlib could not compress a frame (status \(status))") }
        return Data(output.prefix(Int(length)))
    }
}

extension Data {
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        appendBigEndian(UInt32(data.count))
        var body = Data(type.utf8)
        body.append(data)
        let crc = body.withUnsafeBytes { raw in
            crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(body.count))
        }
        append(body)
        appendBigEndian(UInt32(crc))
    }
}
