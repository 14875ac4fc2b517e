/// Turns the styled DOM into the box tree: block containers, anonymous blocks around inline
/// runs that sit among blocks, atomic inlines, list markers and the table structure.
struct BoxTreeBuilder {
    let document: StyledDocument
    /// The initial containing block's height, which quirks-mode percentage heights reach.
    var viewportHeight: Double = 844
    /// Where `<img src>` resolves; nil blocks every image.
    var images: ImageStore?
    /// What `srcset`, `sizes` and `<picture>` choose with (`ImageSource`).
    var imageChoice = ImageSource.Context()
    /// Text, floats and spans within `ResourceLimits`; each limit reached adds a warning.
    var budget = ResourceBudget(.standard)
    private var dom: DOMDocument { document.dom }
    /// List items' numbers, counted once per list (per item it would be quadratic).
    private let ordinals = ListOrdinals()
    /// Ids inside the page's `<svg>`s, for references between inline SVGs (sprites).
    private let svgDefinitions = SVGDefinitions()
    /// Measures list markers drawn as shapes (`ListBullet`); nil draws them as glyphs.
    var fonts: FontSet?
    /// What `::before`, `::after` and `::marker` show, resolved in tree order by `build()`.
    private let generated = GeneratedContent()

    /// The root box (the `html` element), or nil for a document with nothing to show.
    func build() -> Box? {
        guard let html = dom.first(tag: "html"), let style = document.style(of: html) else { return nil }
        generated.resolve(document)
        var rootStyle = style
        rootStyle.display = .block
        let root = Box(kind: .block, node: html, style: rootStyle)
        fillBlockContainer(root, from: html)
        Self.markTablesInCells(root, inCell: false)
        return root
    }

    /// Sets `isInsideTableCell` on every table a table cell encloses (at any depth).
    private static func markTablesInCells(_ box: Box, inCell: Bool) {
        if box.kind == .table { box.isInsideTableCell = inCell }
        let inCell = inCell || box.kind == .cell
        for child in box.children { markTablesInCells(child, inCell: inCell) }
        for item in box.inlineContent?.items ?? [] {
            if case .atomic(let atomic) = item { markTablesInCells(atomic, inCell: inCell) }
            if case .float(let float) = item { markTablesInCells(float, inCell: inCell) }
        }
    }

    // MARK: Block containers

    /// Collects the children of `node` into `box`: block-level boxes, or one inline
    /// formatting context when every child is inline.
    private func fillBlockContainer(_ box: Box, from node: DOMDocument.NodeID, leadingText: String? = nil) {
        var collector = ChildCollector(parentStyle: box.style, budget: budget)
        collector.makesFlexItems = box.style.display.inner == .flex
        collector.makesGridItems = box.style.display.inner == .grid
        let pseudo = document.pseudoStyles[node]
        if let leadingText { collector.appendText(leadingText, style: box.style) }
        if let marker = box.marker {
            if box.style.generated.listStyleInside {
                appendInsideMarker(marker, into: &collector)
            } else if Self.markerTakesRoom(marker, in: box.style) {
                appendMarkerStrut(marker, into: &collector)
            }
        }
        collector.firstLetter = pseudo?[.firstLetter]   // markers and disclosure triangles are not part of it
        collectChildren(of: node, into: &collector)
        collector.finishInlineRun()
        // Each flex or grid item is a box of its own: text runs too, in anonymous blocks.
        if collector.makesFlexItems || collector.makesGridItems { collector.flushSoleIntoBlocks() }
        if collector.blocks.isEmpty {
            box.inlineContent = collector.soleInlineContent
        } else {
            box.children = collector.blocks
        }
        if let firstLine = pseudo?[.firstLine] { FirstLine.mark(box, firstLine) }
    }

    private struct ChildCollector {
        let parentStyle: ComputedStyle
        let budget: ResourceBudget
        /// A grid container's children are its items: each element blockified (floats have no
        /// effect), each run of text an anonymous item (CSS Grid §6.1).
        var makesGridItems = false
        var blocks: [Box] = []
        /// A flex container's collector: its child elements are blockified into flex items
        /// (CSS Flexbox §4), floats too (float does not apply to them).
        var makesFlexItems = false
        var inline = InlineContent()
        var soleInlineContent: InlineContent?
        var lastWasSpace = true
        /// UTF-8 bytes and forced breaks of the current inline run (one paragraph for pango).
        var paragraphBytes = 0
        var paragraphBreaks = 0
        /// The container's `::first-letter` style, until its first letter has been set apart.
        var firstLetter: ComputedStyle?
        /// The positioned inline elements open where the collector is, innermost last.
        var positionedInlines: [InlineBox] = []
        /// What the next box appended as a block is when it is out of flow (`collect` sets it).
        var pendingOutOfFlow: OutOfFlow?

        mutating func appendText(_ raw: String, style: ComputedStyle) {
            if firstLetter != nil, let split = FirstLetter.split(raw) {
                appendTextRun(split.leading, style: style)
                appendFirstLetter(split.letter)
                return appendTextRun(split.rest, style: style)
            }
            appendTextRun(raw, style: style)
        }

        /// The first letter in a box of its own: an inline one, or a float (a drop cap).
        private mutating func appendFirstLetter(_ letter: String) {
            guard let style = firstLetter else { return }
            firstLetter = nil
            if style.floating != .none, budget.floatsLeft > 0 {
                budget.floatsLeft -= 1
                var floatStyle = style
                floatStyle.display = .block
                let box = Box(kind: .block, node: nil, style: floatStyle)
                var letterCollector = ChildCollector(parentStyle: floatStyle, budget: budget)
                letterCollector.appendTextRun(letter, style: style)
                letterCollector.finishInlineRun()
                box.inlineContent = letterCollector.soleInlineContent
                box.isFloat = true
                finishInlineRun()
                flushSoleIntoBlocks()
                blocks.append(box)
                return
            }
            let inlineBox = InlineBox(node: nil, style: style)
            inline.items.append(.inlineStart(inlineBox))
            appendTextRun(letter, style: style)
            inline.items.append(.inlineEnd(inlineBox))
        }

