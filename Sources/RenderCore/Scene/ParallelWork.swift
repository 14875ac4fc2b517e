import Foundation

/// Runs independent numbered tasks on exactly `jobs` threads (the caller's and `jobs - 1`
/// more). Workers take the next task as they finish one, so a slow frame does not hold the
/// others back.
enum ParallelWork {
    /// Runs `task(worker, index)` for every index in `0..<count`; `worker` (below `jobs`)
    /// names the thread, for state a worker keeps between its tasks. Returns the errors
    /// thrown, in task order.
    static func run(count: Int, jobs: Int, _ task: @escaping (_ worker: Int, _ index: Int) throws -> Void) -> [Error] {
        let workers = max(1, min(jobs, count))
        let state = State(count: count)
        let drain = { (worker: Int) in
            while let index = state.next() { state.record(index) { try task(worker, index) } }
        }
        // A worker that cannot start (an address-space limit) leaves its share to the others.
        let threads = (1..<workers).compactMap { worker in JoinableThread.start(stackSize: 8 << 20) { drain(worker) } }
        drain(0)
        for thread in threads { thread.join() }
        return state.errors.compactMap { $0 }
    }

    /// The shared task counter and error slots, behind one lock.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private let count: Int
        private(set) var errors: [Error?]

        init(count: Int) {
            self.count = count
            errors = Array(repeating: nil, count: count)
        }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard nextIndex < count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }

        func record(_ index: Int, _ body: () throws -> Void) {
            do { try body() } catch {
                lock.lock()
                errors[index] = error
                lock.unlock()
            }
        }
    }
}
