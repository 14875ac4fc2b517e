import Foundation
import Testing
@testable import RenderCore

/// Issue 19, points 4 and 5: `accept` refuses artifacts that no longer stand for the suite and
/// accepts one frame at a time; stale goldens are listed by every check and removed by `prune`.
@Suite(.serialized) struct SafeAcceptTests {
    typealias Space = ExactByDefaultTests.CTASuite

    /// Records the fixture, changes the button's colour and checks: two failing frames.
    func failingCheck() throws -> (Space, CommandRun) {
        let space = try Space()
        #expect(space.run("record").status == 0)
        try space.recolour("#22BC66", "#1FA85A")
        let check = space.run("check")
        #expect(check.status == 1)
        return (space, check)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func acceptRefusesImagesOfAMailThatChangedSinceTheCheck() throws {
        let (space, _) = try failingCheck()
        let golden = try bytes(space.golden("0"))
        try space.recolour("#1FA85A", "#0000FF")
        let accept = CommandRun(["accept", "--artifacts", space.artifacts])
        #expect(accept.status == 2)
        #expect(accept.err == ["snapshot: refused: the mail of scene cta (\(space.mail)) changed since the check; run `snapshot check` again"])
        #expect(accept.out.isEmpty)
        #expect(try bytes(space.golden("0")) == golden)
    }

    @Test func acceptRefusesChangedSettingsGoldensAndAnotherSuite() throws {
        let (space, _) = try failingCheck()
        let suite = try String(contentsOfFile: space.suite, encoding: .utf8)
        try suite.replacingOccurrences(of: "\"scale\": 1", with: "\"scale\": 2").write(toFile: space.suite, atomically: true, encoding: .utf8)
        #expect(CommandRun(["accept", "--artifacts", space.artifacts]).err
                == ["snapshot: refused: the settings of scene cta in \(space.suite) changed since the check; run `snapshot check` again"])
        try suite.write(toFile: space.suite, atomically: true, encoding: .utf8)
        try bytes(space.golden("end")).write(to: URL(fileURLWithPath: space.golden("0")))
        #expect(CommandRun(["accept", "--artifacts", space.artifacts]).err
                == ["snapshot: refused: the golden \(space.golden("0")) changed since the check; run `snapshot check` again"])
        let other = try Space()
        let wrong = CommandRun(["accept", other.suite, "--artifacts", space.artifacts])
        #expect(wrong.status == 2)
        #expect(wrong.err == ["snapshot: refused: these artifacts come from a check of \(space.suite), not of \(other.suite); run `snapshot check` on it first"])
        try FileManager.default.removeItem(atPath: space.artifacts + "/manifest.json")
        #expect(CommandRun(["accept", "--artifacts", space.artifacts]).err
                == ["snapshot: refused: \(space.artifacts) has no record of what its check compared (manifest.json); run `snapshot check` again"])
    }

    @Test func oneFrameIsAcceptedWithTheCommandTheReportShows() throws {
        let (space, check) = try failingCheck()
        let command = "snapshot accept \(space.suite) --artifacts \(space.artifacts) --scene cta --offset end"
        #expect(check.out.contains("  accept: " + command))
        #expect(check.out.last?.hasSuffix("accept all with `snapshot accept \(space.suite) --artifacts \(space.artifacts)`") == true)
        let html = try String(contentsOfFile: space.artifacts + "/report.html", encoding: .utf8)
        #expect(html.contains("<code>\(command)</code>"))
        let golden = try bytes(space.golden("0"))
        let actual = try bytes(space.artifacts + "/cta/end/actual.png")
        let accept = CommandRun(Array(command.split(separator: " ").dropFirst().map(String.init)))
        #expect(accept.status == 0)
        #expect(accept.out == ["accepted \(space.golden("end"))"])
        #expect(try bytes(space.golden("end")) == actual)
        #expect(try bytes(space.golden("0")) == golden)
        let next = space.run("check")
        #expect(next.status == 1)
        #expect(next.out.first?.hasPrefix("FAIL cta @0: ") == true && !next.out.contains { $0.hasPrefix("FAIL cta @end") })
        let none = CommandRun(["accept", "--artifacts", space.artifacts, "--scene", "cta", "--offset", "50"])
        #expect(none.status == 2)
        #expect(none.err == ["snapshot: no failing frame of the last check matches; failing: cta @0"])
    }

    @Test func staleGoldensAreListedByCheckAndRemovedByPrune() throws {
        let space = try Space()
        #expect(space.run("record").status == 0)
        let folder = space.root + "/golden"
        try FileManager.default.createDirectory(atPath: folder + "/renamed", withIntermediateDirectories: true)
        try bytes(space.golden("0")).write(to: URL(fileURLWithPath: folder + "/renamed/0.png"))
        try bytes(space.golden("0")).write(to: URL(fileURLWithPath: folder + "/cta/87.4.png"))
        // Layout sidecars belong to their golden: a stale one goes with it, a current one stays.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/cta/87.4.layout.json"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/cta/end.layout.json"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/cta/README.txt"))
        let check = space.run("check")
        #expect(check.status == 0)
        #expect(check.out == ["2 stale goldens (no scene or offset in the suite): \(folder)/cta/87.4.png, \(folder)/renamed/0.png; remove with `snapshot prune \(space.suite) --yes`",
                              "2 frames: 2 passed"])
        let result = try RunResult.load(path: space.artifacts + "/result.json")
        #expect(result.staleGoldens == [folder + "/cta/87.4.png", folder + "/renamed/0.png"])
        // A check of some scenes judges only their folders.
        #expect(CommandRun(["check", space.suite, "--scene", "cta", "--artifacts", space.artifacts]).out.first?.hasPrefix("2 stale goldens") == true)

        let dryRun = CommandRun(["prune", space.suite])
        #expect(dryRun.status == 0)
        #expect(dryRun.out == ["would remove \(folder)/cta/87.4.layout.json, \(folder)/cta/87.4.png", "would remove \(folder)/renamed/0.png",
                               "2 stale goldens; remove with `snapshot prune \(space.suite) --yes`"])
        #expect(FileManager.default.fileExists(atPath: folder + "/cta/87.4.png"))
        let prune = CommandRun(["prune", space.suite, "--yes"])
        #expect(prune.out == ["removed \(folder)/cta/87.4.layout.json", "removed \(folder)/cta/87.4.png", "removed \(folder)/renamed/0.png",
                              "2 stale goldens removed"])
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        #expect(left == ["cta", "cta/0.layout.json", "cta/0.png", "cta/README.txt", "cta/end.layout.json", "cta/end.png", "environment.json"])
        #expect(CommandRun(["prune", space.suite]).out == ["no stale goldens in \(folder)"])
        #expect(space.run("check").out == ["2 frames: 2 passed"])
        #expect(CommandRun(["prune", space.suite, "--yes", "--bogus"]).status == 2)
    }
}
