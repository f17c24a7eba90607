import AppServices

/// A clock that moves only when a test advances it, so deadlines, budgets and timeouts are
/// tested without sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let composite = ServiceComposite([SlowService()], configuration: .init(clock: clock))
/// composite.performFetch { result = $0 }
/// await clock.waitForSleepers(1)        // the deadline timer is set
/// clock.advance(by: .seconds(25))       // the deadline passes
/// ```
///
/// Sleepers whose deadline is reached are resumed in deadline order (ties in the order they
/// went to sleep). Cancelling a sleeping task resumes it at once with `CancellationError`.
///
/// An advance moves to its target at once: the tasks it wakes run afterwards, as their
/// executors schedule them (not necessarily in the order they were resumed), and each reads
/// the target as the time; a sleep a woken task begins counts from the target. To see
/// several deadlines each at its own time (a repeating timer, a reply racing a deadline),
/// step through them: ``advanceToNextDeadline()``, or ``advance(to:)`` each deadline, with
/// ``waitForSleepers(_:)`` between the steps.
public final class TestClock: Clock, Sendable {
    /// A point on a ``TestClock``: the time since the clock was created.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock's origin.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's origin.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, such as `25.0 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
        var waiters: [(condition: @Sendable ([Instant]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        /// Removes and returns the waiters satisfied by the current sleepers.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let deadlines = sleepers.values.map(\.deadline)
            var ready: [CheckedContinuation<Void, Never>] = []
            waiters.removeAll { waiter in
                guard waiter.condition(deadlines) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
    }

    private let state = Locked(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// The clock's resolution: exact.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the sleeping tasks, earliest first.
    public var sleeperDeadlines: [Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    /// The earliest deadline a task is sleeping until, if any.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

    /// Suspends until the clock has been advanced to `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case due, cancelled, sleeping([CheckedContinuation<Void, Never>]) }
                let start: Start = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(id: id, deadline: deadline, continuation: continuation)
                    return .sleeping(state.satisfiedWaiters())
                }
                switch start {
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .sleeping(let waiters): for waiter in waiters { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose deadline is
    /// reached, earliest first; every woken task reads the new time (see the type's
    /// discussion for stepping through deadlines).
    ///
    /// - Precondition: `duration` is not negative: a clock that went back would wake no
    ///   sleeper and hide the mistake. To move to an instant that may be past, use
    ///   ``advance(to:)``, which does nothing then.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "TestClock cannot move backwards (asked to advance by \(duration)).")
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (if it is later than now) and wakes every sleeper whose
    /// deadline is reached, earliest first.
    public func advance(to instant: Instant) {
        let due: [Sleeper] = state.withLock { state in
            if instant > state.now { state.now = instant }
            let due = state.sleepers.values.filter { $0.deadline <= state.now }
                .sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            for sleeper in due { state.sleepers[sleeper.id] = nil }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to the earliest sleeper's deadline and wakes the sleepers due then.
    ///
    /// - Returns: The new time, or `nil` (and no change) when nobody sleeps.
    @discardableResult
    public func advanceToNextDeadline() -> Instant? {
        guard let next = nextDeadline else { return nil }
        advance(to: next)
        return next
    }

    /// Waits until at least `count` tasks are sleeping on the clock, so a test advances
    /// time only after the code under test has set its timers.
    public func waitForSleepers(_ count: Int = 1) async {
        await waitForSleepers { $0.count >= count }
    }

    /// Waits until tasks are sleeping until each of `deadlines` (one sleeper per entry; a
    /// deadline listed twice needs two), whatever else sleeps.
    ///
    /// Use it when the code under test re-arms timers: a count alone can be met by a timer
    /// that is about to be cancelled, the exact deadlines cannot.
    public func waitForSleepers(until deadlines: [Instant]) async {
        await waitForSleepers { sleeping in
            var remaining = sleeping
            for deadline in deadlines {
                guard let position = remaining.firstIndex(of: deadline) else { return false }
                remaining.remove(at: position)
            }
            return true
        }
    }

    private func waitForSleepers(where condition: @escaping @Sendable ([Instant]) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if condition(state.sleepers.values.map(\.deadline)) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