        private mutating func appendTextRun(_ raw: String, style: ComputedStyle) {
            let paragraphLeft = budget.limits.maximumParagraphBytes - paragraphBytes
            let allowance = min(paragraphLeft, budget.textBytesLeft)
            let wholeMail = budget.textBytesLeft < paragraphLeft
            var raw = raw
            if raw.utf8.count > allowance {
                guard allowance > 0 else {
                    if raw.utf8.contains(where: { $0 > 0x20 }) { warnTextCut(wholeMail: wholeMail) }
                    return
                }
                // White space may collapse, so keep twice the allowance before processing.
                if raw.utf8.count > 2 * allowance + 64 { raw = String(decoding: raw.utf8.prefix(2 * allowance + 64), as: UTF8.self) }
            }
            var text = WhiteSpaceProcessor.process(raw, style: style, lastWasSpace: &lastWasSpace)
            guard !text.isEmpty else { return }
            if let shortened = BoxTreeBuilder.shorteningLongCharacters(text, limit: budget.limits.maximumScalarsPerCharacter) {
                text = shortened
                budget.warn("characters made of more than \(budget.limits.maximumScalarsPerCharacter) code points (stacked combining marks) were shortened")
            }
            if text.utf8.count > allowance {
                text = String(decoding: text.utf8.prefix(allowance), as: UTF8.self)
                warnTextCut(wholeMail: wholeMail)
            }
            paragraphBytes += text.utf8.count
            budget.textBytesLeft -= text.utf8.count
            for (piece, pieceStyle) in SmallCapsSynthesis.pieces(text, style) {
                if case .text(let previous, let previousStyle)? = inline.items.last, previousStyle.sameTextFormat(as: pieceStyle) {
                    inline.items[inline.items.count - 1] = .text(previous + piece, previousStyle)
                } else {
                    inline.items.append(.text(piece, pieceStyle))
                }
            }
        }

        private func warnTextCut(wholeMail: Bool) {
            let limits = budget.limits
            if wholeMail {
                budget.warn(ResourceLimits.textWarning(limits))
            } else {
                budget.warn("a paragraph has more than \(ResourceLimits.bytes(limits.maximumParagraphBytes)) of text; the rest of it is cut")
            }
        }

        mutating func appendAtomic(_ box: Box) {
            firstLetter = nil
            inline.items.append(.atomic(box))
            lastWasSpace = false
        }

        mutating func appendBreak(_ style: ComputedStyle) {
            // A forced break is a line for pango: it counts as the three bytes of U+2028.
            guard paragraphBytes + 3 <= budget.limits.maximumParagraphBytes else { return warnTextCut(wholeMail: false) }
            guard paragraphBreaks < budget.limits.maximumParagraphLineBreaks else {
                return budget.warn("a paragraph has more than \(ResourceLimits.count(budget.limits.maximumParagraphLineBreaks)) line breaks; the rest are ignored")
            }
            paragraphBytes += 3
            paragraphBreaks += 1
            firstLetter = nil
            trimTrailingSpace()
            inline.items.append(.lineBreak(style))
            lastWasSpace = true
        }

        mutating func trimTrailingSpace() {
            guard let index = inline.items.lastIndex(where: { !$0.isMarker }),
                  case .text(let text, let style) = inline.items[index], text.hasSuffix(" "),
                  style.whiteSpace == .normal || style.whiteSpace == .nowrap else { return }
            let trimmed = String(text.dropLast())
            if trimmed.isEmpty { inline.items.remove(at: index) } else { inline.items[index] = .text(trimmed, style) }
        }

        /// An absolutely or fixed positioned box: in a line it takes no room (nor changes how
        /// white space collapses); a flex or grid container's is no item, and sits among them.
        mutating func appendOutOfFlow(_ box: Box) { appendBesideLine(.outOfFlow(box), box) }

        /// A float: among inline content it stays in it, where the line layout meets it (a run
        /// of floats alone becomes block children); in a flex or grid container it sits among
        /// the items.
        mutating func appendFloat(_ box: Box) { appendBesideLine(.float(box), box) }

        private mutating func appendBesideLine(_ item: InlineContent.Item, _ box: Box) {
            if makesFlexItems || makesGridItems {
                finishInlineRun()
                flushSoleIntoBlocks()
                blocks.append(box)
                return
            }
            inline.items.append(item)
        }

        /// Ends the current inline run: alone it becomes the container's content; among blocks
        /// it is wrapped in an anonymous block.
        mutating func finishInlineRun() {
            trimTrailingSpace()
            defer { inline = InlineContent(); lastWasSpace = true; paragraphBytes = 0; paragraphBreaks = 0 }
            if inline.isEmpty {
                // Out-of-flow boxes and floats without content beside them are block children: no line holds them.
                let outOfFlow = inline.items.compactMap { item -> Box? in
                    switch item {
                    case .outOfFlow(let box), .float(let box): return box
                    default: return nil
                    }
                }
                guard !outOfFlow.isEmpty else { return }
                flushSoleIntoBlocks()
                blocks += outOfFlow
                return
            }
            if blocks.isEmpty && soleInlineContent == nil {
                soleInlineContent = inline
                return
            }
            if let pending = soleInlineContent {
                blocks.append(Self.anonymousBlock(pending, parentStyle))
                soleInlineContent = nil
            }
            blocks.append(Self.anonymousBlock(inline, parentStyle))
        }

        mutating func flushSoleIntoBlocks() {
            if let pending = soleInlineContent {
                blocks.insert(Self.anonymousBlock(pending, parentStyle), at: 0)
                soleInlineContent = nil
            }
        }

        static func anonymousBlock(_ content: InlineContent, _ parentStyle: ComputedStyle) -> Box {
            var style = parentStyle.inheritedForChild()
            style.display = .block
            let box = Box(kind: .anonymousBlock, node: nil, style: style)
            box.inlineContent = content
            return box
        }
    }

