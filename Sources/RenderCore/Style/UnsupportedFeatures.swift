/// CSS that WebKit renders and this engine drops, found while styling a mail, so a user knows
/// when a frame cannot be trusted. One finding per feature per mail, with the first element
/// that uses it.
///
/// What counts is derived, not listed: a property WebKit parses (`WebKitProperties`) that
/// the engine does not declare (`PropertyRegistry`, `ComputedStyle.apply`'s answer), a keyword WebKit takes for a property that the engine
/// parses but lays out as something else (`partlySupported`), or an at-rule WebKit applies
/// that the stylesheet parser skips (`renderingAtRules`). Properties that change
/// nothing in a still frame of a phone screen (animation, cursor, print breaks…) and SVG-only
/// properties (librsvg draws SVG with its own CSS) are never reported.
struct UnsupportedFeatures: Sendable {
    struct Use: Sendable, Equatable {
        /// What is missing, as CSS: `mask-composite`, `display: ruby`.
        let feature: String
        let node: DOMDocument.NodeID
    }
    private(set) var uses: [Use] = []
    private var seen: Set<String> = []

    /// Notes `declaration` on `node` if it names something the engine lacks; `known` is what
    /// `apply` answered.
    mutating func check(_ declaration: Declaration, known: Bool, on node: DOMDocument.NodeID) {
        guard let feature = Self.feature(of: declaration, known: known) else { return }
        note(feature, node)
    }

    /// Notes an at-rule the stylesheet parser skipped, if WebKit would have applied it.
    mutating func check(atRule name: String, in node: DOMDocument.NodeID) {
        guard Self.renderingAtRules.contains(name) else { return }
        note("@" + name, node)
    }

    /// WebKit's at-rules that change what a still frame shows (not `@keyframes`, `@page`,
    /// `@import`, which fetches, `@charset`, `@namespace`, `@starting-style`).
    static let renderingAtRules: Set<String> = [
        "media", "supports", "font-face", "layer", "container", "property", "counter-style", "scope",
        "font-feature-values", "font-palette-values",
    ]

    private mutating func note(_ feature: String, _ node: DOMDocument.NodeID) {
        guard !seen.contains(feature) else { return }
        seen.insert(feature)
        uses.append(Use(feature: feature, node: node))
    }

    static func feature(of declaration: Declaration, known: Bool) -> String? {
        let name = declaration.name
        if !known {
            guard WebKitProperties.names.contains(name), !noEffectInAStillFrame(name) else { return nil }
            // A `-webkit-` alias is the feature it aliases: `-webkit-flex` is `flex`.
            return WebKitProperties.standardName(aliasedBy: name) ?? name
        }
        guard let rule = partlySupported[name] else { return nil }
        let keyword = declaration.value.trimmingWhitespaces().lowercased()
        guard rule.webKit.contains(keyword), !rule.engine(keyword) else { return nil }
        return "\(name): \(keyword)"
    }

    /// Keyword properties the engine parses only in part: WebKit's keywords, and which of them
    /// the engine lays out as WebKit does (the others are dropped or laid out as another value).
    static let partlySupported: [String: (webKit: Set<String>, engine: @Sendable (String) -> Bool)] = [
        "display": (["inline", "block", "list-item", "inline-block", "table", "inline-table", "table-row-group",
                     "table-header-group", "table-footer-group", "table-row", "table-column-group", "table-column",
                     "table-cell", "table-caption", "none", "flex", "inline-flex", "grid", "inline-grid", "contents",
                     "flow-root", "ruby", "ruby-text", "-webkit-box", "-webkit-inline-box", "-webkit-flex",
                     "-webkit-inline-flex", "block flow", "inline flow-root", "block flex", "inline flex"],
                    { Display(declared: $0) != nil || FlexStyle.legacyDisplay($0) != nil }),
        "writing-mode": (["horizontal-tb", "vertical-rl", "vertical-lr", "sideways-rl", "sideways-lr",
                          "lr", "lr-tb", "rl", "rl-tb", "tb", "tb-rl"],
                         { WritingMode(keyword: $0) != nil }),
    ]

    /// Properties with nothing to show in a still frame of a phone screen, or only inside SVG.
    static func noEffectInAStillFrame(_ name: String) -> Bool {
        let unprefixed = name.hasPrefix("-webkit-") ? String(name.dropFirst(8)) : name
        return stillFrame.contains(unprefixed) || stillFramePrefixes.contains { unprefixed.hasPrefix($0) }
            || svgOnly.contains(unprefixed)
    }

    private static let stillFrame: Set<String> = [
        "cursor", "pointer-events", "user-select", "touch-action", "caret-color", "resize",
        "user-drag", "tap-highlight-color", "touch-callout", "text-size-adjust", "user-modify", "speak-as",
        "page", "size", "nbsp-mode", "interpolate-size", "print-color-adjust", "color-adjust",
        "dynamic-range-limit", "field-sizing", "interactivity", "app-region", "zoom-behavior",
        "font-optical-sizing", "font-display", "math-depth", "math-shift",
        "math-style", "font-smoothing", "border-fit", "marquee-direction",
        "marquee-increment", "marquee-repetition", "marquee-speed", "marquee-style", "overflow-anchor",
        "color-interpolation", "color-rendering", "shape-rendering", "buffered-rendering", "input-security",
        "text-zoom", "cursor-visibility",
    ]
    private static let stillFramePrefixes = [
        "animation", "transition", "scroll-", "overscroll-", "break-", "page-break-", "column-break-",
        "timeline", "view-timeline", "scroll-timeline", "view-transition", "line-grid", "line-snap", "line-align",
        "dashboard-", "overflow-scrolling", "hyphenate-limit", "speak",
    ]
    private static let svgOnly: Set<String> = [
        "alignment-baseline", "baseline-shift", "buffered-rendering", "clip-rule", "color-interpolation-filters",
        "cx", "cy", "d", "dominant-baseline", "fill", "fill-opacity", "fill-rule", "flood-color", "flood-opacity",
        "glyph-orientation-horizontal", "glyph-orientation-vertical", "kerning", "lighting-color", "marker",
        "marker-end", "marker-mid", "marker-start", "mask-type", "paint-order", "r", "rx", "ry", "stop-color",
        "stop-opacity", "stroke", "stroke-color", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor", "vector-effect",
        "x", "y", "writing-mode-svg",
    ]
}
