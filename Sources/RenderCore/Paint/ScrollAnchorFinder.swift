/// Finds the `position: fixed` and `position: sticky` boxes of a fragment tree and what a
/// frame needs to place each (`ScrollAnchor`), in one walk: a sticky box needs its containing
/// block and its nearest scroll container, which only the walk down knows.
struct ScrollAnchorFinder {
    /// Past this many, further fixed and sticky boxes stay where laid out (hostile input: each
    /// anchor costs every frame a little).
    static let maximumAnchors = 10_000

    struct Found {
        let box: Fragment
        let anchor: ScrollAnchor
    }

    /// The initial containing block (the layout viewport at the top), in CSS px.
    let viewport: Rect
    /// How far the layout viewport can travel down the document.
    let fixedTravel: Double
    private(set) var found: [Found] = []

    /// The anchors of the tree under `root`, in tree order.
    static func find(in root: Fragment, viewportWidth: Double, viewportHeight: Double, documentHeight: Double) -> [Found] {
        var finder = ScrollAnchorFinder(viewport: Rect(x: 0, y: 0, width: viewportWidth, height: viewportHeight),
                                        fixedTravel: documentHeight - viewportHeight)
        finder.visit(root, containingBlock: root.frame, scrollport: nil)
        return finder.found
    }

    /// `containingBlock`: the content box of the block around `box`; `scrollport`: where a
    /// sticky box here sticks, nil for the web view's layout viewport.
    private mutating func visit(_ box: Fragment, containingBlock: Rect, scrollport: Rect?) {
        let frame = box.frame
        let style = box.style
        var scrollport = scrollport
        if !box.isRoot, found.count < Self.maximumAnchors {
            switch style.position {
            case .fixed:
                found.append(Found(box: box, anchor: ScrollAnchor(kind: .fixed, box: frame, fixedTravel: fixedTravel)))
                // Its content does not scroll under it: a sticky box inside sticks where the
                // fixed box was laid out, against the viewport at the top.
                scrollport = viewport
            case .sticky:
                let constraints = stickyConstraints(box, frame: frame, containingBlock: containingBlock, scrollport: scrollport)
                found.append(Found(box: box, anchor: ScrollAnchor(kind: .sticky(constraints), box: frame)))
            default:
                break
            }
        }
        let content = Rect(x: frame.x + box.contentX, y: frame.y + box.border.top + box.padding.top,
                           width: box.contentWidth, height: box.contentHeight)
        // The root's and body's overflow belongs to the viewport (CSS 2.1 §11.1.1).
        if style.isScrollContainer && !box.isRoot && !box.isBody { scrollport = content }
        for child in box.children { visit(child, containingBlock: content, scrollport: scrollport) }
        for atomic in box.markerLine?.atomics ?? [] { visit(atomic.box, containingBlock: content, scrollport: scrollport) }
        for line in box.lines {
            for atomic in line.atomics { visit(atomic.box, containingBlock: content, scrollport: scrollport) }
        }
    }

    /// The containing block less the box's margins (WebKit: a sticky box keeps its margins
    /// inside it), and the offsets resolved against the sticky view rectangle.
    private func stickyConstraints(_ box: Fragment, frame: Rect, containingBlock: Rect, scrollport: Rect?) -> StickyConstraints {
        let margins = box.style.margin
        func margin(_ length: Length, _ used: Double) -> Double { length == .auto || !used.isFinite ? 0 : used }
        let top = margin(margins.top, box.margin.top), bottom = margin(margins.bottom, box.margin.bottom)
        let left = margin(margins.left, box.margin.left), right = margin(margins.right, box.margin.right)
        let block = Rect(x: containingBlock.x + left, y: containingBlock.y + top,
                         width: max(0, containingBlock.width - left - right), height: max(0, containingBlock.height - top - bottom))
        let view = scrollport ?? viewport
        let offsets = box.style.positioning.offsets
        func resolved(_ length: Length, _ base: Double) -> Double? {
            guard let value = length.resolve(base), value.isFinite else { return nil }
            return value
        }
        return StickyConstraints(containingBlock: block, top: resolved(offsets.top, view.height),
                                 right: resolved(offsets.right, view.width), bottom: resolved(offsets.bottom, view.height),
                                 left: resolved(offsets.left, view.width), scrollport: scrollport)
    }
}