    private func collectChildren(of node: DOMDocument.NodeID, into collector: inout ChildCollector,
                                 only include: ((DOMDocument.NodeID) -> Bool)? = nil) {
        // A closed <details> shows its summary alone (one WebKit writes when there is none).
        let isDetails = dom[node].tag == "details"
        let closedDetails = isDetails && !DisclosureWidget.isOpen(node, in: dom)
        if isDetails, DisclosureWidget.summary(of: node, in: dom) == nil {
            var summaryStyle = (document.style(of: node) ?? collector.parentStyle).inheritedForChild()
            summaryStyle.display = .block
            let summary = Box(kind: .block, node: nil, style: summaryStyle)
            var content = InlineContent()
            content.items.append(.text(DisclosureWidget.marker(open: !closedDetails) + "Details", summaryStyle))
            summary.inlineContent = content
            appendBlock(summary, &collector)
        }
        if include == nil { appendGenerated(.before, of: node, into: &collector) }
        for child in dom[node].children {
            if closedDetails && !DisclosureWidget.isSummary(child, in: dom) { continue }
            if let include, !include(child) { continue }
            collect(child, into: &collector)
        }
        if include == nil { appendGenerated(.after, of: node, into: &collector) }
    }

    // MARK: Generated content

    /// A `::before` or `::after` box, built as an element's would be for its display: inline
    /// (the default), an atomic inline, a float or a block. It has no DOM node of its own.
    private func appendGenerated(_ pseudo: PseudoElement, of node: DOMDocument.NodeID, into collector: inout ChildCollector) {
        guard let generated = generated.generated(pseudo, of: node) else { return }
        let style = collector.makesFlexItems ? generated.style.asFlexItem : generated.style
        if style.position.isOutOfFlow, style.display != .none {
            var blockified = style
            blockified.display = blockified.display == .listItem ? .listItem : .block
            blockified.floating = .none
            let box = generatedContainer(generated, style: blockified, kind: .block)
            box.outOfFlow = OutOfFlow(originallyInline: !style.display.isBlockLevel, enclosingInline: collector.positionedInlines.last)
            collector.appendOutOfFlow(box)
            return
        }
        if style.floating != .none, takeFloat() {
            var blockified = style
            blockified.display = .block
            let box = generatedContainer(generated, style: blockified, kind: .block)
            box.isFloat = true
            collector.appendFloat(box)
            return
        }
        switch style.display {
        case .none:
            return
        case .inline:
            let inlineBox = InlineBox(node: nil, style: style)
            collector.inline.items.append(.inlineStart(inlineBox))
            appendPieces(generated.pieces, style: style, into: &collector)
            collector.inline.items.append(.inlineEnd(inlineBox))
        case .inlineBlock, .inlineTable, .inlineFlex, .inlineGrid:
            var atomicStyle = style
            atomicStyle.display = .inlineBlock
            collector.appendAtomic(generatedContainer(generated, style: atomicStyle, kind: .inlineBlock))
        default:
            // Block-level of any kind (table, flex, list-item…) is laid out as a block here:
            // a generated table is the `clearfix` idiom, empty.
            var blockStyle = style
            if blockStyle.display != .listItem { blockStyle.display = .block }
            appendBlock(generatedContainer(generated, style: blockStyle, kind: .block), &collector)
        }
    }

    private func generatedContainer(_ generated: GeneratedContent.Generated, style: ComputedStyle, kind: Box.Kind) -> Box {
        let box = Box(kind: kind, node: nil, style: style)
        var collector = ChildCollector(parentStyle: style, budget: budget)
        if style.display == .listItem, let marker = listMarker(style, markerStyle: style.inheritedForChild(), ordinal: { 1 }) {
            if style.generated.listStyleInside { appendInsideMarker(marker, into: &collector) } else { box.marker = marker }
        }
        appendPieces(generated.pieces, style: style, into: &collector)
        collector.finishInlineRun()
        if collector.blocks.isEmpty { box.inlineContent = collector.soleInlineContent } else { box.children = collector.blocks }
        return box
    }

    private func appendPieces(_ pieces: [GeneratedContent.Piece], style: ComputedStyle, into collector: inout ChildCollector) {
        for piece in pieces {
            switch piece {
            case .text(let text):
                collector.appendText(text, style: style)
            case .image(let url):
                guard let image = images?.image(for: url) else { continue }
                var imageStyle = style.inheritedForChild()
                imageStyle.display = .inline
                collector.appendAtomic(loadedImageBox(image, density: 1, node: nil, style: imageStyle))
            }
        }
    }

    /// Whether an outside marker could make its item's first line taller: its font differs,
    /// or its text needs other fonts than Latin text (CJK, Armenian, Georgian, …).
    private static func markerTakesRoom(_ marker: ListMarker, in style: ComputedStyle) -> Bool {
        guard !marker.isBullet, marker.image == nil else { return false }
        return marker.style.fontSize != style.fontSize || marker.style.lineHeight != style.lineHeight
            || marker.style.fontFamilies != style.fontFamilies || marker.text.unicodeScalars.contains { $0.value > 0x24F }
    }

    /// An outside marker is an inline box on its item's first line in WebKit, so its text's
    /// fonts take room there: a hidden, zero-width atomic inline with the marker's text
    /// stands in for it (joined to the text after it, so no break comes between).
    private func appendMarkerStrut(_ marker: ListMarker, into collector: inout ChildCollector) {
        var style = marker.style
        style.display = .inlineBlock
        style.width = .px(0)
        style.visibilityHidden = true
        style.whiteSpace = .pre
        let strut = Box(kind: .inlineBlock, node: nil, style: style)
        var content = InlineContent()
        content.items = [.text(marker.text.trimmingCharacters(in: .whitespaces), style)]
        strut.inlineContent = content
        collector.appendAtomic(strut)
        var joiner = collector.parentStyle
        joiner.visibilityHidden = true
        collector.inline.items.append(.text("\u{2060}", joiner))
        collector.lastWasSpace = true   // white space at the item's start still collapses away
    }

    /// A `list-style-position: inside` marker: the first inline content of its item.
    private func appendInsideMarker(_ marker: ListMarker, into collector: inout ChildCollector) {
        if let image = marker.image { return collector.appendAtomic(image) }
        if let fonts, !marker.style.direction.isRightToLeft, let bullet = ListBullet(marker, ascent: fonts.metrics(for: marker.style).ascent) {
            return collector.appendAtomic(bullet.box(inside: true))
        }
        let inlineBox = InlineBox(node: nil, style: marker.style)
        collector.inline.items.append(.inlineStart(inlineBox))
        collector.appendText(marker.insideText, style: marker.style)
        collector.inline.items.append(.inlineEnd(inlineBox))
    }

