import Foundation

/// One element that changed between a golden's stored layout and the current frame:
/// `/body[0]/table[0]/tbody[0]/tr[0]/td[0]/a[0] background #22BC66 → #1FA85A`.
public struct ElementChange: Codable, Equatable, Sendable {
    public var element: String
    /// What changed, facets joined by `, `.
    public var change: String
    /// Its rect in the current frame and in the golden's (points), when it is in that frame.
    public var rect: [Double]?
    public var expectedRect: [Double]?

    public var description: String { element + " " + change }
}

/// A failing frame's element changes, with the frame's size in points (to outline them on
/// the images of the report).
public struct ElementChanges: Codable, Equatable, Sendable {
    public var viewport: [Double]
    /// Most significant first: content colours and text, elements that came or went, sizes,
    /// moves; the scroll indicator last.
    public var changes: [ElementChange]

    /// Without the changes of elements the masks hide (in the golden and now): a masked
    /// timestamp is not what made a frame fail.
    func outside(_ masks: [Rect]) -> ElementChanges {
        guard !masks.isEmpty, viewport.count == 2 else { return self }
        let screen = Rect(x: 0, y: 0, width: viewport[0], height: viewport[1])
        func hidden(_ rect: [Double]?) -> Bool {
            guard let rect, rect.count == 4 else { return true }
            guard let visible = Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]).intersection(screen) else { return true }
            return masks.contains { $0.insetBy(-0.01).contains(visible) }
        }
        var kept = self
        kept.changes.removeAll { hidden($0.rect) && hidden($0.expectedRect) }
        return kept
    }
}

/// Compares a golden's stored layout (`FrameLayout`) with the current frame's.
public enum LayoutDiff {
    /// Differences below this (points) are rounding, not change.
    static let epsilon = 0.005

    public static func changes(expected: FrameLayout, actual: FrameLayout) -> ElementChanges {
        let old = keyed(expected.elements), new = keyed(actual.elements)
        let oldByKey = Dictionary(old.map { ($0.key, $0.element) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(new.map(\.key))
        // How far each element in both frames moved; a move of an element whose parent moved
        // by as much is the parent's, not repeated.
        var deltas: [String: (dx: Double, dy: Double)] = [:]
        for (key, after) in new {
            if let before = oldByKey[key] { deltas[key] = (after.rect[0] - before.rect[0], after.rect[1] - before.rect[1]) }
        }
        var ranked: [(rank: Int, order: Int, change: ElementChange)] = []
        var resized = Set<String>()
        for (order, item) in new.enumerated() {
            guard let before = oldByKey[item.key] else {
                ranked.append((rank(item.element.path, 1), order,
                               ElementChange(element: item.element.path, change: "appeared", rect: item.element.rect, expectedRect: nil)))
                continue
            }
            let after = item.element
            let move = deltas[item.key]!
            let parentMove = parent(of: item.key).flatMap { deltas[$0] }
            let followsParent = parentMove.map { abs($0.dx - move.dx) < epsilon && abs($0.dy - move.dy) < epsilon } ?? false
            let paint = paintFacets(before, after), size = sizeFacet(before.rect, after.rect)
            let moved = followsParent ? nil : moveFacet(move)
            let facets = paint + [size, moved].compactMap { $0 }
            if size != nil { resized.insert(item.key) }
            let rankOf = !paint.isEmpty ? 0 : size != nil ? 2 : 3
            guard !facets.isEmpty else { continue }
            ranked.append((rank(after.path, rankOf), order,
                           ElementChange(element: after.path, change: facets.joined(separator: ", "), rect: after.rect, expectedRect: before.rect)))
        }
        for (order, item) in old.enumerated() where !newKeys.contains(item.key) {
            ranked.append((rank(item.element.path, 1), new.count + order,
                           ElementChange(element: item.element.path, change: "gone", rect: nil, expectedRect: item.element.rect)))
        }
        // The element that grew is the cause; its ancestors grew because of it.
        var grewWithin = Set<String>()
        for path in resized {
            var step = parent(of: path)
            while let ancestor = step, grewWithin.insert(ancestor).inserted { step = parent(of: ancestor) }
        }
        let sorted = ranked.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.rank == 2 {
                let ia = grewWithin.contains(a.change.element), ib = grewWithin.contains(b.change.element)
                if ia != ib { return !ia }
            }
            return a.order < b.order
        }
        return ElementChanges(viewport: actual.viewport, changes: sorted.map(\.change))
    }

    /// The console's failure line: the comparison's summary and the most significant change.
    public static func message(_ summary: String, _ changes: ElementChanges) -> String? {
        guard let first = changes.changes.first else { return nil }
        let more = changes.changes.count - 1
        return summary + "; " + first.description + (more > 0 ? " (and \(more) more change\(more == 1 ? "" : "s"))" : "")
    }

    /// The scroll indicator moves with every change of height: it comes last.
    private static func rank(_ path: String, _ base: Int) -> Int { path == FrameLayout.indicatorName ? 10 + base : base }

    /// Paths made unique: the n-th box of a path (an element split into several boxes) is `path#n`.
    private static func keyed(_ elements: [FrameLayout.Element]) -> [(key: String, element: FrameLayout.Element)] {
        var seen: [String: Int] = [:]
        return elements.map { element in
            let count = seen[element.path, default: 0]
            seen[element.path] = count + 1
            return (count == 0 ? element.path : element.path + "#\(count)", element)
        }
    }

    /// `/body[0]/div[1]` of `/body[0]/div[1]/p[0]`; the header's fragment belongs to `header`.
    static func parent(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let head = String(path[..<slash])
        if head.isEmpty { return nil }
        if head.hasSuffix(" ") { return String(head.dropLast()) }
        return head
    }

    private static func paintFacets(_ before: FrameLayout.Element, _ after: FrameLayout.Element) -> [String] {
        var facets: [String] = []
        if before.background != after.background {
            facets.append("background \(before.background ?? "none") → \(after.background ?? "none")")
        }
        if before.border != after.border { facets.append("border \(before.border ?? "none") → \(after.border ?? "none")") }
        if before.text != after.text {
            facets.append("text \(quoted(before.text)) → \(quoted(after.text))")
        } else if before.color != after.color, let old = before.color, let new = after.color {
            facets.append("text colour \(old) → \(new)")
        }
        return facets
    }

    private static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }

    private static func moveFacet(_ delta: (dx: Double, dy: Double)) -> String? {
        var parts: [String] = []
        if abs(delta.dy) >= epsilon { parts.append("\(points(abs(delta.dy))) pt \(delta.dy > 0 ? "down" : "up")") }
        if abs(delta.dx) >= epsilon { parts.append("\(points(abs(delta.dx))) pt \(delta.dx > 0 ? "right" : "left")") }
        return parts.isEmpty ? nil : "moved " + parts.joined(separator: " and ")
    }

    private static func sizeFacet(_ before: [Double], _ after: [Double]) -> String? {
        var parts: [String] = []
        let dw = after[2] - before[2], dh = after[3] - before[3]
        if abs(dh) >= epsilon { parts.append("\(points(abs(dh))) pt \(dh > 0 ? "taller" : "shorter")") }
        if abs(dw) >= epsilon { parts.append("\(points(abs(dw))) pt \(dw > 0 ? "wider" : "narrower")") }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    /// At most 2 decimals, no trailing zeros: `4`, `3.5`, `0.33`.
    static func points(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
