import Foundation

/// Writes what a failing frame leaves behind — `<dir>/<scene>/<offset>/expected.png`,
/// `actual.png`, `diff.png`, `result.json` — and the run's `result.json` and `report.html`.
/// Every file goes through a temporary name and a rename.
public enum ArtifactWriter {
    /// Removes the previous run's artifacts, but only from a folder that holds our
    /// `result.json` (never a folder the user pointed at by mistake).
    static func clearPreviousRun(in directory: String) throws {
        let marker = (directory as NSString).appendingPathComponent("result.json")
        guard FileManager.default.fileExists(atPath: marker), (try? RunResult.load(path: marker)) != nil else { return }
        try FileManager.default.removeItem(atPath: directory)
    }

    /// A failing frame's render and its layout in its artifacts folder: written by a check,
    /// read back by `accept`.
    static let actualImageName = "actual.png", actualLayoutName = "actual.layout.json"

    static func frameDirectory(_ outcome: FrameOutcome, in directory: String) -> String {
        frameDirectory(scene: outcome.scene, offsetName: outcome.offsetName, in: directory)
    }

    /// `<dir>/<scene>/<offset>`: where a frame's artifacts are, wherever the folder was moved.
    static func frameDirectory(scene: String, offsetName: String, in directory: String) -> String {
        ((directory as NSString).appendingPathComponent(scene) as NSString).appendingPathComponent(offsetName)
    }

    static func writeFrame(_ outcome: FrameOutcome, expected golden: String?, actual: Canvas, layout: FrameLayout, diff: RGBAImage?,
                           to directory: String) throws -> FrameArtifacts {
        let folder = frameDirectory(outcome, in: directory)
        try OutputFolder.create(folder)
        func path(_ name: String) -> String { absolute((folder as NSString).appendingPathComponent(name)) }
        var artifacts = FrameArtifacts(expected: nil, actual: path(actualImageName), diff: nil, result: path("result.json"))
        try actual.writePNG(to: artifacts.actual)
        if let golden {
            artifacts.expected = path("expected.png")
            try AtomicFile.copy(from: golden, to: artifacts.expected!)
        }
        if let diff {
            artifacts.diff = path("diff.png")
            try diff.writePNG(to: artifacts.diff!)
        }
        artifacts.actualLayout = path(actualLayoutName)
        try AtomicFile.write(try layout.encoded(), to: artifacts.actualLayout!)
        if let golden, FileManager.default.fileExists(atPath: FrameLayout.sidecarPath(forGolden: golden)) {
            artifacts.expectedLayout = path("expected.layout.json")
            try AtomicFile.copy(from: FrameLayout.sidecarPath(forGolden: golden), to: artifacts.expectedLayout!)
        }
        var described = outcome
        described.artifacts = artifacts
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(RunResult.Frame(described)) + Data("\n".utf8), to: artifacts.result)
        return artifacts
    }

    static func writeRunReports(_ report: RegressionReport, to directory: String) throws {
        try OutputFolder.create(directory)
        let result = RunResult(report)
        try AtomicFile.write(try result.encoded(), to: (directory as NSString).appendingPathComponent("result.json"))
        try AtomicFile.write(Data(HTMLReport.render(result).utf8), to: (directory as NSString).appendingPathComponent("report.html"))
    }

    /// `snapshot accept`: the last check's actual images become the goldens, byte for byte,
    /// without rendering again — only the frames of `scenes` at `offsets` (names as
    /// `FrameNames` gives them) when given, and only when the check's manifest shows that
    /// nothing they stand for changed since (`CheckManifest`); `target` is the suite or mail
    /// the accept is for, when known. Returns the goldens written.
    public static func accept(artifactsDirectory directory: String, scenes: Set<String>? = nil, offsets: Set<String>? = nil,
                              target: String? = nil) throws -> [String] {
        let resultPath = (directory as NSString).appendingPathComponent("result.json")
        var result = try RunResult.load(path: resultPath)
        let failing = result.frames.indices.filter { result.frames[$0].status.isFailure }
        guard !failing.isEmpty else { return [] }
        let manifest = try CheckManifest.load(from: directory)
        let chosen = failing.filter { index in
            let frame = result.frames[index]
            // `--scene welcome` takes both appearances of a scene, as in `check`.
            let sceneName = manifest.scenes[frame.scene]?.scene ?? frame.scene
            return (scenes.map { Suite.Entry.isSelected(by: $0, name: frame.scene, goldenName: sceneName) } ?? true)
                && (offsets?.contains(frame.offsetName) ?? true)
        }
        if chosen.isEmpty {
            let names = failing.map { "\(result.frames[$0].scene) @\(result.frames[$0].offsetName)" }
            throw RenderError.input("no failing frame of the last check matches; failing: \(names.prefix(10).joined(separator: ", "))\(names.count > 10 ? ", …" : "")")
        }
        if let reason = manifest.refusal(for: chosen.map { result.frames[$0] }, target: target) {
            throw RenderError.input("refused: \(reason)")
        }
        // The images come from this folder, where the check wrote them (not from paths in
        // result.json, which may have been moved or edited).
        var sources: [Int: (image: String, layout: String)] = [:]
        for index in chosen {
            let frame = result.frames[index]
            let folder = frameDirectory(scene: frame.scene, offsetName: frame.offsetName, in: directory)
            let image = (folder as NSString).appendingPathComponent(actualImageName)
            guard FileManager.default.fileExists(atPath: image) else {
                throw RenderError.input("the actual image of \(frame.scene) @\(frame.offsetName) is gone; run `snapshot check` again")
            }
            sources[index] = (image, (folder as NSString).appendingPathComponent(actualLayoutName))
        }
        var written: [String] = []
        for index in chosen {
            let frame = result.frames[index]
            try OutputFolder.create((frame.golden as NSString).deletingLastPathComponent)
            try AtomicFile.copy(from: sources[index]!.image, to: frame.golden)
            try acceptLayout(sources[index]!.layout, forGolden: frame.golden)
            written.append(frame.golden)
            result.frames[index].status = .rerecorded
            result.frames[index].message = "accepted into \(frame.golden)"
        }
        try result.environment.write(to: (result.goldenDirectory as NSString).appendingPathComponent("environment.json"))
        // Accepted frames are no longer pending: a second accept does nothing.
        try AtomicFile.write(try result.encoded(), to: resultPath)
        return written
    }

    /// The accepted frame's layout becomes the golden's; artifacts of an older check have
    /// none, and the old golden's layout no longer describes it, so it goes.
    private static func acceptLayout(_ actualLayout: String, forGolden golden: String) throws {
        let sidecar = FrameLayout.sidecarPath(forGolden: golden)
        if FileManager.default.fileExists(atPath: actualLayout) {
            try AtomicFile.copy(from: actualLayout, to: sidecar)
        } else if FileManager.default.fileExists(atPath: sidecar) {
            try FileManager.default.removeItem(atPath: sidecar)
        }
    }
}
