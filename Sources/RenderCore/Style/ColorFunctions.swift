import Foundation

/// The colour functions of CSS Color 4 and 5 as WebKit takes them: `rgb()`/`rgba()` and
/// `hsl()`/`hsla()` (legacy commas or modern spaces with `/ alpha` and `none`), `hwb()`,
/// `lab()`, `lch()`, `oklab()`, `oklch()`, `color()` (every predefined space), `color-mix()`
/// and `light-dark()`.
extension CSSColor {
    /// Whether `light-dark()` takes its dark colour: the used colour scheme is dark (the user's
    /// appearance is dark and the document allows it, `ColorScheme`), as the cascade says.
    static var usesDarkScheme: Bool { ValueContext.current?.usesDarkScheme ?? false }

    static func parseFunction(_ name: String, list: CSSTokenList, range: Range<Int>, current: RGBA?, depth: Int) -> SpacedColor? {
        switch name {
        case "color-mix": return colorMix(list: list, range: range, current: current, depth: depth)
        case "light-dark":
            let arguments = splitArguments(list: list, range: range)
            guard arguments.count == 2 else { return nil }
            let light = spaced(arguments[0], current: current, depth: depth + 1)
            let dark = spaced(arguments[1], current: current, depth: depth + 1)
            guard let light, let dark else { return nil }
            return usesDarkScheme ? dark : light
        default: break
        }
        let arguments = channelTokens(list: list, range: range)
        if name == "color" { return predefined(arguments) }
        guard let (values, alphaToken, legacy) = channels(arguments) else { return nil }
        var alpha: Double? = 1
        if let alphaToken {
            guard let parsed = alphaValue(alphaToken) else { return nil }
            alpha = parsed
        }
        // `none` is only in the modern syntax.
        if legacy, (values + [alphaToken].compactMap { $0 }).contains(where: isNone) { return nil }
        switch name {
        case "rgb", "rgba":
            // Legacy syntax: all numbers or all percentages.
            if legacy {
                let percents = values.filter { if case .percentage = $0 { return true } else { return false } }.count
                guard percents == 0 || percents == 3 else { return nil }
            }
            let rgb = values.map { token -> Double?? in
                switch token {
                case .number(let value, _): return .some(value / 255)
                case .percentage(let value): return .some(value / 100)
                default: return isNone(token) ? .some(nil) : nil
                }
            }
            guard rgb.allSatisfy({ $0 != nil }) else { return nil }
            // rgb() clamps each channel into 0…255 at parse time.
            return SpacedColor(space: .srgb, components: rgb.map { $0!.map(clamp01) }, alpha: alpha)
        case "hsl", "hsla", "hwb":
            if name == "hwb", legacy { return nil }
            guard let hue = component(values[0], hue: true) else { return nil }
            // Saturation and lightness (whiteness and blackness): percentages, or numbers in the modern syntax.
            let rest = values[1...].map { token -> Double?? in
                switch token {
                case .percentage(let value): return .some(value)
                case .number(let value, _) where !legacy: return .some(value)
                default: return isNone(token) ? .some(nil) : nil
                }
            }
            guard rest.allSatisfy({ $0 != nil }) else { return nil }
            var components: [Double?] = [hue] + rest.map { $0! }
            if name != "hwb" {
                components[1] = components[1].map { min(max($0, 0), 100) }
                components[2] = components[2].map { min(max($0, 0), 100) }
            }
            return SpacedColor(space: name == "hwb" ? .hwb : .hsl, components: components, alpha: alpha)
        case "lab", "oklab", "lch", "oklch":
            guard !legacy else { return nil }
            let polar = name.hasSuffix("lch")
            let ok = name.hasPrefix("ok")
            // What 100% is for each component (CSS Color 4 §8–9).
            let lightnessScale = ok ? 1.0 : 100.0
            let chromaScale = ok ? 0.4 : (polar ? 150.0 : 125.0)
            guard var lightness = component(values[0], percentScale: lightnessScale),
                  var second = component(values[1], percentScale: chromaScale),
                  let third = component(values[2], percentScale: chromaScale, hue: polar) else { return nil }
            lightness = lightness.map { min(max($0, 0), lightnessScale) }
            if polar { second = second.map { max($0, 0) } }
            let space: SpacedColor.Space = polar ? (ok ? .oklch : .lch) : (ok ? .oklab : .lab)
            return SpacedColor(space: space, components: [lightness, second, third], alpha: alpha)
        default:
            return nil
        }
    }

