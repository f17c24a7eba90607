import Logging

extension AppContext {
    /// Starts work that may outlive the callback, as UIKit's `beginBackgroundTask` does:
    /// flushing analytics in `didEnterBackground`, finishing an upload as the person leaves.
    /// Not in `willTerminate`: the process ends when that callback returns, on UIKit and
    /// AppKit, before work begun there first runs; do it in the callback, or on macOS in
    /// `DesktopApplicationHandling.applicationShouldTerminate(_:)` with `.later`.
    ///
    /// The work runs on the main actor in a task the composite owns. While it runs, the
    /// composite holds background time from the host (``ServiceComposite/backgroundTime``;
    /// on iOS a `beginBackgroundTask` assertion), ended exactly once: when the work ends,
    /// when it is cancelled (``BackgroundWork/cancel()``, or on returning to the foreground
    /// with `endsOnForeground`), or when the system takes the time back, which also cancels
    /// the work. Hosts without background time wait for the work when the application winds
    /// down, up to a budget (``ServiceComposite/finishBackgroundWork(within:)``); work still
    /// running then is cancelled and logged with its name and service. Check for
    /// cancellation in long work.
    ///
    /// ```swift
    /// func applicationDidEnterBackground(_ context: AppContext) {
    ///     context.beginBackgroundWork(named: "flush-events") { try await self.uploader.flush() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The work's name in logs and ``ServiceComposite/runningBackgroundWork``.
    ///   - endsOnForeground: Whether the work is cancelled, and its background time ended, when
    ///     the application returns to the foreground (`applicationWillEnterForeground`): for
    ///     work that only matters while the application is in the background, such as keeping
    ///     a connection open for a moment after the person leaves.
    ///   - work: The work.
    /// - Returns: A handle to cancel the work or wait for its end; the work runs whether it
    ///   is kept or not.
    @discardableResult
    public func beginBackgroundWork(
        named name: String,
        endsOnForeground: Bool = false,
        _ work: @escaping @Sendable @MainActor () async throws -> Void
    ) -> BackgroundWork {
        composite.beginBackgroundWork(
            named: name,
            by: serviceName,
            during: callback,
            endsOnForeground: endsOnForeground,
            work
        )
    }
}

/// Work a service began to outlive its callback (``AppContext/beginBackgroundWork(named:endsOnForeground:_:)``):
/// a handle to stop it or to wait for its end.
///
/// ```swift
/// private var keepAlive: BackgroundWork?
///
/// func applicationDidEnterBackground(_ context: AppContext) {
///     keepAlive = context.beginBackgroundWork(named: "keep-alive") { try await self.socket.drain() }
/// }
///
/// func applicationWillEnterForeground(_ context: AppContext) {
///     keepAlive?.cancel()  // or begin it with endsOnForeground: true
/// }
/// ```
@MainActor
public struct BackgroundWork: Sendable, CustomStringConvertible {
    /// The work's label: its service and name ("AnalyticsService: flush-events").
    public let label: String
    private let task: Task<Void, Never>
    private let stop: @MainActor () -> Void

    init(label: String, task: Task<Void, Never>, stop: @escaping @MainActor () -> Void) {
        self.label = label
        self.task = task
        self.stop = stop
    }

    /// Cancels the work and ends its background time at once (exactly once: the time is
    /// not ended again when the work then returns). Does nothing once the work has ended.
    public func cancel() { stop() }

    /// Waits until the work has returned (finished, failed, or stopped after being
    /// cancelled). Work that ignores cancellation is waited for until it returns.
    public func waitUntilFinished() async { await task.value }

    /// The work's label.
    public nonisolated var description: String { label }
}

