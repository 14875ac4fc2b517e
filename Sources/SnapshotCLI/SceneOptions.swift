import Foundation
import RenderCore

/// The render options of issue 7 (header modes, bounce, indicator style, strategies,
/// viewport rules, engine, devices and insets, appearance): parsed here, meant in RenderCore.
enum SceneOptions {
    static let declared: [CommandOption] = [
        .value("header-mode", "scroll|pinned|collapse|stretch", "how the header moves: scrolls away (default), stays, collapses to --header-min, stretches on pull-down"),
        .value("header-min", "PT", "a collapsing header's smallest height (default 44, or the header's height if smaller)"),
        .switch("bounce", "rubber-band offsets past either edge instead of clamping them"),
        .value("overscroll-color", "COLOR", "the area a bounce uncovers (default #BFBDC2; #1C1C1E in dark mode)"),
        .value("indicator-style", "default|black|white", "the scroll indicator's colour (default: black in light mode, white in dark)"),
        .value("strategy", "inset|reframe", "how the header gets into the web view: contentInset (default) or moved web content"),
        .value("viewport-rules", "none|webkit", "webkit: apply <meta name=viewport> and shrink-to-fit as iOS WebKit does"),
        .value("engine", "uiwebview|wkwebview", "wkwebview: contentSize is at least the view's height"),
        .value("device", "NAME", "viewport, scale and safe area of a device (snapshot --list-devices)"),
        .value("safe-area-top", "PT", "the status bar's height"),
        .value("safe-area-bottom", "PT", "the home indicator's height"),
        .value("inset-adjustment", "automatic|never|always", "contentInsetAdjustmentBehavior: whether the safe area adds to the insets"),
        .value("toolbar-height", "PT", "a bottom toolbar (contentInset.bottom)"),
        .value("appearance", "light|dark|both", "prefers-color-scheme; both renders every offset twice"),
        .value("client", "webview|apple-mail", "whose rules apply (dark mode; fixed and sticky boxes, static in Mail): an app's web view (default) or Apple Mail"),
        .value("images", "placeholder|blocked", "images that cannot load: flat boxes of their size (default, images on) or WebKit's broken images (remote content blocked)"),
        .value("placeholder-color", "COLOR", "the placeholders' colour (default #C8C8C8)"),
        .value("assets", "DIR", "remote images from disk: https://host/path loads DIR/host/path if it exists (repeatable); nothing is fetched"),
        .value("assets-map", "FILE.json", "remote images from disk by URL prefix: {\"https://cdn.example.com/img/\": \"folder\"}"),
    ]
    static let options = declared.valueNames
    static let switches = declared.switchNames

    /// `--device NAME`: viewport, scale and safe area of a preset.
    static func applyDevice(_ arguments: Arguments, to scene: inout Scene) throws {
        if let name = arguments.value("device") { scene.apply(try Device.named(name)) }
    }

    static func apply(_ arguments: Arguments, to scene: inout Scene) throws {
        if let mode: HeaderMode = try choice(arguments, "header-mode") { scene.headerMode = mode }
        if let minimum = try arguments.number("header-min") {
            guard scene.headerMode == .collapse else { throw UsageError("--header-min applies to --header-mode collapse") }
            scene.headerMinHeight = minimum
        }
        if arguments.has("bounce") { scene.bounce = true }
        if let colour = arguments.value("overscroll-color") {
            guard let parsed = CSSColor.parse(colour) else { throw UsageError("--overscroll-color '\(colour)' is not a CSS colour") }
            scene.overscrollColor = parsed
        }
        if let style: IndicatorStyle = try choice(arguments, "indicator-style") { scene.indicatorStyle = style }
        if let strategy: HeaderStrategy = try choice(arguments, "strategy") { scene.strategy = strategy }
        if let rules: ViewportRules = try choice(arguments, "viewport-rules") { scene.viewportRules = rules }
        if let engine: WebEngine = try choice(arguments, "engine") { scene.engine = engine }
        if let top = try arguments.number("safe-area-top") { scene.safeAreaTop = top }
        if let bottom = try arguments.number("safe-area-bottom") { scene.safeAreaBottom = bottom }
        if let adjustment: InsetAdjustment = try choice(arguments, "inset-adjustment") { scene.insetAdjustment = adjustment }
        if let toolbar = try arguments.number("toolbar-height") { scene.toolbarHeight = toolbar }
        // `both` is rendered as two scenes (`appearanceChoice`); this one takes the first.
        if let appearance: AppearanceChoice = try choice(arguments, "appearance") { scene.appearance = appearance.appearances[0] }
        if let client: ClientProfile = try choice(arguments, "client") { scene.client = client }
        try applyImages(arguments, to: &scene)
    }