    static func clamp01(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// The arguments without whitespace, each math function among them (`calc(255 / 2)`,
    /// `calc(50% + 10%)`, `calc(0.5turn)`) replaced by the number, percentage or angle it computes.
    private static func channelTokens(list: CSSTokenList, range: Range<Int>) -> [CSSToken.Kind] {
        var result: [CSSToken.Kind] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let kind = list.tokens[index].kind
            guard case .function(let name) = kind, CalcExpression.functionNames.contains(name.lowercased()) else {
                if !kind.isWhitespace { result.append(kind) }
                index += 1
                continue
            }
            let end = min(list.componentEnd(index), range.upperBound)
            let text = list.rawText(index..<end)
            let none: (Double, String) -> Double? = { _, _ in nil }
            if case .value(let number)? = CalcExpression.parse(text, category: .number, unit: none) {
                result.append(.number(CalcExpression.clampNumber(number), isInteger: false))
            } else if case .value(let degrees)? = CalcExpression.parse(text, category: .angle, unit: none) {
                result.append(.dimension(CalcExpression.clampNumber(degrees), unit: "deg"))
            } else if case .percentOnly(let percent)? = CalcExpression.parse(text, category: .length, unit: none) {
                result.append(.percentage(CalcExpression.clampNumber(percent)))
            } else {
                result.append(.badString)  // refuses the colour
            }
            index = end
        }
        return result
    }

    private static func isNone(_ token: CSSToken.Kind) -> Bool {
        if case .ident(let word) = token { return word.lowercased() == "none" }
        return false
    }

    /// A number, a percentage of `percentScale`, `none` (.some(nil)); a hue takes angles.
    private static func component(_ token: CSSToken.Kind, percentScale: Double = 100, hue: Bool = false) -> Double?? {
        switch token {
        case .number(let value, _): return .some(value)
        case .percentage(let value) where !hue: return .some(value / 100 * percentScale)
        case .dimension(let value, let unit) where hue:
            return PropertyValues.angleFactor(unit.lowercased()).map { .some(value * $0) }
        default: return isNone(token) ? .some(nil) : nil
        }
    }

    /// Splits arguments into the three channels and optional alpha, accepting both the legacy
    /// comma syntax `rgb(1, 2, 3, 0.5)` and the modern space syntax `rgb(1 2 3 / 50%)`.
    private static func channels(_ arguments: [CSSToken.Kind]) -> (values: [CSSToken.Kind], alpha: CSSToken.Kind?, legacy: Bool)? {
        if arguments.contains(.comma) {
            // Legacy: value (, value){2,3} — commas strictly alternate with values.
            guard arguments.count == 5 || arguments.count == 7 else { return nil }
            for (index, token) in arguments.enumerated() where (index % 2 == 1) != (token == .comma) { return nil }
            let values = stride(from: 0, to: arguments.count, by: 2).map { arguments[$0] }
            return (Array(values.prefix(3)), values.count == 4 ? values[3] : nil, true)
        }
        if arguments.count == 3 { return (arguments, nil, false) }
        if arguments.count == 5, arguments[3] == .delim("/") { return (Array(arguments.prefix(3)), arguments[4], false) }
        return nil
    }

    private static func alphaValue(_ token: CSSToken.Kind) -> Double?? {
        switch token {
        case .number(let value, _): return .some(clamp01(value))
        case .percentage(let value): return .some(clamp01(value / 100))
        default: return isNone(token) ? .some(nil) : nil
        }
    }

