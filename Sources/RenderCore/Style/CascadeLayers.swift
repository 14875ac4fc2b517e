/// Cascade layers (CSS Cascade 5 §6.4): `@layer` names a layer on first use; layers order by
/// that first use, a layer's sublayers before its own rules, and rules in no layer after all
/// layers. Normal declarations of a later layer win; `!important` ones of an earlier layer do.
struct CascadeLayers {
    /// The implicit outermost layer: rules in no `@layer`.
    static let root = 0
    /// The rank of rules in no layer: above every named or anonymous layer.
    static let unlayered = Int.max
    /// Longest dotted name taken (`a.b.c`); longer ones are invalid, so the tree stays shallow.
    static let maximumNameParts = 32

    private var children: [[Int]] = [[]]
    private var named: [[String: Int]] = [[:]]

    /// The layer `name` (dotted parts) inside `parent`, made on first use; a fresh anonymous
    /// layer when `name` is nil.
    mutating func enter(_ name: [String]?, in parent: Int) -> Int {
        guard let name else { return add(under: parent, name: nil) }
        var layer = parent
        for part in name {
            layer = named[layer][part] ?? add(under: layer, name: part)
        }
        return layer
    }

    private mutating func add(under parent: Int, name: String?) -> Int {
        let id = children.count
        children.append([])
        named.append([:])
        children[parent].append(id)
        if let name { named[parent][name] = id }
        return id
    }

    /// The prelude's layer names: `a`, `a.b`, and with `allowsList` (the statement form)
    /// `a, b.c`. Nil when malformed; empty for an anonymous block.
    func parseNames(_ list: CSSTokenList, _ prelude: Range<Int>, allowsList: Bool) -> [[String]]? {
        var names: [[String]] = []
        var current: [String] = []
        var expectingPart = true
        var previous: Int?
        for index in prelude {
            let kind = list.tokens[index].kind
            if kind.isWhitespace { continue }
            let adjacent = previous.map { $0 + 1 == index } ?? false
            switch kind {
            case .ident(let part) where expectingPart && (current.isEmpty || adjacent):
                current.append(part)
                expectingPart = false
            case .delim(".") where !expectingPart && adjacent:
                expectingPart = true
            case .comma where !expectingPart && allowsList:
                names.append(current)
                current = []
                expectingPart = true
            default:
                return nil
            }
            guard current.count <= Self.maximumNameParts else { return nil }
            previous = index
        }
        if !current.isEmpty {
            guard !expectingPart else { return nil }
            names.append(current)
        } else if !names.isEmpty {
            return nil   // a trailing comma
        }
        if allowsList && names.isEmpty { return nil }   // `@layer;`
        if !allowsList && names.count > 1 { return nil }
        return names
    }

    /// Replaces each rule's layer (a layer id while parsing) by its rank: sublayers first,
    /// in order of first use, then their parent (post-order); rules in no layer last.
    func rank(_ rules: inout [StyleRule]) {
        guard children.count > 1 else {
            for index in rules.indices { rules[index].layer = Self.unlayered }
            return
        }
        var ranks = [Int](repeating: 0, count: children.count)
        var next = 0
        var stack: [(layer: Int, child: Int)] = [(Self.root, 0)]
        while let top = stack.last {
            if top.child < children[top.layer].count {
                stack[stack.count - 1].child += 1
                stack.append((children[top.layer][top.child], 0))
            } else {
                stack.removeLast()
                ranks[top.layer] = next
                next += 1
            }
        }
        ranks[Self.root] = Self.unlayered
        for index in rules.indices { rules[index].layer = ranks[rules[index].layer] }
    }

    /// Matched rules (in cascade order) reordered for their `!important` declarations:
    /// earlier layers win, so layers go in reverse, each keeping its rules' order.
    static func importantOrder(_ rules: [StyleRule]) -> [StyleRule] {
        guard rules.contains(where: { $0.layer != unlayered }) else { return rules }
        return rules.enumerated().sorted { ($1.element.layer, $0.offset) < ($0.element.layer, $1.offset) }.map(\.element)
    }
}
