import CCairo

/// The inline content of one block: text runs, atomic inlines and forced breaks, with
/// white space already processed.
struct InlineContent {
    enum Item {
        // Indirect: a ComputedStyle is kilobytes, and items (and the segments holding them)
        // are copied per run and per line; boxed, a copy is a pointer.
        indirect case text(String, ComputedStyle)
        case atomic(Box)
        indirect case lineBreak(ComputedStyle)
        /// Where an inline element opens and closes; its left and right margin, border and
        /// padding take room in the line there.
        case inlineStart(InlineBox)
        case inlineEnd(InlineBox)
        /// An absolutely or fixed positioned box among the content: it takes no room and puts
        /// nothing in the text; the line it falls in records its static position.
        case outOfFlow(Box)
        /// A float among the content: it takes no room in the text; the line layout places it
        /// where the line holding it is (CSS 2.1 §9.5.1), beside that line or below it.
        case float(Box)

        static let spacingCarrier = "\u{00A0}"

        var isStart: Bool { if case .inlineStart = self { return true }; return false }
        /// Items that are no content of the line: inline element edges and out-of-flow boxes.
        var isMarker: Bool {
            switch self { case .inlineStart, .inlineEnd, .outOfFlow, .float: return true; default: return false }
        }

        /// The text this item puts into the PangoLayout.
        var text: String {
            switch self {
            case .text(let string, _): return string
            case .atomic: return "\u{FFFC}"
            case .lineBreak: return "\u{2028}"
            // A no-break space (never a break opportunity of its own) carries the spacing,
            // inside the element's bidi embedding or isolate so it sits on its start side.
            case .inlineStart(let box): return Bidi.opening(box.style) + (box.startSpacing > 0 ? Self.spacingCarrier : "")
            case .inlineEnd(let box): return (box.endSpacing > 0 ? Self.spacingCarrier : "") + Bidi.closing(box.style)
            case .outOfFlow, .float: return ""
            }
        }
    }
    var items: [Item] = []
    var isEmpty: Bool { items.allSatisfy { $0.isMarker } }
    /// The floats among the content, in order.
    var floats: [Box] { items.compactMap { if case .float(let box) = $0 { return box }; return nil } }

    /// The content up to about `bytes` of its text, cut after a space (or at an item's end), and
    /// whether that is all of it. Lines are broken greedily, so every line of the prefix but
    /// its last is a line of the whole.
    func prefix(bytes limit: Int) -> (content: InlineContent, isWhole: Bool) {
        var result = InlineContent()
        var position = 0
        for (index, item) in items.enumerated() {
            let length = item.text.utf8.count
            if position + length <= limit {
                result.items.append(item)
                position += length
                continue
            }
            if case .text(let string, let style) = item {
                // Cut the text after the first space past the limit, if text follows it.
                let bytes = Array(string.utf8)
                var cut = max(0, limit - position)
                while cut < bytes.count, bytes[cut] != UInt8(ascii: " ") { cut += 1 }
                if cut + 1 < bytes.count {
                    result.items.append(.text(String(decoding: bytes[...cut], as: UTF8.self), style))
                    return (result, false)
                }
            }
            // An item that cannot be cut ends the prefix (or starts it, when nothing came before).
            guard result.items.isEmpty || position < limit else { return (result, false) }
            result.items.append(item)
            position += length
            if position >= limit { return (result, index + 1 == items.count) }
        }
        return (result, true)
    }

    /// The content from a byte offset of its text on (as `InlineLayout` lays the text out).
    func suffix(fromByte offset: Int) -> InlineContent {
        var result = InlineContent()
        var position = 0
        for item in items {
            let length = item.text.utf8.count
            defer { position += length }
            // An out-of-flow box at the offset starts the rest (the line it falls in is the next).
            if length == 0 { if position >= offset { result.items.append(item) }; continue }
            if position + length <= offset { continue }
            if position >= offset { result.items.append(item); continue }
            if case .text(let text, let style) = item {
                let bytes = Array(text.utf8)[(offset - position)...]
                var tail = String(decoding: bytes, as: UTF8.self)
                if tail.hasPrefix(" ") && style.whiteSpace != .pre && style.whiteSpace != .preWrap { tail.removeFirst() }
                if !tail.isEmpty { result.items.append(.text(tail, style)) }
            }
        }
        return result
    }
}

/// Lays out one inline formatting context with one PangoLayout (attribute runs carry fonts,
/// spacing and no-wrap; atomic inlines ride as shape attributes), then builds CSS line
/// boxes from pango's line breaks.
struct InlineLayout {
    /// Horizontal border or padding, which makes a quirks-mode span count towards its line.
    static func hasHorizontalChrome(_ style: ComputedStyle) -> Bool {
        func px(_ length: Length) -> Double { if case .px(let value) = length { return value }; return 0 }
        let border = style.usedBorder
        return border.left + border.right + px(style.padding.left) + px(style.padding.right) > 0
    }

    let fonts: FontSet
    let container: ComputedStyle
    /// Measuring min-content: only breaks that count for it are allowed.
    var measuringMinContent = false

    /// Segment boundaries in the UTF-8 text, to map pango's runs back to our items.
    struct Segment {
        let start: Int
        let end: Int
        let item: InlineContent.Item
        /// The inline elements this segment sits in, outermost first.
        let enclosing: [InlineBox]

        /// A byte range inside the segment (offsets from its start), for an attribute on part of it.
        func piece(_ range: Range<Int>) -> Segment {
            Segment(start: start + range.lowerBound, end: start + range.upperBound, item: item, enclosing: [])
        }
    }

    struct Result {
        var lines: [LineBox]
        /// The widest line's extent, indent included.
        var width: Double
        /// Where each line's content ends, from the content box's left edge (from the right
        /// edge in a right-to-left paragraph).
        var lineEnds: [Double]
        /// Where the first line's content ends.
        var firstLineEnd: Double { lineEnds.first ?? 0 }
        /// The byte offset in the content's text where each line starts.
        var lineStarts: [Int]
        /// Each float among the content: the line being built when it is met, and how far that
        /// line's content before it reaches from the line's start edge (CSS 2.1 §9.5.1).
        var floats: [FloatMark] = []
    }

    struct FloatMark {
        let box: Box
        let line: Int
        let advance: Double
    }