    /// A `<ruby>`: its annotations (`<rt>`) stacked above its base text, centred on each other.
    private func rubyBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        var rubyStyle = style
        rubyStyle.display = .inlineBlock
        rubyStyle.textAlign = .center
        let box = Box(kind: .inlineBlock, node: node, style: rubyStyle)
        var collector = ChildCollector(parentStyle: rubyStyle, budget: budget)
        collectChildren(of: node, into: &collector) { dom[$0].tag == "rt" }
        collector.finishInlineRun()
        let annotations = collector.blocks
        var baseCollector = ChildCollector(parentStyle: rubyStyle, budget: budget)
        collectChildren(of: node, into: &baseCollector) { dom[$0].tag != "rt" }
        baseCollector.finishInlineRun()
        baseCollector.flushSoleIntoBlocks()
        box.children = annotations + baseCollector.blocks
        return box
    }

    /// A `<marquee>` that scrolls or slides (the default) starts with its content outside the
    /// box; one that alternates starts inside it.
    static func marqueeStartsOutside(_ attributes: [String: String]) -> Bool {
        (attributes["behavior"] ?? "scroll").lowercased() != "alternate"
    }

    private func collect(_ node: DOMDocument.NodeID, into collector: inout ChildCollector) {
        if let text = dom[node].text {
            let style = document.style(of: dom[node].parent ?? 0) ?? collector.parentStyle
            collector.appendText(text, style: style)
            return
        }
        guard let tag = dom[node].tag, var style = document.style(of: node), style.display != .none else { return }
        if style.display == .contents {
            // No box of its own: its children are collected where it stands (CSS Display § 2.5),
            // flex items of the container it is in, if any.
            collectChildren(of: node, into: &collector)
            return
        }
        if collector.makesFlexItems { style = style.asFlexItem }
        if collector.makesGridItems {
            style.display = style.display.blockified
            style.floating = .none
        }
        if style.position.isOutOfFlow, tag != "br", tag != "wbr" {
            // Taken out of the flow: blockified, never floated (CSS 2.1 §9.7); `appendBlock`
            // hands the box to the collector as out of flow.
            collector.pendingOutOfFlow = OutOfFlow(originallyInline: !style.display.isBlockLevel,
                                                   enclosingInline: collector.positionedInlines.last)
            style.display = style.display.isTablePart ? .block : style.display.blockified
            style.floating = .none
        }
        if tag == "wbr" {
            // A break opportunity and nothing else (HTML § 15.3.11), as a zero-width space.
            collector.appendText("\u{200B}", style: style)
            return
        }
        if tag == "br" {
            // A <br>'s own font and line-height never shape its line in WebKit: the line box
            // sees the box it sits in (measured: <br style="font-size:3px"> still makes a 16 px
            // line in a 14 px block, <span style="font-size:30px"><br></span> a 34 px one).
            var lineStyle = dom[node].parent.flatMap { document.style(of: $0) } ?? style
            lineStyle.clear = style.clear
            if style.clear != .none {
                // <br clear=all>: a break that also clears floats.
                collector.appendBreak(lineStyle)
                let clearance = Box(kind: .block, node: nil, style: style)
                appendBlock(clearance, &collector)
                return
            }
            collector.appendBreak(lineStyle)
            return
        }
        if style.floating != .none, takeFloat() {
            // Floats are blockified and taken out of the line; the block layout places them.
            var blockified = style
            blockified.display = blockified.display.blockified
            let box = tag == "img" ? imageBox(node, blockified) : tag == "svg" ? inlineSVGBox(node, blockified) : blockLevelBox(node, blockified)
            box.isFloat = true
            collector.appendFloat(box)
            return
        }
        if tag == "input" && dom[node].attributes["type"]?.lowercased() == "image" {
            // An image button: its image when it loads, else WebKit's failed image (it is no
            // content image, so no placeholder stands in for it).
            let source = ImageSource.select(for: node, in: dom, context: imageChoice).url
            let box: Box
            if let image = images?.image(for: source) {
                box = Box(kind: .image, node: node, style: style)
                box.image = image
                box.intrinsicWidth = image.intrinsicWidth ?? Double(image.width)
                box.intrinsicHeight = image.intrinsicHeight ?? Double(image.height)
            } else {
                box = brokenImage(node, style).box(for: node)
            }
            if style.display.isBlockLevel { appendBlock(box, &collector) } else { collector.appendAtomic(box) }
            return
        }
        if tag == "img" || tag == "svg" {
            let box = tag == "img" ? imageBox(node, style) : inlineSVGBox(node, style)
            if style.display.isBlockLevel { appendBlock(box, &collector) } else { collector.appendAtomic(box) }
            return
        }
        if let box = ControlBoxes(dom: dom, images: images).box(for: node, tag: tag, style: style) {
            if style.display.isBlockLevel { appendBlock(box, &collector) } else { collector.appendAtomic(box) }
            return
        }
        if tag == "ruby" && style.display == .inline {
            collector.appendAtomic(rubyBox(node, style))
            return
        }
        if tag == "summary", DisclosureWidget.isSummary(node, in: dom) {
            // The disclosure triangle is the summary's first text (WebKit's marker, inside).
            let box = blockLevelBox(node, style, leadingText: DisclosureWidget.marker(open: DisclosureWidget.isOpen(dom[node].parent, in: dom)))
            appendBlock(box, &collector)
            return
        }
        switch style.display {
        case .inline:
            let inlineBox = InlineBox(node: node, style: style)
            collector.inline.items.append(.inlineStart(inlineBox))
            if style.position.isPositioned { collector.positionedInlines.append(inlineBox) }
            collectChildren(of: node, into: &collector)
            if style.position.isPositioned { collector.positionedInlines.removeLast() }
            collector.inline.items.append(.inlineEnd(inlineBox))
        case .inlineBlock, .inlineTable, .inlineFlex, .inlineGrid:
            let box = blockLevelBox(node, style)
            attachContainerControl(box, tag: tag, node: node)
            collector.appendAtomic(box)
        default:
            let box = blockLevelBox(node, style)
            attachContainerControl(box, tag: tag, node: node)
            appendBlock(box, &collector)
        }
    }

    /// A `<button>` or `<marquee>` holds content and is drawn as its control, inline or block.
    private func attachContainerControl(_ box: Box, tag: String, node: DOMDocument.NodeID) {
        let attributes = dom[node].attributes
        switch tag {
        case "button":
            box.control = Control(kind: .button(prominent: attributes["type"]?.lowercased() == "submit" && attributes["disabled"] == nil))
        case "marquee":
            box.control = Control(kind: .marquee(contentHidden: Self.marqueeStartsOutside(attributes)))
        default: break
        }
    }

    /// Whether one more float fits `ResourceLimits.maximumFloats`; past it, floats are laid out
    /// in the flow (placing each float looks at every earlier one).
    private func takeFloat() -> Bool {
        guard budget.floatsLeft > 0 else {
            budget.warn("the mail has more than \(ResourceLimits.count(budget.limits.maximumFloats)) floats; the rest are laid out as if not floated")
            return false
        }
        budget.floatsLeft -= 1
        return true
    }

    private func appendBlock(_ box: Box, _ collector: inout ChildCollector) {
        if let outOfFlow = collector.pendingOutOfFlow {
            collector.pendingOutOfFlow = nil
            box.outOfFlow = outOfFlow
            return collector.appendOutOfFlow(box)
        }
        if !box.isFloat { collector.firstLetter = nil }
        collector.finishInlineRun()
        collector.flushSoleIntoBlocks()
        collector.blocks.append(box)
    }

    private func brokenImage(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> BrokenImage {
        let attributes = dom[node].attributes
        return BrokenImage(alt: attributes["alt"], style: style, quirks: dom.mode == .quirks,
                           insideTableCell: PresentationalHints.enclosingTable(of: node, in: dom) != nil,
                           viewportHeight: viewportHeight, title: attributes["title"],
                           hasSource: !ImageSource.select(for: node, in: dom, context: imageChoice).url.isEmpty)
    }

    private func imageBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        let chosen = ImageSource.select(for: node, in: dom, context: imageChoice)
        let source = chosen.url
        if let image = images?.image(for: source) {
            return loadedImageBox(image, density: chosen.density, node: node, style: style)
        }
        let options = images?.options ?? ImageOptions()
        if options.showsPlaceholder(source: source) {
            let attributes = dom[node].attributes
            return ImagePlaceholder(widthAttribute: attributes["width"], heightAttribute: attributes["height"])
                .box(for: node, style: style, color: options.placeholderColor)
        }
        return brokenImage(node, style).box(for: node)
    }

    /// A replaced box showing a decoded image: its intrinsic size in CSS pixels is its own
    /// over the density its `srcset` candidate declared.
    private func loadedImageBox(_ image: DecodedImage, density: Double, node: DOMDocument.NodeID?, style: ComputedStyle) -> Box {
        let box = Box(kind: .image, node: node, style: style)
        box.image = image
        box.intrinsicWidth = image.intrinsicWidth.map { $0 / density }
        box.intrinsicHeight = image.intrinsicHeight.map { $0 / density }
        box.intrinsicRatio = image.intrinsicRatio
        return box
    }

    /// An `<svg>` element in the HTML, drawn as an image of its own markup (also when images
    /// are blocked: it is part of the mail). One that cannot be drawn keeps its box, as an
    /// empty replaced element of the size CSS gives it.
    private func inlineSVGBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        let maximumBytes = budget.limits.maximumDataURIBytes
        if let markup = InlineSVG.markup(of: node, in: dom, color: style.color, maximumBytes: maximumBytes, definitions: svgDefinitions) {
            let image = images.map { $0.image(inlineSVG: markup) } ?? (try? DecodedImage.decode(Array(markup.utf8)))
            if let image { return loadedImageBox(image, density: 1, node: node, style: style) }
        } else {
            budget.warn("an inline SVG is larger than \(ResourceLimits.bytes(maximumBytes)); not drawn")
        }
        let box = Box(kind: .image, node: node, style: style)
        (box.intrinsicWidth, box.intrinsicHeight) = DecodedImage.defaultObjectSize
        return box
    }

    // MARK: Block-level boxes

    private func blockLevelBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle, leadingText: String? = nil) -> Box {
        switch style.display {
        case .table, .inlineTable:
            return tableBox(node, style)
        case .inlineBlock, .inlineFlex, .inlineGrid:
            let box = Box(kind: .inlineBlock, node: node, style: style)
            fillBlockContainer(box, from: node)
            startVerticalFlow(box, node)
            return box
        case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableRow, .tableCell:
            // A table part outside a table: wrap it in an anonymous table, as CSS does.
            var tableStyle = style.inheritedForChild()
            tableStyle.display = .table
            let table = Box(kind: .table, node: nil, style: tableStyle)
            appendTablePart(node, style, to: table)
            return table
        default:
            let box = Box(kind: .block, node: node, style: style)
            box.isBody = dom[node].tag == "body"
            if style.display == .listItem { box.marker = listMarker(for: node, style) }
            fillBlockContainer(box, from: node, leadingText: leadingText)
            if dom[node].tag == "fieldset" { markRenderedLegend(of: box) }
            if box.style.generated.listStyleInside { box.marker = nil }
            startVerticalFlow(box, node)
            return box
        }
    }

    /// A fieldset's rendered legend: its first `<legend>` child box that is neither floated
    /// nor out of the flow.
    private func markRenderedLegend(of fieldset: Box) {
        fieldset.isFieldset = true
        let legend = fieldset.children.first { child in
            child.node.map { dom[$0].tag == "legend" } == true && !child.isFloat && !child.isOutOfFlow && child.kind == .block
        }
        legend?.isRenderedLegend = true
        fieldset.renderedLegend = legend
    }

    /// A block container in a vertical writing mode whose parent is horizontal starts a
    /// vertical flow: its content moves into one anonymous box in the flow's logical frame.
    /// The room its lines may take is the viewport's height less its ancestors' vertical
    /// margins, borders and padding (WebKit's available height for an orthogonal flow).
    private func startVerticalFlow(_ box: Box, _ node: DOMDocument.NodeID) {
        let mode = box.style.writingMode
        guard mode.isVertical, !(dom[node].parent.flatMap { document.style(of: $0) }?.writingMode.isVertical ?? false) else { return }
        var available = viewportHeight
        var ancestor = dom[node].parent
        var enclosingFlows = 0, belowIsVertical = false
        while let id = ancestor {
            if let style = document.style(of: id) {
                let border = style.usedBorder
                func px(_ length: Length) -> Double { if case .px(let value) = length { return value }; return 0 }
                available -= px(style.margin.top) + px(style.margin.bottom) + px(style.padding.top) + px(style.padding.bottom)
                    + border.top + border.bottom
                // A vertical element under a horizontal one started a flow.
                if belowIsVertical && !style.writingMode.isVertical { enclosingFlows += 1 }
                belowIsVertical = style.writingMode.isVertical
            }
            ancestor = dom[id].parent
        }
        // Sizing a vertical flow lays out all it holds, so flows inside flows cost the square of
        // their depth: past a few, content stays in the enclosing frame.
        guard enclosingFlows < ResourceLimits.maximumNestedVerticalFlows else {
            return budget.warn("vertical writing modes nested more than \(ResourceLimits.maximumNestedVerticalFlows) deep are laid out horizontally")
        }
        var contentStyle = box.style.turnedIntoVerticalFlow().inheritedForChild()
        contentStyle.display = .flowRoot
        let content = Box(kind: .block, node: nil, style: contentStyle)
        content.children = box.children
        content.inlineContent = box.inlineContent
        box.children = [content]
        box.inlineContent = nil
        box.verticalFlow = VerticalFlow(mode: mode, availableInlineSize: max(0, available))
    }

    /// The marker of a list item: its list-style-image, else its list-style-type written for
    /// the item's number, in `::marker`'s style (WebKit takes no `content` there).
    private func listMarker(for node: DOMDocument.NodeID, _ style: ComputedStyle) -> ListMarker? {
        listMarker(style, markerStyle: document.pseudoStyles[node]?[.marker] ?? style.inheritedForChild()) {
            ordinals.ordinal(of: node, in: document)
        }
    }

    private func listMarker(_ style: ComputedStyle, markerStyle: ComputedStyle, ordinal: () -> Int) -> ListMarker? {
        var markerStyle = markerStyle
        markerStyle.node = nil
        markerStyle.display = .inline
        markerStyle.whiteSpace = .pre   // WebKit's UA sheet: ::marker { white-space: pre }
        if let url = style.generated.listStyleImage, let image = images?.image(for: url) {
            // An image marker sits 7 px from the content (WebKit's cMarkerPadding), on the baseline.
            var imageStyle = markerStyle
            imageStyle.display = .inlineBlock
            imageStyle.margin = style.generated.listStyleInside ? Edges(top: .px(0), right: .px(7), bottom: .px(0), left: .px(0)) : Edges(.px(0))
            return ListMarker(text: "", style: markerStyle, isBullet: false,
                              image: loadedImageBox(image, density: 1, node: nil, style: imageStyle))
        }
        guard let counterStyle = CounterStyle.of(style.listStyle, custom: document.counterStyles) else { return nil }
        if counterStyle.isBullet { return ListMarker(text: counterStyle.markerText(1), style: markerStyle, isBullet: true) }
        return ListMarker(text: counterStyle.markerText(ordinal()), style: markerStyle, isBullet: false)
    }

    // MARK: Tables

    private func tableBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        let table = Box(kind: .table, node: node, style: style)
        table.sizeIsBorderBox = dom[node].tag == "table" || style.borderBoxSizing
        appendGeneratedRow(.before, of: node, to: table)
        // Text and boxes that are no table part, side by side, share one anonymous row and cell.
        var pending: [DOMDocument.NodeID] = []
        func flush() {
            let meaningful = pending.contains { dom[$0].tag != nil || !(dom[$0].text ?? "").allSatisfy(\.isWhitespace) }
            if meaningful {
                let row = Box(kind: .row, node: nil, style: style.inheritedForChild())
                row.children.append(anonymousCell(for: pending, parentStyle: style))
                anonymousGroup(in: table).children.append(row)
            }
            pending = []
        }
        for child in unboxedChildren(of: node) {
            guard dom[child].tag != nil else { pending.append(child); continue }
            guard let childStyle = document.style(of: child), childStyle.display != .none else { continue }
            if childStyle.position.isOutOfFlow {
                flush()
                table.children += outOfFlowBox(child, parentStyle: style)
                continue
            }
            guard childStyle.display.isTablePart else { pending.append(child); continue }
            flush()
            appendTablePart(child, childStyle, to: table)
        }
        flush()
        appendGeneratedRow(.after, of: node, to: table)
        if style.borderCollapse { CollapsedBorders.apply(to: table) }
        return table
    }

    private func appendTablePart(_ node: DOMDocument.NodeID, _ style: ComputedStyle, to table: Box) {
        switch style.display {
        case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup:
            let group = Box(kind: .rowGroup, node: node, style: style)
            for child in unboxedChildren(of: node) {
                guard dom[child].tag != nil, let childStyle = document.style(of: child), childStyle.display != .none else { continue }
                if childStyle.position.isOutOfFlow { group.children += outOfFlowBox(child, parentStyle: style); continue }
                group.children.append(rowBox(child, childStyle))
            }
            table.children.append(group)
        case .tableRow:
            anonymousGroup(in: table).children.append(rowBox(node, style))
        case .tableCaption:
            // A block above (or below) the rows, laid out at the table's width.
            let caption = Box(kind: .block, node: node, style: style)
            fillBlockContainer(caption, from: node)
            table.children.append(caption)
        case .tableColumnGroup:
            let columns = dom[node].children.compactMap { child -> (DOMDocument.NodeID, ComputedStyle)? in
                guard let childStyle = document.style(of: child), childStyle.display == .tableColumn else { return nil }
                return (child, childStyle)
            }
            if columns.isEmpty {
                appendColumns(TableColumn(group: style, column: nil, opensGroup: true), span: columnSpan(node), to: table)
            }
            for (index, (column, columnStyle)) in columns.enumerated() {
                appendColumns(TableColumn(group: style, column: columnStyle, opensGroup: index == 0), span: columnSpan(column), to: table)
            }
        case .tableColumn:
            appendColumns(TableColumn(group: nil, column: style), span: columnSpan(node), to: table)
        default:
            anonymousGroup(in: table).children.append(rowBox(node, style))
        }
    }

    /// A `<col>`'s or `<colgroup>`'s `span` (1 to 1000, as browsers clamp it).
    private func columnSpan(_ node: DOMDocument.NodeID) -> Int {
        max(1, span(dom[node].attributes["span"], name: "span", limit: ResourceLimits.maximumColspan))
    }

    /// Columns beyond the colspan limit are not kept (they could only be empty).
    private func appendColumns(_ column: TableColumn, span: Int, to table: Box) {
        let room = ResourceLimits.maximumColspan - table.tableColumns.reduce(0) { $0 + $1.span }
        guard room > 0 else { return }
        var column = column
        column.span = min(span, room)
        table.tableColumns.append(column)
    }

    /// A table's `::before` or `::after` is content among its rows: CSS wraps it in an
    /// anonymous row group, row and cell (first or last), as it wraps stray text.
    private func appendGeneratedRow(_ pseudo: PseudoElement, of node: DOMDocument.NodeID, to table: Box) {
        guard generated.generated(pseudo, of: node) != nil else { return }
        var cellStyle = table.style.inheritedForChild()
        cellStyle.display = .tableCell
        let cell = Box(kind: .cell, node: nil, style: cellStyle)
        var collector = ChildCollector(parentStyle: cellStyle, budget: budget)
        appendGenerated(pseudo, of: node, into: &collector)
        collector.finishInlineRun()
        if collector.blocks.isEmpty { cell.inlineContent = collector.soleInlineContent } else { cell.children = collector.blocks }
        var rowStyle = table.style.inheritedForChild()
        rowStyle.display = .tableRow
        let row = Box(kind: .row, node: nil, style: rowStyle)
        row.children = [cell]
        if pseudo == .after { return anonymousGroup(in: table).children.append(row) }
        var groupStyle = table.style.inheritedForChild()
        groupStyle.display = .tableRowGroup
        let group = Box(kind: .rowGroup, node: nil, style: groupStyle)
        group.children = [row]
        table.children.insert(group, at: 0)
    }

    private func anonymousGroup(in table: Box) -> Box {
        if let last = table.children.last, last.kind == .rowGroup, last.node == nil { return last }
        var style = table.style.inheritedForChild()
        style.display = .tableRowGroup
        let group = Box(kind: .rowGroup, node: nil, style: style)
        table.children.append(group)
        return group
    }

    /// A row; children that are not cells (blocks made `display: block` by responsive CSS,
    /// stray text) are wrapped in one anonymous cell, as CSS's anonymous table objects are.
    private func rowBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        if style.display != .tableRow {
            let row = Box(kind: .row, node: nil, style: style.inheritedForChild())
            // A cell outside a row is that row's cell; anything else goes in an anonymous cell.
            row.children.append(style.display == .tableCell ? cellBox(node, style) : anonymousCell(for: [node], parentStyle: style))
            return row
        }
        let row = Box(kind: .row, node: node, style: style)
        var pending: [DOMDocument.NodeID] = []
        func flush() {
            let meaningful = pending.contains { dom[$0].tag != nil || !(dom[$0].text ?? "").allSatisfy(\.isWhitespace) }
            if meaningful { row.children.append(anonymousCell(for: pending, parentStyle: style)) }
            pending = []
        }
        for child in unboxedChildren(of: node) {
            if dom[child].tag != nil, let childStyle = document.style(of: child) {
                if childStyle.display == .none { continue }
                if childStyle.position.isOutOfFlow {
                    flush()
                    row.children += outOfFlowBox(child, parentStyle: style)
                    continue
                }
                if childStyle.display == .tableCell {
                    flush()
                    row.children.append(cellBox(child, childStyle))
                    continue
                }
            }
            pending.append(child)
        }
        flush()
        return row
    }

    /// An absolutely positioned child of a table, row group or row: no table part whatever its
    /// display (CSS 2.1 §9.7), it sits among them out of the flow.
    private func outOfFlowBox(_ node: DOMDocument.NodeID, parentStyle: ComputedStyle) -> [Box] {
        var collector = ChildCollector(parentStyle: parentStyle, budget: budget)
        collect(node, into: &collector)
        collector.finishInlineRun()
        return collector.blocks
    }

    private func cellBox(_ node: DOMDocument.NodeID, _ style: ComputedStyle) -> Box {
        let cell = Box(kind: .cell, node: node, style: style)
        cell.heightIsBorderBox = dom.mode == .quirks
        cell.colspan = span(dom[node].attributes["colspan"], name: "colspan", limit: ResourceLimits.maximumColspan)
        cell.rowspan = span(dom[node].attributes["rowspan"], name: "rowspan", limit: ResourceLimits.maximumRowspan)
        fillBlockContainer(cell, from: node)
        return cell
    }

    private func anonymousCell(for nodes: [DOMDocument.NodeID], parentStyle: ComputedStyle) -> Box {
        var style = parentStyle.inheritedForChild()
        style.display = .tableCell
        let cell = Box(kind: .cell, node: nil, style: style)
        var collector = ChildCollector(parentStyle: style, budget: budget)
        for node in nodes { collect(node, into: &collector) }
        collector.finishInlineRun()
        if collector.blocks.isEmpty { cell.inlineContent = collector.soleInlineContent } else { cell.children = collector.blocks }
        return cell
    }

    /// A node's children with each `display: contents` element replaced by its own children,
    /// in document order (table structure looks through them as the box tree does).
    private func unboxedChildren(of node: DOMDocument.NodeID) -> [DOMDocument.NodeID] {
        var result: [DOMDocument.NodeID] = []
        var stack = Array(dom[node].children.reversed())
        while let next = stack.popLast() {
            if dom[next].tag != nil, document.style(of: next)?.display == .contents {
                stack.append(contentsOf: dom[next].children.reversed())
            } else {
                result.append(next)
            }
        }
        return result
    }

    /// HTML's rules for parsing non-negative integers, clamped as browsers clamp spans.
    private func span(_ raw: String?, name: String, limit: Int) -> Int {
        guard let raw else { return 1 }
        let digits = raw.trimmingWhitespaces().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return 1 }
        guard digits.count <= 18, let value = Int(digits), value <= limit else {
            budget.warn("\(name) above \(limit) is taken as \(limit)")
            return limit
        }
        return max(value, 1)
    }
}

