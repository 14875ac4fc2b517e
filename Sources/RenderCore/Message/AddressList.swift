import CIDN2
import Foundation

/// An address header (`From`, `To`, `Cc`, `Reply-To`, `Sender`) read from its raw bytes as
/// mail readers read it: RFC 5322 address lists with the obsolete forms and the broken ones
/// real mail has. GMime 3.2.13 drops what it cannot parse (`MAILER DAEMON <>`,
/// `Big Bug bb@bug.com` give no sender at all) and decodes names itself (see `EncodedWords`),
/// so the list is parsed here; readers show the text they were given.
///
/// - `Name <addr>`, `"Quoted, Name" <addr>`, `addr`, `addr (Name)`: the usual forms;
/// - `Name addr@host` (no brackets): the word with `@` is the address, the rest the name;
/// - `Name <>` and words without any address: the name alone;
/// - groups (`Team: a@x, b@y;`) give their members, or their name when they have none;
/// - names: quotes and backslashes removed, encoded words decoded (also inside quotes, as
///   readers do), blanks collapsed; domains: IDNA labels (`xn--…`) shown in Unicode.
enum AddressList {
    /// `hint`: the charset for raw 8-bit names that are not UTF-8 (`EncodedWords.decode`).
    static func parse(_ raw: [UInt8], hint: String? = nil) -> [MailAddress] {
        let bytes = EncodedWords.unfold(raw)
        var result: [MailAddress] = []
        for item in split(bytes) {
            switch item {
            case .mailbox(let text):
                if let address = mailbox(text, hint: hint) { result.append(address) }
            case .group(let name, let members):
                let parsed = members.compactMap { mailbox($0, hint: hint) }
                if parsed.isEmpty, let name = displayName(removingComments(name).text, hint: hint) { result.append(MailAddress(name: name, address: "")) }
                result += parsed
            }
        }
        return result
    }

    private enum Item {
        case mailbox([UInt8])
        case group(name: [UInt8], members: [[UInt8]])
    }

