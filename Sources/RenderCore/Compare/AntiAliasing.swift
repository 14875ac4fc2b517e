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
        let center = image[y * width + x]
        return liesOnRamp(x: x, y: y, width: width, height: height, first: first, second: second) { neighbour in
            brightnessDelta(center, image[neighbour])
        }
    }

    /// The ramp test over the 8 neighbours, with `delta(neighbourIndex)` the brightness
    /// difference from the centre (0 when equal).
    @inline(__always)
    private static func liesOnRamp(x: Int, y: Int, width: Int, height: Int,
                                   first: UnsafeBufferPointer<UInt32>, second: UnsafeBufferPointer<UInt32>,
                                   delta: (Int) -> Double) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        // A pixel on the image's edge has fewer neighbours; count the missing side as one equal.
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestX = 0, darkestY = 0, brightestX = 0, brightestY = 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let difference = delta(ny * width + nx)
                if difference == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if difference < darkest {
                    darkest = difference; darkestX = nx; darkestY = ny
                } else if difference > brightest {
                    brightest = difference; brightestX = nx; brightestY = ny
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return false }
        return endsInFlatArea(darkestX, darkestY, brightestX, brightestY, width: width, height: height, first: first, second: second)
    }

    /// Per-pixel brightness keys, so that `keys[i] - keys[j]` is `brightnessDelta(p[i], p[j])`:
    /// luma of the colour composited over mid-grey, relative to mid-grey. Worth computing once
    /// when many pixels differ (each is looked at from up to 16 neighbourhoods).
    static func brightnessKeys(_ image: UnsafeBufferPointer<UInt32>) -> [Double] {
        var keys = [Double](repeating: 0, count: image.count)
        keys.withUnsafeMutableBufferPointer { out in
            let bands = max(1, ProcessInfo.processInfo.activeProcessorCount * 2)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let range = (band * image.count / bands)..<((band + 1) * image.count / bands)
                for index in range {
                    let pixel = image[index]
                    let a = Double(pixel >> 24)
                    let r = Double(pixel & 0xFF), g = Double(pixel >> 8 & 0xFF), b = Double(pixel >> 16 & 0xFF)
                    out[index] = a == 255 ? luma(r - 128, g - 128, b - 128) : luma(r * a - 128 * a, g * a - 128 * a, b * a - 128 * a) / 255
                }
            }
        }
        return keys
    }

    /// `isAntiAliased` with precomputed brightness keys of `image`.
    @inline(__always)
    static func isAntiAliased(_ image: UnsafeBufferPointer<UInt32>, keys: UnsafeBufferPointer<Double>, x: Int, y: Int,
                              width: Int, height: Int,
                              first: UnsafeBufferPointer<UInt32>, second: UnsafeBufferPointer<UInt32>) -> Bool {
        let centerIndex = y * width + x
        let center = image[centerIndex], centerKey = keys[centerIndex]
        return liesOnRamp(x: x, y: y, width: width, height: height, first: first, second: second) { neighbour in
            let other = image[neighbour]
            guard other != center else { return 0 }
            let difference = centerKey - keys[neighbour]
            // Equal brightness but different pixels: the alpha difference gives the direction.
            return difference != 0 ? difference : (Double(center >> 24) - Double(other >> 24)) / 2
        }
    }

    /// The ramp test's last step: its darkest or brightest neighbour lies in a flat area of
    /// both images.
    @inline(__always)
    private static func endsInFlatArea(_ darkestX: Int, _ darkestY: Int, _ brightestX: Int, _ brightestY: Int, width: Int, height: Int,
                                       first: UnsafeBufferPointer<UInt32>, second: UnsafeBufferPointer<UInt32>) -> Bool {
        (hasManySiblings(first, x: darkestX, y: darkestY, width: width, height: height)
            && hasManySiblings(second, x: darkestX, y: darkestY, width: width, height: height))
        || (hasManySiblings(first, x: brightestX, y: brightestY, width: width, height: height)
            && hasManySiblings(second, x: brightestX, y: brightestY, width: width, height: height))
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
