/// Everything one screen needs: the mail, the native header, the viewport and the offsets.
public struct Scene: Sendable {
    public var html: String
    public var viewportWidth: Double = 390
    public var viewportHeight: Double = 844
    public var scale: Double = 3
    public var headerHeight: Double = 100
    public var headerColor: RGBA = RGBA(r: 1, g: 0, b: 0, a: 1)
    public var headerHTML: String?
    /// The mail's folder: relative image paths resolve inside it. Nil (the built-in mail,
    /// or HTML from stdin) reads no files.
    public var baseDirectory: String?
    public var offsets: [Double] = [0, 50, 150]
    public var indicator: IndicatorMode = .seed

    public init(html: String) { self.html = html }

    /// The scroll view background UIWebView shows where overscroll uncovers it.
    public static let overscrollColor = RGBA(r: 0xBF / 255.0, g: 0xBD / 255.0, b: 0xC2 / 255.0, a: 1)
    /// iOS 13+ default indicator style on a light background.
    public static let indicatorColor = RGBA(r: 0, g: 0, b: 0, a: 0.35)

    /// Checks the numbers a user can get wrong; throws a one-line message.
    public func validate() throws {
        func positive(_ value: Double, _ name: String, limit: Double) throws {
            guard value.isFinite, value > 0 else { throw RenderError.input("\(name) must be a positive number, got \(Self.format(value))") }
            guard value <= limit else { throw RenderError.input("\(name) must be at most \(Self.format(limit)), got \(Self.format(value))") }
        }
        try positive(viewportWidth, "--width", limit: 4096)
        try positive(viewportHeight, "--height", limit: 8192)
        try positive(scale, "--scale", limit: 8)
        guard headerHeight.isFinite, headerHeight >= 0, headerHeight <= 4096 else {
            throw RenderError.input("--header-height must be between 0 and 4096, got \(Self.format(headerHeight))")
        }
        guard (viewportWidth * scale).rounded() <= 32767, (viewportHeight * scale).rounded() <= 32767 else {
            throw RenderError.input("frame of \(Self.format(viewportWidth * scale))x\(Self.format(viewportHeight * scale)) pixels is too large (32767 at most)")
        }
        for offset in offsets where !offset.isFinite {
            throw RenderError.input("offset \(Self.format(offset)) is not a finite number")
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
