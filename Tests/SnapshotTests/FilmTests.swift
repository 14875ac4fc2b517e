import Foundation
import Testing
@testable import RenderCore

/// Filmstrip and APNG: structure checked chunk by chunk, first frame decoded by libpng, and a
/// filmstrip golden.
@Suite struct FilmTests {
    static func shortScene() -> Scene {
        var scene = Scene(html: "<body style=\"font-family:sans-serif;margin:16px\"><h2>Film</h2>" +
                          String(repeating: "<p>A line of the mail that scrolls by.</p>", count: 12) + "</body>")
        scene.viewportWidth = 200
        scene.viewportHeight = 300
        scene.scale = 1
        scene.headerHeight = 60
        scene.headerColor = RGBA(r: 0x1a / 255.0, g: 0x4f / 255.0, b: 0x8b / 255.0, a: 1)
        scene.bounce = true
        scene.offsets = [-60, .range(from: 0, to: 200, step: 100), .end]
        return scene
    }

    @Test func filmstripGolden() throws {
        let renderer = try SceneRenderer(scene: Self.shortScene())
        #expect(renderer.offsets.count == 5)
        let (strip, scale) = try Film.filmstrip(renderer)
        #expect(scale == 1)
        // 12 + 5 × (200 + 12) wide, 12 + 28 + 300 + 12 tall.
        #expect(strip.pixelWidth == 1072 && strip.pixelHeight == 352)
        try Golden.check(strip, named: "film-strip")
    }

    @Test func filmstripShrinksToStayWithinCairosLimit() throws {
        var scene = Self.shortScene()
        scene.scale = 3
        scene.offsets = [.range(from: 0, to: 60, step: 1)]  // 61 frames of 200 pt: 12944 pt wide
        let renderer = try SceneRenderer(scene: scene)
        let width = 12 + 61 * 212.0
        let (strip, scale) = try Film.filmstrip(renderer)
        #expect(scale == 32767 / width)
        #expect(strip.pixelWidth <= 32767)
    }

    struct Chunk { let type: String; let data: [UInt8] }

    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [Chunk] = []
        var index = 8
        func u32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        while index + 12 <= bytes.count {
            let length = Int(u32(index))
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            let data = Array(bytes[index + 8..<index + 8 + length])
            let crc = crc32(bytes[index + 4..<index + 8 + length])
            #expect(crc == u32(index + 8 + length), "CRC of \(type)")
            chunks.append(Chunk(type: type, data: data))
            index += 12 + length
        }
        #expect(index == bytes.count)
        return chunks
    }

    @Test func apngStructureAndFirstFrame() throws {
        let renderer = try SceneRenderer(scene: Self.shortScene())
        let path = temporaryDirectory("apng") + ".png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Film.writeAPNG(renderer, to: path, delay: 250)
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        let chunks = try Self.chunks(bytes)
        func u32(_ data: [UInt8], _ at: Int) -> UInt32 { data[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        func u16(_ data: [UInt8], _ at: Int) -> UInt16 { UInt16(data[at]) << 8 | UInt16(data[at + 1]) }
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT"] + Array(repeating: ["fcTL", "fdAT"], count: 4).flatMap { $0 } + ["IEND"])
        #expect(u32(chunks[0].data, 0) == 200 && u32(chunks[0].data, 4) == 300 && chunks[0].data[9] == 2)  // RGB
        #expect(u32(chunks[1].data, 0) == 5 && u32(chunks[1].data, 4) == 0)  // 5 frames, loop forever
        // Sequence numbers run over fcTL and fdAT without gaps: 0, 1, 2, …, 8.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { u32($0.data, 0) }
        #expect(sequence == Array(0...8))
        for control in chunks where control.type == "fcTL" {
            #expect(u32(control.data, 4) == 200 && u32(control.data, 8) == 300)
            #expect(u16(control.data, 20) == 250 && u16(control.data, 22) == 1000)  // 250/1000 s
        }
        // Viewers without APNG support (and libpng) see the first frame: offset -60.
        let first = try RGBAImage(contentsOfPNG: path)
        #expect(first == (try renderer.render(renderer.frames[0])).rgbaImage)
        // The same film gives the same bytes.
        let again = path + ".again.png"
        defer { try? FileManager.default.removeItem(atPath: again) }
        try Film.writeAPNG(renderer, to: again, delay: 250)
        #expect(FileManager.default.contents(atPath: again) == Data(bytes))
    }
}

/// CRC-32 as PNG defines it (ISO 3309, reflected 0xEDB88320), written out bit by bit so the
/// test does not trust zlib's.
private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}
