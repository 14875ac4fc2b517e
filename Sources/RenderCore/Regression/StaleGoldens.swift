import Foundation

/// Golden files no scene or offset of the suite stands for any more (a scene renamed or
/// removed, an offset dropped): every `check` lists them, `snapshot prune` removes them. A
/// sidecar beside a golden (`<name>.layout.json`) belongs to it: stale with it, pruned with it.
/// `environment.json`, hidden files and files that are neither are never touched.
public enum StaleGoldens {
    /// Endings of files that belong to the golden `<name>.png` beside them.
    static let sidecarSuffixes = [FrameLayout.sidecarSuffix]

    /// One stale golden: the file to name (its PNG, or its sidecar when the PNG is gone) and
    /// every file that goes with it.
    public struct Golden: Equatable, Sendable {
        public let path: String
        public let files: [String]
    }

    /// The golden paths of every frame of `entries`, laid out by `renderers` (same order).
    static func expected(_ entries: [Suite.Entry], renderers: [SceneRenderer], in suite: Suite) -> Set<String> {
        var paths = Set<String>()
        for (entry, renderer) in zip(entries, renderers) {
            for name in FrameNames.names(renderer.scene.offsets, end: renderer.geometry.endOffset) {
                paths.insert(absolute(suite.goldenPath(scene: entry.goldenName, offsetName: name, variant: entry.variant)))
            }
        }
        return paths
    }

    /// Lays out every scene of the suite (no frame is rendered) and lists its stale goldens.
    public static func find(in suite: Suite) throws -> [Golden] {
        let renderers = try suite.entries.map { try SceneRenderer(scene: $0.scene) }
        return find(in: suite, expected: expected(suite.entries, renderers: renderers, in: suite), laidOut: suite.entries)
    }

    /// The stale goldens of `suite`, knowing the frames of the `laidOut` entries (a run of some
    /// scenes judges only their folders, and folders of scenes the suite no longer has).
    static func find(in suite: Suite, expected: Set<String>, laidOut: [Suite.Entry], excluding excluded: String? = nil) -> [Golden] {
        let root = absolute(suite.goldenDirectory)
        let skip = excluded.map(absolute)
        let ran = Set(laidOut.map(\.name))
        switch suite.layout {
        case .flat:
            // One folder for all entries (light and dark of one mail): judged when all ran.
            let complete = !laidOut.isEmpty && suite.entries.allSatisfy { ran.contains($0.name) }
            return complete ? stale(inFolder: root, expected: expected, skip: skip) : []
        case .perScene:
            let scenes = Set(suite.entries.map(\.goldenName))
            // A scene's folder is judged only when all its entries ran (light and dark, all shards).
            let complete = scenes.filter { scene in suite.entries.allSatisfy { $0.goldenName != scene || ran.contains($0.name) } }
            var found = stale(inFolder: root, expected: expected, skip: skip)
            for folder in entries(of: root) where isFolder((root as NSString).appendingPathComponent(folder)) {
                let path = (root as NSString).appendingPathComponent(folder)
                guard path != skip else { continue }
                if !scenes.contains(folder) { found += stale(inFolder: path, expected: [], skip: skip) }
                else if complete.contains(folder) { found += stale(inFolder: path, expected: expected, skip: skip) }
            }
            return found
        }
    }

    /// Golden files directly in `folder` whose PNG path is not expected, grouped with sidecars.
    private static func stale(inFolder folder: String, expected: Set<String>, skip: String?) -> [Golden] {
        var groups: [String: [String]] = [:]
        for name in entries(of: folder) {
            guard let base = goldenBase(name) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            guard path != skip, !isFolder(path) else { continue }
            groups[(folder as NSString).appendingPathComponent(base + ".png"), default: []].append(path)
        }
        return groups.filter { !expected.contains($0.key) }.sorted { $0.key < $1.key }.map { png, files in
            Golden(path: files.contains(png) ? png : files.sorted()[0], files: files.sorted())
        }
    }

    /// `0.png` → `0`, `end.layout.json` → `end`; nil for files that are not goldens.
    static func goldenBase(_ name: String) -> String? {
        guard !name.hasPrefix(".") else { return nil }
        for suffix in [".png"] + sidecarSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }

    /// Removes the goldens' files, then scene folders they leave empty; returns the files removed.
    public static func remove(_ goldens: [Golden]) throws -> [String] {
        var removed: [String] = []
        for file in goldens.flatMap(\.files) {
            do { try FileManager.default.removeItem(atPath: file) } catch {
                throw RenderError.output("cannot remove '\(file)': \(error.localizedDescription)")
            }
            removed.append(file)
        }
        for folder in Set(goldens.map { ($0.path as NSString).deletingLastPathComponent }) where entries(of: folder).isEmpty {
            try? FileManager.default.removeItem(atPath: folder)
        }
        return removed
    }

    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
