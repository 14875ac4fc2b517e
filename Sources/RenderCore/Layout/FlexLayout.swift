/// Flex layout (CSS Flexbox Level 1 §9, as WebKit's RenderFlexibleBox does it): the children of
/// a `display: flex | inline-flex` box are flex items, sized along the main axis from their flex
/// base sizes by the flexible-length resolution, broken into lines when the container wraps,
/// then stretched and aligned across each line. Horizontal writing mode; `direction: rtl`
/// reverses a row.
struct FlexLayout {
    let engine: LayoutEngine

    /// A flex item that is itself a flex container is laid out again when stretching or
    /// flexing gives it a definite height, while the document has laid out fewer flex items
    /// than this; then items keep their first layout. Nested containers would otherwise double
    /// the work at each level.
    static let relayoutBudget = 3_000

    /// One item while its container is laid out. Main and cross sizes are content-box sizes;
    /// `mainChrome`/`crossChrome` are border plus padding on that axis.
    private struct Item {
        let box: Box
        var grow = 0.0, shrink = 1.0
        var base = 0.0, hypothetical = 0.0, target = 0.0
        var minMain = 0.0, maxMain = Double.infinity
        var frozen = false
        var mainChrome = 0.0, crossChrome = 0.0
        var marginMainStart = 0.0, marginMainEnd = 0.0
        var marginCrossStart = 0.0, marginCrossEnd = 0.0
        var autoMainStart = false, autoMainEnd = false
        var autoCrossStart = false, autoCrossEnd = false
        var align: FlexStyle.Alignment = .stretch
        /// The border-box cross size, and the baseline from the border-box cross-start edge.
        var cross = 0.0
        var baseline = 0.0
        var mainPosition = 0.0, crossPosition = 0.0

        var outerBase: Double { base + mainChrome + marginMainStart + marginMainEnd }
        var outerHypothetical: Double { hypothetical + mainChrome + marginMainStart + marginMainEnd }
        var outerTarget: Double { target + mainChrome + marginMainStart + marginMainEnd }
        var outerCross: Double { cross + marginCrossStart + marginCrossEnd }
        var factor: (Bool) -> Double { { $0 ? grow : shrink } }
        var usesBaseline: Bool { (align == .baseline || align == .lastBaseline) && !autoCrossStart && !autoCrossEnd }
    }

    private struct Line {
        var range: Range<Int>
        var cross = 0.0
        var position = 0.0
        var maxAscent = 0.0
    }

    // MARK: Layout

    /// Lays out the items of `box`, whose width is set; returns its content height.
    /// `definiteHeight` is a content height the container was given by its own flex container
    /// (stretched or flexed), which makes its height definite.
    @discardableResult
    func layout(_ box: Box, definiteHeight: Double? = nil) -> Double {
        box.withOutOfFlowChildrenAside { layoutItems(box, definiteHeight: definiteHeight) }
    }

