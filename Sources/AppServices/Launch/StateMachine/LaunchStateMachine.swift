/// Every decision of a launch, made in one place: one method per input (a phase started,
/// an attempt finished, a timer fired, someone asked for a node, ...), each changing the
/// state and returning its own action: what to carry out (start these attempts, cancel
/// those tasks, resume these waiters, log, record metrics, arm the timer).
///
/// It does no work itself: ``Launch`` keeps it in a mutex, feeds it inputs one at a time,
/// and carries out the actions outside the lock. Times are `Duration`s the caller passes
/// in, so the machine is tested by feeding it inputs, without tasks or clocks. It is pure
/// state, which is what lets the scheduler be O(V + E): each node is started once per run,
/// each dependency edge is looked at once when its node settles, and timers (budgets, grace
/// periods, backoff) share one heap and one sleeping task (``LaunchTimers``).
///
/// Impossible transitions (an attempt's task created for a node that is not running) are
/// programmer errors: they stop the program with the node's state.
///
/// The inputs are in this file; what they share, in `LaunchStateMachine+Scheduling.swift`
/// (starting, timers, phases) and `LaunchStateMachine+Settling.swift` (attempts ending,
/// outcomes, stopping). Only those files write the state.
struct LaunchStateMachine {
    let graph: LaunchGraph
    let gracePeriod: Duration
    /// Whether signpost ends are wanted (``Effects/signposts``): ``Launch`` sets it before
    /// each input, so a launch whose signposter is off, or that has none, decides none.
    var signposting: Bool
    var nodes: [NodeState]
    var launch = LaunchStatus.notStarted
    /// Why the nodes that never ran were skipped, once the launch stopped early.
    var stopReason: String?
    /// When `didFinishLaunching` began; report times are measured from here.
    private(set) var origin: Duration?
    var phaseStarts: [Duration?]
    var phaseReady: [Duration?]
    private(set) var firstFrameAt: Duration?
    /// Launch-run nodes not finished yet, per phase.
    var remaining: [Int]
    var waiters = LaunchWaiters()
    var timers = LaunchTimers()
    var foregroundRuns = 0
    /// Launch-run records of nodes that have run again since.
    var launchRecords: [Int: RunRecord] = [:]
    /// Finished foreground runs, in the order they were replaced by a newer run.
    var earlierForegroundRecords: [(node: Int, foregroundRun: Int, record: RunRecord)] = []
    private(set) var commandTimes: [(start: Duration, end: Duration)?]
    /// Effects that log or record metrics, decided but not yet carried out: the launch is
    /// not idle for its waiters until they are, so that a waiter on another thread never
    /// sees the launch idle before its last log line is written.
    private(set) var effectsBeingCarriedOut = 0

    init(graph: LaunchGraph, commandCount: Int, gracePeriod: Duration, signposting: Bool = false) {
        self.graph = graph
        self.gracePeriod = gracePeriod
        self.signposting = signposting
        self.nodes = graph.nodes.map { NodeState(unmet: $0.dependencies.count) }
        let phaseCount = LaunchPhase.allCases.count
        self.phaseStarts = Array(repeating: nil, count: phaseCount)
        self.phaseReady = Array(repeating: nil, count: phaseCount)
        self.remaining = graph.membersByPhase.map(\.count)
        self.commandTimes = Array(repeating: nil, count: commandCount)
    }

    // MARK: - Driven by the application

    /// `didFinishLaunching` began: the launch starts with the before-launch-returns phase,
    /// and with whatever was demanded before.
    mutating func begin(now: Duration) -> Action {
        origin = now
        switch launch {
        case .notStarted: launch = .running
        case .cancelled, .failed: return .none  // stopped before it began: everything is skipped already
        case .running: preconditionFailure("The launch began twice; it is \(launch).")
        }
        var effects = Effects()
        beginPhase(.beforeLaunchReturns, now: now, &effects)
        // A phase whose moment came before the launch began (a first frame reported early,
        // a start at willFinishLaunching that was never sent) starts now: its members could
        // not start then, and its start is counted from the launch's origin.
        for phase in LaunchPhase.allCases where phase != .beforeLaunchReturns && phaseStarts[phase.index] != nil {
            phaseStarts[phase.index] = now
            for index in graph.membersByPhase[phase.index] { startIfReady(index, now: now, &effects) }
        }
        for index in nodes.indices where nodes[index].demanded { startIfReady(index, now: now, &effects) }
        return Action(conclude(now: now, effects))
    }

