import Foundation
import Testing
@testable import RenderCore

/// What a review of issue 19's workflow found on material its builders did not have: scenes
/// with both appearances, offsets that name a frame twice, single-mail runs of some
/// variants, moved or edited artifacts.
@Suite(.serialized) struct ReviewFindingsTests {
    typealias Space = ExactByDefaultTests.CTASuite

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The fixture as a scene with both appearances, at offsets whose names repeat (0 and
    /// `end` are in the list and in the range).
    func bothAppearances() throws -> Space {
        let space = try Space()
        try """
        {"defaults": {"viewport": {"width": 320, "height": 300, "scale": 1}, "offsets": [0, "0:end:20", "end"]},
         "scenes": [{"name": "cta", "mail": "cta.html", "appearance": "both"}]}
        """.write(toFile: space.suite, atomically: true, encoding: .utf8)
        return space
    }

    @Test func offsetsThatNameOneGoldenTwiceRenderItOnce() throws {
        let space = try bothAppearances()
        let record = space.run("record")
        #expect(record.status == 0)
        let names = ["0", "20", "40", "end"]
        #expect(record.out == (names.map { "light" + $0 } + names.map { "dark" + $0 }).map { key in
            let variant = key.hasPrefix("light") ? "light" : "dark"
            return "recorded " + space.golden(String(key.dropFirst(variant.count)) + "-" + variant)
        } + ["8 frames: 8 recorded"])
        #expect(space.run("check").out == ["8 frames: 8 passed"])
    }

    @Test func acceptByTheSceneNameTakesBothAppearances() throws {
        let space = try bothAppearances()
        #expect(space.run("record").status == 0)
        try space.recolour("#22BC66", "#1FA85A")
        let check = space.run("check")
        #expect(check.status == 1)
        #expect(check.out.contains("  accept: snapshot accept \(space.suite) --artifacts \(space.artifacts) --scene cta-dark --offset end"))
        let accept = CommandRun(["accept", space.suite, "--artifacts", space.artifacts, "--scene", "cta", "--offset", "end"])
        #expect(accept.status == 0, "\(accept.err)")
        #expect(accept.out == ["accepted \(space.golden("end-light"))", "accepted \(space.golden("end-dark"))"])
        #expect(try bytes(space.golden("end-dark")) == bytes(space.artifacts + "/cta-dark/end/actual.png"))
        // One variant by its own name.
        let dark = CommandRun(["accept", space.suite, "--artifacts", space.artifacts, "--scene", "cta-dark", "--offset", "0"])
        #expect(dark.out == ["accepted \(space.golden("0-dark"))"])
    }

    /// Records, recolours and checks the plain fixture: two failing frames.
    func failingCheck() throws -> Space {
        let space = try Space()
        #expect(space.run("record").status == 0)
        try space.recolour("#22BC66", "#1FA85A")
        #expect(space.run("check").status == 1)
        return space
    }

    func editResult(_ space: Space, _ edit: (inout [String: Any]) -> Void) throws {
        let path = space.artifacts + "/result.json"
        let object = try JSONSerialization.jsonObject(with: bytes(path))
        var result = try #require(object as? [String: Any])
        edit(&result)
        try JSONSerialization.data(withJSONObject: result).write(to: URL(fileURLWithPath: path))
    }

    @Test func anEditedResultCannotMakeAcceptWriteElsewhereOrFromElsewhere() throws {
        let space = try failingCheck()
        let elsewhere = space.root + "/elsewhere.png"
        try editResult(space) { result in
            var frames = result["frames"] as! [[String: Any]]
            frames[0]["golden"] = elsewhere
            result["frames"] = frames
        }
        let accept = CommandRun(["accept", space.suite, "--artifacts", space.artifacts, "--offset", "0"])
        #expect(accept.status == 2)
        #expect(accept.err == ["snapshot: refused: cta @0 (\(elsewhere)) is not a failing frame of that check; run `snapshot check` again"])
        #expect(!FileManager.default.fileExists(atPath: elsewhere))

        // Paths to the actual images are not taken from result.json: the images are where the
        // check wrote them in the artifacts folder, also after the folder moved.
        #expect(space.run("check").status == 1)
        try editResult(space) { result in
            var frames = result["frames"] as! [[String: Any]]
            for index in frames.indices {
                var artifacts = frames[index]["artifacts"] as! [String: Any]
                artifacts["actual"] = space.suite
                frames[index]["artifacts"] = artifacts
            }
            result["frames"] = frames
        }
        let moved = space.root + "/downloaded"
        try FileManager.default.moveItem(atPath: space.artifacts, toPath: moved)
        let fromMoved = CommandRun(["accept", space.suite, "--artifacts", moved])
        #expect(fromMoved.status == 0, "\(fromMoved.err)")
        #expect(fromMoved.out == ["accepted \(space.golden("0"))", "accepted \(space.golden("end"))"])
        #expect(try bytes(space.golden("0")) == bytes(moved + "/cta/0/actual.png"))
        #expect(try bytes(space.root + "/golden/cta/0.layout.json") == bytes(moved + "/cta/0/actual.layout.json"))
    }

    @Test func aRunOfOneVariantOfAMailCallsNoOtherVariantStale() throws {
        let space = try Space()
        let golden = space.root + "/g"
        let options = ["--golden", golden, "--appearance", "both", "--width", "320", "--height", "300", "--scale", "1",
                       "--artifacts", space.artifacts]
        #expect(CommandRun(["record", space.mail, "--offsets", "0,end"] + options).status == 0)
        let light = CommandRun(["check", space.mail, "--offsets", "0,end", "--scene", "cta-light"] + options)
        #expect(light.out == ["2 frames: 2 passed"])

        // Dropping an offset: the line names the prune command for this mail, with the options
        // that decide its goldens, and that command removes them.
        let check = CommandRun(["check", space.mail, "--offsets", "0"] + options)
        let prune = "snapshot prune \(space.mail) --appearance both --golden \(golden) --height 300 --offsets 0 --scale 1 --width 320 --yes"
        #expect(check.out == ["2 stale goldens (no scene or offset in the suite): \(golden)/end-dark.png, \(golden)/end-light.png; remove with `\(prune)`",
                              "2 frames: 2 passed"])
        // The report and result.json name the same command.
        #expect(try RunResult.load(path: space.artifacts + "/result.json").prune == prune)
        let report = try String(contentsOfFile: space.artifacts + "/report.html", encoding: .utf8)
        #expect(report.contains("<code>\(prune)</code> removes them"))
        let dryRun = CommandRun(Array(prune.split(separator: " ").dropFirst().dropLast().map(String.init)))
        #expect(dryRun.out.last == "2 stale goldens; remove with `\(prune)`")
        let removed = CommandRun(Array(prune.split(separator: " ").dropFirst().map(String.init)))
        #expect(removed.out.last == "2 stale goldens removed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden).sorted()
                == ["0-dark.layout.json", "0-dark.png", "0-light.layout.json", "0-light.png", "environment.json"])
    }

    @Test func initThatCannotWriteEverythingLeavesNothing() throws {
        let folder = temporaryDirectory("init-partial")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A file where the mails' folder should be: the suite must not be left without its mail.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/mails"))
        let run = CommandRun(["init", folder])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err == ["snapshot: cannot create output folder '\(folder)/mails': File exists"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["mails"])
    }

    @Test(arguments: [
        (["version", "--bogus"], "snapshot: unknown option '--bogus'"),
        (["--version", "extra"], "snapshot: version takes no arguments, got 'extra'"),
        (["sample-mail", "--ofsets", "0"], "snapshot: unknown option '--ofsets'"),
        (["--list-devices", "iphone"], "snapshot: list-devices takes no arguments, got 'iphone'"),
    ])
    func commandsWithoutOptionsRefuseArguments(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err == [message])
    }
}
