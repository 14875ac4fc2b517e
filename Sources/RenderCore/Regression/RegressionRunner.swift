import Foundation

/// Renders a suite's frames and compares them with their goldens (`snapshot check` and
/// `snapshot record`): layout once per scene, then frames render, compare and write on all
/// cores; artifacts for every failing frame; the environment fingerprint beside the goldens.
public struct RegressionRunner {
    public var suite: Suite
    public var recordMode: RecordMode
    public var overrides = ToleranceOverrides()
    public var shard: Shard?
    /// Only these scenes (nil: all).
    public var sceneFilter: Set<String>?
    /// Where failing frames' artifacts and the run's result.json / report.html go (nil: none).
    public var artifactsDirectory: String?
    public var concurrency = ProcessInfo.processInfo.activeProcessorCount
    /// Called after each frame, in completion order: (frames done, frames in all, the frame).
    public var progress: ((Int, Int, FrameOutcome) -> Void)?
    /// The environment the record mode came from (to say "CI is set" when it explains one).
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// `--fail-on-invisible-text`: a scene whose mail has text that cannot be read
    /// (`InvisibleText`) fails, whatever its frames.
    public var failOnInvisibleText = false
    /// How to accept this run's failing frames, for the reports (nil: not said).
    public var acceptCommand: AcceptCommand?
    /// How to remove this run's stale goldens, for the reports.
    public var pruneCommand = "snapshot prune --yes"
    /// How a missing or unreadable golden gets recorded, as the caller records them (the
    /// CLI's `snapshot record`; the Swift API's `SNAPSHOT_RECORD`).
    public var recordAdvice = "`snapshot record`"

    public init(suite: Suite, recordMode: RecordMode) {
        self.suite = suite
        self.recordMode = recordMode
    }

