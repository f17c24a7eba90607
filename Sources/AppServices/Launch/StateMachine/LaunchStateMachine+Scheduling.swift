/// Starting runs and attempts, the timers, and phase readiness.
extension LaunchStateMachine {
    // MARK: - Starting

    mutating func beginPhase(_ phase: LaunchPhase, now: Duration, _ effects: inout Effects) {
        phaseStarts[phase.index] = now
        effects.logs.append(.phaseStarted(phase))
        for index in graph.membersByPhase[phase.index] { startIfReady(index, now: now, &effects) }
    }

    /// Starts the node's run if everything it waits for is there.
    mutating func startIfReady(_ index: Int, now: Duration, _ effects: inout Effects) {
        let node = graph.nodes[index]
        guard nodes[index].status == .pending, nodes[index].unmet == 0 else { return }
        if nodes[index].foregroundRun == 0 {
            guard launch.isRunning, phaseStarts[node.phase.index] != nil || nodes[index].demanded else { return }
        }
        nodes[index].run &+= 1
        nodes[index].record.start = now
        startAttempt(index, attempt: 1, now: now, &effects)
        // Before launch returns, work is synchronous and cannot be interrupted.
        if let budget = node.budget, node.phase != .beforeLaunchReturns {
            timers.add(.budget, node: index, run: nodes[index].run, at: now + budget)
        }
    }

    mutating func startAttempt(_ index: Int, attempt: Int, now: Duration, _ effects: inout Effects) {
        nodes[index].lastToken &+= 1
        let token = nodes[index].lastToken
        let queued = nodes[index].foregroundRun == 0 && graph.nodes[index].phase == .beforeLaunchReturns
        nodes[index].status = .running(RunningAttempt(number: attempt, token: token, hasBegun: !queued))
        nodes[index].record.attemptStart = now
        effects.starts.append(
            Start(node: index, token: token, attempt: attempt, foregroundRun: nodes[index].foregroundRun)
        )
    }

    /// Marks a demanded node and every dependency not run yet, then starts what can start.
    mutating func startWithDependencies(_ index: Int, now: Duration, _ effects: inout Effects) {
        guard nodes[index].foregroundRun == 0, !nodes[index].demanded else { return }
        var marked: [Int] = []
        var stack = [index]
        nodes[index].demanded = true
        while let next = stack.popLast() {
            marked.append(next)
            for dependency in graph.nodes[next].dependencies
            where nodes[dependency].status == .pending && !nodes[dependency].demanded {
                nodes[dependency].demanded = true
                stack.append(dependency)
            }
        }
        for node in marked { startIfReady(node, now: now, &effects) }
    }

    mutating func rerunForForeground(now: Duration, _ effects: inout Effects) {
        guard launch.isRunning else { return }
        // By its launch run, not its last foreground run: one that failed in the foreground
        // is tried again in the next. One that ran at launch runs again, whatever came of it
        // (a refresh that failed offline at launch is tried again as the person returns);
        // one skipped at launch after a failed dependency runs again with that dependency,
        // once every other dependency has succeeded (one skipped for a missing key would be
        // skipped again).
        let candidates = graph.nodes.indices.filter { index in
            graph.nodes[index].rerunsOnForeground && nodes[index].status == .finished
        }
        var rerunning = Set(
            candidates.filter { index in
                let kind = launchKind(of: index)
                return kind.letsDependentsRun || kind == .failed || kind == .timedOut
            }
        )
        var grew = true
        while grew {
            grew = false
            for index in candidates
            where !rerunning.contains(index) && launchKind(of: index) == .skipped
                && graph.nodes[index].dependencies.contains(where: {
                    rerunning.contains($0) && !launchKind(of: $0).letsDependentsRun
                })
                && graph.nodes[index].dependencies.allSatisfy({
                    rerunning.contains($0) || nodes[$0].record.outcome.kind.letsDependentsRun
                })
            {
                rerunning.insert(index)
                grew = true
            }
        }
        let members = candidates.filter(rerunning.contains)
        guard !members.isEmpty else { return }
        effects.logs.append(.enteringForeground(members.map { graph.nodes[$0].name }))
        rerun(members, now: now, &effects)
    }

