/// Break opportunities pango would not take by itself (`LineBreaking.Plan.added`), given to it
/// as zero-width spaces, as `<wbr>` is, but in pango's text only: the content keeps its text,
/// and offsets into pango's text are translated back where they leave the inline layout.
struct AddedBreaks {
    /// Byte offsets in the content's text of the characters a break is added before (ascending).
    let offsets: [Int]

    init(_ offsets: [Int]) { self.offsets = offsets }

    static let breakCharacter = "\u{200B}"
    private static let width = breakCharacter.utf8.count

    /// Pango's text and segments: a zero-width space before each added break's character,
    /// at the end of the text before it: at an element's edge the space ends the line with
    /// the element before, so the next element's box starts on the next line (as in WebKit).
    func apply(to text: String, _ segments: [InlineLayout.Segment]) -> (String, [InlineLayout.Segment]) {
        var pangoText = ""
        pangoText.reserveCapacity(text.utf8.count + offsets.count * Self.width)
        var result: [InlineLayout.Segment] = []
        result.reserveCapacity(segments.count)
        var next = 0   // the first added break not yet placed
        for segment in segments {
            let start = segment.start + next * Self.width
            var item = segment.item
            if case .text(let string, let style) = segment.item, next < offsets.count, offsets[next] <= segment.end {
                var bytes: [UInt8] = []
                bytes.reserveCapacity(string.utf8.count + Self.width)
                var copied = segment.start
                let utf8 = Array(string.utf8)
                while next < offsets.count, offsets[next] <= segment.end {
                    bytes += utf8[(copied - segment.start)..<(offsets[next] - segment.start)]
                    bytes += Self.breakCharacter.utf8
                    copied = offsets[next]
                    next += 1
                }
                bytes += utf8[(copied - segment.start)...]
                item = .text(String(decoding: bytes, as: UTF8.self), style)
            }
            let piece = item.text
            pangoText += piece
            result.append(InlineLayout.Segment(start: start, end: start + piece.utf8.count, item: item, enclosing: segment.enclosing))
        }
        return (pangoText, result)
    }

    /// Where the character at `offset` of the content's text is in pango's.
    func pangoOffset(of offset: Int) -> Int {
        offset + addedCount(where: { $0 <= offset }) * Self.width
    }

    /// Where the character at `offset` of pango's text (not an added space) is in the content's.
    func originalOffset(of offset: Int) -> Int {
        guard !offsets.isEmpty else { return offset }
        // The k-th added space sits at offsets[k] + k·width in pango's text.
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] + mid * Self.width < offset { low = mid + 1 } else { high = mid }
        }
        return offset - low * Self.width
    }

    /// How many added breaks' offsets satisfy the predicate, a prefix of them (binary search).
    private func addedCount(where isBefore: (Int) -> Bool) -> Int {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(offsets[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
