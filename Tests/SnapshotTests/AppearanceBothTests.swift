import Foundation
import Testing
@testable import RenderCore
import SnapshotCLI

/// `--appearance both`: light and dark frames per offset (`-light` / `-dark` files), in
/// render, check / record and suites.
@Suite struct AppearanceBothTests {
    static let mail = DarkModeTests.directory.appendingPathComponent("light-dark.html").path

    /// The top-left pixel of a PNG, `#RRGGBB`.
    static func corner(_ path: String) throws -> String {
        let image = try RGBAImage(contentsOfPNG: path)
        let pixel = image[2, 2]
        return String(format: "#%02X%02X%02X", (pixel >> 16) & 255, (pixel >> 8) & 255, pixel & 255)
    }

    @Test func renderWritesLightAndDarkFramesPerOffset() throws {
        let out = temporaryDirectory("both-render")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = CommandRun(["render", Self.mail, "--appearance", "both", "--offsets", "0,50", "--out", out, "--scale", "1",
                              "--header-height", "0", "--indicator", "none"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == ["0-light", "50-light", "0-dark", "50-dark"].map { "\(out)/frame-\($0).png" })
        // The mail declares light dark: its canvas is white in the light frame, black in the dark one.
        #expect(try Self.corner(out + "/frame-0-light.png") == "#FFFFFF")
        #expect(try Self.corner(out + "/frame-0-dark.png") == "#000000")
        // The same bytes as rendering each appearance alone.
        let alone = CommandRun(["render", Self.mail, "--appearance", "dark", "--offsets", "0", "--out", out + "/alone", "--scale", "1",
                                "--header-height", "0", "--indicator", "none"])
        #expect(alone.status == 0)
        #expect(FileManager.default.contents(atPath: out + "/alone/frame-0.png") == FileManager.default.contents(atPath: out + "/frame-0-dark.png"))
    }

    @Test(arguments: [
        (["render", "--appearance", "both", "--filmstrip", "strip.png"], "snapshot: --appearance both writes light and dark frames; a film or a full page takes one appearance"),
        (["layout", "--json", "--appearance", "both"], "snapshot: layout describes one appearance: give --appearance light or dark"),
    ])
    func bothIsRefusedWhereOneAppearanceIsMeant(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err == [message])
    }

    @Test func checkAndRecordKeepLightAndDarkGoldens() throws {
        let folder = temporaryDirectory("both-check")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = ["--appearance", "both", "--golden", folder + "/golden", "--offsets", "0", "--scale", "1",
                       "--header-height", "0", "--indicator", "none", "--artifacts", folder + "/artifacts"]
        let record = CommandRun(["record", Self.mail] + options)
        #expect(record.status == 0, "\(record.err)")
        #expect(record.out.last == "2 frames: 2 recorded")
        #expect(try Self.corner(folder + "/golden/0-light.png") == "#FFFFFF")
        #expect(try Self.corner(folder + "/golden/0-dark.png") == "#000000")
        let check = CommandRun(["check", Self.mail] + options, environment: ["CI": "1"])
        #expect(check.status == 0 && check.out.last == "2 frames: 2 passed")

        // A suite scene with "appearance": "both" keeps golden/<scene>/<offset>-light.png and -dark.png,
        // and answers --scene by its own name.
        let suite = folder + "/snapshot.json"
        try """
        {"defaults": {"viewport": {"scale": 1}, "offsets": [0]},
         "scenes": [{"name": "welcome", "html": "<meta name=color-scheme content='light dark'><p>Hello</p>", "appearance": "both"},
                    {"name": "plain", "html": "<p>Hello</p>"}]}
        """.write(toFile: suite, atomically: true, encoding: .utf8)
        let suiteRecord = CommandRun(["record", suite, "--artifacts", folder + "/artifacts"])
        #expect(suiteRecord.status == 0, "\(suiteRecord.err)")
        #expect(suiteRecord.out.last == "3 frames: 3 recorded")
        #expect(FileManager.default.fileExists(atPath: folder + "/golden/welcome/0-light.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/golden/welcome/0-dark.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/golden/plain/0.png"))
        let only = CommandRun(["check", suite, "--scene", "welcome", "--artifacts", folder + "/artifacts"], environment: ["CI": "1"])
        #expect(only.status == 0 && only.out.last == "2 frames: 2 passed", "\(only.out) \(only.err)")
        let dark = CommandRun(["check", suite, "--scene", "welcome-dark", "--artifacts", folder + "/artifacts"], environment: ["CI": "1"])
        #expect(dark.status == 0 && dark.out.last == "1 frame: 1 passed", "\(dark.out) \(dark.err)")
    }
}
