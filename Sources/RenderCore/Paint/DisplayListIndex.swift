/// Finds the display-list entries that can paint inside a rect without scanning the whole
/// list: built once per laid-out document, each entry is filed under the horizontal bands of
/// the document its reach spans, so a frame looks only at the few bands it shows.
///
/// An entry's reach is its bounds cut by every clip around it: what lies outside can never
/// paint. A clip's push and pop share the clip's reach, so a query returns both or neither;
/// every entry it returns inside a clip reaches into that clip, so the clip stack stays
/// balanced and nothing is drawn unclipped.
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

    public init(_ list: DisplayList) {
        self.list = list
        let reach = Self.reach(of: list.entries)
        self.reach = reach
        let deepest = reach.lazy.compactMap { $0?.maxY }.filter { $0 < Self.everywhere.maxY }.max() ?? 0
        let count = min(Self.maximumBands, max(1, Int((max(0, deepest) / Self.bandHeight).rounded(.up))))
        var bands = [[Int32]](repeating: [], count: count)
        for (index, area) in reach.enumerated() {
            guard let area else { continue }
            for band in Self.bands(spanning: area, count: count) { bands[band].append(Int32(index)) }
        }
        self.bands = bands
    }

    /// Entries that can paint inside `rect`, in painting order.
    public func entries(intersecting rect: Rect) -> [DisplayList.Entry] {
        var candidates: [Int32] = []
        for band in Self.bands(spanning: rect, count: bands.count) { candidates.append(contentsOf: bands[band]) }
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

    /// Walks the list once with a stack of clip areas.
    private static func reach(of entries: [DisplayList.Entry]) -> [Rect?] {
        var reach: [Rect?] = []
        reach.reserveCapacity(entries.count)
        var clips: [Rect?] = []  // innermost last; nil: a clip with no area
        for entry in entries {
            let enclosing: Rect? = clips.last ?? everywhere
            switch entry.item {
            case .pushClip(let clip):
                let area = enclosing.flatMap { clip.intersection($0) }
                clips.append(area)
                reach.append(area)
            case .popClip:
                // A stray pop (never produced by the painter) is kept for every frame, as before.
                reach.append(clips.isEmpty ? everywhere : clips.removeLast())
            default:
                reach.append(enclosing.flatMap { entry.bounds.intersection($0) })
            }
        }
        return reach
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(range.upperBound, Swift.max(range.lowerBound, self)) }
}