    private func layoutItems(_ box: Box, definiteHeight: Double?) -> Double {
        let style = box.style, flex = style.flex
        let isRow = flex.isRow
        let innerWidth = box.contentWidth
        let verticalChrome = box.border.top + box.border.bottom + box.padding.top + box.padding.bottom
        let heightRange = contentHeightRange(box, verticalChrome: verticalChrome)
        let specifiedHeight = definiteHeight ?? specifiedContentHeight(box, verticalChrome: verticalChrome).map { clamp($0, heightRange) }
        let mainGap = gap(isRow ? style.columnGap : style.rowGap, against: isRow ? innerWidth : specifiedHeight)
        let crossGap = gap(isRow ? style.rowGap : style.columnGap, against: isRow ? specifiedHeight : innerWidth)

        box.children = ordered(box.children)
        let depth = box.flexItemDepth + 1
        var items = box.children.map { child -> Item in
            child.flexItemDepth = depth
            engine.flexWork.itemLayouts += 1
            return makeItem(child, in: box, isRow: isRow, innerWidth: innerWidth, innerHeight: specifiedHeight)
        }

        // Main size available: the width for rows; for columns the definite height, else (no
        // wrapping, no flexing) what the items ask, within min/max-height.
        let mainAvailable: Double?
        if isRow { mainAvailable = innerWidth }
        else if let specifiedHeight { mainAvailable = specifiedHeight }
        else { mainAvailable = nil }

        // Lines (§9.3).
        var lines: [Line] = []
        let wraps = flex.wrap != .nowrap
        let breakLimit = mainAvailable ?? (heightRange.max.isFinite ? heightRange.max : nil)
        var start = 0, used = 0.0
        for index in items.indices {
            let outer = items[index].outerHypothetical
            if wraps, index > start, let breakLimit, used + mainGap + outer > breakLimit + 0.001 {
                lines.append(Line(range: start..<index))
                start = index; used = 0
            }
            used += (index > start ? mainGap : 0) + outer
        }
        if !items.isEmpty { lines.append(Line(range: start..<items.count)) }

        // The main size of a column with an auto height follows its longest line.
        var longestLine = 0.0
        for line in lines {
            let sizes: Double = items[line.range].reduce(0.0) { $0 + $1.outerHypothetical }
            longestLine = max(longestLine, sizes + mainGap * Double(max(0, line.range.count - 1)))
        }
        let mainSize: Double = mainAvailable ?? clamp(longestLine, heightRange)

        for line in lines { resolveFlexibleLengths(&items, line.range, available: mainSize, gap: mainGap) }

        // Items at their main sizes; hypothetical cross sizes (§9.4).
        for index in items.indices { sizeMain(&items[index], isRow: isRow, innerHeight: specifiedHeight) }

        // Line cross sizes.
        let crossDefinite: Double? = isRow ? specifiedHeight : innerWidth
        for index in lines.indices {
            var maxAscent = 0.0, maxDescent = 0.0, largest = 0.0
            for item in items[lines[index].range] {
                if isRow && item.usesBaseline {
                    let ascent = item.baseline + item.marginCrossStart
                    maxAscent = max(maxAscent, ascent)
                    maxDescent = max(maxDescent, item.outerCross - ascent)
                } else {
                    largest = max(largest, item.outerCross)
                }
            }
            lines[index].maxAscent = maxAscent
            lines[index].cross = max(largest, maxAscent + maxDescent)
        }
        if lines.count == 1 {
            if let crossDefinite { lines[0].cross = crossDefinite }
            else if isRow { lines[0].cross = clamp(lines[0].cross, heightRange) }
        }
        let crossSum: Double = lines.reduce(0.0) { $0 + $1.cross }
        let linesCross = crossSum + crossGap * Double(max(0, lines.count - 1))
        let crossSize = crossDefinite ?? clamp(linesCross, heightRange)

        // align-content (§9.4 step 15, §8.4): only a multi-line container distributes.
        var crossOffset = 0.0, crossBetween = 0.0
        if wraps, !lines.isEmpty {
            let free = crossSize - linesCross
            switch flex.alignContent {
            case .normal, .stretch:
                if free > 0 { for index in lines.indices { lines[index].cross += free / Double(lines.count) } }
            default:
                (crossOffset, crossBetween) = distribute(flex.alignContent, free: free, count: lines.count,
                                                         reversedFromStart: flex.wrap == .wrapReverse, reversedPhysically: flex.wrap == .wrapReverse)
            }
        }

        // Stretch, then cross positions within each line (§9.4 step 11, §8.3).
        var cursor = crossOffset
        for index in lines.indices {
            lines[index].position = cursor
            for itemIndex in lines[index].range {
                stretch(&items[itemIndex], lineCross: lines[index].cross, isRow: isRow)
                alignCross(&items[itemIndex], in: lines[index])
            }
            cursor += lines[index].cross + crossGap + crossBetween
        }

        // Main-axis positions (§9.5): auto margins, then justify-content.
        let mainReversed = mainReversed(style)
        for line in lines {
            let count = line.range.count
            let used: Double = items[line.range].reduce(0.0) { $0 + $1.outerTarget }
            var free = mainSize - used - mainGap * Double(max(0, count - 1))
            let autoMargins: Int = items[line.range].reduce(0) { $0 + ($1.autoMainStart ? 1 : 0) + ($1.autoMainEnd ? 1 : 0) }
            if free > 0, autoMargins > 0 {
                let share = free / Double(autoMargins)
                for index in line.range {
                    if items[index].autoMainStart { items[index].marginMainStart = share }
                    if items[index].autoMainEnd { items[index].marginMainEnd = share }
                }
                free = 0
            }
            var justify = flex.justifyContent
            if justify == .left || justify == .right {
                // Physical sides: for rows against the reading of the axis, for columns start.
                justify = !isRow ? .start : ((justify == .left) == !mainReversed ? .flexStart : .flexEnd)
            }
            let (offset, between) = distribute(justify, free: free, count: count,
                                               reversedFromStart: flex.isReversed, reversedPhysically: mainReversed)
            var position = offset
            for index in line.range {
                position += items[index].marginMainStart
                items[index].mainPosition = position
                position += items[index].target + items[index].mainChrome + items[index].marginMainEnd + mainGap + between
            }
        }

        // Physical placement.
        let wrapReversed = flex.wrap == .wrapReverse
        for line in lines {
            for index in line.range {
                let item = items[index], child = item.box
                let mainExtent = item.target + item.mainChrome
                var main = item.mainPosition
                if mainReversed { main = mainSize - main - mainExtent }
                var cross = line.position + item.crossPosition
                if wrapReversed { cross = crossSize - cross - item.cross }
                if isRow {
                    child.x = box.contentX + main
                    child.y = box.contentY + cross
                } else {
                    child.x = box.contentX + cross
                    child.y = box.contentY + main
                }
                storeMargins(item, isRow: isRow, mainReversed: mainReversed, wrapReversed: wrapReversed)
            }
        }
        box.lines = []
        return isRow ? crossSize : mainSize
    }

