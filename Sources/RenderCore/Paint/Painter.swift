/// Walks the fragment tree and records backgrounds, borders, text and images in
/// painting order (simplified CSS 2.1 Appendix E: each box's background and border, then
/// its content, in tree order).
struct Painter {
    private(set) var list = DisplayList()
    /// Where background-image URLs resolve (nil: none are drawn).
    var images: ImageStore? = nil
    /// Background images that could not be drawn (remote, blocked, missing), as the display
    /// list position they would have been painted at and their area: on a phone with images
    /// on they would be there, so text over them has no known background.
    private(set) var missingBackgroundImages: [(position: Int, area: Rect)] = []
    /// The rows and row groups of the innermost table around the box being painted, outermost first.
    private(set) var rowsAndGroups: [Fragment] = []
    /// The tables around the box being painted, innermost last.
    private(set) var tables: [Fragment] = []
    /// The slice of a multi-column strip being painted (document coordinates, before it moves).
    private(set) var columnSlice: Rect?
    private(set) var columnSlicesLeft = 1_000
    /// Fixed and sticky boxes: their subtrees are recorded as scroll-anchored groups.
    var scrollAnchors: [ObjectIdentifier: ScrollAnchor] = [:]

    init(images: ImageStore? = nil) { self.images = images }

    /// The layers of the tree being painted (stacking contexts and positioned boxes).
    private var layers = LayerTree()
    /// Clips asked for but not drawn into yet: a clip is opened on the first item inside it,
    /// so the phases that paint nothing inside a box leave no empty clip behind.
    private var pendingClips: [ContentClip] = []
    /// The clips opened in the list, innermost last (their pops carry the same bounds).
    private var openClips: [Rect] = []

    /// The phases a unit's content is painted in (CSS 2.1 Appendix E, steps 4 to 7 and 10).
    enum Phase { case blockBackgrounds, floats, foreground, outlines }

    /// Paints the laid-out tree from its root's stacking context.
    mutating func paint(_ root: Fragment) {
        layers = LayerTree(root: root)
        paintLayer(0)
    }

    /// A layer from its stacking context's list: under the clips of the boxes between them
    /// whose content it belongs to, as a unit, then (a stacking context) the layers it stacks.
    private mutating func paintLayer(_ index: Int) {
        let layer = layers.layers[index]
        for clip in layer.clips { pushClip(clip) }
        let (outerRows, outerTables) = (rowsAndGroups, tables)
        (rowsAndGroups, tables) = (layer.rowsAndGroups, layer.tables)
        // A fixed or sticky box moves per frame: its unit is one scroll-anchored group,
        // inside the clips around it (emitting the push opens them first).
        let anchor = scrollAnchors.isEmpty ? nil : scrollAnchors[ObjectIdentifier(layer.box)]
        if let anchor { emit(.pushScrollAnchor(anchor), bounds: Self.frame(of: layer.box)) }
        if let inline = layer.inline { paintInlineLayer(inline, in: layer.box) } else { paintUnit(layer.box, layer: layer) }
        if anchor != nil { list.append(.popScrollAnchor, bounds: Self.frame(of: layer.box)) }
        (rowsAndGroups, tables) = (outerRows, outerTables)
        for _ in layer.clips { popClip() }
    }

    /// The border box of `box` as painted (a table's without its captions).
    private static func frame(of box: Fragment) -> Rect {
        box.kind == .table ? withoutCaptions(box, box.frame) : box.frame
    }

    /// In a column slice, boxes wholly above or below it show in another column.
    private func outsideSlice(_ box: Fragment) -> Bool {
        guard let slice = columnSlice else { return false }
        return box.frame.y > slice.maxY || box.frame.maxY < slice.y
    }

