import Dispatch
import Logging
import Synchronization

/// A launch plan being run by a ``ServiceComposite``: await its phases, run on-demand
/// initializers, cancel it, and read its report.
///
/// ```swift
/// let launch = try composite.attachLaunchPlan(plan)
/// _ = composite.didFinishLaunching()             // before-launch-returns work, then critical starts
/// try await launch.waitUntilReady(.critical)     // every critical initializer has finished
/// composite.reportFirstFrame()                   // after-first-frame starts; idle follows
/// try await launch.run(SearchIndexInitializer.self)   // on demand, once, shared by callers
/// print(launch.report.textTable)
/// ```
///
/// **How it runs.** The composite drives it: `didFinishLaunching` runs the
/// before-launch-returns initializers and the startup commands and starts the critical
/// phase as it returns; ``ServiceComposite/reportFirstFrame()`` starts the after-first-frame
/// phase; entering the foreground re-runs what asks for it; termination cancels it.
/// An initializer starts the moment its last dependency succeeds; there is no waiting for
/// a whole "level" of the graph.
///
/// **Tasks.** Every attempt runs in its own task that the launch owns: it keeps the task
/// to cancel it (budget expiry, cancellation of the launch) and waits for the task's
/// report. The tasks are deliberately not children of a task group: a group cannot end
/// while a child is still running, and an initializer that ignores cancellation would then
/// hold the whole launch (and application termination) hostage. Instead, a task that has
/// not returned within the grace period after being cancelled is abandoned: its node is
/// reported timed out (or cancelled) and settles as a failure does (its dependents are
/// skipped; a required node fails the launch), without waiting for the task, and whatever
/// it returns later is ignored. One more task, also owned, sleeps until the earliest budget, grace or
/// backoff deadline.
public final class Launch: Sendable {
    typealias Machine = LaunchStateMachine

    /// The plan this launch runs.
    let plan: LaunchPlan
    let graph: LaunchGraph
    let commands: [any StartupCommand]
    let environment: LaunchEnvironment
    let clock: LaunchClock
    private let metrics: LaunchMetrics
    /// The signposts of the launch's nodes; `nil` when the composite has no signposter.
    private let signposts: LaunchSignposts?
    private let state: Locked<LaunchStateMachine>
    private let nextWaiterID = Atomic<Int>(0)
    /// Whether the first-frame report has been scheduled after the application became active.
    private let firstFrameScheduled = Atomic<Bool>(false)
    /// The launch that runs this one's plan instead, merged with others, once the composite
    /// this launch belongs to was nested in another (``handOver(to:)``).
    private let successor = Locked<Launch?>(nil)
    /// The work services held until a phase or a milestone, as the composite records it.
    private let heldWork = Locked<[HeldWork]>([])
    /// The repeating initializers' loops while the application is active, and the run
    /// each last started.
    let repetitions = Locked(Repetitions())
    /// The launch history: read as the launch begins, written as it changes.
    var memory: LaunchMemoryKeeper { environment.memory }
    /// The system's extended launch, when the plan opts into it.
    let extendedLaunch: ExtendedLaunchRun?

    init(
        plan: LaunchPlan,
        composite: ServiceComposite?,
        logger: Logger,
        clock: any Clock<Duration>,
        signposter: (any Signposter)? = nil
    ) {
        let configuration = plan.configuration
        self.plan = plan
        self.graph = plan.graph
        self.commands = plan.commands
        let memory = LaunchMemoryKeeper(memory: configuration.memory, logger: configuration.logger ?? logger)
        #if Configuration
        self.environment = LaunchEnvironment(
            configuration: configuration.reader,
            redactor: SecretRedactor(reader: configuration.reader, secretKeys: configuration.secretKeys),
            logger: configuration.logger ?? logger,
            composite: composite,
            memory: memory
        )
        #else
        self.environment = LaunchEnvironment(
            logger: configuration.logger ?? logger,
            composite: composite,
            memory: memory
        )
        #endif
        self.clock = LaunchClock(clock)
        self.extendedLaunch = configuration.extendedLaunch.map { setting in
            ExtendedLaunchRun(
                tasks: ExtendedLaunchTasks(
                    graph: plan.graph,
                    setting: setting,
                    prefix: setting.taskPrefix ?? ExtendedLaunchTasks.defaultPrefix
                ),
                tracker: setting.tracker,
                logger: configuration.logger ?? logger
            )
        }
        #if Metrics
        self.metrics = LaunchMetrics(factory: configuration.metricsFactory, label: configuration.metricsLabel)
        #else
        self.metrics = LaunchMetrics()
        #endif
        self.signposts = signposter.map(LaunchSignposts.init)
        self.state = Locked(
            LaunchStateMachine(
                graph: plan.graph,
                commandCount: plan.commands.count,
                gracePeriod: configuration.gracePeriod
            )
        )
    }

