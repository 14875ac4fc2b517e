import Foundation

/// Everything one screen needs: the mail, the native header, the viewport and the offsets.
public struct Scene: Sendable {
    public var html: String
    public var viewportWidth: Double = 390
    public var viewportHeight: Double = 844
    public var scale: Double = 3
    public var headerHeight: Double = 100
    /// The header's background; nil takes the appearance's default (the seed's red in light,
    /// #1C1C1E in dark).
    public var headerColor: RGBA?
    public var headerHTML: String?
    /// The mail's folder: relative image paths resolve inside it. Nil (the built-in mail,
    /// or HTML from stdin) reads no files.
    public var baseDirectory: String?
    /// Folders whose files the mail may read besides its own (`--allow-dir`).
    public var allowedDirectories: [String] = []
    /// How images that cannot load are shown, and where remote ones are found on disk.
    public var images = ImageOptions()
    /// A folder of the team's own fonts (`--font-dir`, `TeamFonts`), for the mail and the header.
    public var fontDirectory: String?
    /// Images the mail's `cid:` URLs name (normalised Content-ID → bytes), from its message.
    public var inlineImages: [String: [UInt8]] = [:]
    /// The message the mail came from (`.eml` input), and the zone its dates are shown in:
    /// `layout --json` reports its fields as shown.
    public var message: MailMessage?
    public var messageTimeZone: TimeZone = TimeZone(secondsFromGMT: 0)!
    /// Offsets, ranges (`0:600:50`) and `end`, resolved after layout (`SceneRenderer.frames`).
    public var offsets: [ScrollOffset] = [0, 50, 150]
    public var indicator: IndicatorMode = .seed
    public var indicatorStyle: IndicatorStyle = .default
    public var headerMode: HeaderMode = .scroll
    /// Hmin of the collapsing header; nil is 44 pt (or H when the header is shorter).
    public var headerMinHeight: Double?
    /// Let offsets go past either edge, rubber-banded as UIKit does.
    public var bounce: Bool = false
    /// What overscroll uncovers; nil takes the appearance's default (UIWebView's #BFBDC2 in light).
    public var overscrollColor: RGBA?
    public var strategy: HeaderStrategy = .inset
    public var viewportRules: ViewportRules = .none
    public var engine: WebEngine = .uiwebview
    /// The view's safe area (a device's status bar and home indicator).
    public var safeAreaTop: Double = 0
    public var safeAreaBottom: Double = 0
    public var insetAdjustment: InsetAdjustment = .automatic
    /// A bottom toolbar over the web view: contentInset.bottom, drawn above the safe area.
    public var toolbarHeight: Double = 0
    public var appearance: Appearance = .light
    /// Whose dark-mode rules apply (`--client`): the app's web view or Apple Mail.
    public var client: ClientProfile = .webview
    /// What the mail may cost; each limit reached is a warning (`ResourceLimits`).
    public var limits: ResourceLimits = .standard

    public init(html: String) { self.html = html }

    /// The scroll view background UIWebView shows where overscroll uncovers it.
    public static let overscrollColor = RGBA(r: 0xBF / 255.0, g: 0xBD / 255.0, b: 0xC2 / 255.0, a: 1)
    /// iOS 13+ default indicator style on a light background.
    public static let indicatorColor = RGBA(r: 0, g: 0, b: 0, a: 0.35)

    /// A device preset: its viewport, scale and safe area.
    public mutating func apply(_ device: Device) {
        viewportWidth = device.width
        viewportHeight = device.height
        scale = device.scale
        safeAreaTop = device.safeAreaTop
        safeAreaBottom = device.safeAreaBottom
    }

    /// Hmin as used: the given one, else 44 pt capped at H.
    public var resolvedHeaderMinHeight: Double { headerMinHeight ?? min(44, headerHeight) }
    public var resolvedHeaderColor: RGBA { headerColor ?? appearance.defaultHeaderColor }
    public var resolvedOverscrollColor: RGBA { overscrollColor ?? appearance.defaultOverscrollColor(client: client) }
    public var resolvedIndicatorColor: RGBA { indicatorStyle.color(in: appearance) }

    /// Checks the numbers a user can get wrong; throws a one-line message.
    public func validate() throws {
        func positive(_ value: Double, _ name: String, limit: Double) throws {
            guard value.isFinite, value > 0 else { throw RenderError.input("\(name) must be a positive number, got \(Self.format(value))") }
            guard value <= limit else { throw RenderError.input("\(name) must be at most \(Self.format(limit)), got \(Self.format(value))") }
        }
        func length(_ value: Double, _ name: String) throws {
            guard value.isFinite, value >= 0, value <= 4096 else {
                throw RenderError.input("\(name) must be between 0 and 4096, got \(Self.format(value))")
            }
        }
        try positive(viewportWidth, "--width", limit: 4096)
        try positive(viewportHeight, "--height", limit: 8192)
        try positive(scale, "--scale", limit: 8)
        try length(headerHeight, "--header-height")
        if let headerMinHeight {
            try length(headerMinHeight, "--header-min")
            guard headerMinHeight <= headerHeight else {
                throw RenderError.input("--header-min \(Self.format(headerMinHeight)) is more than the header's height \(Self.format(headerHeight))")
            }
        }
        try length(safeAreaTop, "--safe-area-top")
        try length(safeAreaBottom, "--safe-area-bottom")
        try length(toolbarHeight, "--toolbar-height")
        guard safeAreaTop + safeAreaBottom + toolbarHeight < viewportHeight else {
            throw RenderError.input("the safe area and toolbar (\(Self.format(safeAreaTop + safeAreaBottom + toolbarHeight)) pt) leave nothing of the \(Self.format(viewportHeight)) pt viewport")
        }
        let side = Double(ResourceLimits.maximumSurfaceSide)
        guard (viewportWidth * scale).rounded() <= side, (viewportHeight * scale).rounded() <= side else {
            throw RenderError.input("frame of \(Self.format(viewportWidth * scale))x\(Self.format(viewportHeight * scale)) pixels is too large (\(Int(side)) at most)")
        }
        let pixels = (viewportWidth * scale).rounded() * (viewportHeight * scale).rounded()
        guard pixels <= Double(limits.maximumFramePixels) else {
            throw RenderError.input("frame of \(Self.format((viewportWidth * scale).rounded()))x\(Self.format((viewportHeight * scale).rounded())) pixels is too large (\(ResourceLimits.count(limits.maximumFramePixels)) pixels at most)")
        }
        guard !offsets.isEmpty else { throw RenderError.input("--offsets is empty") }
        for offset in offsets { try offset.validate() }
    }

    /// Whole numbers without a fraction; a long binary artefact such as 447.9200000000001
    /// (an `end` offset) shortened to at most 4 decimals: offset file names stay readable.
    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        let plain = String(value)
        guard plain.count > 10, value.isFinite, abs(value) >= 1e-4, abs(value) < 1e15 else { return plain }
        var short = String(format: "%.4f", value)
        while short.hasSuffix("0") { short.removeLast() }
        if short.hasSuffix(".") { short.removeLast() }
        return short
    }
}
