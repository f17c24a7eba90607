import HeapModule

/// Every decision of a launch, made in one place: ``handle(_:)`` takes an event (a phase
/// started, an attempt finished, a timer fired, someone asked for a node, ...), changes the
/// state, and returns the ``Actions`` to carry out (start these attempts, cancel those
/// tasks, resume these waiters, log, record metrics, arm the timer).
///
/// It does no work itself: ``Launch`` keeps it in a mutex, sends it events one at a time,
/// and carries out the actions outside the lock. It is pure state, which is what lets the
/// scheduler be O(V + E): each node is started once per run, each dependency edge is looked
/// at once when its node settles, and timers (budgets, grace periods, backoff) share one
/// heap and one sleeping task.
///
/// Impossible transitions (an attempt reported for a node that is not running) are
/// programmer errors: they stop the program with the node's state.
struct LaunchStateMachine {
    // MARK: - Events and actions

    /// How an attempt ended, as the task that ran it reports it.
    enum AttemptResult: Sendable {
        case succeeded
        /// The error's description, secrets already removed.
        case failed(String)
        /// Required configuration keys without a value; `perform` was not called.
        case missingConfiguration([String])
    }

    /// Something that happened.
    enum Event {
        /// `didFinishLaunching` began: the launch starts with the before-launch-returns phase.
        case begin(now: Duration)
        /// A phase's start moment arrived (``LaunchPhase/critical`` when launch returns).
        case startPhase(LaunchPhase, now: Duration)
        /// The host reported its first frame.
        case firstFrame(now: Duration)
        /// A command ran inside `didFinishLaunching`.
        case commandFinished(index: Int, start: Duration, end: Duration)
        /// An attempt's task finished `perform` (or found configuration missing).
        case attemptFinished(node: Int, token: UInt32, AttemptResult, now: Duration)
        /// The task of a started attempt exists; the launch keeps it to cancel it.
        case taskCreated(Task<Void, Never>, node: Int, token: UInt32)
        /// The timer armed with `generation` woke up.
        case timerFired(generation: Int, now: Duration)
        /// The timer task armed with `generation` exists.
        case timerCreated(Task<Void, Never>, generation: Int)
        /// Someone awaits a node: run it (and its dependencies) now if it has not run.
        case demand(node: Int, Waiter, now: Duration)
        /// Someone awaits a phase's readiness.
        case waitForPhase(LaunchPhase, Waiter)
        /// A waiter's task was cancelled.
        case stopWaiting(id: Int)
        /// The launch is cancelled (termination).
        case cancel(now: Duration)
        /// The application entered the foreground: re-run what asks for it.
        case enterForeground(now: Duration)
        /// The plan was merged into an outer composite's launch, which runs instead of this
        /// one: waiters, now and later, are sent there.
        case handOver
    }