extension ServiceComposite {
    /// One piece of background work the composite owns: its label for logs, its task, the
    /// background time it holds, and whether it ends when the application returns to the
    /// foreground.
    struct OutlivingWork {
        let label: String
        let task: Task<Void, Never>
        let assertion: BackgroundTimeAssertion?
        let endsOnForeground: Bool
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
        endsOnForeground: Bool = false,
        _ work: @escaping @Sendable @MainActor () async throws -> Void
    ) -> BackgroundWork {
        if let outer {
            return outer.beginBackgroundWork(
                named: name,
                by: service,
                during: callback,
                endsOnForeground: endsOnForeground,
                work
            )
        }
        let label = service.map { "\($0): \(name)" } ?? name
        let logger = configuration.logger
        let id = state.reserveOutlivingWork()
        let assertion = state.backgroundTime.map { BackgroundTimeAssertion(provider: $0, label: label) }
        assertion?.begin { [self] in
            logger.warning("Background time for \(label) expired; its work is cancelled.")
            state.outlivingWork[id]?.task.cancel()
        }
        // Strong `self`, as in the fan-out: the task removes itself when done.
        let task = Task { @MainActor [self] in
            do {
                try await work()
                if Task.isCancelled {
                    logger.info(
                        "Background work \(label), cancelled (by its service, on returning to the foreground, at its budget, or when its background time expired), has now finished."
                    )
                }
            } catch is CancellationError {
                logger.info(
                    "Background work \(label), cancelled (by its service, on returning to the foreground, at its budget, or when its background time expired), has now stopped."
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
        state.setOutlivingWork(
            id,
            OutlivingWork(label: label, task: task, assertion: assertion, endsOnForeground: endsOnForeground)
        )
        return BackgroundWork(label: label, task: task) { [weak self] in self?.stopBackgroundWork(id) }
    }

    /// Cancels the background work `id`, if it still runs, and ends its background time.
    private func stopBackgroundWork(_ id: Int) {
        guard let work = state.outlivingWork[id] else { return }
        work.task.cancel()
        work.assertion?.end()
    }

    /// The application returns to the foreground: the background work begun with
    /// `endsOnForeground` is cancelled, and its background time ended.
    func endBackgroundWorkOnForeground() {
        for (id, work) in state.outlivingWork.inOrder where work.endsOnForeground {
            configuration.logger.debug(
                "Background work \(work.label) ends: the application returned to the foreground."
            )
            stopBackgroundWork(id)
        }
    }

    /// Waits until every piece of background work has finished, or `budget` has passed on
    /// the composite's clock, whichever comes first; then cancels the work still running
    /// and stops waiting for it. When the calling task is cancelled while it waits (a
    /// service group cancels its services when their graceful shutdown overruns), the wait
    /// ends at once, as at the budget.
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
                // Cut off at the budget, the wait ends at once, though the work may go on:
                // the composite's pending work does not wait for work it abandoned.
                try await Self.waitForEnd(of: entry.entry.task)
            }
        }
        let waiting = WaitForBackgroundWork()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let gate = runExactlyOnce("background work", jobs, deadline: budget, merge: .none, unanswered: nil) {
                    continuation.resume()
                }
                waiting.gate = gate
                if Task.isCancelled { waiting.cutOff() }
            }
        } onCancel: {
            Task { @MainActor in waiting.cutOff() }
        }
        let unfinished = running.filter { state.outlivingWork[$0.id] != nil }
        for entry in unfinished {
            entry.entry.task.cancel()
            entry.entry.assertion?.end()
            state.setOutlivingWork(entry.id, nil)
        }
        return unfinished.map(\.entry.label)
    }

    /// Returns when `task` ends, or throws `CancellationError` as soon as the calling task
    /// is cancelled: awaiting a task's value alone does not notice the caller's
    /// cancellation.
    private static func waitForEnd(of task: Task<Void, Never>) async throws {
        let once = CompletionOnce<Void>(serviceName: "", callback: "", logger: nil)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                once.wait(with: continuation)
                Task {
                    await task.value
                    once.resolve(.success(()))
                }
            }
        } onCancel: {
            once.resolve(.failure(CancellationError()))
        }
    }
}

/// The wait of ``ServiceComposite/finishBackgroundWork(within:)``: its gate, which the
/// cancellation of the waiting task expires at once.
@MainActor
private final class WaitForBackgroundWork {
    /// The gate, while some work had not finished when the wait began.
    var gate: CompletionGate<Void>?

    /// Stops waiting, as at the budget (nothing when the wait has ended).
    func cutOff() { gate?.expire(because: "was cancelled with the task waiting for it") }
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
