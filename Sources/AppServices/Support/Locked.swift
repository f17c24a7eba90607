/// A value behind a lock, with the shape of Synchronization's `Mutex`: the value is
/// reached only inside ``withLock(_:)``.
///
/// Why not `Mutex` itself: on Linux, `Mutex` waits on futexes that ThreadSanitizer cannot
/// see, so it reports every access `Mutex` protects as a data race, and a sanitizer run
/// drowns in false reports (checked with a two-thread counter: `Mutex` 4 reports,
/// `pthread_mutex_t` none). This lock is a `pthread_mutex_t`, which ThreadSanitizer
/// intercepts on every platform, so a clean sanitizer run means something.
package final class Locked<State>: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `state` is private and only read or written inside
    // `withLock`, between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`,
    // which is never moved (it is allocated once and freed in `deinit`).
    private let mutex = CLibrary.PThreadMutex()
    private var state: State

    /// Creates a lock around `state`.
    package init(_ state: sending State) {
        self.state = state
    }

    deinit {
        mutex.destroy()
    }

    /// Runs `body` with the value, holding the lock. Keep `body` short: no waiting, no
    /// calls into user code, no resuming continuations (do those after it returns).
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }
}
