/// The windowed density of differences: the most counted differences in any N×N window.
/// Scattered noise (dithering, a stray anti-aliased pixel) stays low while a real change,
/// which is compact, stands out — the `--window` budget.
enum WindowDensity {
    static func maximum(_ verdicts: [PixelVerdict], width: Int, height: Int, window: Int) -> Int {
        let n = max(1, min(window, width, height))
        // columns[x]: differences in column x over the last n rows; band: their sum, an upper
        // bound for every window of the band, so sparse bands skip the horizontal scan.
        var columns = [Int](repeating: 0, count: width)
        var band = 0, best = 0
        verdicts.withUnsafeBufferPointer { verdict in
            @inline(__always) func counted(_ index: Int) -> Int {
                let value = verdict[index]
                return value == .lighter || value == .darker ? 1 : 0
            }
            for y in 0..<height {
                let row = y * width
                let leaving = y >= n ? (y - n) * width : -1
                for x in 0..<width {
                    let change = counted(row + x) - (leaving >= 0 ? counted(leaving + x) : 0)
                    columns[x] += change
                    band += change
                }
                guard y >= n - 1, band > best else { continue }
                var sum = 0
                for x in 0..<width {
                    sum += columns[x]
                    if x >= n { sum -= columns[x - n] }
                    if x >= n - 1 && sum > best { best = sum }
                }
            }
        }
        return best
    }
}
