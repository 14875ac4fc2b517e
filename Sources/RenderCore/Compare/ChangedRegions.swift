import Foundation

/// Groups differing pixels into boxes people can look at: the image is cut into square cells,
/// cells holding a counted difference are joined with their 8 neighbours, and each group is
/// boxed tightly around its pixels. Cells join glyphs of one word (and nearby words) into one
/// box instead of one box per stroke.
public enum ChangedRegions {
    public static let cellSize = 16
    static let maximumRegions = 200

    public static func find(_ verdicts: [PixelVerdict], width: Int, height: Int, cellSize: Int = cellSize) -> [PixelRect] {
        let columns = (width + cellSize - 1) / cellSize, rows = (height + cellSize - 1) / cellSize
        let cells = cellBoxes(verdicts, width: width, height: height, cellSize: cellSize, columns: columns, rows: rows)
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

    /// Per cell: the tight box of its counted differences (minX, minY, maxX, maxY), or nil.
    /// Rows of cells are independent, so they are filled on all cores.
    private static func cellBoxes(_ verdicts: [PixelVerdict], width: Int, height: Int, cellSize: Int,
                                  columns: Int, rows: Int) -> [(Int, Int, Int, Int)?] {
        var cells = [(Int, Int, Int, Int)?](repeating: nil, count: columns * rows)
        verdicts.withUnsafeBufferPointer { verdicts in
            cells.withUnsafeMutableBufferPointer { cells in
                // Each band reads `verdicts` and writes only its own rows of cells, and
                // concurrentPerform returns after every band: no two threads touch one cell.
                nonisolated(unsafe) let verdicts = verdicts, cells = cells
                let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 2, rows))
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    for cellRow in (band * rows / bands)..<((band + 1) * rows / bands) {
                        for y in (cellRow * cellSize)..<min(height, (cellRow + 1) * cellSize) {
                            let row = UnsafeRawPointer(verdicts.baseAddress! + y * width)
                            for column in 0..<columns {
                                let left = column * cellSize, right = min(width, left + cellSize)
                                let (first, last) = countedSpan(row, from: left, to: right)
                                guard first >= 0 else { continue }
                                let cell = cellRow * columns + column
                                if let box = cells[cell] {
                                    cells[cell] = (min(box.0, first), box.1, max(box.2, last), y)
                                } else {
                                    cells[cell] = (first, y, last, y)
                                }
                            }
                        }
                    }
                }
            }
        }
        return cells
    }

    /// The first and last x in `from..<to` of a row of verdicts holding a counted difference,
    /// or (-1, -1). Eight verdicts at a time: of the raw values 0...4, only 1 and 2 (lighter,
    /// darker) have bits 0 and 1 differing.
    @inline(__always)
    private static func countedSpan(_ row: UnsafeRawPointer, from: Int, to: Int) -> (Int, Int) {
        var first = -1, last = -1
        var x = from
        while x + 8 <= to {
            let word = row.loadUnaligned(fromByteOffset: x, as: UInt64.self)
            let counted = (word ^ (word >> 1)) & 0x0101_0101_0101_0101
            if counted != 0 {
                if first < 0 { first = x + counted.trailingZeroBitCount / 8 }
                last = x + (63 - counted.leadingZeroBitCount) / 8
            }
            x += 8
        }
        while x < to {
            if PixelVerdict(rawValue: row.load(fromByteOffset: x, as: UInt8.self))!.isCountedDifference {
                if first < 0 { first = x }
                last = x
            }
            x += 1
        }
        return (first, last)
    }
}

extension PixelVerdict {
    /// Differs and counts (not anti-aliasing, not masked).
    @inline(__always)
    var isCountedDifference: Bool { self == .lighter || self == .darker }
}
