import Foundation

/// A set of named scenes whose frames are kept as golden PNGs: what `snapshot check` renders
/// and compares. Read from a JSON suite file (`snapshot.json` by default), or made from one
/// mail and command-line options.
public struct Suite: Sendable {
    public struct Entry: Sendable {
        /// The name reports, artifacts and `--scene` use: the scene's, with `-light` /
        /// `-dark` when it renders both appearances.
        public var name: String
        public var scene: Scene
        public var tolerance: Tolerance
        /// `light` or `dark` when the scene renders both appearances: its goldens are then
        /// `<offset>-light.png` and `<offset>-dark.png` in the scene's own folder.
        public var variant: String?
        /// The scene's name as the suite gives it (its golden folder).
        public var goldenName: String

        public init(name: String, scene: Scene, tolerance: Tolerance = Tolerance(), variant: String? = nil, goldenName: String? = nil) {
            self.name = name
            self.scene = scene
            self.tolerance = tolerance
            self.variant = variant
            self.goldenName = goldenName ?? name
        }

        /// Whether `--scene` (in `check` or `accept`) selects the entry named `name` whose
        /// scene is `goldenName`: a scene that renders both appearances answers to its own
        /// name and to each variant's.
        public static func isSelected(by filter: Set<String>, name: String, goldenName: String) -> Bool {
            filter.contains(name) || filter.contains(goldenName)
        }

        /// One entry per appearance of `choice`: itself, or a `-light` and a `-dark` entry.
        public func expanded(_ choice: AppearanceChoice) -> [Entry] {
            guard choice == .both else { return [self] }
            return choice.appearances.map { appearance in
                var copy = self
                copy.scene.appearance = appearance
                copy.variant = choice.variant(appearance)
                copy.name = goldenName + "-" + appearance.rawValue
                return copy
            }
        }
    }

    /// Where goldens live: `golden/<scene>/<offset>.png` for suites, `DIR/<offset>.png` for
    /// one mail (`<offset>` as `FrameNames` gives it: `end.png` for `end`).
    public enum Layout: Sendable { case perScene, flat }

    public var entries: [Entry]
    public var goldenDirectory: String
    public var layout: Layout
    /// The suite file, for reports (nil for a single mail).
    public var file: String?
    /// The mail of a suite made from one mail and flags (`check MAIL --golden DIR`).
    public var mailFile: String?

    public init(entries: [Entry], goldenDirectory: String, layout: Layout = .perScene, file: String? = nil) {
        self.entries = entries
        self.goldenDirectory = goldenDirectory
        self.layout = layout
        self.file = file
    }

    public func goldenPath(scene: String, offsetName: String, variant: String? = nil) -> String {
        let name = offsetName + (variant.map { "-" + $0 } ?? "") + ".png"
        switch layout {
        case .perScene: return ((goldenDirectory as NSString).appendingPathComponent(scene) as NSString).appendingPathComponent(name)
        case .flat: return (goldenDirectory as NSString).appendingPathComponent(name)
        }
    }

    public var fingerprintPath: String { (goldenDirectory as NSString).appendingPathComponent("environment.json") }

    /// Scene names become folder names: letters, digits, `.`, `_`, `-`, not starting with `.`.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 100, let first = name.unicodeScalars.first, first != "." && first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "._-".unicodeScalars.contains($0) }
    }

}

// MARK: Reading a suite file

extension Suite {
    /// Render settings a scene or `defaults` may hold.
    static let renderKeys: Set<String> = [
        "header", "device", "viewport", "offsets", "indicator", "indicatorStyle", "bounce", "overscrollColor", "strategy",
        "viewportRules", "engine", "safeArea", "insetAdjustment", "toolbarHeight", "appearance", "client", "tolerance", "masks",
        "timezone", "message", "fontDir", "images", "placeholderColor", "assets", "assetsMap",
    ]
    static let sceneKeys: Set<String> = renderKeys.union(["name", "mail", "html"])
    static let defaultKeys: Set<String> = renderKeys