    /// Splits at top-level commas; a top-level colon opens a group that a semicolon closes.
    private static func split(_ bytes: [UInt8]) -> [Item] {
        var items: [Item] = []
        var current: [UInt8] = []
        var group: (name: [UInt8], members: [[UInt8]])?
        var scanner = Scanner()
        let marks = Marks(bytes)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            // An encoded word is one atom: a comma inside `=?utf-8?Q?Doe,_Jane?=` splits nothing.
            if byte == 0x3D, scanner.isTopLevel, index < bytes.count, bytes[index] == 0x3F,
               let word = EncodedWord(bytes, at: index - 1, marks: marks) {
                current += bytes[(index - 1)..<word.end]
                index = word.end
                continue
            }
            let topLevel = scanner.isTopLevel
            scanner.feed(byte)
            guard topLevel, scanner.isTopLevel else { current.append(byte); continue }
            switch byte {
            case 0x2C, 0x3B where group == nil:  // , (and ; as Outlook separates addresses)
                if group != nil { group!.members.append(current) } else { items.append(.mailbox(current)) }
                current.removeAll()
            case 0x3A where group == nil && !current.contains(0x40):  // : opens a group (not inside an address)
                group = (current, [])
                current.removeAll()
            case 0x3B where group != nil:  // ; closes it
                group!.members.append(current)
                items.append(.group(name: group!.name, members: group!.members))
                group = nil
                current.removeAll()
            default:
                current.append(byte)
            }
        }
        if var open = group {
            open.members.append(current)
            items.append(.group(name: open.name, members: open.members))
        } else {
            items.append(.mailbox(current))
        }
        return items
    }

    /// Tracks quotes, comments and angle brackets, byte by byte.
    private struct Scanner {
        var inQuote = false, escaped = false, commentDepth = 0, inAngle = false
        var isTopLevel: Bool { !inQuote && commentDepth == 0 && !inAngle }

        mutating func feed(_ byte: UInt8) {
            if escaped { escaped = false; return }
            if byte == 0x5C, inQuote || commentDepth > 0 { escaped = true; return }
            if inQuote { if byte == 0x22 { inQuote = false }; return }
            if commentDepth > 0 {
                if byte == 0x28 { commentDepth += 1 } else if byte == 0x29 { commentDepth -= 1 }
                return
            }
            switch byte {
            case 0x22: inQuote = true
            case 0x28: commentDepth = 1
            case 0x3C: inAngle = true
            case 0x3E: inAngle = false
            default: break
            }
        }
    }

    /// One mailbox, or nil for an empty item.
    private static func mailbox(_ bytes: [UInt8], hint: String?) -> MailAddress? {
        func displayName(_ bytes: [UInt8]) -> String? { Self.displayName(bytes, hint: hint) }
        func addrSpec(_ bytes: [UInt8]) -> String { Self.addrSpec(bytes, hint: hint) }
        let (text, comments) = removingComments(bytes)
        if let open = text.firstIndex(of: 0x3C) {
            let close = text[open...].firstIndex(of: 0x3E) ?? text.endIndex
            let inside = Array(text[(open + 1)..<close])
            // `<Undisclosed Recipients>`: words in brackets, no address; readers show the words.
            if !inside.contains(0x40), inside.contains(where: { $0 == 0x20 || $0 == 0x09 }), let words = displayName(inside) {
                return MailAddress(name: displayName(Array(text[..<open])) ?? words, address: "")
            }
            let address = addrSpec(inside)
            let name = displayName(Array(text[..<open])) ?? comments.last.flatMap(displayName)
            if name == nil && address.isEmpty { return nil }
            return MailAddress(name: name, address: address)
        }
        let words = Self.words(joiningAddressBlanks(text))
        guard !words.isEmpty else { return nil }  // a comment alone names no one
        if let at = words.lastIndex(where: { $0.contains(0x40) && $0.first != 0x22 }) {
            var nameWords = words
            nameWords.remove(at: at)
            let name = displayName(Array(nameWords.joined(separator: [0x20]))) ?? comments.last.flatMap(displayName)
            return MailAddress(name: name, address: addrSpec(words[at]))
        }
        // No address at all: readers show the text.
        return displayName(text).map { MailAddress(name: $0, address: "") }
    }

    /// The obsolete syntax allows blanks around an address's dots and `@` (`jdoe@test . example`):
    /// they are dropped, outside quotes, so the address stays one word.
    private static func joiningAddressBlanks(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inQuote = false
        var pendingBlank = false
        for byte in bytes {
            if byte == 0x22 { inQuote.toggle() }
            if !inQuote, byte == 0x20 || byte == 0x09 { pendingBlank = true; continue }
            let joins = !inQuote && (byte == 0x2E || byte == 0x40)
            if pendingBlank && !joins && out.last != 0x2E && out.last != 0x40 { out.append(0x20) }
            if pendingBlank && !joins && (out.last == 0x2E || out.last == 0x40) && inQuote { out.append(0x20) }
            pendingBlank = false
            out.append(byte)
        }
        return out
    }

    /// The text without `( … )` comments, and the comments' contents.
    private static func removingComments(_ bytes: [UInt8]) -> (text: [UInt8], comments: [[UInt8]]) {
        var text: [UInt8] = [], comments: [[UInt8]] = [], comment: [UInt8] = []
        var scanner = Scanner()
        for byte in bytes {
            let wasInComment = scanner.commentDepth > 0
            scanner.feed(byte)
            let inComment = scanner.commentDepth > 0
            if wasInComment && !inComment {
                comments.append(comment)
                comment.removeAll()
                text.append(0x20)
            } else if inComment {
                if wasInComment { comment.append(byte) }
            } else {
                text.append(byte)
            }
        }
        if !comment.isEmpty { comments.append(comment) }
        return (text, comments)
    }

    /// Blank-separated words; a quoted string is one word.
    private static func words(_ bytes: [UInt8]) -> [[UInt8]] {
        var words: [[UInt8]] = [], word: [UInt8] = []
        var inQuote = false, escaped = false
        for byte in bytes {
            if escaped { escaped = false; word.append(byte); continue }
            if inQuote && byte == 0x5C { escaped = true; word.append(byte); continue }
            if byte == 0x22 { inQuote.toggle() }
            if !inQuote && (byte == 0x20 || byte == 0x09) {
                if !word.isEmpty { words.append(word); word.removeAll() }
            } else {
                word.append(byte)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// A phrase as shown: unquoted, decoded, blanks collapsed; nil when empty.
    static func displayName(_ bytes: [UInt8], hint: String? = nil) -> String? {
        var unquoted: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped { unquoted.append(byte); escaped = false; continue }
            if byte == 0x5C { escaped = true; continue }
            if byte == 0x22 { continue }
            unquoted.append(byte)
        }
        let decoded = EncodedWords.decode(unquoted, hint: hint)
        let collapsed = decoded.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        let trimmed = collapsed.trimmingCharacters(in: CharacterSet(charactersIn: " \t'\""))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `local@domain` without blanks, an obsolete route (`@a,@b:`) or quotes around the whole,
    /// its domain in Unicode.
    static func addrSpec(_ bytes: [UInt8], hint: String? = nil) -> String {
        var text = EncodedWords.plainText(bytes.filter { $0 != 0x20 && $0 != 0x09 }, hint: hint)
        if text.hasPrefix("@"), let colon = text.firstIndex(of: ":") { text = String(text[text.index(after: colon)...]) }
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") { text = String(text.dropFirst().dropLast()) }
        guard let at = text.lastIndex(of: "@") else { return text }
        return String(text[...at]) + DomainName.unicode(String(text[text.index(after: at)...]))
    }
}

/// Domains as readers show them: IDNA A-labels (`xn--mchine-bua`) in Unicode (`mächine`),
/// through libidn2; anything it refuses stays as written.
enum DomainName {
    static func unicode(_ domain: String) -> String {
        guard domain.lowercased().contains("xn--") else { return domain }
        var output: UnsafeMutablePointer<CChar>? = nil
        let status = idn2_to_unicode_8z8z(domain, &output, 0)
        guard status == Int32(IDN2_OK.rawValue), let output else { return domain }
        defer { idn2_free(output) }
        return String(cString: output)
    }
}
