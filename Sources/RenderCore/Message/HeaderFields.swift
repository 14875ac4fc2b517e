import Foundation

/// The header fields a reader shows, read from the raw header bytes. RFC 5322 §3.6 allows
/// each of these once; a message with more is read as readers read it, by the first one
/// (GMime 3.2.13 merges a second From into the first and lets a second Subject win).
struct HeaderFields {
    private let headers: [RawHeader]
    /// The charset raw 8-bit header text is read in when it is not UTF-8: the message's first
    /// text part's, as readers guess it (a Big5 or Shift_JIS mail's unencoded subject).
    private let hint: String?

    init(_ headers: [RawHeader], charsetHint hint: String? = nil) {
        self.headers = headers
        self.hint = hint
    }

    /// The fields of a message, hinted by its own body's charset.
    init(_ message: MimeMessage) {
        self.init(message.rawHeaders, charsetHint: message.body?.firstTextCharset())
    }

    /// The first field of that name (any case), raw.
    func first(_ name: String) -> [UInt8]? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    func addresses(_ name: String) -> [MailAddress] {
        first(name).map { AddressList.parse($0, hint: hint) } ?? []
    }

    var from: [MailAddress] { addresses("From") }
    var sender: [MailAddress] { addresses("Sender") }
    var replyTo: [MailAddress] { addresses("Reply-To") }
    var to: [MailAddress] { addresses("To") }
    var cc: [MailAddress] { addresses("Cc") }

    /// Decoded, on one line, trimmed; nil when there is no Subject.
    var subject: String? {
        first("Subject").map { raw in
            // A tab left by folding reads as a space, as readers show it.
            EncodedWords.decode(EncodedWords.unfold(raw), hint: hint).replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespaces)
        }
    }

    /// The Date field as written (unfolded), and as read (`MessageDate`).
    var dateText: String? {
        first("Date").map { String(decoding: EncodedWords.unfold($0), as: UTF8.self).trimmingCharacters(in: .whitespaces) }
    }

    var date: Date? { dateText.flatMap(MessageDate.parse) }
}
