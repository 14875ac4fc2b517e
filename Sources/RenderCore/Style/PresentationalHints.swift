/// HTML attributes that browsers map to CSS (the HTML standard's "presentational hints"),
/// which mail HTML leans on heavily. They sit at author level with specificity zero.
enum PresentationalHints {
    static func declarations(for id: DOMDocument.NodeID, in dom: DOMDocument) -> [Declaration] {
        let node = dom[id]
        guard let tag = node.tag else { return [] }
        let attributes = node.attributes
        var out: [Declaration] = []
        func add(_ name: String, _ value: String) { out.append(Declaration(name: name, value: value, important: false)) }

        if let colour = attributes["bgcolor"].flatMap(legacyColor) { add("background-color", colour) }
        // WebKit's HTMLTablePartElement (sections, rows, cells, columns), tables and body.
        if ["table", "thead", "tbody", "tfoot", "tr", "td", "th", "col", "colgroup", "body"].contains(tag),
           let image = attributes["background"], !image.isEmpty,
           !image.contains(")") {
            add("background-image", "url(\"\(image)\")")
        }
        if ["table", "td", "th", "img", "col", "colgroup", "hr", "iframe", "video", "svg"].contains(tag) {
            if let w = attributes["width"].flatMap(dimension) { add("width", w) }
            if let h = attributes["height"].flatMap(dimension), tag != "col", tag != "colgroup" { add("height", h) }
        }
        if let align = attributes["align"]?.lowercased() {
            switch tag {
            case "table":
                if align == "center" { add("margin-left", "auto"); add("margin-right", "auto") }
                if align == "left" || align == "right" { add("float", align) }
            case "img":
                if align == "left" || align == "right" { add("float", align) }
                if ["top", "middle", "bottom", "baseline"].contains(align) { add("vertical-align", align) }
            default:
                if ["left", "right", "center"].contains(align) { add("text-align", "-webkit-" + align) }
                if align == "justify" { add("text-align", "justify") }
                if align == "middle" { add("text-align", "-webkit-center") }
            }
        }
        out += ListAttributes.hints(tag: tag, attributes)
        if let valign = attributes["valign"]?.lowercased(), ["top", "middle", "bottom", "baseline"].contains(valign) {
            add("vertical-align", valign)
        }
        switch tag {
        case "font":
            if let colour = attributes["color"].flatMap(legacyColor) { add("color", colour) }
            if let face = attributes["face"] { add("font-family", face) }
            if let size = attributes["size"].flatMap(fontSizeKeyword) { add("font-size", size) }
        case "body":
            if let colour = attributes["text"].flatMap(legacyColor) { add("color", colour) }
        case "table":
            if let spacing = attributes["cellspacing"].flatMap(pixelCount) { add("border-spacing", "\(spacing)px") }
            if let border = attributes["border"].flatMap(pixelCount), border > 0 {
                // In the text colour, as WebKit draws it (measured: black gives #A8A8A8 over #545454).
                add("border", "\(border)px outset")
            }
        case "td", "th":
            if attributes["nowrap"] != nil { add("white-space", "nowrap") }
            if let table = enclosingTable(of: id, in: dom) {
                if let padding = dom[table].attributes["cellpadding"].flatMap(pixelCount) {
                    add("padding", "\(padding)px")
                }
                if let border = dom[table].attributes["border"].flatMap(pixelCount), border > 0 {
                    add("border", "1px inset")
                }
            }
        case "img":
            // HTML's `border` on an image: a solid border that wide, in the text colour.
            if let border = attributes["border"].flatMap(pixelCount) {
                add("border-width", "\(border)px")
                if border > 0 { add("border-style", "solid") }
            }
        case "br":
            if let clear = attributes["clear"]?.lowercased() {
                add("clear", clear == "all" ? "both" : clear)
            }
        case "hr":
            if attributes["noshade"] != nil { add("border-style", "solid") }
            if let colour = attributes["color"].flatMap(legacyColor) { add("border-color", colour); add("background-color", colour) }
        default:
            break
        }
        if attributes["hidden"] != nil { add("display", "none") }
        // `dir` as WebKit maps it: the direction, and an isolate for elements other than
        // bdi, bdo and output (their own UA rules say how they take part in bidi).
        if let dir = Directionality.stated(id, in: dom) {
            add("direction", dir == "auto" ? Directionality.auto(of: id, in: dom).rawValue : dir)
            if !["bdi", "bdo", "output"].contains(tag) { add("unicode-bidi", dir == "auto" && tag == "pre" ? "plaintext" : "isolate") }
        }
        return out
    }

