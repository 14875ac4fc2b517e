/// What an element paints of its own, so a failing frame can name what changed
/// (`FrameLayout`): its background, its border colours, and its own text (not its children's)
/// with the colour it is drawn in. Colours are as painted (after any dark-mode mapping).
public struct ElementPaint: Sendable, Equatable {
    /// Nil when the background is transparent.
    public var background: RGBA?
    /// The colour of its own text; nil when it has none.
    public var color: RGBA?
    /// Its drawn border edges' colours: one hex colour when they agree, else
    /// `top right bottom left`; nil without a border.
    public var border: String?
    /// Its own text runs, joined, white space collapsed.
    public var text: String

    public static let none = ElementPaint(background: nil, color: nil, border: nil, text: "")

    init(background: RGBA?, color: RGBA?, border: String?, text: String) {
        self.background = background; self.color = color; self.border = border; self.text = text
    }

    /// From the element's style, the used border widths and its own text.
    init(style: ComputedStyle, border widths: Edges<Double>, text: String) {
        guard !style.visibilityHidden else { self = .none; return }
        background = style.backgroundColor.a > 0 ? style.backgroundColor : nil
        let own = Self.collapsed(text)
        self.text = own
        color = own.isEmpty ? nil : style.color
        let edges = [(widths.top, style.borderColor.top), (widths.right, style.borderColor.right),
                     (widths.bottom, style.borderColor.bottom), (widths.left, style.borderColor.left)]
        let drawn = edges.map { width, colour in width > 0 ? (colour ?? style.color).hexWithAlpha : "none" }
        if drawn.allSatisfy({ $0 == "none" }) {
            border = nil
        } else {
            border = Set(drawn).count == 1 ? drawn[0] : drawn.joined(separator: " ")
        }
    }

    /// Longest own text kept: enough to tell a changed label, short enough for a sidecar file.
    static let maximumText = 160

    /// Runs of white space become one space; no space at either end; long text cut with `…`.
    static func collapsed(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{2028}" })
        let joined = words.joined(separator: " ")
        return joined.count <= maximumText ? joined : String(joined.prefix(maximumText)) + "…"
    }
}

/// The text an inline formatting context gives each element: a run between an inline
/// element's start and end belongs to that element (the innermost), the rest to the block.
struct OwnText {
    var block = ""
    var inline: [ObjectIdentifier: String] = [:]

    init(_ content: Fragment.InlineFormatting?) {
        guard let content else { return }
        var open: [ObjectIdentifier] = []
        for item in content.items {
            switch item {
            case .inlineStart(let box): open.append(ObjectIdentifier(box))
            case .inlineEnd: if !open.isEmpty { open.removeLast() }
            case .text(let text, visible: true):
                if let owner = open.last { inline[owner, default: ""] += text } else { block += text }
            case .lineBreak:
                if let owner = open.last { inline[owner, default: ""] += " " } else { block += " " }
            default: break
            }
        }
    }
}
