// TEMPORARY stand-ins until the real CSS module lands; deleted then.
public struct Declaration: Sendable, Equatable { public var name: String; public var value: String; public var important: Bool }
public struct StyleRule: Sendable { public var selectors: [Selector]; public var declarations: [Declaration] }
public struct MediaContext: Sendable {
    public var viewportWidth: Double; public var viewportHeight: Double; public var deviceWidth: Double; public var deviceHeight: Double; public var darkMode: Bool
    public init(viewportWidth: Double, viewportHeight: Double, deviceWidth: Double, deviceHeight: Double, darkMode: Bool) {
        self.viewportWidth = viewportWidth; self.viewportHeight = viewportHeight; self.deviceWidth = deviceWidth; self.deviceHeight = deviceHeight; self.darkMode = darkMode
    }
}
public struct Stylesheet: Sendable {
    public var rules: [StyleRule]
    public static func parse(_ css: String, media: MediaContext) -> Stylesheet {
        var rules: [StyleRule] = []
        for block in css.split(separator: "}") {
            let parts = block.split(separator: "{", maxSplits: 1)
            guard parts.count == 2, let sel = Selector.parseList(String(parts[0])) else { continue }
            rules.append(StyleRule(selectors: sel, declarations: parseDeclarationList(String(parts[1]))))
        }
        return Stylesheet(rules: rules)
    }
}
public func parseDeclarationList(_ text: String) -> [Declaration] {
    text.split(separator: ";").compactMap { item in
        let kv = item.split(separator: ":", maxSplits: 1)
        guard kv.count == 2 else { return nil }
        var value = kv[1].trimmingCharacters(in: .whitespaces)
        let important = value.hasSuffix("!important")
        if important { value = String(value.dropLast(10)).trimmingCharacters(in: .whitespaces) }
        return Declaration(name: kv[0].trimmingCharacters(in: .whitespaces).lowercased(), value: value, important: important)
    }
}
public struct Selector: Sendable {
    public let specificity: Int
    let parts: [String]
    public func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument) -> Bool {
        var current: DOMDocument.NodeID? = node
        for (i, part) in parts.reversed().enumerated() {
            while let c = current {
                let ok = simple(part, c, doc)
                current = doc[c].parent
                if ok { break }
                if i == 0 { return false }
                if current == nil { return false }
            }
            if current == nil && i < parts.count - 1 { return false }
        }
        return true
    }
    func simple(_ p: String, _ n: Int, _ doc: DOMDocument) -> Bool {
        guard let tag = doc[n].tag else { return false }
        if p.hasPrefix(".") { return (doc[n].attributes["class"] ?? "").split(separator: " ").contains(Substring(p.dropFirst())) }
        if p.hasPrefix("#") { return doc[n].attributes["id"] == String(p.dropFirst()) }
        return p == "*" || p.lowercased() == tag
    }
    public static func parseList(_ text: String) -> [Selector]? {
        text.split(separator: ",").map { s in
            let parts = s.split(separator: " ").map(String.init).filter { $0 != ">" }
            let spec = parts.reduce(0) { $0 + ($1.hasPrefix("#") ? 10000 : $1.hasPrefix(".") ? 100 : 1) }
            return Selector(specificity: spec, parts: parts)
        }
    }
}
public struct RGBA: Sendable, Equatable, Hashable {
    public var r, g, b, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
    public static let white = RGBA(r: 1, g: 1, b: 1, a: 1)
    public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)
}
public enum CSSColor {
    public static func parse(_ text: String) -> RGBA? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let names: [String: RGBA] = ["red": RGBA(r: 1, g: 0, b: 0, a: 1), "black": .black, "white": .white, "blue": RGBA(r: 0, g: 0, b: 1, a: 1), "transparent": .transparent, "gray": RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1)]
        if let c = names[t] { return c }
        guard t.hasPrefix("#") else { return nil }
        var hex = Array(t.dropFirst())
        if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
        guard hex.count == 6, let v = Int(String(hex), radix: 16) else { return nil }
        return RGBA(r: Double((v >> 16) & 255) / 255, g: Double((v >> 8) & 255) / 255, b: Double(v & 255) / 255, a: 1)
    }
}
import Foundation
