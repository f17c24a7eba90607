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
    // Each access to these is instantaneous and never calls out while open, so they skip
    // the run-time exclusivity check (which cost a twentieth of a fan-out).
    @exclusivity(unchecked) private var answers: [Response?]
    @exclusivity(unchecked) private var settled: [Bool]
    @exclusivity(unchecked) private var remaining: Int
    @exclusivity(unchecked) private var completion: ((Response) -> Void)?
    /// Called once, right after the completion handler: stops the work still running.
    @exclusivity(unchecked) var onComplete: (() -> Void)?

    init(
        callback: String,
        services: [FanOutJob<Response>.Name],
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        deadline: Duration?,
        logger: Logger,
        completion: @escaping (Response) -> Void
    ) {
        self.callback = callback
        self.services = services
        self.merge = merge
        self.unanswered = unanswered
        self.deadline = deadline
        self.logger = logger
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
        case .failure(let error):
            answers[index] = unanswered
            logger.error(
                "\(name) failed \(callback): \(error). The other services are unaffected.",
                metadata: ["service": "\(name)", "callback": "\(callback)", "error": "\(error)"]
            )
        }
        if remaining == 0 { complete() }
    }

    /// The deadline passed (or, with `reason`, the system took the time back): completes
    /// with what has arrived, counting the silent services as `unanswered`, and cancels
    /// their work.
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
        complete()
    }

    private func complete() {
        guard let completion else { return }
        self.completion = nil
        completion(merge.merge(answers.lazy.compactMap { $0 }))
        onComplete?()
        onComplete = nil
    }
}

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

extension ServiceComposite {
    /// Runs `jobs` concurrently and calls `completion` exactly once with their merged
    /// answers: when the last has answered, or at `deadline`. With no jobs, `completion`
    /// gets the merge's no-answer value at once. Without a deadline, the gate it returns
    /// (`nil` when it completed already) is expired by the caller, when the system says the
    /// time is up.
    ///
    /// The jobs run on the main actor in tasks the composite owns (``cancelPendingWork()``,
    /// ``waitForPendingWork()``), started at once: a task runs jobs one after another, on the
    /// spot, and when a job waits, the task is left suspended inside it and a new task takes
    /// up the jobs after it. Every job starts as soon as every job before it has answered
    /// or is waiting; each records its answer in the gate in the same job in which it
    /// returns. So jobs that answer at once share one task and the completion can come
    /// before this returns, and only then, if some job is still working, is the deadline
    /// timer started. When the gate completes, it cancels what is still running, which is
    /// only late.
    ///
    /// Why not one task group, as elsewhere: a group cannot end while a child runs, and a
    /// child per service cost six times a `DispatchGroup` merge before any work of ours
    /// (100 services answering at once, release build); even an immediate task per service
    /// cost twice it. Where tasks cannot start at once (Apple systems before 26), each job
    /// gets its own ordinary task.
    @inline(__always)
    @discardableResult
    func runExactlyOnce<Response: Sendable>(
        _ callback: String,
        names: [FanOutJob<Response>.Name],
        deadline: Duration?,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        run: @escaping @Sendable @MainActor (_ index: Int) async throws -> Response,
        completion: @escaping @MainActor (Response) -> Void
    ) -> CompletionGate<Response>? {
        guard !names.isEmpty else {
            completion(merge.answerWhenNoneAnswers)
            return nil
        }
        let gate = CompletionGate(
            callback: callback,
            services: names,
            merge: merge,
            unanswered: unanswered,
            deadline: deadline,
            logger: configuration.logger,
            completion: completion
        )
        // The deadline counts from now, when the system called, not from when the timer
        // starts.
        let deadlineReached = deadline.map { Self.timer(on: configuration.clock, firingAfter: $0) }
        var running = startJobs(count: names.count, gate: gate, run: run)
        guard !gate.isComplete else { return nil }
        if let deadlineReached { running.append(startDeadline(deadlineReached, gate: gate)) }
        gate.onComplete = { for task in running { task.cancel() } }
        return gate
    }

    /// Starts `count` jobs that record their answers in `gate`, as
    /// ``runExactlyOnce(_:names:deadline:merge:unanswered:run:completion:)`` describes;
    /// returns the tasks of those still running.
    @inline(__always)
    private func startJobs<Response: Sendable>(
        count: Int,
        gate: CompletionGate<Response>,
        run: @escaping @Sendable @MainActor (_ index: Int) async throws -> Response
    ) -> [Task<Void, Never>] {
        var running: [Task<Void, Never>] = []
        let cursor = FanOutCursor(count: count)
        guard Self.canStartAtOnce else {
            // Without immediate tasks, one task per job, so none waits for another.
            startEach(from: cursor, gate: gate, run: run, into: &running)
            return running
        }
        // Jobs run one after another in a chain, on the spot; when a job waits, the chain
        // is suspended inside it and the jobs after it start in a new chain. Each job still
        // starts the moment every job before it has finished or is waiting, and jobs that
        // answer at once share one task.
        while cursor.hasUnclaimed {
            let chain = FanOutChain()
            let id = state.reserveHandlerWork()
            // Strong `self`: a weak reference would move the composite's reference count to
            // its slow side table for good. The cycle (composite, its pending work, the
            // task) ends when the task removes itself.
            let task = Self.startAtOnce { [self] in
                chain.hasStarted = true
                while let index = cursor.claim() { await Self.answer(index, in: gate, run: run) }
                chain.isFinished = true
                state.setHandlerWork(id, nil)
            }
            if !chain.isFinished {
                state.setHandlerWork(id, task)
                running.append(task)
            }
            if !chain.hasStarted {
                // The task did not start on the spot (the caller is not running on the main
                // actor's executor, though isolated to it): each job left gets a task of its
                // own, as without immediate tasks, instead of one chain after another that
                // never starts while this loop runs.
                startEach(from: cursor, gate: gate, run: run, into: &running)
            }
        }
        return running
    }

