/// Light or dark mode: `prefers-color-scheme` in the mail's CSS, the default text, link and
/// canvas colours, and the defaults of the header, overscroll background and indicator.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark

    public var isDark: Bool { self == .dark }

    /// The seed's red header in light; iOS's dark secondary grouped background (#1C1C1E) in dark.
    public var defaultHeaderColor: RGBA {
        isDark ? RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1) : RGBA(r: 1, g: 0, b: 0, a: 1)
    }

    /// UIWebView's #BFBDC2 in light; iOS's dark systemGray6 (#1C1C1E) in dark; in Apple
    /// Mail's dark mode the area around the mail is black (R10).
    public func defaultOverscrollColor(client: ClientProfile = .webview) -> RGBA {
        guard isDark else { return Scene.overscrollColor }
        return client == .appleMail ? .black : RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1)
    }

    /// A bottom toolbar's bar and its top hairline.
    var toolbarColor: RGBA {
        isDark ? RGBA(r: 0x1C / 255.0, g: 0x1C / 255.0, b: 0x1E / 255.0, a: 1) : RGBA(r: 0xF9 / 255.0, g: 0xF9 / 255.0, b: 0xF9 / 255.0, a: 1)
    }
    var toolbarHairlineColor: RGBA {
        isDark ? RGBA(r: 1, g: 1, b: 1, a: 0.15) : RGBA(r: 0, g: 0, b: 0, a: 0.3)
    }
}

/// What `--appearance` (and a suite's `appearance`) asks for: one appearance, or both, which
/// renders every offset twice, in light and in dark, as `-light` / `-dark` frames and goldens.
public enum AppearanceChoice: String, Sendable, CaseIterable {
    case light, dark, both

    public var appearances: [Appearance] {
        switch self {
        case .light: return [.light]
        case .dark: return [.dark]
        case .both: return [.light, .dark]
        }
    }

    /// The name part frames and goldens of one appearance carry (`frame-0-dark.png`); nil
    /// when only one appearance is rendered.
    public func variant(_ appearance: Appearance) -> String? { self == .both ? appearance.rawValue : nil }
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

/// Whose rules show the mail (`--client`): an app's web view (plain WebKit, rules E1–E5) or
/// Apple Mail (WebKit plus Mail's own dark-mode treatment, rules R2, R3, R9, R10).
public enum ClientProfile: String, Sendable, CaseIterable {
    case webview
    case appleMail = "apple-mail"
}

/// How a mail's colours are shown, by the README's rules; `layout --json` reports it as
/// `document.darkMode`.
public enum ColorTreatment: String, Sendable {
    /// Light appearance: colours as authored.
    case light
    /// Dark appearance, no colour scheme declared, in a web view (E1): the light defaults
    /// stay; only `prefers-color-scheme: dark` rules change anything.
    case unchanged
    /// Dark appearance and a declared scheme with `dark` (E2–E5): dark defaults, a black
    /// canvas, nothing inverted.
    case darkScheme = "color-scheme"
    /// Apple Mail, a mail with images and no scheme (R2): shown as authored, in light.
    case asAuthored = "as-authored"
    /// Apple Mail, a "simple" mail, no scheme and no images (R3): every CSS colour through
    /// `apple-invert-lightness()`, the area under it black (R10).
    case invertLightness = "invert-lightness"

    /// The rules' decision for one document.
    static func decide(appearance: Appearance, client: ClientProfile, styled: StyledDocument, hasImages: Bool) -> ColorTreatment {
        // A dark-only scheme is dark in light appearance too (E6).
        if styled.usesDarkDefaults { return .darkScheme }
        guard appearance.isDark else { return .light }
        if styled.colorScheme.declared { return .light }  // `light` / `only light`: E4
        switch client {
        case .webview: return .unchanged
        case .appleMail: return hasImages ? .asAuthored : .invertLightness
        }
    }

    /// The canvas where the mail paints none: white in light, black under a dark scheme and
    /// under Mail's filter (the black behind Mail's transparent web view, R10).
    var defaultCanvasColor: RGBA {
        switch self {
        case .light, .unchanged, .asAuthored: return .white
        case .darkScheme, .invertLightness: return .black
        }
    }
}
