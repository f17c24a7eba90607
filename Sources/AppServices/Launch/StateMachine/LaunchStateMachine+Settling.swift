/// Attempts ending, runs getting their outcome, and the launch stopping early.
extension LaunchStateMachine {
    /// Decides what a finished attempt (not over budget) means: success, a retry, a skip
    /// for missing configuration, or a failure.
    mutating func attemptEnded(
        _ index: Int,
        _ attempt: RunningAttempt,
        _ result: AttemptResult,
        now: Duration,
        _ effects: inout Effects
    ) {
        let node = graph.nodes[index]
        switch result {
        case .succeeded:
            finish(index, .succeeded, now: now, &effects)
        case .notDue(let reason):
            effects.logs.append(.notDue(node, reason: reason))
            nodes[index].record.start = nil
            finish(index, .notDue(reason), now: now, &effects)
        case .missingConfiguration(let keys) where node.policy.isRequired:
            let error = LaunchError.missingConfiguration(required: node, keys: keys)
            finish(index, .failed(error.message), now: now, failure: error, &effects)
        case .missingConfiguration(let keys):
            effects.logs.append(.skippedForConfiguration(node, keys: keys))
            nodes[index].record.start = nil
            let reason = LaunchError.missingConfigurationReason(keys)
            finish(index, .skipped(reason), now: now, failure: .skippedForConfiguration(node, keys: keys), &effects)
        case .failed(let message):
            if attempt.isStoppedByLaunch {
                finish(index, .cancelled, now: now, failure: launchFailure(node), &effects)
            } else if attempt.number <= node.policy.maxRetries {
                retry(index, after: attempt.number, failedWith: message, now: now, &effects)
            } else {
                let error = LaunchError.failed(node, attempts: attempt.number, message: message)
                finish(index, .failed(message), now: now, failure: error, &effects)
            }
        }
    }

    /// Starts the next attempt now, or when its backoff has passed.
    private mutating func retry(
        _ index: Int,
        after attempt: Int,
        failedWith message: String,
        now: Duration,
        _ effects: inout Effects
    ) {
        let node = graph.nodes[index]
        nodes[index].record.attempts.append(.init(start: nodes[index].record.attemptStart, end: now, error: message))
        // Only the launch's run of before-launch-returns work is synchronous (and cannot
        // wait); its foreground runs are tasks like any other, and back off.
        let synchronous = node.phase == .beforeLaunchReturns && nodes[index].foregroundRun == 0
        let delay = synchronous ? .zero : node.policy.backoff.delay(beforeRetry: attempt)
        effects.logs.append(.retrying(node, attempt: attempt, message: message, delay: delay))
        if signposting, let token = nodes[index].status.attempt?.token {
            effects.signposts.append(.retried(node: index, token: token, attempt: attempt, error: message))
        }
        if delay == .zero {
            startAttempt(index, attempt: attempt + 1, now: now, &effects)
        } else {
            nodes[index].status = .retrying(nextAttempt: attempt + 1)
            timers.add(.retry, node: index, run: nodes[index].run, at: now + delay)
        }
    }

    /// Gives the node's run its outcome, then lets its dependents start, or skips them, or
    /// fails the launch, as its policy says.
    mutating func finish(
        _ index: Int,
        _ outcome: LaunchReport.Outcome,
        now: Duration,
        failure: LaunchError? = nil,
        _ effects: inout Effects
    ) {
        settle(index, outcome, now: now, failure: failure, &effects)
        let node = graph.nodes[index]
        let run = nodes[index].foregroundRun
        if outcome.kind.letsDependentsRun {
            for dependent in node.dependents
            where nodes[dependent].foregroundRun == run && nodes[dependent].status == .pending {
                nodes[dependent].unmet -= 1
                startIfReady(dependent, now: now, &effects)
            }
            return
        }
        guard outcome.kind != .cancelled else { return }  // the launch is stopping; it settles the rest
        let unsuccessful = outcome.kind == .failed || outcome.kind == .timedOut
        // On-demand work runs when someone asks; its failure is that caller's, not the launch's.
        if run == 0, node.phase != .onDemand, node.policy.isRequired, unsuccessful, launch.isRunning {
            let error = LaunchError.launchFailed(by: node, failure: failure, outcome: outcome)
            effects.logs.append(.launchFailed(error, by: node))
            stop(.failed(error), reason: LaunchError.launchFailedReason(node, outcome: outcome), now: now, &effects)
            return
        }
        if unsuccessful {
            effects.logs.append(.didNotSucceed(node, outcome, foregroundRun: run, launchStopped: !launch.isRunning))
        }
        skipDependents(of: index, now: now, &effects)
    }