extension ComputedStyle {
    var withoutDecorations: ComputedStyle { var copy = self; copy.decorations = []; return copy }

    /// Whether two text runs can share one attribute run.
    func sameTextFormat(as other: ComputedStyle) -> Bool {
        fontFamilies == other.fontFamilies && fontFaceFamilies == other.fontFaceFamilies && fontSize == other.fontSize && fontWeight == other.fontWeight
            && italic == other.italic && color == other.color && decorations == other.decorations
            && letterSpacing == other.letterSpacing && whiteSpace == other.whiteSpace
            && lineHeight == other.lineHeight && visibilityHidden == other.visibilityHidden
            && verticalAlign == other.verticalAlign && wordSpacing == other.wordSpacing
            && fontVariantCaps == other.fontVariantCaps && fontFeatures == other.fontFeatures
            && decorationPaint == other.decorationPaint && underlineOffset == other.underlineOffset
            && underlinePosition == other.underlinePosition && skipsInk == other.skipsInk && emphasisMark == other.emphasisMark
            && emphasisColor == other.emphasisColor && emphasisPosition == other.emphasisPosition
            && hyphens == other.hyphens && hyphenateCharacter == other.hyphenateCharacter
    }
}

/// CSS white-space processing for one text node, tracking collapsible space across nodes.
enum WhiteSpaceProcessor {
    static func process(_ raw: String, style: ComputedStyle, lastWasSpace: inout Bool) -> String {
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        switch style.whiteSpace {
        case .pre, .preWrap:
            for ch in raw.unicodeScalars {
                switch ch {
                case "\r": continue
                case "\n": out.unicodeScalars.append("\u{2028}")
                default: out.unicodeScalars.append(ch)
                }
            }
            lastWasSpace = out.unicodeScalars.last == " "
        case .normal, .nowrap, .preLine:
            for ch in raw.unicodeScalars {
                if ch == "\n" && style.whiteSpace == .preLine {
                    if out.hasSuffix(" ") { out.removeLast() }
                    out.unicodeScalars.append("\u{2028}")
                    lastWasSpace = true
                } else if ch == " " || ch == "\t" || ch == "\n" || ch == "\r" || ch == "\u{0C}" {
                    if !lastWasSpace { out.append(" "); lastWasSpace = true }
                } else {
                    out.unicodeScalars.append(ch)
                    lastWasSpace = false
                }
            }
        }
        switch style.textTransform {
        case .none: return out
        case .uppercase: return out.uppercased()
        case .lowercase: return out.lowercased()
        case .capitalize: return out.capitalizedWords()
        }
    }
}