    /// Whether main-start is the physical right (bottom): a reversed direction, or a row in
    /// a right-to-left container (not both).
    private func mainReversed(_ style: ComputedStyle) -> Bool {
        style.flex.isRow ? (style.flex.isReversed != style.direction.isRightToLeft) : style.flex.isReversed
    }

    /// What IntrinsicSizes adds to content widths: borders and px padding (percentages
    /// count as zero there).
    private func intrinsicChrome(_ box: Box) -> Double {
        func px(_ length: Length) -> Double { if case .px(let v) = length { return v }; return 0 }
        return box.border.left + box.border.right + px(box.style.padding.left) + px(box.style.padding.right)
    }

    // MARK: Items

    /// Children in `order`, document order among equals (CSS Flexbox §5.4); painted so too.
    private func ordered(_ children: [Box]) -> [Box] {
        guard children.contains(where: { $0.style.flex.order != 0 }) else { return children }
        return children.enumerated().sorted { a, b in
            (a.element.style.flex.order, a.offset) < (b.element.style.flex.order, b.offset)
        }.map(\.element)
    }

    private func makeItem(_ child: Box, in box: Box, isRow: Bool, innerWidth: Double, innerHeight: Double?) -> Item {
        let flex = box.style.flex, style = child.style
        engine.resolveEdges(child, containingWidth: innerWidth)
        var item = Item(box: child)
        if flex.isLegacyBox {
            item.grow = style.flex.legacyBoxFlex; item.shrink = style.flex.legacyBoxFlex
        } else {
            item.grow = style.flex.grow; item.shrink = style.flex.shrink
        }
        let horizontal = child.border.left + child.border.right + child.padding.left + child.padding.right
        let vertical = child.border.top + child.border.bottom + child.padding.top + child.padding.bottom
        item.mainChrome = isRow ? horizontal : vertical
        item.crossChrome = isRow ? vertical : horizontal
        let margins = style.margin
        // Margins by flex-relative side: main-start is the right in a reversed row, the
        // bottom in a reversed column; cross-start the far side when wrap-reverse.
        let reversed = mainReversed(box.style), wrapReversed = flex.wrap == .wrapReverse
        func ordered<T>(_ low: T, _ high: T, _ swap: Bool) -> (T, T) { swap ? (high, low) : (low, high) }
        if isRow {
            (item.marginMainStart, item.marginMainEnd) = ordered(child.margin.left, child.margin.right, reversed)
            (item.marginCrossStart, item.marginCrossEnd) = ordered(child.margin.top, child.margin.bottom, wrapReversed)
            (item.autoMainStart, item.autoMainEnd) = ordered(margins.left.isAuto, margins.right.isAuto, reversed)
            (item.autoCrossStart, item.autoCrossEnd) = ordered(margins.top.isAuto, margins.bottom.isAuto, wrapReversed)
        } else {
            (item.marginMainStart, item.marginMainEnd) = ordered(child.margin.top, child.margin.bottom, reversed)
            (item.marginCrossStart, item.marginCrossEnd) = ordered(child.margin.left, child.margin.right, wrapReversed)
            (item.autoMainStart, item.autoMainEnd) = ordered(margins.top.isAuto, margins.bottom.isAuto, reversed)
            (item.autoCrossStart, item.autoCrossEnd) = ordered(margins.left.isAuto, margins.right.isAuto, wrapReversed)
        }
        var align = style.flex.alignSelf == .auto ? flex.alignItems : style.flex.alignSelf
        if align == .normal { align = .stretch }
        item.align = align

        let borderBox = style.borderBoxSizing
        func content(_ length: Length, against base: Double?, chrome: Double) -> Double? {
            guard let base = base ?? (length.isPercent ? nil : 0), let value = length.resolve(base) else { return nil }
            return max(0, borderBox ? value - chrome : value)
        }
        let intrinsic = IntrinsicSizes(engine: engine)
        if isRow {
            let specified = content(style.width, against: innerWidth, chrome: horizontal)
            item.maxMain = content(style.maxWidth, against: innerWidth, chrome: horizontal) ?? .infinity
            var base: Double
            switch style.flex.basis {
            case .length(let length) where length.resolve(innerWidth) != nil:
                base = content(length, against: innerWidth, chrome: horizontal) ?? 0
            case .auto where specified != nil:
                base = specified!
            default:
                if child.kind == .table {
                    // A table sizes itself (shrink-to-fit within the container).
                    engine.layoutBlock(child, containingWidth: innerWidth)
                    engine.resolveEdges(child, containingWidth: innerWidth)
                    base = max(0, child.width - horizontal)
                } else {
                    base = max(0, intrinsic.contentOnlyWidths(child).max - intrinsicChrome(child))
                }
            }
            item.base = base
            if let minimum = content(style.minWidth, against: innerWidth, chrome: horizontal) {
                item.minMain = minimum
            } else if !child.style.overflowHidden {
                // The automatic minimum size (§4.5): the min-content width, or the specified
                // width when smaller, never above the max-width.
                var suggestion = max(0, intrinsic.contentOnlyWidths(child).min - intrinsicChrome(child))
                if let specified { suggestion = min(suggestion, specified) }
                item.minMain = min(suggestion, item.maxMain)
            }
        } else {
            // A column: the cross size (width) comes first, then the content height at it.
            let width = columnItemWidth(child, item: item, innerWidth: innerWidth, stretches: flex.wrap == .nowrap)
            layoutAtWidth(child, borderWidth: width, containingWidth: innerWidth)
            let contentHeight = max(0, child.height - vertical)
            let specified = content(style.height, against: innerHeight, chrome: vertical)
            item.maxMain = content(style.maxHeight, against: innerHeight, chrome: vertical) ?? .infinity
            switch style.flex.basis {
            case .length(let length) where length.resolve(innerHeight ?? 0) != nil && (!length.isPercent || innerHeight != nil):
                item.base = content(length, against: innerHeight, chrome: vertical) ?? 0
            case .auto where specified != nil:
                item.base = specified!
            default:
                item.base = child.naturalContentHeightForFlex(vertical: vertical) ?? contentHeight
            }
            if let minimum = content(style.minHeight, against: innerHeight, chrome: vertical) {
                item.minMain = minimum
            } else if !child.style.overflowHidden {
                var suggestion = child.naturalContentHeightForFlex(vertical: vertical) ?? contentHeight
                if let specified { suggestion = min(suggestion, specified) }
                item.minMain = min(suggestion, item.maxMain)
            }
            item.cross = child.width
        }
        item.maxMain = max(item.maxMain, item.minMain)
        item.hypothetical = clamp(item.base, (item.minMain, item.maxMain))
        item.target = item.hypothetical
        return item
    }

