import Foundation
import RenderCore

/// `snapshot check`, `snapshot record` and `snapshot accept`: argument handling and output;
/// the work is RenderCore's `RegressionRunner` and `ArtifactWriter`.
extension SnapshotCommand {
    /// `check` and `record`'s own options (besides the comparison flags and, for one mail, the
    /// render options).
    static let regressionDeclared: [CommandOption] = [
        .value("record", "all|missing|failed|never", "when goldens are written (check: missing, never under CI; record: all)"),
        .value("golden", "DIR", "the goldens' folder when checking one mail (default golden)"),
        .value("artifacts", "DIR", "where failing frames, result.json and report.html go (default \(defaultArtifacts))"),
        .value("junit", "FILE", "also write a JUnit XML report"),
        .value("shard", "i/n", "check only the i-th of n shards of the scenes (sorted by name, dealt round-robin)"),
        .value("scene", "NAME", "only this scene (repeatable or comma-separated)"),
        .switch("fail-on-invisible-text", "fail a scene whose mail has text that cannot be read"),
    ]
    /// Every value option `check` and `record` take besides the render options (`FuzzArguments` reads it).
    static let regressionOptions = regressionDeclared.valueNames.union(ComparisonFlags.layoutOptions)
    /// `accept`'s options.
    static let acceptDeclared: [CommandOption] = [
        .value("artifacts", "DIR", "the check's artifacts (default \(defaultArtifacts))"),
        .value("scene", "NAME", "accept only this scene's frames (repeatable or comma-separated)"),
        .value("offset", "O", "with --scene: accept only the frame at this offset (a number or end, as its golden is named)"),
    ]
    /// `prune`'s own options (besides, for one mail, the render options).
    static let pruneDeclared: [CommandOption] = [
        .value("golden", "DIR", "the goldens' folder when pruning for one mail (default golden)"),
        .switch("yes", "remove the stale goldens (without it, only list them)"),
    ]
    static let defaultSuite = "snapshot.json"
    static let defaultArtifacts = ".snapshot-artifacts"
    /// Suites with more frames than this print a progress line per frame on stderr.
    static let progressThreshold = 20