extension String {
    /// `text-transform: capitalize` as WebKit does it: the first letter of each word by Unicode
    /// word boundaries (UAX #29), so "text-transform" gives "Text-Transform" and "(ab)" "(Ab)",
    /// while an apostrophe, period or colon between letters stays inside a word ("Don't").
    func capitalizedWords() -> String {
        var result = ""
        let characters = Array(self)
        func isWordPart(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
                || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
        }
        let joiners: Set<Character> = ["'", "\u{2019}", ".", ":", "\u{00B7}"]
        for (index, character) in characters.enumerated() {
            var atWordStart = true
            if index > 0 {
                let previous = characters[index - 1]
                if isWordPart(previous) {
                    atWordStart = false
                } else if joiners.contains(previous), index > 1, characters[index - 2].isLetter, character.isLetter {
                    atWordStart = false
                }
            }
            result += atWordStart ? character.uppercased() : String(character)
        }
        return result
    }
}

extension BoxTreeBuilder {
    /// The text with each user-perceived character cut to its first `limit` code points, or
    /// nil when none is longer. Shaping one character of thousands of combining marks
    /// ("Zalgo" text) takes pango and harfbuzz seconds; Unicode's stream-safe format
    /// (UAX #15) draws the line at 30 marks in a row.
    static func shorteningLongCharacters(_ text: String, limit: Int) -> String? {
        guard text.utf8.count > limit, !text.utf8.allSatisfy({ $0 < 0x80 }),
              text.contains(where: { $0.unicodeScalars.count > limit }) else { return nil }
        var out = String.UnicodeScalarView()
        for character in text {
            out.append(contentsOf: character.unicodeScalars.prefix(limit))
        }
        return String(out)
    }
}

