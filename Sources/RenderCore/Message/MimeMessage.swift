import CGMime
import Foundation

/// GMime at the edge: a parsed message and its MIME entities as Swift objects that own their
/// GObject references (released in `deinit`). Everything past this file sees Swift values only.
enum GMime {
    /// `g_mime_init()` runs once per process, on first use (Swift globals initialise once,
    /// thread-safely).
    private static let initialised: Bool = {
        g_mime_init()
        return true
    }()

    static func ensureInitialised() { _ = initialised }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }

    /// A header list's fields in order, with their raw bytes (after the colon, still folded).
    static func rawHeaders(_ object: UnsafeMutablePointer<GMimeObject>) -> [RawHeader] {
        guard let list = g_mime_object_get_header_list(object) else { return [] }
        return (0..<g_mime_header_list_get_count(list)).compactMap { index in
            guard let header = g_mime_header_list_get_header_at(list, index),
                  let name = string(g_mime_header_get_name(header)) else { return nil }
            let raw = g_mime_header_get_raw_value(header) ?? g_mime_header_get_value(header)
            let bytes = raw.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
            return RawHeader(name: name, value: bytes)
        }
    }

    /// Takes ownership of a `g_malloc`ed C string.
    static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return string(pointer)
    }
}

/// One header field as the message has it: its name and the raw bytes of its value.
struct RawHeader {
    let name: String
    let value: [UInt8]
}

/// Collects what the GMime parser reports about a malformed message, as one-line warnings.
final class MimeParserWarnings {
    private(set) var messages: [String] = []

    func add(_ code: GMimeParserWarning, item: String?) {
        let message: String
        switch code {
        case GMIME_WARN_MALFORMED_MULTIPART: message = "a multipart has no parts (missing or wrong boundary)"
        case GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY: message = "a multipart has no boundary parameter; read as one part"
        case GMIME_WARN_TRUNCATED_MESSAGE: message = "the message is truncated"
        case GMIME_WARN_MALFORMED_MESSAGE: message = "the message is malformed"
        case GMIME_CRIT_NESTING_OVERFLOW: message = "MIME parts are nested too deeply; the deepest are not read"
        case GMIME_CRIT_INVALID_HEADER_NAME: message = "a header name is invalid" + (item.map { " ('\(Self.short($0))')" } ?? "")
        case GMIME_WARN_INVALID_CONTENT_TYPE: message = "a Content-Type is invalid; read as text/plain (RFC 2045 §5.2)"
        case GMIME_WARN_INVALID_ADDRESS_LIST: message = "an address list is invalid" + (item.map { " ('\(Self.short($0))')" } ?? "") + "; shown as written"
        case GMIME_WARN_PART_WITHOUT_CONTENT: message = "a MIME part has no content"
        case GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT: message = "a MIME part has neither headers nor content"
        case GMIME_CRIT_CONFLICTING_HEADER: message = "conflicting headers" + (item.map { " ('\(Self.short($0))')" } ?? "") + "; the first is shown"
        case GMIME_CRIT_CONFLICTING_PARAMETER: message = "conflicting header parameters" + (item.map { " ('\(Self.short($0))')" } ?? "")
        default: return  // duplicated headers, 8-bit headers, odd encoded words: GMime copes, as readers do
        }
        if !messages.contains(message) { messages.append(message) }
    }

    static func short(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        return flat.count > 40 ? String(flat.prefix(37)) + "..." : flat
    }
}

/// One parsed message (the top level, or one attached as `message/rfc822`).
final class MimeMessage {
    private let message: UnsafeMutablePointer<GMimeMessage>
    /// Kept alive as long as the message: lazily decoded headers may consult them.
    private let owner: ParserOptions?

    /// Charsets tried, in order, for 8-bit text whose charset is not declared (headers and
    /// bodies): UTF-8 first, so UTF-8 is never read as Latin-1, then windows-1252.
    static let fallbackCharsets = ["utf-8", "windows-1252"]

