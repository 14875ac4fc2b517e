/// `:lang()` (Selectors 4 §7.2): an element's language is the `lang` (or `xml:lang`) of the
/// nearest element that states one; it matches a range by RFC 4647 extended filtering,
/// ASCII case-insensitively: `:lang(de)` matches `de`, `de-DE`, `de-Latn-DE`; `"*-CH"`
/// matches `de-CH`; a singleton subtag (`x-`) stops implicit skipping.
enum LanguageRange {
    /// The arguments: identifiers or strings, comma-separated; nil if malformed.
    static func parseArguments(_ list: CSSTokenList, _ range: Range<Int>) -> [String]? {
        var ranges: [String] = []
        var expectingRange = true
        for index in range where !list.tokens[index].kind.isWhitespace {
            switch list.tokens[index].kind {
            case .ident(let text) where expectingRange, .string(let text) where expectingRange:
                ranges.append(text)
                expectingRange = false
            case .comma where !expectingRange:
                expectingRange = true
            default:
                return nil
            }
        }
        return ranges.isEmpty || expectingRange ? nil : ranges
    }

    static func matches(_ ranges: [String], _ node: DOMDocument.NodeID, in doc: DOMDocument) -> Bool {
        guard let language = language(of: node, in: doc) else { return false }
        return ranges.contains { matches(range: $0, language: language) }
    }

    /// The language an element is in: the nearest `xml:lang` or `lang`; nil when none says.
    static func language(of node: DOMDocument.NodeID, in doc: DOMDocument) -> String? {
        var current: DOMDocument.NodeID? = node
        while let id = current, doc[id].tag != nil {
            let attributes = doc[id].attributes
            if let language = attributes["xml:lang"] ?? attributes["lang"] { return language }
            current = doc[id].parent
        }
        return nil
    }

    /// RFC 4647 §3.3.2 extended filtering.
    static func matches(range: String, language: String) -> Bool {
        let wanted = range.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        let tag = language.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        // An empty range matches the empty language only ("" is "unknown").
        if range.isEmpty { return language.isEmpty }
        guard let first = wanted.first, let tagFirst = tag.first, !tagFirst.isEmpty,
              first == "*" || first == tagFirst else { return false }
        var w = 1, t = 1
        while w < wanted.count {
            if wanted[w] == "*" { w += 1; continue }
            guard t < tag.count else { return false }
            if wanted[w] == tag[t] { w += 1; t += 1; continue }
            if tag[t].count == 1 { return false }   // a singleton ends the implicit wildcard
            t += 1
        }
        return true
    }
}
