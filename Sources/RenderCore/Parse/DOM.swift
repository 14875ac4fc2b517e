/// The document tree, stored as an arena of nodes addressed by index.
///
/// Index-based so the tree is a plain value: cheap to pass to the styler and layout,
/// and parent links need no reference cycles.
public struct DOMDocument: Sendable {
    public typealias NodeID = Int

    public enum Kind: Sendable, Equatable {
        case document
        case element(String)   // lower-case tag name
        case text(String)
    }

    public struct Node: Sendable {
        public var kind: Kind
        /// Attribute names are lower-case; values as written (entities decoded).
        public var attributes: [String: String]
        public var parent: NodeID?
        public var children: [NodeID]

        public var tag: String? {
            if case .element(let name) = kind { return name }
            return nil
        }
        public var text: String? {
            if case .text(let value) = kind { return value }
            return nil
        }
    }

    /// How the doctype asks browsers to lay the document out (HTML § quirks mode).
    public enum Mode: Sendable { case noQuirks, limitedQuirks, quirks }

    public private(set) var nodes: [Node]
    public let root: NodeID = 0
    public var mode: Mode = .noQuirks
    /// Set when elements nested deeper than `ResourceLimits.maximumDepth` were flattened.
    public var depthLimited = false
    /// One line per limit the source reached while parsing (`ResourceLimits`).
    public var warnings: [String] = []

    public init() {
        nodes = [Node(kind: .document, attributes: [:], parent: nil, children: [])]
    }

    @discardableResult
    public mutating func append(_ kind: Kind, attributes: [String: String] = [:], to parent: NodeID) -> NodeID {
        let id = nodes.count
        nodes.append(Node(kind: kind, attributes: attributes, parent: parent, children: []))
        nodes[parent].children.append(id)
        return id
    }

    public subscript(id: NodeID) -> Node { nodes[id] }

    /// Child element IDs of `id`, skipping text.
    public func elementChildren(of id: NodeID) -> [NodeID] {
        nodes[id].children.filter { nodes[$0].tag != nil }
    }

    /// The first element with this tag in document order.
    public func first(tag: String, under start: NodeID = 0) -> NodeID? {
        var stack = [start]
        while let id = stack.popLast() {
            if nodes[id].tag == tag { return id }
            stack.append(contentsOf: nodes[id].children.reversed())
        }
        return nil
    }

    /// The concatenated text below `id`.
    public func textContent(of id: NodeID) -> String {
        var out = ""
        var stack = [id]
        while let next = stack.popLast() {
            if let text = nodes[next].text { out += text }
            stack.append(contentsOf: nodes[next].children.reversed())
        }
        return out
    }
}
