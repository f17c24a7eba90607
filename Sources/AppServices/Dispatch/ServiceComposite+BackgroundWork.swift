import Logging

extension AppContext {
    /// Starts work that may outlive the callback, as UIKit's `beginBackgroundTask` does:
    /// flushing analytics in `didEnterBackground`, closing a database in `willTerminate`.
    ///
    /// The work runs on the main actor in a task the composite owns. While it runs, the
    /// composite holds background time from the host (``ServiceComposite/backgroundTime``;
    /// on iOS a `beginBackgroundTask` assertion), ended exactly once: when the work ends,
    /// or when the system takes the time back, which also cancels the work. Hosts without
    /// background time wait for the work when the application winds down, up to a budget
    /// (``ServiceComposite/finishBackgroundWork(within:)``); work still running then is
    /// cancelled and logged with its name and service. Check for cancellation in long work.
    ///
    /// ```swift
    /// func applicationDidEnterBackground(_ context: AppContext) {
    ///     context.beginBackgroundWork(named: "flush-events") { try await self.uploader.flush() }
    /// }
    /// ```
    public func beginBackgroundWork(
        named name: String,
        _ work: @escaping @Sendable @MainActor () async throws -> Void
    ) {
        composite.beginBackgroundWork(named: name, by: serviceName, during: callback, work)
    }
}

extension ServiceComposite {
    /// One piece of background work: its label for logs, and its task.
    struct BackgroundWork {
        let label: String
        let task: Task<Void, Never>
    }

    /// The names of the background work still running, with their services
    /// ("AnalyticsService: flush-events"); work abandoned at a budget is not listed.
    public var runningBackgroundWork: [String] {
        (outer ?? self).state.outlivingWork.inOrder.map(\.entry.label)
    }

    func beginBackgroundWork(
        named name: String,
        by service: String?,
        during callback: AppCallback?,
        _ work: @escaping @Sendable @MainActor () async throws -> Void
    ) {
        if let outer { return outer.beginBackgroundWork(named: name, by: service, during: callback, work) }
        let label = service.map { "\($0): \(name)" } ?? name
        let logger = configuration.logger
        let id = state.reserveOutlivingWork()
        let assertion = state.backgroundTime.map { BackgroundTimeAssertion(provider: $0, label: label) }
        assertion?.begin { [self] in
            logger.warning("Background time for \(label) expired; its work is cancelled.")
            state.outlivingWork[id]?.task.cancel()
        }
        state.setOutlivingWork(
            id,
            BackgroundWork(
                label: label,
                // Strong `self`, as in the fan-out: the task removes itself when done.
                task: Task { @MainActor [self] in
                    do {
                        try await work()
                        if Task.isCancelled {
                            logger.info(
                                "Background work \(label), cancelled (at its budget, or when its background time expired), has now finished."
                            )
                        }
                    } catch is CancellationError {
                        logger.info(
                            "Background work \(label), cancelled (at its budget, or when its background time expired), has now stopped."
                        )
                    } catch {
                        logger.error(
                            "Background work \(label) failed: \(error).",
                            metadata: ["callback": "\(callback.map { "\($0)" } ?? "none")"]
                        )
                    }
                    state.setOutlivingWork(id, nil)
                    assertion?.end()
                }
            )
        )
    }

    /// Waits until every piece of background work has finished, or `budget` has passed on
    /// the composite's clock, whichever comes first; then cancels the work still running
    /// and stops waiting for it.
    ///
    /// Hosts call it after each wind-down step (resigning active, entering the background,
    /// terminating), so every step is bounded whatever the services do. Work cut off at one
    /// step is abandoned: a later call does not wait for it again, so work that ignores
    /// cancellation costs one budget, not every remaining one.
    ///
    /// - Returns: The labels of the work that had not finished within the budget (it has
    ///   been cancelled, abandoned and logged), in the order it was begun; empty when all
    ///   finished.
    @discardableResult
    public func finishBackgroundWork(within budget: Duration) async -> [String] {
        if let outer { return await outer.finishBackgroundWork(within: budget) }
        let running = state.outlivingWork.inOrder
        guard !running.isEmpty else { return [] }
        // The same exactly-once machinery as completion handlers: one job per piece of
        // work, answered when it ends, and one deadline.
        let jobs = running.map { entry in
            FanOutJob(label: entry.entry.label) {
                await entry.entry.task.value
                // Cut off at the budget: the work ended after it was cancelled, which is no
                // answer (the work logs it), so the gate is told so.
                try Task.checkCancellation()
            }
        }
        await withCheckedContinuation { continuation in
            runExactlyOnce("background work", jobs, deadline: budget, merge: .none, unanswered: nil) {
                continuation.resume()
            }
        }
        let unfinished = running.filter { state.outlivingWork[$0.id] != nil }
        for entry in unfinished {
            entry.entry.task.cancel()
            state.setOutlivingWork(entry.id, nil)
        }
        return unfinished.map(\.entry.label)
    }
}

/// A platform's background time (`UIApplication.beginBackgroundTask(withName:expirationHandler:)`):
/// what keeps the application running in the background while work a service started runs.
/// Hosts set it as ``ServiceComposite/backgroundTime``.
@MainActor
public protocol BackgroundTimeProvider: AnyObject {
    /// Asks for background time for the work `name`; the system calls `expiration` when
    /// the time runs out. Returns the token to end it with.
    func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int
    /// Ends the background time of `token`. The composite calls it exactly once per token.
    func endBackgroundTime(_ token: Int)
}

/// The background time one piece of work holds, ended exactly once: when the work ends or
/// when the time expires.
@MainActor
final class BackgroundTimeAssertion {
    private let provider: any BackgroundTimeProvider
    private let label: String
    private var token: Int?

    init(provider: any BackgroundTimeProvider, label: String) {
        self.provider = provider
        self.label = label
    }

    /// Begins the background time; at expiration, runs `expired` and ends it.
    func begin(expired: @escaping @MainActor () -> Void) {
        token = provider.beginBackgroundTime(named: label) { [weak self] in
            guard let self, self.token != nil else { return }
            expired()
            self.end()
        }
    }

    /// Ends the background time, the first time only.
    func end() {
        guard let token else { return }
        self.token = nil
        provider.endBackgroundTime(token)
    }
}
