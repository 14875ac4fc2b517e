import Foundation

/// Parsing of individual CSS property values into typed values.
enum PropertyValues {
    /// Splits a value on top-level whitespace (keeping `rgb(1, 2, 3)` together).
    static func components(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character? = nil
        for ch in value {
            if let q = quote {
                current.append(ch)
                if ch == q { quote = nil }
                continue
            }
            switch ch {
            case "\"", "'": quote = ch; current.append(ch)
            case "(": depth += 1; current.append(ch)
            case ")": depth = max(0, depth - 1); current.append(ch)
            case " ", "\t", "\n", "\r", "\u{0C}":
                if depth > 0 { current.append(ch) } else if !current.isEmpty { parts.append(current); current = "" }
            default: current.append(ch)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// `size/line-height` split at its first slash outside parentheses (`calc(32px / 2)/1.5`).
    static func splitAtSlash(_ text: String) -> [String] {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "/" where depth == 0: return [String(text[..<index]), String(text[text.index(after: index)...])]
            default: break
            }
        }
        return [text]
    }

    /// A length or percentage; `em` against `fontSize`, `rem` against `rootFontSize`, the
    /// other relative units against `ValueContext.active`; math functions (`calc()`, `min()`…)
    /// through `CalcExpression`, kept as `Length.calc` while they hold percentages.
    static func length(_ raw: String, fontSize: Double, rootFontSize: Double, allowAuto: Bool = true,
                       nonNegative: Bool = false) -> Length? {
        let text = raw.trimmingWhitespaces().lowercased()
        if text == "auto" { return allowAuto ? .auto : nil }
        let units = ValueContext.active
        if CalcExpression.isMathFunction(text) {
            let result = CalcExpression.parse(text, category: .length) {
                units.px($0, $1, fontSize: fontSize, rootFontSize: rootFontSize)
            }
            switch result {
            case .value(let px)?: return .px(CalcExpression.clampToLayoutRange(px, nonNegative: nonNegative))
            case .percentOnly(let percent)?:
                return .percent(percent.isNaN ? 0 : min(max(percent, -1e9), 1e9))
            case .calculated(let expression)?: return .calc(CalculatedLength(expression: expression, nonNegative: nonNegative))
            case nil: return nil
            }
        }
        // A negative value where none is allowed drops the declaration (a calculation's is clamped instead).
        if text.hasSuffix("%") {
            guard let number = finiteNumber(text.dropLast()), !(nonNegative && number < 0) else { return nil }
            return .percent(number)
        }
        // The unit is the trailing letters (`1e3px` has its exponent in the number).
        let unitStart = text.lastIndex(where: { !($0.isLetter) }).map { text.index(after: $0) } ?? text.startIndex
        let unit = String(text[unitStart...])
        if !unit.isEmpty {
            guard let number = finiteNumber(text[..<unitStart]),
                  let px = units.px(number, unit, fontSize: fontSize, rootFontSize: rootFontSize),
                  !(nonNegative && px < 0) else { return nil }
            return .px(min(max(px, -1e7), 1e7))
        }
        // Unitless zero is a length; other unitless numbers are quirks-mode px, as mail HTML expects.
        if let number = finiteNumber(Substring(text)), !(nonNegative && number < 0) { return .px(number) }
        return nil
    }

    /// Degrees per angle unit.
    static func angleFactor(_ unit: String) -> Double? {
        switch unit {
        case "deg": return 1
        case "grad": return 0.9
        case "rad": return 180 / Double.pi
        case "turn": return 360
        default: return nil
        }
    }

    /// A CSS angle in degrees (`deg`, `grad`, `rad`, `turn`; a unitless 0; a math function
    /// of angles), as transforms, filters, gradients and colours take it.
    static func angle(_ text: String) -> Double? {
        let lower = text.lowercased().trimmingWhitespaces()
        if CalcExpression.isMathFunction(lower) {
            guard case .value(let degrees)? = CalcExpression.parse(lower, category: .angle, unit: { _, _ in nil }) else { return nil }
            return CalcExpression.clampNumber(degrees)
        }
        let unitStart = lower.lastIndex(where: { !($0.isLetter) }).map { lower.index(after: $0) } ?? lower.startIndex
        if let factor = angleFactor(String(lower[unitStart...])) {
            return finiteNumber(lower[..<unitStart]).map { $0 * factor }
        }
        return lower == "0" ? 0 : nil
    }

    /// A plain number, or a math function of numbers (`calc(3 / 2)`).
    static func number(_ text: String) -> Double? {
        let lower = text.lowercased().trimmingWhitespaces()
        if CalcExpression.isMathFunction(lower) {
            guard case .value(let value)? = CalcExpression.parse(lower, category: .number, unit: { _, _ in nil }) else { return nil }
            return CalcExpression.clampNumber(value)
        }
        guard let value = Double(lower), value.isFinite else { return nil }
        return value
    }

    static func finiteNumber(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.count < 40, let value = Double(text), value.isFinite else { return nil }
        // Clamp absurd lengths so arithmetic downstream stays finite.
        return min(max(value, -1e7), 1e7)
    }

    static func color(_ raw: String, current: RGBA) -> RGBA? {
        CSSColor.parse(raw.trimmingWhitespaces(), current: current)
    }

    static func fontSize(_ raw: String, parentSize: Double, rootFontSize: Double) -> Double? {
        let text = raw.trimmingWhitespaces().lowercased()
        if let keyword = FontSizeKeyword(rawValue: text) { return keyword.size(monospace: false) }
        if text == "smaller" { return parentSize / 1.2 }
        if text == "larger" { return parentSize * 1.2 }
        guard let length = length(text, fontSize: parentSize, rootFontSize: rootFontSize, allowAuto: false, nonNegative: true),
              let size = length.resolve(parentSize) else { return nil }
        return size >= 0 ? size : nil  // ComputedStyle clamps it (ResourceLimits.maximumFontSize)
    }

    static func fontWeight(_ raw: String, parent: Int) -> Int? {
        switch raw.trimmingWhitespaces().lowercased() {
        case "normal": return 400
        case "bold": return 700
        case "bolder": return parent >= 600 ? 900 : (parent >= 400 ? 700 : 400)
        case "lighter": return parent >= 800 ? 700 : (parent >= 600 ? 400 : 100)
        case let text:
            if CalcExpression.isMathFunction(text), let number = number(text) { return Int(min(max(number, 1), 1000).rounded()) }
            return Int(text).flatMap { (1...1000).contains($0) ? $0 : nil }
        }
    }

    static func fontFamilies(_ raw: String) -> [String] {
        raw.split(separator: ",").map { item in
            var name = item.trimmingWhitespaces()
            if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first {
                name = String(name.dropFirst().dropLast())
            }
            return name
        }.filter { !$0.isEmpty }
    }

    static func lineHeight(_ raw: String, fontSize: Double, rootFontSize: Double) -> LineHeight? {
        let text = raw.trimmingWhitespaces().lowercased()
        if text == "normal" { return .normal }
        if let number = finiteNumber(Substring(text)), number >= 0 { return .number(number) }
        // calc() of numbers is a number; a negative result clamps to 0 (it is in range).
        if CalcExpression.isMathFunction(text), let number = number(text) { return .number(max(0, min(number, 1e7))) }
        guard let length = length(text, fontSize: fontSize, rootFontSize: rootFontSize, allowAuto: false),
              let px = length.resolve(fontSize), px >= 0 else { return nil }
        return .px(px)
    }

    static func borderWidth(_ raw: String, fontSize: Double, rootFontSize: Double) -> Double? {
        switch raw.lowercased() {
        case "thin": return 1
        case "medium": return 3
        case "thick": return 5
        default:
            guard case .px(let value)? = length(raw, fontSize: fontSize, rootFontSize: rootFontSize, allowAuto: false),
                  value >= 0 else { return nil }
            return value
        }
    }

    /// Expands 1–4 values to top/right/bottom/left.
    static func fourSides<T>(_ values: [T]) -> Edges<T>? where T: Sendable & Equatable {
        switch values.count {
        case 1: return Edges(values[0])
        case 2: return Edges(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: return Edges(top: values[0], right: values[1], bottom: values[2], left: values[1])
        case 4: return Edges(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: return nil
        }
    }
}
