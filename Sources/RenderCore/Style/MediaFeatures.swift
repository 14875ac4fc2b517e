/// The discrete media features (Media Queries 4 and 5) as an iPhone answers them: a touch
/// screen (no hover, a coarse pointer), no user preference for motion, contrast or
/// transparency, a P3 HDR display, and WebKit's own `-webkit-transform-3d` and friends.
enum MediaFeatures {
    struct Discrete {
        /// The values `(feature: value)` matches.
        let values: Set<String>
        /// What `(feature)` alone evaluates to.
        let boolean: Bool
    }

    static func discrete(_ name: String, _ context: MediaContext) -> Discrete? {
        switch name {
        case "hover", "any-hover": return Discrete(values: ["none"], boolean: false)
        case "pointer", "any-pointer": return Discrete(values: ["coarse"], boolean: true)
        case "prefers-reduced-motion", "prefers-contrast", "prefers-reduced-transparency":
            return Discrete(values: ["no-preference"], boolean: false)
        case "forced-colors", "inverted-colors": return Discrete(values: ["none"], boolean: false)
        case "color-gamut": return Discrete(values: ["srgb", "p3"], boolean: true)
        case "dynamic-range", "video-dynamic-range": return Discrete(values: ["standard", "high"], boolean: true)
        case "update": return Discrete(values: ["fast"], boolean: true)
        case "overflow-block", "overflow-inline": return Discrete(values: ["scroll"], boolean: true)
        case "display-mode": return Discrete(values: ["browser"], boolean: true)
        case "prefers-color-scheme": return Discrete(values: [context.darkMode ? "dark" : "light"], boolean: true)
        case "orientation":
            return Discrete(values: [context.viewportHeight >= context.viewportWidth ? "portrait" : "landscape"], boolean: true)
        case "-webkit-transform-3d", "-webkit-transform-2d", "-webkit-transition", "-webkit-animation":
            return Discrete(values: ["1"], boolean: true)
        default: return nil
        }
    }
}