    /// A column item's border-box width: stretched to the line (the container's width) when
    /// it is auto and stretches, else its specified width or fit-content, within min/max-width.
    private func columnItemWidth(_ child: Box, item: Item, innerWidth: Double, stretches: Bool) -> Double {
        let available = max(0, innerWidth - child.margin.left - child.margin.right)
        if let preferred = engine.preferredBorderWidth(child, containingWidth: innerWidth) { return preferred }
        if stretches && item.align == .stretch && !item.autoCrossStart && !item.autoCrossEnd {
            return engine.clampWidth(child, available, containingWidth: innerWidth, isBorderBox: true)
        }
        let widths = IntrinsicSizes(engine: engine).contentWidths(child)
        return engine.clampWidth(child, min(max(widths.min, available), widths.max), containingWidth: innerWidth, isBorderBox: true)
    }

    /// Lays the item out at a border-box width (its height from its content).
    private func layoutAtWidth(_ child: Box, borderWidth: Double, containingWidth: Double) {
        switch child.kind {
        case .table:
            // Laid out at the flexed width as if it were the table's specified width, which
            // WebKit takes for the width inside the borders: the borders come on top of it.
            let margins = child.margin, style = child.style
            child.style.width = .px(borderWidth + child.border.left + child.border.right)
            child.style.minWidth = .auto
            child.style.maxWidth = .auto
            engine.layoutBlock(child, containingWidth: borderWidth + margins.left + margins.right)
            child.style = style
            child.margin = margins
        case .image:
            let margins = child.margin
            engine.layoutImage(child, containingWidth: containingWidth)
            child.margin = margins
            let natural = child.width
            if abs(natural - borderWidth) > 0.001, child.style.height.isAuto, let ratio = child.aspectRatio {
                let horizontal = engine.horizontalChrome(child)
                let vertical = child.height - max(0, child.contentHeight)
                child.height = max(0, borderWidth - horizontal) * ratio + vertical
            }
            child.width = borderWidth
        default:
            child.width = borderWidth
            engine.layoutContents(child)
        }
    }