    /// A phase's start moment arrived (``LaunchPhase/critical`` when launch returns).
    mutating func startPhase(_ phase: LaunchPhase, now: Duration) -> Action {
        guard phaseStarts[phase.index] == nil else { return .none }
        var effects = Effects()
        beginPhase(phase, now: now, &effects)
        return Action(conclude(now: now, effects))
    }

    /// The host reported its first frame: the after-first-frame phase starts.
    mutating func firstFrame(now: Duration) -> Action {
        guard firstFrameAt == nil else { return .none }
        firstFrameAt = now
        var effects = Effects()
        beginPhase(.afterFirstFrame, now: now, &effects)
        return Action(conclude(now: now, effects))
    }

    /// A startup command ran inside `didFinishLaunching`.
    mutating func commandFinished(index: Int, start: Duration, end: Duration) {
        commandTimes[index] = (start, end)
    }

    /// The launch is cancelled (termination): running nodes are cancelled and given the
    /// grace period, the rest are skipped, and every waiter learns why.
    mutating func cancel(now: Duration) -> Action {
        var effects = Effects()
        switch launch {
        case .running: stop(.cancelled(.launchCancelled), reason: LaunchError.cancelledReason, now: now, &effects)
        case .notStarted:
            stop(.cancelled(.launchCancelledBeforeBeginning), reason: LaunchError.cancelledReason, now: now, &effects)
        case .failed, .cancelled: return .none
        }
        return Action(conclude(now: now, effects))
    }

    /// The application entered the foreground: nodes that ask for it and succeeded run
    /// again, each waiting only for dependencies that run again with it.
    mutating func enterForeground(now: Duration) -> Action {
        var effects = Effects()
        rerunForForeground(now: now, &effects)
        return Action(conclude(now: now, effects))
    }

    /// A repeating node is due: it runs again if its last run has finished. Returns the
    /// number of the run it started, if it started one.
    mutating func repeatRun(of index: Int, now: Duration) -> (run: Int?, action: Action) {
        var effects = Effects()
        let run = repeatRun(of: index, now: now, &effects)
        return (run, Action(conclude(now: now, effects)))
    }

    /// The plan was merged into an outer composite's launch, which runs instead of this
    /// one: waiters, now and later, are sent there. `nil` when it was cancelled (or failed)
    /// first, from another thread as it was handed over: its waiters have failed already.
    mutating func handOver() -> HandOverAction? {
        switch launch {
        case .notStarted: return HandOverAction(resume: waiters.handOver())
        case .failed, .cancelled: return nil
        case .running: preconditionFailure("A launch was handed over after it began.")
        }
    }

    /// A before-launch-returns attempt the launch queued behind others (they start together
    /// and run in turn on the main thread) is about to run: `true` if it may, and then its
    /// times start now, not when it was queued; `false` when the launch stopped while it
    /// waited (an initializer before it failed, or it was cancelled from another thread),
    /// which settled it then (``stop(_:reason:now:_:)``): a first attempt is skipped for the
    /// reason the launch stopped, a retry cancelled. Either way the queued attempt never
    /// began: no try, no grace period and no signpost interval of its own.
    mutating func mayRunQueued(_ start: Start, now: Duration) -> Bool {
        guard case .running(var attempt) = nodes[start.node].status, attempt.token == start.token else {
            return false
        }
        if attempt.number == 1 { nodes[start.node].record.start = now }
        nodes[start.node].record.attemptStart = now
        attempt.hasBegun = true
        nodes[start.node].status = .running(attempt)
        return true
    }

    // MARK: - Driven by the launch's tasks

