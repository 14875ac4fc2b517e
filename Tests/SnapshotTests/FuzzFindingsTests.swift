import Foundation
import Testing
@testable import RenderCore

/// Inputs the fuzz targets (Fuzz/, `make fuzz`) found crashing, hanging or running out of
/// memory, kept so each stays fixed. Each input is rebuilt here from the bytes that matter.
@Suite struct FuzzFindingsTests {
    /// A BMP whose info-header length field says 0xA2A2A2A2: gdk-pixbuf's loader reallocated
    /// its buffer to that length (2.7 GB) before the image size was known (FuzzImages, OOM).
    static func bmpClaimingHugeHeader() -> [UInt8] {
        var bytes = Array("BM".utf8) + [UInt8](repeating: 0xA2, count: 16)  // file header, then the length field
        bytes += [0x28, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x18, 0x00]
        bytes += [UInt8](repeating: 0, count: 94 - bytes.count)
        return bytes
    }

    /// A 24-bit BMP with a 40-byte info header; `width` × `height` as its header says, followed
    /// by one red pixel row (the whole image when it is 1×1).
    static func bmp(width: Int = 1, height: Int = 1) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        let pixelRow: [UInt8] = [0x00, 0x00, 0xFF, 0x00]  // one red pixel (BGR) padded to 4 bytes
        let infoHeader = le32(40) + le32(width) + le32(height) + [1, 0, 24, 0] + le32(0) + le32(pixelRow.count)
            + le32(2835) + le32(2835) + le32(0) + le32(0)
        return Array("BM".utf8) + le32(14 + 40 + pixelRow.count) + le32(0) + le32(14 + 40) + infoHeader + pixelRow
    }

    @Test func bmpWhoseHeaderLengthOverrunsTheFileIsRefusedBeforeDecoding() {
        #expect(!DecodedImage.bmpHeadersFit(Self.bmpClaimingHugeHeader()))
        #expect(throws: DecodedImage.Failure.undecodable) { try DecodedImage.decode(Self.bmpClaimingHugeHeader()) }
    }

    /// A BMP header saying its colour table has 0xFF00C81E entries: the loader reallocated its
    /// buffer to 4 bytes an entry (4.2 GB) before reading them (FuzzImages, OOM).
    @Test func bmpWhoseColourTableOverrunsTheFileIsRefusedBeforeDecoding() {
        var bytes = Self.bmp(width: 3, height: 6)
        bytes.replaceSubrange(46..<50, with: [0x1E, 0xC8, 0x00, 0xFF])
        #expect(!DecodedImage.bmpHeadersFit(bytes))
        #expect(throws: DecodedImage.Failure.undecodable) { try DecodedImage.decode(bytes) }
    }

    /// A BMP header putting its pixels at offset 0x4A000000: the loader reallocated its buffer
    /// to reach them (1.2 GB) before reading on (FuzzImages, OOM).
    @Test func bmpWhosePixelsStartPastTheFileIsRefusedBeforeDecoding() {
        var bytes = Self.bmp()
        bytes.replaceSubrange(10..<14, with: [0x00, 0x00, 0x00, 0x4A])
        #expect(!DecodedImage.bmpHeadersFit(bytes))
        #expect(throws: DecodedImage.Failure.undecodable) { try DecodedImage.decode(bytes) }
    }

    @Test func validBMPStillDecodes() throws {
        #expect(DecodedImage.bmpHeadersFit(Self.bmp()))
        var withTwoColours = Self.bmp()  // a colour table that is there, 8 bytes before the pixels
        withTwoColours.replaceSubrange(46..<50, with: [2, 0, 0, 0])
        withTwoColours.replaceSubrange(10..<14, with: [62, 0, 0, 0])
        withTwoColours.insert(contentsOf: [UInt8](repeating: 0, count: 8), at: 54)
        #expect(DecodedImage.bmpHeadersFit(withTwoColours))
        let image = try DecodedImage.decode(Self.bmp())
        #expect(image.width == 1 && image.height == 1)
    }

    /// 3 × 16 777 218 pixels, over the limit, in 58 bytes: asking the loader to scale it to
    /// 1×1 made BMP (which cannot scale while decoding) allocate all 50 M pixels and then scale
    /// them down, for seconds (FuzzImages, timeout). A zero size stops the loader instead.
    @Test func imageOverThePixelLimitIsRefusedWithoutDecodingIt() {
        let start = Date()
        #expect(throws: DecodedImage.Failure.tooLarge(width: 3, height: 16_777_218)) {
            try DecodedImage.decode(Self.bmp(width: 3, height: 16_777_218))
        }
        #expect(Date().timeIntervalSince(start) < timeBudget(0.1))  // it took 0.4 s before, 10 s under ASan
    }

    /// The same stop for the loaders of the other formats: headers claiming 30000×30000 (PNG)
    /// and 65535×65535 (GIF) pixels, with next to no data behind them.
    @Test(arguments: ["png", "gif"])
    func otherFormatsOverThePixelLimitAreRefusedWithoutDecoding(format: String) {
        func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        let bytes: [UInt8]
        if format == "png" {
            let header = Array("IHDR".utf8) + be32(30_000) + be32(30_000) + [8, 6, 0, 0, 0]
            bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + header + be32(Int(crc32(header)))
                + be32(2) + Array("IDAT".utf8) + [0x78, 0x9C] + be32(0)
        } else {
            bytes = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
                + [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        }
        let start = Date()
        do {
            _ = try DecodedImage.decode(bytes)
            Issue.record("\(format): decoded, expected tooLarge")
        } catch DecodedImage.Failure.tooLarge {
        } catch {
            Issue.record("\(format): \(error), expected tooLarge")
        }
        #expect(Date().timeIntervalSince(start) < timeBudget(0.1))
    }

    /// A PNG header declaring 0xE3E3E3E3 × 0xE3E3E3E3 pixels: width × height overflowed Int
    /// in the header check and trapped (FuzzImages, deadly signal).
    @Test func pngWhoseSidesOverflowTheirProductIsRefused() {
        func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        let header = Array("IHDR".utf8) + be32(0xE3E3_E3E3) + be32(0xE3E3_E3E3) + [8, 6, 0, 0, 0]
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + header + be32(Int(crc32(header)))
        #expect(throws: DecodedImage.Failure.tooLarge(width: 0xE3E3_E3E3, height: 0xE3E3_E3E3)) {
            try DecodedImage.decode(bytes)
        }
    }

    /// A golden PNG whose first chunk after IHDR is a tEXt claiming 0x67620000 bytes: libpng
    /// allocated that (1.7 GB) before reading it (FuzzImages, OOM in the golden reader); it
    /// took 2.7 s to fail. Text chunks are now skipped unread.
    @Test func goldenPNGWithAChunkLongerThanTheFileIsRefusedWithoutBufferingIt() throws {
        func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        let header = Array("IHDR".utf8) + be32(480) + be32(480) + [8, 6, 0, 0, 0]
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + header + be32(Int(crc32(header)))
            + be32(0x6762_0000) + Array("tEXt".utf8) + Array("Software\0Adobe".utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-findings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("golden.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let start = Date()
        #expect(throws: RenderError.self) { _ = try RGBAImage(contentsOfPNG: path) }
        #expect(Date().timeIntervalSince(start) < timeBudget(0.5))
    }

    /// Skipping those chunks keeps every PNG readable: a text chunk before the pixels.
    @Test func goldenPNGWithTextStillReads() throws {
        func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            be32(data.count) + Array(type.utf8) + data + be32(Int(crc32(Array(type.utf8) + data)))
        }
        let pixels: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0x00, 0xFF, 0x00, 0x00, 0xFF, 0x05, 0x00, 0x01, 0xFF]  // zlib, stored: filter 0, one red pixel
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(1) + be32(1) + [8, 6, 0, 0, 0])
            + chunk("tEXt", Array("Software\0snapshot".utf8)) + chunk("IDAT", pixels) + chunk("IEND", [])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-findings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("golden.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let image = try RGBAImage(contentsOfPNG: path)
        #expect(image.width == 1 && image.height == 1 && image[0, 0] == RGBAImage.pack(r: 255, g: 0, b: 0))
    }

    /// CRC-32 (PNG's chunk checksum), bit by bit: a test needs no speed.
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