    /// Sets each item's used main size and lays it out; records its cross size and baseline.
    private func sizeMain(_ item: inout Item, isRow: Bool, innerHeight: Double?) {
        let child = item.box
        let mainBorder = item.target + item.mainChrome
        if isRow {
            layoutAtWidth(child, borderWidth: mainBorder, containingWidth: mainBorder + item.marginMainStart + item.marginMainEnd)
            if child.kind == .table { item.target = max(0, child.width - item.mainChrome) }  // its own width stands
            if case .percent = child.style.height, let innerHeight, let resolved = child.style.height.resolve(innerHeight) {
                child.height = child.style.borderBoxSizing ? max(resolved, item.crossChrome) : resolved + item.crossChrome
            }
            item.cross = child.height
            item.baseline = child.lastBaselineOfFirstLine() ?? child.height
        } else {
            let changed = abs(child.height - mainBorder) > 0.001
            if changed, child.style.display.inner == .flex, engine.flexWork.itemLayouts < Self.relayoutBudget {
                layout(child, definiteHeight: item.target)
            }
            child.height = mainBorder
            item.cross = child.width
            item.baseline = child.lastBaselineOfFirstLine() ?? child.height
        }
    }

    /// `align-self: stretch` on an item with an auto cross size fills the line (§9.4 step 11).
    private func stretch(_ item: inout Item, lineCross: Double, isRow: Bool) {
        guard item.align == .stretch, !item.autoCrossStart, !item.autoCrossEnd else { return }
        let child = item.box
        if !isRow {
            // A column item's width: the line's, relaid out at it (its main size kept).
            guard child.style.width.isAuto, child.style.sizingKeywords.width == nil else { return }
            let available = max(0, lineCross - item.marginCrossStart - item.marginCrossEnd)
            let width = engine.clampWidth(child, available, containingWidth: lineCross, isBorderBox: true)
            guard abs(width - child.width) > 0.001 else { return }
            let height = child.height
            layoutAtWidth(child, borderWidth: width, containingWidth: lineCross)
            child.height = height
            item.cross = width
            return
        }
        // `height: fit-content` (or min-/max-content) is no auto height: it keeps its content's.
        guard child.style.height.isAuto, child.style.sizingKeywords.height == nil else { return }
        let verticalChrome = item.crossChrome
        var content = lineCross - item.marginCrossStart - item.marginCrossEnd - verticalChrome
        let range = contentHeightRange(child, verticalChrome: verticalChrome)
        content = max(0, clamp(content, range))
        let stretched = content + verticalChrome
        guard abs(stretched - child.height) > 0.001 else { return }
        if child.style.display.inner == .flex, engine.flexWork.itemLayouts < Self.relayoutBudget {
            layout(child, definiteHeight: content)
        }
        child.height = stretched
        item.cross = stretched
    }

