import CCairo

/// Where an image or gradient is opaque enough to be a float's shape (`shape-outside: <image>`,
/// CSS Shapes 1 §6.1): drawn once at its laid-out size, then read row by row for the pixels
/// whose alpha exceeds `shape-image-threshold` (WebKit's LayoutShape::createRasterShape).
enum ShapeImageAlpha {
    /// The most pixels an image shape is drawn at; a larger one gives no shape (hostile input).
    static let maximumPixels = 4_000_000

    enum Source {
        case image(DecodedImage)
        case gradient(CSSGradient)
    }

    /// For each row of a `width` × `height` drawing, the columns [x1, x2) from the first to
    /// the last pixel above the threshold, or nil for a row with none; nil when too large.
    static func rows(_ source: Source, width: Int, height: Int, threshold: Double) -> [(x1: Int, x2: Int)?]? {
        guard width > 0, height > 0, width * height <= maximumPixels,
              let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: 1) else { return nil }
        let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        switch source {
        case .image(let image): canvas.drawImage(image, in: rect)
        case .gradient(let gradient): canvas.fillGradient(gradient, in: rect)
        }
        cairo_surface_flush(canvas.surface)
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(canvas.surface))
        let limit = UInt32((min(1, max(0, threshold)) * 255).rounded())
        var result: [(x1: Int, x2: Int)?] = []
        result.reserveCapacity(height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
            var first: Int?, last = 0
            // Runs as WebKit makes them: a run that starts on the last column is not closed.
            var start = -1
            for x in 0..<width {
                let above = row[x] >> 24 > limit
                if start == -1 && above {
                    start = x
                } else if start != -1 && (!above || x == width - 1) {
                    if first == nil { first = start }
                    last = above ? x + 1 : x
                    start = -1
                }
            }
            result.append(first.map { ($0, last) })
        }
        return result
    }
}
