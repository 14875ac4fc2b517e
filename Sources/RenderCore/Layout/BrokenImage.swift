/// An image we do not draw (remote, blocked or undecodable) laid out as Blink lays out a
/// broken image, so frames and boxes match a browser showing the same mail offline
/// (HTML § 15.4.2 "Images", Blink's image fallback content):
/// - with a width and a height, and either no `alt` or quirks mode, it stays a replaced box
///   of that size;
/// - in quirks mode a single dimension is used for both (a percentage height reaches the
///   viewport, except inside a table cell, where it falls back to the alt-text box with
///   Blink's 1 px border and 1 px padding);
/// - otherwise it becomes a non-replaced box holding a 16 px broken-image icon floated left
///   and the alt text; an inline one ignores width and height, a block one keeps its width,
///   and (like any block) a fixed height.
struct BrokenImage {
    let alt: String?
    let style: ComputedStyle
    let quirks: Bool
    var insideTableCell = false
    var viewportHeight = 844.0

    static let iconSize = 16.0

    func box(for node: DOMDocument.NodeID) -> Box {
        let hasWidth = !style.width.isAuto, hasHeight = !style.height.isAuto
        if hasWidth && hasHeight && (quirks || alt == nil) {
            return Box(kind: .image, node: node, style: style)
        }
        if quirks && (hasWidth || hasHeight) {
            var square = style
            if hasWidth { square.height = style.width } else { square.width = style.height }
            if case .percent(let percent) = square.height {
                if insideTableCell { return fallbackBox(node, style: style, containerChrome: true) }
                square.height = .px(viewportHeight * percent / 100)
            }
            return Box(kind: .image, node: node, style: square)
        }
        if !hasWidth && !hasHeight && alt == nil {
            let box = Box(kind: .image, node: node, style: style)
            box.intrinsicWidth = Self.iconSize
            box.intrinsicHeight = Self.iconSize
            return box
        }
        return fallbackBox(node, style: style, containerChrome: false)
    }

    private func fallbackBox(_ node: DOMDocument.NodeID, style: ComputedStyle, containerChrome: Bool) -> Box {
        var fallbackStyle = style
        if containerChrome {
            fallbackStyle.height = .auto
            fallbackStyle.borderStyle = Edges(.solid)
            fallbackStyle.borderWidth = Edges(1)
            fallbackStyle.borderColor = Edges(RGBA(r: 0.75, g: 0.75, b: 0.75, a: 1))
            fallbackStyle.padding = Edges(.px(1))
            fallbackStyle.borderBoxSizing = true
        }
        let isBlock = style.display.isBlockLevel
        if !isBlock {
            fallbackStyle.width = .auto
            fallbackStyle.height = .auto
            fallbackStyle.display = .inlineBlock
        }
        let box = Box(kind: isBlock ? .block : .inlineBlock, node: node, style: fallbackStyle)
        let text = (alt ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        box.brokenImageIcon = alt == nil || !text.isEmpty
        if !text.isEmpty {
            var textStyle = fallbackStyle.inheritedForChild()
            textStyle.decorations = []
            box.inlineContent = InlineContent(items: [.text(text, textStyle)])
        }
        return box
    }
}

import Foundation
