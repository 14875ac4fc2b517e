/// Sizes a block container's own properties ask for beyond a length: the intrinsic size
/// keywords (`width: fit-content`, `max-width: max-content`…, CSS Sizing 3 §3.2) and
/// `aspect-ratio` (CSS Sizing 4 §5), as WebKit applies them to non-replaced boxes.
extension LayoutEngine {
    /// WebKit keeps sizes in LayoutUnits, which saturate near 2^25 px: so does a size made
    /// from a hostile ratio (`aspect-ratio: 1e-9`).
    static let largestSize = 33_554_431.0

    /// The border-box width a box asks for before shrink-to-fit or filling: a specified
    /// `width`, an intrinsic size keyword, or its definite height through `aspect-ratio`;
    /// clamped by its min and max widths. Nil when its context gives the width.
    func preferredBorderWidth(_ box: Box, containingWidth: Double) -> Double? {
        if let specified = specifiedBorderWidth(box, containingWidth: containingWidth) { return specified }
        if let keyword = box.style.sizingKeywords.width {
            let widths = IntrinsicSizes(engine: self).contentWidths(box)
            let available = containingWidth - box.margin.left - box.margin.right
            let width = keyword.width(minContent: widths.min, maxContent: widths.max, available: available)
            return clampWidth(box, width, containingWidth: containingWidth, isBorderBox: true)
        }
        if let width = Self.ratioBorderWidth(box.style, horizontalChrome: horizontalChrome(box), verticalChrome: verticalChrome(box)) {
            return clampWidth(box, width, containingWidth: containingWidth, isBorderBox: true)
        }
        return nil
    }

    func verticalChrome(_ box: Box) -> Double { box.border.top + box.border.bottom + box.padding.top + box.padding.bottom }

    /// The border-box width `aspect-ratio` gives an auto-width box with a px height (the
    /// ratio sizes the box `box-sizing` names).
    static func ratioBorderWidth(_ style: ComputedStyle, horizontalChrome: Double, verticalChrome: Double) -> Double? {
        guard style.width.isAuto, style.sizingKeywords.width == nil, let ratio = style.aspectRatio.ratio,
              case .px(let height) = style.height else { return nil }
        let width = style.borderBoxSizing ? Swift.max(height, verticalChrome) * ratio : height * ratio + horizontalChrome
        return Swift.min(Swift.max(width, horizontalChrome), largestSize)
    }

    /// The content height `aspect-ratio` gives an auto-height box of a used width: at least
    /// its content's height (the automatic minimum size) unless its overflow is clipped.
    func ratioContentHeight(_ box: Box, contentHeight: Double) -> Double? {
        guard box.kind == .block || box.kind == .inlineBlock, box.style.height.isAuto,
              let ratio = box.style.aspectRatio.ratio else { return nil }
        let vertical = verticalChrome(box)
        let height = box.style.borderBoxSizing ? Swift.max(0, box.width / ratio - vertical) : box.contentWidth / ratio
        let clamped = Swift.min(height, Self.largestSize)
        return box.style.overflowHidden ? clamped : Swift.max(clamped, contentHeight)
    }

    /// A content width within the px min and max heights an auto-height box with
    /// `aspect-ratio` has, carried over through the ratio (CSS Sizing 4 § 5.1, as WebKit's
    /// RenderBox constrains a ratio box's width).
    func transferredRatioLimits(_ box: Box, _ contentWidth: Double) -> Double {
        let style = box.style
        guard box.kind == .block || box.kind == .inlineBlock, style.height.isAuto, let ratio = style.aspectRatio.ratio else {
            return contentWidth
        }
        let horizontal = horizontalChrome(box), vertical = verticalChrome(box)
        func widthFor(height: Double) -> Double {
            style.borderBoxSizing ? Swift.max(height, vertical) * ratio - horizontal : height * ratio
        }
        var width = contentWidth
        if case .px(let maxHeight) = style.maxHeight { width = Swift.min(width, widthFor(height: maxHeight)) }
        if case .px(let minHeight) = style.minHeight, minHeight > 0 { width = Swift.max(width, widthFor(height: minHeight)) }
        return Swift.min(width, Self.largestSize)
    }

    /// min-width and max-width given as intrinsic size keywords, applied to a border-box width.
    func clampToSizingKeywords(_ box: Box, _ width: Double, containingWidth: Double) -> Double {
        let keywords = box.style.sizingKeywords
        guard keywords.minWidth != nil || keywords.maxWidth != nil else { return width }
        let widths = IntrinsicSizes(engine: self).contentAloneWidths(box)
        let available = containingWidth - box.margin.left - box.margin.right
        var width = width
        if let maximum = keywords.maxWidth { width = Swift.min(width, maximum.width(minContent: widths.min, maxContent: widths.max, available: available)) }
        if let minimum = keywords.minWidth { width = Swift.max(width, minimum.width(minContent: widths.min, maxContent: widths.max, available: available)) }
        return width
    }
}
