/// The composite's clock, opened once so the launch can read it as durations since the
/// launch was attached and sleep until such a duration.
///
/// `any Clock<Duration>` hides its instant type; instants of one clock can only be compared
/// with each other, so the clock is opened here, its instant at creation kept as the origin,
/// and everything else works in `Duration`s from it.
struct LaunchClock: Sendable {
    /// The time since the origin.
    let now: @Sendable () -> Duration
    /// Sleeps until `offset` after the origin; throws `CancellationError` when cancelled.
    let sleep: @Sendable (_ offset: Duration) async throws -> Void

    init(_ clock: any Clock<Duration>) {
        self = Self.opened(clock)
    }

    private init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    private static func opened<C: Clock<Duration>>(_ clock: C) -> LaunchClock {
        let origin = clock.now
        return LaunchClock(
            now: { origin.duration(to: clock.now) },
            sleep: { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
        )
    }
}
