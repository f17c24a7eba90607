/// A clock read as the time since the reading began, so that an instant of any clock can be
/// kept as a `Duration`.
struct ClockReading: Sendable {
    private let elapsed: @Sendable () -> Duration

    /// Begins reading `clock` now.
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
    }

    /// How long since the reading began.
    var now: Duration { elapsed() }
}
