/// Stacking contexts and the layers painted from their z-order lists (CSS 2.1 Appendix E and
/// §9.9; WebKit's RenderLayer). A layer is a box painted as a unit from its stacking
/// context's lists instead of where it stands in the tree: a positioned box, or a box that
/// forms a stacking context. A stacking context collects the layers inside it (except those
/// inside another stacking context); a positioned box with `z-index: auto` is a layer but not
/// a stacking context: the layers inside it go to the enclosing context, after it.

/// A clip an ancestor imposes on the boxes inside it: the padding box of an `overflow`
/// clip (rounded by `border-radius`) or the rect of `clip: rect()`.
struct ContentClip {
    var rect: Rect
    var radii: CornerRadii
    /// The area the clip is recorded with: the clipping box's border box.
    var bounds: Rect

    var pushItem: DisplayList.Item { radii.isZero ? .pushClip(rect) : .pushRoundedClip(rect, radii) }

    /// Far enough to stand for "no clip" in an axis that does not clip.
    static let unbounded = 1.0e7

    /// The clip `overflow` (or a replaced element's rounded corners, or a control's own
    /// clip) puts on the content of `box`, whose border box is `frame`; nil when none.
    static func content(of box: Fragment, frame: Rect) -> ContentClip? {
        let style = box.style
        let radii = CornerRadii(style.borderRadius, box: frame)
        // Text-bearing controls clip their content (WebKit's control clip).
        let clips = (style.overflowHidden && box.kind != .image) || (box.kind == .image && !radii.isZero)
            || (box.control != nil && box.kind != .image)
        guard clips else { return nil }
        var clip = ContentClip(rect: frame.inset(by: box.border), radii: radii.inset(by: box.border), bounds: frame)
        // `overflow: clip` beside `visible` clips its own axis only (CSS Overflow 3 §3.1; any
        // other pair computes to clipping both).
        let axes = style.computedOverflow
        if box.kind != .image && box.control == nil && (axes.x == .visible || axes.y == .visible) {
            if axes.x == .visible { clip.rect.x -= unbounded; clip.rect.width += 2 * unbounded }
            if axes.y == .visible { clip.rect.y -= unbounded; clip.rect.height += 2 * unbounded }
            clip.radii = .zero
        }
        return clip
    }

    /// `clip: rect(top, right, bottom, left)` of an absolutely positioned box: offsets from
    /// its border box's top left corner, `auto` the border box's own edge (CSS 2.1 §11.1.2).
    static func clipProperty(of box: Fragment, frame: Rect) -> ContentClip? {
        guard box.style.position.isOutOfFlow, let edges = box.style.positioning.clip else { return nil }
        let top = edges.top.resolve(frame.height).map { frame.y + $0 } ?? frame.y
        let bottom = edges.bottom.resolve(frame.height).map { frame.y + $0 } ?? frame.maxY
        let left = edges.left.resolve(frame.width).map { frame.x + $0 } ?? frame.x
        let right = edges.right.resolve(frame.width).map { frame.x + $0 } ?? frame.maxX
        let rect = Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        return ContentClip(rect: rect, radii: .zero, bounds: rect)
    }
}

/// The clips that apply to a box; shared by the boxes below (a persistent list, so passing
/// it down costs nothing). Each link keeps the chain flattened: the rectangular clips
/// intersected into one (clipping commutes), the rounded ones (at most
/// `maximumRoundedClips`, the innermost) on their own, so a layer deep in clipping boxes
/// pushes a bounded number of clips.
final class ClipChain {
    let clips: [ContentClip]

    static let maximumRoundedClips = 16

    init(_ clip: ContentClip, outer: ClipChain?) {
        var rect = outer?.clips.first.flatMap { $0.radii.isZero ? $0 : nil }
        var rounded = outer.map { Array($0.clips.drop { $0.radii.isZero }) } ?? []
        func intersect(_ clip: ContentClip) {
            guard let current = rect else { rect = clip; return }
            let area = current.rect.intersection(clip.rect) ?? Rect(x: clip.rect.x, y: clip.rect.y, width: 0, height: 0)
            let bounds = area.intersection(current.bounds.union(clip.bounds)) ?? Rect(x: area.x, y: area.y, width: 0, height: 0)
            rect = ContentClip(rect: area, radii: .zero, bounds: bounds)
        }
        if clip.radii.isZero { intersect(clip) } else { rounded.append(clip) }
        if rounded.count > Self.maximumRoundedClips {
            // The outermost rounded clip past the cap clips by its rect alone.
            let outermost = rounded.removeFirst()
            intersect(ContentClip(rect: outermost.rect, radii: .zero, bounds: outermost.bounds))
        }
        clips = (rect.map { [$0] } ?? []) + rounded
    }

