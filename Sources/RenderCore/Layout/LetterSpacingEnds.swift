import CCairo

/// CSS puts letter spacing after every character, the last of a line too (WebKit measures a
/// letter-spaced word that much wider). Pango breaks lines with that width, then trims half a
/// spacing at each end of the line: a shrink-to-fit box measured from pango's extents was too
/// narrow for its own text and wrapped it. Line extents get the trimmed halves back here.
extension InlineLayout {
    /// The spacing pango trimmed from the line's two ends, in px.
    func trimmedLetterSpacing(_ line: UnsafeMutablePointer<PangoLayoutLine>) -> Double {
        guard let firstNode = line.pointee.runs else { return 0 }
        var lastNode = firstNode
        while let next = lastNode.pointee.next { lastNode = next }
        func spacing(_ node: UnsafeMutablePointer<GSList>) -> Int32 {
            guard let run = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) else { return 0 }
            return Self.letterSpacing(of: run)
        }
        return (Double(spacing(firstNode)) + Double(spacing(lastNode))) / 2 / Double(PANGO_SCALE)
    }

    /// The widest line's right end from the layout's origin, its trimmed spacing included.
    func widestLineEnd(_ layout: OpaquePointer) -> Double {
        guard let iterator = pango_layout_get_iter(layout) else { return 0 }
        defer { pango_layout_iter_free(iterator) }
        var widest = -Double.infinity
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let trimmed = pango_layout_iter_get_line_readonly(iterator).map(trimmedLetterSpacing) ?? 0
            widest = max(widest, (Double(logical.x) + Double(logical.width)) / Double(PANGO_SCALE) + trimmed)
        } while pango_layout_iter_next_line(iterator) != 0
        return widest.isFinite ? widest : 0
    }

    /// The run's `letter-spacing` in pango units (0 for none).
    private static func letterSpacing(of run: UnsafeMutablePointer<PangoGlyphItem>) -> Int32 {
        var node = run.pointee.item?.pointee.analysis.extra_attrs
        var spacing: Int32 = 0
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
               attribute.pointee.klass.pointee.type == PANGO_ATTR_LETTER_SPACING {
                spacing = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value
            }
            node = current.pointee.next
        }
        return spacing
    }
}
