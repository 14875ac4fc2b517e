import CCairo
import Foundation

/// SHA-256 digests (hex) of files and bytes: font files in the environment fingerprint, and what
/// a check compared (`CheckManifest`).
enum FileDigest {
    /// Nil when the file cannot be read. Read in chunks: the executable is tens of megabytes.
    static func sha256(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
        defer { g_checksum_free(checksum) }
        while true {
            let chunk: Data
            do {
                guard let read = try handle.read(upToCount: 1 << 20), !read.isEmpty else { break }  // nil or empty: the end
                chunk = read
            } catch { return nil }
            chunk.withUnsafeBytes { g_checksum_update(checksum, $0.bindMemory(to: UInt8.self).baseAddress, gssize($0.count)) }
        }
        return g_checksum_get_string(checksum).map { String(cString: $0) }
    }

    static func sha256(of data: Data) -> String {
        data.withUnsafeBytes { bytes in
            let digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count))!
            defer { g_free(digest) }
            return String(cString: digest)
        }
    }

    /// The running executable's digest, once per process: a check and an accept made by
    /// different builds of snapshot are told apart.
    static let executable: String = sha256(ofFile: "/proc/self/exe") ?? "unknown"
}
