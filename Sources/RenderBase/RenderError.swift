/// Why a command failed: bad input (arguments, files, suites), or output that could not be
/// made or written. The message is the one line printed for it.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case input(String)
    case output(String)
    public var description: String {
        switch self {
        case .input(let message), .output(let message): return message
        }
    }
}
