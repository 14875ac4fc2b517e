import RenderCore

/// The comparison flags `check`, `record` and `diff` share.
enum ComparisonFlags {
    static let declared: [CommandOption] = [
        .value("threshold", "0.1", "per-pixel colour tolerance, 0 to 1 (0.1: pixelmatch's default)"),
        .switch("include-aa", "count anti-aliased pixels as differences"),
        .value("max-diff-pixels", "N", "differing pixels allowed before a frame fails (default 0)"),
        .value("max-diff-ratio", "R", "share of differing pixels allowed, 0 to 1 (with --max-diff-pixels the smaller holds)"),
        .value("window", "N", "hold the budget against the most differing pixels in any NxN window"),
        .value("mask", "x,y,w,h", "ignore a rectangle (points, viewport coordinates); repeat or separate with ;"),
    ]
    static let options = declared.valueNames
    static let switches = declared.switchNames
    /// Flags that need the frame's layout: `check` and `record` take them, `diff` (two PNGs) cannot.
    static let layoutDeclared: [CommandOption] = [
        .value("mask-selector", "SEL", "ignore the boxes of the elements a CSS selector matches, wherever they scroll (repeatable)"),
    ]
    static let layoutOptions = layoutDeclared.valueNames

    /// Only the flags given on the command line; the rest stay nil so suite settings apply.
    static func overrides(_ arguments: Arguments) throws -> ToleranceOverrides {
        var overrides = ToleranceOverrides()
        if let threshold = try arguments.number("threshold") {
            guard threshold >= 0, threshold <= 1 else { throw UsageError("--threshold must be between 0 and 1, got \(format(threshold))") }
            overrides.threshold = threshold
        }
        if arguments.has("include-aa") { overrides.includeAA = true }
        if let count = try arguments.number("max-diff-pixels") {
            guard count >= 0, count == count.rounded(), count < 1e12 else {
                throw UsageError("--max-diff-pixels must be a whole number of pixels, got \(format(count))")
            }
            overrides.maxDiffPixels = Int(count)
        }
        if let ratio = try arguments.number("max-diff-ratio") {
            guard ratio >= 0, ratio <= 1 else { throw UsageError("--max-diff-ratio must be between 0 and 1, got \(format(ratio))") }
            overrides.maxDiffRatio = ratio
        }
        if let window = try arguments.number("window") {
            guard window >= 1, window == window.rounded(), window <= 100_000 else {
                throw UsageError("--window must be a whole number of pixels of at least 1, got \(format(window))")
            }
            overrides.window = Int(window)
        }
        let masks = try arguments.allValues("mask").flatMap(parseMasks)
        if !masks.isEmpty { overrides.masks = masks }
        let selectors = arguments.allValues("mask-selector")
        for selector in selectors {
            do { try MaskSelector.validate(selector) } catch { throw UsageError("--mask-selector \(error)") }
        }
        if !selectors.isEmpty { overrides.maskSelectors = selectors }
        return overrides
    }

    /// `x,y,w,h` rectangles in points, several separated by `;`.
    static func parseMasks(_ text: String) throws -> [MaskRect] {
        try text.split(separator: ";").map { item in
            let numbers = item.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else {
                throw UsageError("--mask '\(item)' is not x,y,width,height")
            }
            let rect = MaskRect(x: numbers[0]!, y: numbers[1]!, width: numbers[2]!, height: numbers[3]!)
            guard rect.width > 0, rect.height > 0 else { throw UsageError("--mask '\(item)' has no area") }
            return rect
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

import Foundation
