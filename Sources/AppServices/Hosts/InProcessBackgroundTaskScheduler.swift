public import Foundation

/// A background-task scheduler for hosts without the system's (the Linux host, tests):
/// it keeps the registrations and the submitted requests, and runs a task when told to.
///
/// ```swift
/// let scheduler = InProcessBackgroundTaskScheduler()
/// composite.registerBackgroundTasks(with: scheduler)
/// // later, when the host decides (a signal, a timer, a test step):
/// let succeeded = await scheduler.run("com.example.inbox.refresh")
/// ```
///
/// It follows the system's rules: an identifier is registered once; a submitted request
/// replaces the pending one with its identifier; running a task takes its pending request.
@MainActor
public final class InProcessBackgroundTaskScheduler: BackgroundTaskScheduler {
    /// The registered identifiers, with their kinds and launch handlers.
    private var registrations: [String: (kind: BackgroundTaskKind, launch: (any SystemBackgroundTask) -> Void)] = [:]
    /// The pending requests, in the order they were submitted.
    private var pending: [BackgroundTaskRequest] = []
    /// The runs started and not completed yet.
    private var running: [InProcessBackgroundTask] = []

    /// Creates an empty scheduler.
    public init() {}

    /// The identifiers registered so far, in no particular order.
    public var registeredIdentifiers: Set<String> { Set(registrations.keys) }

    /// Registers `identifier`; `false` if it is registered already.
    public func register(
        _ identifier: String,
        kind: BackgroundTaskKind,
        launch: @escaping @MainActor (any SystemBackgroundTask) -> Void
    ) -> Bool {
        guard registrations[identifier] == nil else { return false }
        registrations[identifier] = (kind, launch)
        return true
    }

    /// Keeps `request`, replacing a pending one with its identifier.
    ///
    /// - Throws: ``BackgroundTaskError`` with ``BackgroundTaskError/Code/notPermitted`` when
    ///   the identifier is not registered.
    public func submit(_ request: BackgroundTaskRequest) throws {
        guard registration(naming: request.identifier) != nil else {
            throw BackgroundTaskError(
                code: .notPermitted,
                identifier: request.identifier,
                message:
                    "Background task \(request.identifier) is not registered with the scheduler; register it before submitting."
            )
        }
        pending.removeAll { $0.identifier == request.identifier }
        pending.append(request)
    }

    /// Withdraws the pending request for `identifier`.
    public func cancel(identifier: String) {
        pending.removeAll { $0.identifier == identifier }
    }

    /// Withdraws every pending request, declared or not.
    public func cancelAllRequests(declared: [String]) {
        pending.removeAll()
    }

    /// The pending requests, in the order they were submitted.
    public func pendingRequests() async -> [BackgroundTaskRequest] { pending }

    /// The pending requests, in the order they were submitted, without waiting.
    public var pendingRequestsNow: [BackgroundTaskRequest] { pending }

    /// The pending requests whose earliest begin date has come by `date`, in order.
    public func dueRequests(at date: Date) -> [BackgroundTaskRequest] {
        pending.filter { ($0.earliestBeginDate ?? .distantPast) <= date }
    }

    /// Starts a run of `identifier` as the system would, taking its pending request, and
    /// returns it; it completes when the task's work ends or ``InProcessBackgroundTask/expire()``
    /// is called. An identifier that is not registered is run too, as the system would not,
    /// so that hosts can test what the composite does with it: it is completed as failed.
    @discardableResult
    public func start(_ identifier: String) -> InProcessBackgroundTask {
        pending.removeAll { $0.identifier == identifier }
        let task = InProcessBackgroundTask(identifier: identifier)
        running.append(task)
        task.whenCompleted { [weak self, weak task] _ in self?.running.removeAll { $0 === task } }
        if let registration = registration(naming: identifier) {
            registration.launch(task)
        } else {
            task.setTaskCompleted(success: false)
        }
        return task
    }

    /// The registration of `identifier`, or of the wildcard that names it (a
    /// continued-processing task's; see ``BackgroundTaskDeclaration/continuedProcessing(_:work:)``).
    private func registration(
        naming identifier: String
    ) -> (kind: BackgroundTaskKind, launch: (any SystemBackgroundTask) -> Void)? {
        BackgroundTaskDeclaration.pattern(among: registrations.keys, naming: identifier).flatMap { registrations[$0] }
    }

    /// Runs `identifier` and returns whether it succeeded: see ``start(_:)``.
    public func run(_ identifier: String) async -> Bool {
        await start(identifier).completion()
    }

    /// Expires every run not completed yet, as the system does when background time ends.
    public func expireAll() {
        for task in running { task.expire() }
    }
}

/// One run of a background task on an ``InProcessBackgroundTaskScheduler``: the system's
/// task as the composite sees it, plus what a host or test needs to drive and observe it.
@MainActor
public final class InProcessBackgroundTask: SystemBackgroundTask {
    /// The task's identifier.
    public let identifier: String
    /// Set by the composite; ``expire()`` calls it.
    public var expirationHandler: (@MainActor () -> Void)?
    /// Every `setTaskCompleted(success:)` call, in order: exactly one when the composite
    /// behaves.
    public private(set) var completions: [Bool] = []
    private var observers: [(Bool) -> Void] = []

    init(identifier: String) {
        self.identifier = identifier
    }

    /// Records the completion and tells whoever waits for it (the first time).
    public func setTaskCompleted(success: Bool) {
        completions.append(success)
        guard completions.count == 1 else { return }
        let waiting = observers
        observers = []
        for observer in waiting { observer(success) }
    }

    /// Whether the task has been completed.
    public var isCompleted: Bool { !completions.isEmpty }

    /// The system takes the time back: calls the expiration handler.
    public func expire() {
        expirationHandler?()
    }

    /// Waits until the task is completed and returns its success flag.
    public func completion() async -> Bool {
        if let first = completions.first { return first }
        return await withCheckedContinuation { continuation in
            whenCompleted { continuation.resume(returning: $0) }
        }
    }

    fileprivate func whenCompleted(_ observer: @escaping (Bool) -> Void) {
        if let first = completions.first { return observer(first) }
        observers.append(observer)
    }
}
