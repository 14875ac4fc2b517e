import Foundation
import Testing
@testable import RenderCore

/// The hostile-input battery of issue 6, in process: each input is made here, and each run
/// must end with exit 0 (a warning at most) or exit 2 with one line, never a crash. The same
/// cases at full size, timed and measured against the release binary: `make hostile`.
@Suite struct HostileInputTests {
    /// Runs `render` on `html` (written into a fresh folder with `files`) at scale 1.
    static func render(_ html: [UInt8], files: [String: [UInt8]] = [:], extra: [String] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandRun {
        let folder = temporaryDirectory("hostile")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mail = folder + "/mail.html"
        try Data(html).write(to: URL(fileURLWithPath: mail))
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let run = CommandRun(["render", mail, "--out", folder + "/out", "--scale", "1"] + extra)
        #expect(run.status == 0 || (run.status == 2 && run.err.count == 1), "status \(run.status): \(run.err)", sourceLocation: sourceLocation)
        #expect(run.err.allSatisfy { !$0.contains("\n") }, sourceLocation: sourceLocation)
        return run
    }

    static func render(_ html: String, files: [String: [UInt8]] = [:], extra: [String] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandRun {
        try render(Array(html.utf8), files: files, extra: extra, sourceLocation: sourceLocation)
    }

    @Test func deepNesting() throws {
        let run = try Self.render(String(repeating: "<div>", count: 100_000) + "deep")
        #expect(run.status == 0)
        #expect(run.err.contains("snapshot: warning: elements nested deeper than 512 levels were flattened (their text is kept)"))
    }

    @Test func longSingleLine() throws {
        let run = try Self.render("<p>" + String(repeating: "lorem ipsum dolor sit amet ", count: 200_000) + "</p>")
        #expect(run.status == 0)
        #expect(run.err.contains { $0.hasPrefix("snapshot: warning:") && $0.contains("of text") })
    }

    @Test func invalidUTF8AndNULBytes() throws {
        var bytes: [UInt8] = Array("<p>".utf8)
        for index in 0..<20_000 { bytes += [0xFF, 0xC0, 0x80, 0x00, 0xED, 0xA0, 0x80, UInt8(index % 256), 0x3C] }
        let run = try Self.render(bytes)
        #expect(run.status == 0)
    }

    @Test(arguments: [
        "<table><tr><td colspan=100000>x</td></tr><tr><td rowspan=100000>a<td>b</tr></table>",
        "<table width=99999999><tr><td width=99999999>x</td></tr></table><img width=99999999 height=99999999>",
        "<table width=-5 height=NaN><tr><td width=NaN>x</td></tr></table><div style='width:NaNpx;height:-1e308px;margin:-1e308px'>y</div>",
        "<p style='font-size:1e9px;letter-spacing:1e9px'>huge</p><font size=1e9>f</font>",
        // A line's extent in pango units summed past Int32 trapped here (word-spacing made it so).
        "<p style='letter-spacing:1e9px;word-spacing:-1e9px'>spaced out words here</p>",
        "<p style='word-spacing:1e9px;text-indent:-1e9px;text-align:justify;tab-size:1e9;white-space:pre'>a b\tc d</p>",
        "<p style='text-shadow:1e300px -1e300px 1e300px red, 0 0 1e300px blue'>x</p><p style='tab-size:1e300;white-space:pre;word-spacing:1e300px'>a\tb c</p>",
        "<p style='text-shadow:1e9px 1e9px 1e9px red;text-decoration:underline wavy;text-decoration-thickness:1e9px;text-underline-offset:-1e9px'>x</p>",
        "<p style='direction:rtl;text-overflow:ellipsis;overflow:hidden;white-space:nowrap;letter-spacing:1e9px;font-variant:small-caps'>rtl text</p>",
        "<div style='border:1e9px solid red;border-radius:1e9px;box-shadow:0 0 1e6px blue'>x</div>",
        "<div style='border:1px dotted red;width:1e7px;height:1e7px;border-radius:1e6px / 50%'>x</div><div style='border:1px dashed;width:1e8px'>y</div>",
        "<div style='border:1e6px solid;border-image:linear-gradient(red,blue) 0.001 fill / 1e9px / 1e6px space'>x</div>" +
            "<div style='border:3px solid;border-image:linear-gradient(red,blue) 1% fill / 1 / 0 round repeat'>y</div>",
        "<div style='margin-top:-1e9px'>up</div><p>after</p>",
        "<style>" + String(repeating: ":not(", count: 5_000) + "p" + String(repeating: ")", count: 5_000) + "{color:red}</style><p>x</p>",
        "<style>" + String(repeating: "{[(", count: 100_000) + "</style><p>x</p>",
    ])
    func extremeValues(html: String) throws {
        let run = try Self.render(html)
        #expect(run.status == 0)
    }

    @Test func tenThousandNestedTables() throws {
        let run = try Self.render(String(repeating: "<table><tr><td>", count: 10_000) + "deep")
        #expect(run.status == 0)
    }

    @Test func hugeTruncatedAndBombImages() throws {
        let bomb = ResourceLimitsTests.pngHeader(width: 30_000, height: 30_000)
        let uri = "data:image/png;base64," + Data(bomb).base64EncodedString()
        let run = try Self.render("<img src='bomb.png'><img src='cut.png'><img src='\(uri)'>",
                                  files: ["bomb.png": bomb, "cut.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 100)])
        #expect(run.status == 0)
        #expect(run.err.contains("snapshot: warning: image 'bomb.png' is 30000x30000 pixels, over the 40 000 000 limit; not drawn"))
        #expect(run.err.contains("snapshot: warning: image 'cut.png' cannot be decoded; not drawn"))
    }

    @Test func manyElementsAndLineBreaks() throws {
        let run = try Self.render("<p>" + String(repeating: "<br>", count: 100_000) + "</p>")
        #expect(run.err.contains("snapshot: warning: the mail has more than 20 000 elements; the rest is not shown"))
    }

    @Test(arguments: [
        ("{\"scenes\": [{\"name\": 5}]}", "scenes[0].name: expected a string"),
        ("{\"scenes\": [{\"name\": \"a\", \"html\": \"x\", \"offsets\": [true]}]}", "scenes[0].offsets: expected numbers"),
        ("{\"scenes\": [{\"name\": \"a\", \"html\": \"x\", \"viewport\": {\"width\": \"wide\"}}]}", "scenes[0].viewport.width: expected a number"),
        ("[1, 2]", "expected an object"),
        ("{\"scenes\": [{\"name\": \"a\", \"html\": \"x\", \"offsets\": [1e309]}]}", "not valid JSON"),
        ("{\"scenes\": [{\"name\": \"a\", \"html\": \"x\", \"offsets\": [\"NaN\"]}]}", "is not a finite number"),
    ])
    func suiteWithWrongTypes(json: String, message: String) throws {
        let folder = temporaryDirectory("suite-types")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try json.write(toFile: folder + "/snapshot.json", atomically: true, encoding: .utf8)
        let run = CommandRun(["check", folder + "/snapshot.json", "--artifacts", folder + "/art"])
        #expect(run.status == 2)
        #expect(run.err.count == 1)
        #expect(run.err.first?.contains(message) == true, "\(run.err)")
    }

    @Test func suiteOfTooManyFramesIsRefusedBeforeRendering() throws {
        let folder = temporaryDirectory("suite-frames")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let offsets = (0..<1000).map(String.init).joined(separator: ",")
        let scenes = (0..<11).map { "{\"name\": \"s\($0)\", \"html\": \"<p>x</p>\", \"offsets\": [\(offsets)]}" }.joined(separator: ",")
        try "{\"scenes\": [\(scenes)]}".write(toFile: folder + "/snapshot.json", atomically: true, encoding: .utf8)
        let run = CommandRun(["record", folder + "/snapshot.json", "--artifacts", folder + "/art"])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: the suite stands for 11 000 frames; 10 000 at most"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/golden"))
    }

    @Test func offsetsLikeMinusZeroRenderAtRest() throws {
        let run = try Self.render("<p>x</p>", extra: ["--offsets", "-0"])
        #expect(run.status == 0)
        #expect(run.out.first?.hasSuffix("frame-0.png") == true)
    }

    @Test func outputFolderThatCannotBeMadeIsOneLineAndExitTwo() throws {
        let file = temporaryDirectory("blocker")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = CommandRun(["render", "--out", file + "/frames", "--scale", "1"])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: cannot create output folder '\(file)/frames': Not a directory"])
    }

    @Test func hostileHeaderFragmentIsBoundedToo() throws {
        let run = try Self.render("<p>x</p>", extra: ["--header-html", String(repeating: "<span>", count: 30_000) + "From"])
        #expect(run.status == 0)
        #expect(run.err.contains("snapshot: warning: header: the mail has more than 20 000 elements; the rest is not shown"))
    }

    @Test func timeoutIsCheckedForEveryCommand() {
        #expect(CommandRun(["render", "--timeout", "0"]).err == ["snapshot: --timeout must be a number of seconds above 0 and at most 86400, got '0'"])
        #expect(CommandRun(["diff", "--timeout=abc"]).status == 2)
        #expect(CommandRun(["--list-devices", "--timeout", "5"]).status == 0)
    }
}