    /// A box painted atomically (a layer, a float, an inline block): its background and
    /// borders, the negative layers it stacks, its content phase by phase, its outline, then
    /// the other layers it stacks; inside its group effects.
    private mutating func paintUnit(_ box: Fragment, layer: PaintLayer?) {
        if outsideSlice(box) { return }
        let frame = Self.frame(of: box)
        let style = box.style
        let isRowOrGroup = box.kind == .row || box.kind == .rowGroup
        let effects = isRowOrGroup ? nil
            : GroupEffects(style: style, frame: frame, border: box.border, padding: box.padding, mask: maskLayers(style, boxes: Self.backgroundBoxes(of: box, frame: frame)))
        let clipRect = layer == nil ? nil : ContentClip.clipProperty(of: box, frame: frame)
        if let clipRect { pushClip(clipRect) }
        // The backdrop is filtered before the element paints over it (Filter Effects 2 §3).
        if !style.backdropFilters.isEmpty && !style.visibilityHidden {
            emit(.backdropFilter(frame, CornerRadii(style.borderRadius, box: frame), style.backdropFilters.map(\.bounded)), bounds: frame)
        }
        if let effects { emit(.pushGroup(effects), bounds: frame) }
        paintDecorations(box, frame: frame)
        if let layer, layer.isStackingContext { for index in layer.negative { paintLayer(index) } }
        for phase in [Phase.blockBackgrounds, .floats, .foreground, .outlines] { paintContent(of: box, frame: frame, phase) }
        // Over the content, outside the element's own clip, inside its effects.
        if !style.visibilityHidden && !isRowOrGroup { paintOutline(style, around: frame, radii: CornerRadii(style.borderRadius, box: frame)) }
        if let layer, layer.isStackingContext { for index in layer.positive { paintLayer(index) } }
        if effects != nil { emit(.popGroup, bounds: frame) }
        if clipRect != nil { popClip() }
    }

    /// One phase of what `box` holds, inside its content clip: the in-flow block-level boxes'
    /// backgrounds and borders (step 4); the floats, each as a unit (5); the replaced content,
    /// lines and inline blocks (7); the outlines (10). Layers are left to their lists.
    private mutating func paintContent(of box: Fragment, frame: Rect, _ phase: Phase) {
        let clip = ContentClip.content(of: box, frame: frame)
        if let clip { pushClip(clip) }
        defer { if clip != nil { popClip() } }
        if phase == .foreground {
            if let replaced = box.replaced, box.control == nil, !box.style.visibilityHidden { paintReplaced(box, replaced) }
            if let control = box.control.map({ _ in ControlPainting(box: box, frame: frame) }) {
                for entry in control.foreground() { emit(entry.item, bounds: entry.bounds) }
            }
        }
        // The first frame of a scrolling marquee: its content has not come in yet.
        if case .marquee(contentHidden: true)? = box.control?.kind { return }
        let isRowOrGroup = box.kind == .row || box.kind == .rowGroup
        if isRowOrGroup { rowsAndGroups.append(box) }
        // A table inside a cell starts its own rows: the outer rows are not behind its cells.
        let outerRows = rowsAndGroups
        if box.kind == .table { tables.append(box); rowsAndGroups = [] }
        for child in box.children where !outsideSlice(child) {
            if let columns = child.columnSet {
                if phase == .foreground { paintColumns(child, columns) }
                continue
            }
            if layers.layer(of: child) != nil { continue }
            if child.isFloat {
                if phase == .floats { paintUnit(child, layer: nil) }
                continue
            }
            let childFrame = Self.frame(of: child)
            if phase == .blockBackgrounds { paintDecorations(child, frame: childFrame) }
            paintContent(of: child, frame: childFrame, phase)
            if phase == .outlines && !child.style.visibilityHidden && !(child.kind == .row || child.kind == .rowGroup) {
                paintOutline(child.style, around: childFrame, radii: CornerRadii(child.style.borderRadius, box: childFrame))
            }
        }
        // Collapsed borders over the cells' backgrounds, under their content (WebKit paints them
        // with the table's block backgrounds).
        if box.table?.collapsesBorders == true, phase == .blockBackgrounds, !box.style.visibilityHidden {
            for segment in CollapsedBorderPainting.segments(box) {
                emit(CollapsedBorderPainting.item(segment), bounds: segment.rect)
            }
        }
        if box.kind == .table { tables.removeLast(); rowsAndGroups = outerRows }
        if isRowOrGroup { rowsAndGroups.removeLast() }
        guard phase == .foreground || phase == .outlines else { return }
        let originX = box.frame.x + box.contentX, originY = box.frame.y + box.contentY
        for line in box.linesWithMarker {
            if let slice = columnSlice, originY + line.y > slice.maxY || originY + line.y + line.height < slice.y { continue }
            if phase == .outlines { paintLineOutlines(line, originX: originX, originY: originY, layer: nil); continue }
            paintLine(line, originX: originX, originY: originY, layer: nil)
            paintAtomics(of: line, layer: nil)
        }
    }