    /// A caller suspended until a node or a phase settles.
    struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Result<Void, LaunchError>, Never>
    }

    /// One attempt to start.
    struct Start {
        let node: Int
        let token: UInt32
        let attempt: Int
        let foregroundRun: Int
    }

    /// A message to log once the lock is released.
    struct LogLine {
        let level: LogLevel
        let message: String
        let node: String?

        enum LogLevel { case debug, info, warning, error }
    }

    /// A finished run, for metrics.
    struct FinishedRun {
        let node: Int
        let outcome: LaunchReport.Outcome.Kind
        let duration: Duration
    }

    /// What the launch must do after an event, outside the lock.
    struct Actions {
        var starts: [Start] = []
        var cancel: [Task<Void, Never>] = []
        var resume: [(Waiter, Result<Void, LaunchError>)] = []
        var logs: [LogLine] = []
        var finishedRuns: [FinishedRun] = []
        var readyPhases: [(LaunchPhase, Duration)] = []
        var armTimer: (deadline: Duration, generation: Int)?
        var changed: [CheckedContinuation<Void, Never>] = []
    }

    // MARK: - State

    /// Where a node's current run is.
    enum Status: Equatable, CustomStringConvertible {
        /// Not started: waiting for its phase, its dependencies, or a demand.
        case pending
        /// An attempt's task is running.
        case running(attempt: Int)
        /// An attempt failed; the next one starts when the backoff timer fires.
        case retrying(nextAttempt: Int)
        /// The budget ran out and the task was cancelled; it has the grace period to return.
        case overBudget(attempt: Int)
        /// The run has an outcome.
        case finished

        var description: String {
            switch self {
            case .pending: "pending"
            case .running(let attempt): "running attempt \(attempt)"
            case .retrying(let attempt): "waiting to start attempt \(attempt)"
            case .overBudget(let attempt): "over budget in attempt \(attempt)"
            case .finished: "finished"
            }
        }
    }

    /// The timings and outcome of one run of a node.
    struct RunRecord {
        var start: Duration?
        var end: Duration?
        var attemptStart: Duration = .zero
        /// Every attempt, kept only once there is more than one.
        var attempts: [LaunchReport.Attempt] = []
        var outcome = LaunchReport.Outcome.pending
        /// Why the run did not succeed, for callers awaiting it.
        var failure: LaunchError?
        var abandoned = false
    }

    struct NodeState {
        var status = Status.pending
        /// Dependencies (in the same run) that have not succeeded yet.
        var unmet: Int
        /// Someone awaits this node (or a node that needs it): it starts without waiting
        /// for its phase.
        var demanded = false
        /// 0 for the launch, 1... for foreground runs.
        var foregroundRun = 0
        /// Changes with every run, so timers of an earlier run are recognised as stale.
        var run: UInt32 = 0
        /// Changes with every attempt and when the run finishes, so reports from an
        /// abandoned attempt are recognised as stale.
        var token: UInt32 = 0
        /// The launch was cancelled or failed while this node ran.
        var cancelledByLaunch = false
        var task: Task<Void, Never>?
        var record = RunRecord()
    }

    /// One pending timer: a budget, a grace period, or a backoff.
    struct TimerEntry: Comparable {
        enum Kind { case budget, grace, retry }
        let deadline: Duration
        let sequence: Int
        let kind: Kind
        let node: Int
        let run: UInt32

        static func < (lhs: TimerEntry, rhs: TimerEntry) -> Bool {
            (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
        }

        static func == (lhs: TimerEntry, rhs: TimerEntry) -> Bool { lhs.sequence == rhs.sequence }
    }

    /// The launch as a whole.
    enum LaunchStatus {
        case notStarted
        case running
        case failed(LaunchError)
        case cancelled(LaunchError)
    }

    let graph: LaunchGraph
    let gracePeriod: Duration
    private(set) var nodes: [NodeState]
    private(set) var launch = LaunchStatus.notStarted
    /// When `didFinishLaunching` began; report times are measured from here.
    private(set) var origin: Duration?
    private(set) var phaseStarts: [Duration?]
    private(set) var phaseReady: [Duration?]
    private(set) var firstFrameAt: Duration?
    /// Launch-run nodes not finished yet, per phase.
    private var remaining: [Int]
    private var phaseWaiters: [(phase: LaunchPhase, waiter: Waiter)] = []
    /// Whether an outer composite's launch runs this plan instead (``Event/handOver``).
    private var isHandedOver = false
    private var nodeWaiters: [Int: [Waiter]] = [:]
    /// Waiters whose task was cancelled before they were registered.
    private var stoppedWaiters: Set<Int> = []
    private var timers = Heap<TimerEntry>()
    private var timerSequence = 0
    private var armed: (deadline: Duration, generation: Int, task: Task<Void, Never>?)?
    private var timerGeneration = 0
    private(set) var foregroundRuns = 0
    /// Launch-run records of nodes that have run again since.
    private(set) var launchRecords: [Int: RunRecord] = [:]
    /// Finished foreground runs, in the order they were replaced by a newer run.
    private(set) var earlierForegroundRecords: [(node: Int, foregroundRun: Int, record: RunRecord)] = []
    private(set) var commandTimes: [(start: Duration, end: Duration)?]
    /// Counts handled events, for tests that wait for the launch to settle.
    private(set) var version = 0
    private var changeWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    /// Change waiters whose task was cancelled before they were registered.
    private var stoppedChangeWaiters: Set<Int> = []

    init(graph: LaunchGraph, commandCount: Int, gracePeriod: Duration) {
        self.graph = graph
        self.gracePeriod = gracePeriod
        self.nodes = graph.nodes.map { NodeState(unmet: $0.dependencies.count) }
        let phaseCount = LaunchPhase.allCases.count
        self.phaseStarts = Array(repeating: nil, count: phaseCount)
        self.phaseReady = Array(repeating: nil, count: phaseCount)
        self.remaining = graph.membersByPhase.map(\.count)
        self.commandTimes = Array(repeating: nil, count: commandCount)
    }

    // MARK: - The one place that decides

    mutating func handle(_ event: Event) -> Actions {
        var actions = Actions()
        version &+= 1
        if !changeWaiters.isEmpty {
            actions.changed = Array(changeWaiters.values)
            changeWaiters = [:]
        }
        switch event {
        case .begin(let now):
            origin = now
            switch launch {
            case .notStarted: launch = .running
            case .cancelled, .failed: break  // stopped before it began: everything is skipped already
            case .running: preconditionFailure("The launch began twice; it is \(launch).")
            }
            guard case .running = launch else { break }
            startPhase(.beforeLaunchReturns, now: now, &actions)
            for index in nodes.indices where nodes[index].demanded { startIfReady(index, now: now, &actions) }

        case .startPhase(let phase, let now):
            if phaseStarts[phase.index] == nil { startPhase(phase, now: now, &actions) }

        case .firstFrame(let now):
            if firstFrameAt == nil {
                firstFrameAt = now
                startPhase(.afterFirstFrame, now: now, &actions)
            }

        case .commandFinished(let index, let start, let end):
            commandTimes[index] = (start, end)

        case .attemptFinished(let node, let token, let result, let now):
            attemptFinished(node, token: token, result, now: now, &actions)

        case .taskCreated(let task, let node, let token):
            guard nodes[node].token == token else { break }  // the attempt is over already
            switch nodes[node].status {
            case .running, .overBudget:
                nodes[node].task = task
                if nodes[node].cancelledByLaunch || nodes[node].status.isOverBudget { actions.cancel.append(task) }
            case .pending, .retrying, .finished:
                preconditionFailure("\(graph.nodes[node].name)'s task was created while it is \(nodes[node].status).")
            }

        case .timerFired(let generation, let now):
            guard armed?.generation == generation else { break }
            armed = nil
            while let next = timers.min, next.deadline <= now {
                timers.removeMin()
                fire(next, now: now, &actions)
            }

        case .timerCreated(let task, let generation):
            if armed?.generation == generation {
                armed?.task = task
            } else {
                actions.cancel.append(task)
            }

        case .demand(let node, let waiter, let now):
            if stoppedWaiters.remove(waiter.id) != nil {
                actions.resume.append((waiter, .failure(Self.stoppedWaiting)))
            } else if isHandedOver {
                actions.resume.append((waiter, .failure(Self.handedOver)))
            } else {
                demand(node, waiter, now: now, &actions)
            }

        case .waitForPhase(let phase, let waiter):
            if stoppedWaiters.remove(waiter.id) != nil {
                actions.resume.append((waiter, .failure(Self.stoppedWaiting)))
            } else if isHandedOver {
                actions.resume.append((waiter, .failure(Self.handedOver)))
            } else if let result = phaseResult(phase) {
                actions.resume.append((waiter, result))
            } else {
                phaseWaiters.append((phase, waiter))
            }

        case .handOver:
            guard case .notStarted = launch else {
                preconditionFailure("A launch was handed over after it began; it is \(launch).")
            }
            isHandedOver = true
            for (_, waiter) in phaseWaiters { actions.resume.append((waiter, .failure(Self.handedOver))) }
            phaseWaiters.removeAll()
            for waiter in nodeWaiters.values.joined() { actions.resume.append((waiter, .failure(Self.handedOver))) }
            nodeWaiters.removeAll()

        case .stopWaiting(let id):
            if let position = phaseWaiters.firstIndex(where: { $0.waiter.id == id }) {
                actions.resume.append((phaseWaiters.remove(at: position).waiter, .failure(Self.stoppedWaiting)))
            } else if let (node, position) = nodeWaiters.lazy.compactMap({ node, waiters in
                waiters.firstIndex { $0.id == id }.map { (node, $0) }
            }).first {
                actions.resume.append((nodeWaiters[node]!.remove(at: position), .failure(Self.stoppedWaiting)))
            } else {
                stoppedWaiters.insert(id)  // cancelled before it was registered, or already resumed
            }

        case .cancel(let now):
            if case .running = launch {
                stop(
                    .cancelled(LaunchError(code: .cancelled, initializer: nil, message: "The launch was cancelled.")),
                    now: now,
                    &actions
                )
            } else if case .notStarted = launch {
                stop(
                    .cancelled(
                        LaunchError(
                            code: .cancelled,
                            initializer: nil,
                            message: "The launch was cancelled before it began."
                        )
                    ),
                    now: now,
                    &actions
                )
            }

        case .enterForeground(let now):
            enterForeground(now: now, &actions)

        }
        settlePhases(now: event.time, &actions)
        armTimer(&actions)
        return actions
    }

    // MARK: - Starting

    private mutating func startPhase(_ phase: LaunchPhase, now: Duration, _ actions: inout Actions) {
        phaseStarts[phase.index] = now
        actions.logs.append(.init(level: .debug, message: "The \(phase) launch phase started.", node: nil))
        for index in graph.membersByPhase[phase.index] { startIfReady(index, now: now, &actions) }
    }

    /// Starts the node's run if everything it waits for is there.
    private mutating func startIfReady(_ index: Int, now: Duration, _ actions: inout Actions) {
        let node = graph.nodes[index]
        guard nodes[index].status == .pending, nodes[index].unmet == 0 else { return }
        if nodes[index].foregroundRun == 0 {
            guard case .running = launch, phaseStarts[node.phase.index] != nil || nodes[index].demanded else { return }
        }
        nodes[index].run &+= 1
        nodes[index].record.start = now
        startAttempt(index, attempt: 1, now: now, &actions)
        // Before launch returns, work is synchronous and cannot be interrupted.
        if let budget = node.budget, node.phase != .beforeLaunchReturns {
            addTimer(.budget, node: index, at: now + budget)
        }
    }

    private mutating func startAttempt(_ index: Int, attempt: Int, now: Duration, _ actions: inout Actions) {
        nodes[index].status = .running(attempt: attempt)
        nodes[index].token &+= 1
        nodes[index].record.attemptStart = now
        actions.starts.append(
            Start(node: index, token: nodes[index].token, attempt: attempt, foregroundRun: nodes[index].foregroundRun)
        )
    }

    private mutating func demand(_ index: Int, _ waiter: Waiter, now: Duration, _ actions: inout Actions) {
        if nodes[index].status == .finished {
            actions.resume.append((waiter, result(of: index)))
            return
        }
        nodeWaiters[index, default: []].append(waiter)
        guard nodes[index].foregroundRun == 0, !nodes[index].demanded else { return }
        // Mark the node and every dependency not run yet, then start what can start.
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
        for node in marked { startIfReady(node, now: now, &actions) }
    }

    private mutating func enterForeground(now: Duration, _ actions: inout Actions) {
        guard case .running = launch else { return }
        let members = graph.nodes.indices.filter { index in
            graph.nodes[index].rerunsOnForeground && nodes[index].status == .finished
                && nodes[index].record.outcome.kind == .succeeded
        }
        guard !members.isEmpty else { return }
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
            nodes[index].cancelledByLaunch = false
        }
        // A member waits only for dependencies that run again with it.
        for index in members {
            nodes[index].unmet = graph.nodes[index].dependencies.count(where: { dependency in
                nodes[dependency].foregroundRun == foregroundRuns && nodes[dependency].status == .pending
            })
        }
        actions.logs.append(
            .init(
                level: .info,
                message:
                    "Entering the foreground: running \(members.map { graph.nodes[$0].name }.joined(separator: ", ")) again.",
                node: nil
            )
        )
        for index in members { startIfReady(index, now: now, &actions) }
    }

    // MARK: - Finishing

    private mutating func attemptFinished(
        _ index: Int,
        token: UInt32,
        _ result: AttemptResult,
        now: Duration,
        _ actions: inout Actions
    ) {
        let node = graph.nodes[index]
        guard nodes[index].token == token else {
            actions.logs.append(
                .init(
                    level: .debug,
                    message: "\(node.name) returned after it was abandoned; its result was ignored.",
                    node: node.name
                )
            )
            return
        }
        // The attempt is over: anything still addressed to it (its task's creation) is stale.
        nodes[index].token &+= 1
        let attempt: Int
        switch nodes[index].status {
        case .running(let running):
            attempt = running
        case .overBudget:
            // It returned within the grace period.
            nodes[index].task = nil
            if case .succeeded = result {
                finish(index, .succeeded, now: now, &actions)
            } else {
                finish(index, .timedOut, now: now, failure: timedOut(node), &actions)
            }
            return
        case .pending, .retrying, .finished:
            preconditionFailure("\(node.name) reported an attempt while it is \(nodes[index].status).")
        }
        nodes[index].task = nil

        switch result {
        case .succeeded:
            finish(index, .succeeded, now: now, &actions)

        case .missingConfiguration(let keys):
            let list = keys.joined(separator: ", ")
            let plural = keys.count == 1 ? "key" : "keys"
            if node.policy.isRequired {
                let error = LaunchError(
                    code: .missingConfiguration,
                    initializer: node.name,
                    message:
                        "\(node.name) requires the configuration \(plural) \(list), which \(keys.count == 1 ? "has" : "have") "
                        + "no value. Set \(keys.count == 1 ? "it" : "them") (argument, environment or file), or make "
                        + "\(node.name) optional."
                )
                finish(index, .failed(error.message), now: now, failure: error, &actions)
            } else {
                let reason = "missing required configuration \(plural) \(list)"
                actions.logs.append(
                    .init(
                        level: .warning,
                        message:
                            "\(node.name) was skipped: the configuration \(plural) \(list) \(keys.count == 1 ? "has" : "have") no value.",
                        node: node.name
                    )
                )
                nodes[index].record.start = nil
                let error = LaunchError(
                    code: .missingConfiguration,
                    initializer: node.name,
                    message: "\(node.name) was skipped: \(reason)."
                )
                finish(index, .skipped(reason), now: now, failure: error, &actions)
            }

        case .failed(let message):
            if nodes[index].cancelledByLaunch {
                finish(index, .cancelled, now: now, failure: launchFailure(node), &actions)
            } else if attempt <= node.policy.maxRetries {
                nodes[index].record.attempts.append(
                    .init(start: nodes[index].record.attemptStart, end: now, error: message)
                )
                let delay = node.phase == .beforeLaunchReturns ? .zero : node.policy.backoff.delay(beforeRetry: attempt)
                actions.logs.append(
                    .init(
                        level: .warning,
                        message:
                            "\(node.name) failed (attempt \(attempt) of \(node.policy.maxRetries + 1)): \(message). "
                            + "Retrying in \(delay).",
                        node: node.name
                    )
                )
                if delay == .zero {
                    startAttempt(index, attempt: attempt + 1, now: now, &actions)
                } else {
                    nodes[index].status = .retrying(nextAttempt: attempt + 1)
                    addTimer(.retry, node: index, at: now + delay)
                }
            } else {
                let error = LaunchError(
                    code: .initializerFailed,
                    initializer: node.name,
                    message: "\(node.name) failed\(attempt > 1 ? " after \(attempt) attempts" : ""): \(message)"
                )
                finish(index, .failed(message), now: now, failure: error, &actions)
            }
        }
    }

    /// Gives the node's run its outcome, then lets its dependents start, or skips them, or
    /// fails the launch, as its policy says.
    private mutating func finish(
        _ index: Int,
        _ outcome: LaunchReport.Outcome,
        now: Duration,
        failure: LaunchError? = nil,
        _ actions: inout Actions
    ) {
        settle(index, outcome, now: now, failure: failure, &actions)
        let node = graph.nodes[index]
        let run = nodes[index].foregroundRun
        if outcome.kind == .succeeded {
            for dependent in node.dependents
            where nodes[dependent].foregroundRun == run && nodes[dependent].status == .pending {
                nodes[dependent].unmet -= 1
                startIfReady(dependent, now: now, &actions)
            }
            return
        }
        guard outcome.kind != .cancelled else { return }  // the launch is stopping; it settles the rest
        // On-demand work runs when someone asks; its failure is that caller's, not the launch's.
        if run == 0, node.phase != .onDemand, node.policy.isRequired,
            outcome.kind == .failed || outcome.kind == .timedOut,
            case .running = launch
        {
            let message = "The launch failed: \(failure?.message ?? "\(node.name) \(outcome)")"
            actions.logs.append(.init(level: .error, message: message, node: node.name))
            stop(
                .failed(
                    LaunchError(code: failure?.code ?? .initializerFailed, initializer: node.name, message: message)
                ),
                reason: "the launch failed: \(node.name) \(outcome.verb)",
                now: now,
                &actions
            )
            return
        }
        if outcome.kind == .failed || outcome.kind == .timedOut {
            actions.logs.append(
                .init(
                    level: .warning,
                    message:
                        "\(node.name) (optional) \(outcome.kind == .failed ? "failed: \(outcome.detail ?? "")" : "timed out")"
                        + "; the launch goes on without it\(node.dependents.isEmpty ? "" : " and its dependents").",
                    node: node.name
                )
            )
        }
        skipDependents(of: index, now: now, &actions)
    }

    /// Skips everything in the same run that depends, directly or not, on `root`.
    private mutating func skipDependents(of root: Int, now: Duration, _ actions: inout Actions) {
        let run = nodes[root].foregroundRun
        let rootName = graph.nodes[root].name
        let cause = "\(rootName) \(nodes[root].record.outcome.verb)"
        var stack = [root]
        while let next = stack.popLast() {
            for dependent in graph.nodes[next].dependents
            where nodes[dependent].foregroundRun == run && nodes[dependent].status == .pending {
                let reason =
                    next == root
                    ? "dependency \(cause)"
                    : "dependency \(graph.nodes[next].name) was skipped because \(cause)"
                let error = LaunchError(
                    code: .dependencyFailed,
                    initializer: graph.nodes[dependent].name,
                    message: "\(graph.nodes[dependent].name) was skipped: its \(reason)."
                )
                actions.logs.append(.init(level: .info, message: error.message, node: graph.nodes[dependent].name))
                settle(dependent, .skipped(reason), now: now, failure: error, &actions)
                stack.append(dependent)
            }
        }
    }

    /// Records the run's outcome and wakes whoever waits for the node.
    private mutating func settle(
        _ index: Int,
        _ outcome: LaunchReport.Outcome,
        now: Duration,
        failure: LaunchError?,
        _ actions: inout Actions
    ) {
        let attemptInProgress = nodes[index].status.hasTask
        nodes[index].status = .finished
        nodes[index].token &+= 1
        nodes[index].task = nil
        nodes[index].record.outcome = outcome
        nodes[index].record.failure = failure
        if let start = nodes[index].record.start {
            nodes[index].record.end = now
            if !nodes[index].record.attempts.isEmpty && attemptInProgress {
                let error = outcome.kind == .succeeded ? nil : outcome.detail
                nodes[index].record.attempts.append(
                    .init(start: nodes[index].record.attemptStart, end: now, error: error)
                )
            }
            actions.finishedRuns.append(.init(node: index, outcome: outcome.kind, duration: now - start))
        }
        if nodes[index].foregroundRun == 0 { remaining[graph.nodes[index].phase.index] -= 1 }
        if let waiters = nodeWaiters.removeValue(forKey: index) {
            let result = result(of: index)
            for waiter in waiters { actions.resume.append((waiter, result)) }
        }
    }

    /// Ends the launch early: running nodes are cancelled (and given the grace period),
    /// the rest are skipped, and every waiter learns why.
    ///
    /// - Parameter reason: Why the nodes that never ran are skipped.
    private mutating func stop(
        _ status: LaunchStatus,
        reason: String = "the launch was cancelled",
        now: Duration,
        _ actions: inout Actions
    ) {
        launch = status
        let error = status.error!
        for index in nodes.indices {
            switch nodes[index].status {
            case .pending:
                settle(index, .skipped(reason), now: now, failure: error, &actions)
            case .retrying:
                settle(index, .cancelled, now: now, failure: error, &actions)
            case .running:
                nodes[index].cancelledByLaunch = true
                if let task = nodes[index].task { actions.cancel.append(task) }
                addTimer(.grace, node: index, at: now + gracePeriod)
            case .overBudget, .finished:
                break
            }
        }
        for (_, waiter) in phaseWaiters { actions.resume.append((waiter, .failure(error))) }
        phaseWaiters.removeAll()
    }

    // MARK: - Timers

    private mutating func addTimer(_ kind: TimerEntry.Kind, node: Int, at deadline: Duration) {
        timerSequence += 1
        timers.insert(
            TimerEntry(deadline: deadline, sequence: timerSequence, kind: kind, node: node, run: nodes[node].run)
        )
    }

    private func isLive(_ entry: TimerEntry) -> Bool {
        guard nodes[entry.node].run == entry.run else { return false }
        switch (entry.kind, nodes[entry.node].status) {
        // Once the launch has stopped a node, its grace period decides, not its budget.
        case (.budget, .running): return !nodes[entry.node].cancelledByLaunch
        case (.budget, .retrying): return true
        case (.grace, .overBudget): return true
        case (.grace, .running): return nodes[entry.node].cancelledByLaunch
        case (.retry, .retrying): return true
        default: return false
        }
    }

    private mutating func fire(_ entry: TimerEntry, now: Duration, _ actions: inout Actions) {
        guard isLive(entry) else { return }
        let index = entry.node
        let node = graph.nodes[index]
        switch (entry.kind, nodes[index].status) {
        case (.budget, .running(let attempt)):
            nodes[index].status = .overBudget(attempt: attempt)
            if let task = nodes[index].task { actions.cancel.append(task) }
            actions.logs.append(
                .init(
                    level: .warning,
                    message: "\(node.name) ran out of its budget of \(node.budget!) and was cancelled; it is abandoned "
                        + "if it does not return within \(gracePeriod).",
                    node: node.name
                )
            )
            addTimer(.grace, node: index, at: now + gracePeriod)
        case (.budget, .retrying):
            finish(index, .timedOut, now: now, failure: timedOut(node), &actions)
        case (.grace, .overBudget), (.grace, .running):
            // Out of budget, or stopped with the launch: either way it has had its grace period.
            let timedOut = nodes[index].status.isOverBudget
            nodes[index].record.abandoned = true
            let cause = timedOut ? "being cancelled at the end of its budget" : "the launch being stopped"
            actions.logs.append(
                .init(
                    level: .warning,
                    message: "\(node.name) did not return within \(gracePeriod) of \(cause); it was abandoned and is "
                        + "reported as \(timedOut ? "timed out" : "cancelled").",
                    node: node.name
                )
            )
            if timedOut {
                finish(index, .timedOut, now: now, failure: self.timedOut(node), &actions)
            } else {
                finish(index, .cancelled, now: now, failure: launchFailure(node), &actions)
            }
        case (.retry, .retrying(let attempt)):
            startAttempt(index, attempt: attempt, now: now, &actions)
        default:
            preconditionFailure("A \(entry.kind) timer fired for \(node.name) while it is \(nodes[index].status).")
        }
    }

    /// Keeps the one timer task asleep until the earliest live deadline.
    private mutating func armTimer(_ actions: inout Actions) {
        while let next = timers.min, !isLive(next) { timers.removeMin() }
        let wanted = timers.min?.deadline
        guard wanted != armed?.deadline else { return }
        if let task = armed?.task { actions.cancel.append(task) }
        armed = nil
        guard let wanted else { return }
        timerGeneration += 1
        armed = (wanted, timerGeneration, nil)
        actions.armTimer = (wanted, timerGeneration)
    }

    // MARK: - Phases and results

    /// Whether every launch-run node of `phase` and of the phases before it has finished
    /// (on-demand nodes count only for ``LaunchPhase/onDemand`` itself).
    private func isReady(_ phase: LaunchPhase) -> Bool {
        for earlier in LaunchPhase.allCases where earlier <= phase && (earlier != .onDemand || phase == .onDemand) {
            if earlier != .onDemand && phaseStarts[earlier.index] == nil { return false }
            if remaining[earlier.index] > 0 { return false }
        }
        return true
    }

    /// How a wait for `phase` ends now, or `nil` if it must go on.
    private func phaseResult(_ phase: LaunchPhase) -> Result<Void, LaunchError>? {
        if phaseReady[phase.index] != nil { return .success(()) }
        return launch.error.map { .failure($0) }
    }

    /// Marks phases that became ready, starts the idle phase when the launch is quiet, and
    /// wakes phase waiters.
    private mutating func settlePhases(now: Duration?, _ actions: inout Actions) {
        guard case .running = launch, let now else { return }
        var changed = true
        while changed {
            changed = false
            for phase in LaunchPhase.allCases where phaseReady[phase.index] == nil && isReady(phase) {
                phaseReady[phase.index] = now
                actions.readyPhases.append((phase, now - (phaseStarts[phase.index] ?? now)))
                actions.logs.append(.init(level: .debug, message: "The \(phase) launch phase is ready.", node: nil))
                changed = true
            }
            if phaseStarts[LaunchPhase.idle.index] == nil, firstFrameAt != nil,
                phaseReady[LaunchPhase.afterFirstFrame.index] != nil
            {
                startPhase(.idle, now: now, &actions)
                changed = true
            }
        }
        let waiting = phaseWaiters
        phaseWaiters = []
        for (phase, waiter) in waiting {
            if let result = phaseResult(phase) {
                actions.resume.append((waiter, result))
            } else {
                phaseWaiters.append((phase, waiter))
            }
        }
    }

    /// How a wait for the finished node `index` ends.
    private func result(of index: Int) -> Result<Void, LaunchError> {
        let record = nodes[index].record
        if record.outcome.kind == .succeeded { return .success(()) }
        return .failure(
            record.failure
                ?? LaunchError(
                    code: .initializerFailed,
                    initializer: graph.nodes[index].name,
                    message: "\(graph.nodes[index].name) \(record.outcome.verb)."
                )
        )
    }

    private static let handedOver = LaunchError(
        code: .handedOver,
        initializer: nil,
        message: "The launch plan was merged into the launch of the composite it is nested in."
    )

    private static let stoppedWaiting = LaunchError(
        code: .cancelled,
        initializer: nil,
        message: "The task waiting on the launch was cancelled; the launch goes on."
    )

    private func timedOut(_ node: LaunchGraph.Node) -> LaunchError {
        LaunchError(
            code: .timedOut,
            initializer: node.name,
            message:
                "\(node.name) timed out: it did not finish within its budget of \(node.budget.map { "\($0)" } ?? "none"). "
                + "Make it faster, raise its budget, or make it optional."
        )
    }

    private func launchFailure(_ node: LaunchGraph.Node) -> LaunchError {
        launch.error ?? LaunchError(code: .cancelled, initializer: node.name, message: "\(node.name) was cancelled.")
    }

    // MARK: - Inspection

    /// Registers `continuation` (as `id`) to be resumed at the next event, or returns
    /// `false` when an event has happened since `seen` or the waiter was cancelled already
    /// (the caller resumes it at once).
    mutating func waitForChange(after seen: Int, id: Int, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard seen == version, stoppedChangeWaiters.remove(id) == nil else { return false }
        changeWaiters[id] = continuation
        return true
    }

    /// Removes the change waiter `id` (its task was cancelled) and returns it to be resumed.
    mutating func stopWaitingForChange(id: Int) -> CheckedContinuation<Void, Never>? {
        guard let continuation = changeWaiters.removeValue(forKey: id) else {
            stoppedChangeWaiters.insert(id)
            return nil
        }
        return continuation
    }

    /// What is running now: for tests that advance a manual clock once the launch is idle.
    func activity() -> LaunchActivity {
        var running: [LaunchActivity.Attempt] = []
        for index in nodes.indices {
            switch nodes[index].status {
            case .running(let attempt), .overBudget(let attempt):
                running.append(
                    .init(
                        name: graph.nodes[index].name,
                        attempt: attempt,
                        foregroundRun: nodes[index].foregroundRun,
                        start: nodes[index].record.attemptStart,
                        isCancelled: nodes[index].status.isOverBudget || nodes[index].cancelledByLaunch
                    )
                )
            case .pending, .retrying, .finished:
                break
            }
        }
        return LaunchActivity(version: version, timerDeadline: armed?.deadline, running: running)
    }
}

extension LaunchStateMachine.Status {
    var isOverBudget: Bool {
        if case .overBudget = self { true } else { false }
    }

    /// Whether an attempt's task is running.
    var hasTask: Bool {
        switch self {
        case .running, .overBudget: true
        case .pending, .retrying, .finished: false
        }
    }
}

extension LaunchStateMachine.LaunchStatus: CustomStringConvertible {
    var error: LaunchError? {
        switch self {
        case .notStarted, .running: nil
        case .failed(let error), .cancelled(let error): error
        }
    }

    var description: String {
        switch self {
        case .notStarted: "not started"
        case .running: "running"
        case .failed(let error): "failed (\(error))"
        case .cancelled: "cancelled"
        }
    }
}

extension LaunchStateMachine.Event {
    /// The time the event carries, if any.
    var time: Duration? {
        switch self {
        case .begin(let now), .startPhase(_, let now), .firstFrame(let now), .attemptFinished(_, _, _, let now),
            .timerFired(_, let now), .demand(_, _, let now), .cancel(let now), .enterForeground(let now):
            now
        case .commandFinished, .taskCreated, .timerCreated, .waitForPhase, .stopWaiting, .handOver:
            nil
        }
    }
}
