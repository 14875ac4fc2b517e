/// CSS Writing Modes' `writing-mode` (inherited): the direction lines stack in and the axis
/// text runs along. WebKit also takes SVG 1.1's old keywords.
public enum WritingMode: String, Sendable {
    case horizontalTB = "horizontal-tb", verticalRL = "vertical-rl", verticalLR = "vertical-lr"
    case sidewaysRL = "sideways-rl", sidewaysLR = "sideways-lr"

    init?(keyword: String) {
        switch keyword {
        case "lr", "lr-tb", "rl", "rl-tb": self = .horizontalTB
        case "tb", "tb-rl": self = .verticalRL
        default: self.init(rawValue: keyword)
        }
    }

    /// Lines run top to bottom (the inline axis is vertical).
    public var isVertical: Bool { self != .horizontalTB }
}

/// `text-orientation` (inherited): how letters stand in vertical lines; `sideways-right` is
/// WebKit's old name for `sideways`.
public enum TextOrientation: String, Sendable {
    case mixed, upright, sideways

    init?(keyword: String) {
        self.init(rawValue: keyword == "sideways-right" ? "sideways" : keyword)
    }

    /// Whether a character stands upright in a vertical line: every one under `upright`; under
    /// `mixed` those Unicode's vertical orientation (UAX #50) stands upright, by block: Han, kana,
    /// Hangul, Bopomofo, Yi, CJK symbols and compatibility forms, full-width forms, emoji.
    func standsUpright(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .sideways: return false
        case .upright: return true
        case .mixed:
            switch scalar.value {
            case 0x1100...0x11FF, 0x2E80...0x2FFF, 0x3000...0x3007, 0x3012...0x3013, 0x3020...0x303F,
                 0x3040...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
                 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE7, 0x1F000...0x1FAFF,
                 0x20000...0x3FFFD:
                return true
            default:
                return false
            }
        }
    }
}

/// Flow-relative properties (CSS Logical Properties §4–§6) turned into the physical ones
/// they stand for, by the element's own `writing-mode` and `direction` (the cascade applies
/// both before anything else). Each declaration maps where it stands in cascade order, so a
/// later physical declaration overrides an earlier logical one and the other way round.
enum LogicalProperties {
    enum Side: String { case top, right, bottom, left }

    /// The physical sides of the four flow-relative ones.
    struct Sides: Equatable {
        let blockStart: Side, blockEnd: Side, inlineStart: Side, inlineEnd: Side

        init(_ mode: WritingMode, _ direction: TextDirection) {
            let rtl = direction.isRightToLeft
            switch mode {
            case .horizontalTB:
                (blockStart, blockEnd) = (.top, .bottom)
                (inlineStart, inlineEnd) = rtl ? (.right, .left) : (.left, .right)
            case .verticalRL, .sidewaysRL:
                (blockStart, blockEnd) = (.right, .left)
                (inlineStart, inlineEnd) = rtl ? (.bottom, .top) : (.top, .bottom)
            case .verticalLR:
                (blockStart, blockEnd) = (.left, .right)
                (inlineStart, inlineEnd) = rtl ? (.bottom, .top) : (.top, .bottom)
            case .sidewaysLR:
                // Lines run bottom to top.
                (blockStart, blockEnd) = (.left, .right)
                (inlineStart, inlineEnd) = rtl ? (.top, .bottom) : (.bottom, .top)
            }
        }

        func side(block: Bool, start: Bool) -> Side {
            block ? (start ? blockStart : blockEnd) : (start ? inlineStart : inlineEnd)
        }
    }

    /// WebKit's prefixed spellings and their standard names.
    private static let legacyNames: [String: String] = {
        var names = [
            "-webkit-logical-width": "inline-size", "-webkit-logical-height": "block-size",
            "-webkit-min-logical-width": "min-inline-size", "-webkit-min-logical-height": "min-block-size",
            "-webkit-max-logical-width": "max-inline-size", "-webkit-max-logical-height": "max-block-size",
        ]
        let edges = ["start": "inline-start", "end": "inline-end", "before": "block-start", "after": "block-end"]
        for (legacy, standard) in edges {
            names["-webkit-margin-\(legacy)"] = "margin-\(standard)"
            names["-webkit-padding-\(legacy)"] = "padding-\(standard)"
            names["-webkit-border-\(legacy)"] = "border-\(standard)"
            for part in ["width", "style", "color"] { names["-webkit-border-\(legacy)-\(part)"] = "border-\(standard)-\(part)" }
        }
        return names
    }()

    /// Every flow-relative property name this file maps (and `inset`).
    private static let names: Set<String> = {
        var names: Set<String> = ["inset", "overflow-block", "overflow-inline"]
        names.formUnion(legacyNames.keys)
        for axis in ["block", "inline"] {
            for size in ["", "min-", "max-"] { names.insert("\(size)\(axis)-size") }
            for family in ["margin", "padding", "inset", "border"] {
                for edge in ["", "-start", "-end"] {
                    names.insert("\(family)-\(axis)\(edge)")
                    if family == "border" { for part in ["width", "style", "color"] { names.insert("border-\(axis)\(edge)-\(part)") } }
                }
            }
        }
        for block in ["start", "end"] { for inline in ["start", "end"] { names.insert("border-\(block)-\(inline)-radius") } }
        return names
    }()

    /// The physical declarations (name, value) a flow-relative one stands for, in order; nil
    /// when `name` is not flow-relative, empty when its value has the wrong number of parts.
    /// `inset` (physical, but new with the logical ones) is expanded here too.
    /// Whether `name` is one of the flow-relative properties (or `inset`) this file maps.
    static func handles(_ name: String) -> Bool { names.contains(name) }