    /// Reads and checks a suite file; every problem is a one-line `RenderError.input`.
    /// `allowedDirectories` (`--allow-dir`) may hold mails and images too.
    public static func load(path: String, allowedDirectories: [String] = []) throws -> Suite {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw RenderError.input("cannot read suite '\(path)': no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw RenderError.input("cannot read suite '\(path)'") }
        guard data.count <= 16 << 20 else { throw RenderError.input("suite '\(path)' is larger than 16 MB") }
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw RenderError.input("\(path): not valid JSON")
        }
        let base = (path as NSString).deletingLastPathComponent
        let folder = URL(fileURLWithPath: base.isEmpty ? "." : base).standardizedFileURL.resolvingSymlinksInPath().path
        let root = try JSONFields(json, path: (path as NSString).lastPathComponent)
        try root.allowOnly(["golden", "defaults", "scenes"])
        let defaults = try root.object("defaults")
        try defaults?.allowOnly(defaultKeys)
        guard let scenes = try root.array("scenes"), !scenes.isEmpty else {
            throw RenderError.input("\(root.path): 'scenes' must list at least one scene")
        }
        var seen = Set<String>()
        var entries: [Entry] = []
        for (index, value) in scenes.enumerated() {
            let fields = try JSONFields(value, path: "\(root.path): scenes[\(index)]")
            try fields.allowOnly(sceneKeys)
            guard let name = try fields.string("name") else { throw RenderError.input("\(fields.path): 'name' is required") }
            guard isValidName(name) else {
                throw RenderError.input("\(fields.path): name '\(name)' may hold only letters, digits, '.', '_' and '-'")
            }
            guard seen.insert(name).inserted else { throw RenderError.input("\(fields.path): scene name '\(name)' is used twice") }
            var entry = try entry(name: name, fields: fields, defaults: defaults, folder: folder,
                                  allowed: allowedDirectories.map(ImageStore.resolved))
            entry.scene.allowedDirectories = allowedDirectories
            let own: AppearanceChoice? = try fields.choice("appearance")
            let inherited: AppearanceChoice? = try defaults?.choice("appearance")
            let choice = own ?? inherited ?? .light
            entries += entry.expanded(choice)
        }
        var names = Set<String>()
        for entry in entries where !names.insert(entry.name).inserted {
            throw RenderError.input("\(root.path): scene name '\(entry.name)' is used twice (a scene with appearance both is also named so)")
        }
        let golden = try root.string("golden") ?? "golden"
        guard !golden.isEmpty else { throw RenderError.input("\(root.path).golden: empty folder name") }
        let goldenDirectory = golden.hasPrefix("/") ? golden : (base.isEmpty ? golden : (base as NSString).appendingPathComponent(golden))
        return Suite(entries: entries, goldenDirectory: goldenDirectory, layout: .perScene, file: path)
    }

