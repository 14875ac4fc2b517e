import Foundation
import Testing
@testable import SnapshotCLI
import RenderCore

/// Help, version, "did you mean", `init`, numbers in messages and progress lines.
@Suite struct CLIHabitsTests {
    @Test func helpListsEveryCommand() {
        let run = CommandRun(["help"])
        #expect(run.status == 0)
        let text = run.out.joined(separator: "\n")
        for name in ["render", "layout", "check", "record", "accept", "diff", "init", "list-devices", "sample-mail", "version", "help"] {
            #expect(text.contains("\n  \(name) "), "help lists \(name)")
        }
        #expect(CommandRun(["--help"]).out == run.out)
    }

    @Test(arguments: ["render", "layout", "check", "record", "accept", "diff"])
    func commandHelpListsEachOptionItParses(command: String) throws {
        let run = CommandRun(["help", command])
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let text = try #require(run.out.first)
        #expect(text.hasPrefix("usage: snapshot \(command) "))
        for option in SnapshotCommand.declaredOptions(of: command) {
            #expect(text.contains("  " + option.synopsis), "\(command) help shows --\(option.name)")
            #expect(text.contains(option.help))
        }
        #expect(text.contains("  --timeout SECONDS"))
        // `COMMAND --help` is the same help, even after other arguments.
        let flag = CommandRun([command, "mail.html", "--help"])
        #expect(flag.status == 0)
        #expect(flag.out == run.out)
    }

    @Test func renderHelpExplainsAnOption() throws {
        let text = try #require(CommandRun(["render", "--help"]).out.first)
        #expect(text.contains("  --full-page                         write the whole mail as one page.png instead of frames"))
        #expect(text.contains("  --offsets LIST                      scroll offsets in points: 0,50,150 (the default), ranges from:to:step, end"))
    }

    @Test func helpForAnUnknownCommandSuggestsOne() {
        let run = CommandRun(["help", "chek"])
        #expect(run.status == 2)
        #expect(run.err == ["snapshot: unknown command 'chek' (did you mean 'check'?); run `snapshot help` for the list"])
    }