    /// The item's offset inside its line along the cross axis: auto margins first, then
    /// `align-self`.
    private func alignCross(_ item: inout Item, in line: Line) {
        let free = line.cross - item.outerCross
        if item.autoCrossStart || item.autoCrossEnd {
            if free > 0 {
                if item.autoCrossStart && item.autoCrossEnd { item.marginCrossStart = free / 2; item.marginCrossEnd = free / 2 }
                else if item.autoCrossStart { item.marginCrossStart = free }
                else { item.marginCrossEnd = free }
            }
            item.crossPosition = item.marginCrossStart
            return
        }
        var offset = 0.0
        switch item.align {
        case .flexEnd, .end, .selfEnd: offset = free
        case .center: offset = free / 2
        case .baseline, .lastBaseline: offset = line.maxAscent - (item.baseline + item.marginCrossStart)
        default: offset = 0
        }
        item.crossPosition = offset + item.marginCrossStart
    }

    private func storeMargins(_ item: Item, isRow: Bool, mainReversed: Bool, wrapReversed: Bool) {
        let child = item.box
        let (mainLow, mainHigh) = mainReversed ? (item.marginMainEnd, item.marginMainStart) : (item.marginMainStart, item.marginMainEnd)
        let (crossLow, crossHigh) = wrapReversed ? (item.marginCrossEnd, item.marginCrossStart) : (item.marginCrossStart, item.marginCrossEnd)
        if isRow {
            child.margin.left = mainLow; child.margin.right = mainHigh
            child.margin.top = crossLow; child.margin.bottom = crossHigh
        } else {
            child.margin.top = mainLow; child.margin.bottom = mainHigh
            child.margin.left = crossLow; child.margin.right = crossHigh
        }
    }

    // MARK: Resolving flexible lengths (§9.7)

