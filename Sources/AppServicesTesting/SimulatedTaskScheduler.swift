public import AppServices
public import Foundation

/// The system's background-task scheduler, simulated: what an application registers its
/// background tasks with and submits requests to, and what launches and expires their runs.
///
/// It is the scheduler of a ``SimulatedSystem``, so the bare composite (through the core's
/// `BackgroundTaskScheduler`) and a simulated UIKit (through `BGTaskScheduler.shared`)
/// register with the same one, and the simulator's background-task steps launch what was
/// registered there. It follows the system's rules and records what breaks them instead of
/// raising as the system does:
///
/// - an identifier is registered once: a second registration is refused and listed in
///   ``misuse``, as is a registration after the application finished launching;
/// - an identifier that is not permitted (``permittedIdentifiers``, Info.plist's
///   `BGTaskSchedulerPermittedIdentifiers`, whose wildcards permit continued-processing
///   tasks only) is refused, and its requests too;
/// - one app-refresh request and ten processing requests are kept pending at once: one
///   more, for another identifier, is refused with `tooManyPendingRequests`;
/// - a submitted request replaces the pending one with its identifier, and launching a task
///   takes its pending request.
///
/// Its state is behind a lock: the system's scheduler is used from any thread.
public final class SimulatedTaskScheduler: Sendable {
    /// One registration: its kind when the registrant said it, the queue it named, and what
    /// launches a run.
    private struct Registration: Sendable {
        let kind: BackgroundTaskKind?
        let launch: @MainActor @Sendable (SimulatedBackgroundTaskRun) -> Void
    }

    /// Everything the scheduler keeps.
    private struct State {
        var registrations: [String: Registration] = [:]
        var registrationLog: [BackgroundTaskRegistration] = []
        var misuse: [String] = []
        var permitted: Set<String>?
        var launchFinished = false
        var pending: [BackgroundTaskRequest] = []
        var submitted: [BackgroundTaskRequest] = []
        var refusal: BackgroundTaskError.Code?
        var runsContinuedProcessing = true
        var runs: [SimulatedBackgroundTaskRun] = []
    }

    private let state = Locked(State())

    /// A scheduler with nothing registered, every identifier permitted.
    public init() {}

    // MARK: - What the application does

    /// Registers `identifier` of `kind`, so that each launch of it calls `launch`; `false`
    /// when the system refuses (registered already, or not permitted).
    public nonisolated func register(
        _ identifier: String,
        kind: BackgroundTaskKind,
        launch: @escaping @MainActor (any SystemBackgroundTask) -> Void
    ) -> Bool {
        register(identifier, kind: kind, queueLabel: nil) { launch($0) }
    }

    /// Registers `identifier` as a platform framework does (`BGTaskScheduler`'s
    /// `register(forTaskWithIdentifier:using:launchHandler:)`), with the label of the queue
    /// it named and its kind when it knows it; `false` when the system refuses.
    package func register(
        _ identifier: String,
        kind: BackgroundTaskKind?,
        queueLabel: String?,
        launch: @escaping @MainActor @Sendable (SimulatedBackgroundTaskRun) -> Void
    ) -> Bool {
        state.withLock { state in
            state.registrationLog.append(BackgroundTaskRegistration(identifier: identifier, queueLabel: queueLabel))
            if state.registrations[identifier] != nil {
                state.misuse.append("Launch handler for task with identifier \(identifier) has already been registered")
                return false
            }
            // A continued-processing job is registered when it is submitted, under its own
            // identifier, which a registered wildcard names: a system with continued
            // processing exempts those; one without raises, as for any late registration.
            let isJob =
                state.runsContinuedProcessing
                && (kind == .continuedProcessing
                    || (kind == nil
                        && BackgroundTaskDeclaration.pattern(among: state.registrations.keys, naming: identifier)
                            .map { $0 != identifier } == true))
            if state.launchFinished && !isJob {
                state.misuse.append(
                    "All launch handlers must be registered before application finishes launching (\(identifier))"
                )
            }
            if let permitted = state.permitted,
                BackgroundTaskDeclaration.permission(among: permitted, for: identifier, kind: kind) == nil
            {
                return false
            }
            state.registrations[identifier] = Registration(kind: kind, launch: launch)
            return true
        }
    }

