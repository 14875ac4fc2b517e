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
        var line = [UInt8](repeating: 0, count: max(width, height))
        var result = [UInt8](repeating: 0, count: max(width, height))
        for channel in channels {
            for y in 0..<height {
                let row = pixels + y * stride + channel
                for x in 0..<width { line[x] = row[x * bytesPerPixel] }
                blurLine(&line, &result, count: width)
                for x in 0..<width { row[x * bytesPerPixel] = line[x] }
            }
            for x in 0..<width {
                let column = pixels + x * bytesPerPixel + channel
                for y in 0..<height { line[y] = column[y * stride] }
                blurLine(&line, &result, count: height)
                for y in 0..<height { column[y * stride] = line[y] }
            }
        }
    }

    /// The three box passes along one row or column; outside it the mask is empty.
    private func blurLine(_ line: inout [UInt8], _ scratch: inout [UInt8], count: Int) {
        for (box, left) in boxes {
            let right = box - left - 1
            var sum = 0
            for index in 0..<min(right, count) { sum += Int(line[index]) }
            for index in 0..<count {
                let entering = index + right
                if entering < count { sum += Int(line[entering]) }
                let leaving = index - left - 1
                if leaving >= 0 { sum -= Int(line[leaving]) }
                scratch[index] = UInt8((sum + box / 2) / box)
            }
            swap(&line, &scratch)
        }
    }
}
