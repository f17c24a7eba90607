import Logging

/// Collects the answers of the services a completion-handler callback went to and calls
/// the system's completion handler exactly once: when the last service has answered, or
/// at the deadline, whichever comes first.
///
/// Answers are merged in dispatch order whatever order they arrive in. A service that
/// throws, or has not answered at the deadline, contributes `unanswered` (for fetch-style
/// callbacks, `failed`). Answers that arrive after the completion are ignored and logged
/// with the service's name.
@MainActor
final class CompletionGate<Response: Sendable> {
    /// What is being waited for, for log messages: the callback's name, or a description.
    private let callback: String
    /// Who answers each job, for log messages: a service's name is made only when it is
    /// logged, since `String(describing:)` of a type costs microseconds.
    private let services: [FanOutJob<Response>.Name]
    private let merge: ResponseMerge<Response>
    private let unanswered: Response?
    /// The deadline, for log messages; `nil` when the caller expires the gate itself.
    private let deadline: Duration?
    private let logger: Logger
    /// The callback's signpost interval, ended with the completion; `nil` without a
    /// signposter (or with one that is off).
    private let signpost: CallbackSignpost?
    // Each access to these is instantaneous and never calls out while open, so they skip
    // the run-time exclusivity check (which cost a twentieth of a fan-out).
    @exclusivity(unchecked) private var answers: [Response?]
    /// The answers of the jobs that settled before the gate was made, folded
    /// (``takeEarly(_:settled:failures:)``); their entries in `answers` stay empty.
    @exclusivity(unchecked) private var early: ResponseMerge<Response>.Fold?
    @exclusivity(unchecked) private var settled: [Bool]
    @exclusivity(unchecked) private var remaining: Int
    @exclusivity(unchecked) private var completion: ((Response) -> Void)?
    /// Called once, right before the completion handler: stops the work still running.
    @exclusivity(unchecked) var onComplete: (() -> Void)?

    init(
        callback: String,
        services: [FanOutJob<Response>.Name],
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        deadline: Duration?,
        logger: Logger,
        signpost: CallbackSignpost? = nil,
        completion: @escaping (Response) -> Void
    ) {
        self.callback = callback
        self.services = services
        self.merge = merge
        self.unanswered = unanswered
        self.deadline = deadline
        self.logger = logger
        self.signpost = signpost
        self.answers = Array(repeating: nil, count: services.count)
        self.settled = Array(repeating: false, count: services.count)
        self.remaining = services.count
        self.completion = completion
    }

    /// Whether the completion handler has been called.
    var isComplete: Bool { completion == nil }

    /// Whether the job at `index` has answered (or failed).
    func isSettled(_ index: Int) -> Bool { settled[index] }

    /// Records the outcome of the service at `index`.
    @_semantics("optimize.sil.specialize.generic.never")
    func record(_ index: Int, _ outcome: Result<Response, any Error>) {
        var name: String { services[index].text }
        guard !isComplete else {
            switch outcome {
            case .success(let answer):
                logger.warning(
                    "\(name) answered \(callback) after the completion handler was called; its answer \(answer) was ignored.",
                    metadata: ["service": "\(name)", "callback": "\(callback)"]
                )
            case .failure(let error) where error is CancellationError:
                logger.debug(
                    "\(name) stopped \(callback) after its deadline cancelled it.",
                    metadata: ["service": "\(name)", "callback": "\(callback)"]
                )
            case .failure(let error):
                logger.warning(
                    "\(name) failed \(callback) after the completion handler was called: \(error). Ignored.",
                    metadata: ["service": "\(name)", "callback": "\(callback)"]
                )
            }
            return
        }
        guard !settled[index] else {
            logger.warning(
                "\(name) answered \(callback) twice; the second answer was ignored.",
                metadata: ["service": "\(name)", "callback": "\(callback)"]
            )
            return
        }
        settled[index] = true
        remaining -= 1
        switch outcome {
        case .success(let answer):
            answers[index] = answer
        case .failure(let error) where error is SessionEndedBeforeCall:
            break
        case .failure(let error):
            answers[index] = unanswered
            Self.logFailure(of: name, in: callback, error, logger: logger)
        }
        if remaining == 0 {
            signpost?.allAnswered(services.count)
            complete()
        }
    }

