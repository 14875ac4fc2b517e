import Foundation

/// One item of an offset list: a distance from rest, `end` (the bottom of the scroll range),
/// or a range `from:to:step` whose both ends are included (`to` may be `end`). Ranges and
/// `end` resolve against a scene's scroll range, so they are known only after layout.
public enum ScrollOffset: Sendable, Equatable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible {
    case at(Double)
    case end
    /// `to == nil` means `end`.
    case range(from: Double, to: Double?, step: Double)

    public init(integerLiteral value: Int) { self = .at(Double(value)) }
    public init(floatLiteral value: Double) { self = .at(value) }

    /// Offsets one list may expand to (`ResourceLimits.maximumFrames`).
    public static let maximumCount = ResourceLimits.standard.maximumFrames

    public var description: String {
        switch self {
        case .at(let value): return Scene.format(value)
        case .end: return "end"
        case let .range(from, to, step): return "\(Scene.format(from)):\(to.map(Scene.format) ?? "end"):\(Scene.format(step))"
        }
    }

    /// The offsets this item stands for, given the user offset of the range's bottom.
    /// A range steps from `from` while below `to` and then takes `to` itself, so both ends are
    /// in the list even when the step does not divide the distance.
    public func values(end: Double) -> [Double] {
        switch self {
        case .at(let value): return [value]
        case .end: return [end]
        case let .range(from, to, step):
            let last = to ?? end
            guard from < last else { return [from] }
            var values: [Double] = []
            var index = 0.0
            while values.count < Self.maximumCount {
                let value = from + index * step
                // A tiny tolerance, so 0:0.3:0.1 does not add 0.30000000000000004 beside 0.3.
                if value >= last - 1e-9 * max(1, abs(last)) { break }
                values.append(value)
                index += 1
            }
            values.append(last)
            return values
        }
    }

    /// Checks an item built in code (parsed ones are already checked).
    public func validate(context: String = "--offsets") throws {
        switch self {
        case .at(let value):
            guard value.isFinite else { throw RenderError.input("offset \(Scene.format(value)) is not a finite number") }
        case .end: break
        case let .range(from, to, step):
            guard from.isFinite, to?.isFinite ?? true, step.isFinite else {
                throw RenderError.input("\(context) range '\(description)' has a number that is not finite")
            }
            guard step > 0 else { throw RenderError.input("\(context) range '\(description)' needs a step above 0") }
            if let to {
                guard from <= to else { throw RenderError.input("\(context) range '\(description)' goes down: its start is past its end") }
                guard (to - from) / step < Double(Self.maximumCount) else {
                    throw RenderError.input("\(context) range '\(description)' has more than \(Self.maximumCount) offsets")
                }
            }
        }
    }

    /// Parses `0,50,150`, `0:600:50`, `end`, `0:end:100`, or any mix separated by commas.
    public static func parseList(_ text: String, context: String = "--offsets") throws -> [ScrollOffset] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw RenderError.input("\(context) is empty") }
        if items.count > maximumCount { throw RenderError.input("\(context) lists \(items.count) offsets (\(maximumCount) at most)") }
        let offsets = try items.map { item -> ScrollOffset in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw RenderError.input("\(context) '\(text)' has an empty item") }
            return try parse(trimmed, context: context)
        }
        let count = offsets.reduce(0) { total, offset in
            if case let .range(from, to?, step) = offset { return total + Int(((to - from) / step).rounded(.down)) + 2 }
            return total + 1
        }
        guard count <= maximumCount else { throw RenderError.input("\(context) '\(text)' stands for more than \(maximumCount) offsets") }
        return offsets
    }

    /// One item: a number, `end`, or `from:to:step`.
    public static func parse(_ item: String, context: String = "--offsets") throws -> ScrollOffset {
        if item.lowercased() == "end" { return .end }
        let parts = item.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 1 { return .at(try number(item, context: context, item: item)) }
        guard parts.count == 3 else {
            throw RenderError.input("\(context) range '\(item)' is not from:to:step (e.g. 0:600:50)")
        }
        let from = try number(parts[0], context: context, item: item)
        let to = parts[1].lowercased() == "end" ? nil : try number(parts[1], context: context, item: item)
        let step = try number(parts[2], context: context, item: item)
        let range = ScrollOffset.range(from: from, to: to, step: step)
        try range.validate(context: context)
        return range
    }

    private static func number(_ text: String, context: String, item: String) throws -> Double {
        let lowered = text.lowercased()
        guard !text.isEmpty, let value = Double(text), value.isFinite, lowered != "nan", !lowered.contains("inf") else {
            throw RenderError.input(text == item ? "\(context) item '\(item)' is not a finite number"
                                                 : "\(context) range '\(item)': '\(text)' is not a finite number")
        }
        return value == 0 ? 0 : value  // -0 is rest
    }
}
