/// Finds the display-list entries that can paint inside a rect without scanning the whole
/// list: built once per laid-out document, each entry is filed under the horizontal bands of
/// the document its reach spans, so a frame looks only at the few bands it shows.
///
/// An entry's reach is its bounds cut by every clip around it: what lies outside can never
/// paint. A clip's push and pop share the clip's reach, and an opacity group's push and pop
/// share the union of its contents' reach, so a query returns both or neither; every entry
/// it returns inside a clip or group reaches into it, so the stack stays balanced, nothing
/// is drawn unclipped, and no frame pays for a group it does not show.
public struct DisplayListIndex: Sendable {
    /// About a third of a phone screen: a frame touches four or five bands.
    static let bandHeight = 256.0
    /// Bands beyond this (a document over 25 million pt tall) share the last one.
    static let maximumBands = 100_000

    public let list: DisplayList
    /// Per entry: where it can paint, or nil when clips hide it entirely.
    private let reach: [Rect?]
    /// Per band: indices of the entries reaching into it, ascending (painting order).
    private let bands: [[Int32]]
    /// Entries reaching into more than `wideSpan` bands (a fixed box's items reach the whole
    /// document), checked by every query instead of filed in every band: memory stays linear.
    private let wide: [Int32]
    static let wideSpan = 64

    public init(_ list: DisplayList) {
        self.list = list
        let reach = Self.reach(of: list.entries)
        self.reach = reach
        let deepest = reach.lazy.compactMap { $0?.maxY }.filter { $0 < Self.everywhere.maxY }.max() ?? 0
        let count = min(Self.maximumBands, max(1, Int((max(0, deepest) / Self.bandHeight).rounded(.up))))
        var bands = [[Int32]](repeating: [], count: count)
        var wide: [Int32] = []
        for (index, area) in reach.enumerated() {
            guard let area else { continue }
            let spanned = Self.bands(spanning: area, count: count)
            if spanned.count > Self.wideSpan { wide.append(Int32(index)); continue }
            for band in spanned { bands[band].append(Int32(index)) }
        }
        self.bands = bands
        self.wide = wide
    }

    /// Entries that can paint inside `rect`, in painting order.
    public func entries(intersecting rect: Rect) -> [DisplayList.Entry] {
        var candidates: [Int32] = []
        for band in Self.bands(spanning: rect, count: bands.count) { candidates.append(contentsOf: bands[band]) }
        candidates.append(contentsOf: wide)
        candidates.sort()
        var result: [DisplayList.Entry] = []
        var previous: Int32 = -1
        for index in candidates where index != previous {
            previous = index
            if let area = reach[Int(index)], area.intersection(rect) != nil { result.append(list.entries[Int(index)]) }
        }
        return result
    }

    /// Stands for "no clip": finite, so band arithmetic stays finite.
    static let everywhere = Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15)

    private static func bands(spanning rect: Rect, count: Int) -> ClosedRange<Int> {
        func band(_ y: Double) -> Int {
            guard y.isFinite else { return y > 0 ? count - 1 : 0 }
            return min(count - 1, max(0, Int((y / bandHeight).rounded(.down).clamped(to: -1e9...1e9))))
        }
        return band(rect.y)...max(band(rect.y), band(rect.maxY))
    }

    /// Walks the list once with a stack of open clips and groups.
    private static func reach(of entries: [DisplayList.Entry]) -> [Rect?] {
        var reach: [Rect?] = []
        reach.reserveCapacity(entries.count)
        var scopes: [Scope] = []  // innermost last
        /// Open groups with transforms or spreading filters.
        /// The area the innermost clip leaves (groups do not clip); nil: none at all.
        func enclosingClip() -> Rect? {
            for scope in scopes.reversed() { if case .clip(let area) = scope.kind { return area } }
            return everywhere
        }
        /// Entry areas widen the innermost open group, whose push and pop must come along.
        func record(_ area: Rect?) {
            reach.append(area)
            guard let area, let index = scopes.lastIndex(where: { $0.isGroup }) else { return }
            scopes[index].contents = scopes[index].contents.map { $0.union(area) } ?? area
        }
        for entry in entries {
            switch entry.item {
            case .pushClip(let clip), .pushRoundedClip(let clip, _):
                // A rounded clip lies inside its rect, so the rect bounds what it lets through.
                // Inside a scroll anchor it moves with its box: its entry's bounds span the moves.
                let moving = scopes.contains { $0.isAnchor }
                let area = enclosingClip().flatMap { (moving ? entry.bounds : clip).intersection($0) }
                scopes.append(Scope(kind: .clip(area), push: reach.count))
                record(area)
            case .pushGroup, .pushScrollAnchor:
                // An anchor's contents move per frame: their bounds already span everywhere
                // they can go, so it is found like a group, wherever they are.
                let isAnchor: Bool
                if case .pushScrollAnchor = entry.item { isAnchor = true } else { isAnchor = false }
                scopes.append(Scope(kind: .group, push: reach.count, isAnchor: isAnchor))
                reach.append(nil)  // set at the pop, once the contents are known
            case .popClip, .popGroup, .popScrollAnchor:
                guard let scope = scopes.popLast() else {
                    // A stray pop (never produced by the painter) is kept for every frame.
                    record(everywhere)
                    continue
                }
                switch scope.kind {
                case .clip(let area):
                    reach.append(area)
                case .group:
                    // A group is drawn where its contents are; an empty one not at all.
                    reach[scope.push] = scope.contents
                    record(scope.contents)
                }
            default:
                record(enclosingClip().flatMap { entry.bounds.intersection($0) })
            }
        }
        return reach
    }

    private struct Scope {
        enum Kind { case clip(Rect?), group }
        let kind: Kind
        let push: Int
        var isAnchor = false
        var contents: Rect? = nil
        var isGroup: Bool { if case .group = kind { return true } else { return false } }
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(range.upperBound, Swift.max(range.lowerBound, self)) }
}
