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

    /// The smallest valid BMP: 1×1, 24 bits, a 40-byte info header.
    static func validBMP() -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        let pixelRow: [UInt8] = [0x00, 0x00, 0xFF, 0x00]  // one red pixel (BGR) padded to 4 bytes
        let infoHeader = le32(40) + le32(1) + le32(1) + [1, 0, 24, 0] + le32(0) + le32(pixelRow.count)
            + le32(2835) + le32(2835) + le32(0) + le32(0)
        return Array("BM".utf8) + le32(14 + 40 + pixelRow.count) + le32(0) + le32(14 + 40) + infoHeader + pixelRow
    }

    @Test func bmpWhoseHeaderLengthOverrunsTheFileIsRefusedBeforeDecoding() {
        #expect(!DecodedImage.bmpHeaderFits(Self.bmpClaimingHugeHeader()))
        #expect(throws: DecodedImage.Failure.undecodable) { try DecodedImage.decode(Self.bmpClaimingHugeHeader()) }
    }

    @Test func validBMPStillDecodes() throws {
        #expect(DecodedImage.bmpHeaderFits(Self.validBMP()))
        let image = try DecodedImage.decode(Self.validBMP())
        #expect(image.width == 1 && image.height == 1)
    }
}
