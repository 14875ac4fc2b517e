import CCairo
import Foundation

/// A font file as plain OpenType (sfnt) bytes. FreeType reads WOFF and WOFF2 (Debian builds
/// it with zlib and Brotli), but HarfBuzz, which pango shapes with, reads only sfnt from the
/// file: a WOFF's tables are taken back out of FreeType and written as an sfnt.
enum SfntFile {
    /// Nil when FreeType cannot open the bytes as a font.
    static func sfnt(from bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 12 else { return nil }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        return bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var face: FT_Face?
            guard FT_New_Memory_Face(library, buffer.baseAddress, FT_Long(buffer.count), 0, &face) == 0, let face else { return nil }
            defer { FT_Done_Face(face) }
            let signature = String(decoding: bytes[0..<4], as: UTF8.self)
            guard signature == "wOFF" || signature == "wOF2" else { return bytes }
            return tables(of: face).map(assemble)
        }
    }

    /// Every table of the face, decompressed, by tag.
    private static func tables(of face: FT_Face) -> [(tag: UInt32, data: [UInt8])]? {
        var count: FT_ULong = 0
        guard FT_Sfnt_Table_Info(face, 0, nil, &count) == 0, count > 0 else { return nil }
        var tables: [(UInt32, [UInt8])] = []
        for index in 0..<count {
            var tag: FT_ULong = 0, length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, FT_UInt(index), &tag, &length) == 0 else { return nil }
            var data = [UInt8](repeating: 0, count: Int(length))
            var size = length
            guard FT_Load_Sfnt_Table(face, tag, 0, &data, &size) == 0 else { return nil }
            tables.append((UInt32(tag), data))
        }
        return tables
    }

    /// The OpenType file layout: offset table, table records sorted by tag, 4-byte aligned data.
    private static func assemble(_ tables: [(tag: UInt32, data: [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.tag < $1.tag }
        let isCFF = sorted.contains { $0.tag == 0x4346_4620 }  // 'CFF '
        var out: [UInt8] = []
        func put32(_ value: UInt32) { out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func put16(_ value: Int) { out += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        put32(isCFF ? 0x4F54_544F : 0x0001_0000)
        let count = sorted.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        put16(count); put16(power * 16); put16(log); put16(count * 16 - power * 16)
        var offset = 12 + 16 * count
        for table in sorted {
            put32(table.tag); put32(checksum(table.data)); put32(UInt32(offset)); put32(UInt32(table.data.count))
            offset += (table.data.count + 3) & ~3
        }
        for table in sorted {
            out += table.data
            out += [UInt8](repeating: 0, count: ((table.data.count + 3) & ~3) - table.data.count)
        }
        return out
    }

    private static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0) }
            sum = sum &+ word
            index += 4
        }
        return sum
    }
}
