/// SVG path data (`clip-path: path('M 0 0 L 10 0 …')`, SVG 2 §9.3), as absolute segments:
/// relative commands resolved, H/V as lines, smooth and quadratic curves as cubics.
public enum PathSegment: Sendable, Equatable {
    case move(x: Double, y: Double)
    case line(x: Double, y: Double)
    case cubic(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
    case arc(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, x: Double, y: Double)
    case close
}

enum PathData {
    /// Segments parsed up to the first error (SVG's rule: render what came before it); nil
    /// when nothing valid came first.
    static func parse(_ text: String) -> [PathSegment]? {
        var scanner = Scanner(Array(text.utf8))
        var segments: [PathSegment] = []
        var current = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
        var lastControl: (x: Double, y: Double)? = nil   // for S and T
        var lastCommand: UInt8 = 0
        var command: UInt8 = 0
        while true {
            scanner.skipSeparators()
            guard !scanner.atEnd else { break }
            if let letter = scanner.command() {
                command = letter
            } else if command == 0 || command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
                break
            } else if command == UInt8(ascii: "m") || command == UInt8(ascii: "M") {
                // Numbers after a moveto are implicit linetos.
                command = command == UInt8(ascii: "m") ? UInt8(ascii: "l") : UInt8(ascii: "L")
            }
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            func point() -> (x: Double, y: Double)? {
                guard let x = scanner.number(), let y = scanner.number() else { return nil }
                return relative ? (current.x + x, current.y + y) : (x, y)
            }
            var control: (x: Double, y: Double)? = nil
            switch upper {
            case UInt8(ascii: "M"):
                guard let p = point() else { return result(segments) }
                segments.append(.move(x: p.x, y: p.y)); current = p; start = p
            case UInt8(ascii: "L"):
                guard let p = point() else { return result(segments) }
                segments.append(.line(x: p.x, y: p.y)); current = p
            case UInt8(ascii: "H"):
                guard let x = scanner.number() else { return result(segments) }
                current.x = relative ? current.x + x : x
                segments.append(.line(x: current.x, y: current.y))
            case UInt8(ascii: "V"):
                guard let y = scanner.number() else { return result(segments) }
                current.y = relative ? current.y + y : y
                segments.append(.line(x: current.x, y: current.y))
            case UInt8(ascii: "C"), UInt8(ascii: "S"):
                let first: (x: Double, y: Double)
                if upper == UInt8(ascii: "C") {
                    guard let p = point() else { return result(segments) }
                    first = p
                } else {
                    // The reflection of the previous curve's second control point.
                    let smooth = [UInt8(ascii: "C"), UInt8(ascii: "S")].contains(lastCommand)
                    first = smooth ? (2 * current.x - lastControl!.x, 2 * current.y - lastControl!.y) : current
                }
                guard let second = point(), let end = point() else { return result(segments) }
                segments.append(.cubic(x1: first.x, y1: first.y, x2: second.x, y2: second.y, x: end.x, y: end.y))
                control = second; current = end
            case UInt8(ascii: "Q"), UInt8(ascii: "T"):
                let middle: (x: Double, y: Double)
                if upper == UInt8(ascii: "Q") {
                    guard let p = point() else { return result(segments) }
                    middle = p
                } else {
                    let smooth = [UInt8(ascii: "Q"), UInt8(ascii: "T")].contains(lastCommand)
                    middle = smooth ? (2 * current.x - lastControl!.x, 2 * current.y - lastControl!.y) : current
                }
                guard let end = point() else { return result(segments) }
                // A quadratic as the cubic with control points 2/3 of the way to its one.
                segments.append(.cubic(x1: current.x + 2 / 3 * (middle.x - current.x), y1: current.y + 2 / 3 * (middle.y - current.y),
                                       x2: end.x + 2 / 3 * (middle.x - end.x), y2: end.y + 2 / 3 * (middle.y - end.y), x: end.x, y: end.y))
                control = middle; current = end
            case UInt8(ascii: "A"):
                guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
                      let large = scanner.flag(), let sweep = scanner.flag(), let end = point() else { return result(segments) }
                segments.append(.arc(rx: abs(rx), ry: abs(ry), rotation: rotation, largeArc: large, sweep: sweep, x: end.x, y: end.y))
                current = end
            case UInt8(ascii: "Z"):
                segments.append(.close); current = start
            default:
                return result(segments)
            }
            lastControl = control
            lastCommand = upper
            if segments.count > 100_000 { break }  // a bound on hostile input
        }
        return result(segments)
    }

    private static func result(_ segments: [PathSegment]) -> [PathSegment]? {
        guard case .move? = segments.first else { return nil }
        return segments
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { index >= bytes.count }

        mutating func skipSeparators() {
            while index < bytes.count, [9, 10, 12, 13, 32, UInt8(ascii: ",")].contains(bytes[index]) { index += 1 }
        }

        mutating func command() -> UInt8? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            guard "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte) else { return nil }
            index += 1
            return byte
        }

        mutating func flag() -> Bool? {
            skipSeparators()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else { return nil }
            defer { index += 1 }
            return bytes[index] == UInt8(ascii: "1")
        }

        mutating func number() -> Double? {
            skipSeparators()
            let begin = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1; digits += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1; digits += 1 }
            }
            guard digits > 0 else { index = begin; return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var probe = index + 1
                if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") { probe += 1 }
                if probe < bytes.count, bytes[probe] >= 48, bytes[probe] <= 57 {
                    index = probe
                    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
                }
            }
            guard let value = Double(String(decoding: bytes[begin..<index], as: UTF8.self)), value.isFinite else { return nil }
            return min(max(value, -1e7), 1e7)
        }
    }
}
