/// An image we do not draw (remote, blocked or undecodable) laid out as Blink lays out a
/// broken image, so frames and boxes match a browser showing the same mail offline
/// (HTML § 15.4.2 "Images", Blink's image fallback content):
/// - with a width and a height, and either no `alt` or quirks mode, it stays a replaced box
///   of that size;
/// - in quirks mode a single dimension is used for both;
/// - otherwise it becomes a non-replaced box holding a 16 px broken-image icon floated left
///   and the alt text; an inline one ignores width and height, a block one keeps its width,
///   and (like any block) a fixed height.
struct BrokenImage {
    let alt: String?
    let style: ComputedStyle
    let quirks: Bool

    static let iconSize = 16.0

    func box(for node: DOMDocument.NodeID) -> Box {
        let hasWidth = !style.width.isAuto, hasHeight = !style.height.isAuto
        if hasWidth && hasHeight && (quirks || alt == nil) {
            return Box(kind: .image, node: node, style: style)
        }
        if quirks && (hasWidth || hasHeight) {
            var square = style
            if hasWidth { square.height = style.width } else { square.width = style.height }
            return Box(kind: .image, node: node, style: square)
        }
        if !hasWidth && !hasHeight && alt == nil {
            let box = Box(kind: .image, node: node, style: style)
            box.intrinsicWidth = Self.iconSize
            box.intrinsicHeight = Self.iconSize
            return box
        }
        var fallbackStyle = style
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
