/// An inline `<svg>` element of the HTML, serialised back to an SVG document (with its
/// namespace) so librsvg can draw it as an image. The HTML parser lower-cases names; SVG's
/// mixed-case ones are restored from HTML § 13.2.6.5's adjustment tables.
enum InlineSVG {
    /// The subtree's markup; nil past `maximumBytes` (the document is then not drawn).
    /// `color` is the element's CSS colour, which `currentColor` inside it refers to.
    static func markup(of root: DOMDocument.NodeID, in dom: DOMDocument, color: RGBA, maximumBytes: Int) -> String? {
        var out = ""
        // Iterative: mail can nest deeply. Each entry is a node to open, or a tag to close.
        enum Step { case open(DOMDocument.NodeID), close(String) }
        var stack: [Step] = [.open(root)]
        while let step = stack.popLast() {
            if out.utf8.count > maximumBytes { return nil }
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
                // Sorted: the same bytes every time (dictionary order is not stable across runs).
                for (key, value) in attributes.sorted(by: { $0.key < $1.key }) where isXMLName(key) {
                    out += " \(attributeNames[key] ?? key)=\"\(escaped(value, quote: true))\""
                }
                out += ">"
                stack.append(.close(name))
                for child in node.children.reversed() { stack.append(.open(child)) }
            }
        }
        return out
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
