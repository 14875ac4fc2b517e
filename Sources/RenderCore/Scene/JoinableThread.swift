import Foundation

/// A pthread running one closure, whose failure to start is seen. Foundation's `Thread`
/// hides it: under an address-space limit (`ulimit -v`, as some CI runners set) a large stack
/// may not fit, the thread never runs, and whoever waits for its work waits forever (a
/// message render hung in one run of three under `ulimit -v 2097152`).
final class JoinableThread {
    private var thread = pthread_t()

    private init() {}

    /// Starts `body` on a new thread with that stack size; nil when it cannot start.
    static func start(stackSize: Int, _ body: @escaping () -> Void) -> JoinableThread? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
        let handle = JoinableThread()
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        let status = pthread_create(&handle.thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return handle
    }

    /// Waits for the closure to end.
    func join() { pthread_join(thread, nil) }

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