    /// Jobs `0..<count` settled before the gate was made, their answers folded in `fold`
    /// (a failed job's as `unanswered`); `failures` are those that failed, to log.
    @_semantics("optimize.sil.specialize.generic.never")
    func takeEarly(_ fold: ResponseMerge<Response>.Fold, settled count: Int, failures: [(index: Int, error: any Error)])
    {
        assert(early == nil && count < remaining, "\(callback): the answers on the spot were handed over twice.")
        early = fold
        for index in 0..<count { settled[index] = true }
        remaining -= count
        for failure in failures {
            Self.logFailure(of: services[failure.index].text, in: callback, failure.error, logger: logger)
        }
    }

    /// Logs that the job `name` of `callback` failed with `error`.
    static func logFailure(of name: String, in callback: String, _ error: any Error, logger: Logger) {
        logger.error(
            "\(name) failed \(callback): \(error). The other services are unaffected.",
            metadata: ["service": "\(name)", "callback": "\(callback)", "error": "\(error)"]
        )
    }

    /// The deadline passed (or, with `reason`, the system took the time back): completes
    /// with what has arrived, counting the silent services as `unanswered`, and cancels
    /// their work.
    @_semantics("optimize.sil.specialize.generic.never")
    func expire(because reason: String? = nil) {
        guard !isComplete else { return }
        let silent = services.indices.filter { !settled[$0] }.map { services[$0].text }
        let why = reason ?? "reached its deadline of \(deadline.map { "\($0)" } ?? "none")"
        logger.warning(
            """
            \(callback) \(why) before \(silent.joined(separator: ", ")) finished; \
            going on without them and cancelling their work.
            """,
            metadata: ["callback": "\(callback)", "services": "\(silent)"]
        )
        for index in services.indices where !settled[index] { answers[index] = unanswered }
        signpost?.expired(why, unanswered: silent)
        complete()
    }

    /// Cancels what still runs (``onComplete``), then calls the completion handler with the
    /// merged answers: a service's cancellation handler runs while the system still waits
    /// for the handler, before it may suspend the application.
    private func complete() {
        guard let completion else { return }
        self.completion = nil
        let cancelRunning = onComplete
        onComplete = nil
        cancelRunning?()
        var fold = early ?? ResponseMerge<Response>.Fold(merge)
        for case let answer? in answers { fold.add(answer) }
        completion(fold.result)
    }
}

/// The outcome of a job that was not called because its session ended after the callback
/// arrived: no answer, and no failure to log.
struct SessionEndedBeforeCall: Error {}

/// One service's part of a completion-handler callback.
struct FanOutJob<Response: Sendable>: Sendable {
    /// Who does the job, as log messages name it.
    enum Name: Sendable {
        /// A service, named by its type (`nil` when not known).
        case service((any AppService.Type)?)
        /// Work with a label of its own.
        case label(String)

        /// The name as printed.
        var text: String {
            switch self {
            case .service(let type): type?.serviceName ?? "A service"
            case .label(let label): label
            }
        }
    }

    let name: Name
    let run: @Sendable @MainActor () async throws -> Response

    /// A job done by the service of type `serviceType`.
    init(serviceType: (any AppService.Type)?, run: @escaping @Sendable @MainActor () async throws -> Response) {
        self.name = .service(serviceType)
        self.run = run
    }

    /// A job named `label`.
    init(label: String, run: @escaping @Sendable @MainActor () async throws -> Response) {
        self.name = .label(label)
        self.run = run
    }
}

/// How a completion-handler callback calls each of its services with what the callback
/// carries: a value of a type of its own rather than a closure, so that the chain that
/// runs the services, specialized for that type, awaits the service directly. (Through a
/// closure each service cost one more asynchronous frame and two more executor switches.)
protocol FanOutCall<Service, Response>: Sendable {
    /// What is called: a capability's existential, or a ``FanOutJob``.
    associatedtype Service: Sendable
    /// What it answers.
    associatedtype Response: Sendable

    /// Calls `service` with `context`.
    @MainActor func callAsFunction(_ service: Service, _ context: AppContext) async throws -> Response
}

extension FanOutJob {
    /// Runs a job of the composite's own.
    struct Run: FanOutCall {
        @MainActor func callAsFunction(_ job: FanOutJob<Response>, _ context: AppContext) async throws -> Response {
            try await job.run()
        }
    }
}