    /// What the launch run of `index` came to (its record, or its launch's when it ran again).
    private func launchKind(of index: Int) -> LaunchReport.Outcome.Kind {
        (launchRecords[index] ?? nodes[index].record).outcome.kind
    }

    /// Runs `index` again, as its repetition asks (``Repetition``), when its last run has
    /// finished; returns the number of the run, or `nil` when it did not start one.
    mutating func repeatRun(of index: Int, now: Duration, _ effects: inout Effects) -> Int? {
        guard launch.isRunning, nodes[index].status == .finished else { return nil }
        // As at launch, it runs only once its dependencies have succeeded, by their latest run
        // (one that failed, or runs again now, lets it wait for its next turn).
        guard graph.nodes[index].dependencies.allSatisfy({ nodes[$0].record.outcome.kind.letsDependentsRun })
        else { return nil }
        effects.logs.append(.repeating(graph.nodes[index].name))
        rerun([index], now: now, &effects)
        return foregroundRuns
    }

    /// Runs `members` again, as run number ``foregroundRuns`` after the launch's, each
    /// waiting only for dependencies that run again with it.
    private mutating func rerun(_ members: [Int], now: Duration, _ effects: inout Effects) {
        foregroundRuns += 1
        for index in members {
            if nodes[index].foregroundRun == 0 {
                launchRecords[index] = nodes[index].record
            } else {
                earlierForegroundRecords.append((index, nodes[index].foregroundRun, nodes[index].record))
            }
            nodes[index].foregroundRun = foregroundRuns
            nodes[index].status = .pending
            nodes[index].record = RunRecord()
        }
        for index in members {
            nodes[index].unmet = graph.nodes[index].dependencies.count(where: { dependency in
                nodes[dependency].foregroundRun == foregroundRuns && nodes[dependency].status == .pending
            })
        }
        for index in members { startIfReady(index, now: now, &effects) }
    }

    // MARK: - Timers

    /// Whether a timer still means something for its node.
    func isLive(_ entry: LaunchTimers.Entry) -> Bool {
        guard nodes[entry.node].run == entry.run else { return false }
        switch (entry.kind, nodes[entry.node].status) {
        // Once the launch has stopped a node, its grace period decides, not its budget.
        case (.budget, .running(let attempt)): return !attempt.isStoppedByLaunch
        case (.budget, .retrying): return true
        case (.grace, .overBudget): return true
        case (.grace, .running(let attempt)): return attempt.isStoppedByLaunch
        case (.retry, .retrying): return true
        default: return false
        }
    }

    mutating func fire(_ entry: LaunchTimers.Entry, now: Duration, _ effects: inout Effects) {
        guard isLive(entry) else { return }
        let index = entry.node
        let node = graph.nodes[index]
        switch (entry.kind, nodes[index].status) {
        case (.budget, .running(let attempt)):
            nodes[index].status = .overBudget(attempt)
            if let task = attempt.task { effects.cancel.append(task) }
            effects.logs.append(.overBudget(node, gracePeriod: gracePeriod))
            timers.add(.grace, node: index, run: nodes[index].run, at: now + gracePeriod)
        case (.budget, .retrying):
            finish(index, .timedOut, now: now, failure: .timedOut(node), &effects)
        case (.grace, .overBudget), (.grace, .running):
            // Out of budget, or stopped with the launch: either way it has had its grace period.
            let timedOut = nodes[index].status.isOverBudget
            nodes[index].record.abandoned = true
            effects.logs.append(.abandoned(node, gracePeriod: gracePeriod, timedOut: timedOut))
            if timedOut {
                finish(index, .timedOut, now: now, failure: .timedOut(node), &effects)
            } else {
                finish(index, .cancelled, now: now, failure: launchFailure(node), &effects)
            }
        case (.retry, .retrying(let attempt)):
            startAttempt(index, attempt: attempt, now: now, &effects)
        default:
            preconditionFailure("A \(entry.kind) timer fired for \(node.name) while it is \(nodes[index].status).")
        }
    }

