extension ScrollFrame {
    /// `offset 150 is past the bottom of the scroll range; clamped to contentOffset -37`, or nil
    /// when the offset was not clamped: a frame that silently shows another offset than asked
    /// for would make a golden check less than the user thinks.
    public var clampingWarning: String? {
        guard clamped != .none else { return nil }
        return "offset \(displayNumber(userOffset)) is past the \(clamped.rawValue) of the scroll range; clamped to contentOffset \(displayNumber(contentOffset))"
    }
}
