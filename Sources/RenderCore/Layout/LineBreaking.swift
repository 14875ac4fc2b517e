/// Where pango's line breaking differs from WebKit's, found in the text so that pango can be
/// told not to break there, or given a break it would not take.
///
/// WebKit decides a break between two printable ASCII characters (and after a space before
/// one) with a fixed table of its own, not with ICU's UAX #14; pango applies UAX #14 to them.
/// Everywhere else both follow UAX #14 and differ only as listed in `breakIsSuppressed`.
enum LineBreaking {
    struct Plan: Equatable {
        /// Byte offsets of the characters after which pango would break and WebKit does not;
        /// the attribute that suppresses it spans the character and the next (ascending).
        var suppressed: [Int] = []
        /// Where WebKit breaks and pango does not: byte offsets of the characters a zero-width
        /// space goes before in pango's text (ascending). For a break after spaces, the first
        /// of them: pango then breaks after the spaces (UAX #14 LB8) and lets them hang at the
        /// line's end, where spaces before the zero-width space would count in its width.
        var added: [Int] = []
    }

    /// The printable ASCII pairs WebKit breaks between, measured in WebKitGTK (one `width: 0`
    /// block per pair, `x` on both sides, a span around each of the two characters: a break
    /// puts the second on a lower line). Each entry: the characters before the break, and the
    /// characters after it; any pair not listed has no break. The space row is a space before
    /// a printable character (UAX #14 keeps `a :b` and `a )` together; WebKit does not).
    /// A `-` before a digit is not in the table: it breaks only after an ASCII letter or digit
    /// in the same text run (`breaksBetweenHyphenAndDigit`).
    static let webKitBreaks: [(before: String, after: String)] = [
        (##"!"#%&)*+,.:;=>\]|}~"##, "(<[{"),
        ("-", ##"!"#$%&'()*+-/:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~"##),
        ("?", ##"#$%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\^_`abcdefghijklmnopqrstuvwxyz{|~"##),
        (" ", ##"!"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~"##),
    ]

    /// The same pairs as pango 1.50 breaks them (UAX #14), asked of `pango_get_log_attrs` with
    /// letters and digits on either side (`x` or `1` before and after): the characters after
    /// which it breaks before `always` whatever surrounds the pair, and before `sometimes` only
    /// in some of those contexts (LB25 keeps `%(` together before a digit). Declared rather
    /// than asked at run time, which costs 0.2 s; a test asks pango and compares.
    static let pangoBreaks: [(before: String, always: String, sometimes: String)] = [
        (" ", ##""#$%&'(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\^_`abcdefghijklmnopqrstuvwxyz{|~"##, ""),
        ("!", ##"#$%&(*+0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\^_`abcdefghijklmnopqrstuvwxyz{~"##, ""),
        ("$", ##"$%+\"##, "([{"),
        ("%", ##"$%+\"##, "([{"),
        (")", "([{", ##"$%+\"##),
        ("+", ##"$%+\"##, "([{"),
        (",", "([{", ##"$%+0123456789\"##),
        ("-", ##"#$%&(*+<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\^_`abcdefghijklmnopqrstuvwxyz{~"##, ""),
        (".", "([{", ##"$%+0123456789\"##),
        ("/", "#&(*<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[^_`abcdefghijklmnopqrstuvwxyz{~", ##"$%+0123456789\"##),
        (":", "([{", ##"$%+0123456789\"##),
        (";", "([{", ##"$%+0123456789\"##),
        ("?", ##"#$%&(*+0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\^_`abcdefghijklmnopqrstuvwxyz{~"##, ""),
        (##"\"##, ##"$%+\"##, "([{"),
        ("]", "([{", ##"$%+\"##),
        ("|", ##"#$%&(*+0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\^_`abcdefghijklmnopqrstuvwxyz{~"##, ""),
        ("}", "#&(*0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[^_`abcdefghijklmnopqrstuvwxyz{~", ##"$%+\"##),
    ]

    /// What to do with pango's break between two ASCII characters.
    private enum Correction: UInt8 { case none, suppress, add }

    /// `webKitBreaks` against `pangoBreaks`, indexed by `before << 7 | after`: a break WebKit
    /// takes is added unless pango always takes it; one it does not is suppressed wherever
    /// pango may take it.
    private static let corrections: [Correction] = {
        func table(_ rows: [(String, String)]) -> [Bool] {
            var table = [Bool](repeating: false, count: 128 * 128)
            for (befores, afters) in rows {
                for before in befores.utf8 { for after in afters.utf8 { table[Int(before) << 7 | Int(after)] = true } }
            }
            return table
        }
        let webKit = table(webKitBreaks.map { ($0.before, $0.after) })
        let pangoAlways = table(pangoBreaks.map { ($0.before, $0.always) })
        let pangoMay = table(pangoBreaks.map { ($0.before, $0.always + $0.sometimes) })
        return (0..<128 * 128).map { key in
            if webKit[key] { return pangoAlways[key] ? .none : .add }
            return pangoMay[key] ? .suppress : .none
        }
    }()

    /// Where to correct pango's breaks in the text. `correctsASCII` false leaves pairs of
    /// ASCII characters to pango (`word-break: break-all` breaks between any two already).
    /// `startsRun` tells whether the character at an offset begins a text run of its own (the
    /// text of another element begins there).
    static func plan(for text: String, correctsASCII: Bool = true, startsRun: (Int) -> Bool = { _ in false }) -> Plan {
        var plan = Plan()
        let corrections = Self.corrections
        var previous: (scalar: Unicode.Scalar, offset: Int)? = nil
        var beforePrevious: Unicode.Scalar? = nil
        var beforeSpaces: Unicode.Scalar? = nil   // the last character that is not a space
        var spacesStart = 0                       // where the spaces before `scalar` begin
        var offset = 0
        for scalar in text.unicodeScalars {
            if let previous {
                if previous.scalar.isASCII && scalar.isASCII {
                    if correctsASCII {
                        var correction = corrections[Int(previous.scalar.value) << 7 | Int(scalar.value)]
                        if correction == .none, previous.scalar == "-", scalar.properties.numericType == .decimal,
                           let beforePrevious, breaksBetweenHyphenAndDigit(after: beforePrevious), !startsRun(previous.offset) {
                            correction = .add
                        }
                        if correction == .none, previous.scalar == " ", pangoKeepsAcrossSpaces(after: beforeSpaces, before: scalar) {
                            correction = .add
                        }
                        switch correction {
                        case .none: break
                        case .suppress: plan.suppressed.append(previous.offset)
                        case .add: plan.added.append(previous.scalar == " " ? spacesStart : offset)
                        }
                    }
                } else if breakIsSuppressed(after: previous.scalar, before: scalar) {
                    plan.suppressed.append(previous.offset)
                }
            }
            beforePrevious = previous?.scalar
            if let previous, previous.scalar != " " { beforeSpaces = previous.scalar }
            if scalar == " " && previous?.scalar != " " { spacesStart = offset }
            previous = (scalar, offset)
            offset += UTF8.width(scalar)
        }
        return plan
    }

    /// Where pango does not break after a space before a printable character although it
    /// would after a letter (`pangoBreaks`' space row): UAX #14 LB14 keeps what follows an
    /// opening bracket and spaces with it (`{{ item`), LB15 an opening bracket with a quote
    /// and spaces before it (`" (`). WebKit's table breaks after the space (measured).
    private static func pangoKeepsAcrossSpaces(after character: Unicode.Scalar?, before next: Unicode.Scalar) -> Bool {
        switch character {
        case "(", "[", "{": return true
        case "\"", "'": return next == "(" || next == "[" || next == "{"
        default: return false
        }
    }

    /// WebKit breaks between `-` and a digit when an ASCII letter or digit comes before the
    /// `-` (`ABCD-1234`, `1234-5678`, parts of long URLs; not a minus sign as in `(-1` or
    /// ` -1`), and only within one text run: after another element's text it does not
    /// (`<b>x</b>-1`, measured).
    private static func breaksBetweenHyphenAndDigit(after character: Unicode.Scalar) -> Bool {
        character.isASCII && (character.properties.isAlphabetic || character.properties.numericType == .decimal)
    }

    /// Beyond ASCII pairs, where ICU (Blink, WebKit) keeps together what pango breaks:
    /// - after `/` before a letter (ICU gives SY no break before letters or digits);
    /// - after an infix separator (`:` `;` `,` `.`) before a letter or digit (UAX #14 LB29
    ///   IS × AL and LB25 IS × NU).
    private static func breakIsSuppressed(after previous: Unicode.Scalar, before next: Unicode.Scalar) -> Bool {
        switch previous {
        case "/": return next != " " && next != "\n" && next != "\t"
        case ":", ";", ",", ".": return next.properties.isAlphabetic || next.properties.numericType == .decimal
        default: return false
        }
    }
}