    func layout(_ content: InlineContent, width: Double?, layoutAtomic: (Box) -> Void) -> Result {
        let (layout, segments, originX, added) = pangoLayout(content, width: width, layoutAtomic: layoutAtomic)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let shifts = alignLines(layout, segments, width: width.map { $0 - originX })
        var lineExtents: [PangoRectangle] = []
        if let iterator = pango_layout_get_iter(layout) {
            repeat {
                var extent = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &extent)
                lineExtents.append(extent)
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
        }
        let scale = Double(PANGO_SCALE)
        let ellipsis = endsOverflowWithEllipsis
            ? width.flatMap { TextOverflowEllipsis(style: container, available: $0, fonts: fonts) } : nil
        var lines = buildLines(layout, segments, originX: originX, shifts: shifts, ellipsis: ellipsis, containingWidth: width ?? 0)
        placeOutOfFlow(segments, layout, in: &lines, originX: originX, shifts: shifts, width: width)
        let lineStarts = layoutLines(layout).map { added.originalOffset(of: Int($0.pointee.start_index)) }
        let floats = floatMarks(segments, layout, lineStarts: lineStarts)
        // In a right-to-left paragraph the first line ends on the left: its extent counts from the right edge.
        let lineEnds = lineExtents.map { line in
            container.direction.isRightToLeft && width != nil
                ? (width ?? 0) - (Double(line.x) / scale + originX)
                : (Double(line.x) + Double(line.width)) / scale + originX
        }
        return Result(lines: lines, width: widestLineEnd(layout) + originX,
                      lineEnds: lineEnds, lineStarts: lineStarts, floats: floats)
    }

    /// Where each float of the content is met. A float right after a soft wrap is met on the
    /// line that wrapped (the line breaker reaches it before opening the next line); after a
    /// forced break, on the new line.
    private func floatMarks(_ segments: [Segment], _ layout: OpaquePointer, lineStarts: [Int]) -> [FloatMark] {
        guard segments.contains(where: { if case .float = $0.item { return true }; return false }) else { return [] }
        let pangoLines = layoutLines(layout)
        let scale = Double(PANGO_SCALE)
        var marks: [FloatMark] = []
        var afterForcedBreak = false
        for segment in segments {
            guard case .float(let box) = segment.item else {
                if !segment.item.isMarker {
                    if case .lineBreak = segment.item { afterForcedBreak = true } else { afterForcedBreak = false }
                }
                continue
            }
            var line = max(0, (lineStarts.lastIndex { $0 <= segment.start }) ?? 0)
            if line > 0, lineStarts[line] == segment.start, !afterForcedBreak { line -= 1 }
            // A break that ends the text opens no line box of its own: the float is on the next line.
            if afterForcedBreak, line < lineStarts.count, lineStarts[line] < segment.start { line += 1 }
            var advance = 0.0
            if line < pangoLines.count {
                let pangoLine = pangoLines[line]
                var position: Int32 = 0
                // The float's place in the text, as an offset into its line (its end for a line it ends).
                let index = min(segment.start, Int(pangoLine.pointee.start_index + pangoLine.pointee.length))
                pango_layout_line_index_to_x(pangoLine, Int32(index), 0, &position)
                var logical = PangoRectangle()
                pango_layout_line_get_extents(pangoLine, nil, &logical)
                let x = Double(position) / scale
                advance = container.direction.isRightToLeft ? Double(logical.width) / scale - x : x
                if line == 0 { advance += max(0, container.textIndent.resolve(0) ?? 0) }
            }
            marks.append(FloatMark(box: box, line: line, advance: max(0, advance)))
        }
        return marks
    }

    /// `layout(…).width` alone, without building line boxes: intrinsic sizing only needs the
    /// widest line, and skipping the glyph runs of every line halves a measurement's cost.
    func widestLine(_ content: InlineContent, width: Double?, layoutAtomic: (Box) -> Void) -> Double {
        let (layout, _, originX, _) = pangoLayout(content, width: width, layoutAtomic: layoutAtomic)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return widestLineEnd(layout) + originX
    }

