/// When `check` and `record` write goldens.
public enum RecordMode: String, CaseIterable, Sendable, Codable {
    /// Record every frame: a golden whose pixels differ from the new render is rewritten, even
    /// when the tolerance would pass it; an identical one is left byte-for-byte as it is.
    case all
    /// Write goldens that do not exist yet; compare the others.
    case missing
    /// Re-record goldens that fail, and write missing ones.
    case failed
    /// Write nothing: a missing golden is a failure.
    case never

    /// `never` when the `CI` environment variable is set (to anything but empty, 0 or false),
    /// so CI can never pass by recording; `missing` on a developer's machine.
    public static func `default`(environment: [String: String]) -> RecordMode {
        guard let value = environment["CI"]?.lowercased(), !value.isEmpty, value != "0", value != "false" else { return .missing }
        return .never
    }

    var writesMissing: Bool { self != .never }
    var rewritesFailing: Bool { self == .all || self == .failed }
}

/// One part of a suite split across CI runners: `--shard 2/3` is the second of three.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 10_000,
              index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Scenes sorted by name and dealt round-robin: every runner computes the same split from
    /// the same suite, and shard sizes differ by at most one scene.
    public func select(_ names: [String]) -> Set<String> {
        Set(names.sorted().enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
    }
}
