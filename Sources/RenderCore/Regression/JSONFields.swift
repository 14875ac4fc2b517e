import Foundation

/// Reads one JSON object field by field, naming the path in every error and refusing unknown
/// keys, so a typo in a suite file is an error rather than a silently ignored setting.
struct JSONFields {
    let values: [String: Any]
    let path: String

    init(_ value: Any?, path: String) throws {
        guard let object = value as? [String: Any] else { throw RenderError.input("\(path): expected an object") }
        values = object
        self.path = path
    }

    /// Keys starting with `//` are comments (JSON has none), allowed in every object.
    func allowOnly(_ keys: Set<String>) throws {
        if let unknown = values.keys.sorted().first(where: { !keys.contains($0) && !$0.hasPrefix("//") }) {
            let suggestion = Suggestion.didYouMean(unknown, among: keys)
            throw RenderError.input("\(path): unknown key '\(unknown)'\(suggestion.isEmpty ? " (expected \(keys.sorted().joined(separator: ", ")))" : suggestion)")
        }
    }

    func has(_ key: String) -> Bool { values[key] != nil }

    func string(_ key: String) throws -> String? {
        guard let value = values[key] else { return nil }
        guard let string = value as? String else { throw RenderError.input("\(path).\(key): expected a string") }
        return string
    }

    func number(_ key: String) throws -> Double? {
        guard let value = values[key] else { return nil }
        guard let number = Self.number(value) else { throw RenderError.input("\(path).\(key): expected a number") }
        return number
    }

    func wholeNumber(_ key: String, atLeast minimum: Int) throws -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), number >= Double(minimum), number < 1e12 else {
            throw RenderError.input("\(path).\(key): expected a whole number of at least \(minimum), got \(Scene.format(number))")
        }
        return Int(number)
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = values[key] else { return nil }
        guard Self.isBool(value), let bool = value as? Bool else { throw RenderError.input("\(path).\(key): expected true or false") }
        return bool
    }

    /// A JSON number (true and false are NSNumbers too in Foundation; they are refused).
    static func number(_ value: Any) -> Double? {
        guard !isBool(value), let number = (value as? NSNumber)?.doubleValue, number.isFinite else { return nil }
        return number
    }

    /// JSONSerialization gives booleans a distinct class (objCType "c"), numbers are "i", "q", "d".
    static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c" || String(describing: type(of: number)).contains("Boolean")
    }

    /// A string naming one case of an enumeration, e.g. `"mode": "pinned"`.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String) throws -> T? where T.RawValue == String {
        guard let raw = try string(key) else { return nil }
        guard let value = T(rawValue: raw) else {
            throw RenderError.input("\(path).\(key): '\(raw)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func object(_ key: String) throws -> JSONFields? {
        guard let value = values[key] else { return nil }
        return try JSONFields(value, path: "\(path).\(key)")
    }

    func array(_ key: String) throws -> [Any]? {
        guard let value = values[key] else { return nil }
        guard let array = value as? [Any] else { throw RenderError.input("\(path).\(key): expected an array") }
        return array
    }
}