/// The jobs of a completion-handler callback: one per service, each calling `call` with
/// the service and a context that names it; or, for work of the composite's own, one per
/// ``FanOutJob``.
///
/// A class, so the chains that run the jobs share one reference: as a struct of six
/// references it was copied, retained and released, once per job (a tenth of a fan-out).
final class FanOutJobs<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>: Sendable {
    let services: ContiguousArray<Service>
    /// The services' types, for their contexts and log messages; empty for labelled jobs.
    let types: ContiguousArray<any AppService.Type>
    /// The jobs' names when they are not services.
    let labels: [FanOutJob<Response>.Name]
    /// The callback the contexts name. Held strongly, once for the fan-out: a context
    /// (which holds it `unowned(unsafe)`) made from an unowned reference retained and
    /// released it around every job.
    let callback: AppCallback?
    let origin: AppContext.Origin?
    /// Each job's context box when some name a session (``SessionService``); empty when
    /// every job's is `origin`.
    let origins: ContiguousArray<AppContext.Origin?>
    let call: Call

    var count: Int { services.count }

    /// Job `index`'s name, for log messages.
    func name(_ index: Int) -> FanOutJob<Response>.Name {
        labels.isEmpty ? .service(types[index]) : labels[index]
    }

    /// Job `index`'s context box.
    func origin(_ index: Int) -> AppContext.Origin? { origins.isEmpty ? origin : origins[index] }

    /// Whether job `index` is a session's service whose session ended after the callback
    /// arrived (a service before it signed out): it is not called, and answers nothing, as a
    /// released service hears nothing.
    @inline(__always)
    @MainActor func sessionHasEnded(_ index: Int, in composite: ServiceComposite) -> Bool {
        !origins.isEmpty && composite.sessionHasEnded(for: origins[index])
    }

    /// The context job `index` is called with, naming its service.
    @inline(__always)
    @MainActor func context(_ index: Int, composite: ServiceComposite) -> AppContext {
        AppContext(
            composite: composite,
            service: types.isEmpty ? nil : types[index],
            callback: callback,
            origin: origin(index)
        )
    }

    /// The services of `handlers`, each called with `call`, with `origin` or, when given,
    /// `origins` (one per service).
    convenience init(
        _ handlers: HandlerList<Service>,
        callback: AppCallback,
        origin: AppContext.Origin?,
        origins: ContiguousArray<AppContext.Origin?> = [],
        call: Call
    ) {
        self.init(
            services: handlers.services,
            types: handlers.types,
            labels: [],
            callback: callback,
            origin: origin,
            origins: origins,
            call: call
        )
    }

    private init(
        services: ContiguousArray<Service>,
        types: ContiguousArray<any AppService.Type>,
        labels: [FanOutJob<Response>.Name],
        callback: AppCallback?,
        origin: AppContext.Origin?,
        origins: ContiguousArray<AppContext.Origin?>,
        call: Call
    ) {
        self.services = services
        self.types = types
        self.labels = labels
        self.callback = callback
        self.origin = origin
        self.origins = origins
        self.call = call
    }
}

extension FanOutJobs where Service == FanOutJob<Response>, Call == FanOutJob<Response>.Run {
    /// `jobs`, each run for itself.
    convenience init(_ jobs: [FanOutJob<Response>]) {
        self.init(
            services: ContiguousArray(jobs),
            types: [],
            labels: jobs.map(\.name),
            callback: nil,
            origin: nil,
            origins: [],
            call: FanOutJob.Run()
        )
    }
}