    // MARK: - Public API

    /// Waits until every initializer of `phase` and of the phases before it has finished
    /// (succeeded, or failed optionally, or been skipped).
    ///
    /// Waiting for ``LaunchPhase/onDemand`` waits for every on-demand initializer too, which
    /// only ends once each has been asked for.
    ///
    /// - Throws: ``LaunchError`` when the launch fails (a required initializer failed; the
    ///   error names it) or is cancelled before the phase is ready, or when the waiting task
    ///   is cancelled.
    public func waitUntilReady(_ phase: LaunchPhase) async throws(LaunchError) {
        let next = try await waitHere { waiter in perform(decide { $0.waitForPhase(phase, waiter) }) }
        if let next { try await next.waitUntilReady(phase) }
    }

    /// Returns once the initializer at `index` has finished its launch run, without asking
    /// for it to run.
    func waitForLaunchRun(of index: Int) async throws(LaunchError) {
        // A launch handed over runs no repetition: the merged launch runs them.
        _ = try await waitHere { waiter in perform(decide { $0.waitForRun(of: index, waiter) }) }
    }

    /// Waits until node `index`'s run going on now, if any, has finished, whatever its
    /// outcome, or until the waiting task is cancelled; `false` when the plan was merged into
    /// an outer composite's launch, which runs the repetitions.
    func waitForCurrentRun(of index: Int) async -> Bool {
        do {
            return try await waitHere { waiter in perform(decide { $0.waitForCurrentRun(of: index, waiter) }) } == nil
        } catch {
            return true  // the run did not succeed, or the waiting task was cancelled
        }
    }

    /// Runs the initializer of type `type` if it has not run yet, with the dependencies it
    /// needs, whatever their phase, and waits until it has finished.
    ///
    /// This is how ``LaunchPhase/onDemand`` initializers run; it also brings forward an
    /// initializer of a later phase. It runs at most once: concurrent callers share that one
    /// run, and later callers get its result at once.
    ///
    /// - Throws: ``LaunchError`` when the initializer failed, timed out or was skipped (the
    ///   error says why), when it is not in the plan, or when the waiting task is cancelled.
    public func run<Target: Initializer>(_ type: Target.Type) async throws(LaunchError) {
        try await run(key: InitializerKey(type), name: String(describing: type))
    }

    /// Runs the ``ClosureInitializer`` named `name` (see ``run(_:)``).
    ///
    /// - Throws: ``LaunchError`` as ``run(_:)`` does.
    public func run(named name: String) async throws(LaunchError) {
        try await run(key: .named(name), name: name)
    }

    /// Cancels the launch: running initializers are cancelled (and abandoned if they do not
    /// return within the grace period), the others are skipped, and waiters get a
    /// ``LaunchError/Code/cancelled`` error. The report stays complete. Idempotent.
    public func cancel() {
        if let next = successor.withLock({ $0 }) { return next.cancel() }
        resignedActive()
        let now = clock.now()
        perform(decide { $0.cancel(now: now) })
        // Handed over meanwhile, from the main thread's first callback: what was cancelled
        // runs in the merged launch now.
        if let next = successor.withLock({ $0 }) { return next.cancel() }
        // Milestones never reached now end their tasks too.
        if let extendedLaunch { MainActorHop.run { extendedLaunch.finishAll() } }
    }

    /// The composite reached the readiness point named `name`: its extended-launch task ends.
    @MainActor
    func reachedMilestone(_ name: String) {
        extendedLaunch?.reached(name)
    }

    /// Returns once no initializer is running or waiting to retry; at once if none is.
    ///
    /// Initializers that have not started (waiting for their phase, their dependencies or
    /// someone to ask for them) do not count: this is for waiting until work under way has
    /// wound down, such as the running initializers after ``cancel()`` (each returns, or is
    /// abandoned after the plan's grace period, so the report is complete afterwards), or
    /// a foreground re-run.
    ///
    /// ```swift
    /// launch.cancel()
    /// await launch.waitUntilIdle()
    /// print(launch.report.textTable)   // no initializer is still running
    /// ```
    ///
    /// Returns early, without waiting, when the waiting task is cancelled.
    public func waitUntilIdle() async {
        do {
            let next = try await waitHere { waiter in perform(decide { $0.waitUntilIdle(waiter) }) }
            await next?.waitUntilIdle()
        } catch {
            return  // the waiting task was cancelled
        }
    }

