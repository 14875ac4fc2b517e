/// The command that accepts a check's failing frames, as reports print it: the check's own
/// `snapshot accept …` (its suite and artifacts folder when not the defaults), and for one
/// frame `--scene S --offset O`.
public struct AcceptCommand: Codable, Equatable, Sendable {
    /// `snapshot accept` with the arguments that find this check's artifacts.
    public var all: String

    public init(suite: String?, artifacts: String?) {
        all = (["snapshot", "accept"] + (suite.map { [Self.quoted($0)] } ?? []) + (artifacts.map { ["--artifacts", Self.quoted($0)] } ?? []))
            .joined(separator: " ")
    }

    /// `snapshot accept --scene welcome --offset end`
    public func frame(scene: String, offset: String) -> String {
        "\(all) --scene \(Self.quoted(scene)) --offset \(Self.quoted(offset))"
    }

    /// A word as a POSIX shell reads it back: single-quoted when it holds anything but
    /// letters, digits and `-_./=:,+@`.
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./=:,+@".unicodeScalars.contains($0)) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
