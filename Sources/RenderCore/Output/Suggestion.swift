/// The "did you mean …?" of unknown commands, flags and suite keys: the closest known name by
/// edit distance, when it is close enough to be the intended one.
public enum Suggestion {
    /// `" (did you mean 'offsets'?)"`, or "" when nothing is close.
    public static func didYouMean(_ given: String, among known: some Sequence<String>, prefix: String = "") -> String {
        closest(to: given, among: known).map { " (did you mean '\(prefix)\($0)'?)" } ?? ""
    }

    /// The known name with the fewest edits from `given` (ties: the first in sorted order), if
    /// at most a third of the longer name (at least 1, at most 3 edits) differs.
    public static func closest(to given: String, among known: some Sequence<String>) -> String? {
        let lowered = Array(given.lowercased())
        // Long input is never a typo of a short name; it would only cost time.
        guard lowered.count <= 100 else { return nil }
        var best: (name: String, distance: Int)?
        for name in Set(known).sorted() {
            let distance = editDistance(lowered, Array(name.lowercased()))
            let allowed = Swift.min(3, Swift.max(1, Swift.max(lowered.count, name.count) / 3))
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit
    /// (optimal string alignment), since `--offest` is the commonest typo.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