/// The number of each list item, as HTML lists count: from the list's `start` (or 1; a
/// `reversed` list from its number of items) up (down) by one per item, an item's `value`
/// setting its own number and the count from it. Computed for a whole list at once.
private final class ListOrdinals {
    private var known: [DOMDocument.NodeID: Int] = [:]

    func ordinal(of node: DOMDocument.NodeID, in document: StyledDocument) -> Int {
        if let ordinal = known[node] { return ordinal }
        let dom = document.dom
        guard let parent = dom[node].parent else { return 1 }
        let attributes = dom[parent].attributes
        let items = dom[parent].children.filter { document.style(of: $0)?.display == .listItem }
        let isOrderedList = dom[parent].tag == "ol"
        let reversed = isOrderedList && attributes["reversed"] != nil
        let step = reversed ? -1 : 1
        let start = isOrderedList ? attributes["start"].flatMap(Self.integer) : nil
        var ordinal = start ?? (reversed ? items.count : 1)
        for item in items {
            if let value = dom[item].attributes["value"].flatMap(Self.integer) { ordinal = value }
            known[item] = ordinal
            ordinal = Self.clamped(ordinal.addingReportingOverflow(step).partialValue)
        }
        return known[node] ?? 1
    }

    static func integer(_ text: String) -> Int? { ListAttributes.integer(text) }

    static func clamped(_ value: Int) -> Int { max(Int(Int32.min), min(Int(Int32.max), value)) }
}