    /// The PangoLayout of the content (the caller unrefs it), atomic inlines laid out first,
    /// where its origin lies from the content box's left edge, and the break opportunities
    /// added to pango's text (its offsets, and the segments', count them; the content's do not).
    private func pangoLayout(_ content: InlineContent, width: Double?, layoutAtomic: (Box) -> Void)
        -> (OpaquePointer, [Segment], originX: Double, added: AddedBreaks) {
        for item in content.items { if case .atomic(let box) = item { layoutAtomic(box) } }
        let (contentText, contentSegments) = buildText(content)
        // Pango wraps a whole paragraph one way: the most permissive of its text's, with the
        // words of text that breaks less freely kept whole (`overflow-wrap` on a span, as
        // WebKit applies it to the span's text).
        let breaking = contentSegments.reduce(container.wordBreak) { mode, segment in
            guard case .text(_, let style) = segment.item, style.wordBreak.permissiveness > mode.permissiveness else { return mode }
            return style.wordBreak
        }
        let plan = LineBreaking.plan(for: contentText, correctsASCII: breaking != .breakAll) { offset in
            segmentContaining(offset, contentSegments)?.start == offset
        }
        let added = AddedBreaks(plan.added.filter { wraps(at: $0, contentSegments) })
        let (text, segments) = added.offsets.isEmpty ? (contentText, contentSegments) : added.apply(to: contentText, contentSegments)
        let layout = pango_layout_new(fonts.context(for: container.direction))!
        Bidi.setBaseDirection(of: layout, container)
        text.withCString { pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }
        let attributes = buildAttributes(segments, noBreakAfter: plan.suppressed.map(added.pangoOffset(of:)), breaking: breaking)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        switch breaking {
        case .normal: pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        case .breakWordWhenNeeded: pango_layout_set_wrap(layout, measuringMinContent ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR)
        case .anywhere: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        case .breakAll: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
        }
        let indent = container.textIndent.resolve(width ?? 0) ?? 0
        // Pango hangs a negative indent (every line but the first moves in); CSS moves the
        // first line out. So the layout is widened by the indent and drawn shifted back.
        let hanging = max(0, -indent)
        if let width {
            pango_layout_set_width(layout, pangoUnits(max(0, width + hanging)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        // Lines this engine aligns itself (justify, text-align-last) start from pango's left.
        if ownAlignment == nil { Bidi.setAlignment(of: layout, container) } else { pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT) }
        if indent != 0 {
            pango_layout_set_indent(layout, pangoUnits(indent))
        }
        if text.utf8.contains(0x09), let interval = tabInterval, interval > 0, let tabs = pango_tab_array_new(1, 0) {
            // Pango's default stops are 8 spaces of the context's font; CSS's, `tab-size` of the
            // block's. One stop repeats at its own distance.
            pango_tab_array_set_tab(tabs, 0, PANGO_TAB_LEFT, pangoUnits(interval))
            pango_layout_set_tabs(layout, tabs)
            pango_tab_array_free(tabs)
        }
        return (layout, segments, -hanging, added)
    }

    /// A break may be added before the character at `offset` only inside text that wraps on
    /// both sides of it.
    private func wraps(at offset: Int, _ segments: [Segment]) -> Bool {
        func wraps(_ segment: Segment?) -> Bool {
            guard case .text(_, let style)? = segment?.item else { return false }
            return style.whiteSpace != .nowrap && style.whiteSpace != .pre
        }
        return wraps(segmentContaining(offset, segments)) && wraps(segmentContaining(offset - 1, segments))
    }

    /// The distance between tab stops: `tab-size` spaces of the block's font (with its letter
    /// and word spacing), or its length.
    private var tabInterval: Double? {
        switch container.tabSize {
        case .px(let length): return length
        case .spaces(let count):
            guard let space = ShapedText(" ", style: container, fonts: fonts) else { return nil }
            return count * (space.width + container.letterSpacing + container.wordSpacing)
        }
    }

    /// `text-overflow: ellipsis` applies to lines that overflow a clipping box; only lines
    /// that cannot wrap overflow it with their text.
    var endsOverflowWithEllipsis: Bool {
        container.textOverflowEllipsis && container.overflowHidden && !measuringMinContent
            && (container.whiteSpace == .nowrap || container.whiteSpace == .pre)
    }

    // MARK: Text and attributes

    private func buildText(_ content: InlineContent) -> (String, [Segment]) {
        var text = ""
        var offset = 0
        var segments: [Segment] = []
        var open: [InlineBox] = []
        for item in content.items {
            let piece = item.text
            let length = piece.utf8.count
            if case .inlineStart(let box) = item { open.append(box) }
            segments.append(Segment(start: offset, end: offset + length, item: item, enclosing: open))
            if case .inlineEnd(let box) = item, let index = open.lastIndex(where: { $0 === box }) { open.remove(at: index) }
            text += piece
            offset += length
        }
        return (text, segments)
    }

    /// Attributes are inserted in ascending start order: `pango_attr_list_insert` appends
    /// those in constant time but scans the whole list for any other, which made paragraphs
    /// with thousands of slashes (or of spaced words) quadratic. Each segment's attributes are
    /// gathered, in the order that decides between two of a kind at one start, then inserted
    /// sorted by start; the suppressed breaks of a segment come after its others.
    private func buildAttributes(_ segments: [Segment], noBreakAfter suppressed: [Int], breaking: WordBreaking) -> OpaquePointer {
        let list = pango_attr_list_new()!
        // Browsers never add hyphens where they break inside a word.
        if let noHyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(list, noHyphens) }
        var pending: [(range: Range<Int>, attribute: UnsafeMutablePointer<PangoAttribute>)] = []
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ segment: Segment) {
            guard let attribute else { return }
            pending.append((segment.start..<segment.end, attribute))
        }
        var nextSuppressed = 0
        for segment in segments {
            switch segment.item {
            case .text(_, let style), .lineBreak(let style):
                insertTextAttributes(segment, style, insert)
                if style.wordBreak.permissiveness < breaking.permissiveness, case .text(let string, _) = segment.item {
                    for range in CharacterRanges.wordRuns(in: string) { insert(pango_attr_allow_breaks_new(0), segment.piece(range)) }
                }
            case .atomic(let box):
                let width = box.width + box.margin.left + box.margin.right
                let height = box.height + box.margin.top + box.margin.bottom
                var rect = PangoRectangle(
                    x: 0, y: pangoUnits(-height),
                    width: pangoUnits(width),
                    height: pangoUnits(height))
                insert(pango_attr_shape_new(&rect, &rect), segment)
            case .inlineStart(let box), .inlineEnd(let box):
                guard segment.end > segment.start else { continue }
                // The description must outlive the call (pango copies it): a temporary may be freed first.
                let description = FontDescription(style: box.style, fonts: fonts)
                withExtendedLifetime(description) { insert(pango_attr_font_desc_new(description.pointer), segment) }
                let width = segment.item.isStart ? box.startSpacing : box.endSpacing
                guard width > 0 else { continue }
                // Only the no-break space takes the spacing's shape, not the bidi controls.
                let carrier = InlineContent.Item.spacingCarrier.utf8.count
                let start = segment.item.isStart ? segment.end - carrier : segment.start
                var rect = PangoRectangle(x: 0, y: 0, width: pangoUnits(width), height: 0)
                insert(pango_attr_shape_new(&rect, &rect), segment.piece(start - segment.start..<start - segment.start + carrier))
            case .outOfFlow, .float:
                break
            }
            while nextSuppressed < suppressed.count, suppressed[nextSuppressed] < segment.end {
                let start = suppressed[nextSuppressed]
                insert(pango_attr_allow_breaks_new(0), Segment(start: start, end: start + 2, item: segment.item, enclosing: []))
                nextSuppressed += 1
            }
            // Stable by start: of two attributes at one start, the one gathered later stays later.
            for entry in pending.enumerated().sorted(by: { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }) {
                entry.element.attribute.pointee.start_index = UInt32(entry.element.range.lowerBound)
                entry.element.attribute.pointee.end_index = UInt32(entry.element.range.upperBound)
                pango_attr_list_insert(list, entry.element.attribute)
            }
            pending.removeAll(keepingCapacity: true)
        }
        return list
    }

