import CCairo

/// Where a glyph's outline crosses a horizontal band, as WebKit finds it for
/// `text-decoration-skip-ink` (`FontCascade::dashesForIntersectionsWithRect`): each segment of
/// the unhinted outline taken as the straight line between its end points, the leftmost and
/// rightmost x where those lines cross the band's top or bottom edge or have an end inside it.
extension GlyphMasks {
    struct BandKey: Hashable { let glyph: UInt32, top: Int, bottom: Int }

    /// The x extent (CSS px from the glyph's origin) where the glyph crosses the band from `top`
    /// to `bottom` (CSS px below the baseline); nil when it does not reach the band.
    func crossing(glyph: UInt32, top: Double, bottom: Double) -> ClosedRange<Double>? {
        // 26.6 units, as FreeType measures the outline.
        let key = BandKey(glyph: glyph, top: Int((top * 64).rounded()), bottom: Int((bottom * 64).rounded()))
        if let known = withLock({ crossings[key] }) { return known }
        let found = outlineCrossing(glyph: glyph, key: key)
        withLock {
            if crossings.count >= 4096 { crossings.removeAll() }
            crossings[key] = found
        }
        return found
    }

    private func outlineCrossing(glyph: UInt32, key: BandKey) -> ClosedRange<Double>? {
        withOutline(glyph: glyph, scale: 1) { outline, _ -> ClosedRange<Double>? in
            // FreeType's y runs up: the band below the baseline is at negative y.
            var walk = BandWalk(low: Double(-key.bottom), high: Double(-key.top))
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in BandWalk.from(user).pointee.move(to!.pointee); return 0 },
                line_to: { to, user in BandWalk.from(user).pointee.segment(to!.pointee); return 0 },
                conic_to: { _, to, user in BandWalk.from(user).pointee.segment(to!.pointee); return 0 },
                cubic_to: { _, _, to, user in BandWalk.from(user).pointee.segment(to!.pointee); return 0 },
                shift: 0, delta: 0)
            let status = withUnsafeMutablePointer(to: &walk) { FT_Outline_Decompose(outline, &funcs, $0) }
            guard status == 0, walk.minX < walk.maxX else { return nil }
            return walk.minX / 64...walk.maxX / 64
        }
    }
}

/// The state of one walk along an outline (26.6 units): WebKit's `GlyphIterationState`.
private struct BandWalk {
    let low: Double, high: Double
    var current = (x: 0.0, y: 0.0)
    var minX = Double.infinity, maxX = -Double.infinity

    static func from(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<BandWalk> {
        pointer!.assumingMemoryBound(to: BandWalk.self)
    }

    mutating func move(_ point: FT_Vector) { current = (Double(point.x), Double(point.y)) }

    /// FreeType closes each contour with a segment back to its start, so no close is needed.
    mutating func segment(_ point: FT_Vector) {
        let end = (x: Double(point.x), y: Double(point.y))
        for edge in [low, high] where (current.y < edge && end.y > edge) || (current.y > edge && end.y < edge) {
            note(current.x + (edge - current.y) * (end.x - current.x) / (end.y - current.y))
        }
        if current.y >= low && current.y <= high { note(current.x) }
        current = end
    }

    private mutating func note(_ x: Double) { minX = min(minX, x); maxX = max(maxX, x) }
}
