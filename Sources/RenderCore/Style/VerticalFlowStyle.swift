/// Vertical writing modes are laid out here as horizontal text turned a quarter turn: the
/// boxes inside a vertical flow are laid out in the flow's own (logical) frame, where lines
/// run left to right and stack top to bottom, and painted turned into place (see
/// `VerticalFlowLayout`). Their styles are turned into that frame once, by the cascade.
extension WritingMode {
    /// The physical side each side of the logical frame stands for. `vertical-rl` is the
    /// frame turned clockwise (its top is the right, where lines start); `vertical-lr` is laid
    /// out with its top on the left and mirrored afterwards (its glyphs still turn clockwise);
    /// `sideways-lr` is the frame turned counter-clockwise.
    func physicalSide(ofLogical side: LogicalProperties.Side) -> LogicalProperties.Side {
        switch (self, side) {
        case (.horizontalTB, _): return side
        case (.verticalRL, .top), (.sidewaysRL, .top): return .right
        case (.verticalRL, .bottom), (.sidewaysRL, .bottom): return .left
        case (.verticalLR, .top), (.sidewaysLR, .top): return .left
        case (.verticalLR, .bottom), (.sidewaysLR, .bottom): return .right
        case (.sidewaysLR, .left): return .bottom
        case (.sidewaysLR, .right): return .top
        case (_, .left): return .top
        case (_, .right): return .bottom
        }
    }
}

extension Edges {
    subscript(side: LogicalProperties.Side) -> Value {
        switch side {
        case .top: return top
        case .right: return right
        case .bottom: return bottom
        case .left: return left
        }
    }

    /// The edges seen from a vertical flow's logical frame.
    func turned(into mode: WritingMode) -> Edges {
        Edges(top: self[mode.physicalSide(ofLogical: .top)], right: self[mode.physicalSide(ofLogical: .right)],
              bottom: self[mode.physicalSide(ofLogical: .bottom)], left: self[mode.physicalSide(ofLogical: .left)])
    }
}

extension ComputedStyle {
    /// This style as seen from the logical frame of the vertical flow it sits in: sides,
    /// corners, widths and heights exchanged as the frame turns.
    func turnedIntoVerticalFlow() -> ComputedStyle {
        let mode = writingMode
        guard mode.isVertical else { return self }
        var turned = self
        turned.margin = margin.turned(into: mode)
        turned.padding = padding.turned(into: mode)
        turned.borderWidth = borderWidth.turned(into: mode)
        turned.borderStyle = borderStyle.turned(into: mode)
        turned.borderColor = borderColor.turned(into: mode)
        turned.positioning.offsets = positioning.offsets.turned(into: mode)
        (turned.width, turned.height) = (height, width)
        (turned.minWidth, turned.minHeight) = (minHeight, minWidth)
        (turned.maxWidth, turned.maxHeight) = (maxHeight, maxWidth)
        let keywords = sizingKeywords
        turned.sizingKeywords = SizingKeywords(width: keywords.height, minWidth: keywords.minHeight, maxWidth: keywords.maxHeight,
                                               height: keywords.width, minHeight: keywords.minWidth, maxHeight: keywords.maxWidth)
        turned.aspectRatio.ratio = aspectRatio.ratio.map { 1 / $0 }
        turned.borderSpacing = BorderSpacing(horizontal: borderSpacing.vertical, vertical: borderSpacing.horizontal)
        // Corners (top-left, top-right, bottom-right, bottom-left), each with its two radii exchanged.
        func corner(_ one: LogicalProperties.Side, _ other: LogicalProperties.Side) -> CornerRadius {
            let sides: Set = [mode.physicalSide(ofLogical: one), mode.physicalSide(ofLogical: other)]
            let physical: CornerRadius
            if sides == [.top, .left] { physical = borderRadius.top }
            else if sides == [.top, .right] { physical = borderRadius.right }
            else if sides == [.bottom, .right] { physical = borderRadius.bottom }
            else { physical = borderRadius.left }
            return CornerRadius(horizontal: physical.vertical, vertical: physical.horizontal)
        }
        turned.borderRadius = Edges(top: corner(.top, .left), right: corner(.top, .right),
                                    bottom: corner(.bottom, .right), left: corner(.bottom, .left))
        return turned
    }
}
