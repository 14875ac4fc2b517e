/// What happened to one frame in a check or record run.
public enum FrameStatus: String, Codable, Sendable, CaseIterable {
    /// The render matches its golden (within the tolerance); the golden is untouched.
    case passed
    /// Record mode `all`: the render is identical to its golden, which is left untouched.
    case unchanged
    /// The render differs from its golden beyond the tolerance.
    case failed
    /// There is no golden and the record mode forbids writing one.
    case missing
    /// There was no golden; it was written.
    case recorded
    /// The render differed from its golden, and the golden was re-recorded.
    case rerecorded

    public var isFailure: Bool { self == .failed || self == .missing }
}

/// Paths of a failing frame's artifacts.
public struct FrameArtifacts: Codable, Equatable, Sendable {
    public var expected: String?
    public var actual: String
    public var diff: String?
    public var result: String
    /// The frames' layouts (`FrameLayout`): the golden's stored one and the actual one.
    public var expectedLayout: String?
    public var actualLayout: String?
}

public struct FrameOutcome: Sendable {
    public let scene: String
    public let offset: Double
    /// The offset as the suite names it: `end`, or the number (`FrameNames`).
    public let offsetName: String
    public let scale: Double
    public let status: FrameStatus
    public let goldenPath: String
    /// Nil when there was nothing to compare with.
    public let comparison: PixelComparisonResult?
    public let message: String
    public var artifacts: FrameArtifacts?
    /// The elements that changed since the golden was recorded (nil without a stored layout).
    public var elementChanges: ElementChanges?

    /// `welcome @150`, `welcome @end`
    public var label: String { "\(scene) @\(offsetName)" }

    /// Changed regions in points (viewport coordinates), as people read layouts.
    public var regionsInPoints: [RegionInPoints] {
        (comparison?.regions ?? []).map { RegionInPoints($0, scale: scale) }
    }
}

public struct RegionInPoints: Codable, Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    init(_ pixels: PixelRect, scale: Double) {
        func points(_ value: Int) -> Double { (Double(value) / scale * 100).rounded() / 100 }
        x = points(pixels.x); y = points(pixels.y); width = points(pixels.width); height = points(pixels.height)
    }
}