    public func run() throws -> RegressionReport {
        var entries = suite.entries
        if let sceneFilter {
            // A scene that renders both appearances answers to its own name and each variant's.
            if let unknown = sceneFilter.sorted().first(where: { name in
                !entries.contains { Suite.Entry.isSelected(by: [name], name: $0.name, goldenName: $0.goldenName) }
            }) {
                throw RenderError.input("no scene named '\(unknown)' in the suite")
            }
            entries = entries.filter { Suite.Entry.isSelected(by: sceneFilter, name: $0.name, goldenName: $0.goldenName) }
        }
        if let shard {
            let chosen = shard.select(entries.map(\.name))
            entries = entries.filter { chosen.contains($0.name) }
        }
        if let artifactsDirectory { try ArtifactWriter.clearPreviousRun(in: artifactsDirectory) }
        // Layout uses pango, which is not thread-safe: scenes are laid out one by one first.
        let renderers = try entries.map { try SceneRenderer(scene: $0.scene) }
        let masks = zip(entries, renderers).map { SceneMasks($0.tolerance.applying(overrides), renderer: $1) }
        var jobs: [(entry: Int, frame: ScrollFrame, name: String)] = []
        for (index, renderer) in renderers.enumerated() {
            let names = FrameNames.names(renderer.scene.offsets, end: renderer.geometry.endOffset)
            // One golden, one frame: `[0, "0:end:200", "end"]` names 0 and end twice.
            var seen = Set<String>()
            for (frame, name) in zip(renderer.frames, names) where seen.insert(name).inserted { jobs.append((index, frame, name)) }
        }
        let maximumFrames = ResourceLimits.standard.maximumFrames
        guard jobs.count <= maximumFrames else {
            throw RenderError.input("the suite stands for \(ResourceLimits.count(jobs.count)) frames; \(ResourceLimits.count(maximumFrames)) at most")
        }
        let environment = EnvironmentFingerprint.current(scales: entries.map(\.scene.scale),
                                                        fontDirectories: entries.compactMap(\.scene.fontDirectory))
        let results = ResultSlots(count: jobs.count)
        let workers = max(1, min(concurrency, jobs.count))
        let (jobList, entryList) = (jobs, entries)
        // The workers only read this copy of the runner; its `progress` closure is called
        // inside `ResultSlots.store`, under its lock, so one call at a time.
        nonisolated(unsafe) let runner = self
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let job = results.nextJob() {
                let (entryIndex, frame, name) = jobList[job]
                do {
                    let outcome = try runner.process(entryList[entryIndex], renderer: renderers[entryIndex], masks: masks[entryIndex],
                                              frame: frame, named: name)
                    results.store(outcome, at: job) { done in runner.progress?(done, jobList.count, outcome) }
                } catch {
                    results.stop(error)
                }
            }
        }
        // A golden or artifact that cannot be written (a full disk, a read-only folder) ends
        // the run with that error rather than passing for a frame that differs.
        if let error = results.stopError { throw error }
        let frames = results.outcomes
        let wroteGoldens = frames.contains { $0.status == .recorded || $0.status == .rerecorded }
        let recorded = EnvironmentFingerprint.load(path: suite.fingerprintPath)
        if wroteGoldens {
            try OutputFolder.create(suite.goldenDirectory)
            var fingerprint = environment
            // Keep scales of goldens this run did not touch (a shard or a filtered run).
            if let recorded { fingerprint.scales = Array(Set(recorded.scales + environment.scales)).sorted() }
            try fingerprint.write(to: suite.fingerprintPath)
        }
        let failing = frames.contains { $0.status.isFailure }
        let changes = failing ? (recorded.map { environment.changes(since: $0) } ?? []) : []
        var report = RegressionReport(frames: frames, recordMode: recordMode, suiteFile: suite.file,
                                      goldenDirectory: suite.goldenDirectory, environment: environment,
                                      environmentChanges: changes, shard: shard)
        report.invisibleText = zip(entries, renderers).compactMap { entry, renderer in
            let found = renderer.document.invisibleText
            return found.isEmpty ? nil : (entry.name, found)
        }
        report.failOnInvisibleText = failOnInvisibleText
        report.staleGoldens = StaleGoldens.find(in: suite, expected: StaleGoldens.expected(entries, renderers: renderers, in: suite),
                                                laidOut: entries, excluding: artifactsDirectory)
        report.acceptCommand = acceptCommand
        report.pruneCommand = pruneCommand
        report.clampingWarnings = zip(entries, renderers).flatMap { entry, renderer in
            renderer.frames.compactMap { frame in frame.clampingWarning.map { "\(entry.name): \($0)" } }
        }
        report.warnings = zip(entries, masks).flatMap { entry, masks in
            masks.unmatched.map { "\(entry.name): mask selector '\($0)' matches no element" }
        }
        if let artifactsDirectory {
            try ArtifactWriter.writeRunReports(report, to: artifactsDirectory)
            try CheckManifest.make(suite: suite, frames: frames).write(to: artifactsDirectory)
        }
        return report
    }

    private func process(_ entry: Suite.Entry, renderer: SceneRenderer, masks: SceneMasks, frame: ScrollFrame,
                         named name: String) throws -> FrameOutcome {
        let golden = suite.goldenPath(scene: entry.goldenName, offsetName: name, variant: entry.variant)
        let scale = entry.scene.scale
        func outcome(_ status: FrameStatus, _ comparison: PixelComparisonResult?, _ message: String) -> FrameOutcome {
            FrameOutcome(scene: entry.name, offset: frame.userOffset, offsetName: name, scale: scale, status: status, goldenPath: golden,
                         comparison: comparison, message: message)
        }
        do {
            let canvas = try renderer.render(frame)
            let actual = canvas.rgbaImage
            // Only frames that write a golden or fail need their layout.
            func layout() -> FrameLayout { FrameLayout(renderer, frame: frame) }
            guard FileManager.default.fileExists(atPath: golden) else {
                if recordMode.writesMissing {
                    try writeGolden(canvas, layout: layout(), to: golden)
                    return outcome(.recorded, nil, "recorded \(golden)")
                }
                var missing = outcome(.missing, nil, "missing golden \(golden) (record mode never\(RecordMode.default(environment: environment) == .never ? ", CI is set" : "")); record it with \(recordAdvice) and commit it")
                missing.artifacts = try artifactsDirectory.map {
                    try ArtifactWriter.writeFrame(missing, expected: nil, actual: canvas, layout: layout(), diff: nil, to: $0)
                }
                return missing
            }
            let expected: RGBAImage
            do {
                expected = try RGBAImage(contentsOfPNG: golden)
            } catch {
                if recordMode.rewritesFailing {
                    try writeGolden(canvas, layout: layout(), to: golden)
                    return outcome(.rerecorded, nil, "re-recorded \(golden) (the old one was unreadable)")
                }
                var broken = outcome(.failed, nil, "golden \(golden) is unreadable: \(error); re-record it with \(recordAdvice)")
                broken.artifacts = try artifactsDirectory.map {
                    try ArtifactWriter.writeFrame(broken, expected: nil, actual: canvas, layout: layout(), diff: nil, to: $0)
                }
                return broken
            }
            var options = entry.tolerance.applying(overrides).comparisonOptions(scale: scale)
            options.masks = masks.pixels(in: frame, renderer: renderer)
            let comparison = PixelComparison.compare(expected: expected, actual: actual, options: options)
            // Goldens recorded before layouts were stored get theirs when goldens may be written.
            func addMissingLayout() throws {
                if recordMode.writesMissing && !FileManager.default.fileExists(atPath: FrameLayout.sidecarPath(forGolden: golden)) {
                    try layout().write(forGolden: golden)
                }
            }
            // Record mode all rewrites any golden whose pixels differ, even within the tolerance.
            if recordMode == .all && comparison.identical {
                try addMissingLayout()
                return outcome(.unchanged, comparison, "unchanged \(golden)")
            }
            if comparison.passed && recordMode != .all {
                try addMissingLayout()
                return outcome(.passed, comparison, comparison.summary)
            }
            if recordMode.rewritesFailing {
                try writeGolden(canvas, layout: layout(), to: golden)
                return outcome(.rerecorded, comparison, "re-recorded \(golden): \(comparison.summary)")
            }
            let actualLayout = layout()
            let changes = FrameLayout.load(forGolden: golden).map {
                LayoutDiff.changes(expected: $0, actual: actualLayout).outside(masks.rects(in: frame, renderer: renderer))
            }
            var failed = outcome(.failed, comparison, changes.flatMap { LayoutDiff.message(comparison.summary, $0) }
                                    ?? Self.failureMessage(comparison, scale: scale))
            failed.elementChanges = changes
            failed.artifacts = try artifactsDirectory.map {
                try ArtifactWriter.writeFrame(failed, expected: golden, actual: canvas, layout: actualLayout,
                                              diff: DiffImage.render(expected: expected, result: comparison), to: $0)
            }
            return failed
        } catch let error as RenderError {
            if case .output = error { throw error }
            return outcome(.failed, nil, "error: \(error)")
        } catch {
            return outcome(.failed, nil, "error: \(error)")
        }
    }

    /// The golden and, beside it, the frame's layout.
    private func writeGolden(_ canvas: Canvas, layout: FrameLayout, to path: String) throws {
        try OutputFolder.create((path as NSString).deletingLastPathComponent)
        try canvas.writePNG(to: path)
        try layout.write(forGolden: path)
    }

    static func failureMessage(_ comparison: PixelComparisonResult, scale: Double) -> String {
        guard comparison.sizeMatches else { return comparison.summary }
        var message = comparison.summary
        let regions = comparison.regions.map { RegionInPoints($0, scale: scale) }
        if let first = regions.first {
            message += "; \(regions.count) changed region\(regions.count == 1 ? "" : "s"), first at x \(Scene.format(first.x)) y \(Scene.format(first.y)) w \(Scene.format(first.width)) h \(Scene.format(first.height)) pt"
        }
        return message
    }
}

