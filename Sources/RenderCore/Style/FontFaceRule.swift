import Foundation

/// One `@font-face` rule (CSS Fonts 4 §4): the family name it defines, where its file may
/// come from, and which weights, style and characters it serves.
public struct FontFaceRule: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        public var url: String
        /// The `format()` hint, lowercased ("woff2"); nil when not given.
        public var format: String?
    }

    public var family: String
    public var sources: [Source]
    /// `font-weight: 400` or a range `100 900` (variable fonts).
    public var weights: ClosedRange<Int> = 400...400
    public var italic = false
    /// `font-stretch`: one width or a range, as percentages.
    public var stretches: ClosedRange<Double> = 100...100
    /// `unicode-range`; empty means every character.
    public var unicodeRanges: [ClosedRange<UInt32>] = []

    /// The rule from its declarations; nil without a family or a usable `src` (the rule is invalid).
    init?(_ declarations: [Declaration]) {
        var family: String?
        var sources: [Source] = []
        for declaration in declarations {
            let value = declaration.value.trimmingCharacters(in: .whitespaces)
            switch declaration.name {
            case "font-family": family = PropertyValues.fontFamilies(value).first
            case "src": sources = Self.sources(value)
            case "font-weight": if let weights = Self.weights(value) { self.weights = weights }
            case "font-stretch", "font-width": if let stretches = FontStretch.range(value) { self.stretches = stretches }
            case "font-style": italic = value.lowercased().hasPrefix("italic") || value.lowercased().hasPrefix("oblique")
            case "unicode-range": unicodeRanges = value.split(separator: ",").compactMap { Self.range(String($0)) }
            default: break
            }
        }
        guard let family, !family.isEmpty, !sources.isEmpty else { return nil }
        self.family = family
        self.sources = sources
    }

    /// `url(a) format("woff2"), local(X), url("b")`: the url() entries in order (local()
    /// names fonts installed on the reader's device, which a fixed font set has not).
    static func sources(_ value: String) -> [Source] {
        splitTopLevel(value).compactMap { entry in
            guard let url = function("url", in: entry) else { return nil }
            return Source(url: unquoted(url), format: function("format", in: entry).map { unquoted($0).lowercased() })
        }
    }

    /// The argument of `name(...)` in an entry, as written.
    private static func function(_ name: String, in entry: String) -> String? {
        guard let start = entry.range(of: name + "(", options: .caseInsensitive),
              let end = entry[start.upperBound...].lastIndex(of: ")") else { return nil }
        if name == "url" {
            // A url's own text may hold parentheses only if quoted; format() follows it.
            let rest = entry[start.upperBound...]
            if let quote = rest.trimmingCharacters(in: .whitespaces).first, quote == "\"" || quote == "'" {
                let body = rest.drop { $0 != quote }.dropFirst()
                guard let close = body.firstIndex(of: quote) else { return nil }
                return String(body[..<close])
            }
            guard let close = rest.firstIndex(of: ")") else { return nil }
            return String(rest[..<close]).trimmingCharacters(in: .whitespaces)
        }
        return String(entry[start.upperBound..<end]).trimmingCharacters(in: .whitespaces)
    }

    private static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }

    /// Splits at commas outside parentheses and quotes (a data URI holds one after `base64`).
    static func splitTopLevel(_ value: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        var quote: Character?
        for character in value {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if character == ",", depth == 0 {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// `normal`, `bold`, a number, or two numbers (a range), each 1–1000.
    static func weights(_ value: String) -> ClosedRange<Int>? {
        let numbers = value.lowercased().split(separator: " ").map { word -> Int? in
            switch word {
            case "normal": return 400
            case "bold": return 700
            default: return Double(word).flatMap { (1...1000).contains($0) ? Int($0) : nil }
            }
        }
        guard !numbers.isEmpty, numbers.count <= 2, numbers.allSatisfy({ $0 != nil }) else { return nil }
        let low = numbers[0]!, high = numbers.last!!
        return min(low, high)...max(low, high)
    }

    /// `U+26`, `U+0-7F`, `U+4??` (CSS Fonts §4.5).
    static func range(_ text: String) -> ClosedRange<UInt32>? {
        let token = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard token.hasPrefix("U+") else { return nil }
        let body = token.dropFirst(2)
        let parts = body.split(separator: "-", maxSplits: 1)
        if parts.count == 2 {
            guard let low = UInt32(parts[0], radix: 16), let high = UInt32(parts[1], radix: 16), low <= high else { return nil }
            return low...min(high, 0x10FFFF)
        }
        guard let low = UInt32(body.replacingOccurrences(of: "?", with: "0"), radix: 16),
              let high = UInt32(body.replacingOccurrences(of: "?", with: "F"), radix: 16) else { return nil }
        return low...min(high, 0x10FFFF)
    }
}
