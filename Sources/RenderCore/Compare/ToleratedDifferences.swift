/// What a passing comparison let through: the pixels outside the masks whose bytes differ,
/// and the largest colour difference among them (HyAB, black↔white = 1, as the threshold).
/// A result says so, so a tolerance never hides a change without a word.
public struct ToleratedDifferences: Equatable, Sendable, Codable, CustomStringConvertible {
    public let pixels: Int
    public let maxDelta: Double

    /// Nil when no pixel outside the masks differs.
    static func measure(expected: RGBAImage, actual: RGBAImage, verdicts: [PixelVerdict]) -> ToleratedDifferences? {
        var pixels = 0, maxDelta = 0.0
        // Changes come in runs of the same two colours: their distance is computed once.
        var last: (UInt32, UInt32)?
        for index in verdicts.indices where expected.pixels[index] != actual.pixels[index] && verdicts[index] != .masked {
            pixels += 1
            let pair = (expected.pixels[index], actual.pixels[index])
            guard last.map({ $0 != pair }) ?? true else { continue }
            last = pair
            maxDelta = max(maxDelta, PerceptualColorDelta.distance(pair.0, pair.1))
        }
        return pixels == 0 ? nil : ToleratedDifferences(pixels: pixels, maxDelta: maxDelta)
    }

    /// `3 412 pixels differ, max delta 0.06`
    public var description: String {
        let delta = maxDelta > 0 && maxDelta < 0.01 ? "under 0.01" : String(format: "%.2f", maxDelta)
        return "\(ResourceLimits.count(pixels)) pixel\(pixels == 1 ? "" : "s") differ\(pixels == 1 ? "s" : ""), max delta \(delta)"
    }
}
