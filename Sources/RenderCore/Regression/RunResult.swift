import Foundation

/// `result.json`: a run as data, for scripts, for `snapshot accept`, and for the reports.
public struct RunResult: Codable, Sendable {
    public var tool = "snapshot"
    public var version = 1
    public var suite: String?
    public var goldenDirectory: String
    public var recordMode: RecordMode
    public var shard: String?
    public var summary: [String: Int]
    public var environment: EnvironmentFingerprint
    public var environmentChanges: [String]
    public var frames: [Frame]
    /// Text that cannot be read, per scene (absent when none); `failed` when the run was
    /// asked to fail on it (`--fail-on-invisible-text`).
    public var invisibleText: [Unreadable]?
    /// Golden files no scene or offset of the suite stands for (`snapshot prune`).
    public var staleGoldens: [String]?
    /// How to accept the failing frames (`snapshot accept …`; per frame with `--scene --offset`).
    public var accept: AcceptCommand?
    /// How to remove the stale goldens (`snapshot prune … --yes`).
    public var prune: String?

    public struct Unreadable: Codable, Sendable {
        public var scene: String
        public var path: String
        public var color: String
        public var background: String
        public var contrast: Double
        public var failed: Bool
        public var message: String
    }

    public struct Frame: Codable, Sendable {
        public var scene: String
        public var offset: Double
        /// The offset as the suite names it (`end`, or the number): `accept --offset` takes it.
        public var offsetName: String
        public var status: FrameStatus
        public var golden: String
        public var message: String
        public var diffPixels: Int?
        public var aaPixels: Int?
        public var windowMax: Int?
        public var allowedDiffPixels: Int?
        /// A frame that passed though pixels differ: how many, and the largest colour delta.
        public var tolerated: ToleratedDifferences?
        public var expectedSize: ImageSize?
        public var actualSize: ImageSize?
        /// Changed regions in pixels of the frame.
        public var regions: [PixelRect]
        /// The same regions in points.
        public var regionsPt: [RegionInPoints]
        public var artifacts: FrameArtifacts?
        public var elementChanges: ElementChanges?

        init(_ outcome: FrameOutcome) {
            scene = outcome.scene
            offset = outcome.offset
            offsetName = outcome.offsetName
            status = outcome.status
            golden = absolute(outcome.goldenPath)
            message = outcome.message
            diffPixels = outcome.comparison?.diffPixels
            aaPixels = outcome.comparison?.aaPixels
            windowMax = outcome.comparison?.windowMax
            allowedDiffPixels = outcome.comparison?.allowedDiffPixels
            tolerated = outcome.comparison?.tolerated
            expectedSize = outcome.comparison?.expectedSize
            actualSize = outcome.comparison?.actualSize
            regions = outcome.comparison?.regions ?? []
            regionsPt = outcome.regionsInPoints
            artifacts = outcome.artifacts
            elementChanges = outcome.elementChanges
        }
    }

    init(_ report: RegressionReport) {
        suite = report.suiteFile.map(absolute)
        goldenDirectory = absolute(report.goldenDirectory)
        recordMode = report.recordMode
        shard = report.shard?.description
        var summary = ["frames": report.frames.count]
        for status in FrameStatus.allCases { summary[status.rawValue] = report.count(status) }
        summary["withinTolerance"] = report.passedWithinTolerance
        self.summary = summary
        environment = report.environment
        environmentChanges = report.environmentChanges
        frames = report.frames.map(Frame.init)
        let unreadable = report.invisibleText.flatMap { scene, runs in
            runs.map { Unreadable(scene: scene, path: $0.path, color: $0.color.hexString, background: $0.background.hexString,
                                  contrast: ($0.contrast * 100).rounded(.down) / 100, failed: report.failOnInvisibleText, message: $0.warning) }
        }
        invisibleText = unreadable.isEmpty ? nil : unreadable
        staleGoldens = report.staleGoldens.map(\.path)
        accept = report.acceptCommand
        prune = report.pruneCommand
    }

    public static func load(path: String) throws -> RunResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderError.input("cannot read '\(path)': no such file (run `snapshot check` first)")
        }
        guard let result = try? JSONDecoder().decode(RunResult.self, from: data), result.tool == "snapshot" else {
            throw RenderError.input("'\(path)' is not a snapshot result.json")
        }
        return result
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