    /// Starts every job `cursor` has left in a task of its own, appending the tasks to
    /// `running`.
    private func startEach<Response: Sendable>(
        from cursor: FanOutCursor,
        gate: CompletionGate<Response>,
        run: @escaping @Sendable @MainActor (_ index: Int) async throws -> Response,
        into running: inout [Task<Void, Never>]
    ) {
        while let index = cursor.claim() {
            let id = state.reserveHandlerWork()
            let task = Self.startAtOnce { [self] in
                await Self.answer(index, in: gate, run: run)
                state.setHandlerWork(id, nil)
            }
            state.setHandlerWork(id, task)
            running.append(task)
        }
    }

    /// Runs job `index` and records its answer, or its error, in `gate`.
    @inline(__always)
    private static func answer<Response: Sendable>(
        _ index: Int,
        in gate: CompletionGate<Response>,
        run: @Sendable @MainActor (_ index: Int) async throws -> Response
    ) async {
        do {
            gate.record(index, .success(try await run(index)))
        } catch {
            gate.record(index, .failure(error))
        }
    }

    /// Starts the timer that expires `gate` when `deadlineReached` returns.
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
                // Cancelled: every job answered before the deadline.
            }
            state.setHandlerWork(id, nil)
        }
        state.setHandlerWork(id, timer)
        return timer
    }

    /// Runs `jobs` as ``runExactlyOnce(_:names:deadline:merge:unanswered:run:completion:)``
    /// does.
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
            names: jobs.map(\.name),
            deadline: deadline,
            merge: merge,
            unanswered: unanswered,
            run: { try await jobs[$0].run() },
            completion: completion
        )
    }

    /// Whether completion-handler work starts on the spot, inside the dispatch (with
    /// `Task.immediate`), rather than at the main actor's next turn. Tests whose expected
    /// order depends on it read it.
    package nonisolated static var startsWorkAtOnce: Bool { canStartAtOnce }

    /// Whether tasks can start on the spot (`Task.immediate`).
    ///
    /// Building with `-D APPSERVICES_WITHOUT_TASK_IMMEDIATE` takes the path of Apple systems
    /// before 26 everywhere, so that CI runs the whole test suite on it too.
    private nonisolated static let canStartAtOnce: Bool = {
        #if APPSERVICES_WITHOUT_TASK_IMMEDIATE
        return false
        #else
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
        #endif
    }()

    /// Starts `work` on the main actor at once where the runtime can (`Task.immediate`:
    /// Linux, and Apple systems 26 and later), so it runs on the spot until it first
    /// suspends; as an ordinary main-actor task elsewhere (and in a build with
    /// `APPSERVICES_WITHOUT_TASK_IMMEDIATE`).
    private static func startAtOnce(_ work: sending @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        #if !APPSERVICES_WITHOUT_TASK_IMMEDIATE
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate { @MainActor in await work() }
        }
        #endif
        return Task { @MainActor in await work() }
    }

    /// A timer that fires `duration` after this call on `clock`, whenever it is awaited.
    static func timer(
        on clock: some Clock<Duration>,
        firingAfter duration: Duration
    ) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// How many pieces of completion-handler work are still running: services' work
    /// (including work that ignored its deadline) and deadline timers.
    package var pendingWorkCount: Int { state.handlerWork.count }

    /// Cancels the services still working on completion-handler callbacks. Their
    /// completion handlers have been or will be called as usual.
    package func cancelPendingWork() {
        for task in state.handlerWork.all { task.cancel() }
    }

    /// Waits until every service working on a completion-handler callback has returned.
    public func waitForPendingWork() async {
        while let task = state.handlerWork.any { await task.value }
    }
}

/// Hands out the jobs of a fan-out, each exactly once, to the chains that run them.
@MainActor
private final class FanOutCursor {
    private var next = 0
    private let count: Int

    init(count: Int) { self.count = count }

    var hasUnclaimed: Bool { next < count }

    /// The next job to run, or `nil` when every job has been claimed.
    func claim() -> Int? {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }
}

/// Whether a chain of jobs started, and ran to its end, before the code that started it
/// went on.
@MainActor
private final class FanOutChain {
    var hasStarted = false
    var isFinished = false
}
