import Foundation
import Testing
import SnapshotCLI

/// Runs the command in-process, capturing what it prints.
final class CommandRun {
    var out: [String] = []
    var err: [String] = []
    let status: Int32

    init(_ arguments: [String], environment: [String: String] = [:]) {
        var command = SnapshotCommand()
        command.environment = environment
        var out: [String] = [], err: [String] = []
        command.standardOutput = { out.append($0) }
        command.standardError = { err.append($0) }
        status = command.run(arguments)
        self.out = out
        self.err = err
    }
}

func temporaryDirectory(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try? FileManager.default.removeItem(atPath: path)
    return path
}

@Suite struct CLITests {
    @Test func renderWritesOneFramePerOffsetAndPrintsPaths() throws {
        let out = temporaryDirectory("render")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = CommandRun(["render", "--offsets", "0,50,150", "--out", out, "--scale", "1"])
        #expect(run.status == 0)
        #expect(run.out == ["0", "50", "150"].map { "\(out)/frame-\($0).png" })
        #expect(run.err.isEmpty)
        for path in run.out { #expect(FileManager.default.fileExists(atPath: path)) }
    }

    @Test func clampingIsReportedOnStandardError() throws {
        let out = temporaryDirectory("clamp")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let mail = out + ".html"
        try "<p>short</p>".write(toFile: mail, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: mail) }
        let run = CommandRun(["render", mail, "--offsets", "0,500", "--out", out, "--scale", "1"])
        #expect(run.status == 0)
        #expect(run.out.count == 2)
        #expect(run.err == ["snapshot: offset 500 is past the bottom of the scroll range; clamped to contentOffset -100"])
    }

    @Test(arguments: [
        (["render", "--bogus"], "snapshot: unknown option '--bogus'"),
        (["render", "--offsets", "abc"], "snapshot: --offsets item 'abc' is not a finite number"),
        (["render", "--offsets", "1,,2"], "snapshot: --offsets '1,,2' has an empty item"),
        (["render", "--offsets", "NaN"], "snapshot: --offsets item 'NaN' is not a finite number"),
        (["render", "--offsets", "1e309"], "snapshot: --offsets item '1e309' is not a finite number"),
        (["render", "/nonexistent/mail.html"], "snapshot: cannot read '/nonexistent/mail.html': no such file"),
        (["render", "--width", "0"], "snapshot: --width must be a positive number, got 0"),
        (["render", "--height", "-5"], "snapshot: --height must be a positive number, got -5"),
        (["render", "--scale", "0"], "snapshot: --scale must be a positive number, got 0"),
        (["render", "--header-height", "-1"], "snapshot: --header-height must be between 0 and 4096, got -1"),
        (["render", "--width", "abc"], "snapshot: option '--width' needs a number, got 'abc'"),
        (["render", "--header-color", "nocolour"], "snapshot: --header-color 'nocolour' is not a CSS colour"),
        (["render", "--offsets"], "snapshot: option '--offsets' needs a value"),
        (["frobnicate"], "snapshot: unknown command 'frobnicate'; run `snapshot help` for the list"),
        (["layout"], "snapshot: layout prints JSON only: add --json"),
        (["render", "--png", "tiny"], "snapshot: --png 'tiny' is not one of fast, small"),
        (["render", "--jobs", "0"], "snapshot: --jobs must be a whole number from 1 to 256, got '0'"),
        (["render", "--jobs", "two"], "snapshot: --jobs must be a whole number from 1 to 256, got 'two'"),
    ])
    func badInputExitsTwoWithOneLineAndWritesNothing(arguments: [String], message: String) {
        let out = temporaryDirectory("bad")
        let run = CommandRun(arguments.first == "render" ? ["render", "--out", out] + arguments.dropFirst() : arguments)
        #expect(run.status == 2)
        #expect(run.err == [message])
        #expect(run.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func pngAndJobsOptionsChooseTheWriterNotThePixels() throws {
        let out = temporaryDirectory("png-options")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let fast = CommandRun(["render", "--offsets", "0,700", "--out", out + "/fast", "--scale", "1", "--jobs", "1"])
        let small = CommandRun(["render", "--offsets", "0,700", "--out", out + "/small", "--scale", "1", "--png", "small", "--jobs", "2"])
        #expect(fast.status == 0 && small.status == 0)
        for (a, b) in zip(fast.out, small.out) {
            let sizeA = try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int ?? 0
            let sizeB = try FileManager.default.attributesOfItem(atPath: b)[.size] as? Int ?? 0
            #expect(sizeB < sizeA, "\(b) is not smaller than \(a)")
        }
    }

    @Test func folderAsMailIsAnError() {
        let run = CommandRun(["render", "/tmp"])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: cannot read '/tmp': it is a folder"])
    }

    @Test func layoutJSONMatchesTheScrollFormulas() throws {
        let run = CommandRun(["layout", "--json", "--offsets", "0,50,150"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.joined().utf8)) as? [String: Any])
        let viewport = try #require(json["viewport"] as? [String: Double])
        #expect(viewport == ["width": 390, "height": 844, "scale": 3])
        #expect(json["contentInset"] as? [String: Double] == ["top": 100, "bottom": 0])
        let document = try #require(json["document"] as? [String: Any])
        let height = try #require(document["height"] as? Double)
        #expect((json["contentSize"] as? [String: Double])?["height"] == height)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.map { $0["contentOffset"] as? Double } == [-100, -50, 50])
        #expect(frames.map { $0["clamped"] as? Bool } == [false, false, false])
        #expect(frames.map { ($0["header"] as? [String: Double])?["y"] } == [0, -50, -150])
        #expect(frames.map { ($0["content"] as? [String: Double])?["y"] } == [100, 50, -50])
        // Indicator: track = 844 - 100 - 6 = 738; total = height + 100; len = 738 * 844 / total.
        let indicator = try #require(frames[0]["indicator"] as? [String: Double])
        #expect(indicator["x"] == 384 && indicator["w"] == 3 && indicator["y"] == 103)
        #expect(abs(indicator["h"]! - 738 * 844 / (height + 100)) < 1e-9)
        let moved = try #require(frames[2]["indicator"] as? [String: Double])
        let expectedY = 103 + 150 / (height - 844 + 100) * (738 - indicator["h"]!)
        #expect(abs(moved["y"]! - expectedY) < 1e-9)
        let boxes = try #require(document["boxes"] as? [[String: Any]])
        #expect(boxes.first?["path"] as? String == "/body[0]")
        #expect(boxes.contains { $0["path"] as? String == "/body[0]/h1[0]" })
    }
}
