/// Walks the laid-out box tree and records backgrounds, borders, text and images in
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
    private(set) var rowsAndGroups: [Box] = []
    /// The tables around the box being painted, innermost last.
    private(set) var tables: [Box] = []
    /// The slice of a multi-column strip being painted (document coordinates, before it moves).
    private(set) var columnSlice: Rect?
    private(set) var columnSlicesLeft = 1_000
    /// Fixed and sticky boxes: their subtrees are recorded as scroll-anchored groups.
    var scrollAnchors: [ObjectIdentifier: ScrollAnchor] = [:]

    mutating func paint(_ box: Box) {
        // In a column slice, boxes wholly above or below it show in another column.
        if let slice = columnSlice, box.absoluteY > slice.maxY || box.absoluteY + box.height < slice.y { return }
        var frame = Rect(x: box.absoluteX, y: box.absoluteY, width: box.width, height: box.height)
        // A table's box holds its captions; its background and borders are drawn around the rest.
        if box.kind == .table { frame = Self.withoutCaptions(box, frame) }
        let anchor = scrollAnchors.isEmpty ? nil : scrollAnchors[ObjectIdentifier(box)]
        if let anchor { list.append(.pushScrollAnchor(anchor), bounds: frame) }
        defer { if anchor != nil { list.append(.popScrollAnchor, bounds: frame) } }
        let style = box.style
        let radii = CornerRadii(style.borderRadius, box: frame)
        let content = Rect(x: frame.x + box.contentX, y: frame.y + box.contentY, width: box.contentWidth, height: box.contentHeight)
        let controlPainting = box.control.map { _ in ControlPainting(box: box, frame: frame) }
        let themed = controlPainting?.replacesCSSBackground ?? false
        // Rows and row groups show their backgrounds only under their cells, as WebKit paints
        // them (not in the border spacing), and make no group of their own.
        let isRowOrGroup = box.kind == .row || box.kind == .rowGroup
        let effects = isRowOrGroup ? nil
            : GroupEffects(style: style, frame: frame, border: box.border, padding: box.padding, mask: maskLayers(style, frame: frame))
        // The backdrop is filtered before the element paints over it (Filter Effects 2 §3).
        if !style.backdropFilters.isEmpty && !style.visibilityHidden {
            list.append(.backdropFilter(frame, radii, style.backdropFilters.map(\.bounded)), bounds: frame)
        }
        if let effects { list.append(.pushGroup(effects), bounds: frame) }
        if box.kind == .cell {
            // Column groups, columns, row groups, rows: the backgrounds behind a cell, in
            // WebKit's order.
            if let table = tables.last, let column = table.tableColumn(at: box.gridColumn) {
                for style in [column.group, column.column].compactMap({ $0 }) where !style.visibilityHidden {
                    paintBackground(style, under: frame)
                }
            }
            for part in rowsAndGroups where !part.style.visibilityHidden { paintBackground(part.style, under: frame) }
        }
        if !style.visibilityHidden && !isRowOrGroup {
            // The first shadow is on top: painted last.
            for shadow in style.boxShadows.reversed() where shadow.color.a > 0 && !shadow.inset {
                let shape = BoxShadowShape(shadow, borderBox: frame, radii: radii, border: box.border,
                                           opaqueBackground: style.backgroundColor.a >= 1)
                list.append(.boxShadow(shape), bounds: shape.bounds)
            }
            for entry in controlPainting?.background() ?? [] { list.append(entry.item, bounds: entry.bounds) }
            let boxes = BackgroundBoxes(border: frame, padding: frame.inset(by: box.border), content: content)
            let ownsCanvasBackground = box.node != nil && box.node == canvasBackgroundOwner
            if ownsCanvasBackground || themed {
                var own = style
                if ownsCanvasBackground { own.background.images = [nil] }  // drawn over the canvas
                if themed { own.backgroundColor = .transparent }  // the control's own look replaces it
                paintBackgrounds(own, boxes: boxes, radii: radii, box: box)
            } else {
                paintBackgrounds(style, boxes: boxes, radii: radii, box: box)
            }
            // Inset shadows lie over the background, under the border.
            for shadow in style.boxShadows.reversed() where shadow.color.a > 0 && shadow.inset {
                let shape = BoxShadowShape(shadow, borderBox: frame, radii: radii, border: box.border)
                list.append(.boxShadow(shape), bounds: shape.bounds)
            }
            let border = box.border
            // A themed control draws its own border.
            if !themed, let placement = borderImage(style, frame: frame, border: border) {
                list.append(.borderImage(placement), bounds: placement.area)
            } else if !themed, border.top + border.right + border.bottom + border.left > 0 {
                let current = style.color
                let colors = Edges(top: style.borderColor.top ?? current, right: style.borderColor.right ?? current,
                                   bottom: style.borderColor.bottom ?? current, left: style.borderColor.left ?? current)
                if radii.isZero {
                    list.append(.border(frame, widths: border, colors: colors, styles: style.borderStyle), bounds: frame)
                } else {
                    list.append(.roundedBorder(frame, radii, widths: border, colors: colors, styles: style.borderStyle), bounds: frame)
                }
            }
        }
        // Text-bearing controls clip their content (WebKit's control clip).
        let clips = (style.overflowHidden && box.kind != .image) || (box.kind == .image && !radii.isZero)
            || (box.control != nil && box.kind != .image)
        if clips {
            let padding = frame.inset(by: box.border)
            list.append(radii.isZero ? .pushClip(padding) : .pushRoundedClip(padding, radii.inset(by: box.border)), bounds: frame)
        }
        if box.kind == .image && box.control == nil && !style.visibilityHidden {
            if let image = box.image {
                paintImage(image, content: content, style: style)
            } else if let colour = box.placeholderColor {
                list.append(.unloadedImage(content, colour), bounds: content)
            } else if let broken = box.brokenImage, !broken.collapsed {
                paintBrokenImage(broken, content: content)
            }
        }
        for entry in controlPainting?.foreground() ?? [] { list.append(entry.item, bounds: entry.bounds) }
        if case .marquee(contentHidden: true)? = box.control?.kind {
            // The first frame of a scrolling marquee: its content has not come in yet.
            if clips { list.append(.popClip, bounds: frame) }
            if effects != nil { list.append(.popGroup, bounds: frame) }
            return
        }
        if isRowOrGroup { rowsAndGroups.append(box) }
        // A table inside a cell starts its own rows: the outer rows are not behind its cells.
        let outerRows = rowsAndGroups
        if box.kind == .table { tables.append(box); rowsAndGroups = [] }
        for child in box.children {
            if let columns = child.columnSet { paintColumns(child, columns) } else { paint(child) }
        }
        if box.kind == .table { tables.removeLast(); rowsAndGroups = outerRows }
        if isRowOrGroup { rowsAndGroups.removeLast() }
        let originX = box.absoluteX + box.contentX, originY = box.absoluteY + box.contentY
        if let marker = box.markerLine {
            paintLine(marker, originX: originX, originY: originY)
            for atomic in marker.atomics { paint(atomic.box) }
        }
        for line in box.lines {
            if let slice = columnSlice, originY + line.y > slice.maxY || originY + line.y + line.height < slice.y { continue }
            paintLine(line, originX: originX, originY: originY)
            for atomic in line.atomics { paint(atomic.box) }
        }
        if clips { list.append(.popClip, bounds: frame) }
        // Over the content, outside the element's own clip, inside its effects.
        if !style.visibilityHidden && !isRowOrGroup { paintOutline(style, around: frame, radii: radii) }
        if effects != nil { list.append(.popGroup, bounds: frame) }
    }

    /// A multi-column strip shown as its columns, each slice moved into place; the column
    /// rules under the content, as WebKit paints them.
    private mutating func paintColumns(_ strip: Box, _ columns: ColumnSet) {
        // Nested column sets multiply their slices: past a budget, strips paint once, unsplit.
        guard columnSlicesLeft >= columns.count else { return paint(strip) }
        columnSlicesLeft -= columns.count
        for rule in columns.rules(stripX: strip.absoluteX, stripY: strip.absoluteY) {
            let styles = Edges(top: BorderStyle.none, right: .none, bottom: .none, left: columns.ruleStyle)
            list.append(.border(rule.rect, widths: rule.widths, colors: Edges(columns.ruleColor), styles: styles), bounds: rule.rect)
        }
        for index in 0..<columns.count {
            let slice = columns.slice(index, stripX: strip.absoluteX, stripY: strip.absoluteY)
            let (dx, dy) = columns.offset(of: index)
            var move = GroupEffects()
            move.transform = AffineTransform(e: dx, f: dy)
            let shown = slice.offsetBy(dx: dx, dy: dy)
            list.append(.pushGroup(move), bounds: shown)
            list.append(.pushClip(slice), bounds: slice)
            let outer = columnSlice
            columnSlice = slice
            paint(strip)
            columnSlice = outer
            list.append(.popClip, bounds: slice)
            list.append(.popGroup, bounds: shown)
        }
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
        list.append(outer.isZero ? .border(rect, widths: widths, colors: colors, styles: styles)
                                 : .roundedBorder(rect, outer, widths: widths, colors: colors, styles: styles), bounds: rect)
    }

    /// `mask-image` drawn as a background layer of the border box would be (mask-origin and
    /// mask-clip: border-box), by the same routine. An image that does not load masks
    /// nothing with placeholders (the phone with images on) and everything when blocked (a
    /// failed mask image is transparent black, CSS Masking §6.1).
    private func maskLayers(_ style: ComputedStyle, frame: Rect) -> [DisplayList.Item] {
        guard let image = style.maskImage else { return [] }
        var layer = Painter()
        layer.images = images
        // A mask layer is a background layer over the border box (mask-origin and -clip's
        // initial border-box; size, position and repeat at their initial values).
        var maskStyle = ComputedStyle()
        maskStyle.background.images = [image]
        layer.paintBackgrounds(maskStyle, boxes: BackgroundBoxes(border: frame, padding: frame, content: frame), radii: .zero)
        if !layer.missingBackgroundImages.isEmpty {
            return images?.options.failed == .blocked ? [.fill(.zero, .transparent)] : []
        }
        return layer.list.entries.map(\.item)
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
        if overflows { list.append(.pushClip(content), bounds: content) }
        list.append(.image(image, placed), bounds: visible)
        if overflows { list.append(.popClip, bounds: content) }
    }

    /// RenderImage::paintReplaced for a failed image: the hairline inside the content box,
    /// then the icon and the alt text where `BrokenImage.placeContents` found room for them.
    private mutating func paintBrokenImage(_ broken: BrokenImage.Content, content: Rect) {
        guard content.width > 2, content.height > 2 else { return }
        list.append(.missingImageOutline(content), bounds: content)
        if let icon = broken.icon?.offsetBy(dx: content.x, dy: content.y) {
            list.append(.brokenImageIcon(icon), bounds: icon)
        }
        if let line = broken.textLine { paintLine(line, originX: content.x, originY: content.y) }
    }

    private static func withoutCaptions(_ table: Box, _ frame: Rect) -> Rect {
        var top = frame.y, bottom = frame.maxY
        for caption in table.captions {
            let outerTop = table.absoluteY + caption.y - caption.margin.top
            let outerBottom = table.absoluteY + caption.y + caption.height + caption.margin.bottom
            if caption.style.captionAtBottom { bottom = min(bottom, outerTop) } else { top = max(top, outerBottom) }
        }
        return Rect(x: frame.x, y: top, width: frame.width, height: max(0, bottom - top))
    }

    /// A column's, row's or group's background colour and image over a cell's border box.
    private mutating func paintBackground(_ style: ComputedStyle, under cell: Rect) {
        paintBackgrounds(style, boxes: BackgroundBoxes(border: cell, padding: cell, content: cell), radii: .zero)
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
            list.append(radii.isZero ? .border(frame, widths: widths, colors: colors, styles: style.borderStyle)
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
    mutating func paintCanvasBackground(root: Box, canvas: Rect) {
        let rootHasBackground = root.style.background.hasImage || root.style.backgroundColor.a > 0
        guard let source = rootHasBackground ? root : root.children.first(where: \.isBody),
              source.style.background.hasImage, !source.style.visibilityHidden else { return }
        canvasBackgroundOwner = source.node
        // A root shorter than the viewport places them as if it filled it (as WebKit does).
        let frame = Rect(x: root.absoluteX, y: root.absoluteY, width: max(root.width, canvas.width), height: max(root.height, canvas.height))
        let content = Rect(x: frame.x + root.contentX, y: frame.y + root.contentY, width: root.contentWidth, height: root.contentHeight)
        var style = source.style
        style.backgroundColor = .transparent
        paintBackgrounds(style, boxes: BackgroundBoxes(border: frame, padding: frame.inset(by: root.border), content: content),
                         radii: .zero, canvas: canvas)
    }

    private mutating func paintBackgrounds(_ style: ComputedStyle, boxes: BackgroundBoxes, radii: CornerRadii, box: Box? = nil,
                                           canvas: Rect? = nil) {
        let layers = style.background.hasImage ? style.background.layers : []
        let blends = layers.contains { $0.image != nil && $0.blendMode != .normal }
        if blends { list.append(.pushGroup(opacity: 1), bounds: boxes.border) }
        defer { if blends { list.append(.popGroup, bounds: boxes.border) } }
        // `background-clip: text` paints through the element's glyphs (WebKit's -webkit- form too).
        let textClip = style.background.clips.contains(.text) ? box.map(Self.glyphRuns(in:)) ?? [] : nil
        if style.backgroundColor.a > 0 {
            let (rect, corners) = clipShape(style.background.colorClip, boxes: boxes, radii: radii)
            if style.background.colorClip == .text {
                let paint = BackgroundLayerPaint(content: .color(style.backgroundColor), clip: boxes.border, tile: boxes.border,
                                                 periodX: nil, periodY: nil, textClip: textClip)
                list.append(.backgroundLayer(paint), bounds: boxes.border)
            } else if rect.width > 0, rect.height > 0 {
                list.append(corners.isZero ? .fill(rect, style.backgroundColor) : .roundedFill(rect, corners, style.backgroundColor), bounds: rect)
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
            if !corners.isZero { list.append(.pushRoundedClip(clip, corners), bounds: clip) }
            list.append(.backgroundLayer(paint), bounds: area)
            if !corners.isZero { list.append(.popClip, bounds: clip) }
        }
    }

    /// The glyph runs a box and its descendants paint, where they paint them (at most
    /// `maximumTextClipRuns`: a bound on one clip's work).
    static func glyphRuns(in box: Box) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        func collect(_ box: Box) {
            guard runs.count < maximumTextClipRuns else { return }
            let originX = box.absoluteX + box.contentX, originY = box.absoluteY + box.contentY
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

    private mutating func paintLine(_ line: LineBox, originX: Double, originY: Double) {
        for fragment in line.inlineFragments { paintInlineFragment(fragment, originX: originX, originY: originY) }
        for run in line.glyphRuns {
            let placed = run.offsetBy(dx: originX, dy: originY)
            if let ink = placed.inkBounds {
                // The last shadow is painted first, so the first one ends up on top.
                for shadow in placed.shadows.reversed() where shadow.color.a > 0 {
                    let reach = ink.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(-1.5 * shadow.blur - 1)
                    list.append(.textShadow(placed, shadow), bounds: reach)
                }
            }
            list.append(.glyphs(placed), bounds: placed.bounds)
        }
        for decoration in line.decorations {
            let rect = Rect(x: originX + decoration.x, y: originY + decoration.y - decoration.thickness / 2,
                            width: decoration.width, height: decoration.thickness)
            // Not a `.fill`: fills are backgrounds, snapped to device pixels; lines are placed as they are.
            let styled = DecorationDrawing(line: rect, style: decoration.style)
            list.append(.textDecoration(styled, decoration.color), bounds: styled.bounds)
        }
        // WebKit outlines each line's piece of an inline element on its own, over the text.
        for fragment in line.inlineFragments where fragment.box.style.outline.usedWidth > 0 && !fragment.box.style.visibilityHidden {
            let frame = fragment.borderBox.offsetBy(dx: originX, dy: originY)
            paintOutline(fragment.box.style, around: frame, radii: CornerRadii(fragment.box.style.borderRadius, box: frame))
        }
    }
}
