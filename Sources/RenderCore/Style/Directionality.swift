/// HTML's directionality of elements (`dir` attribute): `ltr` and `rtl` as written, `auto`
/// (and `<bdi>` without a valid `dir`) from the first strong character of the element's
/// text, never from the text of an element that is not `auto`.
enum Directionality {
    /// The `dir` value an element states, or `auto` for a `<bdi>` that states none.
    static func stated(_ id: DOMDocument.NodeID, in dom: DOMDocument) -> String? {
        let node = dom[id]
        if let value = node.attributes["dir"]?.lowercased(), ["ltr", "rtl", "auto"].contains(value) { return value }
        return node.tag == "bdi" ? "auto" : nil
    }

    /// The direction of a `dir=auto` element: its first strong character, skipping the text
    /// of `bdi`, `script`, `style` and `textarea` and of descendants with their own valid
    /// `dir` (HTML § 3.2.6.4); `ltr` when it has none. Gives up after a bounded amount of
    /// text, so nested `auto` elements over neutral text stay linear.
    static func auto(of id: DOMDocument.NodeID, in dom: DOMDocument) -> TextDirection {
        var stack = Array(dom[id].children.reversed())
        var bytesLeft = 64 * 1024
        while let next = stack.popLast(), bytesLeft > 0 {
            let node = dom[next]
            if let text = node.text {
                if let direction = StrongDirection.first(in: text) { return direction }
                bytesLeft -= text.utf8.count
                continue
            }
            guard let tag = node.tag, !["bdi", "script", "style", "textarea"].contains(tag),
                  stated(next, in: dom) == nil else { continue }
            stack.append(contentsOf: node.children.reversed())
        }
        return .ltr
    }
}
