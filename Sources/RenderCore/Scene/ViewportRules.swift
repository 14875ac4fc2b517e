import Foundation

/// How the mail's layout width and zoom are chosen.
public enum ViewportRules: String, Sendable, CaseIterable {
    /// Lay out at the view's width, zoom 1 (a plain web view without WebKit's viewport rules).
    case none
    /// WebKit on iOS: `<meta name=viewport>`, the 980 px default, shrink-to-fit, and Apple
    /// Mail's `x-apple-disable-message-reformatting`.
    case webkit
}

/// The web view a scene emulates, for per-engine quirks.
public enum WebEngine: String, Sendable, CaseIterable {
    /// UIWebView (the seed): contentSize is the document's size.
    case uiwebview
    /// WKWebView: contentSize.height is at least the view's height.
    case wkwebview
}

/// The layout width and zoom scale WebKit gives a mail (design.md §2, "WebKit viewport rules").
public struct ViewportResolution: Sendable, Equatable {
    /// The width the document is laid out at, in CSS px.
    public var layoutWidth: Double
    /// Whether content wider than the layout width is scaled down to fit.
    public var shrinksToFit: Bool
    /// Why: `none`, `default 980`, `device-width`, `width=N`, `disable-message-reformatting`.
    public var reason: String

    /// WebKit's default layout width for pages without a viewport meta.
    public static let defaultLayoutWidth = 980.0
    /// WebKit's zoom limits.
    public static let minimumScale = 0.25
    public static let maximumScale = 5.0

    /// The layout width for `dom` on a view `viewWidth` points wide.
    public static func resolve(_ dom: DOMDocument, rules: ViewportRules, viewWidth: Double) -> ViewportResolution {
        guard rules == .webkit else { return ViewportResolution(layoutWidth: viewWidth, shrinksToFit: false, reason: "none") }
        let metas = dom.nodes.indices.filter { dom[$0].tag == "meta" }
        func content(named name: String) -> String? {
            metas.last { dom[$0].attributes["name"]?.trimmingCharacters(in: .whitespaces).lowercased() == name }
                .map { dom[$0].attributes["content"] ?? "" }
        }
        if content(named: "x-apple-disable-message-reformatting") != nil {
            // Apple Mail neither widens the layout nor scales the message down.
            return ViewportResolution(layoutWidth: viewWidth, shrinksToFit: false, reason: "disable-message-reformatting")
        }
        guard let viewport = content(named: "viewport") else {
            return ViewportResolution(layoutWidth: defaultLayoutWidth, shrinksToFit: true, reason: "default 980")
        }
        let properties = parseViewportContent(viewport)
        let shrinks = properties["shrink-to-fit"].map { !["no", "0", "false"].contains($0) } ?? true
        if let width = properties["width"] {
            if width == "device-width" {
                return ViewportResolution(layoutWidth: viewWidth, shrinksToFit: shrinks, reason: "device-width")
            }
            if let pixels = Double(width.trimmingCharacters(in: CharacterSet(charactersIn: "px"))), pixels.isFinite, pixels > 0 {
                // WebKit clamps a numeric width to 1...10000.
                let clamped = min(max(pixels, 1), 10_000)
                return ViewportResolution(layoutWidth: clamped, shrinksToFit: shrinks, reason: "width=\(Scene.format(clamped))")
            }
        }
        if let initialScale = properties["initial-scale"].flatMap(Double.init), initialScale.isFinite, initialScale > 0 {
            // No usable width: the layout width is what fits the view at the initial scale.
            let width = viewWidth / min(max(initialScale, minimumScale), maximumScale)
            return ViewportResolution(layoutWidth: width, shrinksToFit: shrinks, reason: "initial-scale=\(Scene.format(initialScale))")
        }
        return ViewportResolution(layoutWidth: defaultLayoutWidth, shrinksToFit: shrinks, reason: "default 980")
    }

    /// The zoom scale once the document is laid out: view width over the layout width, or over
    /// the content's width when it is wider and shrink-to-fit is on; limited to 0.25...5.
    /// 1 when no rule applies.
    public func zoomScale(contentWidth: Double, viewWidth: Double, rules: ViewportRules) -> Double {
        guard rules == .webkit, reason != "disable-message-reformatting" else { return 1 }
        let shown = shrinksToFit ? max(layoutWidth, contentWidth) : layoutWidth
        guard shown > 0 else { return 1 }
        return min(max(viewWidth / shown, Self.minimumScale), Self.maximumScale)
    }

    /// `width=device-width, initial-scale=1` → ["width": "device-width", "initial-scale": "1"];
    /// commas, semicolons or spaces separate properties, as WebKit accepts.
    static func parseViewportContent(_ content: String) -> [String: String] {
        var properties: [String: String] = [:]
        let normalized = content.lowercased()
            .replacingOccurrences(of: #"\s*=\s*"#, with: "=", options: .regularExpression)
        for item in normalized.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard let key = pair.first, !key.isEmpty else { continue }
            properties[key] = pair.count > 1 ? pair[1] : ""
        }
        return properties
    }
}
