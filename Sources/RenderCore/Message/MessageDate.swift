import Foundation

/// The `Date` header read as mail readers read it: RFC 5322 §3.3 with its obsolete forms
/// (§4.3) and what mailers actually write. GMime 3.2.13 ignores a lower-case zone (`cst`) and
/// reads `00:01+0000` (no seconds, no blank before the zone) as 00:00, so dates are parsed here.
///
/// - the day of the week is optional and not checked; comments are ignored;
/// - day, month name (any case, first three letters), year: `13 Feb 1997`, or asctime's
///   `Feb 13 … 1997`, or ISO 8601's `1997-02-13`;
/// - years of two digits are 2000+ below 50, else 1900+; three digits are 1900+;
/// - `hh:mm[:ss]`, a leap second read as :59;
/// - zones: `+hhmm`/`-hhmm` (also `+hh:mm` and `+hh`), `UT`/`GMT`/`UTC`/`Z`, the US zones of
///   RFC 5322, a few common abbreviations, in any case; military letters and a missing or
///   unknown zone count as UTC (RFC 5322: "-0000", no zone information).
enum MessageDate {
    static func parse(_ text: String) -> Date? {
        let tokens = tokenize(joiningClock(stripComments(text)))
        var day: Int?, month: Int?, year: Int?, time: (Int, Int, Int)?, zone: Int?, namedZone: Int?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if let parsed = isoDate(token), year == nil {
                (year, month, day) = parsed
            } else if (token.hasPrefix("+") || token.hasPrefix("-")), zone == nil, let parsed = numericZone(token) {
                zone = parsed
            } else if token.contains(":") {
                // A time that cannot be read makes the date unreadable: no made-up time.
                guard time == nil, let parsed = clock(token) else { return nil }
                time = parsed
            } else if token.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(token) {
                if token.count <= 2 && day == nil {
                    day = number
                } else if year == nil {
                    year = token.count == 2 ? (number < 50 ? 2000 : 1900) + number : token.count == 3 ? 1900 + number : number
                }
            } else if let name = monthNumber(token), month == nil {
                month = name
            } else if namedZone == nil, let offset = zoneOffsets[token.uppercased()] {
                namedZone = offset
            }
        }
        guard let day, let month, let year else { return nil }
        guard (1...31).contains(day), (1...9999).contains(year) else { return nil }
        let (hour, minute, second) = time ?? (0, 0, 0)
        let offsetMinutes = zone ?? namedZone ?? 0
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func stripComments(_ text: String) -> String {
        var out = "", depth = 0
        for character in text {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(0, depth - 1); continue }
            if depth == 0 { out.append(character) }
        }
        return out
    }

    /// RFC 5322 allows blanks (and comments, already gone) around the colons of a time:
    /// `09 :  55  : 06` is `09:55:06`.
    private static func joiningClock(_ text: String) -> String {
        var out = ""
        var pendingBlank = false
        for character in text {
            if character == " " || character == "\t" {
                pendingBlank = true
            } else if character == ":" {
                out.append(":")
                pendingBlank = false
            } else {
                if pendingBlank && out.last != ":" { out.append(" ") }
                out.append(character)
                pendingBlank = false
            }
        }
        return out
    }

    /// Words split at blanks and commas; a zone glued to the time (`00:01+0000`) is split off,
    /// as is a `T` joining an ISO date and time.
    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" || $0 == "\n" }) {
            var word = String(word)
            if word.count > 10, let t = word.firstIndex(where: { $0 == "T" || $0 == "t" }), isoDate(String(word[..<t])) != nil {
                tokens.append(String(word[..<t]))
                word = String(word[word.index(after: t)...])
            }
            if word.contains(":"), let sign = word.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "Z" || $0 == "z" }) {
                tokens.append(String(word[..<sign]))
                let rest = String(word[sign...])
                tokens.append(rest.uppercased() == "Z" ? "Z" : rest)
            } else {
                tokens.append(word)
            }
        }
        return tokens
    }

    private static func isoDate(_ token: String) -> (Int, Int, Int)? {
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month) else { return nil }
        return (year, month, day)
    }

    private static func clock(_ token: String) -> (Int, Int, Int)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        return (hour, minute, min(second, 59))
    }

    /// `+hhmm`, `+hh:mm` or `+hh`, in minutes east of UTC.
    private static func numericZone(_ token: String) -> Int? {
        let sign = token.hasPrefix("-") ? -1 : 1
        let digits = token.dropFirst().filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let hours = Int(digits.count <= 2 ? digits : String(digits.dropLast(2))),
              let minutes = digits.count <= 2 ? 0 : Int(digits.suffix(2)), hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }

    private static func monthNumber(_ token: String) -> Int? {
        guard token.count >= 3 else { return nil }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return months.firstIndex(of: String(token.prefix(3)).lowercased()).map { $0 + 1 }
    }

    /// Minutes east of UTC. RFC 5322's zones, and abbreviations mailers write that mean one
    /// zone only (IST, which means three, is left out).
    static let zoneOffsets: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
        "EST": -300, "EDT": -240, "CST": -360, "CDT": -300, "MST": -420, "MDT": -360, "PST": -480, "PDT": -420,
        "AKST": -540, "AKDT": -480, "HST": -600,
        "WET": 0, "WEST": 60, "BST": 60, "CET": 60, "CEST": 120, "MET": 60, "MEST": 120, "EET": 120, "EEST": 180,
        "MSK": 180, "JST": 540, "KST": 540, "HKT": 480, "AEST": 600, "AEDT": 660, "NZST": 720, "NZDT": 780,
    ]

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm):
    /// plain arithmetic, so no calendar data changes the result.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
