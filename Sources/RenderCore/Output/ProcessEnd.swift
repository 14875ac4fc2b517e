import Foundation

/// Ends the process cleanly on SIGINT, SIGTERM or a deadline (`--timeout`): temporary files
/// being written are removed, one line goes to stderr, and the exit status says why (130 and
/// 143 as shells report those signals, 2 for a timeout). Finished files stay: each one is
/// complete, since files only appear by rename.
///
/// The signals are blocked in every thread and taken by one thread with `sigtimedwait`, so
/// the cleanup runs as ordinary code (it takes locks), not in a signal handler.
public enum ProcessEnd {
    nonisolated(unsafe) private static var watcher: JoinableThread?

    /// Call first thing in `main`, before any thread starts (threads inherit the blocked mask).
    /// `deadline` is seconds from now, if any.
    public static func install(deadline seconds: Double? = nil) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waitedFor = signals
        let end = seconds.map { Date().addingTimeInterval($0) }
        let thread = JoinableThread.start(stackSize: 1 << 16) {
            while true {
                var wait = timespec(tv_sec: 3600, tv_nsec: 0)
                if let end {
                    let left = max(0, end.timeIntervalSinceNow)
                    wait = timespec(tv_sec: Int(left), tv_nsec: Int((left - left.rounded(.down)) * 1e9))
                }
                var mask = waitedFor
                let received = sigtimedwait(&mask, nil, &wait)
                if received == SIGINT { finish("interrupted (SIGINT)", status: 130) }
                if received == SIGTERM { finish("terminated (SIGTERM)", status: 143) }
                if received < 0, errno == EAGAIN, let end, end.timeIntervalSinceNow <= 0 {
                    finish("timed out after \(Scene.format(seconds ?? 0)) s (--timeout)", status: 2)
                }
            }
        }
        guard let thread else {
            // No watcher (an address-space limit): signals keep their default action.
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            return
        }
        watcher = thread
    }

    private static func finish(_ reason: String, status: Int32) -> Never {
        let removed = InFlightFiles.removeAllBeforeExit()
        let note = removed == 0 ? "" : "; removed \(removed) unfinished file\(removed == 1 ? "" : "s")"
        let line = "snapshot: \(reason)\(note)\n"
        line.withCString { _ = Foundation.write(2, $0, strlen($0)) }
        _exit(status)
    }
}