    /// `color(space c1 c2 c3 [/ alpha])`: numbers, or percentages of 1.
    private static func predefined(_ arguments: [CSSToken.Kind]) -> SpacedColor? {
        guard case .ident(let spaceName)? = arguments.first else { return nil }
        let name = spaceName.lowercased() == "xyz" ? "xyz-d65" : spaceName.lowercased()
        guard let space = SpacedColor.Space(rawValue: name),
              ![.lab, .lch, .oklab, .oklch, .hsl, .hwb].contains(space) else { return nil }
        let rest = Array(arguments.dropFirst())
        guard let (values, alphaToken, legacy) = channels(rest), !legacy else { return nil }
        let components = values.map { component($0, percentScale: 1) }
        guard components.allSatisfy({ $0 != nil }) else { return nil }
        var alpha: Double? = 1
        if let alphaToken {
            guard let parsed = alphaValue(alphaToken) else { return nil }
            alpha = parsed
        }
        return SpacedColor(space: space, components: components.map { $0! }, alpha: alpha)
    }

    /// The top-level comma-separated arguments of a function, as text.
    static func splitArguments(list: CSSTokenList, range: Range<Int>) -> [String] {
        var parts: [String] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if list.tokens[index].kind == .comma {
                parts.append(list.rawText(start..<index))
                start = index + 1
                index += 1
            } else {
                index = min(list.componentEnd(index), range.upperBound)
            }
        }
        parts.append(list.rawText(start..<range.upperBound))
        return parts.map { $0.trimmingWhitespaces() }
    }

    // MARK: color-mix()

    /// `color-mix(in <space> [<hue> hue], <color> [<p>], <color> [<p>])` (CSS Color 5 §2):
    /// premultiplied interpolation in the space, hues the shorter way unless told.
    private static func colorMix(list: CSSTokenList, range: Range<Int>, current: RGBA?, depth: Int) -> SpacedColor? {
        let arguments = splitArguments(list: list, range: range)
        guard arguments.count == 3 else { return nil }
        let method = PropertyValues.components(arguments[0].lowercased())
        guard method.count == 2 || method.count == 4, method[0] == "in" else { return nil }
        let spaceName = method[1] == "xyz" ? "xyz-d65" : method[1]
        // The spaces this engine converts into (not a98-rgb, prophoto-rgb or rec2020).
        guard let space = SpacedColor.Space(rawValue: spaceName), ![.a98, .prophoto, .rec2020].contains(space) else { return nil }
        var hueMethod = "shorter"
        if method.count == 4 {
            guard space.hueIndex != nil, method[3] == "hue", ["shorter", "longer", "increasing", "decreasing"].contains(method[2]) else { return nil }
            hueMethod = method[2]
        }
        func colorAndPercent(_ text: String) -> (SpacedColor, Double?)? {
            let words = PropertyValues.components(text)
            guard (1...2).contains(words.count) else { return nil }
            var percent: Double?
            var colorWords = words
            if let index = words.firstIndex(where: { $0.hasSuffix("%") && Double($0.dropLast()) != nil }), words.count == 2 {
                percent = Double(words[index].dropLast())
                colorWords.remove(at: index)
            }
            guard colorWords.count == 1, let color = spaced(colorWords[0], current: current, depth: depth + 1) else { return nil }
            if let percent, !(0...100).contains(percent) { return nil }
            return (color, percent)
        }
        guard let first = colorAndPercent(arguments[1]), let second = colorAndPercent(arguments[2]) else { return nil }
        var percent1 = first.1, percent2 = second.1
        switch (percent1, percent2) {
        case (nil, nil): percent1 = 50; percent2 = 50
        case (let a?, nil): percent2 = 100 - a
        case (nil, let b?): percent1 = 100 - b
        default: break
        }
        let total = percent1! + percent2!
        guard total > 0 else { return nil }
        let alphaMultiplier = total < 100 ? total / 100 : 1
        let weight = percent2! / total  // of the second colour
        return interpolate(first.0, second.0, in: space, weight: weight, hueMethod: hueMethod, alphaMultiplier: alphaMultiplier)
    }

    static func interpolate(_ a: SpacedColor, _ b: SpacedColor, in space: SpacedColor.Space, weight: Double,
                            hueMethod: String, alphaMultiplier: Double) -> SpacedColor {
        var x = a.converted(to: space), y = b.converted(to: space)
        // A component missing in one takes the other's (CSS Color 4 §12.2).
        for index in 0..<3 {
            if x.components[index] == nil { x.components[index] = y.components[index] }
            if y.components[index] == nil { y.components[index] = x.components[index] }
        }
        if x.alpha == nil { x.alpha = y.alpha }
        if y.alpha == nil { y.alpha = x.alpha }
        let alphaA = x.alpha ?? 0, alphaB = y.alpha ?? 0
        let alpha = alphaA * (1 - weight) + alphaB * weight
        let hue = space.hueIndex
        if let hue, var h1 = x.components[hue], var h2 = y.components[hue] {
            h1 = h1.truncatingRemainder(dividingBy: 360); if h1 < 0 { h1 += 360 }
            h2 = h2.truncatingRemainder(dividingBy: 360); if h2 < 0 { h2 += 360 }
            let difference = h2 - h1
            switch hueMethod {
            case "longer":
                if difference > 0 && difference < 180 { h1 += 360 } else if difference > -180 && difference <= 0 { h2 += 360 }
            case "increasing": if difference < 0 { h2 += 360 }
            case "decreasing": if difference > 0 { h1 += 360 }
            default:
                if difference > 180 { h1 += 360 } else if difference < -180 { h2 += 360 }
            }
            x.components[hue] = h1; y.components[hue] = h2
        }
        var components: [Double?] = []
        for index in 0..<3 {
            guard let u = x.components[index], let v = y.components[index] else { components.append(nil); continue }
            if index == hue {
                var mixed = u * (1 - weight) + v * weight
                mixed = mixed.truncatingRemainder(dividingBy: 360); if mixed < 0 { mixed += 360 }
                components.append(mixed)
            } else {
                // Premultiplied by alpha, then divided back.
                let premultiplied = u * alphaA * (1 - weight) + v * alphaB * weight
                components.append(alpha == 0 ? premultiplied : premultiplied / alpha)
            }
        }
        return SpacedColor(space: space, components: components, alpha: alpha * alphaMultiplier)
    }

    // MARK: System colours

    /// CSS Color 4 §6.2 system colours, as WebKit answers them (light, or dark when the used
    /// scheme is dark); the deprecated ones (§6.3) as their CSS mappings.
    static func systemColor(_ name: String) -> RGBA? {
        let dark = usesDarkScheme
        func hex(_ value: Int) -> RGBA { RGBA(bytes: (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF) }
        switch name {
        // Dark: iOS's systemBackgroundColor and labelColor, as the dark defaults (README E2).
        case "canvas", "window", "background", "appworkspace": return dark ? .black : .white
        case "canvastext", "windowtext", "captiontext", "infotext", "menutext", "inactivecaptiontext": return dark ? .white : .black
        case "linktext", "-webkit-link": return dark ? hex(0x9E9EFF) : hex(0x0000EE)
        case "visitedtext": return dark ? hex(0xD0ADF0) : hex(0x551A8B)
        case "activetext", "-webkit-activelink": return hex(0xFF0000)
        case "buttonface", "buttonhighlight", "buttonshadow", "threedface", "threedhighlight", "threedlightshadow", "threedshadow":
            return dark ? hex(0x6B6B6B) : hex(0xEFEFEF)
        case "buttontext": return dark ? .white : .black
        case "buttonborder", "activeborder", "inactiveborder", "threeddarkshadow", "windowframe":
            return dark ? hex(0x6B6B6B) : hex(0x767676)
        case "field": return dark ? hex(0x3B3B3B) : .white
        case "fieldtext": return dark ? .white : .black
        case "graytext", "inactivecaption": return hex(0x808080)
        case "highlight": return dark ? hex(0x3F638B) : hex(0xB5D5FF)
        case "highlighttext": return dark ? .white : .black
        case "selecteditem", "activecaption": return dark ? hex(0x0A84FF) : hex(0x007AFF)
        case "selecteditemtext": return .white
        case "mark": return hex(0xFFFF00)
        case "marktext": return .black
        case "accentcolor": return dark ? hex(0x0A84FF) : hex(0x007AFF)
        case "accentcolortext": return .white
        case "infobackground": return hex(0xFBFCC5)
        case "menu", "scrollbar": return dark ? hex(0x323232) : hex(0xF7F7F7)
        default: return nil
        }
    }
}
