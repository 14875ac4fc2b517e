/// `overflow` on the root, or on the body when the root's is `visible`, applies to the
/// viewport, not to the element: its used value there is `visible`, so it neither clips nor
/// starts a block formatting context (CSS 2.1 §11.1.1; WebKit's RenderBox::updateFromStyle).
/// The viewport of a still frame shows the whole document, so nothing else reads it.
enum ViewportOverflow {
    static func propagate(_ root: Box) {
        let source: Box?
        if root.style.overflowHidden {
            source = root
        } else {
            source = root.children.first(where: \.isBody)
        }
        guard let source, source.style.overflowHidden else { return }
        source.style.overflowX = .visible
        source.style.overflowY = .visible
    }
}