    /// Keeps `request`, replacing a pending one with its identifier.
    ///
    /// - Throws: `BackgroundTaskError` naming the identifier: `.notPermitted` when it is not
    ///   permitted, or the code the system was told to refuse with
    ///   (``refuseSubmissions(with:)``).
    public nonisolated func submit(_ request: BackgroundTaskRequest) throws {
        let refusal: BackgroundTaskError.Code? = state.withLock { state in
            if let refusal = state.refusal { return refusal }
            if let permitted = state.permitted,
                BackgroundTaskDeclaration.permission(among: permitted, for: request.identifier, kind: request.kind)
                    == nil
            {
                return .notPermitted
            }
            // The system keeps one app-refresh request and ten processing requests pending;
            // one more, for another identifier, is refused.
            if let limit = Self.pendingLimit(of: request.kind),
                state.pending.count(where: { $0.kind == request.kind && $0.identifier != request.identifier }) >= limit
            {
                return .tooManyPendingRequests
            }
            // The system looks a continued-processing job's launch handler up under the job's
            // own identifier, and raises an exception without one, though a wildcard naming it
            // is registered.
            if request.kind == .continuedProcessing && state.registrations[request.identifier] == nil {
                state.misuse.append("No launch handler registered for task with identifier \(request.identifier)")
            }
            state.pending.removeAll { $0.identifier == request.identifier }
            state.pending.append(request)
            state.submitted.append(request)
            return nil
        }
        guard let refusal else { return }
        throw BackgroundTaskError(
            code: refusal,
            identifier: request.identifier,
            message: "The simulated system refused background task \(request.identifier) (\(refusal))."
        )
    }

    /// How many requests of `kind` the system keeps pending at once: one app refresh, ten
    /// processing tasks; no limit is documented for continued processing.
    private static func pendingLimit(of kind: BackgroundTaskKind) -> Int? {
        switch kind {
        case .appRefresh: 1
        case .processing: 10
        case .continuedProcessing: nil
        }
    }

    /// Withdraws the pending request for `identifier`, if any.
    public nonisolated func cancel(identifier: String) {
        state.withLock { $0.pending.removeAll { $0.identifier == identifier } }
    }

    /// Withdraws every pending request.
    public func cancelAll() {
        state.withLock { $0.pending.removeAll() }
    }

    /// Withdraws every pending request, declared or not, as the system's cancel-all does.
    public nonisolated func cancelAllRequests(declared: [String]) {
        state.withLock { $0.pending.removeAll() }
    }

    /// The requests not run yet, in the order they were submitted.
    public nonisolated func pendingRequests() async -> [BackgroundTaskRequest] {
        pendingRequestsNow
    }

    // MARK: - What tests read and set

    /// The identifiers registered, in no particular order.
    public var registeredIdentifiers: Set<String> { state.withLock { Set($0.registrations.keys) } }

    /// Every registration call, in order, refused ones included.
    public var registrationLog: [BackgroundTaskRegistration] { state.withLock { $0.registrationLog } }

    /// What the system would have raised an exception for, in order: registering an
    /// identifier twice, or after the application finished launching (but for a
    /// continued-processing job), or submitting a continued-processing job whose own
    /// identifier has no launch handler. Empty when the application behaves.
    public var misuse: [String] { state.withLock { $0.misuse } }

    /// Lists `line` in ``misuse``: what a simulated platform saw the application do that the
    /// system forbids.
    package func noteMisuse(_ line: String) {
        state.withLock { $0.misuse.append(line) }
    }

    /// Every request accepted, in order.
    public var submittedRequests: [BackgroundTaskRequest] { state.withLock { $0.submitted } }

    /// The requests not run yet, in the order they were submitted, without waiting.
    public var pendingRequestsNow: [BackgroundTaskRequest] { state.withLock { $0.pending } }

    /// The pending requests whose earliest begin date has come by `date`, in order.
    public func dueRequests(at date: Date) -> [BackgroundTaskRequest] {
        pendingRequestsNow.filter { ($0.earliestBeginDate ?? .distantPast) <= date }
    }

    /// The identifiers the application may register and submit; `nil`, the default, permits
    /// every identifier.
    public var permittedIdentifiers: Set<String>? {
        get { state.withLock { $0.permitted } }
        set { state.withLock { $0.permitted = newValue } }
    }