    /// An attempt's task finished `perform` (or found configuration missing).
    mutating func attemptFinished(
        node index: Int,
        token: UInt32,
        _ result: AttemptResult,
        now: Duration
    )
        -> AttemptFinishedAction
    {
        guard var attempt = nodes[index].status.attempt, attempt.token == token else {
            return .ignore(.returnedAfterAbandonment(graph.nodes[index]))
        }
        var effects = Effects()
        attempt.task = nil
        if case .overBudget = nodes[index].status {
            // It returned within the grace period.
            let outcome: LaunchReport.Outcome =
                switch result {
                case .succeeded: .succeeded
                case .notDue(let reason): .notDue(reason)
                case .failed, .missingConfiguration: .timedOut
                }
            finish(
                index,
                outcome,
                now: now,
                failure: outcome.kind.letsDependentsRun ? nil : .timedOut(graph.nodes[index]),
                &effects
            )
        } else {
            attemptEnded(index, attempt, result, now: now, &effects)
        }
        return .perform(conclude(now: now, effects))
    }

    /// The task of a started attempt exists: kept to cancel it, or cancelled at once when
    /// the attempt was stopped before its task existed.
    mutating func taskCreated(_ task: Task<Void, Never>, node index: Int, token: UInt32) -> TaskCreatedAction {
        guard nodes[index].lastToken == token else { return .none }  // a later attempt runs
        switch nodes[index].status {
        case .running(var attempt) where attempt.token == token:
            attempt.task = task
            nodes[index].status = .running(attempt)
            return attempt.isStoppedByLaunch ? .cancel(task) : .none
        case .overBudget(var attempt) where attempt.token == token:
            attempt.task = task
            nodes[index].status = .overBudget(attempt)
            return .cancel(task)
        case .pending, .retrying, .finished, .running, .overBudget:
            return .none  // the attempt is over already
        }
    }

    /// The timer task armed with `generation` woke up: every timer due fires.
    mutating func timerFired(generation: Int, now: Duration) -> Action {
        guard timers.fired(generation: generation) else { return .none }
        var effects = Effects()
        while let entry = timers.popDue(at: now) { fire(entry, now: now, &effects) }
        return Action(conclude(now: now, effects))
    }

    /// The timer task armed with `generation` exists.
    mutating func timerCreated(_ task: Task<Void, Never>, generation: Int) -> TaskCreatedAction {
        timers.created(task, generation: generation)
    }

    // MARK: - Driven by callers that wait

    /// Someone awaits a node: it runs now (with its dependencies) if it has not run.
    mutating func demand(node index: Int, _ waiter: Waiter, now: Duration) -> DemandAction {
        if waiters.arrivesStopped(waiter.id) { return .resume(waiter, .failure(.stoppedWaiting)) }
        if waiters.isHandedOver { return .resume(waiter, .failure(.handedOver)) }
        // Its launch run's result, which a foreground run or a repetition since (finished,
        // or going on now) does not change: it runs at most once for those who ask.
        if let record = launchRecords[index] { return .resume(waiter, result(of: index, record)) }
        if nodes[index].status == .finished { return .resume(waiter, result(of: index)) }
        waiters.waitForNode(index, waiter)
        var effects = Effects()
        startWithDependencies(index, now: now, &effects)
        return .perform(conclude(now: now, effects))
    }

    /// Someone awaits a phase's readiness. A ready phase is awaited until the effects decided
    /// so far are carried out: a run that made it ready, or finished on another thread just
    /// before, has its success remembered by then (which a repetition's loop reads to know
    /// when it is due, and a host reads as the next due times).
    mutating func waitForPhase(_ phase: LaunchPhase, _ waiter: Waiter) -> WaitAction {
        if waiters.arrivesStopped(waiter.id) { return .resume(waiter, .failure(.stoppedWaiting)) }
        if waiters.isHandedOver { return .resume(waiter, .failure(.handedOver)) }
        guard let result = phaseResult(phase) else {
            waiters.waitForPhase(phase, waiter)
            return .suspend
        }
        if case .success = result, effectsBeingCarriedOut > 0 {
            waiters.waitUntilCarriedOut(waiter)
            return .suspend
        }
        return .resume(waiter, result)
    }