    @Test(arguments: [
        (["rendr"], "snapshot: unknown command 'rendr' (did you mean 'render'?); run `snapshot help` for the list"),
        (["render", "--offest", "0"], "snapshot: unknown option '--offest' (did you mean '--offsets'?)"),
        (["check", "--treshold", "0.2"], "snapshot: unknown option '--treshold' (did you mean '--threshold'?)"),
        (["diff", "a.png", "b.png", "--jsn"], "snapshot: unknown option '--jsn' (did you mean '--json'?)"),
        (["accept", "--artefacts", "x"], "snapshot: unknown option '--artefacts' (did you mean '--artifacts'?)"),
        (["render", "--zzzzzz"], "snapshot: unknown option '--zzzzzz'"),
    ])
    func typosGetASuggestion(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err == [message])
        #expect(run.out.isEmpty)
    }

    @Test func suiteKeyTyposGetASuggestionAndCommentKeysAreIgnored() throws {
        let folder = temporaryDirectory("keys")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let suite = folder + "/snapshot.json"
        try #"{"scenes": [{"name": "a", "html": "<p>x</p>", "viewport": {"width": 100, "hieght": 50}}]}"#.write(toFile: suite, atomically: true, encoding: .utf8)
        let typo = CommandRun(["check", suite])
        #expect(typo.status == 2)
        #expect(typo.err == ["snapshot: snapshot.json: scenes[0].viewport: unknown key 'hieght' (did you mean 'height'?)"])
        try #"{"//": "a comment", "scenes": [{"//": "also", "name": "a", "html": "<p>x</p>", "offsets": [0], "viewport": {"width": 100, "height": 50, "scale": 1}}]}"#
            .write(toFile: suite, atomically: true, encoding: .utf8)
        let commented = CommandRun(["record", suite])
        #expect(commented.status == 0)
        #expect(commented.out.last == "1 frame: 1 recorded")
    }

    @Test func versionNamesTheRenderingEnvironment() {
        let run = CommandRun(["--version"])
        #expect(run.status == 0)
        #expect(run.out.first == "snapshot \(SnapshotVersion.current)")
        let environment = EnvironmentFingerprint.current(scales: [])
        #expect(run.out.dropFirst().first == "rendering environment: cairo \(environment.cairo), pango \(environment.pango), harfbuzz \(environment.harfbuzz), freetype \(environment.freetype), fontconfig \(environment.fontconfig)")
        #expect(run.out.filter { $0.hasPrefix("font /") }.count == environment.fonts.count)
        #expect(CommandRun(["version"]).out == run.out)
    }

    @Test func initWritesASuiteThatRecordsAndChecks() throws {
        let folder = temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = CommandRun(["init", folder])
        #expect(made.status == 0)
        #expect(made.out.prefix(2) == ["wrote \(folder)/snapshot.json", "wrote \(folder)/mails/welcome.html"])
        let suite = try String(contentsOfFile: folder + "/snapshot.json", encoding: .utf8)
        #expect(suite.contains(#""//": "#))

        let record = CommandRun(["record", folder + "/snapshot.json", "--artifacts", folder + "/artifacts"])
        #expect(record.status == 0)
        #expect(record.err.isEmpty)  // no offset of the starter is clamped
        #expect(record.out.last == "3 frames: 3 recorded")
        let check = CommandRun(["check", folder + "/snapshot.json", "--artifacts", folder + "/artifacts"])
        #expect(check.status == 0)
        #expect(check.out == ["3 frames: 3 passed"])

        // A second init overwrites nothing and names what is in the way.
        let mail = try Data(contentsOf: URL(fileURLWithPath: folder + "/mails/welcome.html"))
        try FileManager.default.removeItem(atPath: folder + "/snapshot.json")
        let again = CommandRun(["init", folder])
        #expect(again.status == 2)
        #expect(again.err == ["snapshot: \(folder)/mails/welcome.html already exists; init overwrites nothing (move it away or give another folder)"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/snapshot.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/mails/welcome.html")) == mail)
    }

    @Test func numbersInMessagesHaveAtMostTwoDecimals() throws {
        #expect(displayNumber(-93.60000000000002) == "-93.6")
        #expect(displayNumber(460.6666666) == "460.67")
        #expect(displayNumber(-0.001) == "0")
        #expect(displayNumber(150) == "150")
        let out = temporaryDirectory("decimals")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = CommandRun(["render", "--header-height", "93.6", "--offsets", "-50", "--out", out, "--scale", "1"])
        #expect(run.status == 0)
        #expect(run.err == ["snapshot: offset -50 is past the top of the scroll range; clamped to contentOffset -93.6"])
    }

    @Test func progressLinesCountExpandedFrames() throws {
        let folder = temporaryDirectory("progress")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let suite = folder + "/snapshot.json"
        // One range item standing for 21 frames (0, 5, … 100).
        let mail = "<body style='margin:0'>" + String(repeating: "<p style='height:40px;margin:0'>line</p>", count: 30) + "</body>"
        try #"{"scenes": [{"name": "long", "html": "\#(mail)", "offsets": ["0:100:5"], "viewport": {"width": 100, "height": 200, "scale": 1}, "header": {"height": 20}}]}"#
            .write(toFile: suite, atomically: true, encoding: .utf8)
        let run = CommandRun(["record", suite, "--artifacts", folder + "/artifacts"])
        #expect(run.status == 0)
        #expect(run.out.last == "21 frames: 21 recorded")
        #expect(run.err.count == 21)
        #expect(run.err.allSatisfy { $0.hasPrefix("snapshot: [") && $0.hasSuffix(" recorded") })
        #expect(run.err.last?.hasPrefix("snapshot: [21/21] long @") == true)
    }
}
