import Foundation

/// Anti-aliasing detection after V. Vyšniauskas, "Anti-aliased Pixel and Intensity Slope
/// Detector" (2009), in the form pixelmatch uses: a pixel is anti-aliasing when its 8
/// neighbours hold both a darker and a brighter pixel, at most two equal to it, and the
/// darkest or the brightest of them sits inside a flat area (3+ identical neighbours) in both
/// images — i.e. the pixel lies on an intensity ramp between two solid regions.
enum AntiAliasing {
    /// Whether the pixel at (x, y) of `image` looks like anti-aliasing; `first` and `second`
    /// are both images of the comparison (the flat-area test must hold in each).
    @inline(__always)
    static func isAntiAliased(_ image: UnsafeBufferPointer<UInt32>, x: Int, y: Int, width: Int, height: Int,
                              first: UnsafeBufferPointer<UInt32>, second: UnsafeBufferPointer<UInt32>) -> Bool {
        guard let ends = rampEnds(image, x: x, y: y, width: width, height: height) else { return false }
        return isFlatInBoth(ends.darkest, width: width, height: height, first: first, second: second)
            || isFlatInBoth(ends.brightest, width: width, height: height, first: first, second: second)
    }

    /// `isAntiAliased` with the flat areas of both images looked up in `flatAreas`.
    @inline(__always)
    static func isAntiAliased(_ image: UnsafeBufferPointer<UInt32>, x: Int, y: Int, width: Int, height: Int,
                              flatAreas: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let ends = rampEnds(image, x: x, y: y, width: width, height: height) else { return false }
        return flatAreas[ends.darkest] == FlatAreas.both || flatAreas[ends.brightest] == FlatAreas.both
    }

    /// The ramp test over the 8 neighbours: the indices of the darkest and the brightest
    /// neighbour when the pixel has both and at most two neighbours equal to it, else nil.
    @inline(__always)
    private static func rampEnds(_ image: UnsafeBufferPointer<UInt32>, x: Int, y: Int, width: Int, height: Int)
        -> (darkest: Int, brightest: Int)? {
        let center = image[y * width + x]
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        // A pixel on the image's edge has fewer neighbours; count the missing side as one equal.
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestIndex = 0, brightestIndex = 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let neighbour = ny * width + nx
                let difference = brightnessDelta(center, image[neighbour])
                if difference == 0 {
                    equal += 1
                    if equal > 2 { return nil }
                } else if difference < darkest {
                    darkest = difference; darkestIndex = neighbour
                } else if difference > brightest {
                    brightest = difference; brightestIndex = neighbour
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return nil }
        return (darkestIndex, brightestIndex)
    }

    /// The ramp test's last step for one end: the pixel lies in a flat area of both images.
    @inline(__always)
    private static func isFlatInBoth(_ index: Int, width: Int, height: Int,
                                     first: UnsafeBufferPointer<UInt32>, second: UnsafeBufferPointer<UInt32>) -> Bool {
        hasManySiblings(first, x: index % width, y: index / width, width: width, height: height)
            && hasManySiblings(second, x: index % width, y: index / width, width: width, height: height)
    }

    /// `hasManySiblings` of every pixel in both images, computed once: worth it when many
    /// pixels differ, as each is looked at from up to 16 neighbourhoods. A pixel flat in an
    /// image also has 3+ equal neighbours in the ramp test, so it cannot be anti-aliasing there.
    struct FlatAreas {
        static let first: UInt8 = 1, second: UInt8 = 2, both: UInt8 = 3
        /// Per pixel: `first` when it is flat in the first image, `second` in the second.
        let bits: [UInt8]

