/// The colour schemes a document declares it supports: the `color-scheme` property on its
/// root element, else `<meta name="color-scheme">` or `<meta name="supported-color-schemes">`
/// (CSS Color Adjustment §2; WebKit reads both metas). The document's scheme decides the
/// canvas and the default text colour; an inner element's `color-scheme` decides only how its
/// system colours and `light-dark()` resolve (`ComputedStyle.usesDarkScheme`).
public struct ColorScheme: Sendable, Equatable {
    /// Whether anything was declared (`normal`, empty or unknown words are nothing).
    public let declared: Bool
    /// Whether `dark` is among the schemes (and not ruled out by `only light`).
    public let allowsDark: Bool
    /// Whether `dark` is the only scheme (`dark`, `only dark`): WebKit then uses dark whatever
    /// the appearance (`Document::useDarkAppearance`), as Chromium does.
    public var onlyDark: Bool { allowsDark && !text.split(separator: " ").contains("light") }
    /// The declaration as written (lower-cased, spaces collapsed), for reports.
    public let text: String

    public static let normal = ColorScheme(declared: false, allowsDark: false, text: "normal")

    init(declared: Bool, allowsDark: Bool, text: String) {
        self.declared = declared
        self.allowsDark = allowsDark
        self.text = text
    }

    /// A `color-scheme` value or a meta's content: `normal`, `light`, `dark`, `light dark`,
    /// `only light`, `dark light`… (commas, which some mails put in the meta, count as spaces).
    /// Unknown words are ignored, as CSS allows custom scheme names.
    public static func parse(_ value: String) -> ColorScheme {
        let words = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .map(String.init)
        let schemes = words.filter { $0 != "only" }
        guard !schemes.isEmpty, !(schemes == ["normal"]) else { return .normal }
        let known = schemes.filter { $0 == "light" || $0 == "dark" }
        guard !known.isEmpty else { return .normal }
        return ColorScheme(declared: true, allowsDark: known.contains("dark"), text: words.joined(separator: " "))
    }

    /// The document's scheme: the root's property when it says something, else the first
    /// color-scheme meta that does (WebKit: the meta sets the document's scheme, the root's
    /// `color-scheme` overrides it).
    static func of(_ dom: DOMDocument, rootProperty: String?) -> ColorScheme {
        if let rootProperty {
            let scheme = parse(rootProperty)
            if scheme.declared { return scheme }
        }
        for id in dom.nodes.indices where dom[id].tag == "meta" {
            let name = dom[id].attributes["name"]?.lowercased().trimmingWhitespaces() ?? ""
            guard name == "color-scheme" || name == "supported-color-schemes", let content = dom[id].attributes["content"] else { continue }
            let scheme = parse(content)
            if scheme.declared { return scheme }
        }
        return .normal
    }
}
