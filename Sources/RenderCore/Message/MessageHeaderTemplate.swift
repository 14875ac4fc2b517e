import Foundation

/// The default native header for a message, as HTML our own engine lays out: sender (name and
/// address, with an initials avatar), To and Cc, subject, date and the attachments, on its own
/// background (white, or #1C1C1E in dark mode). Its height follows its content
/// (`Scene.fitHeaderHeight`), so the background covers the whole header.
public enum MessageHeaderTemplate {
    /// Recipients and attachments shown before "and N more".
    static let maximumListed = 20
    /// A longer subject is cut with "…": RFC 5322 lines end at 998 characters, and breaking a
    /// megabyte-long word anywhere (`overflow-wrap`) would cost pango seconds.
    static let maximumSubjectLength = 998

    /// Light colours, and dark ones under `prefers-color-scheme: dark` (`--appearance dark`).
    static let style = """
    <style>
    .mh { padding: 12px 16px; font-family: Helvetica, Arial, sans-serif; font-size: 15px; line-height: 20px;
          color: #000000; background-color: #ffffff; border-bottom: 1px solid #c6c6c8; overflow-wrap: anywhere }
    .mh .avatar { width: 40px; height: 40px; border-radius: 20px; background-color: #a4a9b4; color: #ffffff;
                  font-size: 16px; line-height: 40px; font-weight: bold; text-align: center }
    .mh .sender { font-size: 17px; line-height: 22px; font-weight: bold }
    .mh .secondary { color: #8a8a8e }
    .mh .subject { margin-top: 10px; font-size: 20px; line-height: 25px; font-weight: bold }
    .mh .date { margin-top: 2px; font-size: 14px; color: #8a8a8e }
    .mh .attachment { display: inline-block; margin: 4px 6px 0 0; padding: 5px 9px; border: 1px solid #d1d1d6;
                      border-radius: 8px; font-size: 13px; line-height: 17px }
    @media (prefers-color-scheme: dark) {
      .mh { color: #ffffff; background-color: #1c1c1e; border-bottom-color: #38383a }
      .mh .avatar { background-color: #636366 }
      .mh .secondary, .mh .date { color: #98989f }
      .mh .attachment { border-color: #48484a }
    }
    </style>
    """

    /// With `background: false` the template is transparent and the scene's header colour
    /// shows through (`--header-color`).
    public static func html(for message: MailMessage, timeZone: TimeZone, background: Bool = true) -> String {
        var out = style + (background ? "<div class=\"mh\">" : "<div class=\"mh\" style=\"background-color:transparent\">")
        let sender = message.from.first
        let senderName = sender.map { $0.name ?? $0.address } ?? "No sender"
        out += "<table style=\"width:100%;border-spacing:0\"><tr>"
        out += "<td style=\"width:40px;padding:0 10px 0 0;vertical-align:top\"><div class=\"avatar\">\(escape(initials(senderName)))</div></td>"
        out += "<td style=\"padding:0;vertical-align:top\"><div class=\"sender\">\(escape(senderName))</div>"
        if let sender, sender.name != nil, !sender.address.isEmpty {
            out += "<div class=\"secondary\">\(escape(sender.address))</div>"
        }
        if message.from.count > 1 {
            out += "<div class=\"secondary\">with \(escape(list(Array(message.from.dropFirst()))))</div>"
        }
        out += "<div class=\"secondary\">To: \(escape(message.to.isEmpty ? "undisclosed recipients" : list(message.to)))</div>"
        if !message.cc.isEmpty {
            out += "<div class=\"secondary\">Cc: \(escape(list(message.cc)))</div>"
        }
        out += "</td></tr></table>"
        let subject = message.subject.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        out += "<div class=\"subject\">\(escape(subject.map { shorten($0, to: maximumSubjectLength) } ?? "(No Subject)"))</div>"
        if let date = message.date {
            out += "<div class=\"date\">\(escape(formatDate(date, timeZone: timeZone)))</div>"
        }
        if !message.attachments.isEmpty {
            out += "<div style=\"margin-top:6px\">"
            for attachment in message.attachments.prefix(maximumListed) {
                out += "<div class=\"attachment\">\(escape(shorten(attachment.name, to: 40))) <span class=\"secondary\">\(formatSize(attachment.size))</span></div>"
            }
            if message.attachments.count > maximumListed {
                out += "<div class=\"date\">and \(message.attachments.count - maximumListed) more attachments</div>"
            }
            out += "</div>"
        }
        return out + "</div>"
    }

