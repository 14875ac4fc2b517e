import CCairo

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
        /// Byte offsets of the characters before which WebKit breaks and pango does not: a
        /// zero-width space goes there in pango's text (ascending).
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

    /// What to do with pango's break between two ASCII characters.
    private enum Correction: UInt8 { case none, suppress, add }

    /// `webKitBreaks` against pango's own breaks, asked of pango once, indexed by
    /// `before << 7 | after`. WebKit's pairs do not depend on their neighbours (measured with
    /// letters and digits on either side); pango's may (UAX #14 LB25 keeps `%(` together before
    /// a digit), so a pair is corrected unless pango agrees with WebKit in each such context.
    private static let corrections: [Correction] = {
        let printable = UInt8(0x21)...UInt8(0x7E)
        var webKit = [Bool](repeating: false, count: 128 * 128)
        for row in webKitBreaks {
            for before in row.before.utf8 { for after in row.after.utf8 { webKit[Int(before) << 7 | Int(after)] = true } }
        }
        var pairs: [(UInt8, UInt8)] = []
        for before in [0x20] + printable { for after in printable { pairs.append((before, after)) } }
        var table = [Correction](repeating: .none, count: 128 * 128)
        for (leading, trailing) in [(UInt8(ascii: "x"), UInt8(ascii: "x")), (0x31, 0x31), (0x78, 0x31), (0x31, 0x78)] {
            let breaks = pangoBreaks(between: pairs, after: leading, before: trailing)
            for (index, (before, after)) in pairs.enumerated() {
                let key = Int(before) << 7 | Int(after)
                if webKit[key] != breaks[index] { table[key] = webKit[key] ? .add : .suppress }
            }
        }
        return table
    }()

    /// Whether pango breaks between each pair, each written between `leading` and `trailing`
    /// (one text of such groups, spaces between them).
    private static func pangoBreaks(between pairs: [(UInt8, UInt8)], after leading: UInt8, before trailing: UInt8) -> [Bool] {
        var text: [UInt8] = []
        text.reserveCapacity(pairs.count * 5)
        for (before, after) in pairs { text += [leading, before, after, trailing, 0x20] }
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: text.count + 1)
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_get_log_attrs(chars.baseAddress, Int32(chars.count), -1, pango_language_from_string("en"),
                                    &attributes, Int32(attributes.count))
            }
        }
        return pairs.indices.map { attributes[$0 * 5 + 2].is_line_break != 0 }
    }

    /// Where to correct pango's breaks in the text. `correctsASCII` false leaves pairs of
    /// ASCII characters to pango (`word-break: break-all` breaks between any two already).
    /// `startsRun` tells whether the character at an offset begins a text run of its own (the
    /// text of another element begins there).
    static func plan(for text: String, correctsASCII: Bool = true, startsRun: (Int) -> Bool = { _ in false }) -> Plan {
        var plan = Plan()
        let corrections = Self.corrections
        var previous: (scalar: Unicode.Scalar, offset: Int)? = nil
        var beforePrevious: Unicode.Scalar? = nil
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
                        switch correction {
                        case .none: break
                        case .suppress: plan.suppressed.append(previous.offset)
                        case .add: plan.added.append(offset)
                        }
                    }
                } else if breakIsSuppressed(after: previous.scalar, before: scalar) {
                    plan.suppressed.append(previous.offset)
                }
            }
            beforePrevious = previous?.scalar
            previous = (scalar, offset)
            offset += UTF8.width(scalar)
        }
        return plan
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
