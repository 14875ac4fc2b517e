import CCairo

/// CSS px in pango units (1/1024 px), clamped to the Int32 pango keeps them in: hostile
/// lengths reach 1e300 and sums of them overflow, which would trap; NaN is 0.
func pangoUnits(_ pixels: Double) -> Int32 {
    let units = pixels * Double(PANGO_SCALE)
    guard !units.isNaN else { return 0 }
    return Int32(max(Double(Int32.min), min(Double(Int32.max), units.rounded(.towardZero))))
}