    /// `Name` or the address, comma separated; long lists end with "and N more".
    static func list(_ addresses: [MailAddress]) -> String {
        let names = addresses.prefix(maximumListed).map { address in
            shorten(address.name ?? address.address, to: 60)
        }
        var text = names.joined(separator: ", ")
        if addresses.count > maximumListed { text += " and \(addresses.count - maximumListed) more" }
        return text
    }

    static func initials(_ name: String) -> String {
        let words = name.split { $0 == " " || $0 == "." || $0 == "@" || $0 == "_" || $0 == "-" || $0 == "\"" }
            .filter { $0.first.map { $0.isLetter || $0.isNumber } ?? false }
        let letters = (words.count >= 2 ? [words[0], words[words.count - 1]] : Array(words.prefix(1))).compactMap(\.first)
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    static func shorten(_ text: String, to length: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        return flat.count > length ? String(flat.prefix(length - 1)) + "…" : flat
    }

    /// "March 3, 2024 at 10:42 AM", in `timeZone` (English, 12-hour, as Mail shows it in the
    /// en_US locale); formatted by hand so no ICU or locale data changes the pixels.
    public static func formatDate(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        let hour = parts.hour ?? 0
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        let minute = parts.minute ?? 0
        return "\(months[(parts.month ?? 1) - 1]) \(parts.day ?? 1), \(parts.year ?? 1970) at \(hour12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    }

    /// ISO 8601 in `timeZone`: `2024-03-03T10:42:00+01:00` (`Z` in UTC), by hand like
    /// `formatDate`.
    public static func isoDate(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let value = value ?? 0; return value < 10 ? "0\(value)" : "\(value)" }
        let offset = timeZone.secondsFromGMT(for: date) / 60
        let zone = offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + two(abs(offset) / 60) + ":" + two(abs(offset) % 60)
        let year = String(format: "%04d", parts.year ?? 1970)
        return "\(year)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))\(zone)"
    }

    /// Sizes as Mail lists attachments: decimal units, "512 bytes", "24 KB", "1.4 MB".
    public static func formatSize(_ bytes: Int) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1000).rounded())) KB" }
        let megabytes = Double(bytes) / 1_000_000
        if megabytes < 100 { return String(format: "%.1f MB", megabytes) }
        return "\(Int(megabytes.rounded())) MB"
    }

    /// `UTC` (the default), a fixed offset (`+02:00`, `-0530`, `+9`) or a zone name
    /// (`Europe/Berlin`, read from the system's tz database).
    public static func timeZone(named name: String) throws -> TimeZone {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let upper = trimmed.uppercased()
        if upper == "UTC" || upper == "GMT" || upper == "Z" { return TimeZone(secondsFromGMT: 0)! }
        var offsetText = upper
        if offsetText.hasPrefix("UTC") || offsetText.hasPrefix("GMT") { offsetText = String(offsetText.dropFirst(3)) }
        if let sign = offsetText.first, sign == "+" || sign == "-" {
            let digits = offsetText.dropFirst().replacingOccurrences(of: ":", with: "")
            // ASCII digits only: `isNumber` also holds for "½" and "٣", which Int() refuses.
            if !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
               let hours = Int(digits.count <= 2 ? digits : String(digits.dropLast(2))),
               let minutes = digits.count <= 2 ? 0 : Int(digits.suffix(2)) {
                let seconds = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
                if hours <= 14, minutes < 60, let zone = TimeZone(secondsFromGMT: seconds) { return zone }
            }
        } else if trimmed.contains("/"), let zone = TimeZone(identifier: trimmed) {
            return zone
        }
        throw RenderError.input("--timezone '\(name)' is not UTC, an offset such as +02:00, or a zone name such as Europe/Berlin")
    }

    static func escape(_ text: String) -> String { PlainTextToHTML.escape(text) }
}