    /// The clips to open, in order (empty for none).
    static func clips(_ chain: ClipChain?) -> [ContentClip] { chain?.clips ?? [] }
}

/// A box painted as a unit, with the layers it stacks when it is a stacking context.
struct PaintLayer {
    let box: Fragment
    let isStackingContext: Bool
    /// Its place in its stacking context's lists: `z-index`, 0 for `auto`.
    let z: Int
    /// The layers of negative and of zero or positive `z-index`, in painting order.
    var negative: [Int] = []
    var positive: [Int] = []
    /// The clips of the boxes between it and its stacking context (that context's own
    /// included) whose content it is part of (flattened, see `ClipChain`).
    let clips: [ContentClip]
    /// The table rows and groups, and the tables, around it (their backgrounds paint under cells).
    let rowsAndGroups: [Fragment]
    let tables: [Fragment]
    /// A relatively positioned inline element painted as this layer: its fragments, text and
    /// atomic inlines on the lines of `box`, its block container (WebKit's inline RenderLayer).
    var inline: InlineBox? = nil
}

/// The layers of a fragment tree; the root's is the first.
struct LayerTree {
    private(set) var layers: [PaintLayer] = []
    private var indexOf: [ObjectIdentifier: Int] = [:]

    init() {}

    /// One pass over the tree in tree order.
    init(root: Fragment) {
        layers.append(PaintLayer(box: root, isStackingContext: true, z: 0, clips: [], rowsAndGroups: [], tables: []))
        indexOf[ObjectIdentifier(root)] = 0
        var order: [Int: [Member]] = [:]  // unsorted members per stacking context, in tree order
        var scope = Scope(context: 0)
        if let clip = ContentClip.content(of: root, frame: root.frame) {
            scope.inFlow = ClipChain(clip, outer: nil)
            if root.style.position.isPositioned { scope.forAbsolute = scope.inFlow }
        }
        visitContents(of: root, scope, members: &order)
        for (context, members) in order {
            // Stable by z-index: equal ones keep tree order.
            let sorted = members.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element.index)
            layers[context].negative = sorted.filter { layers[$0].z < 0 }
            layers[context].positive = sorted.filter { layers[$0].z >= 0 }
        }
    }

    /// The layer a box paints as, if it is one (the phases of its parent skip it).
    func layer(of box: Fragment) -> Int? { indexOf.isEmpty ? nil : indexOf[ObjectIdentifier(box)] }

    /// Whether the relatively positioned inline element `owner` paints as a layer.
    func hasInlineLayer(_ owner: ObjectIdentifier?) -> Bool { owner.map { indexOf[$0] != nil } ?? false }

    private struct Member { let index: Int; let z: Int }

    /// What a box inside the walk inherits from its ancestors.
    private struct Scope {
        var context: Int
        /// The clips for an in-flow child, an absolutely positioned one, a fixed one.
        var inFlow: ClipChain? = nil
        var forAbsolute: ClipChain? = nil
        var forFixed: ClipChain? = nil
        var rowsAndGroups: [Fragment] = []
        var tables: [Fragment] = []
        var parentInner: Display.Inner = .flow
    }

    private mutating func visitContents(of box: Fragment, _ scope: Scope, members: inout [Int: [Member]]) {
        var scope = scope
        scope.parentInner = box.style.display.inner
        // The floats of inline content go in tree order among its atomic and out-of-flow boxes.
        var floats = ArraySlice(box.inline == nil ? [] : box.children)
        let itemIndex = floats.isEmpty ? [:] : Self.itemIndices(box.inline)
        func visitFloats(before index: Int) {
            while let next = floats.first, itemIndex[ObjectIdentifier(next)] ?? Int.max < index {
                visit(floats.removeFirst(), scope, members: &members)
            }
        }
        if box.inline == nil { for child in box.children { visit(child, scope, members: &members) } }
        var inlineLayers: Set<ObjectIdentifier> = []
        for line in box.linesWithMarker {
            // A relatively positioned inline element is a layer where it first shows, in tree order.
            for fragment in line.inlineFragments where fragment.layerOwner == ObjectIdentifier(fragment.box) {
                guard inlineLayers.insert(ObjectIdentifier(fragment.box)).inserted,
                      let kind = Self.layerKind(fragment.box.style, parentInner: .flow) else { continue }
                let index = add(PaintLayer(box: box, isStackingContext: kind.isStackingContext, z: kind.z,
                                           clips: ClipChain.clips(scope.inFlow), rowsAndGroups: scope.rowsAndGroups,
                                           tables: scope.tables, inline: fragment.box), key: ObjectIdentifier(fragment.box))
                members[scope.context, default: []].append(Member(index: index, z: kind.z))
            }
            for atomic in line.atomics {
                if !floats.isEmpty { visitFloats(before: itemIndex[ObjectIdentifier(atomic.box)] ?? Int.max) }
                visit(atomic.box, scope, members: &members)
            }
        }
        for float in floats { visit(float, scope, members: &members) }
    }

    /// Where each float, atomic inline and out-of-flow box stands in the inline content.
    private static func itemIndices(_ inline: Fragment.InlineFormatting?) -> [ObjectIdentifier: Int] {
        var indices: [ObjectIdentifier: Int] = [:]
        for (index, item) in (inline?.items ?? []).enumerated() {
            switch item {
            case .float(let fragment), .atomic(let fragment), .outOfFlow(let fragment): indices[ObjectIdentifier(fragment)] = index
            default: break
            }
        }
        return indices
    }

    private mutating func visit(_ box: Fragment, _ scope: Scope, members: inout [Int: [Member]]) {
        let style = box.style
        let chain: ClipChain?
        switch style.position {
        case .absolute: chain = scope.forAbsolute
        case .fixed: chain = scope.forFixed
        default: chain = scope.inFlow
        }
        var inner = scope
        var isContext = false
        if box.columnSet != nil {
            // A multi-column strip is painted once per column where it stands: the layers in
            // it stay with it (a stacking context of its own, not in any list).
            isContext = true
            add(PaintLayer(box: box, isStackingContext: true, z: 0, clips: [], rowsAndGroups: scope.rowsAndGroups, tables: scope.tables))
        } else if let kind = Self.layerKind(box, parentInner: scope.parentInner) {
            isContext = kind.isStackingContext
            let index = add(PaintLayer(box: box, isStackingContext: kind.isStackingContext, z: kind.z,
                                       clips: ClipChain.clips(chain), rowsAndGroups: scope.rowsAndGroups, tables: scope.tables))
            members[scope.context, default: []].append(Member(index: index, z: kind.z))
        }
        if isContext {
            inner.context = layers.count - 1
            inner.inFlow = nil; inner.forAbsolute = nil; inner.forFixed = nil
        } else {
            inner.inFlow = chain
        }
        let frame = box.frame
        if !isContext, let clip = ContentClip.clipProperty(of: box, frame: frame) { inner.inFlow = ClipChain(clip, outer: inner.inFlow) }
        if let clip = ContentClip.content(of: box, frame: frame) { inner.inFlow = ClipChain(clip, outer: inner.inFlow) }
        // The containing blocks: a positioned box holds absolutely positioned ones, a
        // transformed one fixed ones too (CSS 2.1 §10.1; CSS Transforms §2).
        let holdsFixed = !style.transform.isEmpty || !style.filters.isEmpty
        if style.position.isPositioned || holdsFixed { inner.forAbsolute = inner.inFlow } else if isContext { inner.forAbsolute = nil }
        if holdsFixed { inner.forFixed = inner.inFlow } else if isContext { inner.forFixed = nil }
        if box.kind == .table { inner.tables.append(box); inner.rowsAndGroups = [] }
        if box.kind == .row || box.kind == .rowGroup { inner.rowsAndGroups.append(box) }
        visitContents(of: box, inner, members: &members)
    }

    @discardableResult
    private mutating func add(_ layer: PaintLayer, key: ObjectIdentifier? = nil) -> Int {
        layers.append(layer)
        indexOf[key ?? ObjectIdentifier(layer.box)] = layers.count - 1
        return layers.count - 1
    }

    /// Whether a box paints as a layer, and if so whether it stacks the layers inside it and
    /// where it goes in its context's lists (WebKit's RenderLayer and `isStackingContext`).
    static func layerKind(_ box: Fragment, parentInner: Display.Inner) -> (isStackingContext: Bool, z: Int)? {
        // Table rows and groups paint under their cells, never on their own.
        guard box.kind != .row && box.kind != .rowGroup else { return nil }
        return layerKind(box.style, parentInner: parentInner)
    }

    static func layerKind(_ style: ComputedStyle, parentInner: Display.Inner) -> (isStackingContext: Bool, z: Int)? {
        let positioned = style.position.isPositioned
        // z-index applies to positioned boxes and to flex and grid items.
        let zApplies = positioned || parentInner == .flex || parentInner == .grid
        let zIndex = zApplies ? style.positioning.zIndex : nil
        let formsContext = zIndex != nil || style.position == .fixed || style.position == .sticky
            || style.opacity < 1 || !style.transform.isEmpty || !style.filters.isEmpty || !style.backdropFilters.isEmpty
            || style.blendMode != .normal || style.clipPath != nil || style.mask.hasImage || style.isolates || style.willChangeStacks
        guard formsContext || positioned else { return nil }
        return (formsContext, zIndex ?? 0)
    }
}