        init(first: UnsafeBufferPointer<UInt32>, second: UnsafeBufferPointer<UInt32>, width: Int, height: Int) {
            bits = [UInt8](unsafeUninitializedCapacity: width * height) { bits, initialized in
                // Each band reads the two images and writes only its own rows of `bits`, and
                // concurrentPerform returns after every band: no two threads touch one byte.
                nonisolated(unsafe) let first = first, second = second, bits = bits
                let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 2, height))
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    for y in (band * height / bands)..<((band + 1) * height / bands) {
                        FlatAreas.mark(row: y, width: width, height: height, first: first, second: second, bits: bits)
                    }
                }
                initialized = width * height  // every pixel was written above
            }
        }

        private static func mark(row y: Int, width: Int, height: Int, first: UnsafeBufferPointer<UInt32>,
                                 second: UnsafeBufferPointer<UInt32>, bits: UnsafeMutableBufferPointer<UInt8>) {
            let start = y * width
            func markOne(_ x: Int) {
                bits[start + x] = (hasManySiblings(first, x: x, y: y, width: width, height: height) ? FlatAreas.first : 0)
                    | (hasManySiblings(second, x: x, y: y, width: width, height: height) ? FlatAreas.second : 0)
            }
            guard y > 0, y < height - 1, width > 2 else {
                for x in 0..<width { markOne(x) }
                return
            }
            markOne(0)
            // The interior, eight pixels at a time, in plain lane arithmetic (no masks, which
            // the compiler spills lane by lane).
            var x = 1
            while x + 8 <= width - 1 {
                let lanes = flatLanes(first, at: start + x, width: width) | (flatLanes(second, at: start + x, width: width) &<< 1)
                UnsafeMutableRawPointer(bits.baseAddress! + start + x).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: lanes), as: SIMD8<UInt8>.self)
                x += 8
            }
            while x < width { markOne(x); x += 1 }
        }

        /// For the 8 pixels from `index`: 1 where 3 or more of the 8 neighbours are identical, else 0.
        @inline(__always)
        private static func flatLanes(_ image: UnsafeBufferPointer<UInt32>, at index: Int, width: Int) -> SIMD8<UInt32> {
            let base = UnsafeRawPointer(image.baseAddress!)
            let center = base.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<UInt32>.self)
            // 1 in each lane where the neighbour at `offset` differs: (d | -d) has its top bit set iff d != 0.
            @inline(__always) func differs(_ offset: Int) -> SIMD8<UInt32> {
                let d = base.loadUnaligned(fromByteOffset: (index + offset) * 4, as: SIMD8<UInt32>.self) ^ center
                return (d | (SIMD8<UInt32>(repeating: 0) &- d)) &>> 31
            }
            let differing = differs(-width - 1) &+ differs(-width) &+ differs(-width + 1) &+ differs(-1)
                &+ differs(1) &+ differs(width - 1) &+ differs(width) &+ differs(width + 1)
            // At most 5 of 8 differ: 5 - differing does not wrap, so its top bit is clear.
            return ((SIMD8<UInt32>(repeating: 5) &- differing) &>> 31) ^ SIMD8<UInt32>(repeating: 1)
        }
    }

    /// Luma difference (Rec. 601 weights on the stored, gamma-encoded values): cheap and
    /// monotonic, all the ramp test needs. Semi-transparent pixels are composited over mid-grey
    /// (a fixed background keeps ramps intact); when that cancels out but alpha differs, the
    /// alpha difference gives the direction, so only truly equal pixels count as equal.
    @inline(__always)
    static func brightnessDelta(_ one: UInt32, _ two: UInt32) -> Double {
        if one == two { return 0 }
        let r1 = Double(one & 0xFF), g1 = Double(one >> 8 & 0xFF), b1 = Double(one >> 16 & 0xFF), a1 = Double(one >> 24)
        let r2 = Double(two & 0xFF), g2 = Double(two >> 8 & 0xFF), b2 = Double(two >> 16 & 0xFF), a2 = Double(two >> 24)
        if a1 < 255 || a2 < 255 {
            let da = a1 - a2
            let dr = (r1 * a1 - r2 * a2 - 128 * da) / 255
            let dg = (g1 * a1 - g2 * a2 - 128 * da) / 255
            let db = (b1 * a1 - b2 * a2 - 128 * da) / 255
            let delta = luma(dr, dg, db)
            return delta == 0 && da != 0 ? da / 2 : delta
        }
        return luma(r1 - r2, g1 - g2, b1 - b2)
    }

    @inline(__always)
    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Whether 3 or more of the pixel's neighbours are identical to it (a flat area).
    @inline(__always)
    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt32>, x: Int, y: Int, width: Int, height: Int) -> Bool {
        let index = y * width + x
        let value = image[index]
        if x > 0 && x < width - 1 && y > 0 && y < height - 1 {
            let above = index - width, below = index + width
            var same = 0
            same += image[above - 1] == value ? 1 : 0
            same += image[above] == value ? 1 : 0
            same += image[above + 1] == value ? 1 : 0
            same += image[index - 1] == value ? 1 : 0
            same += image[index + 1] == value ? 1 : 0
            same += image[below - 1] == value ? 1 : 0
            same += image[below] == value ? 1 : 0
            same += image[below + 1] == value ? 1 : 0
            return same > 2
        }
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        var same = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where (nx != x || ny != y) && image[ny * width + nx] == value {
                same += 1
                if same > 2 { return true }
            }
        }
        return false
    }
}
