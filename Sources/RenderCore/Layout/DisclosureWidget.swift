/// `<details>` and `<summary>` (HTML § 4.11.1): a closed details element shows only its first
/// summary child, which carries the disclosure triangle (▸ closed, ▾ open).
enum DisclosureWidget {
    static func isOpen(_ details: DOMDocument.NodeID?, in dom: DOMDocument) -> Bool {
        guard let details else { return false }
        return dom[details].attributes["open"] != nil
    }

    /// The details element's summary: its first `<summary>` child.
    static func summary(of details: DOMDocument.NodeID, in dom: DOMDocument) -> DOMDocument.NodeID? {
        dom[details].children.first { dom[$0].tag == "summary" }
    }

    /// Whether the node is the summary of the `<details>` it sits in.
    static func isSummary(_ node: DOMDocument.NodeID, in dom: DOMDocument) -> Bool {
        guard dom[node].tag == "summary", let parent = dom[node].parent, dom[parent].tag == "details" else { return false }
        return summary(of: parent, in: dom) == node
    }

    static func marker(open: Bool) -> String { open ? "▾ " : "▸ " }
}
