/// Every sentence the launch says about an initializer, each written once: the errors that
/// waiters receive and the report shows.
extension LaunchError {
    /// The node ran out of its budget.
    static func timedOut(_ node: LaunchGraph.Node) -> LaunchError {
        LaunchError(
            code: .timedOut,
            initializer: node.name,
            message:
                "\(node.name) timed out: it did not finish within its budget of \(node.budget.map { "\($0)" } ?? "none"). "
                + "Make it faster, raise its budget, or make it optional."
        )
    }

    /// The node threw on its last attempt.
    static func failed(_ node: LaunchGraph.Node, attempts: Int, message: String) -> LaunchError {
        LaunchError(
            code: .initializerFailed,
            initializer: node.name,
            message: "\(node.name) failed\(attempts > 1 ? " after \(attempts) attempts" : ""): \(message)"
        )
    }

    /// A required node's configuration keys have no value.
    static func missingConfiguration(required node: LaunchGraph.Node, keys: [String]) -> LaunchError {
        let one = keys.count == 1
        return LaunchError(
            code: .missingConfiguration,
            initializer: node.name,
            message:
                "\(node.name) requires the configuration \(one ? "key" : "keys") \(keys.joined(separator: ", ")), which "
                + "\(one ? "has" : "have") no value. Set \(one ? "it" : "them") (argument, environment or file), or make "
                + "\(node.name) optional."
        )
    }

    /// Why an optional node with missing configuration keys was skipped (the report's reason).
    static func missingConfigurationReason(_ keys: [String]) -> String {
        "missing required configuration \(keys.count == 1 ? "key" : "keys") \(keys.joined(separator: ", "))"
    }

    /// An optional node was skipped because configuration keys have no value.
    static func skippedForConfiguration(_ node: LaunchGraph.Node, keys: [String]) -> LaunchError {
        LaunchError(
            code: .missingConfiguration,
            initializer: node.name,
            message: "\(node.name) was skipped: \(missingConfigurationReason(keys))."
        )
    }

    /// A node was skipped because a dependency did not succeed.
    static func dependencyFailed(_ name: String, reason: String) -> LaunchError {
        LaunchError(code: .dependencyFailed, initializer: name, message: "\(name) was skipped: its \(reason).")
    }

    /// The report's reason for skipping a dependent of `root` reached through `through`
    /// (`nil` when it depends on `root` directly).
    static func dependencyReason(root: String, verb: String, through: String?) -> String {
        guard let through else { return "dependency \(root) \(verb)" }
        return "dependency \(through) was skipped because \(root) \(verb)"
    }

    /// A required node's failure failed the launch.
    static func launchFailed(
        by node: LaunchGraph.Node,
        failure: LaunchError?,
        outcome: LaunchReport.Outcome
    ) -> LaunchError {
        LaunchError(
            code: failure?.code ?? .initializerFailed,
            initializer: node.name,
            message: "The launch failed: \(failure?.message ?? "\(node.name) \(outcome)")"
        )
    }

    /// The report's reason for skipping what had not run when `node` failed the launch.
    static func launchFailedReason(_ node: LaunchGraph.Node, outcome: LaunchReport.Outcome) -> String {
        "the launch failed: \(node.name) \(outcome.verb)"
    }

    /// The report's reason for skipping what had not run when the launch was cancelled.
    static let cancelledReason = "the launch was cancelled"

    /// The launch was cancelled (termination).
    static let launchCancelled = LaunchError(code: .cancelled, initializer: nil, message: "The launch was cancelled.")

    /// The launch was cancelled before `didFinishLaunching`.
    static let launchCancelledBeforeBeginning = LaunchError(
        code: .cancelled,
        initializer: nil,
        message: "The launch was cancelled before it began."
    )

    /// A node stopped with the launch, when the launch has no error of its own.
    static func cancelled(_ node: LaunchGraph.Node) -> LaunchError {
        LaunchError(code: .cancelled, initializer: node.name, message: "\(node.name) was cancelled.")
    }

    /// A node that did not succeed, when no more precise error was recorded.
    static func unsuccessful(_ name: String, verb: String) -> LaunchError {
        LaunchError(code: .initializerFailed, initializer: name, message: "\(name) \(verb).")
    }

    /// The node asked for is not in the plan.
    static func notInPlan(_ name: String) -> LaunchError {
        LaunchError(
            code: .notInPlan,
            initializer: name,
            message: "\(name) is not in the launch plan, so it cannot be run. Add it to the plan."
        )
    }

    /// The plan was merged into an outer composite's launch.
    static let handedOver = LaunchError(
        code: .handedOver,
        initializer: nil,
        message: "The launch plan was merged into the launch of the composite it is nested in."
    )

    /// The task waiting on the launch was cancelled.
    static let stoppedWaiting = LaunchError(
        code: .cancelled,
        initializer: nil,
        message: "The task waiting on the launch was cancelled; the launch goes on."
    )
}
