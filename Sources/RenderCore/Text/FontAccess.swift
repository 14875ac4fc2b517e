import Foundation

/// Who may use the fixed font set's FreeType faces at a time. Pango (layout) and cairo
/// (drawing glyphs) share them, and cairo 1.16 closes and reopens faces as it needs them (ten
/// stay open): a layout on one thread while another draws lost colour emoji and glyphs (the
/// full test suite, which lays out and draws at once, showed it). Layout takes the lock alone;
/// drawing shares it, so the frames of laid-out documents still draw on every core.
/// Unchecked: its only state is the read-write lock, set up once and thread-safe itself.
final class FontAccess: @unchecked Sendable {
    static let shared = FontAccess()

    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    private init() {
        lock = .allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
    }

    /// Layout: no glyph is drawn meanwhile, and no other layout runs.
    func lockExclusively() { pthread_rwlock_wrlock(lock) }

    /// Drawing and measuring ink: alongside other drawing, never during a layout. A thread
    /// may take it again while it holds it (glibc's read-write locks prefer readers).
    func lockShared() { pthread_rwlock_rdlock(lock) }

    func unlock() { pthread_rwlock_unlock(lock) }
}