    /// Whether `phase` is ready, as the launch knows now (its waiters may not have heard yet).
    func isReady(_ phase: LaunchPhase) -> Bool {
        running.decide { $0.phaseReady[phase.index] != nil }
    }

    /// The launch that runs for this one: itself, or, once its plan was merged into an
    /// outer composite's launch, that launch (see ``ServiceComposite/attachLaunchPlan(_:)``).
    var running: Launch { successor.withLock { $0 }?.running ?? self }

    /// The launch so far: every initializer and command with its times and outcome (those
    /// not finished yet are `pending` or `running`), and the launch figures.
    public var report: LaunchReport {
        if let next = successor.withLock({ $0 }) { return next.report }
        let names = commands.map(\.name)
        var report = state.withLock { $0.report(commandNames: names) }
        report.heldWork = heldWork.withLock { $0 }
        addMemory(to: &report)
        return report
    }

    /// The composite's held work changed: the report lists it from now on.
    func heldWorkChanged(_ records: [HeldWork]) {
        heldWork.withLock { $0 = records }
    }

    // MARK: - Driven by the composite

    /// Whether the launch has begun (its before-launch-returns work has run).
    var hasBegun: Bool { state.withLock { $0.origin != nil } }

    /// Runs the before-launch-returns initializers, synchronously, on the main actor: each
    /// is synchronous work (validated when the plan was made), so all of it has finished
    /// when this returns, on every system, with no need for `Task.immediate`.
    @MainActor
    func runBeforeLaunchReturns() {
        // Before anything else, so that the system's extended launch begins before the
        // first scene connects, as it requires.
        extendedLaunch?.begin()
        var synchronous = FIFOQueue<Machine.Start>()
        _ = memory.begin(safeModeAfter: plan.safeMode?.after, migrations: migrationsDueByLaunch)
        let now = clock.now()
        var effects = decide { $0.begin(now: now) }.effects
        while true {
            for start in effects.starts where isSynchronous(start) { synchronous.append(start) }
            effects.starts.removeAll(where: isSynchronous)
            perform(effects)
            guard let start = synchronous.popFirst() else { return }
            // One queued behind an initializer that stopped the launch never runs.
            guard decide({ $0.mayRunQueued(start, now: clock.now()) }) else {
                effects = Machine.Effects()
                continue
            }
            signposts?.begin(start, of: graph.nodes[start.node])
            let result = runSynchronously(start)
            rememberIfMigrationDone(start, result)
            let now = clock.now()
            switch decide({ $0.attemptFinished(node: start.node, token: start.token, result, now: now) }) {
            case .ignore(let line):
                log(line)
                effects = Machine.Effects()
            case .perform(let next):
                effects = next
            }
        }
    }

    /// Runs the startup commands in order.
    @MainActor
    func runCommands() {
        for (index, command) in commands.enumerated() {
            let start = clock.now()
            let signpost = signposts?.beginCommand(command.name)
            command.execute(
                InitializerContext(
                    name: command.name,
                    phase: .beforeLaunchReturns,
                    attempt: 1,
                    foregroundRun: 0,
                    metadataKey: "command",
                    environment: environment
                )
            )
            let end = clock.now()
            if let signpost { signposts?.endCommand(command.name, id: signpost) }
            decide { $0.commandFinished(index: index, start: start, end: end) }
        }
    }

    /// Starts `phase` now.
    func startPhase(_ phase: LaunchPhase) {
        let now = clock.now()
        perform(decide { $0.startPhase(phase, now: now) })
    }

    /// The host showed its first frame.
    func reportFirstFrame() {
        memory.firstFrameReached()
        signposts?.firstFrame()
        let now = clock.now()
        perform(decide { $0.firstFrame(now: now) })
    }

    /// Reports the first frame once the main queue has turned after this call, the first
    /// time it is called: the application (or its first scene) became active, and by the
    /// main run loop's next turn its first frame has been committed. Later calls do nothing.
    func reportFirstFrameAfterMainQueueTurn() {
        guard firstFrameScheduled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        DispatchQueue.main.async { self.reportFirstFrame() }
    }