    /// Whether a piece of a line owned by `owner` paints in `layer` (nil: with the line itself).
    private func paints(_ owner: ObjectIdentifier?, in layer: ObjectIdentifier?) -> Bool {
        guard let layer else { return !layers.hasInlineLayer(owner) }
        return owner == layer
    }

    /// A relatively positioned inline element as a layer: its pieces on the lines of its
    /// container (backgrounds and borders, text, decorations, atomic inlines), then their outlines.
    private mutating func paintInlineLayer(_ inline: InlineBox, in container: Fragment) {
        let id = ObjectIdentifier(inline)
        let originX = container.frame.x + container.contentX, originY = container.frame.y + container.contentY
        let lines = container.linesWithMarker
        for outlines in [false, true] {
            for line in lines {
                if let slice = columnSlice, originY + line.y > slice.maxY || originY + line.y + line.height < slice.y { continue }
                if outlines { paintLineOutlines(line, originX: originX, originY: originY, layer: id); continue }
                paintLine(line, originX: originX, originY: originY, layer: id)
                paintAtomics(of: line, layer: id)
            }
        }
    }

    /// A line's inline blocks and images, each as a unit (those that are layers paint from their lists).
    private mutating func paintAtomics(of line: FragmentLine, layer: ObjectIdentifier?) {
        for atomic in line.atomics where layers.layer(of: atomic.box) == nil
            && paints(line.atomicLayerOwners[ObjectIdentifier(atomic.box)], in: layer) {
            paintUnit(atomic.box, layer: nil)
        }
    }

    /// The border, padding and content boxes that background and mask layers are placed in.
    private static func backgroundBoxes(of box: Fragment, frame: Rect) -> BackgroundBoxes {
        let content = Rect(x: frame.x + box.contentX, y: box.frame.y + box.contentY, width: box.contentWidth, height: box.contentHeight)
        return BackgroundBoxes(border: frame, padding: frame.inset(by: box.border), content: content)
    }

