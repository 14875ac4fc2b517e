import Foundation

/// Writes files through a temporary name in the same folder and a rename, which is atomic on
/// POSIX file systems: readers see the old file or the new one, never half of one. Every
/// temporary file is known to `InFlightFiles` while it exists, so a run ended by a signal or
/// `--timeout` removes it; every finished file counts against `OutputBudget`.
public enum AtomicFile {
    public static func write(to path: String, _ produce: (String) throws -> Void) throws {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try InFlightFiles.create(temporary, for: path)
        defer { InFlightFiles.remove(temporary) }
        do {
            try produce(temporary)
            try OutputBudget.shared.charge(fileAt: temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw RenderError.output("cannot write \(path): \(reason)")
        }
    }

    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { temporary in
            try withTemporaryFile(temporary, for: path) { file in
                let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, data.count, file) }
                if written != data.count { throw RenderError.output("cannot write \(path): \(String(cString: strerror(errno)))") }
            }
        }
    }

    /// Opens the temporary file `write(to:)` created, hands it to `body`, and flushes and
    /// closes it, turning any failure (a full disk, say) into one line naming `path`. It is
    /// opened without creating: once `InFlightFiles` has removed it for an exit, it stays gone.
    public static func withTemporaryFile(_ temporary: String, for path: String,
                                         _ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        guard let file = fopen(temporary, "r+b") else {
            throw RenderError.output("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        do { try body(file) } catch {
            // libpng says only "Write Error"; the stream's errno says why (no space left, …).
            let streamError = ferror(file) != 0 ? String(cString: strerror(errno)) : nil
            let reason = streamError ?? (error as? RenderError)?.description ?? "\(error)"
            failure = reason.hasPrefix("cannot write") ? reason : "cannot write \(path): \(reason)"
        }
        if fflush(file) != 0 || ferror(file) != 0, failure == nil { failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
        if fclose(file) != 0, failure == nil { failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
        if let failure { throw RenderError.output(failure) }
    }

    /// Copies a file's bytes into place atomically (promoting an actual image to a golden).
    public static func copy(from source: String, to path: String) throws {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw RenderError.input("cannot read '\(source)'")
        }
        try write(data, to: path)
    }
}

/// The temporary files being written at this moment, process-wide.
public enum InFlightFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    /// Creates the empty file and files it, under the lock, so an exit that has begun never
    /// sees a file appear after its cleanup.
    static func create(_ temporary: String, for path: String) throws {
        lock.lock(); defer { lock.unlock() }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RenderError.output("cannot write \(path): \(String(cString: strerror(errno)))") }
        close(descriptor)
        paths.insert(temporary)
    }

    static func remove(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        paths.remove(path)
    }

    /// Removes every temporary file and keeps the lock, so no writer starts or renames
    /// another: only for a process about to exit. Returns how many were removed.
    @discardableResult
    public static func removeAllBeforeExit() -> Int {
        lock.lock()
        var removed = 0
        for path in paths where unlink(path) == 0 { removed += 1 }
        return removed
    }
}

/// Bytes written by this process, against `ResourceLimits.maximumOutputBytes`. Unchecked:
/// `written` changes only under `lock`; `limit` is a `let`.
public final class OutputBudget: @unchecked Sendable {
    public static let shared = OutputBudget(limit: ResourceLimits.standard.maximumOutputBytes)

    private let lock = NSLock()
    private let limit: Int64
    private var written: Int64 = 0

    init(limit: Int64) { self.limit = limit }

    /// Counts a finished temporary file; throws (the caller removes it) past the limit.
    func charge(fileAt path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        lock.lock(); defer { lock.unlock() }
        guard written + Int64(info.st_size) <= limit else {
            throw RenderError.output("the run would write more than \(ResourceLimits.bytes(limit)) in all (the output limit); stopped")
        }
        written += Int64(info.st_size)
    }
}

/// Output folders, created with their parents; a failure names the folder and the reason.
public enum OutputFolder {
    public static func create(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // Foundation's error hides the reason; mkdir's errno tells it (read-only, no space).
            let reason = mkdir(path, 0o755) == 0 ? nil : String(cString: strerror(errno))
            throw RenderError.output("cannot create output folder '\(path)'" + (reason.map { ": \($0)" } ?? ""))
        }
    }
}