    static func physical(_ name: String, _ value: String, mode: WritingMode, direction: TextDirection) -> [(String, String)]? {
        guard names.contains(name) else { return nil }  // one lookup for the physical properties
        let name = legacyNames[name] ?? name
        guard let expanded = expand(name, value, Sides(mode, direction), vertical: mode.isVertical) else { return nil }
        // The unitless-length quirk never reached the flow-relative properties.
        let unitless = PropertyValues.components(value).contains { Double($0).map { $0 != 0 } ?? false }
        return unitless ? [] : expanded
    }

    private static func expand(_ name: String, _ value: String, _ sides: Sides, vertical: Bool) -> [(String, String)]? {
        if let sizes = size(name, vertical: vertical) { return [(sizes, value)] }
        if let overflow = overflowAxis(name, vertical: vertical) { return [(overflow, value)] }
        if let corner = radius(name, sides) { return [(corner, value)] }
        if name == "inset" {
            let parts = PropertyValues.components(value)
            guard let edges = PropertyValues.fourSides(parts) else { return [] }
            return [("top", edges.top), ("right", edges.right), ("bottom", edges.bottom), ("left", edges.left)]
        }
        // {margin|padding|inset|border}-{block|inline}[-{start|end}][-{width|style|color}]
        var words = name.split(separator: "-").map(String.init)
        guard words.count >= 2, ["margin", "padding", "inset", "border"].contains(words[0]),
              words[1] == "block" || words[1] == "inline" else { return nil }
        let family = words.removeFirst(), block = words.removeFirst() == "block"
        var start: Bool?
        if let edge = words.first, edge == "start" || edge == "end" { start = edge == "start"; words.removeFirst() }
        let part = words.first
        if let part { guard family == "border", words.count == 1, ["width", "style", "color"].contains(part) else { return nil } }
        guard words.count <= 1 else { return nil }
        func physicalName(_ side: Side) -> String {
            switch family {
            case "inset": return side.rawValue
            case "border": return "border-\(side.rawValue)" + (part.map { "-\($0)" } ?? "")
            default: return "\(family)-\(side.rawValue)"
            }
        }
        if let start { return [(physicalName(sides.side(block: block, start: start)), value)] }
        let startName = physicalName(sides.side(block: block, start: true))
        let endName = physicalName(sides.side(block: block, start: false))
        // `border-block` is a border shorthand for both sides; the others take one or two values.
        if family == "border" && part == nil { return [(startName, value), (endName, value)] }
        let parts = PropertyValues.components(value)
        guard parts.count == 1 || parts.count == 2 else { return [] }
        return [(startName, parts[0]), (endName, parts[parts.count - 1])]
    }

    /// `inline-size`, `min-block-size`…: the physical size property.
    private static func size(_ name: String, vertical: Bool) -> String? {
        var prefix = ""
        var rest = Substring(name)
        if rest.hasPrefix("min-") || rest.hasPrefix("max-") { prefix = String(rest.prefix(4)); rest = rest.dropFirst(4) }
        switch rest {
        case "inline-size": return prefix + (vertical ? "height" : "width")
        case "block-size": return prefix + (vertical ? "width" : "height")
        default: return nil
        }
    }

    /// `overflow-block` and `overflow-inline`: `overflow-y` or `overflow-x`.
    private static func overflowAxis(_ name: String, vertical: Bool) -> String? {
        switch name {
        case "overflow-block": return vertical ? "overflow-x" : "overflow-y"
        case "overflow-inline": return vertical ? "overflow-y" : "overflow-x"
        default: return nil
        }
    }

    /// `border-start-end-radius` (block side first, then inline side): the physical corner.
    private static func radius(_ name: String, _ sides: Sides) -> String? {
        let words = name.split(separator: "-")
        guard words.count == 4, words[0] == "border", words[3] == "radius",
              let block = ["start": true, "end": false][String(words[1])],
              let inline = ["start": true, "end": false][String(words[2])] else { return nil }
        let one = sides.side(block: true, start: block), other = sides.side(block: false, start: inline)
        let vertical = one == .top || one == .bottom ? one : other
        let horizontal = one == .top || one == .bottom ? other : one
        return "border-\(vertical.rawValue)-\(horizontal.rawValue)-radius"
    }

    /// Whether one part of a multi-value flow-relative declaration is valid for the physical
    /// property it goes to (a border shorthand is checked when applied, which drops it whole).
    static func accepts(_ physical: String, _ part: String, fontSize: Double, rootFontSize: Double, color: RGBA) -> Bool {
        let keyword = part.lowercased()
        if GlobalKeyword(keyword) != nil { return true }
        func length(auto: Bool) -> Length? {
            PropertyValues.length(part, fontSize: fontSize, rootFontSize: rootFontSize, allowAuto: auto)
        }
        if physical.hasPrefix("margin-") || ["top", "right", "bottom", "left"].contains(physical) { return length(auto: true) != nil }
        if physical.hasPrefix("padding-") {
            switch length(auto: false) {
            case .px(let v)?, .percent(let v)?: return v >= 0
            default: return false
            }
        }
        if physical.hasSuffix("-width") { return PropertyValues.borderWidth(part, fontSize: fontSize, rootFontSize: rootFontSize) != nil }
        if physical.hasSuffix("-style") { return BorderStyle(rawValue: keyword) != nil }
        if physical.hasSuffix("-color") { return PropertyValues.color(part, current: color) != nil }
        return true
    }
}