    /// A box's own background and borders (step 2 for a unit, 4 for a block in the flow): box
    /// shadows, the backgrounds of the columns and rows behind a cell, its backgrounds, its
    /// border or border image.
    private mutating func paintDecorations(_ box: Fragment, frame borderBox: Rect) {
        // A fieldset's border and background run through the middle of a tall legend.
        let inset = box.legendGap?.borderInset ?? 0
        let frame = Rect(x: borderBox.x, y: borderBox.y + inset, width: borderBox.width, height: max(0, borderBox.height - inset))
        let style = box.style
        let radii = CornerRadii(style.borderRadius, box: frame)
        let controlPainting = box.control.map { _ in ControlPainting(box: box, frame: frame) }
        let themed = controlPainting?.replacesCSSBackground ?? false
        // WebKit's RenderTableCell: an empty cell hides what is behind it and its own decorations.
        if box.cell != nil, style.hidesEmptyCells, !box.bordersCollapse, box.children.isEmpty, box.lines.isEmpty { return }
        if let cell = box.cell {
            // Column groups, columns, row groups, rows: the backgrounds behind a cell, in
            // WebKit's order.
            if let column = tables.last?.table?.columns.column(at: cell.gridColumn) {
                for style in [column.group, column.column].compactMap({ $0 }) where !style.visibilityHidden {
                    paintBackground(style, under: frame)
                }
            }
            for part in rowsAndGroups where !part.style.visibilityHidden {
                paintBackground(part.style, under: frame, area: part.frame)
            }
        }
        // Rows and row groups show their backgrounds only under their cells, as WebKit paints
        // them (not in the border spacing).
        guard !style.visibilityHidden, box.kind != .row, box.kind != .rowGroup else { return }
        // The first shadow is on top: painted last.
        for shadow in style.boxShadows.reversed() where shadow.color.a > 0 && !shadow.inset {
            let shape = BoxShadowShape(shadow, borderBox: frame, radii: radii, border: box.border,
                                       opaqueBackground: style.backgroundColor.a >= 1)
            emit(.boxShadow(shape), bounds: shape.bounds)
        }
        for entry in controlPainting?.background() ?? [] { emit(entry.item, bounds: entry.bounds) }
        let boxes = Self.backgroundBoxes(of: box, frame: frame)
        let ownsCanvasBackground = box.node != nil && box.node == canvasBackgroundOwner
        if ownsCanvasBackground || themed {
            var own = style
            if ownsCanvasBackground { own.background.images = [nil]; own.backgroundColor = .transparent }  // the canvas's (CSS 2.1 §14.2)
            if themed { own.backgroundColor = .transparent }  // the control's own look replaces it
            paintBackgrounds(own, boxes: boxes, radii: radii, box: box)
        } else {
            paintBackgrounds(style, boxes: boxes, radii: radii, box: box)
        }
        // Inset shadows lie over the background, under the border.
        for shadow in style.boxShadows.reversed() where shadow.color.a > 0 && shadow.inset {
            let shape = BoxShadowShape(shadow, borderBox: frame, radii: radii, border: box.border)
            emit(.boxShadow(shape), bounds: shape.bounds)
        }
        let border = box.border
        // A themed control draws its own border.
        if !themed, let placement = borderImage(style, frame: frame, border: border) {
            emit(.borderImage(placement), bounds: placement.area)
        } else if !themed, !box.bordersCollapse, border.top + border.right + border.bottom + border.left > 0 {
            let current = style.color
            let colors = Edges(top: style.borderColor.top ?? current, right: style.borderColor.right ?? current,
                               bottom: style.borderColor.bottom ?? current, left: style.borderColor.left ?? current)
            let item: DisplayList.Item = radii.isZero ? .border(frame, widths: border, colors: colors, styles: style.borderStyle)
                : .roundedBorder(frame, radii, widths: border, colors: colors, styles: style.borderStyle)
            guard let legend = box.legendGap?.legend else { return emit(item, bounds: frame) }
            // The top border leaves a gap where the legend is: drawn left of it, right of it,
            // and below the top border across it.
            let gapLeft = borderBox.x + legend.x, gapRight = gapLeft + legend.width
            let pieces = [Rect(x: frame.x, y: frame.y, width: gapLeft - frame.x, height: frame.height),
                          Rect(x: gapRight, y: frame.y, width: frame.maxX - gapRight, height: frame.height),
                          Rect(x: gapLeft, y: frame.y + border.top, width: legend.width, height: frame.height - border.top)]
            for piece in pieces where piece.width > 0 && piece.height > 0 {
                emit(.pushClip(piece), bounds: piece)
                emit(item, bounds: piece)
                emit(.popClip, bounds: piece)
            }
        }
    }

    /// An image element's picture, placeholder or broken-image look, in its content box.
    private mutating func paintReplaced(_ box: Fragment, _ replaced: Fragment.ReplacedContent) {
        let content = box.contentBox
        if let image = replaced.image {
            paintImage(image, content: content, style: box.style)
        } else if let colour = replaced.placeholderColor {
            emit(.unloadedImage(content, colour), bounds: content)
        } else if let broken = replaced.brokenImage, !broken.collapsed {
            paintBrokenImage(broken, content: content)
        }
    }

    /// Appends an item, opening the clips waiting for one first.
    private mutating func emit(_ item: DisplayList.Item, bounds: Rect) {
        if !pendingClips.isEmpty {
            for clip in pendingClips {
                list.append(clip.pushItem, bounds: clip.bounds)
                openClips.append(clip.bounds)
            }
            pendingClips = []
        }
        list.append(item, bounds: bounds)
    }

    private mutating func pushClip(_ clip: ContentClip) { pendingClips.append(clip) }

    /// Closes the innermost clip (a clip nothing was drawn in is dropped instead).
    private mutating func popClip() {
        if pendingClips.popLast() == nil, let bounds = openClips.popLast() { list.append(.popClip, bounds: bounds) }
    }

