import Foundation

/// Runs work that recurses with the document's depth on a thread whose stack is large
/// enough for it. The stack is reserved address space: only the pages used cost memory.
enum LargeStack {
    static let size = 1 << 30

    static func run<Result>(_ body: @escaping () -> Result) -> Result {
        var result: Result?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return result!
    }
}
