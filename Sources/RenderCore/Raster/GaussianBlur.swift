/// A Gaussian blur of an 8-bit alpha mask, approximated by three box blurs per axis (the
/// approach of WebKit's FEGaussianBlur and the SVG spec), in integer arithmetic so that the
/// same mask always blurs to the same bytes.
struct GaussianBlur {
    /// The three box passes approximating a Gaussian of this standard deviation, in pixels
    /// (Filter Effects §feGaussianBlur: d = ⌊σ·3·√(2π)/4 + 0.5⌋): each box's width and how
    /// many pixels it reaches to the left.
    let boxes: [(width: Int, left: Int)]

    init(sigma: Double) {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d < 2 {
            boxes = []
        } else if d % 2 == 1 {
            boxes = Array(repeating: (d, d / 2), count: 3)
        } else {
            // An even box sits between two pixels: once left of centre, once right, then a
            // box one wider centred, so the result stays centred.
            boxes = [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
        }
    }

    /// Blurs `pixels` (rows of `stride` bytes, `width` × `height` used) in place: each of
    /// `channels` (byte offsets within a pixel of `bytesPerPixel` bytes) on its own. Blurring
    /// premultiplied channels separately is the blur of the colour image.
    func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
               bytesPerPixel: Int = 1, channels: [Int] = [0]) {
        guard !boxes.isEmpty, width > 0, height > 0 else { return }
        let capacity = max(width, height)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { line.deallocate(); scratch.deallocate() }
        for channel in channels {
            for y in 0..<height {
                let row = pixels + y * stride + channel
                var any: UInt8 = 0
                for x in 0..<width { line[x] = row[x * bytesPerPixel]; any |= line[x] }
                guard any != 0 else { continue }  // an empty line blurs to itself
                let blurred = blurLine(line, scratch, count: width)
                for x in 0..<width { row[x * bytesPerPixel] = blurred[x] }
            }
            for x in 0..<width {
                let column = pixels + x * bytesPerPixel + channel
                var any: UInt8 = 0
                for y in 0..<height { line[y] = column[y * stride]; any |= line[y] }
                guard any != 0 else { continue }
                let blurred = blurLine(line, scratch, count: height)
                for y in 0..<height { column[y * stride] = blurred[y] }
            }
        }
    }

    /// The three box passes along one row or column (outside it the mask is empty),
    /// alternating between the two buffers; returns the one holding the result.
    private func blurLine(_ line: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>, count: Int) -> UnsafeMutablePointer<UInt8> {
        var source = line, target = scratch
        for (box, left) in boxes {
            let right = box - left - 1
            var sum = 0
            for index in 0..<min(right, count) { sum += Int(source[index]) }
            let half = box / 2
            // (sum + half) / box as a multiply and shift, exact for numerators below 2^20
            // (255 · box < 2^20 for every box a capped blur makes).
            let bits = Int.bitWidth - box.leadingZeroBitCount, shift = 20 + bits
            let reciprocal = ((1 << shift) + box - 1) / box
            let exact = 255 * box + half < 1 << 20
            for index in 0..<count {
                let entering = index + right
                if entering < count { sum += Int(source[entering]) }
                let leaving = index - left - 1
                if leaving >= 0 { sum -= Int(source[leaving]) }
                let quotient = exact ? ((sum + half) * reciprocal) >> shift : (sum + half) / box
                target[index] = UInt8(truncatingIfNeeded: quotient)
            }
            swap(&source, &target)
        }
        return source
    }
}