    final class ParserOptions {
        let pointer: OpaquePointer
        let warnings = MimeParserWarnings()
        private var charsetStrings: [UnsafeMutablePointer<CChar>?]

        init() {
            GMime.ensureInitialised()
            pointer = g_mime_parser_options_new()
            g_mime_parser_options_set_rfc2047_compliance_mode(pointer, GMIME_RFC_COMPLIANCE_LOOSE)
            g_mime_parser_options_set_address_compliance_mode(pointer, GMIME_RFC_COMPLIANCE_LOOSE)
            g_mime_parser_options_set_parameter_compliance_mode(pointer, GMIME_RFC_COMPLIANCE_LOOSE)
            charsetStrings = MimeMessage.fallbackCharsets.map { strdup($0) } + [nil]
            charsetStrings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    g_mime_parser_options_set_fallback_charsets(pointer, $0)
                }
            }
            let sink = Unmanaged.passUnretained(warnings).toOpaque()
            g_mime_parser_options_set_warning_callback(pointer, { _, code, item, userData in
                guard let userData else { return }
                let warnings = Unmanaged<MimeParserWarnings>.fromOpaque(userData).takeUnretainedValue()
                warnings.add(code, item: GMime.string(item))
            }, sink)
        }

        deinit {
            g_mime_parser_options_free(pointer)
            for string in charsetStrings { free(string) }
        }
    }

    /// Parses a message from its bytes; nil when the bytes hold no message at all.
    static func parse(_ bytes: [UInt8]) -> (message: MimeMessage?, warnings: [String]) {
        let options = ParserOptions()
        let stream: UnsafeMutablePointer<GMimeStream> = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                g_mime_stream_mem_new_with_buffer(chars.baseAddress, chars.count)  // copies the bytes
            }
        }
        defer { g_object_unref(stream) }
        let parser = g_mime_parser_new_with_stream(stream)!
        defer { g_object_unref(parser) }
        g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE)
        guard let message = g_mime_parser_construct_message(parser, options.pointer) else {
            return (nil, options.warnings.messages)
        }
        return (MimeMessage(taking: message, options: options), options.warnings.messages)
    }

    /// Takes over one reference to `message`.
    private init(taking message: UnsafeMutablePointer<GMimeMessage>, options: ParserOptions?) {
        self.message = message
        self.owner = options
    }

    /// A message owned elsewhere (inside a `message/rfc822` part): takes a reference of its own.
    fileprivate convenience init(retaining message: UnsafeMutablePointer<GMimeMessage>, options: ParserOptions?) {
        g_object_ref(message)
        self.init(taking: message, options: options)
    }

    deinit { g_object_unref(message) }

    /// The message's own header fields, raw (`HeaderFields` reads them).
    var rawHeaders: [RawHeader] {
        GMime.rawHeaders(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GMimeObject.self))
    }

    var body: MimeEntity? {
        g_mime_message_get_mime_part(message).map { MimeEntity(retaining: $0, options: owner) }
    }

}

/// One MIME entity: a leaf part, a multipart, or an attached message.
final class MimeEntity {
    private let object: UnsafeMutablePointer<GMimeObject>
    private let options: MimeMessage.ParserOptions?

    fileprivate init(retaining object: UnsafeMutablePointer<GMimeObject>, options: MimeMessage.ParserOptions?) {
        g_object_ref(object)
        self.object = object
        self.options = options
    }

    deinit { g_object_unref(object) }

    var rawHeaders: [RawHeader] { GMime.rawHeaders(object) }

    /// `type/subtype`, lowercased: `text/plain` when the header is missing or, as RFC 2045 §5.2
    /// recommends, not a valid `type/subtype` (`text`, `application-x-gzip`).
    var mediaType: String {
        guard hasValidContentType, let contentType = g_mime_object_get_content_type(object) else { return "text/plain" }
        let type = GMime.string(g_mime_content_type_get_media_type(contentType)) ?? "text"
        let subtype = GMime.string(g_mime_content_type_get_media_subtype(contentType)) ?? "plain"
        return (type + "/" + subtype).lowercased()
    }