    func regression(_ command: String, _ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("expected one suite file or mail, got \(arguments.positionals.count)")
        }
        let mode: RecordMode
        if let raw = arguments.value("record") {
            guard let parsed = RecordMode(rawValue: raw) else {
                throw UsageError("--record '\(raw)' is not one of all, missing, failed, never")
            }
            mode = parsed
        } else {
            mode = command == "record" ? .all : RecordMode.default(environment: environment)
        }
        var runner = RegressionRunner(suite: try loadSuite(arguments), recordMode: mode)
        runner.environment = environment
        runner.overrides = try ComparisonFlags.overrides(arguments)
        runner.failOnInvisibleText = arguments.has("fail-on-invisible-text")
        if let shard = arguments.value("shard") {
            guard let parsed = Shard(shard) else { throw UsageError("--shard '\(shard)' is not i/n with 1 <= i <= n") }
            runner.shard = parsed
        }
        let scenes = arguments.allValues("scene").flatMap { $0.split(separator: ",").map(String.init) }
        if !scenes.isEmpty { runner.sceneFilter = Set(scenes) }
        let artifacts = arguments.value("artifacts") ?? Self.defaultArtifacts
        runner.artifactsDirectory = artifacts
        let accept = AcceptCommand(suite: arguments.positionals.first.flatMap { $0 == Self.defaultSuite ? nil : $0 },
                                   artifacts: arguments.value("artifacts").flatMap { $0 == Self.defaultArtifacts ? nil : $0 })
        runner.acceptCommand = accept
        runner.pruneCommand = Self.pruneCommand(arguments)
        // `total` counts the frames the offsets expand to (ranges, `end`), known after layout.
        runner.progress = { done, total, frame in
            guard total > Self.progressThreshold else { return }
            standardError("snapshot: [\(done)/\(total)] \(frame.label) \(frame.status.rawValue)")
        }
        let report = try runner.run()
        // A changed environment explains the failures below it: it comes first.
        if let environment = report.environmentMessage { standardOutput(environment) }
        for warning in report.clampingWarnings { standardError("snapshot: warning: \(warning)") }
        for frame in report.frames {
            switch frame.status {
            case .passed:
                if frame.comparison?.tolerated != nil { standardOutput("\(frame.label): \(frame.message)") }
            case .unchanged: continue
            case .recorded, .rerecorded: standardOutput(frame.message)
            case .failed, .missing:
                var line = "FAIL \(frame.label): \(frame.message)"
                if let diff = frame.artifacts?.diff { line += "; diff: \(relative(diff))" }
                else if let actual = frame.artifacts?.actual { line += "; actual: \(relative(actual))" }
                standardOutput(line)
                standardOutput("  accept: " + accept.frame(scene: frame.scene, offset: frame.offsetName))
            }
        }
        if !report.staleGoldens.isEmpty {
            standardOutput(Self.staleLine(report.staleGoldens.map { relative($0.path) }, prune: Self.pruneCommand(arguments)))
        }
        for (scene, runs) in report.invisibleText {
            for run in runs {
                if report.failOnInvisibleText { standardOutput("FAIL \(scene): \(run.warning)") }
                else { standardError("snapshot: warning: \(scene): \(run.warning)") }
            }
        }
        for warning in report.warnings { standardError("snapshot: warning: \(warning)") }
        if let junit = arguments.value("junit") { try JUnitReport.write(report, to: junit) }
        var summary = report.summary
        if !report.invisibleTextFailures.isEmpty {
            let count = report.invisibleTextFailures.count
            summary += "; \(count) scene\(count == 1 ? "" : "s") with text that cannot be read"
        }
        if !report.failures.isEmpty {
            summary += "; report: \((artifacts as NSString).appendingPathComponent("report.html")); accept all with `\(accept.all)`"
        }
        standardOutput(summary)
        return report.exitStatus
    }

    /// A suite file, or one mail with render options and `--golden DIR`.
    func loadSuite(_ arguments: Arguments) throws -> Suite {
        let target = arguments.positionals.first ?? Self.defaultSuite
        let usedRenderOptions = Self.renderOptions.subtracting(["out", "allow-dir"]).sorted().filter { arguments.value($0) != nil }
        if arguments.value("out") != nil { throw UsageError("--out is for render; goldens go to --golden DIR or the suite's folder") }
        if target.lowercased().hasSuffix(".json") {
            if arguments.positionals.isEmpty && !FileManager.default.fileExists(atPath: target) {
                throw UsageError("no \(Self.defaultSuite) here: give a suite file or a mail (MAIL.html --golden DIR)")
            }
            if let option = usedRenderOptions.first ?? SceneOptions.switches.sorted().first(where: arguments.has) {
                throw UsageError("--\(option) applies to a single mail; set it in the suite file")
            }
            if arguments.value("golden") != nil { throw UsageError("--golden applies to a single mail; a suite names its folder with \"golden\"") }
            return try Suite.load(path: target, allowedDirectories: try allowedDirectories(arguments))
        }
        let scene = try makeScene(arguments, mail: target)
        let base = ((target as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = Suite.isValidName(base) ? base : "mail"
        let entries = Suite.Entry(name: name, scene: scene).expanded(try SceneOptions.appearanceChoice(arguments))
        var suite = Suite(entries: entries, goldenDirectory: arguments.value("golden") ?? "golden", layout: .flat, file: nil)
        suite.mailFile = target
        return suite
    }

    /// `2 stale goldens (no scene or offset in the suite): …; remove with `snapshot prune --yes``
    static func staleLine(_ paths: [String], prune: String) -> String {
        let shown = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? ", and \(paths.count - 5) more" : "")
        return "\(paths.count) stale golden\(paths.count == 1 ? "" : "s") (no scene or offset in the suite): \(shown); remove with `\(prune)`"
    }

    /// `snapshot prune … --yes` for what this command ran on: its suite (when not the
    /// default), or its mail with `--golden` and the render options that lay it out, since
    /// those decide which goldens it stands for.
    static func pruneCommand(_ arguments: Arguments) -> String {
        var words = ["snapshot", "prune"]
        if let target = arguments.positionals.first {
            if target != defaultSuite { words.append(AcceptCommand.quoted(target)) }
            if !target.lowercased().hasSuffix(".json") {
                for name in renderOptions.subtracting(["out"]).union(["golden"]).sorted() {
                    for value in arguments.allValues(name) { words += ["--" + name, AcceptCommand.quoted(value)] }
                }
                words += SceneOptions.switches.sorted().filter(arguments.has).map { "--" + $0 }
            }
        }
        return (words + ["--yes"]).joined(separator: " ")
    }

    /// `snapshot accept [SUITE.json | MAIL] [--artifacts DIR] [--scene S [--offset O]]`: the
    /// suite (or mail) defaults to `snapshot.json` here when there is one; a check of another
    /// is refused.
    func accept(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("accept takes at most one suite file or mail (the one the check ran on), got \(arguments.positionals.count)")
        }
        let target = arguments.positionals.first ?? (FileManager.default.fileExists(atPath: Self.defaultSuite) ? Self.defaultSuite : nil)
        func list(_ name: String) -> Set<String>? {
            let values = arguments.allValues(name).flatMap { $0.split(separator: ",").map(String.init) }
            return values.isEmpty ? nil : Set(values)
        }
        let written = try ArtifactWriter.accept(artifactsDirectory: arguments.value("artifacts") ?? Self.defaultArtifacts,
                                                scenes: list("scene"), offsets: list("offset"), target: target)
        for path in written { standardOutput("accepted \(relative(path))") }
        if written.isEmpty { standardOutput("nothing to accept: the last check had no failing frames") }
        return 0
    }

    /// `snapshot prune [SUITE.json | MAIL --golden DIR] [--yes]`: golden files no scene or
    /// offset stands for; listed (a dry run) unless `--yes`, then removed.
    func prune(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("expected one suite file or mail, got \(arguments.positionals.count)")
        }
        let suite = try loadSuite(arguments)
        let stale = try StaleGoldens.find(in: suite)
        guard !stale.isEmpty else {
            standardOutput("no stale goldens in \(suite.goldenDirectory)")
            return 0
        }
        guard arguments.has("yes") else {
            for golden in stale { standardOutput("would remove \(golden.files.map(relative).joined(separator: ", "))") }
            standardOutput("\(stale.count) stale golden\(stale.count == 1 ? "" : "s"); remove with `\(Self.pruneCommand(arguments))`")
            return 0
        }
        for file in try StaleGoldens.remove(stale) { standardOutput("removed \(relative(file))") }
        standardOutput("\(stale.count) stale golden\(stale.count == 1 ? "" : "s") removed")
        return 0
    }

    private func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }
}