    /// A multi-column strip shown as its columns, each slice moved into place; the column
    /// rules under the content, as WebKit paints them.
    private mutating func paintColumns(_ strip: Fragment, _ columns: ColumnSet) {
        // Nested column sets multiply their slices: past a budget, strips paint once, unsplit.
        guard columnSlicesLeft >= columns.count else { return paintStrip(strip) }
        columnSlicesLeft -= columns.count
        for rule in columns.rules(stripX: strip.frame.x, stripY: strip.frame.y) {
            let styles = Edges(top: BorderStyle.none, right: .none, bottom: .none, left: columns.ruleStyle)
            emit(.border(rule.rect, widths: rule.widths, colors: Edges(columns.ruleColor), styles: styles), bounds: rule.rect)
        }
        for index in 0..<columns.count {
            let slice = columns.slice(index, stripX: strip.frame.x, stripY: strip.frame.y)
            let (dx, dy) = columns.offset(of: index)
            var move = GroupEffects()
            move.transform = AffineTransform(e: dx, f: dy)
            let shown = slice.offsetBy(dx: dx, dy: dy)
            emit(.pushGroup(move), bounds: shown)
            emit(.pushClip(slice), bounds: slice)
            let outer = columnSlice
            columnSlice = slice
            paintStrip(strip)
            columnSlice = outer
            emit(.popClip, bounds: slice)
            emit(.popGroup, bounds: shown)
        }
    }

    /// A multi-column strip as the stacking context of the layers in it.
    private mutating func paintStrip(_ strip: Fragment) {
        if let index = layers.layer(of: strip) { paintLayer(index) } else { paintUnit(strip, layer: nil) }
    }

    /// The outline around `frame` (a border box, or an inline element's piece of a line), grown
    /// by its offset, with the corners of a rounded box grown alike (WebKit draws it with the
    /// border painter, so every border style works).
    private mutating func paintOutline(_ style: ComputedStyle, around frame: Rect, radii: CornerRadii) {
        let outline = style.outline
        let width = outline.usedWidth
        guard width > 0 else { return }
        let grow = outline.offset + width
        let rect = frame.insetBy(-grow)
        guard rect.width > 0, rect.height > 0 else { return }
        let color = outline.isAuto ? Outline.focusRing.color : outline.color ?? style.color
        var outer = outline.isAuto ? CornerRadii(topLeft: Outline.focusRing.radius, topRight: Outline.focusRing.radius, bottomRight: Outline.focusRing.radius, bottomLeft: Outline.focusRing.radius) : radii.outset(by: grow)
        outer.scaleToFit(rect)
        let widths = Edges(width), colors = Edges(color), styles = Edges(outline.style)
        emit(outer.isZero ? .border(rect, widths: widths, colors: colors, styles: styles)
                                 : .roundedBorder(rect, outer, widths: widths, colors: colors, styles: styles), bounds: rect)
    }

    /// The mask layers drawn as background layers are, by the same routine (their alpha, added
    /// layer over layer, is the mask: `mask-composite: add`). An image that does not load is a
    /// transparent layer (CSS Masking §6.1), adding nothing to the others; a mask whose every
    /// layer failed hides the element when images are blocked, and masks nothing with
    /// placeholders (the phone, images on, shows the element).
    private func maskLayers(_ style: ComputedStyle, boxes: BackgroundBoxes) -> [DisplayList.Item] {
        guard style.mask.hasImage else { return [] }
        var layer = Painter()
        layer.images = images
        var maskStyle = ComputedStyle()
        maskStyle.background = style.mask
        layer.paintBackgrounds(maskStyle, boxes: boxes, radii: .zero)
        let items = layer.list.entries.map(\.item)
        if !layer.missingBackgroundImages.isEmpty, items.isEmpty {
            return images?.options.failed == .blocked ? [.fill(.zero, .transparent)] : []
        }
        return items
    }

