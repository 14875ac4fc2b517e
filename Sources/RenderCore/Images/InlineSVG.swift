import Foundation

/// An inline `<svg>` element of the HTML, serialised back to an SVG document (with its
/// namespace) so librsvg can draw it as an image. The HTML parser lower-cases names; SVG's
/// mixed-case ones are restored from HTML § 13.2.6.5's adjustment tables.
enum InlineSVG {
    /// The subtree's markup; nil past `maximumBytes` (the document is then not drawn).
    /// `color` is the element's CSS colour, which `currentColor` inside it refers to.
    /// Elements it references by `#id` from other `<svg>`s of the page (an icon sprite's
    /// `<symbol>`s, shared gradients) are copied into a `<defs>`, as the page's one document
    /// lets WebKit resolve them; `definitions` finds them.
    static func markup(of root: DOMDocument.NodeID, in dom: DOMDocument, color: RGBA, maximumBytes: Int,
                       definitions: SVGDefinitions? = nil) -> String? {
        var out = ""
        var defined = Set<String>(), referenced: [String] = []
        guard serialize(root, in: dom, root: root, color: color, into: &out, maximumBytes: maximumBytes,
                        defined: &defined, referenced: &referenced) else { return nil }
        guard let definitions else { return out }
        // Referenced from outside, each copied once, following their own references in turn.
        var copied: [String] = []
        var index = 0
        while index < referenced.count, copied.count < maximumCopied {
            let id = referenced[index]
            index += 1
            guard !defined.contains(id), let node = definitions.element(withID: id, in: dom) else { continue }
            var piece = ""
            guard serialize(node, in: dom, root: root, color: color, into: &piece, maximumBytes: maximumBytes - out.utf8.count,
                            defined: &defined, referenced: &referenced) else { return nil }
            copied.append(piece)
        }
        guard !copied.isEmpty, out.hasSuffix("</svg>") else { return out }
        return String(out.dropLast("</svg>".count)) + "<defs>" + copied.joined() + "</defs></svg>"
    }

    /// Elements copied in from other `<svg>`s at most.
    static let maximumCopied = 64

    /// Appends a subtree's markup to `out`; false past `maximumBytes`. Collects the ids it
    /// defines and the `#id`s it references (`href`, `xlink:href`, `url(#…)`).
    private static func serialize(_ start: DOMDocument.NodeID, in dom: DOMDocument, root: DOMDocument.NodeID, color: RGBA,
                                  into out: inout String, maximumBytes: Int,
                                  defined: inout Set<String>, referenced: inout [String]) -> Bool {
        // Iterative: mail can nest deeply. Each entry is a node to open, or a tag to close.
        enum Step { case open(DOMDocument.NodeID), close(String) }
        var stack: [Step] = [.open(start)]
        while let step = stack.popLast() {
            if out.utf8.count > maximumBytes { return false }
            switch step {
            case .close(let name):
                out += "</\(name)>"
            case .open(let id):
                let node = dom[id]
                if let text = node.text { out += escaped(text, quote: false); continue }
                guard let tag = node.tag else { continue }
                let name = elementNames[tag] ?? tag
                out += "<\(name)"
                var attributes = node.attributes
                if id == root {
                    attributes["xmlns"] = "http://www.w3.org/2000/svg"
                    if attributes["xmlns:xlink"] == nil { attributes["xmlns:xlink"] = "http://www.w3.org/1999/xlink" }
                    if attributes["color"] == nil { attributes["color"] = cssColor(color) }
                }
                if let own = attributes["id"] { defined.insert(own) }
                // Sorted: the same bytes every time (dictionary order is not stable across runs).
                for (key, value) in attributes.sorted(by: { $0.key < $1.key }) where isXMLName(key) {
                    out += " \(attributeNames[key] ?? key)=\"\(escaped(value, quote: true))\""
                    referenced += references(key, value)
                }
                out += ">"
                stack.append(.close(name))
                for child in node.children.reversed() { stack.append(.open(child)) }
            }
        }
        return true
    }

    /// The `#id`s an attribute refers to.
    private static func references(_ key: String, _ value: String) -> [String] {
        let value = value.trimmingWhitespaces()
        if key == "href" || key == "xlink:href" { return value.hasPrefix("#") ? [String(value.dropFirst())] : [] }
        guard value.contains("url(") else { return [] }
        return value.components(separatedBy: "url(").dropFirst().compactMap { piece in
            let inside = piece.prefix { $0 != ")" }.trimmingWhitespaces().trimmingCharacters(in: ["\"", "'"])
            return inside.hasPrefix("#") ? String(inside.dropFirst()) : nil
        }
    }

    private static func cssColor(_ color: RGBA) -> String {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgba(\(channel(color.r)),\(channel(color.g)),\(channel(color.b)),\(min(max(color.a, 0), 1)))"
    }

    private static func escaped(_ text: String, quote: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quote: out += "&quot;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// An attribute name XML accepts (HTML allows names such as `"` or `a<b` that would
    /// break the document).
    private static func isXMLName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:".unicodeScalars.contains($0) }
    }

    /// HTML § 13.2.6.5: SVG element names the tokenizer lower-cases.
    static let elementNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
        "radialGradient", "textPath",
    ].map { ($0.lowercased(), $0) })

    /// HTML § 13.2.6.5 ("adjust SVG attributes"): SVG attribute names the tokenizer lower-cases.
    static let attributeNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
        "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
        "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
        "numOctaves", "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
        "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY",
        "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant",
        "specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
        "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox", "viewTarget",
        "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { ($0.lowercased(), $0) })
}

/// Elements with an `id` inside the page's `<svg>` elements, indexed once on first use (a
/// page's inline SVGs may share one sprite).
final class SVGDefinitions {
    private var index: [String: DOMDocument.NodeID]?

    func element(withID id: String, in dom: DOMDocument) -> DOMDocument.NodeID? {
        if index == nil { index = Self.build(dom) }
        return index?[id]
    }

    private static func build(_ dom: DOMDocument) -> [String: DOMDocument.NodeID] {
        var found: [String: DOMDocument.NodeID] = [:]
        // Document order, tracking whether an `<svg>` encloses the node; the first id wins.
        var stack: [(DOMDocument.NodeID, Bool)] = [(dom.root, false)]
        while let (node, insideSVG) = stack.popLast() {
            let inside = insideSVG || dom[node].tag == "svg"
            if inside, dom[node].tag != "svg", let id = dom[node].attributes["id"], found[id] == nil { found[id] = node }
            for child in dom[node].children.reversed() where dom[child].tag != nil { stack.append((child, inside)) }
        }
        return found
    }
}