    private func resolveFlexibleLengths(_ items: inout [Item], _ range: Range<Int>, available: Double, gap: Double) {
        guard !range.isEmpty else { return }
        let gaps = gap * Double(range.count - 1)
        let hypotheticalSum: Double = items[range].reduce(0.0) { $0 + $1.outerHypothetical } + gaps
        let growing = hypotheticalSum < available
        for index in range {
            let item = items[index]
            let factor = growing ? item.grow : item.shrink
            items[index].frozen = factor == 0 || (growing && item.base > item.hypothetical) || (!growing && item.base < item.hypothetical)
            items[index].target = item.hypothetical
        }
        func remainingFree() -> Double {
            let used: Double = items[range].reduce(0.0) { $0 + ($1.frozen ? $1.outerTarget : $1.outerBase) }
            return available - gaps - used
        }
        let initialFree = remainingFree()
        // Each round freezes at least one item, so this ends within count + 1 rounds.
        for _ in 0...range.count {
            let unfrozen = range.filter { !items[$0].frozen }
            if unfrozen.isEmpty { break }
            var free = remainingFree()
            let factorSum: Double = unfrozen.reduce(0.0) { $0 + items[$1].factor(growing) }
            if factorSum < 1 {
                let scaled = initialFree * factorSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            if growing {
                for index in unfrozen {
                    let share = factorSum > 0 ? free * items[index].grow / factorSum : 0
                    items[index].target = items[index].base + share
                }
            } else {
                let scaledSum: Double = unfrozen.reduce(0.0) { $0 + items[$1].shrink * items[$1].base }
                for index in unfrozen {
                    let ratio = scaledSum > 0 ? items[index].shrink * items[index].base / scaledSum : 0
                    items[index].target = items[index].base - abs(free) * ratio
                }
            }
            var violation = 0.0
            var clamped: [(Int, Double)] = []
            for index in unfrozen {
                let target = items[index].target.isFinite ? items[index].target : items[index].base
                let value = max(items[index].minMain, min(target, items[index].maxMain))
                violation += value - target
                clamped.append((index, value))
            }
            for (index, value) in clamped {
                let target = items[index].target.isFinite ? items[index].target : items[index].base
                let freeze = abs(violation) < 1e-9 || (violation > 0 && value > target) || (violation < 0 && value < target)
                items[index].target = value
                if freeze { items[index].frozen = true }
            }
        }
    }

    // MARK: Alignment

    /// The offset of the first item (or line) and the extra space between neighbours for a
    /// `justify-content` / `align-content` value (CSS Box Alignment §5.3, §6). `reversedFromStart`:
    /// `start`/`end` sit at the other end from `flex-start`/`flex-end` (a reversed direction).
    private func distribute(_ alignment: FlexStyle.Alignment, free: Double, count: Int,
                            reversedFromStart: Bool, reversedPhysically: Bool) -> (offset: Double, between: Double) {
        switch alignment {
        case .flexEnd: return (free, 0)
        case .start: return (reversedFromStart ? free : 0, 0)
        case .end: return (reversedFromStart ? 0 : free, 0)
        case .center: return (free / 2, 0)
        case .spaceBetween:
            guard free > 0, count > 1 else { return (0, 0) }
            return (0, free / Double(count - 1))
        case .spaceAround:
            guard free > 0 else { return (free / 2, 0) }
            return (free / Double(count) / 2, free / Double(count))
        case .spaceEvenly:
            guard free > 0 else { return (free / 2, 0) }
            return (free / Double(count + 1), free / Double(count + 1))
        default: return (0, 0)
        }
    }

    // MARK: Container sizes

    private func specifiedContentHeight(_ box: Box, verticalChrome: Double) -> Double? {
        guard case .px(let height) = box.style.height else { return nil }
        return box.style.borderBoxSizing ? max(0, height - verticalChrome) : height
    }

    /// The container's (or an item's) content height within its px min-height and max-height.
    private func contentHeightRange(_ box: Box, verticalChrome: Double) -> (min: Double, max: Double) {
        var range = (min: 0.0, max: Double.infinity)
        let adjust = box.style.borderBoxSizing ? verticalChrome : 0
        if case .px(let value) = box.style.minHeight { range.min = max(0, value - adjust) }
        if case .px(let value) = box.style.maxHeight { range.max = max(range.min, value - adjust) }
        return range
    }

    private func gap(_ length: Length?, against base: Double?) -> Double {
        guard let length else { return 0 }
        if case .percent = length, base == nil { return 0 }
        return max(0, length.resolve(base ?? 0) ?? 0)
    }

    private func clamp(_ value: Double, _ range: (min: Double, max: Double)) -> Double {
        max(range.min, min(value, range.max))
    }

    // MARK: Intrinsic widths

    /// Min- and max-content content-box widths of a flex container (WebKit's
    /// RenderFlexibleBox::computeIntrinsicLogicalWidths): a row adds its items' contributions
    /// (a wrapping row's min-content is its widest item's), a column takes the widest.
    func intrinsicWidths(_ box: Box) -> (min: Double, max: Double) {
        let intrinsic = IntrinsicSizes(engine: engine)
        let flex = box.style.flex
        var minimum = 0.0, maximum = 0.0
        for child in box.children {
            let widths = intrinsic.outerWidths(child)
            if flex.isRow {
                maximum += widths.max
                if flex.wrap == .nowrap { minimum += widths.min } else { minimum = max(minimum, widths.min) }
            } else {
                minimum = max(minimum, widths.min)
                maximum = max(maximum, widths.max)
            }
        }
        if flex.isRow, box.children.count > 1, case .px(let gap)? = box.style.columnGap {
            let gaps = gap * Double(box.children.count - 1)
            maximum += gaps
            if flex.wrap == .nowrap { minimum += gaps }
        }
        return (minimum, max(minimum, maximum))
    }
}

/// A count shared by one document's layout (one thread lays a document out). Unchecked: that
/// thread is the only one that sees it.
final class FlexWork: @unchecked Sendable {
    var itemLayouts = 0
}

extension Box {
    /// A flex container's first baseline (CSS Flexbox §8.5): its first item's, from the
    /// container's border-box top; nil without items.
    func flexBaseline() -> Double? {
        guard let first = children.first(where: { !$0.isOutOfFlow }) else { return nil }
        return first.y + (first.lastBaselineOfFirstLine() ?? first.height)
    }

    /// A column item's content height as its own layout found it, before a specified height.
    func naturalContentHeightForFlex(vertical: Double) -> Double? {
        guard kind != .image, kind != .table else { return nil }
        return naturalContentHeight
    }
}

extension Length {
    var isPercent: Bool { if case .percent = self { return true }; return false }
}

extension ComputedStyle {
    /// The style of a flex container's child: blockified, never floated (CSS Flexbox §4).
    var asFlexItem: ComputedStyle {
        var style = self
        style.display = style.display.blockified
        style.floating = .none
        return style
    }
}