extension ServiceComposite {
    /// Runs `jobs` concurrently and calls `completion` exactly once with their merged
    /// answers: when the last has answered, or at `deadline`. With no jobs, `completion`
    /// gets the merge's no-answer value at once. Without a deadline, the gate it returns
    /// (`nil` when it completed already) is expired by the caller, when the system says the
    /// time is up.
    ///
    /// The jobs run on the main actor, started at once: a task runs jobs one after another,
    /// on the spot, and when a job waits, the task is left suspended inside it and a new
    /// task takes up the jobs after it. Every job starts as soon as every job before it has
    /// answered or is waiting. So when every job answers without waiting, which is what
    /// most services do, all of them run in one task before this returns, and their answers
    /// are merged right there: no gate, no deadline timer, no entry in the composite's
    /// handler work. Only when a job waits is the machinery made: the gate, which takes the
    /// answers so far and records the rest in the job in which each returns; the tasks the
    /// composite owns (``cancelPendingWork()``, ``waitForPendingWork()``); and the deadline
    /// timer. The deadline counts from the call, read before any job runs, whatever the
    /// jobs did on the spot before one waited, so both paths below complete at the same
    /// moment. When the gate completes, it cancels what is still running, which is only
    /// late.
    ///
    /// Why not one task group, as elsewhere: a group cannot end while a child runs, and a
    /// child per service cost six times a `DispatchGroup` merge before any work of ours
    /// (100 services answering at once, release build); even an immediate task per service
    /// cost twice it. Where tasks cannot start at once (Apple systems before 26), each job
    /// gets its own ordinary task, and the gate is made at once.
    @discardableResult
    func runExactlyOnce<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>(
        _ callback: String,
        _ jobs: FanOutJobs<Service, Response, Call>,
        deadline: Duration?,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        completion: @escaping @MainActor (Response) -> Void
    ) -> CompletionGate<Response>? {
        guard jobs.count > 0 else {
            completion(merge.answerWhenNoneAnswers)
            return nil
        }
        let signpost =
            hasSignposter ? CallbackSignpost.begin(callback, services: jobs.count, configuration.signposter) : nil
        let cursor = FanOutCursor<Response>(count: jobs.count, merge: merge, unanswered: unanswered)
        // The moment of the call, read before any job runs; made a deadline only when the
        // gate needs one (an optional deadline built on every fan-out went through
        // Optional's generic value witnesses, a fiftieth of target 8).
        let called = configuration.clock.now
        guard Self.canStartAtOnce else {
            let deadline = deadline.map { Deadline(after: $0, countingFrom: called) }
            return runWithGate(callback, jobs, cursor, first: nil, deadline, merge, unanswered, signpost, completion)
        }
        let first = startChain(from: cursor, jobs)
        guard first.chain.isFinished else {
            let deadline = deadline.map { Deadline(after: $0, countingFrom: called) }
            return runWithGate(callback, jobs, cursor, first: first, deadline, merge, unanswered, signpost, completion)
        }
        // Every job answered on the spot: merged here, and nothing else was made.
        let answer = cursor.mergeAnswered(callback, jobs.name, logger: configuration.logger)
        signpost?.allAnswered(jobs.count)
        completion(answer)
        return nil
    }

    /// The rest of ``runExactlyOnce(_:_:deadline:merge:unanswered:completion:)`` once a
    /// job waits (or, with `first` `nil`, where tasks cannot start at once): the gate, the
    /// tasks for the jobs left, the deadline timer.
    // Not specialized: a copy per answer type of what only waiting services reach cost a
    // tenth of the core's code.
    @_semantics("optimize.sil.specialize.generic.never")
    private func runWithGate<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>(
        _ callback: String,
        _ jobs: FanOutJobs<Service, Response, Call>,
        _ cursor: FanOutCursor<Response>,
        first: (task: Task<Void, Never>, chain: FanOutChain)?,
        _ deadline: Deadline?,
        _ merge: ResponseMerge<Response>,
        _ unanswered: Response?,
        _ signpost: CallbackSignpost?,
        _ completion: @escaping @MainActor (Response) -> Void
    ) -> CompletionGate<Response>? {
        var running: [Task<Void, Never>] = []
        if let first {
            // A job waits (or the chain has not started, its caller not running on the main
            // actor's executor): from now on, the gate collects the answers.
            own(first.task, of: first.chain)
            running.append(first.task)
            cursor.hand(to: makeGate(callback, jobs, merge, unanswered, deadline?.duration, signpost, completion))
            // A chain that has not started would not start while the loop below runs: each
            // job left then gets a task of its own, as without immediate tasks.
            if !first.chain.hasStarted { startEach(from: cursor, jobs, into: &running) }
            while cursor.hasUnclaimed {
                let (task, chain) = startChain(from: cursor, jobs)
                if !chain.isFinished {
                    own(task, of: chain)
                    running.append(task)
                }
                if !chain.hasStarted { startEach(from: cursor, jobs, into: &running) }
            }
        } else {
            cursor.hand(to: makeGate(callback, jobs, merge, unanswered, deadline?.duration, signpost, completion))
            startEach(from: cursor, jobs, into: &running)
        }
        guard let gate = cursor.gate, !gate.isComplete else { return nil }
        // Before the timer starts: a timer whose deadline is already due may complete the gate
        // before `startDeadline` returns, and the gate must then cancel what still runs.
        gate.onComplete = { for task in running { task.cancel() } }
        if let deadline {
            running.append(startDeadline(Self.timer(on: configuration.clock, firing: deadline), gate: gate))
        }
        return gate
    }

