import Foundation
import RenderCore

/// A small command-line parser: `--name value` options, `--flag` switches and positionals.
/// Unknown options are errors, so a typo never silently changes a render.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses against a command's declared options (`CommandOption`).
    init(_ arguments: [String], declared: [CommandOption]) throws {
        try self.init(arguments, options: declared.valueNames, switches: declared.switchNames)
    }

    init(_ arguments: [String], options: Set<String>, switches: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil {
                    throw UsageError("unknown option '\(argument)'")
                }
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String? = nil
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if switches.contains(name) {
                guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                let suggestion = Suggestion.didYouMean(name, among: options.union(switches), prefix: "--")
                throw UsageError("unknown option '--\(name)'\(suggestion)")
            }
        }
    }

    /// The option's value (the last one when it is given more than once).
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func number(_ name: String) throws -> Double? {
        guard let raw = values[name]?.last else { return nil }
        guard let number = Double(raw.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw UsageError("option '--\(name)' needs a number, got '\(raw)'")
        }
        return number
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// `0,50,150`, ranges `0:600:50` (both ends included) and `end`; empty items and non-numbers
/// are errors.
func parseOffsets(_ text: String) throws -> [ScrollOffset] {
    try ScrollOffset.parseList(text, context: "--offsets")
}

