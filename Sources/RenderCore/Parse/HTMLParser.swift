import CGumbo

/// Parses HTML bytes with gumbo (the HTML5 tree-construction algorithm, so implied `tbody`,
/// unclosed cells and misnested tags come out as a browser builds them) into a `DOMDocument`.
public enum HTMLParser {
    public static func parse(_ html: String, limits: ResourceLimits = .standard) -> DOMDocument {
        let bounded = HTMLSourceLimits(limits).apply(Array(html.utf8))
        var bytes = bounded.html
        bytes.append(0)
        let count = bytes.count - 1
        var document = bytes.withUnsafeBufferPointer { buffer -> DOMDocument in
            var options = kGumboDefaultOptions
            options.max_errors = 1000  // error reporting is not used; bound its memory
            guard let output = gumbo_parse_with_options(&options, buffer.baseAddress, count) else {
                return DOMDocument()
            }
            defer { gumbo_destroy_output(&options, output) }
            var document = convert(output.pointee.document, maximumDepth: limits.maximumDepth)
            switch output.pointee.document.pointee.v.document.doc_type_quirks_mode {
            case GUMBO_DOCTYPE_QUIRKS: document.mode = .quirks
            case GUMBO_DOCTYPE_LIMITED_QUIRKS: document.mode = .limitedQuirks
            default:
                document.mode = limitedQuirks(output.pointee.document.pointee.v.document) ? .limitedQuirks : .noQuirks
            }
            return document
        }
        if bounded.cutAtElementLimit {
            document.warnings.append("the mail has more than \(ResourceLimits.count(limits.maximumElements)) elements; the rest is not shown")
        }
        if bounded.droppedNestedTags > 0 || document.depthLimited {
            document.warnings.append("elements nested deeper than \(limits.maximumDepth) levels were flattened (their text is kept)")
        }
        if bounded.cutText {
            document.warnings.append(ResourceLimits.textWarning(limits))
        }
        if bounded.cutStyle {
            document.warnings.append(ResourceLimits.stylesheetWarning(limits))
        }
        if bounded.droppedAttributes > 0 {
            document.warnings.append("elements with more than \(limits.maximumAttributesPerElement) attributes: the rest were ignored")
        }
        return document
    }

    /// Walks gumbo's tree iteratively (mail can nest deeply) and copies it into Swift values.
    /// Elements nested deeper than `maximumDepth` keep their text but lose their own box: their
    /// children join the ancestor at that depth, so later stages never recurse further.
    private static func convert(_ gumboRoot: UnsafeMutablePointer<GumboNode>, maximumDepth: Int) -> DOMDocument {
        var doc = DOMDocument()
        var stack: [(UnsafeMutablePointer<GumboNode>, DOMDocument.NodeID)] = []
        var depth: [Int] = [0]  // by node ID
        pushChildren(of: gumboRoot, parent: doc.root, onto: &stack)
        while let (node, parent) = stack.popLast() {
            switch node.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                if depth[parent] >= maximumDepth {
                    doc.depthLimited = true
                    pushChildren(of: node, parent: parent, onto: &stack)
                    continue
                }
                let element = node.pointee.v.element
                let id = doc.append(.element(tagName(element)), attributes: attributes(element), to: parent)
                depth.append(depth[parent] + 1)
                pushChildren(of: node, parent: id, onto: &stack)
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                if let text = node.pointee.v.text.text {
                    doc.append(.text(String(cString: text)), to: parent)
                    depth.append(depth[parent] + 1)
                }
            default:
                break  // comments and the doctype carry nothing to render
            }
        }
        return doc
    }

    /// HTML § 13.2.6.4.1: the doctypes that select limited-quirks mode (gumbo only reports
    /// full quirks reliably).
    private static func limitedQuirks(_ document: GumboDocument) -> Bool {
        guard document.has_doctype, let raw = document.public_identifier else { return false }
        let publicID = String(cString: raw).lowercased()
        if publicID.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//") || publicID.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//") {
            return true
        }
        let hasSystemID = document.system_identifier.map { $0.pointee != 0 } ?? false
        return hasSystemID && (publicID.hasPrefix("-//w3c//dtd html 4.01 frameset//") || publicID.hasPrefix("-//w3c//dtd html 4.01 transitional//"))
    }

    private static func pushChildren(
        of node: UnsafeMutablePointer<GumboNode>, parent: DOMDocument.NodeID,
        onto stack: inout [(UnsafeMutablePointer<GumboNode>, DOMDocument.NodeID)]
    ) {
        let children: GumboVector
        switch node.pointee.type {
        case GUMBO_NODE_DOCUMENT: children = node.pointee.v.document.children
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: children = node.pointee.v.element.children
        default: return
        }
        guard children.length > 0, let data = children.data else { return }
        // Reversed so that popping from the stack visits children in document order.
        for index in (0..<Int(children.length)).reversed() {
            if let child = data[index] {
                stack.append((child.assumingMemoryBound(to: GumboNode.self), parent))
            }
        }
    }

    private static func tagName(_ element: GumboElement) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
            return String(cString: name)
        }
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        guard piece.length > 0, let data = piece.data else { return "unknown" }
        let raw = UnsafeRawBufferPointer(start: data, count: piece.length)
        return String(decoding: raw, as: UTF8.self).lowercased()
    }

    private static func attributes(_ element: GumboElement) -> [String: String] {
        let vector = element.attributes
        guard vector.length > 0, let data = vector.data else { return [:] }
        var result: [String: String] = [:]
        for index in 0..<Int(vector.length) {
            guard let raw = data[index] else { continue }
            let attribute = raw.assumingMemoryBound(to: GumboAttribute.self).pointee
            guard let name = attribute.name else { continue }
            let key = String(cString: name).lowercased()
            // The first occurrence wins, as in browsers.
            if result[key] == nil {
                result[key] = attribute.value.map { String(cString: $0) } ?? ""
            }
        }
        return result
    }
}