    private static func entry(name: String, fields: JSONFields, defaults: JSONFields?, folder: String, allowed: [String]) throws -> Entry {
        let mail = try fields.string("mail"), inline = try fields.string("html")
        var scene: Scene
        let isMessage = mail.map(MailMessage.isMessageFile) ?? false
        switch (mail, inline) {
        case let (path?, nil) where isMessage:
            // A .eml message brings its header (in the scene's time zone) and its cid: images.
            let zoneName = try fields.string("timezone") ?? defaults?.string("timezone") ?? "UTC"
            let timeZone: TimeZone
            do { timeZone = try MessageHeaderTemplate.timeZone(named: zoneName) } catch let error as RenderError {
                throw RenderError.input("\(fields.path).timezone: \(error.description)")
            }
            let message: MailMessage
            do { message = try MailMessage.read(path: try resolveMail(path, folder: folder, allowed: allowed, context: fields.path), timeZone: timeZone) } catch let error as RenderError {
                throw RenderError.input("\(fields.path).mail: \(error.description)")
            }
            // The template paints its own background unless the suite sets a header colour.
            let colour = try (fields.object("header")?.string("color") ?? defaults?.object("header")?.string("color")).flatMap(CSSColor.parse)
            scene = Scene(message: message, timeZone: timeZone, headerColor: colour)
        case let (path?, nil): scene = Scene(html: try readMail(path, folder: folder, allowed: allowed, context: fields.path))
        case let (nil, text?): scene = Scene(html: text)
        case (nil, nil): throw RenderError.input("\(fields.path): give 'mail' (a file) or 'html' (inline)")
        case (_?, _?): throw RenderError.input("\(fields.path): give either 'mail' or 'html', not both")
        }
        if !isMessage {
            // Local images of a mail file resolve inside its folder; inline HTML uses the suite's.
            scene.baseDirectory = mail.map { path in
                ((path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)) as NSString).deletingLastPathComponent
            } ?? folder
        }
        var tolerance = Tolerance()
        var fixedHeaderHeight = false
        for source in [defaults, fields].compactMap({ $0 }) {
            try apply(source, to: &scene, tolerance: &tolerance, folder: folder)
            if try source.object("header")?.number("height") != nil { fixedHeaderHeight = true }
        }
        // `message`: header fields for an HTML mail's default header (defaults', then the scene's).
        var given = GivenHeaderFields()
        for source in [defaults, fields].compactMap({ $0 }) {
            guard let object = try source.object("message") else { continue }
            try object.allowOnly(Set(GivenHeaderFields.names))
            for name in GivenHeaderFields.names { if let value = try object.string(name) { given.values[name] = value } }
        }
        if !given.isEmpty {
            guard !isMessage else { throw RenderError.input("\(fields.path).message: header fields apply to HTML mails; a .eml message brings its own") }
            guard scene.headerHTML == nil else { throw RenderError.input("\(fields.path).message: header fields fill the default header, which header.html replaces") }
            let zoneName = try fields.string("timezone") ?? defaults?.string("timezone") ?? "UTC"
            let timeZone: TimeZone
            do { timeZone = try MessageHeaderTemplate.timeZone(named: zoneName) } catch let error as RenderError {
                throw RenderError.input("\(fields.path).timezone: \(error.description)")
            }
            do { try scene.showHeader(given, timeZone: timeZone) } catch let error as RenderError {
                throw RenderError.input("\(fields.path).message.\(error.description)")
            }
        }
        if (isMessage || !given.isEmpty) && !fixedHeaderHeight { scene.fitHeaderHeight() }
        do { try scene.validate() } catch let error as RenderError { throw RenderError.input("\(fields.path): \(error.description)") }
        return Entry(name: name, scene: scene, tolerance: tolerance)
    }

    /// `images`, `placeholderColor`, `assets` (a folder) and `assetsMap` (a map file), paths
    /// relative to the suite; a scene's key replaces the defaults' one.
    private static func applyImages(_ fields: JSONFields, to scene: inout Scene, folder: String) throws {
        func inSuite(_ path: String) -> String { path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path) }
        if let failed: ImageOptions.Failed = try fields.choice("images") { scene.images.failed = failed }
        if let colour = try fields.string("placeholderColor") {
            guard let parsed = CSSColor.parse(colour) else { throw RenderError.input("\(fields.path).placeholderColor: '\(colour)' is not a CSS colour") }
            scene.images.placeholderColor = parsed
        }
        if let assets = try fields.string("assets") {
            scene.images.assets.hostFolders = []
            try scene.images.assets.addHostFolder(inSuite(assets), context: "\(fields.path).assets")
        }
        if let map = try fields.string("assetsMap") {
            scene.images.assets.prefixes = []
            do { try scene.images.assets.addMap(file: inSuite(map)) } catch let error as RenderError {
                throw RenderError.input("\(fields.path).assetsMap: \(error.description)")
            }
        }
    }

    /// Settings of `defaults` first, then the scene's own; each key replaces the earlier value.
    private static func apply(_ fields: JSONFields, to scene: inout Scene, tolerance: inout Tolerance, folder: String) throws {
        if let device = try fields.string("device") {
            scene.apply(try Device.named(device, context: "\(fields.path).device"))
        }
        if let viewport = try fields.object("viewport") {
            try viewport.allowOnly(["width", "height", "scale"])
            if let width = try viewport.number("width") { scene.viewportWidth = width }
            if let height = try viewport.number("height") { scene.viewportHeight = height }
            if let scale = try viewport.number("scale") { scene.scale = scale }
        }
        if let header = try fields.object("header") {
            try header.allowOnly(["height", "color", "html", "mode", "min"])
            if let height = try header.number("height") { scene.headerHeight = height }
            if let mode: HeaderMode = try header.choice("mode") { scene.headerMode = mode }
            if let minimum = try header.number("min") { scene.headerMinHeight = minimum }
            if let colour = try header.string("color") {
                guard let parsed = CSSColor.parse(colour) else { throw RenderError.input("\(header.path).color: '\(colour)' is not a CSS colour") }
                scene.headerColor = parsed
            }
            if let html = try header.string("html") { scene.headerHTML = html }
        }
        if let offsets = try fields.array("offsets") {
            guard !offsets.isEmpty, offsets.count <= 1000 else { throw RenderError.input("\(fields.path).offsets: list 1 to 1000 offsets") }
            scene.offsets = try offsets.map { value in
                if let text = value as? String { return try ScrollOffset.parse(text, context: "\(fields.path).offsets") }
                guard let number = JSONFields.number(value) else {
                    throw RenderError.input("\(fields.path).offsets: expected numbers, ranges such as \"0:600:50\" or \"end\"")
                }
                return .at(number == 0 ? 0 : number)
            }
        }
        if let fontDir = try fields.string("fontDir") {
            let directory = fontDir.hasPrefix("/") ? fontDir : (folder as NSString).appendingPathComponent(fontDir)
            _ = try TeamFonts.files(in: directory, context: "\(fields.path).fontDir:")
            scene.fontDirectory = directory
        }
        if let indicator: IndicatorMode = try fields.choice("indicator") { scene.indicator = indicator }
        if let style: IndicatorStyle = try fields.choice("indicatorStyle") { scene.indicatorStyle = style }
        if let bounce = try fields.bool("bounce") { scene.bounce = bounce }
        if let colour = try fields.string("overscrollColor") {
            guard let parsed = CSSColor.parse(colour) else { throw RenderError.input("\(fields.path).overscrollColor: '\(colour)' is not a CSS colour") }
            scene.overscrollColor = parsed
        }
        if let strategy: HeaderStrategy = try fields.choice("strategy") { scene.strategy = strategy }
        if let rules: ViewportRules = try fields.choice("viewportRules") { scene.viewportRules = rules }
        if let engine: WebEngine = try fields.choice("engine") { scene.engine = engine }
        if let safeArea = try fields.object("safeArea") {
            try safeArea.allowOnly(["top", "bottom"])
            if let top = try safeArea.number("top") { scene.safeAreaTop = top }
            if let bottom = try safeArea.number("bottom") { scene.safeAreaBottom = bottom }
        }
        if let adjustment: InsetAdjustment = try fields.choice("insetAdjustment") { scene.insetAdjustment = adjustment }
        if let toolbar = try fields.number("toolbarHeight") { scene.toolbarHeight = toolbar }
        // `both` makes two entries (`Entry.expanded`); each scene holds one appearance.
        if let choice: AppearanceChoice = try fields.choice("appearance") { scene.appearance = choice.appearances[0] }
        if let client: ClientProfile = try fields.choice("client") { scene.client = client }
        try applyImages(fields, to: &scene, folder: folder)
        if let settings = try fields.object("tolerance") {
            try settings.allowOnly(["threshold", "includeAA", "maxDiffPixels", "maxDiffRatio", "window"])
            if let threshold = try settings.number("threshold") {
                guard threshold >= 0, threshold <= 1 else { throw RenderError.input("\(settings.path).threshold: must be between 0 and 1") }
                tolerance.threshold = threshold
            }
            if let includeAA = try settings.bool("includeAA") { tolerance.includeAA = includeAA }
            if let count = try settings.wholeNumber("maxDiffPixels", atLeast: 0) { tolerance.maxDiffPixels = count }
            if let ratio = try settings.number("maxDiffRatio") {
                guard ratio >= 0, ratio <= 1 else { throw RenderError.input("\(settings.path).maxDiffRatio: must be between 0 and 1") }
                tolerance.maxDiffRatio = ratio
            }
            if let window = try settings.wholeNumber("window", atLeast: 1) { tolerance.window = window }
        }
        if let masks = try fields.array("masks") {
            tolerance.masks = []
            tolerance.maskSelectors = []
            for (index, value) in masks.enumerated() {
                let mask = try JSONFields(value, path: "\(fields.path).masks[\(index)]")
                if let selector = try mask.string("selector") {
                    try mask.allowOnly(["selector"])
                    do { try MaskSelector.validate(selector) } catch let error as RenderError {
                        throw RenderError.input("\(mask.path).selector: \(error.description)")
                    }
                    tolerance.maskSelectors.append(selector)
                    continue
                }
                try mask.allowOnly(["x", "y", "width", "height", "in", "selector"])
                guard let x = try mask.number("x"), let y = try mask.number("y"),
                      let width = try mask.number("width"), let height = try mask.number("height"), width > 0, height > 0 else {
                    throw RenderError.input("\(mask.path): needs a selector, or x, y and a positive width and height (points)")
                }
                let space: MaskSpace = try mask.choice("in") ?? .viewport
                tolerance.masks.append(MaskRect(x: x, y: y, width: width, height: height, in: space))
            }
        }
    }

    /// Mail files are read only inside the suite's folder (design §6).
    private static func readMail(_ path: String, folder: String, allowed: [String], context: String) throws -> String {
        let resolved = try resolveMail(path, folder: folder, allowed: allowed, context: context)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: resolved) else {
            throw RenderError.input("\(context).mail: cannot read '\(path)'")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func resolveMail(_ path: String, folder: String, allowed: [String], context: String) throws -> String {
        let full = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
        let resolved = URL(fileURLWithPath: full).standardizedFileURL.resolvingSymlinksInPath().path
        guard ([folder] + allowed).contains(where: { resolved.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
            throw RenderError.input("\(context).mail: '\(path)' is outside the suite's folder")
        }
        return resolved
    }
}