    @_semantics("optimize.sil.specialize.generic.never")
    private func makeGate<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>(
        _ callback: String,
        _ jobs: FanOutJobs<Service, Response, Call>,
        _ merge: ResponseMerge<Response>,
        _ unanswered: Response?,
        _ deadline: Duration?,
        _ signpost: CallbackSignpost?,
        _ completion: @escaping @MainActor (Response) -> Void
    ) -> CompletionGate<Response> {
        CompletionGate(
            callback: callback,
            services: jobs.services.indices.map(jobs.name),
            merge: merge,
            unanswered: unanswered,
            deadline: deadline,
            logger: configuration.logger,
            signpost: signpost,
            completion: completion
        )
    }

    /// Starts a chain that runs the jobs `cursor` has left one after another, on the spot,
    /// until one waits; returns its task, and whether it started and finished before this
    /// returned.
    private func startChain<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>(
        from cursor: FanOutCursor<Response>,
        _ jobs: FanOutJobs<Service, Response, Call>
    ) -> (task: Task<Void, Never>, chain: FanOutChain) {
        let chain = FanOutChain()
        // Strong `self`: a weak reference would move the composite's reference count to its
        // slow side table for good. The cycle (composite, its handler work, the task) ends
        // when the task removes itself.
        let task = Self.startAtOnce { [self] in
            chain.hasStarted = true
            // The call is awaited here, not in a helper: an inlined `async` helper keeps its
            // own executor hops, one more switch per service.
            while let index = cursor.claim() {
                if jobs.sessionHasEnded(index, in: self) {
                    cursor.fail(index, SessionEndedBeforeCall())
                    continue
                }
                let context = jobs.context(index, composite: self)
                do {
                    cursor.answer(index, try await jobs.call(jobs.services[index], context))
                } catch {
                    cursor.fail(index, error)
                }
            }
            chain.isFinished = true
            if let id = chain.workID { state.setHandlerWork(id, nil) }
        }
        return (task, chain)
    }

    /// Whether `origin` names a session that has ended since it was made, or whose end has
    /// begun (its services are winding down). Not inlined: every fan-out's specialized chain
    /// calls it, and only a session's services get this far.
    @inline(never)
    fileprivate func sessionHasEnded(for origin: AppContext.Origin?) -> Bool {
        guard let origin, let session = origin.session else { return false }
        return !state.sessionServices.lives(session.identifier, lifetime: origin.sessionLifetime)
            || state.sessionServices.isEnding(session.identifier)
    }

    /// The composite owns `task`, a chain still running, until it ends.
    private func own(_ task: Task<Void, Never>, of chain: FanOutChain) {
        let id = state.reserveHandlerWork()
        chain.workID = id
        state.setHandlerWork(id, task)
    }

    /// Starts every job `cursor` has left in a task of its own, appending the tasks to
    /// `running`.
    @_semantics("optimize.sil.specialize.generic.never")
    private func startEach<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>(
        from cursor: FanOutCursor<Response>,
        _ jobs: FanOutJobs<Service, Response, Call>,
        into running: inout [Task<Void, Never>]
    ) {
        while let index = cursor.claim() {
            let id = state.reserveHandlerWork()
            let task = Self.startAtOnce { [self] in
                guard !jobs.sessionHasEnded(index, in: self) else {
                    cursor.fail(index, SessionEndedBeforeCall())
                    return state.setHandlerWork(id, nil)
                }
                let context = jobs.context(index, composite: self)
                do {
                    cursor.answer(index, try await jobs.call(jobs.services[index], context))
                } catch {
                    cursor.fail(index, error)
                }
                state.setHandlerWork(id, nil)
            }
            state.setHandlerWork(id, task)
            running.append(task)
        }
    }

