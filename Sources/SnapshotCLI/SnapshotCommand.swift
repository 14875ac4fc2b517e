import Foundation
import RenderCore

/// The `snapshot` command: parses arguments, wires the RenderCore pipeline, reports.
/// Returns the exit status: 0 success, 1 frames that differ from their goldens (check, diff),
/// 2 any error — bad input or flags, a file that cannot be written (a full disk, a read-only
/// folder), a limit that stops the run, `--timeout`. As a process, 130 and 143 after SIGINT
/// and SIGTERM.
public struct SnapshotCommand {
    public var standardOutput: (String) -> Void = { print($0) }
    public var standardError: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The process environment (`CI` picks the default record mode); tests inject their own.
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    /// The process entry point: SIGINT, SIGTERM and `--timeout` end the run cleanly
    /// (`ProcessEnd`), whatever command runs.
    public static func main(_ arguments: [String]) -> Never {
        let command = SnapshotCommand()
        let deadline = (try? Self.timeout(in: arguments))?.seconds
        ProcessEnd.install(deadline: deadline)
        exit(command.run(arguments))
    }

    /// `--timeout SECONDS` (or `--timeout=SECONDS`) anywhere, for every command: the seconds
    /// and the arguments without it.
    static func timeout(in arguments: [String]) throws -> (seconds: Double?, rest: [String]) {
        var rest: [String] = []
        var seconds: Double?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var raw: String
            if argument == "--timeout" {
                guard index < arguments.count else { throw UsageError("option '--timeout' needs a value") }
                raw = arguments[index]
                index += 1
            } else if argument.hasPrefix("--timeout=") {
                raw = String(argument.dropFirst("--timeout=".count))
            } else {
                rest.append(argument)
                continue
            }
            raw = raw.trimmingCharacters(in: .whitespaces)
            guard let value = Double(raw), value.isFinite, value > 0, value <= 86_400 else {
                throw UsageError("--timeout must be a number of seconds above 0 and at most 86400, got '\(raw)'")
            }
            seconds = value
        }
        return (seconds, rest)
    }

    /// The options of every command that renders a mail (render, layout; check and record of
    /// one mail).
    static let renderDeclared: [CommandOption] = [
        .value("offsets", "LIST", "scroll offsets in points: 0,50,150 (the default), ranges from:to:step, end"),
        .value("out", "DIR", "where frames go (default snapshots); render only"),
        .value("width", "PT", "viewport width (default 390)"),
        .value("height", "PT", "viewport height (default 844)"),
        .value("scale", "S", "pixels per point (default 3)"),
        .value("header-height", "PT", "the header's height (default 100; a message's header fits its content)"),
        .value("header-color", "COLOR", "the header's background (default #ff0000; #1C1C1E in dark mode)"),
        .value("header-html", "FRAGMENT", "HTML drawn inside the header box"),
        .value("indicator", "seed|follow|none", "the scroll indicator's track: H below the top (seed), below the visible header, or none"),
        .value("timezone", "ZONE", "dates in a message's header: UTC (default), an offset such as +02:00, or Europe/Berlin"),
        .value("allow-dir", "DIR", "let the mail read local files in this folder too (repeatable)"),
        .value("font-dir", "DIR", "the team's own fonts (TTF, OTF, WOFF, WOFF2) for the mail and --header-html, by their family names"),
    ] + SceneOptions.declared + GivenHeaderFields.names.map { name in
        .value(name, name == "date" ? "DATE" : name == "subject" ? "TEXT" : "ADDRESSES",
               "the \(name.capitalized) field of an HTML mail's header (the template a .eml message gets)")
    }
    static let renderOptions = renderDeclared.valueNames
    /// Options that only `render` takes: film outputs.
    static let filmDeclared: [CommandOption] = [
        .value("filmstrip", "FILE.png", "every frame side by side under its offset; frames are written only with --out"),
        .value("apng", "FILE.png", "an animated PNG of the scroll; frames are written only with --out"),
        .value("frame-delay", "MS", "each APNG frame's time (default 200)"),
    ]
    static let filmOptions = filmDeclared.valueNames
    /// How `render` writes frames; they do not change a frame's pixels.
    static let frameWriterDeclared: [CommandOption] = [
        .value("png", "fast|small", "PNG compression: fast (default) or about 30 % smaller for 13 times the time"),
        .value("jobs", "N", "frames rendered on N threads (default: one per core); the same bytes whatever N"),
    ]
    static let frameWriterOptions = frameWriterDeclared.valueNames
    static let renderOnlyDeclared: [CommandOption] = [
        .switch("full-page", "write the whole mail as one page.png instead of frames"),
        .switch("list-devices", "list the --device names with their sizes, scales and safe areas"),
    ]
    static let layoutDeclared: [CommandOption] = [.switch("json", "print the scroll geometry, boxes and text as JSON (required)")]
    /// Taken by every command (`main` reads it before the command runs).
    static let timeoutOption = CommandOption.value("timeout", "SECONDS", "end the whole run after this long: exit 2, unfinished files removed")

    public func run(_ given: [String]) -> Int32 {
        // `--timeout` is the process's (`main`); here it is only checked and set aside.
        let arguments: [String]
        do {
            arguments = try Self.timeout(in: given).rest
        } catch {
            standardError("snapshot: \(error)")
            return 2
        }
        guard let command = arguments.first else {
            standardError(Self.overview)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        // `COMMAND --help` (or -h) anywhere: the command's help, whatever else is given.
        if Self.command(named: command) != nil, rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return help([command])
        }
        do {
            switch command {
            case "render":
                let arguments = try Arguments(rest, declared: Self.declaredOptions(of: command))
                if arguments.has("list-devices") { return listDevices() }
                return try render(arguments)
            case "layout":
                return try layout(Arguments(rest, declared: Self.declaredOptions(of: command)))
            case "--list-devices", "list-devices":
                try Self.takesNoArguments("list-devices", rest)
                return listDevices()
            case "check", "record":
                return try regression(command, Arguments(rest, declared: Self.declaredOptions(of: command)))
            case "accept":
                return try accept(Arguments(rest, declared: Self.declaredOptions(of: command)))
            case "prune":
                return try prune(Arguments(rest, declared: Self.declaredOptions(of: command)))
            case "diff":
                return try diff(Arguments(rest, declared: Self.declaredOptions(of: command)))
            case "init":
                return try initSuite(Arguments(rest, declared: Self.declaredOptions(of: command)))
            case "sample-mail":
                try Self.takesNoArguments(command, rest)
                // The built-in mail as HTML, to open in a browser beside our frames.
                standardOutput(SampleMail.html)
                return 0
            case "help", "--help", "-h":
                return help(rest)
            case "version", "--version", "-V":
                try Self.takesNoArguments("version", rest)
                return version()
            default:
                throw UsageError("unknown command '\(command)'\(Suggestion.didYouMean(command, among: Self.commands.map(\.name)))"
                                 + "; run `snapshot help` for the list")
            }
        } catch let error as UsageError {
            standardError("snapshot: \(error.description)")
            return 2
        } catch let error as RenderError {
            standardError("snapshot: \(error.description)")
            return 2
        } catch {
            standardError("snapshot: \(error.localizedDescription)")
            return 2
        }
    }

    /// A command without options or operands: anything given is an error, as a typo is
    /// elsewhere (only `--timeout` and `--help`, which every command takes).
    static func takesNoArguments(_ command: String, _ rest: [String]) throws {
        let arguments = try Arguments(rest, declared: declaredOptions(of: command))
        if let extra = arguments.positionals.first { throw UsageError("\(command) takes no arguments, got '\(extra)'") }
    }

    // MARK: Commands

    private func render(_ arguments: Arguments) throws -> Int32 {
        if arguments.has("full-page") && arguments.value("offsets") != nil {
            throw UsageError("--full-page renders the whole mail once; it takes no --offsets")
        }
        let compression = try pngCompression(arguments)
        let jobs = try jobCount(arguments)
        let film = try FilmOptions(arguments)
        if arguments.has("full-page") && film.wanted { throw UsageError("--full-page writes one page; it makes no film") }
        let appearance = try SceneOptions.appearanceChoice(arguments)
        if appearance == .both {
            if film.wanted || arguments.has("full-page") {
                throw UsageError("--appearance both writes light and dark frames; a film or a full page takes one appearance")
            }
            let directory = arguments.value("out") ?? "snapshots"
            let scene = try makeScene(arguments, mail: arguments.positionals.first)
            let renderers = try appearance.appearances.map { value -> SceneRenderer in
                var variant = scene
                variant.appearance = value
                return try makeRenderer(variant)
            }
            reportClamping(renderers[0].frames)
            for (value, renderer) in zip(appearance.appearances, renderers) {
                for path in try renderer.writeFrames(to: directory, compression: compression, jobs: jobs,
                                                     variant: appearance.variant(value)) {
                    standardOutput(path)
                }
            }
            return 0
        }
        let renderer = try makeRenderer(arguments)
        if film.wanted {
            reportClamping(renderer.frames)
            for path in try film.write(renderer, framesTo: arguments.value("out"), warn: standardError) { standardOutput(path) }
            return 0
        }
        let directory = arguments.value("out") ?? "snapshots"
        try OutputFolder.create(directory)
        if arguments.has("full-page") {
            let scene = renderer.scene
            let (canvas, wasCut) = try renderer.document.renderFullPage(
                viewportWidth: scene.viewportWidth, viewportHeight: scene.viewportHeight, scale: scene.scale)
            if wasCut {
                standardError("snapshot: warning: the page is \(displayNumber(renderer.document.height)) pt tall; cut at \(displayNumber(LaidOutDocument.maximumPageHeight(scale: scene.scale))) pt (32767 pixels at scale \(displayNumber(scene.scale)))")
            }
            let path = (directory as NSString).appendingPathComponent("page.png")
            try canvas.writePNG(to: path, compression: compression)
            standardOutput(path)
            return 0
        }
        reportClamping(renderer.frames)
        for path in try renderer.writeFrames(to: directory, compression: compression, jobs: jobs) { standardOutput(path) }
        return 0
    }

    private func listDevices() -> Int32 {
        for device in Device.all { standardOutput(device.summary) }
        return 0
    }

    private func layout(_ arguments: Arguments) throws -> Int32 {
        guard arguments.has("json") else { throw UsageError("layout prints JSON only: add --json") }
        if try SceneOptions.appearanceChoice(arguments) == .both {
            throw UsageError("layout describes one appearance: give --appearance light or dark")
        }
        let renderer = try makeRenderer(arguments)
        standardOutput(try LayoutReport(renderer).json())
        return 0
    }

    private func pngCompression(_ arguments: Arguments) throws -> PNGCompression {
        guard let name = arguments.value("png") else { return .fast }
        guard let compression = PNGCompression(rawValue: name) else {
            throw UsageError("--png '\(name)' is not one of fast, small")
        }
        return compression
    }

    /// Worker threads for frames; one per core unless told.
    private func jobCount(_ arguments: Arguments) throws -> Int {
        guard let raw = arguments.value("jobs") else { return SceneRenderer.defaultJobs }
        guard let jobs = Int(raw.trimmingCharacters(in: .whitespaces)), (1...256).contains(jobs) else {
            throw UsageError("--jobs must be a whole number from 1 to 256, got '\(raw)'")
        }
        return jobs
    }

    private func reportClamping(_ frames: [ScrollFrame]) {
        for warning in frames.compactMap(\.clampingWarning) { standardError("snapshot: \(warning)") }
    }

    private func makeRenderer(_ arguments: Arguments) throws -> SceneRenderer {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("expected at most one mail file, got \(arguments.positionals.count)")
        }
        return try makeRenderer(try makeScene(arguments, mail: arguments.positionals.first))
    }

    /// Lays the scene out; its warnings go to stderr.
    private func makeRenderer(_ scene: Scene) throws -> SceneRenderer {
        let renderer = try SceneRenderer(scene: scene)
        for warning in renderer.document.warnings { standardError("snapshot: warning: \(warning)") }
        for warning in renderer.header?.warnings ?? [] { standardError("snapshot: warning: header: \(warning)") }
        if let warning = renderer.paintBudgetWarning { standardError("snapshot: warning: \(warning)") }
        return renderer
    }

    /// The scene for a mail file (HTML, or a `.eml` message) or the built-in mail, with the
    /// render options applied. A message's warnings go to stderr.
    func makeScene(_ arguments: Arguments, mail: String?) throws -> Scene {
        let timeZone = try MessageHeaderTemplate.timeZone(named: arguments.value("timezone") ?? "UTC")
        var given = GivenHeaderFields()
        for name in GivenHeaderFields.names { given.values[name] = arguments.value(name) }
        let givenFlags = GivenHeaderFields.names.filter { given.values[$0] != nil }.map { "--" + $0 }.joined(separator: ", ")
        guard let mail, MailMessage.isMessageFile(mail) else {
            var scene = try makeScene(arguments, scene: Scene(html: try mail.map(readMail) ?? SampleMail.html), mailPath: mail)
            if !given.isEmpty {
                guard arguments.value("header-html") == nil else {
                    throw UsageError("header fields (\(givenFlags)) fill the default header, which --header-html replaces")
                }
                do { try scene.showHeader(given, timeZone: timeZone) } catch let RenderError.input(message) { throw UsageError("--\(message)") }
                if arguments.value("header-height") == nil { scene.fitHeaderHeight() }
            }
            return scene
        }
        guard given.isEmpty else {
            throw UsageError("header fields (\(givenFlags)) apply to HTML mails; a .eml message brings its own")
        }
        let message = try MailMessage.read(path: mail, timeZone: timeZone)
        for warning in message.warnings { standardError("snapshot: warning: \(warning)") }
        // The template paints its own background unless --header-color asks for another.
        let colour = arguments.value("header-color").flatMap(CSSColor.parse)
        var scene = try makeScene(arguments, scene: Scene(message: message, timeZone: timeZone, headerColor: colour), mailPath: nil)
        if arguments.value("header-height") == nil { scene.fitHeaderHeight() }
        return scene
    }

    /// A scene from the render options (`--offsets`, `--width`, … `--indicator`); local images
    /// resolve inside the mail's folder.
    func makeScene(_ arguments: Arguments, scene start: Scene, mailPath: String?) throws -> Scene {
        var scene = start
        if let mailPath {
            scene.baseDirectory = URL(fileURLWithPath: mailPath).deletingLastPathComponent().path
        }
        scene.allowedDirectories = try allowedDirectories(arguments)
        if let offsets = arguments.value("offsets") { scene.offsets = try parseOffsets(offsets) }
        // A device first: explicit sizes and safe areas below override its values.
        try SceneOptions.applyDevice(arguments, to: &scene)
        if let width = try arguments.number("width") { scene.viewportWidth = width }
        if let height = try arguments.number("height") { scene.viewportHeight = height }
        if let scale = try arguments.number("scale") { scene.scale = scale }
        if let header = try arguments.number("header-height") { scene.headerHeight = header }
        if let colour = arguments.value("header-color") {
            guard let parsed = CSSColor.parse(colour) else { throw UsageError("--header-color '\(colour)' is not a CSS colour") }
            scene.headerColor = parsed
        }
        if let fragment = arguments.value("header-html") { scene.headerHTML = fragment }
        if let directory = arguments.value("font-dir") {
            do { _ = try TeamFonts.files(in: directory, context: "--font-dir") } catch let error as RenderError { throw UsageError(error.description) }
            scene.fontDirectory = directory
        }
        if let indicator = arguments.value("indicator") {
            guard let mode = IndicatorMode(rawValue: indicator) else {
                throw UsageError("--indicator '\(indicator)' is not one of none, seed, follow")
            }
            scene.indicator = mode
        }
        try SceneOptions.apply(arguments, to: &scene)
        try scene.validate()
        return scene
    }

    /// `--allow-dir DIR` (repeatable): existing folders whose files a mail may read too.
    func allowedDirectories(_ arguments: Arguments) throws -> [String] {
        try arguments.allValues("allow-dir").map { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("--allow-dir '\(path)' is not a folder")
            }
            return path
        }
    }

    func readMail(_ path: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RenderError.input("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw RenderError.input("cannot read '\(path)': it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderError.input("cannot read '\(path)': permission denied or unreadable")
        }
        // Invalid UTF-8 is replaced, never fatal: mail from the wild is often mislabelled.
        return String(decoding: data, as: UTF8.self)
    }
}
