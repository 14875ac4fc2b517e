import CCairo

/// Justification and `text-align-last`, done here rather than by pango: pango justifies every
/// line but a paragraph's last, including lines that end in `<br>`, and knows no last-line
/// alignment. CSS justifies only lines that wrapped (CSS Text §7.1); the block's last line and
/// lines before a forced break take `text-align-last` (auto: start).
extension InlineLayout {
    /// The alignment this engine applies itself (pango then aligns left), nil where pango's own
    /// alignment is right: no justification and no `text-align-last`.
    var ownAlignment: (wrapped: TextAlign, last: TextAlign)? {
        // Right-to-left paragraphs keep pango's alignment and justification (`Bidi.setAlignment`):
        // the shifts below are measured from the left.
        guard !container.direction.isRightToLeft else { return nil }
        let align = container.textAlign.physical(in: container.direction)
        // An ellipsis box's overflowing line is start-aligned (CSS Text §7.1), where pango centres it.
        guard align == .justify || container.textAlignLast != nil || endsOverflowWithEllipsis else { return nil }
        let last = container.textAlignLast.map { $0.physical(in: container.direction) } ?? (align == .justify ? .left : align)
        return (align, last)
    }

    /// Widens the spaces of lines to justify (in pango's glyph strings, as pango's own
    /// justification does) and returns each line's horizontal shift for right and centre.
    /// `width` is the available width from the layout's origin (nil: unconstrained).
    func alignLines(_ layout: OpaquePointer, _ segments: [Segment], width: Double?) -> [Double] {
        guard let alignment = ownAlignment, let width else { return startAlignOverflowingLines(layout, width: width) }
        let scale = Double(PANGO_SCALE)
        guard let textPointer = pango_layout_get_text(layout) else { return [] }
        let lines = layoutLines(layout)
        let text = UnsafeBufferPointer(start: UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self),
                                       count: Int(strlen(textPointer)))
        var shifts: [Double] = []
        for (index, line) in lines.enumerated() {
            let end = Int(line.pointee.start_index + line.pointee.length)
            let endsInForcedBreak = end >= 3 && Array(text[(end - 3)..<end]) == [0xE2, 0x80, 0xA8]
            let isLast = index == lines.count - 1 || endsInForcedBreak
            let align = isLast ? alignment.last : alignment.wrapped
            let start = Double(lineStartX(layout, index: index)) / scale
            let spaces = expansionOpportunities(line, text, segments)
            let free = width - start - spaces.naturalWidth / scale
            guard free > 0 else { shifts.append(0); continue }
            switch align {
            case .left, .start: shifts.append(0)
            case .right, .end: shifts.append(free)
            case .center: shifts.append(free / 2)
            case .justify:
                shifts.append(0)
                guard !spaces.glyphs.isEmpty else { continue }
                let extra = Int32((free * scale / Double(spaces.glyphs.count)).rounded(.down))
                for glyph in spaces.glyphs { glyph.pointee.geometry.width += extra }
            }
        }
        return shifts
    }

    /// The line's width without trailing spaces, and its inter-word spaces (text U+0020 and
    /// U+00A0 before the last visible glyph).
    private func expansionOpportunities(_ line: UnsafeMutablePointer<PangoLayoutLine>, _ text: UnsafeBufferPointer<UInt8>,
                                        _ segments: [Segment]) -> (naturalWidth: Double, glyphs: [UnsafeMutablePointer<PangoGlyphInfo>]) {
        var width = 0, naturalWidth = 0
        var spaces: [UnsafeMutablePointer<PangoGlyphInfo>] = [], pendingSpaces: [UnsafeMutablePointer<PangoGlyphInfo>] = []
        var node = line.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let item = run.pointee.item, let glyphs = run.pointee.glyphs, let infos = glyphs.pointee.glyphs else { continue }
            let itemOffset = Int(item.pointee.offset)
            let isText = segmentContaining(itemOffset, segments).map { segment in
                if case .text = segment.item { return true } else { return false }
            } ?? false
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = infos.advanced(by: index)
                width += Int(glyph.pointee.geometry.width)
                let byte = itemOffset + Int(glyphs.pointee.log_clusters[index])
                let isSpace = isText && byte < text.count
                    && (text[byte] == 0x20 || (text[byte] == 0xC2 && byte + 1 < text.count && text[byte + 1] == 0xA0))
                if isSpace {
                    pendingSpaces.append(glyph)
                } else if glyph.pointee.geometry.width != 0 || glyph.pointee.glyph != PANGO_GLYPH_EMPTY {
                    // Spaces before the first visible glyph (left by an inline's start) stay as they are.
                    if naturalWidth > 0 { spaces += pendingSpaces }
                    naturalWidth = width
                    pendingSpaces = []
                }
            }
        }
        return (Double(naturalWidth), spaces)
    }
}

/// Where pango starts a line of a left-aligned layout: the indent, on the first line when
/// positive, on the others when negative (hanging).
extension InlineLayout {
    /// A line too long for its box is start-aligned whatever `text-align` says (CSS Text §7.1;
    /// a centred `nowrap` line overflows to the right in WebKit), where pango centres it or
    /// pushes it out to the left. Shifts that undo pango's offset on such lines.
    func startAlignOverflowingLines(_ layout: OpaquePointer, width: Double?) -> [Double] {
        guard let width, !container.direction.isRightToLeft,
              pango_layout_get_alignment(layout) != PANGO_ALIGN_LEFT,
              let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        var shifts: [Double] = []
        var index = 0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let start = Double(lineStartX(layout, index: index)) / scale
            let overflows = start + Double(logical.width) / scale > width + 0.01
            shifts.append(overflows ? start - Double(logical.x) / scale : 0)
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return shifts.contains { $0 != 0 } ? shifts : []
    }
}

private func lineStartX(_ layout: OpaquePointer, index: Int) -> Int32 {
    let indent = pango_layout_get_indent(layout)
    if index == 0 { return max(0, indent) }
    return max(0, -indent)
}
