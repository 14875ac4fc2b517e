import Foundation

/// Runs work that recurses with the document's depth on a thread whose stack is large
/// enough for it. The stack is reserved address space: only the pages used cost memory.
enum LargeStack {
    static let size = 1 << 30

    /// Returns once the thread has ended, its thread-exit destructors included (glib frees
    /// its per-thread caches in them): nothing of the thread outlives the call.
    static func run<Result>(_ body: @escaping () -> Result) -> Result {
        var result: Result?
        let work = Work { result = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, size)
        let context = Unmanaged.passRetained(work).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        if started == 0 {
            pthread_join(thread, nil)
        } else {
            // No thread (out of threads or address space): run here, with this thread's stack.
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        }
        return result!
    }

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