    /// Starts the timer that expires `gate` when `deadlineReached` returns.
    @_semantics("optimize.sil.specialize.generic.never")
    private func startDeadline<Response: Sendable>(
        _ deadlineReached: @escaping @Sendable () async throws -> Void,
        gate: CompletionGate<Response>
    ) -> Task<Void, Never> {
        let id = state.reserveHandlerWork()
        let timer = Self.startAtOnce { [self] in
            do {
                try await deadlineReached()
                gate.expire()
            } catch {
                // Cancelled: every job answered before the deadline (the gate is complete,
                // and this does nothing), or the application is terminating
                // (`cancelPendingWork()`): a service that ignores the cancellation must not
                // keep the system's completion handler from being called.
                gate.expire(because: "was cancelled as the application terminates")
            }
            state.setHandlerWork(id, nil)
        }
        // A timer that ran to its end on the spot has completed the gate (nothing else can
        // before this returns) and must not be recorded as pending after it removed itself.
        if !gate.isComplete {
            state.setHandlerWork(id, timer) { gate.expire(because: "was cancelled as the application terminates") }
        }
        return timer
    }

    /// Runs `jobs` as ``runExactlyOnce(_:_:deadline:merge:unanswered:completion:)`` does.
    @discardableResult
    func runExactlyOnce<Response: Sendable>(
        _ callback: String,
        _ jobs: [FanOutJob<Response>],
        deadline: Duration?,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        completion: @escaping @MainActor (Response) -> Void
    ) -> CompletionGate<Response>? {
        runExactlyOnce(
            callback,
            FanOutJobs(jobs),
            deadline: deadline,
            merge: merge,
            unanswered: unanswered,
            completion: completion
        )
    }

    /// Whether completion-handler work starts on the spot, inside the dispatch (with
    /// `Task.immediate`), rather than at the main actor's next turn. Tests whose expected
    /// order depends on it read it.
    package nonisolated static var startsWorkAtOnce: Bool { canStartAtOnce }

    /// Whether tasks can start on the spot (`Task.immediate`).
    ///
    /// `APPSERVICES_WITHOUT_TASK_IMMEDIATE=1` in the environment takes the path of Apple
    /// systems before 26 everywhere (``OlderSystemPaths``), so that CI runs the whole test
    /// suite on it too, in the same build.
    private nonisolated static let canStartAtOnce: Bool = {
        if OlderSystemPaths.withoutTaskImmediate { return false }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }()

    /// Starts `work` on the main actor at once where the runtime can (`Task.immediate`:
    /// Linux, and Apple systems 26 and later), so it runs on the spot until it first
    /// suspends; as an ordinary main-actor task elsewhere (and with
    /// `APPSERVICES_WITHOUT_TASK_IMMEDIATE=1` in the environment).
    private static func startAtOnce(_ work: sending @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        if canStartAtOnce, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // A loop that runs once, on purpose. `Task.immediate` called out of line (as the
            // optimizer compiles it here otherwise) gives the task an executor-preference
            // record with no executor, from its defaulted `executorPreference: nil`; every
            // executor switch of the task then takes the task's status lock (Swift 6.3:
            // a quarter of a fan-out's time, measured by target 8). Inside a loop it is
            // inlined, the `nil` is folded away and no record is made. Target 8 checks it.
            var started: Task<Void, Never>?
            repeat { started = Task.immediate(operation: work) } while started == nil
            return started.unsafelyUnwrapped
        }
        return Task(operation: work)
    }

    /// A timer that fires at `deadline` on `clock`, whenever it is awaited.
    static func timer<Timing: Clock<Duration>>(
        on clock: Timing,
        firing deadline: Deadline
    ) -> @Sendable () async throws -> Void {
        // The instant was read from this clock; a clock replaced since (only tests do)
        // counts from its own now.
        let start = deadline.start as? Timing.Instant ?? clock.now
        let end = start.advanced(by: deadline.duration)
        return { try await clock.sleep(until: end, tolerance: nil) }
    }

    /// When a completion-handler callback's deadline falls: `duration` after the call.
    struct Deadline {
        /// How long the services have.
        let duration: Duration
        /// When the system called, on the composite's clock.
        let start: any InstantProtocol<Duration>

        init(after duration: Duration, countingFrom start: any InstantProtocol<Duration>) {
            self.duration = duration
            self.start = start
        }
    }

    /// How many pieces of completion-handler work are still running: services' work
    /// (including work that ignored its deadline) and deadline timers.
    package var pendingWorkCount: Int { (outer ?? self).state.handlerWork.count }

    /// Cancels the services still working on completion-handler callbacks, and the deadline
    /// timers of their callbacks: each completion handler not called yet is called before
    /// this returns, in the order the callbacks came, with what has arrived, the silent
    /// services counted as unanswered (as at a deadline). The background tasks still
    /// running, which have no deadline of the composite's, are completed as failed.
    package func cancelPendingWork() {
        let work = state.handlerWork.inOrder
        for (_, piece) in work { piece.task.cancel() }
        for (_, piece) in work { piece.atTermination?() }
        for (_, run) in state.backgroundTaskRuns.inOrder {
            run.gate.expire(because: "was cancelled as the application terminates")
        }
    }

    /// Waits until every service working on a completion-handler callback has returned; on
    /// a nested composite, the outermost one's, which runs them.
    public func waitForPendingWork() async {
        if let outer { return await outer.waitForPendingWork() }
        while let piece = state.handlerWork.any { await piece.task.value }
    }
}

