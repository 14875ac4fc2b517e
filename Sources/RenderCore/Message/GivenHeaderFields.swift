import Foundation

/// Header fields given by hand for an HTML mail (`--from`, `--to`, `--cc`, `--subject`,
/// `--date`, or a suite scene's `message` object), so that an HTML mail gets the same
/// realistic header a `.eml` message gets from its own fields. Each is read as the message's
/// field would be: addresses as an RFC 5322 list, the date as a `Date` field or ISO 8601.
public struct GivenHeaderFields: Sendable, Equatable {
    /// The option and suite-key names, in the order the header shows them.
    public static let names = ["from", "to", "cc", "subject", "date"]

    public var values: [String: String] = [:]

    public init() {}

    public var isEmpty: Bool { values.isEmpty }

    /// The fields as a message without a body; an unreadable date is an input error.
    public func message() throws -> MailMessage {
        var message = MailMessage()
        func addresses(_ name: String) -> [MailAddress] { values[name].map { AddressList.parse(Array($0.utf8)) } ?? [] }
        message.from = addresses("from")
        message.to = addresses("to")
        message.cc = addresses("cc")
        message.subject = values["subject"]
        if let date = values["date"] {
            guard let parsed = MessageDate.parse(date) else {
                throw RenderError.input("date '\(date)' is not a date (as a Date header writes it, or ISO 8601 such as 2024-03-05T10:00:00+01:00)")
            }
            message.date = parsed
            message.dateText = date
        }
        return message
    }
}

extension Scene {
    /// Shows the default header template with these fields above an HTML mail, on the
    /// template's own background unless a header colour is set; `layout --json` reports them
    /// as the scene's message. Call `fitHeaderHeight()` afterwards unless H is fixed.
    public mutating func showHeader(_ fields: GivenHeaderFields, timeZone: TimeZone) throws {
        let message = try fields.message()
        headerHTML = MessageHeaderTemplate.html(for: message, timeZone: timeZone, background: headerColor == nil)
        self.message = message
        messageTimeZone = timeZone
    }
}
