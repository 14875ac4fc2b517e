/// One command-line option as it is declared: its name, the value it takes (nil for a switch)
/// and one line of help. Parsing (`Arguments`) and `snapshot help` both read these
/// declarations, so an option and its explanation live in one place.
struct CommandOption: Sendable {
    let name: String
    /// The value's placeholder in help (`N`, `DIR`); nil for a switch such as `--bounce`.
    let value: String?
    let help: String

    static func value(_ name: String, _ placeholder: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: placeholder, help: help)
    }

    static func `switch`(_ name: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: nil, help: help)
    }

    /// `--offsets LIST` or `--bounce`.
    var synopsis: String { "--" + name + (value.map { " " + $0 } ?? "") }
}

extension Array where Element == CommandOption {
    /// Names of the options that take a value.
    var valueNames: Set<String> { Set(filter { $0.value != nil }.map(\.name)) }
    /// Names of the switches.
    var switchNames: Set<String> { Set(filter { $0.value == nil }.map(\.name)) }
}