    /// The `border-image` that replaces the border's styles, if its source can be drawn (one
    /// that cannot leaves the styles, as browsers do).
    private func borderImage(_ style: ComputedStyle, frame: Rect, border: Edges<Double>) -> BorderImagePlacement? {
        guard let value = style.borderImage.source else { return nil }
        let source: BorderImagePlacement.Source
        switch value {
        case .url(let url):
            guard let decoded = images?.image(for: url) else { return nil }
            source = .image(decoded)
        default:
            source = .generated(value)
        }
        return BorderImagePlacement(style.borderImage, source: source, frame: frame, border: border)
    }

    /// An image placed in its content box by `object-fit` and `object-position`, clipped to
    /// the box where it reaches past it.
    private mutating func paintImage(_ image: DecodedImage, content: Rect, style: ComputedStyle) {
        let placed = ObjectPlacement.rect(for: (image.intrinsicWidth, image.intrinsicHeight, image.intrinsicRatio),
                                          in: content, fit: style.objectFit, position: style.objectPosition)
        guard let visible = placed.intersection(content) else { return }
        let overflows = visible != placed
        if overflows { emit(.pushClip(content), bounds: content) }
        emit(.image(image, placed), bounds: visible)
        if overflows { emit(.popClip, bounds: content) }
    }

    /// RenderImage::paintReplaced for a failed image: the hairline inside the content box,
    /// then the icon and the alt text where `BrokenImage.placeContents` found room for them.
    private mutating func paintBrokenImage(_ broken: BrokenImage.Content, content: Rect) {
        guard content.width > 2, content.height > 2 else { return }
        emit(.missingImageOutline(content), bounds: content)
        if let icon = broken.icon?.offsetBy(dx: content.x, dy: content.y) {
            emit(.brokenImageIcon(icon), bounds: icon)
        }
        if let line = broken.textLine { paintLine(line, originX: content.x, originY: content.y, layer: nil) }
    }

    private static func withoutCaptions(_ table: Fragment, _ frame: Rect) -> Rect {
        var top = frame.y, bottom = frame.maxY
        for caption in table.captions {
            let outerTop = caption.frame.y - caption.margin.top
            let outerBottom = caption.frame.maxY + caption.margin.bottom
            if caption.style.captionAtBottom { bottom = min(bottom, outerTop) } else { top = max(top, outerBottom) }
        }
        return Rect(x: frame.x, y: top, width: frame.width, height: max(0, bottom - top))
    }

    /// A column's, row's or group's background colour and image over a cell's border box.
    /// A column's, row's or group's background colour and image over a cell's border box. A
    /// row's or row group's image is placed in its own box (`area`), seen through the cell.
    private mutating func paintBackground(_ style: ComputedStyle, under cell: Rect, area: Rect? = nil) {
        guard let area, area != cell else {
            return paintBackgrounds(style, boxes: BackgroundBoxes(border: cell, padding: cell, content: cell), radii: .zero)
        }
        emit(.pushClip(cell), bounds: cell)
        paintBackgrounds(style, boxes: BackgroundBoxes(border: area, padding: area, content: area), radii: .zero)
        emit(.popClip, bounds: cell)
    }

    /// An inline element's background and borders on one line; the start and end sides only
    /// where the element opens and closes.
    private mutating func paintInlineFragment(_ fragment: InlineFragment, originX: Double, originY: Double) {
        let style = fragment.box.style
        guard !style.visibilityHidden else { return }
        let frame = fragment.borderBox.offsetBy(dx: originX, dy: originY)
        let radii = CornerRadii(style.borderRadius, box: frame)
        var widths = style.usedBorder
        if !fragment.isFirst { widths.left = 0 }
        if !fragment.isLast { widths.right = 0 }
        // Each line's piece takes the background on its own (a highlight gradient, a colour).
        let padding = frame.inset(by: widths)
        paintBackgrounds(style, boxes: BackgroundBoxes(border: frame, padding: padding, content: padding),
                         radii: radii)
        if widths.top + widths.right + widths.bottom + widths.left > 0 {
            let current = style.color
            let colors = Edges(top: style.borderColor.top ?? current, right: style.borderColor.right ?? current,
                               bottom: style.borderColor.bottom ?? current, left: style.borderColor.left ?? current)
            emit(radii.isZero ? .border(frame, widths: widths, colors: colors, styles: style.borderStyle)
                                     : .roundedBorder(frame, radii, widths: widths, colors: colors, styles: style.borderStyle), bounds: frame)
        }
    }

