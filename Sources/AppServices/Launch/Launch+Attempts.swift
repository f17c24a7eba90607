import Logging

/// What one attempt does, in the task the launch started for it (or on the spot before
/// launch returns): check the required configuration, then perform.
extension Launch {
    /// Runs a before-launch-returns attempt on the spot: its synchronous work, after the
    /// check of its required configuration.
    @MainActor
    func runSynchronously(_ start: Machine.Start) -> Machine.AttemptResult {
        let node = graph.nodes[start.node]
        guard let work = node.synchronousWork else {
            preconditionFailure(
                "\(node.name) runs before launch returns without synchronous work; validation missed it."
            )
        }
        let context = makeContext(start)
        if let notDue = notDue(node, attempt: start.attempt, foregroundRun: start.foregroundRun) { return notDue }
        if let missing = missingConfiguration(node, context) { return missing }
        do {
            try work(context)
            return .succeeded
        } catch {
            return .failed(environment.redactor.redact("\(error)"))
        }
    }

    /// One attempt: checks the required configuration (first attempt only), then performs.
    ///
    /// `nonisolated(nonsending)`, like `perform`, so it runs where its task does.
    nonisolated(nonsending) func attempt(
        _ node: LaunchGraph.Node,
        _ context: InitializerContext
    ) async -> Machine.AttemptResult {
        // A migration cannot tell whether it is due without the history: it waits for the
        // device's unlock, and its dependents with it. Still without it (its budget ran out,
        // the launch was cancelled, the history cannot be read after all), it fails, so that
        // they do not run over data it did not migrate. Whether it is due is asked at every
        // attempt (the answer is the same when the history was there from the start), since a
        // retry may be the first attempt to have the history.
        var attempt = context.attempt
        if node.migration != nil {
            attempt = 1
            if memory.history?.isAvailable == false {
                environment.logger.notice(
                    """
                    \(node.name) waits for the launch history, which cannot be read before the device's first unlock: \
                    the \(node.phase) phase, and what depends on it, wait with it.
                    """,
                    metadata: ["initializer": "\(node.name)"]
                )
                await memory.historyAvailable()
                if memory.history?.isAvailable == false {
                    return .failed(
                        "the launch history could not be read: the device was not unlocked, or it reads as empty"
                    )
                }
            }
        }
        if let notDue = notDue(node, attempt: attempt, foregroundRun: context.foregroundRun) { return notDue }
        if let missing = missingConfiguration(node, context) { return missing }
        do {
            try await node.initializer.perform(context)
            return .succeeded
        } catch {
            return .failed(environment.redactor.redact("\(error)"))
        }
    }

    /// The result of an attempt whose required configuration is missing (checked on the
    /// first attempt only), or `nil` when it may run.
    func missingConfiguration(_ node: LaunchGraph.Node, _ context: InitializerContext) -> Machine.AttemptResult? {
        guard context.attempt == 1 && !node.requiredKeys.isEmpty else { return nil }
        let missing = environment.configuration.missingKeys(node.requiredKeys)
        return missing.isEmpty ? nil : .missingConfiguration(missing)
    }

    func makeContext(_ start: Machine.Start) -> InitializerContext {
        let node = graph.nodes[start.node]
        return InitializerContext(
            name: node.name,
            phase: node.phase,
            attempt: start.attempt,
            foregroundRun: start.foregroundRun,
            environment: environment
        )
    }

    func isSynchronous(_ start: Machine.Start) -> Bool {
        start.foregroundRun == 0 && graph.nodes[start.node].phase == .beforeLaunchReturns
    }

    /// Critical work first; idle work at low priority, as its name says.
    static func priority(of phase: LaunchPhase, foregroundRun: Int) -> TaskPriority {
        if foregroundRun > 0 { return .medium }
        switch phase {
        case .beforeLaunchReturns, .critical: return .high
        case .idle: return .low
        default: return .medium
        }
    }
}
