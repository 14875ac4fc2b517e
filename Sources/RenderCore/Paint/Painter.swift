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

    mutating func paint(_ box: Box) {
        var frame = Rect(x: box.absoluteX, y: box.absoluteY, width: box.width, height: box.height)
        // A table's box holds its captions; its background and borders are drawn around the rest.
        if box.kind == .table { frame = Self.withoutCaptions(box, frame) }
        let style = box.style
        let radii = CornerRadii(style.borderRadius, box: frame)
        let effects = box.kind == .row || box.kind == .rowGroup ? nil
            : GroupEffects(style: style, frame: frame, border: box.border, padding: box.padding, mask: maskLayers(style, frame: frame))
        // The backdrop is filtered before the element paints over it (Filter Effects 2 §3).
        if !style.backdropFilters.isEmpty && !style.visibilityHidden {
            list.append(.backdropFilter(frame, radii, style.backdropFilters.map(\.bounded)), bounds: frame)
        }
        if let effects { list.append(.pushGroup(effects), bounds: frame) }
        // Rows and row groups show their backgrounds only under their cells, as WebKit paints
        // them (not in the border spacing).
        let isRowOrGroup = box.kind == .row || box.kind == .rowGroup
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
            if style.backgroundColor.a > 0 {
                if radii.isZero {
                    list.append(.fill(frame, style.backgroundColor), bounds: frame)
                } else {
                    list.append(.roundedFill(frame, radii, style.backgroundColor), bounds: frame)
                }
            }
            paintBackgroundImage(box.style, frame: frame, border: box.border, radii: radii)
            // Inset shadows lie over the background, under the border.
            for shadow in style.boxShadows.reversed() where shadow.color.a > 0 && shadow.inset {
                let shape = BoxShadowShape(shadow, borderBox: frame, radii: radii, border: box.border)
                list.append(.boxShadow(shape), bounds: shape.bounds)
            }
            let border = box.border
            if border.top + border.right + border.bottom + border.left > 0 {
                let current = style.color
                let colors = Edges(top: style.borderColor.top ?? current, right: style.borderColor.right ?? current,
                                   bottom: style.borderColor.bottom ?? current, left: style.borderColor.left ?? current)
                if radii.isZero {
                    list.append(.border(frame, widths: border, colors: colors, styles: style.borderStyle), bounds: frame)
                } else {
                    // Rounded borders are drawn in one colour, as a ring: the widest side's (a
                    // `border-left` alone with a radius keeps its colour).
                    let sides = [(border.top, colors.top), (border.right, colors.right), (border.bottom, colors.bottom), (border.left, colors.left)]
                    let colour = sides.reduce(sides[0]) { $1.0 > $0.0 ? $1 : $0 }.1
                    list.append(.roundedBorder(frame, radii, widths: border, color: colour), bounds: frame)
                }
            }
        }
        let clips = (style.overflowHidden && box.kind != .image) || (box.kind == .image && !radii.isZero)
        if clips {
            let padding = Rect(x: frame.x + box.border.left, y: frame.y + box.border.top,
                               width: max(0, frame.width - box.border.left - box.border.right),
                               height: max(0, frame.height - box.border.top - box.border.bottom))
            list.append(radii.isZero ? .pushClip(padding) : .pushRoundedClip(padding, radii.inset(by: box.border)), bounds: frame)
        }
        if box.kind == .image && !style.visibilityHidden {
            let content = Rect(x: frame.x + box.contentX, y: frame.y + box.contentY,
                               width: box.contentWidth, height: box.contentHeight)
            if let image = box.image {
                list.append(.image(image, content), bounds: content)
            } else if let colour = box.placeholderColor {
                list.append(.unloadedImage(content, colour), bounds: content)
            } else if let broken = box.brokenImage, !broken.collapsed {
                paintBrokenImage(broken, content: content)
            }
        }
        if isRowOrGroup { rowsAndGroups.append(box) }
        // A table inside a cell starts its own rows: the outer rows are not behind its cells.
        let outerRows = rowsAndGroups
        if box.kind == .table { tables.append(box); rowsAndGroups = [] }
        for child in box.children { paint(child) }
        if box.kind == .table { tables.removeLast(); rowsAndGroups = outerRows }
        if isRowOrGroup { rowsAndGroups.removeLast() }
        let originX = box.absoluteX + box.contentX, originY = box.absoluteY + box.contentY
        if let marker = box.markerLine { paintLine(marker, originX: originX, originY: originY) }
        for line in box.lines {
            paintLine(line, originX: originX, originY: originY)
            for atomic in line.atomics { paint(atomic.box) }
        }
        if clips { list.append(.popClip, bounds: frame) }
        if effects != nil { list.append(.popGroup, bounds: frame) }
    }

    /// `mask-image` drawn as a background layer of the border box would be (mask-origin and
    /// mask-clip: border-box), by the same routine. An image that does not load masks
    /// nothing with placeholders (the phone with images on) and everything when blocked (a
    /// failed mask image is transparent black, CSS Masking §6.1).
    private func maskLayers(_ style: ComputedStyle, frame: Rect) -> [DisplayList.Item] {
        guard let image = style.maskImage else { return [] }
        var layer = Painter()
        layer.images = images
        var maskStyle = ComputedStyle()
        maskStyle.backgroundImage = image
        layer.paintBackgroundImage(maskStyle, frame: frame, border: Edges(0), radii: .zero)
        if !layer.missingBackgroundImages.isEmpty {
            return images?.options.failed == .blocked ? [.fill(.zero, .transparent)] : []
        }
        return layer.list.entries.map(\.item)
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
        if style.backgroundColor.a > 0 { list.append(.fill(cell, style.backgroundColor), bounds: cell) }
        paintBackgroundImage(style, frame: cell, border: Edges(0), radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0))
    }

    /// An inline element's background and borders on one line; the start and end sides only
    /// where the element opens and closes.
    private mutating func paintInlineFragment(_ fragment: InlineFragment, originX: Double, originY: Double) {
        let style = fragment.box.style
        guard !style.visibilityHidden else { return }
        let frame = fragment.borderBox.offsetBy(dx: originX, dy: originY)
        if style.backgroundColor.a > 0 {
            let radii = CornerRadii(style.borderRadius, box: frame)
            list.append(radii.isZero ? .fill(frame, style.backgroundColor) : .roundedFill(frame, radii, style.backgroundColor), bounds: frame)
        }
        var widths = style.usedBorder
        if !fragment.isFirst { widths.left = 0 }
        if !fragment.isLast { widths.right = 0 }
        if widths.top + widths.right + widths.bottom + widths.left > 0 {
            let current = style.color
            let colors = Edges(top: style.borderColor.top ?? current, right: style.borderColor.right ?? current,
                               bottom: style.borderColor.bottom ?? current, left: style.borderColor.left ?? current)
            list.append(.border(frame, widths: widths, colors: colors, styles: style.borderStyle), bounds: frame)
        }
    }

    /// The background image or gradient over the padding box (CSS Backgrounds §3), clipped to
    /// the border box's corners.
    private mutating func paintBackgroundImage(_ style: ComputedStyle, frame: Rect, border: Edges<Double>, radii: CornerRadii) {
        guard let image = style.backgroundImage else { return }
        let area = Rect(x: frame.x + border.left, y: frame.y + border.top,
                        width: max(0, frame.width - border.left - border.right),
                        height: max(0, frame.height - border.top - border.bottom))
        guard area.width > 0, area.height > 0 else { return }
        if !radii.isZero { list.append(.pushRoundedClip(frame, radii), bounds: frame) }
        defer { if !radii.isZero { list.append(.popClip, bounds: frame) } }
        switch image {
        case .linearGradient(let angle, let stops):
            list.append(.linearGradient(area, angle: angle, stops: stops), bounds: area)
        case .url(let source):
            guard let decoded = images?.image(for: source) else {
                missingBackgroundImages.append((list.entries.count, area))
                return
            }
            let intrinsic = (width: Double(decoded.width), height: Double(decoded.height))
            var size = intrinsic
            switch style.backgroundSize {
            case .auto: break
            case .cover, .contain:
                let scaleX = area.width / intrinsic.width, scaleY = area.height / intrinsic.height
                let scale = style.backgroundSize == .cover ? max(scaleX, scaleY) : min(scaleX, scaleY)
                size = (intrinsic.width * scale, intrinsic.height * scale)
            case .explicit(let w, let h):
                let width = w.resolve(area.width), height = h.resolve(area.height)
                size.width = width ?? height.map { $0 * intrinsic.width / intrinsic.height } ?? intrinsic.width
                size.height = height ?? size.width * intrinsic.height / intrinsic.width
            }
            guard size.width > 0.01, size.height > 0.01 else { return }
            func offset(_ length: Length, free: Double) -> Double {
                if case .percent(let percent) = length { return free * percent / 100 }
                return length.resolve(free) ?? 0
            }
            let tile = Rect(x: area.x + offset(style.backgroundPosition.x, free: area.width - size.width),
                            y: area.y + offset(style.backgroundPosition.y, free: area.height - size.height),
                            width: size.width, height: size.height)
            list.append(.backgroundImage(decoded, area: area, tile: tile, repeatX: style.backgroundRepeatX, repeatY: style.backgroundRepeatY),
                        bounds: area)
        }
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
            if decoration.style == .solid {
                list.append(.fill(rect, decoration.color), bounds: rect)
            } else {
                let styled = DecorationDrawing(line: rect, style: decoration.style)
                list.append(.textDecoration(styled, decoration.color), bounds: styled.bounds)
            }
        }
    }
}