    /// The background colour, then the layers from the bottom one up, each clipped to its
    /// `background-clip` box with the corners rounded (CSS Backgrounds 3). Blend modes blend
    /// within the background only: it is drawn as an isolated group then.
    /// The element whose background images cover the whole canvas (its box does not draw them).
    private(set) var canvasBackgroundOwner: DOMDocument.NodeID?

    /// The root's background images, or the body's when the root has no background, over the
    /// whole `canvas`, placed against the root's box (CSS Backgrounds 3 §2.11.2: WebKit tiles
    /// `<body background>` across the whole page). The colour is the canvas colour already.
    mutating func paintCanvasBackground(root: Fragment, canvas: Rect) {
        let rootHasBackground = root.style.background.hasImage || root.style.backgroundColor.a > 0
        guard let source = rootHasBackground ? root : root.children.first(where: \.isBody) else { return }
        // Its colour is the canvas colour already: the box itself paints neither.
        canvasBackgroundOwner = source.node
        guard source.style.background.hasImage, !source.style.visibilityHidden else { return }
        // A root shorter than the viewport places them as if it filled it (as WebKit does).
        let frame = Rect(x: root.frame.x, y: root.frame.y, width: max(root.width, canvas.width), height: max(root.height, canvas.height))
        let content = Rect(x: frame.x + root.contentX, y: frame.y + root.contentY, width: root.contentWidth, height: root.contentHeight)
        var style = source.style
        style.backgroundColor = .transparent
        paintBackgrounds(style, boxes: BackgroundBoxes(border: frame, padding: frame.inset(by: root.border), content: content),
                         radii: .zero, canvas: canvas)
    }

    private mutating func paintBackgrounds(_ style: ComputedStyle, boxes: BackgroundBoxes, radii: CornerRadii, box: Fragment? = nil,
                                           canvas: Rect? = nil) {
        let layers = style.background.hasImage ? style.background.layers : []
        let blends = layers.contains { $0.image != nil && $0.blendMode != .normal }
        if blends { emit(.pushGroup(opacity: 1), bounds: boxes.border) }
        defer { if blends { emit(.popGroup, bounds: boxes.border) } }
        // `background-clip: text` paints through the element's glyphs (WebKit's -webkit- form too).
        let textClip = style.background.clips.contains(.text) ? box.map(Self.glyphRuns(in:)) ?? [] : nil
        if style.backgroundColor.a > 0 {
            let (rect, corners) = clipShape(style.background.colorClip, boxes: boxes, radii: radii)
            if style.background.colorClip == .text {
                let paint = BackgroundLayerPaint(content: .color(style.backgroundColor), clip: boxes.border, tile: boxes.border,
                                                 periodX: nil, periodY: nil, textClip: textClip)
                emit(.backgroundLayer(paint), bounds: boxes.border)
            } else if rect.width > 0, rect.height > 0 {
                emit(corners.isZero ? .fill(rect, style.backgroundColor) : .roundedFill(rect, corners, style.backgroundColor), bounds: rect)
            }
        }
        for layer in layers.reversed() {
            guard let image = layer.image else { continue }
            let (clip, corners) = canvas.map { ($0, radii) }
                ?? (layer.clip == .text ? (boxes.border, radii) : clipShape(layer.clip, boxes: boxes, radii: radii))
            guard clip.width > 0, clip.height > 0 else { continue }
            let content: BackgroundLayerPaint.Content
            var intrinsic: (width: Double, height: Double)?
            switch image {
            case .gradient(let gradient):
                content = .gradient(gradient)
            case .url(let source):
                guard let decoded = images?.image(for: source) else {
                    missingBackgroundImages.append((list.entries.count, clip))
                    continue
                }
                content = .image(decoded)
                // An SVG without a size of its own takes the positioning area's (CSS Images §5.3).
                let area = boxes.rect(layer.origin)
                intrinsic = decoded.concreteSize(defaultSize: (area.width, area.height))
            }
            guard let placed = BackgroundPlacement.place(layer, intrinsic: intrinsic, boxes: boxes) else { continue }
            let paint = BackgroundLayerPaint(content: content, clip: clip, tile: placed.tile, periodX: placed.periodX,
                                             periodY: placed.periodY, blendMode: layer.blendMode,
                                             textClip: layer.clip == .text ? textClip : nil)
            guard let area = paint.paintedArea else { continue }
            if !corners.isZero { emit(.pushRoundedClip(clip, corners), bounds: clip) }
            emit(.backgroundLayer(paint), bounds: area)
            if !corners.isZero { emit(.popClip, bounds: clip) }
        }
    }

