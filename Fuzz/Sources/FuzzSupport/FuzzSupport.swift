import Foundation

/// The bytes libFuzzer hands a target, read as the CLI reads a mail or a flag: UTF-8 with
/// invalid sequences replaced, never rejected.
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: fuzzBytes(data, size), as: UTF8.self)
}

public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
}

/// A private folder under the system's temporary directory, the only place a target writes:
/// some code under test (suite files, golden PNGs) reads from paths, not bytes. Removed when
/// the fuzzer exits normally; a crash leaves it for inspection.
public enum Scratch {
    public static let directory: String = {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("snapshot-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a temporary folder") }
        let path = String(cString: made)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.directory) }
        return path
    }()

    /// Writes `bytes` to `name` (a relative path) inside the scratch folder; returns the path.
    @discardableResult
    public static func write<Bytes: Collection<UInt8>>(_ bytes: Bytes, to name: String) -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write \(path)")
        }
        return path
    }
}