    /// Whether the simulated system runs continued-processing tasks, as iOS 26 and later do on
    /// an iPhone or iPad; `true` unless set. Set `false` to simulate iOS 18 to 25, Mac
    /// Catalyst or visionOS: the composite then refuses such requests with
    /// `BackgroundTaskError.Code.unavailable`, and a job registered after launch is listed in
    /// ``misuse``, where the system would raise.
    public var runsContinuedProcessing: Bool {
        get { state.withLock { $0.runsContinuedProcessing } }
        set { state.withLock { $0.runsContinuedProcessing = newValue } }
    }

    /// Makes the system refuse every submission with `code` from now on (Background App
    /// Refresh turned off, too many pending requests); `nil` accepts again.
    public func refuseSubmissions(with code: BackgroundTaskError.Code?) {
        state.withLock { $0.refusal = code }
    }

    /// Every run launched, in order.
    public var runs: [SimulatedBackgroundTaskRun] { state.withLock { $0.runs } }

    // MARK: - What the system does

    /// The application has finished launching: registering from now on is misuse.
    public func applicationDidFinishLaunching() {
        state.withLock { $0.launchFinished = true }
    }

    /// Launches a run of `identifier` as the system does: takes its pending request and calls
    /// the launch handler registered for it, on the main actor.
    ///
    /// The run's kind is `kind` if given, else the pending request's, else the registered
    /// one, else app refresh.
    ///
    /// - Returns: The run, to expire and to wait for; `nil` when nothing is registered for
    ///   `identifier` (the system would not launch it).
    @MainActor
    @discardableResult
    public func start(_ identifier: String, kind: BackgroundTaskKind? = nil) -> SimulatedBackgroundTaskRun? {
        let launched:
            (run: SimulatedBackgroundTaskRun, launch: @MainActor @Sendable (SimulatedBackgroundTaskRun) -> Void)? =
                state.withLock { state in
                    // The registration of the identifier, or of the wildcard that names it.
                    guard
                        let registration = BackgroundTaskDeclaration.pattern(
                            among: state.registrations.keys,
                            naming: identifier
                        ).flatMap({ state.registrations[$0] })
                    else { return nil }
                    let request = state.pending.first { $0.identifier == identifier }
                    state.pending.removeAll { $0.identifier == identifier }
                    let run = SimulatedBackgroundTaskRun(
                        identifier: identifier,
                        kind: kind ?? request?.kind ?? registration.kind ?? .appRefresh
                    )
                    state.runs.append(run)
                    return (run, registration.launch)
                }
        guard let launched else { return nil }
        launched.launch(launched.run)
        return launched.run
    }

    /// Launches a run of `identifier` and waits until it is completed.
    ///
    /// - Returns: The success flag it was completed with; `nil` when nothing is registered
    ///   for `identifier`.
    @MainActor
    public func run(_ identifier: String) async -> Bool? {
        guard let run = start(identifier) else { return nil }
        return await run.completion()
    }

    /// Takes the time of every run not completed yet back: calls each one's expiration
    /// handler, oldest first.
    @MainActor
    public func expireAll() {
        for run in runs where !run.isCompleted { run.expire() }
    }

    /// Whether a run has not been completed yet.
    public var hasRunningTask: Bool { runs.contains { !$0.isCompleted } }
}

// In an extension, so that the conformance to a main-actor protocol does not make the whole
// scheduler main-actor isolated: the system's scheduler is used from any thread.
extension SimulatedTaskScheduler: BackgroundTaskScheduler {
    /// Whether the simulated system runs tasks of `kind` (``runsContinuedProcessing``).
    public nonisolated func supports(_ kind: BackgroundTaskKind) -> Bool {
        kind != .continuedProcessing || runsContinuedProcessing
    }
}

/// One call of a scheduler's register method, as ``SimulatedTaskScheduler/registrationLog``
/// lists them.
public struct BackgroundTaskRegistration: Sendable, Hashable {
    /// The identifier registered.
    public let identifier: String
    /// The label of the queue the launch handler was to run on, when the registrant named
    /// one (`BGTaskScheduler`); `nil` for none, or for the core's scheduler, whose launches
    /// run on the main actor.
    public let queueLabel: String?
}
