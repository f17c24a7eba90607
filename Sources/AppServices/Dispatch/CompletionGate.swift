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
    private let deadline: Duration
    private let logger: Logger
    private var answers: [Response?]
    private var settled: [Bool]
    private var remaining: Int
    private var completion: ((Response) -> Void)?

    init(
        callback: String,
        services: [FanOutJob<Response>.Name],
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        deadline: Duration,
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

    /// Runs the job at `index` and records its outcome in the same main-actor job in which
    /// it returns, so an answer counts from the instant the service gives it, never later
    /// than a deadline that fires after it.
    func run(_ index: Int, _ job: FanOutJob<Response>) async {
        do {
            record(index, .success(try await job.run()))
        } catch {
            record(index, .failure(error))
        }
    }

    /// The task-group child that runs the job at `index`: main-actor isolated, so the
    /// group starts it on the main actor, where the job runs.
    nonisolated func child(
        _ index: Int,
        _ job: FanOutJob<Response>
    ) -> @MainActor @Sendable () async -> FanOutChildResult {
        { @MainActor in
            await self.run(index, job)
            return .serviceReturned
        }
    }

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

    /// The deadline passed: completes with what has arrived, counting the silent services
    /// as `unanswered`.
    func expire() {
        guard !isComplete else { return }
        let silent = services.indices.filter { !settled[$0] }.map { services[$0].text }
        logger.warning(
            """
            \(callback) reached its deadline of \(deadline) before \(silent.joined(separator: ", ")) finished; \
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
    }
}

/// What one child of a fan-out reports to the loop that decides what to stop.
enum FanOutChildResult: Sendable {
    /// A service's work returned (its answer is already recorded).
    case serviceReturned
    /// The deadline passed (the gate has completed).
    case deadlineReached
    /// The deadline timer was cancelled because every service answered first.
    case deadlineCancelled
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
    /// Runs `call` for every service that handles `callback`, concurrently, and calls
    /// `completion` exactly once with the merged answer, when all have answered or at the
    /// deadline. With no handling service, `completion` gets the merge's no-answer value at
    /// once.
    func fanOut<Service: Sendable, Response: Sendable>(
        _ callback: AppCallback,
        _ select: (HandlerTable) -> HandlerTable.List<Service>,
        deadline: Duration,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        call: @escaping @Sendable @MainActor (Service, AppContext) async throws -> Response,
        completion: @escaping @MainActor (Response) -> Void
    ) {
        beginDispatch(callback, scene: scene)
        defer { endDispatch(callback, scene: scene) }
        let jobs = select(plan.unsafelyUnwrapped.handlers).map { handler in
            let context = makeContext(handler.type, callback, platform, scene)
            let service = handler.service
            return FanOutJob(serviceType: handler.type) { try await call(service, context) }
        }
        runExactlyOnce(
            callback.rawValue,
            jobs,
            deadline: deadline,
            merge: merge,
            unanswered: unanswered,
            completion: completion
        )
    }

    /// Runs `jobs` concurrently and calls `completion` exactly once with their merged
    /// answers: when the last has answered, or at `deadline`. With no jobs, `completion`
    /// gets the merge's no-answer value at once.
    ///
    /// The work runs in one task the composite owns (``cancelPendingWork()``,
    /// ``waitForPendingWork()``), holding one task group: a child per job, which records
    /// its job's answer in the gate, and a deadline child. The gate decides when the
    /// completion is called; the loop over the children's results decides when to cancel
    /// what still runs.
    func runExactlyOnce<Response: Sendable>(
        _ callback: String,
        _ jobs: [FanOutJob<Response>],
        deadline: Duration,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        completion: @escaping @MainActor (Response) -> Void
    ) {
        guard !jobs.isEmpty else {
            completion(merge.answerWhenNoneAnswers)
            return
        }
        let gate = CompletionGate(
            callback: callback,
            services: jobs.map(\.name),
            merge: merge,
            unanswered: unanswered,
            deadline: deadline,
            logger: configuration.logger,
            completion: completion
        )
        // The deadline counts from now, when the system called, not from when the timer's
        // task first runs.
        let deadlineReached = Self.timer(on: configuration.clock, firingAfter: deadline)
        let id = nextWorkID
        nextWorkID += 1
        pendingWork[id] = Task { @MainActor [weak self] in
            await withTaskGroup(of: FanOutChildResult.self) { group in
                for index in jobs.indices {
                    let job = jobs[index]
                    // Started on the main actor, where the job runs, rather than on the
                    // global pool only to hop to the main actor at once.
                    group.addTask(operation: gate.child(index, job))
                }
                group.addTask {
                    do {
                        try await deadlineReached()
                        await gate.expire()
                        return .deadlineReached
                    } catch {
                        return .deadlineCancelled
                    }
                }
                while let result = await group.next() {
                    switch result {
                    case .serviceReturned, .deadlineReached:
                        // Once the system has its answer, what still runs is only late: ask
                        // it to stop. Work that ignores cancellation keeps this task (never
                        // the caller) waiting.
                        if gate.isComplete { group.cancelAll() }
                    case .deadlineCancelled:
                        break
                    }
                }
            }
            self?.pendingWork[id] = nil
        }
    }

    /// A timer that fires `duration` after this call on `clock`, whenever it is awaited.
    static func timer(on clock: some Clock<Duration>, firingAfter duration: Duration) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// The number of completion-handler callbacks whose services are still running
    /// (including services that ignored their deadline).
    public var pendingWorkCount: Int { pendingWork.count }

    /// Cancels the services still working on completion-handler callbacks. Their
    /// completion handlers have been or will be called as usual.
    public func cancelPendingWork() {
        for task in pendingWork.values { task.cancel() }
    }

    /// Waits until every service working on a completion-handler callback has returned.
    public func waitForPendingWork() async {
        while let task = pendingWork.values.first { await task.value }
    }
}
