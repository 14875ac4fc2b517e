import Foundation
import Testing
@testable import RenderCore

/// The built `snapshot` binary as a subprocess: SIGINT, SIGTERM and `--timeout` end a run
/// with its status and one line, leaving no temporary or partial file; a full disk and a
/// read-only folder give one line and exit 2 (those two need root to mount a small tmpfs,
/// and are skipped without it).
@Suite(.serialized) struct InterruptionTests {
    static let binary = Golden.packageRoot.appendingPathComponent(".build/debug/snapshot").path
    static var hasBinary: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    struct Finished {
        let status: Int32
        let stderr: [String]
    }

    /// Starts the binary; `whenStarted` runs with the process while it works.
    static func run(_ arguments: [String], whenStarted: (Process) -> Void = { _ in }) throws -> Finished {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        whenStarted(process)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by a signal")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return Finished(status: process.terminationStatus, stderr: lines)
    }

    /// No temporary file, and every PNG left decodes.
    static func expectOnlyWholeFiles(in folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(!names.contains { $0.contains(".tmp-") }, "temporary files left: \(names)", sourceLocation: sourceLocation)
        for name in names where name.hasSuffix(".png") {
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try RGBAImage(contentsOfPNG: folder + "/" + name) }
        }
    }

    /// Waits until `folder` holds a file (the run is writing), at most 30 s.
    static func waitForOutput(in folder: String) {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: folder), !names.isEmpty { return }
            usleep(5_000)
        }
    }

    /// Under an address-space limit (as some CI runners set) a 1 GiB stack may not fit:
    /// every run still ends, with its frames. Before threads were made with pthreads, about
    /// one run in three hung forever, waiting for a thread that never started.
    @Test(.enabled(if: hasBinary)) func addressSpaceLimitNeverHangsARun() throws {
        let out = temporaryDirectory("ulimit")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let message = MessageFixture.fixtures.appendingPathComponent("messages/forwarded.eml").path
        for run in 0..<20 {
            let start = Date()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v 2097152 && exec timeout -s KILL 60 \"$0\" render \"$1\" --offsets 0,50 --out \"$2\"",
                                 Self.binary, message, out]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "run \(run) ended with \(process.terminationStatus)")
            #expect(Date().timeIntervalSince(start) < timeBudget(5), "run \(run) took \(Date().timeIntervalSince(start)) s")
            if process.terminationStatus != 0 { return }
        }
        #expect(FileManager.default.fileExists(atPath: out + "/frame-50.png"))
    }

    @Test(.enabled(if: hasBinary), arguments: [(SIGINT, Int32(130), "interrupted (SIGINT)"), (SIGTERM, Int32(143), "terminated (SIGTERM)")])
    func signalEndsTheRunWithoutPartialFiles(signal: Int32, status: Int32, reason: String) throws {
        let out = temporaryDirectory("signal")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let finished = try Self.run(["render", "--offsets", "0:end:20", "--out", out, "--jobs", "2"]) { process in
            Self.waitForOutput(in: out)
            kill(process.processIdentifier, signal)
        }
        #expect(finished.status == status)
        #expect(finished.stderr.count == 1)
        #expect(finished.stderr.first?.hasPrefix("snapshot: \(reason)") == true, "\(finished.stderr)")
        Self.expectOnlyWholeFiles(in: out)
    }

    @Test(.enabled(if: hasBinary)) func timeoutEndsAnyCommandWithExitTwo() throws {
        let out = temporaryDirectory("timeout")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let finished = try Self.run(["render", "--offsets", "0:end:5", "--out", out, "--timeout", "0.5"])
        #expect(finished.status == 2)
        #expect(finished.stderr.count == 1)
        #expect(finished.stderr.first?.hasPrefix("snapshot: timed out after 0.5 s (--timeout)") == true, "\(finished.stderr)")
        Self.expectOnlyWholeFiles(in: out)
    }

    /// Mounts a tmpfs at a fresh folder (root only); nil when that is not allowed here.
    static func mountSmallDisk(_ options: String) -> String? {
        let folder = temporaryDirectory("disk")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", options, "tmpfs", folder]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return nil }
        mount.waitUntilExit()
        return mount.terminationStatus == 0 ? folder : nil
    }

    static func unmount(_ folder: String) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Mounting a small disk needs root; elsewhere the two tests below show as skipped.
    static let canMount = geteuid() == 0

    @Test(.enabled(if: hasBinary && canMount, "needs root to mount a full tmpfs")) func fullDiskIsOneLineAndExitTwo() throws {
        let disk = try #require(Self.mountSmallDisk("size=200k"))
        defer { Self.unmount(disk) }
        let finished = try Self.run(["render", "--offsets", "0,50,150,300", "--out", disk + "/frames"])
        #expect(finished.status == 2)
        #expect(finished.stderr.count == 1)
        #expect(finished.stderr.first?.hasSuffix("No space left on device") == true, "\(finished.stderr)")
        Self.expectOnlyWholeFiles(in: disk + "/frames")
        // A suite's goldens too, on a disk filled up first.
        try? Data(count: 190 * 1024).write(to: URL(fileURLWithPath: disk + "/filler"))
        let suite = temporaryDirectory("fullsuite")
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: suite) }
        try "{\"golden\": \"\(disk)/golden\", \"scenes\": [{\"name\": \"a\", \"html\": \"<p>x</p>\", \"offsets\": [0, 10, 20, 30]}]}"
            .write(toFile: suite + "/snapshot.json", atomically: true, encoding: .utf8)
        let record = try Self.run(["record", suite + "/snapshot.json", "--artifacts", suite + "/art"])
        #expect(record.status == 2)
        #expect(record.stderr.count == 1 && record.stderr[0].hasSuffix("No space left on device"), "\(record.stderr)")
        Self.expectOnlyWholeFiles(in: disk + "/golden/a")
    }

    @Test(.enabled(if: hasBinary && canMount, "needs root to mount a read-only tmpfs")) func readOnlyFolderIsOneLineAndExitTwo() throws {
        let disk = try #require(Self.mountSmallDisk("ro,size=64k"))
        defer { Self.unmount(disk) }
        let finished = try Self.run(["render", "--out", disk + "/frames"])
        #expect(finished.status == 2)
        #expect(finished.stderr == ["snapshot: cannot create output folder '\(disk)/frames': Read-only file system"])
    }
}
