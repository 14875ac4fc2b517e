import Foundation

/// Runs work that recurses with the document's depth on a thread whose stack is large
/// enough for it. The stack is reserved address space: only the pages used cost memory.
/// Under an address-space limit a 1 GiB stack may not fit: it is asked for again at a
/// quarter of the size, down to 16 MiB, and the work runs on the caller's thread when none
/// fits (the HTML source limits bound the depth, so that still ends).
enum LargeStack {
    static let size = 1 << 30
    static let smallestSize = 16 << 20

    static func run<Result>(_ body: @escaping () -> Result) -> Result {
        var result: Result?
        var stackSize = size
        while stackSize >= smallestSize {
            if let thread = JoinableThread.start(stackSize: stackSize, { result = body() }) {
                thread.join()
                return result!
            }
            stackSize /= 4
        }
        return body()
    }
}
