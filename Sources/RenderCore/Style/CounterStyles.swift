import Foundation

/// Counter styles (CSS Counter Styles 3): how a counter value is written, for list markers
/// and `counter()`/`counters()`. The predefined styles WebKit has, by their algorithms.
public struct CounterStyle: Sendable, Equatable {
    public enum System: Sendable, Equatable {
        case cyclic, numeric, alphabetic, symbolic, additive
        /// Symbols for `first`, `first + 1`, …; other values fall back.
        case fixed(first: Int)
    }

    var system: System
    /// The symbols in order (for additive: in the order of `weights`).
    var symbols: [String]
    /// Additive systems: each symbol's weight, largest first.
    var weights: [Int] = []
    var suffix = ". "
    var prefix = ""
    /// Values outside it are written in the fallback style (decimal); nil: the system's
    /// own (1 and up for alphabetic and symbolic, 0 and up for additive, all for the rest).
    var range: ClosedRange<Int>?
    /// `pad`: the least number of symbols (decimal-leading-zero pads to 2 with "0").
    var padLength = 0
    /// Whether negative values are written with "-" (numeric, alphabetic, symbolic, additive).
    var usesNegative: Bool {
        switch system {
        case .cyclic, .fixed: return false
        default: return true
        }
    }

    /// The glyph styles painted as a shape beside the text: disc, circle, square and the
    /// disclosure triangles. Their suffix is a space.
    var isBullet = false

    /// The counter value written in this style, without prefix and suffix.
    public func representation(_ value: Int) -> String {
        if !usedRange.contains(value) { return CounterStyle.decimal.representation(value) }
        let negative = value < 0 && usesNegative
        guard var text = initialRepresentation(value.magnitude, signed: value) else {
            return CounterStyle.decimal.representation(value)
        }
        // The negative sign counts toward the padding (decimal-leading-zero writes -3, not -03).
        let padding = padLength - text.count - (negative ? 1 : 0)
        if padding > 0, let zero = symbols.first {
            text = String(repeating: zero, count: padding) + text
        }
        return negative ? "-" + text : text
    }

    private var usedRange: ClosedRange<Int> {
        if let range { return range }
        switch system {
        case .alphabetic, .symbolic: return 1...Int.max
        default: return Int.min...Int.max
        }
    }

    /// The representation of a non-negative magnitude (or, for cyclic and fixed, of the signed
    /// value); nil when the algorithm has none (the fallback style is used then).
    private func initialRepresentation(_ magnitude: UInt, signed value: Int) -> String? {
        guard !symbols.isEmpty else { return nil }
        let count = UInt(symbols.count)
        switch system {
        case .cyclic:
            let index = ((value % symbols.count) + symbols.count - 1) % symbols.count
            return symbols[index]
        case .fixed(let first):
            let (offset, overflow) = value.subtractingReportingOverflow(first)
            guard !overflow, offset >= 0, offset < symbols.count else { return nil }
            return symbols[offset]
        case .numeric:
            guard count >= 2 else { return nil }
            if magnitude == 0 { return symbols[0] }
            var digits: [String] = []
            var rest = magnitude
            while rest > 0 { digits.append(symbols[Int(rest % count)]); rest /= count }
            return digits.reversed().joined()
        case .alphabetic:
            guard count >= 2, magnitude >= 1 else { return nil }
            var letters: [String] = []
            var rest = magnitude
            while rest > 0 { rest -= 1; letters.append(symbols[Int(rest % count)]); rest /= count }
            return letters.reversed().joined()
        case .symbolic:
            guard magnitude >= 1 else { return nil }
            let repetitions = (magnitude - 1) / count + 1
            // Browsers write long runs only so far (CSS Counter Styles 3 lets them limit it).
            guard repetitions <= 60 else { return nil }
            return String(repeating: symbols[Int((magnitude - 1) % count)], count: Int(repetitions))
        case .additive:
            var rest = magnitude
            if rest == 0 {
                guard let zero = weights.firstIndex(of: 0) else { return nil }
                return symbols[zero]
            }
            var text = ""
            for (weight, symbol) in zip(weights, symbols) where weight > 0 && rest >= UInt(weight) {
                let times = rest / UInt(weight)
                guard times <= 60 else { return nil }
                text += String(repeating: symbol, count: Int(times))
                rest -= times * UInt(weight)
                if rest == 0 { break }
            }
            return rest == 0 ? text : nil
        }
    }