    /// The application is coming to the foreground (it is about to enter it, or, with
    /// `sceneConnects`, a scene connects, which may stay in the background): a launch that
    /// could not read the history reads it again (the device was unlocked), and a launch into
    /// the background counts again as one without a first frame until it reaches one
    /// (``LaunchHistory/launchesWithoutFirstFrame``).
    func comingToForeground(sceneConnects: Bool = false) {
        historyMayBeReadable()
        memory.comingToForeground(inForeground: !sceneConnects)
    }

    /// A scene the system connected in the background went there without coming to the
    /// foreground: once the launch into the background did its work, it no longer counts as
    /// one without a first frame, as before the scene connected.
    func sceneStayedInBackground() {
        memory.sceneStayedInBackground()
    }

    /// The device may have been unlocked: a launch that could not read the history as it
    /// began (``LaunchHistory/isAvailable``) reads it again, and its migrations waiting for
    /// it go on.
    func historyMayBeReadable() {
        _ = memory.readAgain(migrations: migrationsDueByLaunch)
    }

    /// The application is entering the foreground.
    func enterForeground() {
        let now = clock.now()
        perform(decide { $0.enterForeground(now: now) })
    }

    // MARK: - Carrying out decisions

    /// Feeds one input to the state machine, under its lock; the caller carries out the
    /// action it returns after the lock is released.
    func decide<Action>(_ input: (inout Machine) -> Action) -> Action {
        // Asked before the lock, since it asks the signposter: whether ends are worth deciding.
        let signposting = signposts?.isRecording ?? false
        return state.withLock { machine in
            machine.signposting = signposting
            return input(&machine)
        }
    }

    func perform(_ action: Machine.Action) {
        if case .perform(let effects) = action { perform(effects) }
    }

    private func perform(_ action: Machine.AttemptFinishedAction) {
        switch action {
        case .ignore(let line): log(line)
        case .perform(let effects): perform(effects)
        }
    }

    private func perform(_ action: Machine.TaskCreatedAction) {
        if case .cancel(let task) = action { task.cancel() }
    }

    private func perform(_ action: Machine.WaitAction) {
        if case .resume(let waiter, let result) = action { waiter.resume(result) }
    }

    private func perform(_ action: Machine.DemandAction) {
        switch action {
        case .resume(let waiter, let result): waiter.resume(result)
        case .perform(let effects): perform(effects)
        }
    }

    /// Carries out what the state machine decided, outside its lock.
    private func perform(_ effects: Machine.Effects) {
        for task in effects.cancel { task.cancel() }
        for line in effects.logs { log(line) }
        if let signposts {
            for end in effects.signposts { signposts.end(end, in: graph) }
        }
        for run in effects.finishedRuns {
            let node = graph.nodes[run.node]
            metrics.recordRun(
                of: node.name,
                phase: node.phase,
                outcome: run.outcome,
                inForeground: run.foregroundRun > 0,
                duration: run.duration
            )
        }
        remember(effects.finishedRuns)
        if let extendedLaunch, !effects.settledNodes.isEmpty {
            let nodes = effects.settledNodes
            MainActorHop.run { extendedLaunch.settled(nodes) }
        }
        // A phase without a start (on-demand work) has no duration to record.
        for case (let phase, let duration?) in effects.readyPhases { metrics.recordPhase(phase, duration: duration) }
        // The launch has done the work of its launch (or failed, or was cancelled: it will do
        // no more); in the background, the system may end the process at any time now, which
        // is no crash.
        if effects.launchStopped || effects.readyPhases.contains(where: { $0.phase == .critical }) {
            memory.launchWorkDone(inBackground: environment.launchReason.withLock({ $0 }).isInBackground)
        }
        if let timer = effects.armTimer { startTimer(until: timer.deadline, generation: timer.generation) }
        for start in effects.starts { startTask(start) }
        for (waiter, result) in effects.resume { waiter.resume(result) }
        if effects.reportsCarriedOut {
            for waiter in decide({ $0.effectsCarriedOut() }) { waiter.resume(.success(())) }
        }
    }

    private func log(_ line: Machine.LogLine) {
        let logger = environment.logger
        let metadata: Logger.Metadata? = line.node.map { ["initializer": "\($0)"] }
        switch line.level {
        case .debug: logger.debug("\(line.message)", metadata: metadata)
        case .info: logger.info("\(line.message)", metadata: metadata)
        case .warning: logger.warning("\(line.message)", metadata: metadata)
        case .error: logger.error("\(line.message)", metadata: metadata)
        }
    }