/// A run's outcome: every frame in suite order, the environment, and the exit status.
public struct RegressionReport: Sendable {
    public let frames: [FrameOutcome]
    public let recordMode: RecordMode
    public let suiteFile: String?
    public let goldenDirectory: String
    public let environment: EnvironmentFingerprint
    /// Non-empty when frames failed and the environment differs from the goldens' one.
    public let environmentChanges: [String]
    public let shard: Shard?
    /// Scenes whose mail has text that cannot be read, in suite order; failures of their
    /// scenes when `failOnInvisibleText` is set.
    public var invisibleText: [(scene: String, runs: [InvisibleText])] = []
    public var failOnInvisibleText = false
    /// Golden files no scene or offset stands for (`snapshot prune` removes them).
    public var staleGoldens: [StaleGoldens.Golden] = []
    public var acceptCommand: AcceptCommand?
    public var pruneCommand = "snapshot prune --yes"
    /// Lines worth a warning (a mask selector that matches nothing), in suite order.
    public var warnings: [String] = []
    /// `<scene>: offset 150 is past the bottom of the scroll range; clamped to …`, in suite order.
    public var clampingWarnings: [String] = []

    public var failures: [FrameOutcome] { frames.filter { $0.status.isFailure } }
    /// Scenes failed for unreadable text (none unless `failOnInvisibleText`).
    public var invisibleTextFailures: [String] { failOnInvisibleText ? invisibleText.map(\.scene) : [] }
    /// 0 when every frame passed or was recorded, 1 on differences, missing goldens or (with
    /// `failOnInvisibleText`) unreadable text.
    public var exitStatus: Int32 { failures.isEmpty && invisibleTextFailures.isEmpty ? 0 : 1 }

    public func count(_ status: FrameStatus) -> Int { frames.filter { $0.status == status }.count }

    /// Frames that passed only because a tolerance hid differing pixels.
    public var passedWithinTolerance: Int { frames.filter { $0.status == .passed && $0.comparison?.tolerated != nil }.count }

    /// `12 frames: 10 passed (1 within tolerance), 1 failed, 1 recorded`
    public var summary: String {
        let parts = FrameStatus.allCases.compactMap { status -> String? in
            let count = count(status)
            guard count > 0 else { return nil }
            let tolerated = status == .passed ? passedWithinTolerance : 0
            return "\(count) \(status.rawValue)" + (tolerated > 0 ? " (\(tolerated) within tolerance)" : "")
        }
        return "\(frames.count) frame\(frames.count == 1 ? "" : "s")" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    /// The line explaining an environment change, when there is one.
    public var environmentMessage: String? {
        environmentChanges.isEmpty ? nil
            : "the rendering environment changed since the goldens were recorded: " + environmentChanges.joined(separator: "; ")
    }
}

/// Hands out job indices and collects outcomes from worker threads; every mutable field is
/// behind `lock` (`stopError` is also read once the workers have finished).
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var slots: [FrameOutcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    private(set) var stopError: Error?

    /// Hands out no more jobs: the run ends with `error`.
    func stop(_ error: Error) {
        lock.lock(); defer { lock.unlock() }
        if stopError == nil { stopError = error }
    }

    func nextJob() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < slots.count, stopError == nil else { return nil }
        next += 1
        return next - 1
    }

    func store(_ outcome: FrameOutcome, at index: Int, then report: (Int) -> Void) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = outcome
        done += 1
        report(done)
    }

    var outcomes: [FrameOutcome] { lock.lock(); defer { lock.unlock() }; return slots.compactMap { $0 } }
}
