import Foundation
import RenderCore

/// `snapshot help [COMMAND]` and `COMMAND --help`: each command's synopsis, what it does, and
/// its options with the help declared beside them (`CommandOption`).
extension SnapshotCommand {
    struct CommandHelp {
        let name: String
        /// What follows `snapshot ` in the usage line.
        let synopsis: String
        let summary: String
        /// Titled groups of the options the command parses.
        var groups: [(title: String, options: [CommandOption])] = []

        var options: [CommandOption] { groups.flatMap(\.options) }
    }

    /// Every command, in the order help lists them.
    static let commands: [CommandHelp] = [
        CommandHelp(name: "render", synopsis: "render [MAIL.html | MESSAGE.eml] [options]",
                    summary: "Renders the mail-reader screen at each offset to DIR/frame-<offset>.png and prints each path (no mail: the built-in sample).",
                    groups: [("Options", renderDeclared), ("Output", frameWriterDeclared + renderOnlyDeclared), ("Films", filmDeclared)]),
        CommandHelp(name: "layout", synopsis: "layout [MAIL.html | MESSAGE.eml] --json [render options]",
                    summary: "Prints the scroll geometry of each offset, every block's box by DOM path and the visible text, as JSON.",
                    groups: [("Options", layoutDeclared), ("Render options", renderDeclared)]),
        CommandHelp(name: "check", synopsis: "check [SUITE.json | MAIL.html --golden DIR [render options]] [options]",
                    summary: "Renders a suite (default ./snapshot.json) and compares each frame with its golden. Exit 0: all passed; 1: differences or missing goldens; 2: bad input.",
                    groups: [("Options", regressionDeclared), ("Comparison", ComparisonFlags.declared + ComparisonFlags.layoutDeclared),
                             ("Render options (one mail; a suite sets them in its file)", renderDeclared)]),
        CommandHelp(name: "record", synopsis: "record [SUITE.json | MAIL.html --golden DIR [render options]] [options]",
                    summary: "Writes goldens, as check does with --record all: a golden the new render still passes is left as it is.",
                    groups: [("Options", regressionDeclared), ("Comparison", ComparisonFlags.declared + ComparisonFlags.layoutDeclared),
                             ("Render options (one mail; a suite sets them in its file)", renderDeclared)]),
        CommandHelp(name: "accept", synopsis: "accept [SUITE.json | MAIL] [options]",
                    summary: "Copies the last check's actual images (and layouts) over their goldens, without rendering again; refuses when the mail, the scene's settings, a golden or the build changed since the check.",
                    groups: [("Options", acceptDeclared)]),
        CommandHelp(name: "prune", synopsis: "prune [SUITE.json | MAIL --golden DIR [render options]] [--yes]",
                    summary: "Lists the stale goldens (no scene or offset of the suite stands for them); --yes removes them.",
                    groups: [("Options", pruneDeclared), ("Render options (one mail)", renderDeclared)]),
        CommandHelp(name: "diff", synopsis: "diff A.png B.png [options]",
                    summary: "Compares two PNGs as check does. Exit 0: same within the tolerance; 1: different.",
                    groups: [("Options", diffDeclared)]),
        CommandHelp(name: "init", synopsis: "init [DIR]",
                    summary: "Writes a starter suite (snapshot.json, commented) and one scene's mail (mails/welcome.html) in DIR (default: here); never overwrites a file.",
                    groups: []),
        CommandHelp(name: "list-devices", synopsis: "list-devices", summary: "Lists the --device names with their sizes, scales and safe areas."),
        CommandHelp(name: "sample-mail", synopsis: "sample-mail", summary: "Prints the built-in mail's HTML."),
        CommandHelp(name: "version", synopsis: "version | --version", summary: "Prints the version and the rendering environment (library versions, fonts)."),
        CommandHelp(name: "help", synopsis: "help [COMMAND] | COMMAND --help", summary: "Prints the commands, or one command's options."),
    ]

    static func command(named name: String) -> CommandHelp? { commands.first { $0.name == name } }

    /// The options `name` parses: those its help lists.
    static func declaredOptions(of name: String) -> [CommandOption] { command(named: name)?.options ?? [] }

    /// `snapshot help`: one line per command.
    static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        var lines = ["usage: snapshot COMMAND [options]", "", "Commands:"]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + firstSentence(command.summary))
        }
        lines += ["", "`snapshot help COMMAND` (or `snapshot COMMAND --help`) lists a command's options.",
                  "Every command takes --timeout SECONDS. README.md documents every command and the suite file."]
        return lines.joined(separator: "\n")
    }

    /// `snapshot help render`: usage, what it does, each option on a line.
    static func help(for command: CommandHelp) -> String {
        var lines = ["usage: snapshot \(command.synopsis)", "", command.summary]
        let common: [CommandOption] = [timeoutOption, .switch("help", "print this help")]
        let groups = command.groups.filter { !$0.options.isEmpty } + [("Every command", common)]
        let width = min(34, groups.flatMap(\.options).map(\.synopsis.count).max() ?? 0)
        for group in groups {
            lines += ["", group.title + ":"]
            for option in group.options {
                let synopsis = option.synopsis
                if synopsis.count > width {
                    lines += ["  " + synopsis, "  " + String(repeating: " ", count: width + 2) + option.help]
                } else {
                    lines.append("  " + synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    /// `help`, `help COMMAND`; an unknown command is a usage error with a suggestion.
    func help(_ arguments: [String]) -> Int32 {
        let names = arguments.filter { $0 != "--help" && $0 != "-h" }
        guard let name = names.first else {
            standardOutput(Self.overview)
            return 0
        }
        guard names.count == 1, let command = Self.command(named: name) else {
            let problem = names.count == 1 ? "unknown command '\(name)'\(Suggestion.didYouMean(name, among: Self.commands.map(\.name)))"
                                          : "help takes one command, got \(names.count)"
            standardError("snapshot: \(problem); run `snapshot help` for the list")
            return 2
        }
        standardOutput(Self.help(for: command))
        return 0
    }
}