/// Hands out the jobs of a fan-out, each exactly once, to the chains that run them, and
/// takes their answers: folded here, in order, while the first chain runs on the spot,
/// then handed to the gate once one waits.
///
/// The answers before the gate are folded as they come rather than kept: a fan-out in
/// which every service answers on the spot then makes no array of answers (as `Result`s
/// with an existential error, kept, copied and destroyed one by one, they cost a
/// twentieth of target 8).
@MainActor
final class FanOutCursor<Response: Sendable> {
    // As in the gate, each access is instantaneous and calls nothing out while open, so
    // the run-time exclusivity check is skipped.
    @exclusivity(unchecked) private var next = 0
    private let count: Int
    /// What a failed job counts as in the merge.
    private let unanswered: Response?
    /// The answers of the jobs before the gate was made, folded in job order, a failed
    /// job's as `unanswered`.
    @exclusivity(unchecked) private var early: ResponseMerge<Response>.Fold
    /// How many jobs settled before the gate was made: jobs `0..<earlyCount`.
    @exclusivity(unchecked) private var earlyCount = 0
    /// The jobs among them that failed, in job order, for the log.
    @exclusivity(unchecked) private var earlyFailures: [(index: Int, error: any Error)] = []
    /// Made once a job waits; records every answer from then on.
    @exclusivity(unchecked) private(set) var gate: CompletionGate<Response>?

    init(count: Int, merge: ResponseMerge<Response>, unanswered: Response?) {
        self.count = count
        self.unanswered = unanswered
        self.early = ResponseMerge<Response>.Fold(merge)
    }

    var hasUnclaimed: Bool { next < count }

    /// The next job to run, or `nil` when every job has been claimed.
    func claim() -> Int? {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }

    /// Job `index` answered `answer`.
    func answer(_ index: Int, _ answer: Response) {
        if let gate { return gate.record(index, .success(answer)) }
        // Before the gate, only the first chain runs, so the jobs answer in order.
        assert(index == earlyCount, "job \(index) answered before job \(earlyCount)")
        earlyCount += 1
        early.add(answer)
    }

    /// Job `index` failed with `error`: a job left out because its session ended
    /// (``SessionEndedBeforeCall``) counts as no answer and is not logged; any other
    /// failure counts as `unanswered` and is logged.
    func fail(_ index: Int, _ error: any Error) {
        if let gate { return gate.record(index, .failure(error)) }
        assert(index == earlyCount, "job \(index) failed before job \(earlyCount)")
        earlyCount += 1
        guard !(error is SessionEndedBeforeCall) else { return }
        if let unanswered { early.add(unanswered) }
        earlyFailures.append((index, error))
    }

    /// From now on `gate` records the answers; it takes those that came before.
    @_semantics("optimize.sil.specialize.generic.never")
    func hand(to gate: CompletionGate<Response>) {
        self.gate = gate
        gate.takeEarly(early, settled: earlyCount, failures: earlyFailures)
        earlyFailures = []
    }

    /// The merged answers when every job answered before a gate was needed; the failures
    /// are logged, as the gate logs them.
    func mergeAnswered(_ callback: String, _ name: (Int) -> FanOutJob<Response>.Name, logger: Logger) -> Response {
        for failure in earlyFailures {
            CompletionGate<Response>.logFailure(
                of: name(failure.index).text,
                in: callback,
                failure.error,
                logger: logger
            )
        }
        return early.result
    }
}

/// Whether a chain of jobs started, and ran to its end, before the code that started it
/// went on.
@MainActor
private final class FanOutChain {
    @exclusivity(unchecked) var hasStarted = false
    @exclusivity(unchecked) var isFinished = false
    /// Its entry in the composite's handler work, once it is known to wait.
    @exclusivity(unchecked) var workID: Int?
}