    /// Skips everything in the same run that depends, directly or not, on `root`.
    private mutating func skipDependents(of root: Int, now: Duration, _ effects: inout Effects) {
        let run = nodes[root].foregroundRun
        let rootName = graph.nodes[root].name
        let verb = nodes[root].record.outcome.verb
        var stack = [root]
        while let next = stack.popLast() {
            for dependent in graph.nodes[next].dependents
            where nodes[dependent].foregroundRun == run && nodes[dependent].status == .pending {
                let through = next == root ? nil : graph.nodes[next].name
                let reason = LaunchError.dependencyReason(root: rootName, verb: verb, through: through)
                let error = LaunchError.dependencyFailed(graph.nodes[dependent].name, reason: reason)
                effects.logs.append(.skipped(error))
                settle(dependent, .skipped(reason), now: now, failure: error, &effects)
                stack.append(dependent)
            }
        }
    }

    /// Records the run's outcome and wakes whoever waits for the node.
    mutating func settle(
        _ index: Int,
        _ outcome: LaunchReport.Outcome,
        now: Duration,
        failure: LaunchError?,
        _ effects: inout Effects
    ) {
        let attemptInProgress = nodes[index].status.attempt != nil
        if signposting {
            if let token = nodes[index].status.attempt?.token {
                effects.signposts.append(.attempt(node: index, token: token, outcome))
            } else {
                effects.signposts.append(.withoutAttempt(node: index, outcome))
            }
        }
        nodes[index].status = .finished
        nodes[index].record.outcome = outcome
        nodes[index].record.failure = failure
        if let start = nodes[index].record.start {
            nodes[index].record.end = now
            if !nodes[index].record.attempts.isEmpty && attemptInProgress {
                // A try cut off (timed out, cancelled) has no error of its own: what ended it.
                let error = outcome.kind.letsDependentsRun ? nil : outcome.detail ?? outcome.verb
                nodes[index].record.attempts.append(
                    .init(start: nodes[index].record.attemptStart, end: now, error: error)
                )
            }
            effects.finishedRuns.append(
                .init(
                    node: index,
                    outcome: outcome.kind,
                    duration: now - start,
                    foregroundRun: nodes[index].foregroundRun
                )
            )
        }
        if nodes[index].foregroundRun == 0 {
            remaining[graph.nodes[index].phase.index] -= 1
            effects.settledNodes.append(index)
        }
        let waiting = waiters.removeWaiters(ofNode: index)
        guard !waiting.isEmpty else { return }
        let result = result(of: index)
        for waiter in waiting { effects.resume.append((waiter, result)) }
    }

    /// Settles a queued attempt that never began, as the launch stops for `reason`: a first
    /// attempt is skipped, with no start; a retry is cancelled, as a node waiting to retry
    /// is, keeping the times of the tries that ran.
    mutating func settleUnbegun(
        _ index: Int,
        _ attempt: RunningAttempt,
        reason: String,
        now: Duration,
        _ effects: inout Effects
    ) {
        nodes[index].status = .pending
        if attempt.number == 1 {
            nodes[index].record.start = nil
            settle(index, .skipped(reason), now: now, failure: launch.error, &effects)
        } else {
            settle(index, .cancelled, now: now, failure: launch.error, &effects)
        }
    }

    /// Ends the launch early: running nodes are cancelled (and given the grace period),
    /// queued ones that never began and the rest are skipped, and every waiter learns why.
    ///
    /// - Parameter reason: Why the nodes that never ran are skipped.
    mutating func stop(_ status: LaunchStatus, reason: String, now: Duration, _ effects: inout Effects) {
        launch = status
        stopReason = reason
        effects.launchStopped = true
        let error = status.error!
        for index in nodes.indices {
            switch nodes[index].status {
            case .pending:
                settle(index, .skipped(reason), now: now, failure: error, &effects)
            case .retrying:
                settle(index, .cancelled, now: now, failure: error, &effects)
            case .running(let attempt) where !attempt.hasBegun:
                // Queued behind the before-launch-returns work running now: it never runs,
                // so no grace period and no abandonment.
                settleUnbegun(index, attempt, reason: reason, now: now, &effects)
            case .running(var attempt):
                attempt.isStoppedByLaunch = true
                nodes[index].status = .running(attempt)
                if let task = attempt.task { effects.cancel.append(task) }
                timers.add(.grace, node: index, run: nodes[index].run, at: now + gracePeriod)
            case .overBudget, .finished:
                break
            }
        }
        effects.resume += waiters.removePhaseWaiters { _ in .failure(error) }
    }
}
