import FuzzSupport
import RenderCore
@testable import SnapshotCLI

/// Every option `render`, `layout`, `check` and `record` take.
private let options = SnapshotCommand.renderOptions.union(SnapshotCommand.filmOptions)
    .union(SnapshotCommand.frameWriterOptions).union(ComparisonFlags.options).union(SnapshotCommand.regressionOptions)
private let switches = SceneOptions.switches.union(ComparisonFlags.switches).union(["full-page", "list-devices", "json"])

/// A laid-out mail taller than a screen, for the scroll geometry the offsets resolve against.
private let document = LaidOutDocument(html: "<div style=\"height:2000px\">mail</div>", viewportWidth: 390, viewportHeight: 844)

/// The command line, one argument per line: the offsets parser on the first line alone, then
/// the argument parser, the scene and comparison options built from it, and the offsets
/// resolved against a laid-out mail's scroll range into frames. Nothing is rendered or read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let offsets = try? ScrollOffset.parseList(lines[0]) {
        for offset in offsets {
            // A range steps at most `maximumCount` times, then takes its end.
            let values = offset.values(end: 1234.5)
            precondition(values.count <= ScrollOffset.maximumCount + 1 && values.allSatisfy(\.isFinite))
        }
    }
    guard let arguments = try? Arguments(lines, options: options, switches: switches) else { return 0 }
    _ = try? FilmOptions(arguments)
    _ = try? ComparisonFlags.overrides(arguments)
    _ = arguments.value("shard").flatMap(Shard.init)
    _ = try? MessageHeaderTemplate.timeZone(named: arguments.value("timezone") ?? "UTC")
    guard let scene = try? SnapshotCommand().makeScene(arguments, scene: Scene(html: ""), mailPath: nil) else { return 0 }
    let geometry = ScrollScene(scene: scene, document: document)
    guard let offsets = try? scene.resolvedOffsets(end: geometry.endOffset) else { return 0 }
    for offset in offsets { _ = geometry.frame(forUserOffset: offset) }
    return 0
}