    /// The glyph runs a box and its descendants paint, where they paint them (at most
    /// `maximumTextClipRuns`: a bound on one clip's work).
    static func glyphRuns(in box: Fragment) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        func collect(_ box: Fragment) {
            guard runs.count < maximumTextClipRuns else { return }
            let originX = box.frame.x + box.contentX, originY = box.frame.y + box.contentY
            for line in box.lines {
                runs += line.glyphRuns.map { $0.offsetBy(dx: originX, dy: originY) }
                for atomic in line.atomics { collect(atomic.box) }
            }
            for child in box.children { collect(child) }
        }
        collect(box)
        return Array(runs.prefix(maximumTextClipRuns))
    }

    static let maximumTextClipRuns = 4096

    /// The rect and corner radii of a `background-clip` box: the border box's radii, reduced
    /// by the borders (and padding) inside it.
    private func clipShape(_ box: BackgroundBox, boxes: BackgroundBoxes, radii: CornerRadii) -> (Rect, CornerRadii) {
        let rect = boxes.rect(box)
        guard !radii.isZero, box != .borderBox else { return (rect, radii) }
        let inset = Edges(top: rect.y - boxes.border.y, right: boxes.border.maxX - rect.maxX,
                          bottom: boxes.border.maxY - rect.maxY, left: rect.x - boxes.border.x)
        return (rect, radii.inset(by: inset))
    }

    private mutating func paintLine<Atomic>(_ line: Line<Atomic>, originX: Double, originY: Double, layer: ObjectIdentifier?) {
        for fragment in line.inlineFragments where paints(fragment.layerOwner, in: layer) {
            paintInlineFragment(fragment, originX: originX, originY: originY)
        }
        for run in line.glyphRuns where paints(run.layerOwner, in: layer) {
            let placed = run.offsetBy(dx: originX, dy: originY)
            if let ink = placed.inkBounds {
                // The last shadow is painted first, so the first one ends up on top.
                for shadow in placed.shadows.reversed() where shadow.color.a > 0 {
                    let reach = ink.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(-1.5 * shadow.blur - 1)
                    emit(.textShadow(placed, shadow), bounds: reach)
                }
            }
            emit(.glyphs(placed), bounds: placed.bounds)
        }
        for decoration in line.decorations where paints(decoration.layerOwner, in: layer) {
            let rect = Rect(x: originX + decoration.x, y: originY + decoration.y - decoration.thickness / 2,
                            width: decoration.width, height: decoration.thickness)
            // Not a `.fill`: fills are backgrounds, snapped to device pixels; lines are placed as they are.
            let styled = DecorationDrawing(line: rect, style: decoration.style,
                                           baseline: originY + decoration.y - decoration.belowBaseline,
                                           inkCrossings: decoration.inkCrossings)
            emit(.textDecoration(styled, decoration.color), bounds: styled.bounds)
        }
    }

    /// WebKit outlines each line's piece of an inline element on its own, in the outline phase.
    private mutating func paintLineOutlines(_ line: FragmentLine, originX: Double, originY: Double, layer: ObjectIdentifier?) {
        for fragment in line.inlineFragments where fragment.box.style.outline.usedWidth > 0 && !fragment.box.style.visibilityHidden
            && paints(fragment.layerOwner, in: layer) {
            let frame = fragment.borderBox.offsetBy(dx: originX, dy: originY)
            paintOutline(fragment.box.style, around: frame, radii: CornerRadii(fragment.box.style.borderRadius, box: frame))
        }
    }
}
