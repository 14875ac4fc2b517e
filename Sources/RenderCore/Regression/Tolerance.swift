/// A rectangle the comparison ignores, in points of the viewport (like `--mask x,y,w,h`), or
/// of the document (`"in": "document"`: y 0 is the mail's top), moving with the content.
public struct MaskRect: Equatable, Hashable, Sendable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    public var space: MaskSpace

    public init(x: Double, y: Double, width: Double, height: Double, in space: MaskSpace = .viewport) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.space = space
    }

    /// The pixels the rectangle touches at `scale` (partly covered pixels are masked too).
    public func pixels(scale: Double) -> PixelRect {
        let left = Int((x * scale).rounded(.down)), top = Int((y * scale).rounded(.down))
        let right = Int(((x + width) * scale).rounded(.up)), bottom = Int(((y + height) * scale).rounded(.up))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Where a mask rectangle's coordinates are taken.
public enum MaskSpace: String, Codable, Sendable, CaseIterable {
    case viewport, document
}

/// How strictly one scene's frames are compared, and masks in points. Renders are
/// deterministic, so the comparison is exact (every pixel outside the masks equal) until a
/// threshold, a failure budget or a window is set; then it is pixelmatch's, with its defaults
/// for what is not set (threshold 0.1, anti-aliasing ignored unless `includeAA`).
public struct Tolerance: Equatable, Sendable {
    /// pixelmatch's colour threshold when a tolerance is set without one.
    public static let defaultThreshold = 0.1

    /// nil: not set.
    public var threshold: Double?
    /// Count anti-aliased pixels in a tolerant comparison (an exact one counts every pixel).
    public var includeAA = false
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// Side of the density window, in pixels.
    public var window: Int?
    public var masks: [MaskRect] = []
    /// CSS selectors whose elements' boxes are masked at every offset (`SceneMasks`).
    public var maskSelectors: [String] = []

    public init() {}

    /// No threshold, budget or window: any changed pixel outside the masks fails.
    public var isExact: Bool { threshold == nil && maxDiffPixels == nil && maxDiffRatio == nil && window == nil }

    /// The options for one frame; masks that follow the content are the runner's to add.
    public func comparisonOptions(scale: Double) -> ComparisonOptions {
        var options = ComparisonOptions()
        // Threshold 0 with anti-aliasing counted: every pixel whose bytes differ is a difference.
        options.threshold = isExact ? 0 : threshold ?? Self.defaultThreshold
        options.includeAA = isExact || includeAA
        options.maxDiffPixels = maxDiffPixels
        options.maxDiffRatio = maxDiffRatio
        options.window = window
        options.masks = masks.filter { $0.space == .viewport }.map { $0.pixels(scale: scale) }
        return options
    }

    /// Command-line flags win over the suite file; their masks are added to the scene's.
    public func applying(_ overrides: ToleranceOverrides) -> Tolerance {
        var result = self
        if let value = overrides.threshold { result.threshold = value }
        if let value = overrides.includeAA { result.includeAA = value }
        if let value = overrides.maxDiffPixels { result.maxDiffPixels = value }
        if let value = overrides.maxDiffRatio { result.maxDiffRatio = value }
        if let value = overrides.window { result.window = value }
        if let value = overrides.masks { result.masks += value }
        if let value = overrides.maskSelectors { result.maskSelectors += value }
        return result
    }
}

/// Tolerance settings given explicitly (on the command line or in a suite's defaults); nil
/// means "not given".
public struct ToleranceOverrides: Equatable, Sendable {
    public var threshold: Double?
    public var includeAA: Bool?
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var window: Int?
    public var masks: [MaskRect]?
    public var maskSelectors: [String]?

    public init() {}
}
