/// WebKit's `apple-invert-lightness()` colour filter (`InvertLightnessFilterOperation::
/// transformColor`, Source/WebCore/platform/graphics/filters/FilterOperation.cpp), which
/// Apple Mail applies to mails that declare no colour scheme (rule R3): the hue is turned by
/// 180° in HSL, then a fixed 3×5 matrix maps the colour to its dark counterpart (white →
/// #333333, black → #FFFFFF). Alpha is kept. Checked against the before/after pairs of
/// WebKit's LayoutTests/css3/color-filters/color-filter-apple-invert-lightness.html.
public enum InvertLightness {
    public static func transform(_ color: RGBA) -> RGBA {
        let (h, s, l) = hsl(clamp(color.r), clamp(color.g), clamp(color.b))
        let rotated = (h + 0.5).truncatingRemainder(dividingBy: 1)
        let (r, g, b) = rgb(rotated, s, l)
        // Rounded to bytes, as WebKit stores the filtered colour (and so white is exactly
        // #333333, not a hair below, which the raster would floor to #333332).
        return RGBA(r: byte(-0.770 * r + 0.059 * g - 0.089 * b + 1),
                    g: byte(0.030 * r - 0.741 * g - 0.089 * b + 1),
                    b: byte(0.030 * r + 0.059 * g - 0.890 * b + 1),
                    a: color.a)
    }

    private static func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
    private static func byte(_ value: Double) -> Double { (clamp(value) * 255).rounded() / 255 }

    /// sRGB → HSL, each in 0…1 (hue as a fraction of a turn).
    static func hsl(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let maximum = max(r, g, b), minimum = min(r, g, b)
        let chroma = maximum - minimum
        let lightness = (maximum + minimum) / 2
        guard chroma > 0 else { return (0, 0, lightness) }
        var hue: Double
        if maximum == r { hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6) }
        else if maximum == g { hue = (b - r) / chroma + 2 }
        else { hue = (r - g) / chroma + 4 }
        hue /= 6
        if hue < 0 { hue += 1 }
        let saturation = lightness <= 0.5 ? chroma / (maximum + minimum) : chroma / (2 - maximum - minimum)
        return (hue, saturation, lightness)
    }

    /// HSL → sRGB (CSS Color 4 §7.1).
    static func rgb(_ h: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        guard s > 0 else { return (l, l, l) }
        let t2 = l <= 0.5 ? l * (1 + s) : l + s - l * s
        let t1 = 2 * l - t2
        func channel(_ hue: Double) -> Double {
            var h = hue
            if h < 0 { h += 1 }
            if h > 1 { h -= 1 }
            if h * 6 < 1 { return t1 + (t2 - t1) * h * 6 }
            if h * 2 < 1 { return t2 }
            if h * 3 < 2 { return t1 + (t2 - t1) * (2.0 / 3 - h) * 6 }
            return t1
        }
        return (channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3))
    }
}

extension ComputedStyle {
    /// Every CSS colour of the style through `transform` (text, background, borders, shadows,
    /// gradient stops); images are left alone.
    func mappingColors(_ transform: (RGBA) -> RGBA) -> ComputedStyle {
        var style = self
        style.color = transform(color)
        style.backgroundColor = transform(backgroundColor)
        style.borderColor = Edges(top: borderColor.top.map(transform), right: borderColor.right.map(transform),
                                  bottom: borderColor.bottom.map(transform), left: borderColor.left.map(transform))
        style.boxShadows = boxShadows.map { var shadow = $0; shadow.color = transform(shadow.color); return shadow }
        style.background = background.mappingColors(transform)
        return style
    }
}