    /// A Content-Type parameter; none of an invalid Content-Type counts (its charset is US-ASCII).
    func parameter(_ name: String) -> String? {
        guard hasValidContentType else { return nil }
        return GMime.string(g_mime_object_get_content_type_parameter(object, name))
    }

    /// True when there is no Content-Type (GMime's default is then right) or it begins with
    /// `token/token`. Parts GMime built as multiparts or messages keep their type.
    /// Read once per wrapper: body selection asks for `mediaType` many times.
    private lazy var hasValidContentType: Bool = {
        guard cgmime_is_part(object) != 0,
              let raw = rawHeaders.first(where: { $0.name.lowercased() == "content-type" })?.value else { return true }
        return Self.isValidContentType(raw)
    }()

    /// Begins with `token/token` (comments and blanks around the slash allowed); what follows
    /// before the parameters is junk GMime ignores, as readers do (`text/html
    /// Content-Transfer-Encoding: 8bit` on one line is HTML).
    static func isValidContentType(_ raw: [UInt8]) -> Bool {
        var text = [UInt8]()
        var depth = 0
        for byte in raw.prefix(while: { $0 != 0x3B }) {  // comments dropped, blanks kept as one
            if byte == 0x28 { depth += 1 } else if byte == 0x29 { depth = max(0, depth - 1) } else if depth == 0 {
                text.append(byte <= 0x20 ? 0x20 : byte)
            }
        }
        let specials = Set("()<>@,;:\\\"/[]?=".utf8)
        func isToken(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F && !specials.contains(byte) }
        var index = text.drop { $0 == 0x20 }.startIndex
        let typeStart = index
        while index < text.endIndex, isToken(text[index]) { index += 1 }
        guard index > typeStart else { return false }
        while index < text.endIndex, text[index] == 0x20 { index += 1 }
        guard index < text.endIndex, text[index] == 0x2F else { return false }
        index += 1
        while index < text.endIndex, text[index] == 0x20 { index += 1 }
        let subtypeStart = index
        while index < text.endIndex, isToken(text[index]) { index += 1 }
        return index > subtypeStart
    }

    /// `inline`, `attachment`, or nil when there is no Content-Disposition.
    var disposition: String? { GMime.string(g_mime_object_get_disposition(object))?.lowercased() }