    /// Starts an attempt in a task of its own, on the main actor or off it.
    private func startTask(_ start: Machine.Start) {
        let node = graph.nodes[start.node]
        let context = makeContext(start)
        let priority = Self.priority(of: node.phase, foregroundRun: start.foregroundRun)
        // Begun before the task exists, so that its end, decided when the task reports, follows it.
        signposts?.begin(start, of: node)
        let task: Task<Void, Never>
        if node.runsOnMainActor {
            task = Task(priority: priority) { @MainActor in
                self.attemptFinished(start, await self.attempt(node, context))
            }
        } else {
            task = Task(priority: priority) {
                self.attemptFinished(start, await self.attempt(node, context))
            }
        }
        perform(decide { $0.taskCreated(task, node: start.node, token: start.token) })
    }

    private func attemptFinished(_ start: Machine.Start, _ result: Machine.AttemptResult) {
        rememberIfMigrationDone(start, result)
        let now = clock.now()
        perform(decide { $0.attemptFinished(node: start.node, token: start.token, result, now: now) })
    }

    /// Writes a migration's success down, on both paths (before launch returns, and in a
    /// task), before the state machine hears of it, which is what lets the initializers
    /// after the migration start, on whichever thread.
    private func rememberIfMigrationDone(_ start: Machine.Start, _ result: Machine.AttemptResult) {
        if case .succeeded = result, graph.nodes[start.node].migration != nil { rememberMigrationDone(start.node) }
    }

    /// Sleeps until `deadline`, then tells the state machine, unless cancelled first.
    private func startTimer(until deadline: Duration, generation: Int) {
        let task = Task(priority: .high) {
            do {
                try await self.clock.sleep(deadline)
            } catch {
                return  // re-armed for an earlier deadline, or no longer needed
            }
            let now = self.clock.now()
            self.perform(self.decide { $0.timerFired(generation: generation, now: now) })
        }
        perform(decide { $0.timerCreated(task, generation: generation) })
    }

    private func run(key: InitializerKey, name: String) async throws(LaunchError) {
        if let next = successor.withLock({ $0 }) { return try await next.run(key: key, name: name) }
        guard let position = graph.positions[key] else { throw .notInPlan(name) }
        let next = try await waitHere { waiter in
            let now = clock.now()
            perform(decide { $0.demand(node: position, waiter, now: now) })
        }
        if let next { try await next.run(key: key, name: name) }
    }

    /// Hands the launch over to `successor`, the launch of the composite this one's was
    /// nested in, which runs this plan merged with the others: waiters, now and later, wait
    /// there, and the report and cancellation are the successor's.
    /// Whether the launch failed or was cancelled (before it began, with ``cancel()``).
    var hasStopped: Bool { decide { $0.launch.error != nil } }

    /// Hands the launch over to `successor`, which runs the merged plans; `merged` says
    /// whether this launch's plan is among them.
    func handOver(to successor: Launch, merged: Bool) {
        // Cancelled before the plans were merged: left out, its waiters failed, and later ones
        // fail as it did.
        guard merged else { return }
        // The successor first: a cancellation from now on reaches it.
        self.successor.withLock { $0 = successor }
        guard let handedOver = decide({ $0.handOver() }) else {
            // Cancelled from another thread after the plans were merged and before the
            // successor was set: the cancellation is the merged launch's, as a moment later.
            return successor.cancel()
        }
        for waiter in handedOver.resume {
            waiter.resume(.failure(.handedOver))
        }
    }

    /// Suspends until the state machine resumes the waiter `register` registers, or the
    /// waiting task is cancelled; returns the launch to wait on instead when this one was
    /// handed over, `nil` otherwise.
    private func waitHere(_ register: (Machine.Waiter) -> Void) async throws(LaunchError) -> Launch? {
        if let next = successor.withLock({ $0 }) { return next }
        do {
            try await wait(register)
            return nil
        } catch  where error.code == .handedOver {
            guard let next = successor.withLock({ $0 }) else {
                preconditionFailure("A launch told its waiters it was handed over, but has no successor.")
            }
            return next
        }
    }

    /// Suspends until the state machine resumes the waiter `register` registers, or the
    /// waiting task is cancelled.
    private func wait(_ register: (Machine.Waiter) -> Void) async throws(LaunchError) {
        let id = nextWaiterID.add(1, ordering: .relaxed).newValue
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                register(Machine.Waiter(id: id) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            if case .resume(let waiter, let error) = decide({ $0.stopWaiting(id: id) }) {
                waiter.resume(.failure(error))
            }
        }
        try result.get()
    }
}