    /// Keeps the one timer task asleep until the earliest live deadline.
    mutating func armTimer(_ effects: inout Effects) {
        // Moved out for the call, so that reading the nodes does not overlap writing the
        // timers (and the heap is not copied).
        var timers = self.timers
        self.timers = LaunchTimers()
        let (cancel, arm) = timers.rearm { isLive($0) }
        self.timers = timers
        if let cancel { effects.cancel.append(cancel) }
        effects.armTimer = arm
    }

    // MARK: - Phases and results

    /// Whether every launch-run node of `phase` and of the phases before it has finished
    /// (on-demand nodes count only for ``LaunchPhase/onDemand`` itself).
    func isReady(_ phase: LaunchPhase) -> Bool {
        for earlier in LaunchPhase.allCases where earlier <= phase && (earlier != .onDemand || phase == .onDemand) {
            if earlier != .onDemand && phaseStarts[earlier.index] == nil { return false }
            if remaining[earlier.index] > 0 { return false }
        }
        return true
    }

    /// How a wait for `phase` ends now, or `nil` if it must go on.
    func phaseResult(_ phase: LaunchPhase) -> Result<Void, LaunchError>? {
        if phaseReady[phase.index] != nil { return .success(()) }
        return launch.error.map { .failure($0) }
    }

    /// Marks phases that became ready, starts the idle phase when the launch is quiet, and
    /// wakes phase waiters.
    mutating func settlePhases(now: Duration, _ effects: inout Effects) {
        guard launch.isRunning else { return }
        var changed = true
        while changed {
            changed = false
            for phase in LaunchPhase.allCases where phaseReady[phase.index] == nil && isReady(phase) {
                phaseReady[phase.index] = now
                effects.readyPhases.append((phase, phaseStarts[phase.index].map { now - $0 }))
                effects.logs.append(.phaseReady(phase))
                changed = true
            }
            if phaseStarts[LaunchPhase.idle.index] == nil, firstFrameAt != nil,
                phaseReady[LaunchPhase.afterFirstFrame.index] != nil
            {
                beginPhase(.idle, now: now, &effects)
                changed = true
            }
        }
        var waiters = self.waiters
        self.waiters = LaunchWaiters()
        // Resumed after this batch's effects; a batch still being carried out on another
        // thread (a run that finished just before, its success not yet remembered) holds
        // those the phase is ready for, as ``waitForPhase(_:_:)`` does.
        for (waiter, result) in waiters.removePhaseWaiters({ phaseResult($0) }) {
            if case .success = result, effectsBeingCarriedOut > 0 {
                waiters.waitUntilCarriedOut(waiter)
            } else {
                effects.resume.append((waiter, result))
            }
        }
        self.waiters = waiters
    }

    /// How a wait for the finished node `index` ends: by `record`, its latest run's by
    /// default.
    func result(of index: Int, _ record: RunRecord? = nil) -> Result<Void, LaunchError> {
        let record = record ?? nodes[index].record
        if record.outcome.kind.letsDependentsRun { return .success(()) }
        return .failure(record.failure ?? .unsuccessful(graph.nodes[index].name, verb: record.outcome.verb))
    }

    /// The error of a node stopped with the launch.
    func launchFailure(_ node: LaunchGraph.Node) -> LaunchError {
        launch.error ?? .cancelled(node)
    }
}

extension LaunchStateMachine.Status {
    var isOverBudget: Bool {
        if case .overBudget = self { true } else { false }
    }
}