    /// Someone awaits a node's launch run without asking for it (an on-demand initializer's
    /// repetition, which starts only once someone has asked for its run).
    mutating func waitForRun(of index: Int, _ waiter: Waiter) -> WaitAction {
        if waiters.arrivesStopped(waiter.id) { return .resume(waiter, .failure(.stoppedWaiting)) }
        if waiters.isHandedOver { return .resume(waiter, .failure(.handedOver)) }
        if nodes[index].foregroundRun > 0 { return .resume(waiter, .success(())) }
        if nodes[index].status == .finished { return .resume(waiter, result(of: index)) }
        waiters.waitForNode(index, waiter)
        return .suspend
    }

    /// Someone awaits the end of node `index`'s run going on now, whatever its outcome (a
    /// repetition's loop, which waits for its own run, not for the rest of the launch); at
    /// once when none is. A run that has just finished on another thread, whose effects
    /// (its success remembered, which the loop reads to know when it is due again) are
    /// still being carried out, is awaited until they are.
    mutating func waitForCurrentRun(of index: Int, _ waiter: Waiter) -> WaitAction {
        if waiters.arrivesStopped(waiter.id) { return .resume(waiter, .failure(.stoppedWaiting)) }
        if waiters.isHandedOver { return .resume(waiter, .failure(.handedOver)) }
        if nodes[index].status.isBusy {
            waiters.waitForNode(index, waiter)
            return .suspend
        }
        guard effectsBeingCarriedOut == 0 else {
            waiters.waitUntilCarriedOut(waiter)
            return .suspend
        }
        return .resume(waiter, .success(()))
    }

    /// Someone awaits the moment no initializer is running or waiting to retry.
    mutating func waitUntilIdle(_ waiter: Waiter) -> WaitAction {
        if waiters.arrivesStopped(waiter.id) { return .resume(waiter, .failure(.stoppedWaiting)) }
        if waiters.isHandedOver { return .resume(waiter, .failure(.handedOver)) }
        if isIdleAndCarriedOut { return .resume(waiter, .success(())) }
        waiters.waitUntilIdle(waiter)
        return .suspend
    }

    /// A waiter's task was cancelled.
    mutating func stopWaiting(id: Int) -> StopWaitingAction {
        guard let waiter = waiters.remove(id: id) else { return .none }
        return .resume(waiter, .stoppedWaiting)
    }

    // MARK: - After every input that moves the launch on

    /// Whether no node is running or waiting to retry.
    var isIdle: Bool { !nodes.contains { $0.status.isBusy } }

    /// Whether the launch is idle and everything it decided has been logged and recorded.
    private var isIdleAndCarriedOut: Bool { effectsBeingCarriedOut == 0 && isIdle }

    /// The effects marked ``Effects/reportsCarriedOut`` have been carried out: returns the
    /// waiters to resume if that was the last of them: those for the effects, and those for
    /// idleness if the launch is idle.
    mutating func effectsCarriedOut() -> [Waiter] {
        precondition(effectsBeingCarriedOut > 0, "Effects were reported carried out that the launch never decided.")
        effectsBeingCarriedOut -= 1
        guard effectsBeingCarriedOut == 0 else { return [] }
        let carried = waiters.removeCarriedOutWaiters()
        return carried + (waiters.hasIdleWaiters && isIdle ? waiters.removeIdleWaiters() : [])
    }

    /// Marks phases that became ready, wakes the waiters whose wait is over, and keeps the
    /// timer task asleep until the earliest deadline.
    private mutating func conclude(now: Duration, _ effects: Effects) -> Effects {
        var effects = effects
        settlePhases(now: now, &effects)
        // Resumed after this batch's logs; a batch still being carried out elsewhere holds them.
        if waiters.hasIdleWaiters && isIdleAndCarriedOut {
            for waiter in waiters.removeIdleWaiters() { effects.resume.append((waiter, .success(()))) }
        }
        armTimer(&effects)
        if !effects.logs.isEmpty || !effects.signposts.isEmpty || !effects.finishedRuns.isEmpty
            || !effects.readyPhases.isEmpty
        {
            effects.reportsCarriedOut = true
            effectsBeingCarriedOut += 1
        }
        return effects
    }
}
