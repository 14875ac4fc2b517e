import CPNG
import Foundation

/// How frames are compressed. Both are lossless and deterministic; they trade encode time
/// for file size (the README lists what each costs).
///
/// Neither uses PNG's row filters: measured on our frames (flat colour and antialiased
/// text), filtering made files larger at every zlib level (level 9 with libpng's adaptive
/// filters: 180 KB a frame; level 9 unfiltered: 152 KB) and encoding slower.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// zlib level 1: the fastest setting, within about 10–15 % of bare zlib on the pixels.
    case fast
    /// zlib level 9: about 30 % smaller files for about 13 times the encode time, for
    /// goldens kept in a repository.
    case small

    var zlibLevel: Int32 { self == .fast ? 1 : 9 }
    var filters: Int32 { Int32(SNAPSHOT_PNG_FILTER_NONE) }
}

/// Cairo's ARGB32 pixels: premultiplied alpha, one native-endian UInt32 per pixel, rows
/// `stride` bytes apart. Borrowed for the duration of one write.
struct ARGB32Pixels {
    let base: UnsafeRawPointer
    let width: Int
    let height: Int
    let stride: Int

    func row(_ y: Int) -> UnsafePointer<UInt32> {
        base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// True when no pixel has alpha below 255: such images are written as RGB, as cairo's own
    /// writer does, so files are smaller and faster to encode.
    var isOpaque: Bool {
        var all: UInt32 = 0xFFFF_FFFF
        for y in 0..<height {
            let pixels = row(y)
            for x in 0..<width { all &= pixels[x] }
        }
        return all >> 24 == 0xFF
    }

    /// One row as PNG bytes: RGB, or RGBA with alpha un-premultiplied exactly as cairo's
    /// writer rounds it, so both writers decode to the same pixels.
    func convert(row y: Int, opaque: Bool, into output: UnsafeMutablePointer<UInt8>) {
        let pixels = row(y)
        if opaque {
            snapshot_argb32_to_rgb(pixels, output, width)
            return
        }
        for x in 0..<width {
            let pixel = pixels[x]
            let alpha = pixel >> 24
            let out = output.advanced(by: 4 * x)
            guard alpha > 0 else {
                out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
                continue
            }
            out[0] = UInt8(((pixel >> 16 & 0xFF) * 255 + alpha / 2) / alpha)
            out[1] = UInt8(((pixel >> 8 & 0xFF) * 255 + alpha / 2) / alpha)
            out[2] = UInt8(((pixel & 0xFF) * 255 + alpha / 2) / alpha)
            out[3] = UInt8(alpha)
        }
    }
}

/// Writes PNG files with libpng at a chosen zlib level and filter.
enum PNGWriter {
    /// Writes through `AtomicFile` (a temporary file beside `path`, then a rename), so an
    /// interrupted run never leaves a truncated image; temporary names are unique per call,
    /// so frames written in parallel never share one.
    static func write(_ pixels: ARGB32Pixels, to path: String, compression: PNGCompression, knownOpaque: Bool) throws {
        try AtomicFile.write(to: path) { temporary in
            try AtomicFile.withTemporaryFile(temporary, for: path) { file in
                try encode(pixels, opaque: knownOpaque || pixels.isOpaque, to: file, compression: compression)
            }
        }
    }

    private struct RowSource {
        let pixels: ARGB32Pixels
        let opaque: Bool
    }

    private static func encode(_ pixels: ARGB32Pixels, opaque: Bool, to file: UnsafeMutablePointer<FILE>, compression: PNGCompression) throws {
        var source = RowSource(pixels: pixels, opaque: opaque)
        var message = [CChar](repeating: 0, count: 256)
        let status = withUnsafeMutablePointer(to: &source) { context in
            snapshot_png_write_rows(file, UInt32(pixels.width), UInt32(pixels.height), context.pointee.opaque ? 3 : 4,
                               compression.zlibLevel, compression.filters, fillRow, context, &message, message.count)
        }
        guard status == 0 else {
            throw RenderError.output(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    private static let fillRow: snapshot_png_row_source = { context, y, row in
        guard let context, let row else { return }
        let source = context.assumingMemoryBound(to: RowSource.self).pointee
        source.pixels.convert(row: Int(y), opaque: source.opaque, into: row)
    }
}
