/// Groups differing pixels into boxes people can look at: the image is cut into square cells,
/// cells holding a counted difference are joined with their 8 neighbours, and each group is
/// boxed tightly around its pixels. Cells join glyphs of one word (and nearby words) into one
/// box instead of one box per stroke.
public enum ChangedRegions {
    public static let cellSize = 16
    static let maximumRegions = 200

    public static func find(_ verdicts: [PixelVerdict], width: Int, height: Int, cellSize: Int = cellSize) -> [PixelRect] {
        let columns = (width + cellSize - 1) / cellSize, rows = (height + cellSize - 1) / cellSize
        // Per cell: the tight box of its differing pixels (minX, minY, maxX, maxY), or nil.
        var cells = [(Int, Int, Int, Int)?](repeating: nil, count: columns * rows)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let verdict = verdicts[row + x]
                guard verdict == .lighter || verdict == .darker else { continue }
                let cell = (y / cellSize) * columns + x / cellSize
                if let box = cells[cell] {
                    cells[cell] = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
                } else {
                    cells[cell] = (x, y, x, y)
                }
            }
        }
        var visited = [Bool](repeating: false, count: cells.count)
        var regions: [PixelRect] = []
        for start in cells.indices where cells[start] != nil && !visited[start] {
            var stack = [start]
            visited[start] = true
            var box = cells[start]!
            while let cell = stack.popLast() {
                let cx = cell % columns, cy = cell / columns
                if let own = cells[cell] {
                    box = (min(box.0, own.0), min(box.1, own.1), max(box.2, own.2), max(box.3, own.3))
                }
                for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
                        let neighbour = ny * columns + nx
                        if !visited[neighbour] && cells[neighbour] != nil {
                            visited[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            regions.append(PixelRect(x: box.0, y: box.1, width: box.2 - box.0 + 1, height: box.3 - box.1 + 1))
        }
        regions.sort { ($0.y, $0.x) < ($1.y, $1.x) }
        if regions.count > maximumRegions {
            // Too many to read: keep the first ones and one box around the rest.
            let rest = regions[(maximumRegions - 1)...]
            let left = rest.map(\.x).min()!, top = rest.map(\.y).min()!
            let right = rest.map(\.maxX).max()!, bottom = rest.map(\.maxY).max()!
            regions = Array(regions.prefix(maximumRegions - 1)) + [PixelRect(x: left, y: top, width: right - left, height: bottom - top)]
        }
        return regions
    }
}