    /// Content-Disposition filename, else Content-Type name (RFC 2231 / 2047 decoded by GMime).
    var filename: String? {
        guard cgmime_is_part(object) != 0 else { return nil }
        // Control characters (a line feed decoded from an encoded word) read as spaces.
        let name = GMime.string(g_mime_part_get_filename(cgmime_as_part(object)))?
            .map { $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } ? " " : String($0) }.joined()
            .trimmingCharacters(in: .whitespaces)
        return name.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Content-ID without its angle brackets.
    var contentID: String? {
        GMime.string(g_mime_object_get_content_id(object)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The declared charset of the first text part in this tree (lowercased), if any.
    func firstTextCharset(depth: Int = 0) -> String? {
        guard depth < 32 else { return nil }
        if isLeaf { return mediaType.hasPrefix("text/") ? parameter("charset")?.lowercased() : nil }
        for child in children.prefix(16) {
            if let charset = child.firstTextCharset(depth: depth + 1) { return charset }
        }
        return nil
    }

    /// The GMime object, for sets of parts (wrappers are made per access).
    var identity: UnsafeMutableRawPointer { UnsafeMutableRawPointer(object) }

    var isMultipart: Bool { cgmime_is_multipart(object) != 0 }
    var isLeaf: Bool { cgmime_is_part(object) != 0 }

    var children: [MimeEntity] {
        guard isMultipart else { return [] }
        let multipart = cgmime_as_multipart(object)
        let count = g_mime_multipart_get_count(multipart)
        guard count > 0 else { return [] }
        return (0..<count).compactMap { index in
            g_mime_multipart_get_part(multipart, index).map { MimeEntity(retaining: $0, options: options) }
        }
    }

    /// The text before a multipart's first boundary: all of its content when the boundary is
    /// missing or never appears.
    var prologue: String? {
        guard isMultipart else { return nil }
        return GMime.string(g_mime_multipart_get_prologue(cgmime_as_multipart(object)))
    }

    /// The first multipart in this tree that found no parts but holds text.
    func firstUnsplitMultipart(depth: Int = 0) -> MimeEntity? {
        guard isMultipart, depth < BodySelection.maximumDepth else { return nil }
        let children = self.children
        if children.isEmpty {
            return prologue.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } == false ? self : nil
        }
        for child in children {
            if let found = child.firstUnsplitMultipart(depth: depth + 1) { return found }
        }
        return nil
    }

    /// The message inside a `message/rfc822` part.
    var attachedMessage: MimeMessage? {
        guard cgmime_is_message_part(object) != 0,
              let message = g_mime_message_part_get_message(cgmime_as_message_part(object)) else { return nil }
        return MimeMessage(retaining: message, options: options)
    }

    /// The message a `message/rfc822` (or `message/global`) part holds: GMime's parse of it,
    /// or, when the part is transfer-encoded (base64, quoted-printable: GMime 3.2.13 then keeps
    /// it as an opaque leaf), a parse of its decoded content.
    var encapsulatedMessage: MimeMessage? {
        if let message = attachedMessage { return message }
        guard isLeaf, ["message/rfc822", "message/global"].contains(mediaType) else { return nil }
        let content = decodedContent()
        // A message without headers is still a message (its text is the body).
        return MimeMessage.parse(content).message ?? MimeMessage.parse(RawMessageRepair.asHeaderlessBody(content)).message
    }

    /// The content with its transfer encoding (base64, quoted-printable, uuencode) undone.
    func decodedContent() -> [UInt8] {
        guard isLeaf, let content = g_mime_part_get_content(cgmime_as_part(object)) else { return [] }
        let stream = g_mime_stream_mem_new()!
        defer { g_object_unref(stream) }
        _ = g_mime_data_wrapper_write_to_stream(content, stream)
        guard let array = g_mime_stream_mem_get_byte_array(cgmime_as_stream_mem(stream)), array.pointee.len > 0 else { return [] }
        return [UInt8](UnsafeBufferPointer(start: array.pointee.data, count: Int(array.pointee.len)))
    }

    /// The decoded size in bytes, counted without keeping the bytes.
    func decodedSize() -> Int {
        guard isLeaf, let content = g_mime_part_get_content(cgmime_as_part(object)) else {
            // An attached message or a multipart: its encoded size.
            let stream = g_mime_stream_null_new()!
            defer { g_object_unref(stream) }
            _ = g_mime_object_write_content_to_stream(object, nil, stream)
            return Int(cgmime_null_stream_written(stream))
        }
        let stream = g_mime_stream_null_new()!
        defer { g_object_unref(stream) }
        _ = g_mime_data_wrapper_write_to_stream(content, stream)
        return Int(cgmime_null_stream_written(stream))
    }

    /// GMime's best reading of 8-bit text in an unknown charset: the fallback charsets in
    /// order, the first that converts cleanly (else the one with the fewest errors).
    static func decodeUnknown8Bit(_ bytes: [UInt8]) -> String {
        let options = MimeMessage.ParserOptions()
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                GMime.takeString(g_mime_utils_decode_8bit(options.pointer, chars.baseAddress, chars.count))
            }
        } ?? String(decoding: bytes, as: UTF8.self)
    }
}

/// A mailbox as a header shows it.
public struct MailAddress: Sendable, Equatable {
    public var name: String?
    public var address: String

    public init(name: String?, address: String) {
        self.name = name
        self.address = address
    }
}
