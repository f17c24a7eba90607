extension LaunchStateMachine {
    /// The end of a node's signpost interval, decided under the lock and marked by
    /// ``Launch`` outside it (the interval began when the attempt started). Decided only
    /// when the launch has a signposter, so a launch without one pays nothing for them.
    enum SignpostEnd: Equatable {
        /// The attempt `token` of `node` ended: its run ended with `outcome`.
        case attempt(node: Int, token: UInt32, LaunchReport.Outcome)
        /// The attempt `token` of `node` failed with `error`, and attempt `attempt + 1`
        /// follows (now, or after its backoff).
        case retried(node: Int, token: UInt32, attempt: Int, error: String)
        /// The run of `node` ended with `outcome` while no attempt was under way: it never
        /// started (skipped) or waited to retry (cancelled, timed out). Marked as an interval
        /// that ends where it begins, so every report row has its interval.
        case withoutAttempt(node: Int, LaunchReport.Outcome)
    }
}
