/// Device presets: viewport in points, pixel scale and the portrait safe area (status bar on
/// top, home indicator at the bottom) that contentInsetAdjustmentBehavior adds to the insets.
public struct Device: Sendable, Equatable {
    public let name: String
    public let width: Double
    public let height: Double
    public let scale: Double
    public let safeAreaTop: Double
    public let safeAreaBottom: Double

    public init(name: String, width: Double, height: Double, scale: Double, safeAreaTop: Double, safeAreaBottom: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
    }

    /// Every preset, smallest first.
    public static let all: [Device] = [
        Device(name: "iphone-se", width: 375, height: 667, scale: 2, safeAreaTop: 20, safeAreaBottom: 0),
        Device(name: "iphone-13-mini", width: 375, height: 812, scale: 3, safeAreaTop: 50, safeAreaBottom: 34),
        Device(name: "iphone-13", width: 390, height: 844, scale: 3, safeAreaTop: 47, safeAreaBottom: 34),
        Device(name: "iphone-14", width: 390, height: 844, scale: 3, safeAreaTop: 47, safeAreaBottom: 34),
        Device(name: "iphone-15", width: 393, height: 852, scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-15-pro", width: 393, height: 852, scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-15-pro-max", width: 430, height: 932, scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "ipad", width: 820, height: 1180, scale: 2, safeAreaTop: 24, safeAreaBottom: 20),
        Device(name: "ipad-air", width: 820, height: 1180, scale: 2, safeAreaTop: 24, safeAreaBottom: 20),
    ]

    /// The preset of that name (case-insensitive), or a one-line error naming the known ones.
    public static func named(_ name: String, context: String = "--device") throws -> Device {
        guard let device = all.first(where: { $0.name == name.lowercased() }) else {
            throw RenderError.input("\(context): unknown device '\(name)' (known: \(all.map(\.name).sorted().joined(separator: ", ")))")
        }
        return device
    }

    /// One line per preset, for `--list-devices`.
    public var summary: String {
        let size = "\(Scene.format(width))x\(Scene.format(height))@\(Scene.format(scale))"
        return "\(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(size.padding(toLength: 12, withPad: " ", startingAt: 0)) safe area top \(Scene.format(safeAreaTop)), bottom \(Scene.format(safeAreaBottom))"
    }
}