    /// A text (or line break) segment's attributes: its font, language, spacing, breaks, and
    /// the ranges inside it where browsers treat characters apart (see each).
    private func insertTextAttributes(_ segment: Segment, _ style: ComputedStyle,
                                      _ insert: (UnsafeMutablePointer<PangoAttribute>?, Segment) -> Void) {
        let description = FontDescription(style: style, fonts: fonts)
        insert(pango_attr_font_desc_new(description.pointer), segment)
        if let language = style.language, !language.isEmpty {
            insert(pango_attr_language_new(pango_language_from_string(language)), segment)
        }
        if style.letterSpacing != 0 {
            insert(pango_attr_letter_spacing_new(pangoUnits(style.letterSpacing)), segment)
        }
        let text: String
        if case .text(let string, _) = segment.item { text = string } else { text = "" }
        if style.whiteSpace == .nowrap || style.whiteSpace == .pre {
            insert(pango_attr_allow_breaks_new(0), segment)
        } else if style.keepsCJKWords {
            for range in CharacterRanges.cjkLetterRuns(in: text) { insert(pango_attr_allow_breaks_new(0), segment.piece(range)) }
        }
        if text.unicodeScalars.contains("\u{00AD}") {
            // `hyphens: manual` shows a hyphen where a line breaks at a soft hyphen; `none` never breaks there.
            for range in CharacterRanges.softHyphenBreaks(in: text) {
                insert(style.hyphens == .none ? pango_attr_allow_breaks_new(0) : pango_attr_insert_hyphens_new(1), segment.piece(range))
            }
        }
        if BitmapEmojiAdvance.extraPerEm != 0 {
            let spacing = pangoUnits(style.letterSpacing + BitmapEmojiAdvance.extraPerEm * style.fontSize)
            for range in CharacterRanges.emojiClusters(in: text) { insert(pango_attr_letter_spacing_new(spacing), segment.piece(range)) }
        }
        if let face = FontSet.hanFace(forLanguage: style.language) {
            for range in CharacterRanges.hanRuns(in: text) {
                insert(pango_attr_family_new(FontSet.familyList(style) + "," + face), segment.piece(range))
            }
        }
        if text.unicodeScalars.contains(where: CharacterRanges.isWordSeparator), fonts.baseFont(description, has: " ") {
            for range in CharacterRanges.spacesAfterNonASCII(in: text) { insert(pango_attr_fallback_new(0), segment.piece(range)) }
            // Such a word gets a family list that names the same fonts twice (or three times,
            // after a word like it, so the two stay apart): the run ends before it. With
            // word spacing each space is a run of its own already (below).
            let kerning = fonts.spaceKerningCharacters(description)
            if !kerning.isEmpty, style.wordSpacing == 0 {
                let family = FontSet.familyList(style)
                var previousEnd = -1, repeats = 2
                for range in CharacterRanges.wordsAfterKerningSpaces(in: text, kerningWith: kerning) {
                    repeats = range.lowerBound == previousEnd && repeats == 2 ? 3 : 2
                    previousEnd = range.upperBound
                    insert(pango_attr_family_new(Array(repeating: family, count: repeats).joined(separator: ",")), segment.piece(range))
                }
            }
        }
        if !style.fontFeatures.isEmpty {
            insert(pango_attr_font_features_new(style.fontFeatures.pangoString), segment)
        }
        if style.wordSpacing != 0 {
            // Pango has no word spacing: each space gets it as extra letter spacing.
            let spacing = pangoUnits(style.letterSpacing + style.wordSpacing)
            for range in CharacterRanges.wordSeparators(in: text) { insert(pango_attr_letter_spacing_new(spacing), segment.piece(range)) }
        }
    }

    // MARK: Lines

    private struct RunInfo {
        let glyphItem: UnsafeMutablePointer<PangoGlyphItem>
        let x: Double
        let segment: Segment
    }

    /// The layout's lines in order. One walk of pango's list: `pango_layout_get_line(i)`
    /// walks it from the head each time, quadratic in a paragraph's line count.
    func layoutLines(_ layout: OpaquePointer) -> [UnsafeMutablePointer<PangoLayoutLine>] {
        var lines: [UnsafeMutablePointer<PangoLayoutLine>] = []
        var node = pango_layout_get_lines_readonly(layout)
        while let current = node {
            if let line = current.pointee.data { lines.append(line.assumingMemoryBound(to: PangoLayoutLine.self)) }
            node = current.pointee.next
        }
        return lines
    }

