/// Adjoining vertical margins collapse to the largest positive plus the most negative.
struct MarginCollapse {
    var positive = 0.0
    var negative = 0.0
    init() {}
    init(_ value: Double) { add(value) }
    mutating func add(_ value: Double) {
        if value > 0 { positive = max(positive, value) } else { negative = min(negative, value) }
    }
    mutating func add(_ other: MarginCollapse) {
        positive = max(positive, other.positive)
        negative = min(negative, other.negative)
    }
    var value: Double { positive + negative }
}

/// What laying out a block-level box hands back to the block that stacks it, for margin
/// collapsing (CSS 2.1 §8.3.1): the margins at its top and bottom edges, with those of its
/// children that escaped through them. A value, so no layout state is left on the child.
struct CollapsedMargins {
    var top = MarginCollapse()
    var bottom = MarginCollapse()
    /// Empty, without border, padding or height: its top and bottom margins are adjoining,
    /// and the margins before it collapse with those after it.
    var collapsesThrough = false
    /// Quirks mode: the margin it brings to its parent's top is only UA default margins,
    /// which a cell or the body drops at its top (WebKit's hasMarginBeforeQuirk).
    var topIsQuirky = false

    init() {}

    /// A box whose children's margins stay inside (a BFC root, a replaced element, lines):
    /// only its own margins.
    init(ownOf box: Box, topIsQuirky: Bool = false) {
        top = MarginCollapse(box.margin.top)
        bottom = MarginCollapse(box.margin.bottom)
        self.topIsQuirky = topIsQuirky
    }

    init(top: MarginCollapse, bottom: MarginCollapse, collapsesThrough: Bool, topIsQuirky: Bool) {
        self.top = top
        self.bottom = bottom
        self.collapsesThrough = collapsesThrough
        self.topIsQuirky = topIsQuirky
    }
}