    /// The marker text: prefix, representation, suffix.
    public func markerText(_ value: Int) -> String { prefix + representation(value) + suffix }
}

extension CounterStyle {
    static let decimal = CounterStyle(system: .numeric, symbols: digits("0123456789"))

    /// The predefined style of a name (lower-case); nil for an unknown one, which counts as decimal.
    static func named(_ name: String) -> CounterStyle? { predefined[name] }

    /// The style a `list-style-type` or a `counter()` style argument stands for: the mail's
    /// `@counter-style` of that name, else the predefined one, else decimal.
    static func of(_ listStyle: ListStyle, custom: [String: CounterStyle] = [:]) -> CounterStyle? {
        switch listStyle {
        case .none: return nil
        case .named(let name): return custom[name] ?? named(name) ?? .decimal
        case .string(let text): return CounterStyle(system: .cyclic, symbols: [text], suffix: "")
        }
    }

    private static func digits(_ text: String) -> [String] { text.map(String.init) }
    private static func letters(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
    private static func numeric(_ text: String, suffix: String = ". ") -> CounterStyle {
        CounterStyle(system: .numeric, symbols: digits(text), suffix: suffix)
    }
    private static func alphabetic(_ text: String, suffix: String = ". ") -> CounterStyle {
        CounterStyle(system: .alphabetic, symbols: letters(text), suffix: suffix)
    }
    private static func additive(_ pairs: [(Int, String)], range: ClosedRange<Int>, suffix: String = ". ") -> CounterStyle {
        CounterStyle(system: .additive, symbols: pairs.map(\.1), weights: pairs.map(\.0), suffix: suffix, range: range)
    }
    private static func bullet(_ symbol: String) -> CounterStyle {
        CounterStyle(system: .cyclic, symbols: [symbol], suffix: " ", isBullet: true)
    }

    private static let latin = "a b c d e f g h i j k l m n o p q r s t u v w x y z"
    private static let roman: [(Int, String)] = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
        (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    private static let armenian: [(Int, String)] = [
        (9000, "Ք"), (8000, "Փ"), (7000, "Ւ"), (6000, "Ց"), (5000, "Ր"), (4000, "Տ"), (3000, "Վ"), (2000, "Ս"),
        (1000, "Ռ"), (900, "Ջ"), (800, "Պ"), (700, "Չ"), (600, "Ո"), (500, "Շ"), (400, "Ն"), (300, "Յ"),
        (200, "Մ"), (100, "Ճ"), (90, "Ղ"), (80, "Ձ"), (70, "Հ"), (60, "Կ"), (50, "Ծ"), (40, "Խ"), (30, "Լ"),
        (20, "Ի"), (10, "Ժ"), (9, "Թ"), (8, "Ը"), (7, "Է"), (6, "Զ"), (5, "Ե"), (4, "Դ"), (3, "Գ"), (2, "Բ"), (1, "Ա"),
    ]
    private static let georgian: [(Int, String)] = [
        (10000, "ჵ"), (9000, "ჰ"), (8000, "ჯ"), (7000, "ჴ"), (6000, "ხ"), (5000, "ჭ"), (4000, "წ"), (3000, "ძ"),
        (2000, "ც"), (1000, "ჩ"), (900, "შ"), (800, "ყ"), (700, "ღ"), (600, "ქ"), (500, "ფ"), (400, "ჳ"),
        (300, "ტ"), (200, "ს"), (100, "რ"), (90, "ჟ"), (80, "პ"), (70, "ო"), (60, "ჲ"), (50, "ნ"), (40, "მ"),
        (30, "ლ"), (20, "კ"), (10, "ი"), (9, "თ"), (8, "ჱ"), (7, "ზ"), (6, "ვ"), (5, "ე"), (4, "დ"), (3, "გ"),
        (2, "ბ"), (1, "ა"),
    ]
    private static let hebrew: [(Int, String)] = [
        (10000, "י׳"), (9000, "ט׳"), (8000, "ח׳"), (7000, "ז׳"), (6000, "ו׳"), (5000, "ה׳"), (4000, "ד׳"),
        (3000, "ג׳"), (2000, "ב׳"), (1000, "א׳"), (400, "ת"), (300, "ש"), (200, "ר"), (100, "ק"), (90, "צ"),
        (80, "פ"), (70, "ע"), (60, "ס"), (50, "נ"), (40, "מ"), (30, "ל"), (20, "כ"), (19, "יט"), (18, "יח"),
        (17, "יז"), (16, "טז"), (15, "טו"), (10, "י"), (9, "ט"), (8, "ח"), (7, "ז"), (6, "ו"), (5, "ה"), (4, "ד"),
        (3, "ג"), (2, "ב"), (1, "א"),
    ]

    private static let predefined: [String: CounterStyle] = {
        var styles: [String: CounterStyle] = [
            "disc": bullet("•"), "circle": bullet("◦"), "square": bullet("▪"),
            "disclosure-open": bullet("▾"), "disclosure-closed": bullet("▸"),
            "decimal": decimal,
            "lower-alpha": alphabetic(latin), "lower-latin": alphabetic(latin),
            "upper-alpha": alphabetic(latin.uppercased()), "upper-latin": alphabetic(latin.uppercased()),
            "lower-greek": alphabetic("α β γ δ ε ζ η θ ι κ λ μ ν ξ ο π ρ σ τ υ φ χ ψ ω"),
            "upper-roman": additive(roman, range: 1...3999),
            "lower-roman": additive(roman.map { ($0.0, $0.1.lowercased()) }, range: 1...3999),
            "armenian": additive(armenian, range: 1...9999),
            "upper-armenian": additive(armenian, range: 1...9999),
            "lower-armenian": additive(armenian.map { ($0.0, $0.1.lowercased()) }, range: 1...9999),
            "georgian": additive(georgian, range: 1...19999),
            "hebrew": additive(hebrew, range: 1...10999),
            "cjk-decimal": numeric("〇一二三四五六七八九", suffix: "、"),
            "hiragana": alphabetic("あ い う え お か き く け こ さ し す せ そ た ち つ て と な に ぬ ね の は ひ ふ へ ほ ま み む め も や ゆ よ ら り る れ ろ わ ゐ ゑ を ん", suffix: "、"),
            "katakana": alphabetic("ア イ ウ エ オ カ キ ク ケ コ サ シ ス セ ソ タ チ ツ テ ト ナ ニ ヌ ネ ノ ハ ヒ フ ヘ ホ マ ミ ム メ モ ヤ ユ ヨ ラ リ ル レ ロ ワ ヰ ヱ ヲ ン", suffix: "、"),
            "hiragana-iroha": alphabetic("い ろ は に ほ へ と ち り ぬ る を わ か よ た れ そ つ ね な ら む う ゐ の お く や ま け ふ こ え て あ さ き ゆ め み し ゑ ひ も せ す", suffix: "、"),
            "katakana-iroha": alphabetic("イ ロ ハ ニ ホ ヘ ト チ リ ヌ ル ヲ ワ カ ヨ タ レ ソ ツ ネ ナ ラ ム ウ ヰ ノ オ ク ヤ マ ケ フ コ エ テ ア サ キ ユ メ ミ シ ヱ ヒ モ セ ス", suffix: "、"),
            "cjk-earthly-branch": alphabetic("子 丑 寅 卯 辰 巳 午 未 申 酉 戌 亥", suffix: "、"),
            "cjk-heavenly-stem": alphabetic("甲 乙 丙 丁 戊 己 庚 辛 壬 癸", suffix: "、"),
            "arabic-indic": numeric("٠١٢٣٤٥٦٧٨٩"),
            "persian": numeric("۰۱۲۳۴۵۶۷۸۹"),
            "devanagari": numeric("०१२३४५६७८९"),
            "bengali": numeric("০১২৩৪৫৬৭৮৯"),
            "gujarati": numeric("૦૧૨૩૪૫૬૭૮૯"),
            "gurmukhi": numeric("੦੧੨੩੪੫੬੭੮੯"),
            "kannada": numeric("೦೧೨೩೪೫೬೭೮೯"),
            "khmer": numeric("០១២៣៤៥៦៧៨៩"),
            "lao": numeric("໐໑໒໓໔໕໖໗໘໙"),
            "malayalam": numeric("൦൧൨൩൪൫൬൭൮൯"),
            "mongolian": numeric("᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙"),
            "myanmar": numeric("၀၁၂၃၄၅၆၇၈၉"),
            "oriya": numeric("୦୧୨୩୪୫୬୭୮୯"),
            "telugu": numeric("౦౧౨౩౪౫౬౭౮౯"),
            "thai": numeric("๐๑๒๓๔๕๖๗๘๙"),
            "tibetan": numeric("༠༡༢༣༤༥༦༧༨༩"),
            "binary": numeric("01"),
            "octal": numeric("01234567"),
            "lower-hexadecimal": numeric("0123456789abcdef"),
            "upper-hexadecimal": numeric("0123456789ABCDEF"),
        ]
        var leadingZero = decimal
        leadingZero.padLength = 2
        styles["decimal-leading-zero"] = leadingZero
        return styles
    }()
}

/// An `@counter-style` rule (CSS Counter Styles 3 §3): its name and the style its
/// descriptors define. Without valid `system` and `symbols` for that system it is dropped.
struct CounterStyleRule {
    let name: String
    let style: CounterStyle

    /// At most this many symbols are kept (a style is written once per list item).
    static let maximumSymbols = 1_000

    init?(prelude: String, _ declarations: [Declaration]) {
        let name = prelude.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !name.isEmpty, !name.contains(where: \.isWhitespace),
              !["none", "decimal", "disc", "square", "circle", "disclosure-open", "disclosure-closed", "inherit", "initial", "unset"]
                .contains(name) else { return nil }
        var descriptors: [String: [CSSToken]] = [:]
        for declaration in declarations { descriptors[declaration.name] = GeneratedContentParser.significantTokens(declaration.value) }
        func strings(_ tokens: [CSSToken]) -> [String]? {
            let values = tokens.prefix(Self.maximumSymbols).compactMap { token -> String? in
                switch token.kind {
                case .string(let text), .ident(let text): return text
                case .number(let value, isInteger: true): return String(Int(value))
                default: return nil
                }
            }
            return values.count == min(tokens.count, Self.maximumSymbols) ? values : nil
        }
        var system = CounterStyle.System.symbolic
        if let tokens = descriptors["system"], case .ident(let word)? = tokens.first?.kind {
            switch word.lowercased() {
            case "cyclic": system = .cyclic
            case "numeric": system = .numeric
            case "alphabetic": system = .alphabetic
            case "symbolic": system = .symbolic
            case "additive": system = .additive
            case "fixed":
                var first = 1
                if tokens.count > 1, case .number(let value, isInteger: true) = tokens[1].kind {
                    first = Int(max(-1e9, min(1e9, value)))
                }
                system = .fixed(first: first)
            default: return nil   // extends and unknown systems are not kept
            }
        }
        var style: CounterStyle
        if system == .additive {
            // `additive-symbols: 1000 M, 900 CM, …`: weight and symbol pairs, weights descending.
            guard let tokens = descriptors["additive-symbols"] else { return nil }
            var weights: [Int] = [], symbols: [String] = []
            var pending: Int?
            for token in tokens.prefix(2 * Self.maximumSymbols) {
                switch token.kind {
                case .number(let value, isInteger: true) where value >= 0 && pending == nil: pending = Int(min(value, 1e9))
                case .string(let text), .ident(let text):
                    guard let weight = pending else { return nil }
                    weights.append(weight); symbols.append(text); pending = nil
                case .comma: continue
                default: return nil
                }
            }
            guard !symbols.isEmpty, zip(weights, weights.dropFirst()).allSatisfy({ $0 > $1 }) else { return nil }
            style = CounterStyle(system: .additive, symbols: symbols, weights: weights)
        } else {
            guard let tokens = descriptors["symbols"], let symbols = strings(tokens), !symbols.isEmpty else { return nil }
            if (system == .numeric || system == .alphabetic) && symbols.count < 2 { return nil }
            style = CounterStyle(system: system, symbols: symbols)
        }
        if let tokens = descriptors["suffix"], let text = strings(tokens)?.first { style.suffix = text }
        if let tokens = descriptors["prefix"], let text = strings(tokens)?.first { style.prefix = text }
        if let tokens = descriptors["pad"], tokens.count == 2, case .number(let length, isInteger: true) = tokens[0].kind,
           case .string(let symbol) = tokens[1].kind, length >= 0, symbol == style.symbols.first {
            style.padLength = Int(min(length, 64))
        }
        self.name = name
        self.style = style
    }
}