    private func buildLines(_ layout: OpaquePointer, _ segments: [Segment], originX: Double, shifts: [Double],
                            ellipsis: TextOverflowEllipsis?, containingWidth: Double) -> [LineBox] {
        let layoutLines = layoutLines(layout)
        let lineCount = layoutLines.count
        var lineIndexByPointer: [UnsafeMutableRawPointer: Int] = [:]
        for (index, line) in layoutLines.enumerated() {
            lineIndexByPointer[UnsafeMutableRawPointer(line)] = index
        }
        var runsPerLine = [[RunInfo]](repeating: [], count: lineCount)
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator),
                  let lineIndex = lineIndexByPointer[UnsafeMutableRawPointer(line)] else { continue }
            guard let run = pango_layout_iter_get_run_readonly(iterator),
                  let item = run.pointee.item else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let offset = Int(item.pointee.offset)
            guard let segment = segmentContaining(offset, segments) else { continue }
            let x = Double(logical.x) / scale + originX + (lineIndex < shifts.count ? shifts[lineIndex] : 0)
            runsPerLine[lineIndex].append(RunInfo(glyphItem: UnsafeMutablePointer(mutating: run), x: x, segment: segment))
        } while pango_layout_iter_next_run(iterator) != 0

        var lines: [LineBox] = []
        var y = 0.0
        let text = pango_layout_get_text(layout)
        for index in 0..<lineCount {
            // A forced break at the very end opens no new line in CSS.
            if runsPerLine[index].isEmpty && index == lineCount - 1 && lineCount > 1 { continue }
            let line = buildLine(runsPerLine[index], text: text, top: y, ellipsis: ellipsis, containingWidth: containingWidth)
            lines.append(line)
            y += line.height
        }
        return lines
    }

    func segmentContaining(_ offset: Int, _ segments: [Segment]) -> Segment? {
        var low = 0, high = segments.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if offset < segments[mid].start { high = mid - 1 }
            else if offset >= segments[mid].end { low = mid + 1 }
            else { return segments[mid] }
        }
        return nil
    }

    /// The CSS line box: the strut and every inline box contribute their ascent and descent
    /// plus half-leading around the baseline; atomic inlines sit on it.
    private func buildLine(_ runs: [RunInfo], text: UnsafePointer<CChar>?, top: Double, ellipsis: TextOverflowEllipsis?,
                           containingWidth: Double) -> LineBox {
        // `position: relative` on inline elements moves their fragments and what is in them, leaving their room.
        func moved<Boxes: Collection<InlineBox>>(_ enclosing: Boxes) -> (dx: Double, dy: Double) {
            Self.relativeShift(enclosing, containingWidth: containingWidth, direction: container.direction)
        }
        // The innermost relatively positioned inline element around a piece: the paint layer it goes in.
        func owner<Boxes: BidirectionalCollection<InlineBox>>(_ enclosing: Boxes) -> ObjectIdentifier? {
            enclosing.last { $0.style.position == .relative }.map(ObjectIdentifier.init)
        }
        // Each inline box reaches `above` over and `below` under the baseline; with a small
        // line-height either can be negative, and the line is what their extremes span.
        var above = -Double.infinity, below = -Double.infinity
        func include(_ style: ComputedStyle, usedFont: UnsafeMutablePointer<PangoFont>? = nil, shift: Double = 0) {
            // With line-height: normal a fallback font's own metrics count (as in Blink).
            var metrics = usedFont.flatMap { style.usedLineHeight == nil ? fonts.metrics(of: $0, size: fonts.usedFontSize(style)) : nil }
                ?? fonts.metrics(for: style)
            // Vertical lines whose letters may stand upright align on the central baseline
            // (CSS Writing Modes §4.2): a fallback font's box is centred where the style's own is.
            if usedFont != nil, style.alignsOnCentralBaseline { metrics = metrics.centred(on: fonts.metrics(for: style)) }
            let lineHeight = style.usedLineHeight ?? metrics.normalLineHeight
            // Blink gives the ascent side the floor of the half-leading and the descent
            // side the rest, so baselines sit on whole pixels.
            let leading = lineHeight - metrics.ascent - metrics.descent
            let topLeading = (leading / 2).rounded(.down)
            // `sub`/`super` move the inline box off the baseline: the line grows to hold it.
            above = max(above, metrics.ascent + topLeading - shift)
            below = max(below, metrics.descent + leading - topLeading + shift)
            // Emphasis marks: the box's content area and the marks beyond it count, whatever
            // the line height (WebKit: the inline box's ascent and descent, plus the marks').
            if usedFont == nil, let mark = EmphasisMark.of(style, fonts: fonts) {
                let over = EmphasisMark.isOver(style)
                above = max(above, metrics.ascent + (over ? mark.height : 0) - shift)
                below = max(below, metrics.descent + (over ? 0 : mark.height) + shift)
            }
        }
        // Which inline boxes count towards the line box, as WebKit decides it. Standards mode:
        // the block's strut, and every inline box on a line with content, wrapper spans too
        // (InlineFormattingUtils::inlineLevelBoxAffectsLineBox). Quirks and limited-quirks
        // modes (InlineQuirks::inlineBoxAffectsLineBox): the strut only with text directly in
        // the block, a span only with its own text or horizontal border or padding, and a
        // <br> only on a line with no text and no atomic inline (lineBreakBoxAffectsLineBox);
        // so an image alone in a cell is as tall as the image.
        let quirks = container.lineHeightQuirk
        let hasOwnText = runs.contains { run in
            if case .text(let text, _) = run.segment.item { return run.segment.enclosing.isEmpty && !text.allSatisfy { $0 == " " } }
            return false
        }
        let breakCounts = !quirks || !runs.contains { run in
            switch run.segment.item {
            case .text(let text, _): return !text.allSatisfy { $0 == " " }
            case .atomic: return true
            default: return false
            }
        }
        if hasOwnText || !quirks { include(container) }
        var lineAligned: [Box] = []
        let lineHasContent = runs.contains { run in
            switch run.segment.item { case .inlineStart, .inlineEnd: return false; default: return true }
        }
        if lineHasContent {
            var seen: Set<ObjectIdentifier> = []
            for run in runs {
                var chain = Array(run.segment.enclosing)
                if case .inlineStart(let box) = run.segment.item, !chain.contains(where: { $0 === box }) { chain.append(box) }
                // Innermost first: a box already seen had its enclosing boxes seen with it.
                for depth in chain.indices.reversed() {
                    let box = chain[depth]
                    guard seen.insert(ObjectIdentifier(box)).inserted else { break }
                    if quirks && !Self.hasHorizontalChrome(box.style) { continue }
                    include(box.style, shift: baselineShift(chain[...depth]))
                }
            }
        }
        for run in runs {
            switch run.segment.item {
            case .text(let text, let style):
                if container.lineHeightQuirk && text.allSatisfy({ $0 == " " }) { continue }
                let shift = baselineShift(run.segment.enclosing)
                if let fullSize = style.smallCapsOfFontSize {
                    // Synthesized small capitals are the element's text: its font makes the line.
                    var element = style
                    element.fontSize = fullSize
                    include(element, shift: shift)
                } else {
                    include(style, shift: shift)
                    if let font = run.glyphItem.pointee.item?.pointee.analysis.font { include(style, usedFont: font, shift: shift) }
                }
            case .lineBreak(let style):
                if breakCounts { include(style, shift: baselineShift(run.segment.enclosing)) }
            case .inlineStart, .inlineEnd, .outOfFlow, .float: break   // no run holds an out-of-flow box or float (no text)
            case .atomic(let box):
                let height = box.height + box.margin.top + box.margin.bottom
                switch box.style.verticalAlign {
                case .top, .bottom:
                    lineAligned.append(box)  // placed against the line box once its height is known
                case .middle:
                    let xHeight = container.fontSize * 0.25
                    above = max(above, height / 2 + xHeight)
                    below = max(below, height / 2 - xHeight)
                default:
                    above = max(above, height - atomicBaselineOffset(box))
                    below = max(below, atomicBaselineOffset(box))
                }
            }
        }
        if above == -.infinity { above = 0; below = 0 }
        for box in lineAligned {
            // top/bottom-aligned boxes only make the line taller when they do not fit in it.
            let height = box.height + box.margin.top + box.margin.bottom
            if above + below < height { below = height - above }
        }
        var line = LineBox(y: top, height: above + below, baseline: above, glyphRuns: [], decorations: [], atomics: [])
        let baseline = top + above
        let scale = Double(PANGO_SCALE)
        var extents: [ObjectIdentifier: (box: InlineBox, minX: Double, maxX: Double)] = [:]
        var shifts: [ObjectIdentifier: Double] = [:]
        var relative: [ObjectIdentifier: (dx: Double, dy: Double)] = [:]
        var layerOwners: [ObjectIdentifier: ObjectIdentifier?] = [:]
        var starts: Set<ObjectIdentifier> = [], ends: Set<ObjectIdentifier> = []
        var order: [ObjectIdentifier] = []
        for run in runs {
            let width = Double(pango_glyph_string_get_width(run.glyphItem.pointee.glyphs)) / scale
            if case .inlineStart(let box) = run.segment.item { starts.insert(ObjectIdentifier(box)) }
            if case .inlineEnd(let box) = run.segment.item { ends.insert(ObjectIdentifier(box)) }
            for (depth, box) in run.segment.enclosing.enumerated() {
                let key = ObjectIdentifier(box)
                if shifts[key] == nil {
                    shifts[key] = baselineShift(run.segment.enclosing[...depth])
                    relative[key] = moved(run.segment.enclosing[...depth])
                    layerOwners[key] = owner(run.segment.enclosing[...depth])
                }
                if let extent = extents[key] {
                    extents[key] = (box, min(extent.minX, run.x), max(extent.maxX, run.x + width))
                } else {
                    extents[key] = (box, run.x, run.x + width)
                    order.append(key)
                }
            }
        }
        for key in order {
            guard let extent = extents[key] else { continue }
            let metrics = fonts.metrics(for: extent.box.style)
            let offset = relative[key] ?? (0, 0)
            let rect = Rect(x: extent.minX + offset.dx, y: baseline + (shifts[key] ?? 0) - metrics.ascent + offset.dy,
                            width: extent.maxX - extent.minX, height: metrics.ascent + metrics.descent)
            line.inlineFragments.append(InlineFragment(box: extent.box, contentArea: rect,
                                                       isFirst: starts.contains(key), isLast: ends.contains(key),
                                                       layerOwner: layerOwners[key] ?? nil))
        }
        var underBottoms: [UnderlineOwner: Double]?  // made when a run first asks for it
        let contentMinX = runs.map(\.x).min() ?? 0
        let contentMaxX = runs.map { $0.x + Double(pango_glyph_string_get_width($0.glyphItem.pointee.glyphs)) / scale }.max() ?? 0
        let truncation = ellipsis.flatMap { $0.overflows(minX: contentMinX, maxX: contentMaxX) ? $0 : nil }
        var keptEnd: Double?
        for run in runs {
            switch run.segment.item {
            case .inlineStart, .inlineEnd, .outOfFlow, .float: continue
            case .atomic(let box):
                let height = box.height + box.margin.top + box.margin.bottom
                let boxTop: Double
                switch box.style.verticalAlign {
                case .top: boxTop = top
                case .bottom: boxTop = top + line.height - height
                case .middle: boxTop = baseline - container.fontSize * 0.25 - height / 2
                default: boxTop = baseline + atomicBaselineOffset(box) - height
                }
                let offset = moved(run.segment.enclosing)
                line.atomics.append((box, run.x + offset.dx, boxTop + offset.dy))
                if let owner = owner(run.segment.enclosing) { line.atomicLayerOwners[ObjectIdentifier(box)] = owner }
            case .text(_, let style), .lineBreak(let style):
                let visible = truncation?.visible
                let runBaseline = baseline + baselineShift(run.segment.enclosing)
                guard let made = glyphRun(run, text: text, baseline: runBaseline, style: style, scale: scale, visible: visible) else { continue }
                let offset = moved(run.segment.enclosing)
                let layerOwner = owner(run.segment.enclosing)
                if !style.visibilityHidden {
                    for made in [made.run] + (made.hyphen.map { [$0] } ?? []) {
                        var placed = made.offsetBy(dx: offset.dx, dy: offset.dy)
                        placed.layerOwner = layerOwner
                        line.glyphRuns.append(placed)
                    }
                    if var marks = emphasisMarks(run, text: text, baseline: runBaseline, style: style, visible: visible) {
                        marks = marks.offsetBy(dx: offset.dx, dy: offset.dy)
                        marks.layerOwner = layerOwner
                        line.glyphRuns.append(marks)
                    }
                }
                if let truncation {
                    keptEnd = truncation.rightToLeft ? min(keptEnd ?? made.kept.lowerBound, made.kept.lowerBound)
                        : max(keptEnd ?? made.kept.upperBound, made.kept.upperBound)
                }
                let width = Double(pango_glyph_string_get_width(run.glyphItem.pointee.glyphs)) / scale
                let start = max(run.x, visible?.lowerBound ?? run.x), end = min(run.x + width, visible?.upperBound ?? run.x + width)
                var underBottom: Double?
                if let owner = underlineDecoratingBox(run, style) {
                    if underBottoms == nil { underBottoms = underlineBottoms(runs, baseline: baseline) }
                    underBottom = underBottoms?[owner]
                }
                line.decorations += decorations(style, x: start + offset.dx, width: end - start, baseline: baseline + offset.dy,
                                                underBottom: underBottom.map { $0 + offset.dy }) { band in
                    inkCrossings(run, text: text, baseline: runBaseline, band: band.lowerBound - offset.dy...band.upperBound - offset.dy)
                        .map { ($0.lowerBound - (start - run.x))...($0.upperBound - (start - run.x)) }
                }
                    .map { var decoration = $0; decoration.layerOwner = layerOwner; return decoration }
            }
        }
        if let truncation {
            line.glyphRuns.append(truncation.run(keptEnd: keptEnd, baseline: baseline))
        }
        return line
    }

    /// The run's emphasis marks (`EmphasisMark`), nil when its style has none.
    private func emphasisMarks(_ run: RunInfo, text: UnsafePointer<CChar>?, baseline: Double, style: ComputedStyle,
                               visible: ClosedRange<Double>?) -> GlyphRun? {
        guard style.emphasisMark != nil, let text, let item = run.glyphItem.pointee.item,
              let glyphString = run.glyphItem.pointee.glyphs, let mark = EmphasisMark.of(style, fonts: fonts) else { return nil }
        return mark.marks(over: glyphString, text: text + Int(item.pointee.offset), textLength: Int(item.pointee.length),
                          x: run.x, baseline: baseline, style: style, metrics: fonts.metrics(for: style), visible: visible)
    }

    /// `vertical-align: sub | super` moves an inline box off its parent's baseline by a share
    /// of the parent's font size (WebKit: size/5 + 1 down, size/3 + 1 up; `smaller` made the
    /// box's text 1/1.2 of it), and its content with it: the shifts of every inline box a run
    /// sits in add up. On the central baseline (vertical lines whose letters may stand upright)
    /// a box's middle sits on its parent's middle, not its alphabetic baseline on the parent's.
    private func baselineShift<Boxes: Collection<InlineBox>>(_ enclosing: Boxes) -> Double {
        var parent = container
        return enclosing.reduce(0) { total, box in
            defer { parent = box.style }
            let parentSize = box.style.fontSize * 1.2
            switch box.style.verticalAlign {
            case .sub: return total + parentSize / 5 + 1
            case .super: return total - (parentSize / 3 + 1)
            case .baseline where box.style.alignsOnCentralBaseline:
                return total + fonts.metrics(for: box.style).middleAboveBaseline - fonts.metrics(for: parent).middleAboveBaseline
            default: return total
            }
        }
    }

    /// Distance from an atomic inline's baseline to its bottom margin edge.
    private func atomicBaselineOffset(_ box: Box) -> Double {
        if let baseline = box.control?.baselineFromTop(box) { return box.height + box.margin.bottom - baseline }
        if box.kind == .table, let baseline = box.tableBaseline() { return box.height + box.margin.bottom - baseline }
        guard box.kind == .inlineBlock, !box.style.overflowHidden, let last = box.lastBaseline() else { return 0 }
        return box.height + box.margin.bottom - last
    }

    /// The run's glyphs, the extent of those kept (those within `visible` when given,
    /// `text-overflow: ellipsis`), and the `hyphenate-character` that ends it when pango ended
    /// it in a hyphen at a soft hyphen (shaped on its own: it may need another font).
    private func glyphRun(_ run: RunInfo, text: UnsafePointer<CChar>?, baseline: Double, style: ComputedStyle, scale: Double,
                          visible: ClosedRange<Double>? = nil) -> (run: GlyphRun, kept: ClosedRange<Double>, hyphen: GlyphRun?)? {
        guard let item = run.glyphItem.pointee.item, let font = item.pointee.analysis.font,
              let glyphString = run.glyphItem.pointee.glyphs else { return nil }
        let count = Int(glyphString.pointee.num_glyphs)
        guard count > 0, let infos = glyphString.pointee.glyphs else { return nil }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(count)
        var missing: [UInt32] = []
        var x = run.x
        var keptMin = Double.infinity, keptMax = -Double.infinity
        // In vertical lines letters may stand upright (`text-orientation`), by their characters.
        let itemText = text.map { $0 + Int(item.pointee.offset) }
        var uprightHalfAdvances: [Double?]? = style.alignsOnCentralBaseline ? [] : nil
        var hyphen: GlyphRun?
        for index in 0..<count {
            let info = infos[index]
            let geometry = info.geometry
            let advance = Double(geometry.width) / scale
            if let visible, !(visible.contains(x) && visible.contains(x + advance)) {
                x += advance
                continue
            }
            // An advance may be negative (negative spacing): the extent takes both ends.
            keptMin = min(keptMin, x, x + advance); keptMax = max(keptMax, x, x + advance)
            var glyph = info.glyph
            if glyph != PANGO_GLYPH_EMPTY, glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 {
                // No font has it: pango keeps the code point; browsers draw the `.notdef` box.
                missing.append(glyph & ~PANGO_GLYPH_UNKNOWN_FLAG)
                glyph = MissingCharacters.notdefGlyph
            }
            if glyph != PANGO_GLYPH_EMPTY, let character = style.hyphenateCharacter, let itemText,
               let cluster = glyphString.pointee.log_clusters?[index],
               EmphasisMark.scalar(at: Int(cluster), in: itemText, length: Int(item.pointee.length)) == "\u{00AD}" {
                // An empty string draws nothing.
                hyphen = ShapedText(character, style: style, fonts: fonts)?.run.offsetBy(dx: x, dy: baseline)
                x += advance
                continue
            }
            // Empty glyphs (spaces at line ends, zero-width marks) carry no ink.
            if glyph != PANGO_GLYPH_EMPTY {
                if uprightHalfAdvances != nil {
                    let cluster = glyphString.pointee.log_clusters?[index]
                    let scalar = itemText.flatMap { text in
                        cluster.flatMap { EmphasisMark.scalar(at: Int($0), in: text, length: Int(item.pointee.length)) }
                    }
                    let upright = scalar.map { style.textOrientation.standsUpright($0) } ?? false
                    uprightHalfAdvances?.append(upright ? advance / 2 - Double(geometry.x_offset) / scale : nil)
                }
                glyphs.append(Glyph(index: glyph,
                                    x: x + Double(geometry.x_offset) / scale,
                                    y: baseline + Double(geometry.y_offset) / scale))
            }
            x += advance
        }
        guard !glyphs.isEmpty || hyphen != nil else { return nil }
        let handle = fonts.handle(for: font)
        var made = GlyphRun(font: handle, glyphs: glyphs, color: style.color, node: style.node, shadows: style.textShadows,
                            missingCharacters: missing)
        if let halfAdvances = uprightHalfAdvances, halfAdvances.contains(where: { $0 != nil }) {
            // WebKit centres an upright glyph across the line on its own font's box.
            let own = fonts.metrics(of: font, size: fonts.usedFontSize(style))
            made.upright = UprightGlyphs(halfAdvances: halfAdvances, centreAboveBaseline: own.middleAboveBaseline)
        }
        return (made, keptMin...keptMax, hyphen)
    }

    /// The underline's top, as WebKit places it (`underlineOffsetForTextBoxPainting`, measured
    /// in WebKitGTK 2.50): `auto` a gap below the baseline, or `text-underline-offset` below
    /// it; `from-font` the font's underline position plus the offset;
    /// `under` the gap (and offset) below `underBottom`, never above the baseline. The gap
    /// is half the automatic thickness (font size / 16) rounded up, at least 1 px, whatever
    /// thickness the line is drawn with. In vertical lines, which the engine draws turned a
    /// quarter turn, `left` is the under side and `right` the over side.
    private func underlineTop(_ style: ComputedStyle, metrics: FontMetrics, baseline: Double, underBottom: Double?,
                              thickness: Double) -> Double {
        let gap = max(1, (fonts.usedFontSize(style) / 16 / 2).rounded(.up))
        var placement = style.underlinePosition.placement
        if style.writingMode.isVertical, let side = style.underlinePosition.side {
            if side == .right { return baseline - metrics.ascent - gap - thickness - (style.underlineOffset ?? 0) }
            placement = .under
        }
        switch placement {
        case .auto: return baseline + (style.underlineOffset ?? gap)
        case .fromFont: return baseline - metrics.underlinePosition + (style.underlineOffset ?? 0)
        case .under: return max((underBottom ?? baseline + metrics.descent) + gap + (style.underlineOffset ?? 0), baseline)
        }
    }

    /// The element whose underline a run's text draws (the innermost inline box declaring one;
    /// nil: the block or none), for `text-underline-position: under`.
    private func underlineDecoratingBox(_ run: RunInfo, _ style: ComputedStyle) -> UnderlineOwner? {
        guard style.decorations.contains(.underline), Self.underlinesUnder(style) else { return nil }
        return run.segment.enclosing.last { $0.style.textDecorationLine.contains(.underline) }.map { .element(ObjectIdentifier($0)) } ?? .block
    }

    /// Whether the style's underline goes under the lowest text (`under`, or `left` in vertical lines).
    private static func underlinesUnder(_ style: ComputedStyle) -> Bool {
        let position = style.underlinePosition
        return position.placement == .under && !(style.writingMode.isVertical && position.side == .right)
            || style.writingMode.isVertical && position.side == .left
    }

    /// The element that declares an underline: an inline element, or the block (or none).
    private enum UnderlineOwner: Hashable { case block, element(ObjectIdentifier) }

    /// For `text-underline-position: under`: per element that declares an underline (and the
    /// block), the bottom of the lowest text it underlines on this line (WebKit: the lowest
    /// content box among the decorating box's text boxes).
    private func underlineBottoms(_ runs: [RunInfo], baseline: Double) -> [UnderlineOwner: Double] {
        var bottoms: [UnderlineOwner: Double] = [:]
        for run in runs {
            guard case .text(_, let style) = run.segment.item, style.decorations.contains(.underline) else { continue }
            let bottom = baseline + baselineShift(run.segment.enclosing) + fonts.metrics(for: style).descent
            var owners: [UnderlineOwner] = [.block]
            owners += run.segment.enclosing.filter { $0.style.textDecorationLine.contains(.underline) }.map { .element(ObjectIdentifier($0)) }
            for owner in owners { bottoms[owner] = max(bottoms[owner] ?? bottom, bottom) }
        }
        return bottoms
    }

    /// The run's decoration lines; `inkCrossings` says where its glyphs cross a band (x from `x`).
    private func decorations(_ style: ComputedStyle, x: Double, width: Double, baseline: Double, underBottom: Double?,
                             inkCrossings: (ClosedRange<Double>) -> [ClosedRange<Double>]) -> [DecorationLine] {
        guard !style.decorations.isEmpty, width > 0 else { return [] }
        let metrics = fonts.metrics(for: style)
        let paint = style.decorationPaint
        // `auto`: the font size / 16 (the raster step fills whole device pixels, as WebKit).
        let thickness = max(1, paint.thickness ?? style.fontSize / 16)
        let color = paint.color ?? style.color
        func line(_ y: Double) -> DecorationLine {
            DecorationLine(x: x, y: y, width: width, thickness: thickness, color: color, style: paint.style, belowBaseline: y - baseline)
        }
        // WebKit skips ink under and over horizontal text, not through it, nor with a wave.
        func skippingInk(_ line: DecorationLine) -> DecorationLine {
            guard style.skipsInk, paint.style != .wavy, !style.writingMode.isVertical else { return line }
            var skipping = line
            skipping.inkCrossings = inkCrossings((line.y - thickness / 2)...(line.y + thickness / 2))
            return skipping
        }
        var lines: [DecorationLine] = []
        if style.decorations.contains(.underline) {
            // WebKit moves a wavy underline 2 px further down, clear of the descenders.
            let wavyShift = paint.style == .wavy ? 2.0 : 0
            let top = underlineTop(style, metrics: metrics, baseline: baseline, underBottom: underBottom, thickness: thickness)
            lines.append(skippingInk(line(top + thickness / 2 + wavyShift)))
        }
        // WebKit places line-through and overline from the text's top, with the thickness of `auto`.
        let autoThickness = max(1, style.fontSize / 16)
        if style.decorations.contains(.lineThrough) {
            // Its middle two thirds of the ascent down, and half the automatic thickness.
            lines.append(line(baseline - metrics.ascent / 3 + autoThickness / 2))
        }
        if style.decorations.contains(.overline) {
            // Its top at the text's top, moved up by what the thickness adds to `auto`'s.
            lines.append(skippingInk(line(baseline - metrics.ascent + autoThickness - thickness / 2)))
        }
        return lines
    }

    /// Whether an under- or overline that skips ink is drawn over a character's glyph: the CJK
    /// blocks WebKit lists (`computeUnderlineType`), whose glyphs would leave it in pieces.
    static func underlineDrawsOver(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2EFF, 0x2FF0...0x2FFF, 0x3000...0x303F, 0x3040...0x309F, 0x30A0...0x30FF,
             0x3100...0x312F, 0x3130...0x318F, 0x31A0...0x31BF, 0x31C0...0x31EF, 0x3200...0x32FF, 0x3300...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0x10080...0x100FF, 0x1F200...0x1F2FF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
             0x2B740...0x2B81F, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// Where the run's glyphs cross `band` (WebKit's `dashesForIntersectionsWithRect`), x from
    /// the run's start: each glyph's outline against the band (`GlyphMasks.crossing`); CJK
    /// glyphs are drawn over, not skipped, by the Unicode block of their character, as WebKit
    /// does (`computeUnderlineType`).
    private func inkCrossings(_ run: RunInfo, text: UnsafePointer<CChar>?, baseline: Double,
                              band: ClosedRange<Double>) -> [ClosedRange<Double>] {
        guard let item = run.glyphItem.pointee.item, let font = item.pointee.analysis.font,
              let glyphString = run.glyphItem.pointee.glyphs, let infos = glyphString.pointee.glyphs,
              let masks = fonts.handle(for: font).glyphMasks else { return [] }
        let itemText = text.map { $0 + Int(item.pointee.offset) }
        let scale = Double(PANGO_SCALE)
        var crossings: [ClosedRange<Double>] = []
        var x = 0.0
        for index in 0..<Int(glyphString.pointee.num_glyphs) {
            let info = infos[index], geometry = info.geometry
            defer { x += Double(geometry.width) / scale }
            guard info.glyph != PANGO_GLYPH_EMPTY, info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 else { continue }
            if let itemText, let cluster = glyphString.pointee.log_clusters?[index],
               let scalar = EmphasisMark.scalar(at: Int(cluster), in: itemText, length: Int(item.pointee.length)),
               Self.underlineDrawsOver(scalar) { continue }
            let glyphY = baseline + Double(geometry.y_offset) / scale
            guard let crossing = masks.crossing(glyph: info.glyph, top: band.lowerBound - glyphY, bottom: band.upperBound - glyphY)
            else { continue }
            let glyphX = x + Double(geometry.x_offset) / scale
            crossings.append((glyphX + crossing.lowerBound)...(glyphX + crossing.upperBound))
        }
        return crossings
    }
}

extension FontDescription {
    /// The style's font at its used size (`font-size-adjust` applied).
    convenience init(style: ComputedStyle, fonts: FontSet) {
        self.init(family: FontSet.familyList(style), size: fonts.usedFontSize(style),
                  weight: style.fontWeight, italic: style.italic)
    }
}

extension FontSet {
    func metrics(for style: ComputedStyle) -> FontMetrics {
        metrics(family: FontSet.familyList(style), size: usedFontSize(style),
                weight: style.fontWeight, italic: style.italic)
    }

    /// The font size text is drawn at: the computed size, scaled by `font-size-adjust` so the
    /// first font's metric is the given share of it.
    func usedFontSize(_ style: ComputedStyle) -> Double {
        guard let adjust = style.fontSizeAdjust, let value = adjust.value else { return style.fontSize }
        let description = FontDescription(family: FontSet.familyList(style), size: style.fontSize, weight: style.fontWeight, italic: style.italic)
        guard let aspect = baseFontAspect(description, adjust.metric), aspect > 0 else { return style.fontSize }
        return style.fontSize * value / aspect
    }
}
