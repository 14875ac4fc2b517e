/// Light or dark mode: `prefers-color-scheme` in the mail's CSS, the default text, link and
/// canvas colours, and the defaults of the header, overscroll background and indicator.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark

    public var isDark: Bool { self == .dark }

    /// The web view's canvas where the mail sets no background: white, or iOS's dark
    /// systemBackground (black).
    public var defaultCanvasColor: RGBA { isDark ? .black : .white }

    /// The seed's red header in light; iOS's dark secondary grouped background (#1C1C1E) in dark.
    public var defaultHeaderColor: RGBA {
        isDark ? RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1) : RGBA(r: 1, g: 0, b: 0, a: 1)
    }

    /// UIWebView's #BFBDC2 in light; iOS's dark systemGray6 (#1C1C1E) in dark.
    public var defaultOverscrollColor: RGBA {
        isDark ? RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1) : Scene.overscrollColor
    }

    /// A bottom toolbar's bar and its top hairline.
    var toolbarColor: RGBA {
        isDark ? RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1) : RGBA(r: 0xF9 / 255.0, g: 0xF9 / 255.0, b: 0xF9 / 255.0, a: 1)
    }
    var toolbarHairlineColor: RGBA {
        isDark ? RGBA(r: 1, g: 1, b: 1, a: 0.15) : RGBA(r: 0, g: 0, b: 0, a: 0.3)
    }
}

/// UIScrollView.indicatorStyle.
public enum IndicatorStyle: String, Sendable, CaseIterable {
    /// Black on a light appearance, white on a dark one.
    case `default`
    case black
    case white

    /// Measured on iOS 13+: black at alpha 0.35, white at alpha 0.5.
    public func color(in appearance: Appearance) -> RGBA {
        switch self {
        case .black: return RGBA(r: 0, g: 0, b: 0, a: 0.35)
        case .white: return RGBA(r: 1, g: 1, b: 1, a: 0.5)
        case .default: return appearance.isDark ? IndicatorStyle.white.color(in: appearance) : IndicatorStyle.black.color(in: appearance)
        }
    }
}