    /// `--images`, `--placeholder-color`, `--assets`, `--assets-map`.
    static func applyImages(_ arguments: Arguments, to scene: inout Scene) throws {
        if let failed: ImageOptions.Failed = try choice(arguments, "images") { scene.images.failed = failed }
        if let colour = arguments.value("placeholder-color") {
            guard let parsed = CSSColor.parse(colour) else { throw UsageError("--placeholder-color '\(colour)' is not a CSS colour") }
            if scene.images.failed == .blocked { throw UsageError("--placeholder-color applies to --images placeholder") }
            scene.images.placeholderColor = parsed
        }
        do {
            for folder in arguments.allValues("assets") { try scene.images.assets.addHostFolder(folder, context: "--assets") }
            if let map = arguments.value("assets-map") { try scene.images.assets.addMap(file: map) }
        } catch let error as RenderError {
            throw UsageError(error.description)
        }
    }

    /// `--appearance light|dark|both`.
    static func appearanceChoice(_ arguments: Arguments) throws -> AppearanceChoice {
        try choice(arguments, "appearance") ?? .light
    }

    /// `--name value` naming one case of an enumeration.
    static func choice<T: RawRepresentable & CaseIterable>(_ arguments: Arguments, _ name: String) throws -> T? where T.RawValue == String {
        guard let raw = arguments.value(name) else { return nil }
        guard let value = T(rawValue: raw) else {
            throw UsageError("--\(name) '\(raw)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}

/// `--filmstrip FILE.png`, `--apng FILE.png`, `--frame-delay MS`: the frames as one picture or
/// an animation. Frames are written too only when `--out` is given.
struct FilmOptions {
    var filmstrip: String?
    var apng: String?
    var delay = 200

    var wanted: Bool { filmstrip != nil || apng != nil }

    init(_ arguments: Arguments) throws {
        filmstrip = arguments.value("filmstrip")
        apng = arguments.value("apng")
        if let raw = arguments.value("frame-delay") {
            guard apng != nil else { throw UsageError("--frame-delay applies to --apng") }
            guard let delay = Int(raw.trimmingCharacters(in: .whitespaces)), (1...65535).contains(delay) else {
                throw UsageError("--frame-delay must be a whole number of milliseconds from 1 to 65535, got '\(raw)'")
            }
            self.delay = delay
        }
        for path in [filmstrip, apng].compactMap({ $0 }) {
            guard !path.isEmpty, path.lowercased().hasSuffix(".png") else {
                throw UsageError("'\(path)' should be a .png file (a filmstrip and an APNG are PNG files)")
            }
        }
        if let filmstrip, filmstrip == apng { throw UsageError("--filmstrip and --apng name the same file '\(filmstrip)'") }
    }

    /// Writes what was asked for; returns the written paths in order.
    func write(_ renderer: SceneRenderer, framesTo directory: String?, warn: (String) -> Void) throws -> [String] {
        var written: [String] = []
        if let directory { written += try renderer.writeFrames(to: directory) }
        if let filmstrip {
            let scale = try Film.writeFilmstrip(renderer, to: filmstrip)
            if scale < renderer.scene.scale {
                warn("snapshot: warning: the filmstrip is drawn at scale \(String(format: "%.3g", scale)) to stay within 32767 pixels")
            }
            written.append(filmstrip)
        }
        if let apng {
            try Film.writeAPNG(renderer, to: apng, delay: delay)
            written.append(apng)
        }
        return written
    }
}
