/// Background layers beyond the colour: one image or linear gradient (the last layer of a
/// list, which mail uses as its fallback), its size, position and repeat; and box shadows.
public enum BackgroundImage: Sendable, Equatable {
    case url(String)
    /// Angle in degrees (CSS: 0 points up, 180 down) and colour stops at 0...1 (nil: spread evenly).
    case linearGradient(angle: Double, stops: [GradientStop])
}

public struct GradientStop: Sendable, Equatable {
    public var color: RGBA
    public var position: Double?
}

public enum BackgroundSize: Sendable, Equatable {
    case auto, cover, contain
    case explicit(Length, Length)
}

public struct BoxShadow: Sendable, Equatable {
    public var dx: Double, dy: Double, blur: Double, spread: Double
    public var color: RGBA
    /// `inset`: drawn inside the padding box (box shadows only).
    public var inset = false
}

enum BackgroundParser {
    /// The image of a `background-image` value or the `background` shorthand (last layer).
    static func image(_ value: String) -> BackgroundImage? {
        let layer = lastLayer(value)
        let lower = layer.lowercased()
        if let range = lower.range(of: "url(") {
            let rest = layer[range.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { return nil }
            var url = rest[..<close].trimmingWhitespaces()
            if let first = url.first, first == "\"" || first == "'", url.count >= 2 { url = String(url.dropFirst().dropLast()) }
            return url.isEmpty ? nil : .url(url)
        }
        if let range = lower.range(of: "linear-gradient(") {
            let rest = layer[range.upperBound...]
            guard let close = rest.lastIndex(of: ")") else { return nil }
            return linearGradient(String(rest[..<close]))
        }
        return nil
    }

    /// The last comma-separated layer at nesting depth 0.
    static func lastLayer(_ value: String) -> String {
        var depth = 0, start = value.startIndex
        for index in value.indices {
            switch value[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0: start = value.index(after: index)
            default: break
            }
        }
        return String(value[start...]).trimmingWhitespaces()
    }

    static func linearGradient(_ arguments: String) -> BackgroundImage? {
        var parts: [String] = []
        var depth = 0, current = ""
        for ch in arguments {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch == "," && depth == 0 { parts.append(current.trimmingWhitespaces()); current = "" } else { current.append(ch) }
        }
        parts.append(current.trimmingWhitespaces())
        var angle = 180.0
        if let first = parts.first?.lowercased() {
            if first.hasSuffix("deg"), let degrees = Double(first.dropLast(3)) { angle = degrees; parts.removeFirst() }
            else if first.hasPrefix("to ") {
                let sides = first.dropFirst(3).split(separator: " ")
                let map: [Substring: Double] = ["top": 0, "right": 90, "bottom": 180, "left": 270]
                let values = sides.compactMap { map[$0] }
                if values.count == 2 { angle = (values[0] + values[1] + (abs(values[0] - values[1]) > 180 ? 360 : 0)) / 2 }
                else if let only = values.first { angle = only }
                parts.removeFirst()
            }
        }
        let stops: [GradientStop] = parts.compactMap { part in
            let pieces = PropertyValues.components(part)
            guard let colourText = pieces.first, let colour = CSSColor.parse(colourText) else { return nil }
            var position: Double?
            if pieces.count > 1, pieces[1].hasSuffix("%"), let percent = Double(pieces[1].dropLast()) { position = percent / 100 }
            return GradientStop(color: colour, position: position)
        }
        return stops.count >= 2 ? .linearGradient(angle: angle.truncatingRemainder(dividingBy: 360), stops: stops) : nil
    }

    /// `text-shadow` and `drop-shadow()` take no `inset` (such a layer is dropped); `box-shadow` does.
    static func shadows(_ value: String, current: RGBA, allowInset: Bool = false) -> [BoxShadow] {
        guard value.lowercased() != "none" else { return [] }
        var result: [BoxShadow] = []
        var depth = 0, layer = ""
        func flush() {
            let parts = PropertyValues.components(layer)
            layer = ""
            let inset = parts.contains(where: { $0.lowercased() == "inset" })
            guard allowInset || !inset else { return }
            var lengths: [Double] = []
            var colour = current
            for part in parts {
                if case .px(let px)? = PropertyValues.length(part, fontSize: 16, rootFontSize: 16, allowAuto: false) { lengths.append(px) }
                else if let parsed = PropertyValues.color(part, current: current) { colour = parsed }
            }
            guard lengths.count >= 2 else { return }
            result.append(BoxShadow(dx: lengths[0], dy: lengths[1], blur: lengths.count > 2 ? max(0, lengths[2]) : 0,
                                    spread: lengths.count > 3 ? lengths[3] : 0, color: colour, inset: inset))
        }
        for ch in value {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch == "," && depth == 0 { flush() } else { layer.append(ch) }
        }
        flush()
        return result
    }
}

import Foundation
