/// An image we do not draw (remote — never fetched —, blocked or undecodable) laid out as
/// WebKit lays out an image whose load failed (RenderImage; measured with WebKitGTK, the
/// same WebCore, in Tests/Fixtures/layout/broken-images*.webkit.json):
/// - It stays a replaced box. Its intrinsic size is the 16 px broken-image icon plus 4 px
///   (20×20), grown to hold the alt text on one line plus 4 px (the text's width, rounded up,
///   at most 1024; the font's ascent + descent, at most 256). It never wraps: a long alt
///   text makes a box wider than the screen.
/// - Its aspect ratio is the icon's, square, so one dimension gives the other: a full-width
///   image is a 390×390 square, whatever the alt text.
/// - Without a src nothing was requested: no icon, the alt text's box (0×0 without one),
///   whose own ratio then holds.
/// - An inline-level one with `alt=""` represents nothing and collapses to 0×0, in quirks
///   mode only when it has no width or height; a block or floated one keeps its box.
/// - `title` stands in for a missing `alt` (not for an empty one).
/// - A quirks-mode percentage height reaches the viewport, except inside a table cell (auto).
/// What is drawn inside (`placeContents`, `Painter`): a light grey hairline just inside the
/// content box, the icon centred where the box holds it, and the alt text at the top left
/// only where it fits — above the icon when the icon is drawn, so usually not at all.
struct BrokenImage {
    /// The `alt` attribute, nil when absent.
    let alt: String?
    let style: ComputedStyle
    let quirks: Bool
    var insideTableCell = false
    var viewportHeight = 844.0
    /// The `title` attribute: the text shown when there is no `alt`.
    var title: String? = nil
    /// Whether there was a source to load (a non-empty `src`): a failed load shows the icon.
    var hasSource = true

    static let iconSize = 16.0
    /// RenderImage's padding around the icon and the alt text (4 px in each direction).
    static let padding = 4.0
    /// RenderImage caps the alt text's share of the intrinsic size.
    static let maximumTextWidth = 1024.0, maximumTextHeight = 256.0
    /// WebKit's outline is one device pixel (1 / deviceScaleFactor); the iPhone's screen is 3×.
    static let devicePixel = 1.0 / 3

    /// What the layout and the painter need of a broken image, kept on its box.
    struct Content {
        /// The text WebKit would draw (alt, else title); empty for none.
        let text: String
        /// A load failed: WebKit draws its broken-image icon, whose square gives the ratio.
        let showsIcon: Bool
        /// Collapsed to 0×0 (an inline `alt=""` image): nothing is drawn.
        let collapsed: Bool
        /// Height over width, known once measured.
        var aspectRatio: Double?
        /// The alt text on one line, baseline at 0 and starting at x 0, once measured.
        var measuredText: LineBox?
        var textWidth = 0.0, textAscent = 0.0, textHeight = 0.0
        /// Laid out, in content-box coordinates: the icon, and the alt text where it fits.
        var icon: Rect?
        var textLine: LineBox?
    }

    func box(for node: DOMDocument.NodeID) -> Box {
        let text = alt ?? title ?? ""
        var imageStyle = style
        let collapses = hasSource && alt?.isEmpty == true && !style.display.isBlockLevel
            && (!quirks || (style.width.isAuto && style.height.isAuto))
        if collapses {
            // RenderImage::shouldCollapseToEmpty: zero width and height, min and max sizes aside.
            imageStyle.width = .px(0)
            imageStyle.height = .px(0)
            imageStyle.minWidth = .px(0)
            imageStyle.minHeight = .px(0)
            imageStyle.maxWidth = .auto
            imageStyle.maxHeight = .auto
            imageStyle.borderBoxSizing = false
        } else if case .percent(let percent) = style.height, quirks {
            imageStyle.height = insideTableCell ? .auto : .px(viewportHeight * percent / 100)
        }
        let box = Box(kind: .image, node: node, style: imageStyle)
        box.brokenImage = Content(text: collapses ? "" : text, showsIcon: hasSource && !collapses, collapsed: collapses)
        if collapses { (box.intrinsicWidth, box.intrinsicHeight) = (0, 0) }
        return box
    }

    /// Sets the intrinsic size and ratio of a broken image's box from its alt text, once.
    static func measure(_ box: Box, fonts: FontSet) {
        guard var content = box.brokenImage, box.intrinsicWidth == nil else { return }
        var width = content.showsIcon ? iconSize + padding : 0
        var height = width
        if !content.text.isEmpty {
            var textStyle = box.style.inheritedForChild()
            textStyle.decorations = []
            textStyle.textIndent = .px(0)
            textStyle.textTransform = .none
            textStyle.textAlign = .left
            let laidOut = InlineLayout(fonts: fonts, container: textStyle)
                .layout(InlineContent(items: [.text(content.text, textStyle)]), width: nil) { _ in }
            let metrics = fonts.metrics(for: textStyle)
            content.textWidth = laidOut.width
            content.textAscent = metrics.ascent
            content.textHeight = metrics.ascent + metrics.descent
            if let line = laidOut.lines.first {
                let left = line.glyphRuns.compactMap { $0.glyphs.first?.x }.min() ?? 0
                content.measuredText = line.offsetBy(dx: -left, dy: -(line.y + line.baseline))
            }
            width = max(width, padding + min(laidOut.width.rounded(.up), maximumTextWidth))
            height = max(height, padding + min(content.textHeight, maximumTextHeight))
        }
        box.intrinsicWidth = width
        box.intrinsicHeight = height
        content.aspectRatio = content.showsIcon ? 1 : (width > 0 && height > 0 ? height / width : nil)
        box.brokenImage = content
    }

    /// Where RenderImage::paintReplaced puts the icon and the alt text in the laid-out box.
    static func placeContents(_ box: Box) {
        guard var content = box.brokenImage, !content.collapsed else { return }
        content.icon = nil
        content.textLine = nil
        let width = box.contentWidth, height = box.contentHeight
        guard width > 2, height > 2 else { box.brokenImage = content; return }
        // The usable area leaves out the hairline on each side.
        let usableWidth = width - 2 * devicePixel, usableHeight = height - 2 * devicePixel
        var iconTop: Double?
        if content.showsIcon && usableWidth >= iconSize && usableHeight >= iconSize {
            let x = max(0, (usableWidth - iconSize) / 2) + devicePixel
            let y = max(0, (usableHeight - iconSize) / 2) + devicePixel
            content.icon = Rect(x: x, y: y, width: iconSize, height: iconSize)
            iconTop = y
        }
        if let line = content.measuredText, usableWidth >= content.textWidth,
           iconTop.map({ content.textHeight <= $0 }) ?? (usableHeight >= content.textHeight) {
            let inset = padding / 2 - devicePixel
            content.textLine = line.offsetBy(dx: inset, dy: inset + content.textAscent)
        }
        box.brokenImage = content
    }
}
