extension LaunchStateMachine {
    /// A message to log once the lock is released.
    struct LogLine: Equatable {
        enum Level { case debug, info, warning, error }

        let level: Level
        let message: String
        /// The initializer concerned, logged as metadata.
        let node: String?
    }
}

/// Every sentence the launch logs, each written once.
extension LaunchStateMachine.LogLine {
    static func phaseStarted(_ phase: LaunchPhase) -> Self {
        .init(level: .debug, message: "The \(phase) launch phase started.", node: nil)
    }

    static func phaseReady(_ phase: LaunchPhase) -> Self {
        .init(level: .debug, message: "The \(phase) launch phase is ready.", node: nil)
    }

    static func returnedAfterAbandonment(_ node: LaunchGraph.Node) -> Self {
        .init(
            level: .debug,
            message: "\(node.name) returned after it was abandoned; its result was ignored.",
            node: node.name
        )
    }

    static func skippedForConfiguration(_ node: LaunchGraph.Node, keys: [String]) -> Self {
        let one = keys.count == 1
        return .init(
            level: .warning,
            message:
                "\(node.name) was skipped: the configuration \(one ? "key" : "keys") \(keys.joined(separator: ", ")) "
                + "\(one ? "has" : "have") no value.",
            node: node.name
        )
    }

    static func notDue(_ node: LaunchGraph.Node, reason: String) -> Self {
        .init(level: .debug, message: "\(node.name) did not run: \(reason).", node: node.name)
    }

    static func retrying(_ node: LaunchGraph.Node, attempt: Int, message: String, delay: Duration) -> Self {
        .init(
            level: .warning,
            message:
                "\(node.name) failed (attempt \(attempt) of \(node.policy.maxRetries + 1)): \(message). "
                + "Retrying in \(delay).",
            node: node.name
        )
    }

    static func launchFailed(_ error: LaunchError, by node: LaunchGraph.Node) -> Self {
        .init(level: .error, message: error.message, node: node.name)
    }

    /// A run that cannot fail the launch did not succeed: an optional initializer's, a
    /// foreground run, a run asked for on demand (whose caller gets the error), or any run
    /// once the launch has stopped (`launchStopped`: it failed or was cancelled, and went on
    /// without this run's outcome).
    static func didNotSucceed(
        _ node: LaunchGraph.Node,
        _ outcome: LaunchReport.Outcome,
        foregroundRun: Int,
        launchStopped: Bool
    ) -> Self {
        let which =
            foregroundRun > 0
            ? " (foreground run \(foregroundRun))"
            : !node.policy.isRequired ? " (optional)" : node.phase == .onDemand ? " (run on demand)" : ""
        let what = "\(node.name)\(which) \(outcome.kind == .failed ? "failed: \(outcome.detail ?? "")" : "timed out")"
        guard foregroundRun > 0 || !launchStopped else {
            return .init(level: .warning, message: "After the launch had stopped, \(what).", node: node.name)
        }
        let goesOn = foregroundRun > 0 ? "the application goes on" : "the launch goes on"
        return .init(
            level: .warning,
            message: "\(what); \(goesOn) without it\(node.dependents.isEmpty ? "" : " and its dependents").",
            node: node.name
        )
    }

    static func skipped(_ error: LaunchError) -> Self {
        .init(level: .info, message: error.message, node: error.initializer)
    }

    static func overBudget(_ node: LaunchGraph.Node, gracePeriod: Duration) -> Self {
        .init(
            level: .warning,
            message: "\(node.name) ran out of its budget of \(node.budget!) and was cancelled; it is abandoned "
                + "if it does not return within \(gracePeriod).",
            node: node.name
        )
    }

    static func abandoned(_ node: LaunchGraph.Node, gracePeriod: Duration, timedOut: Bool) -> Self {
        let cause = timedOut ? "being cancelled at the end of its budget" : "the launch being stopped"
        return .init(
            level: .warning,
            message: "\(node.name) did not return within \(gracePeriod) of \(cause); it was abandoned and is "
                + "reported as \(timedOut ? "timed out" : "cancelled").",
            node: node.name
        )
    }

    static func repeating(_ name: String) -> Self {
        .init(level: .info, message: "\(name) is due again: running it again.", node: nil)
    }

    static func enteringForeground(_ names: [String]) -> Self {
        .init(
            level: .info,
            message: "Entering the foreground: running \(names.joined(separator: ", ")) again.",
            node: nil
        )
    }
}
