/// `display` as written: one keyword, or CSS Display 3's two (and three) keyword forms
/// (`block flow`, `inline flow-root`, `block flow list-item`…), which WebKit takes.
extension Display {
    init?(declared value: String) {
        let words = PropertyValues.components(value.lowercased())
        if words.count == 1, let single = Display(rawValue: words[0]) { self = single; return }
        if words.count == 1, words[0] == "flow" { self = .block; return }
        guard (1...3).contains(words.count), Set(words).count == words.count else { return nil }
        var outer: String?, inner: String?, listItem = false
        for word in words {
            switch word {
            case "block", "inline": guard outer == nil else { return nil }; outer = word
            case "flow", "flow-root", "table", "flex", "grid": guard inner == nil else { return nil }; inner = word
            case "list-item": listItem = true
            default: return nil
            }
        }
        let isInline = outer == "inline"
        if listItem {
            // Only a block-level flow list item has a box of its own here.
            guard !isInline, inner == nil || inner == "flow" else { return nil }
            self = .listItem
            return
        }
        switch inner ?? "flow" {
        case "flow": self = isInline ? .inline : .block
        case "flow-root": self = isInline ? .inlineBlock : .flowRoot
        case "table": self = isInline ? .inlineTable : .table
        case "flex": self = isInline ? .inlineFlex : .flex
        default: self = isInline ? .inlineGrid : .grid
        }
    }

    /// `display: contents` as WebKit's style adjuster settles it: the root element keeps a
    /// block box; replaced elements and form controls, which have no children to show in
    /// their place, get none (CSS Display 3 Appendix B, "unbox-html").
    func adjustedForContents(tag: String, isRoot: Bool) -> Display {
        guard self == .contents else { return self }
        if isRoot { return .block }
        return Self.noBoxWhenUnboxed.contains(tag) ? .none : .contents
    }

    private static let noBoxWhenUnboxed: Set<String> = [
        "br", "wbr", "meter", "applet", "progress", "canvas", "embed", "object", "audio", "iframe", "img",
        "video", "frame", "frameset", "input", "textarea", "select", "svg",
    ]
}
