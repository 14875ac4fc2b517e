import Foundation

/// What a check compared, kept beside its artifacts (`manifest.json`): the suite, each scene's
/// inputs, the goldens of its failing frames and the executable. `snapshot accept` checks it
/// before copying anything, and refuses actual images that no longer stand for the suite (the
/// mail, the scene's settings or the golden changed since, another suite, another build).
public struct CheckManifest: Codable, Sendable {
    public var tool = "snapshot"
    /// The suite file, absolute, and SHA-256 of its bytes (nil for a single mail or the API).
    public var suite: String?
    public var suiteHash: String?
    /// The mail a single-mail check rendered, absolute.
    public var mail: String?
    /// SHA-256 of the snapshot executable that ran the check.
    public var binary: String
    /// Inputs per scene, by the name frames carry (`welcome-dark` for a scene with both
    /// appearances).
    public var scenes: [String: SceneInputs]
    /// Golden path → SHA-256 of its bytes when the check ended ("missing" when there was
    /// none), for each failing frame.
    public var goldens: [String: String]

    public struct SceneInputs: Codable, Equatable, Sendable {
        /// The scene's name in the suite (its golden folder).
        public var scene: String
        /// The mail file, absolute (nil for inline `html`).
        public var mail: String?
        public var mailHash: String?
        /// SHA-256 of the settings the scene renders with: its object in the suite file, the
        /// suite's `defaults` and `golden` (nil for a single mail: they are its flags).
        public var settingsHash: String?
    }

    static let fileName = "manifest.json"
    static let missing = "missing"

    /// The manifest of a run of `suite` whose frames are `frames`.
    static func make(suite: Suite, frames: [FrameOutcome]) -> CheckManifest {
        let given = suite.file.map(sceneInputs(suiteFile:)) ?? [:]
        var scenes: [String: SceneInputs] = [:]
        for entry in suite.entries {
            if let mail = suite.mailFile {
                scenes[entry.name] = SceneInputs(scene: entry.goldenName, mail: absolute(mail), mailHash: FileDigest.sha256(ofFile: mail))
            } else if let inputs = given[entry.goldenName] {
                scenes[entry.name] = inputs
            }
        }
        var goldens: [String: String] = [:]
        for frame in frames where frame.status.isFailure {
            goldens[absolute(frame.goldenPath)] = FileDigest.sha256(ofFile: frame.goldenPath) ?? missing
        }
        return CheckManifest(suite: suite.file.map(absolute), suiteHash: suite.file.flatMap(FileDigest.sha256(ofFile:)),
                             mail: suite.mailFile.map(absolute), binary: FileDigest.executable, scenes: scenes, goldens: goldens)
    }

    /// Each scene's inputs as the suite file gives them now (none when it cannot be read: the
    /// check has already said why).
    static func sceneInputs(suiteFile: String) -> [String: SceneInputs] {
        guard let data = FileManager.default.contents(atPath: suiteFile),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scenes = root["scenes"] as? [[String: Any]] else { return [:] }
        let folder = (absolute(suiteFile) as NSString).deletingLastPathComponent
        var inputs: [String: SceneInputs] = [:]
        for scene in scenes {
            guard let name = scene["name"] as? String else { continue }
            let settings: [String: Any] = ["scene": scene, "defaults": root["defaults"] ?? NSNull(), "golden": root["golden"] ?? NSNull()]
            let bytes = (try? JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])) ?? Data()
            let mail = (scene["mail"] as? String).map { absolute($0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0)) }
            inputs[name] = SceneInputs(scene: name, mail: mail, mailHash: mail.flatMap(FileDigest.sha256(ofFile:)), settingsHash: FileDigest.sha256(of: bytes))
        }
        return inputs
    }

    /// A name that stays one folder level in the artifacts (`welcome-dark`, `50.5`, `end`).
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    func write(to directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self) + Data("\n".utf8), to: (directory as NSString).appendingPathComponent(Self.fileName))
    }

    static func load(from directory: String) throws -> CheckManifest {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path),
              let manifest = try? JSONDecoder().decode(CheckManifest.self, from: data), manifest.tool == "snapshot" else {
            throw RenderError.input("refused: \(directory) has no record of what its check compared (\(fileName)); run `snapshot check` again")
        }
        return manifest
    }

    /// Why the actual images of `frames` may not become goldens now, or nil when they may.
    /// `target`: the suite (or mail) the accept is for, when one is known.
    func refusal(for frames: [RunResult.Frame], target: String?) -> String? {
        if let target, let checked = suite ?? mail, absolute(target) != checked {
            return "these artifacts come from a check of \(checked), not of \(absolute(target)); run `snapshot check` on it first"
        }
        if binary != FileDigest.executable {
            return "the check ran with another build of snapshot; run `snapshot check` again"
        }
        let current = suite.map(Self.sceneInputs(suiteFile:)) ?? [:]
        if let suite, !FileManager.default.fileExists(atPath: suite) { return "the suite \(suite) is gone since the check" }
        // Each frame must be one this check failed, by the name and golden it gave it: an
        // edited result.json cannot make accept write elsewhere or from elsewhere.
        for frame in frames {
            guard scenes[frame.scene] != nil, goldens[frame.golden] != nil, Self.isPlainName(frame.scene), Self.isPlainName(frame.offsetName) else {
                return "\(frame.scene) @\(frame.offsetName) (\(frame.golden)) is not a failing frame of that check; run `snapshot check` again"
            }
        }
        // Only the accepted frames' scenes matter: editing another scene does not block them.
        for then in Set(frames.map(\.scene)).sorted().compactMap({ scenes[$0] }) {
            let scene = then.scene
            let now = suite == nil ? SceneInputs(scene: scene, mail: then.mail, mailHash: then.mail.flatMap(FileDigest.sha256(ofFile:)))
                                   : current[scene] ?? SceneInputs(scene: scene)
            if suite != nil && now.settingsHash == nil { return "scene \(scene) is no longer in \(suite!); run `snapshot check` again" }
            if now.settingsHash != then.settingsHash { return "the settings of scene \(scene) in \(suite!) changed since the check; run `snapshot check` again" }
            if now.mail != then.mail || now.mailHash != then.mailHash {
                return "the mail of scene \(scene) (\(then.mail ?? now.mail ?? "")) changed since the check; run `snapshot check` again"
            }
        }
        for frame in frames {
            let then = goldens[frame.golden] ?? Self.missing
            if (FileDigest.sha256(ofFile: frame.golden) ?? Self.missing) != then {
                return "the golden \(frame.golden) changed since the check; run `snapshot check` again"
            }
        }
        return nil
    }
}
