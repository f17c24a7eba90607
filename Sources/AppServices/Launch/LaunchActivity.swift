/// What a launch is running at one moment, for tests that drive a manual clock: they
/// advance it only once every running attempt is asleep on the clock.
package struct LaunchActivity: Sendable {
    /// One attempt whose task is running.
    package struct Attempt: Sendable {
        package let name: String
        package let attempt: Int
        package let foregroundRun: Int
        /// When the attempt started, on the launch clock.
        package let start: Duration
        /// The attempt's task has been cancelled (budget or launch).
        package let isCancelled: Bool
    }

    /// Changes with every event the launch handles.
    package let version: Int
    /// When the launch's timer task wakes up, on the launch clock; `nil` when it sleeps not.
    package let timerDeadline: Duration?
    /// The attempts whose tasks are running.
    package let running: [Attempt]
}