    static func enclosingTable(of id: DOMDocument.NodeID, in dom: DOMDocument) -> DOMDocument.NodeID? {
        var current = dom[id].parent
        while let node = current {
            if dom[node].tag == "table" { return node }
            current = dom[node].parent
        }
        return nil
    }

    /// `100` → `100px`, `50%` → `50%`; browsers read the leading number and ignore the rest.
    static func dimension(_ raw: String) -> String? {
        let text = raw.trimmingWhitespaces()
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits), value.isFinite else { return nil }
        let isPercent = text.dropFirst(digits.count).hasPrefix("%")
        if value == 0 && !isPercent { return nil }
        return isPercent ? "\(value)%" : "\(value)px"
    }

    static func pixelCount(_ raw: String) -> Int? {
        let digits = raw.trimmingWhitespaces().prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count < 7 else { return digits.isEmpty ? nil : 999_999 }
        return Int(digits)
    }

    /// HTML's legacy colour values: CSS colours plus bare hex like `ffffff`.
    static func legacyColor(_ raw: String) -> String? {
        let text = raw.trimmingWhitespaces()
        guard !text.isEmpty, !["transparent", "currentcolor"].contains(text.lowercased()) else { return nil }
        // A named colour; CSS functions and 4- or 8-digit hex are not legacy colours (WebKit
        // reads `rgb(255,0,0)` by the rules below, as a dark green).
        if text.allSatisfy({ $0.isASCII && $0.isLetter }), CSSColor.parse(text) != nil { return text }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if [3, 6].contains(hex.count), hex.allSatisfy(\.isHexDigit) { return "#" + hex }
        return legacyColorFromAnyText(text)
    }

    /// HTML's rules for parsing a legacy colour value, for text that is no colour at all:
    /// every non-hex character becomes 0, the digits are split in three and cut to two each
    /// (`bgcolor="{{ var:header_color }}"` is rgb(0, 234, 0) in browsers).
    private static func legacyColorFromAnyText(_ text: String) -> String {
        var digits: [Character] = []
        for scalar in text.unicodeScalars.prefix(128) {
            if scalar.value > 0xFFFF { digits += ["0", "0"]; continue }
            let character = Character(scalar)
            digits.append(character.isHexDigit && character.isASCII ? character : "0")
        }
        if digits.first == "#" || text.hasPrefix("#") { digits.removeFirst() }
        while digits.isEmpty || digits.count % 3 != 0 { digits.append("0") }
        var length = digits.count / 3
        var parts = (0..<3).map { Array(digits[($0 * length)..<(($0 + 1) * length)]) }
        if length > 8 { parts = parts.map { Array($0.suffix(8)) }; length = 8 }
        while length > 2, parts.allSatisfy({ $0.first == "0" }) { parts = parts.map { Array($0.dropFirst()) }; length -= 1 }
        if length > 2 { parts = parts.map { Array($0.prefix(2)) } }
        return "#" + parts.map { part in String(part).count == 1 ? "0" + String(part) : String(part) }.joined()
    }

    static func fontSizeKeyword(_ raw: String) -> String? {
        let text = raw.trimmingWhitespaces()
        let relative = text.first == "+" || text.first == "-"
        guard var size = Int(relative ? String(text.dropFirst()) : text) else { return nil }
        if relative { size = 3 + (text.first == "-" ? -size : size) }
        let sizes = ["x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"]
        return sizes[max(1, min(7, size)) - 1] == "x-small" ? "10px" : sizes[max(1, min(7, size)) - 1]
    }
}
