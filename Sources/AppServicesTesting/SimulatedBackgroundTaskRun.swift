public import AppServices

/// One run of a background task that a ``SimulatedTaskScheduler`` launched: the system's
/// task as the application sees it (the core's `SystemBackgroundTask`, or through a
/// simulated UIKit a `BGTask`), with what a test needs to drive and check it.
///
/// The application must complete it exactly once (``completions`` shows whether it did),
/// and from its expiration handler at the latest.
///
/// ```swift
/// let run = try simulator.startBackgroundTask("com.example.refresh")
/// try simulator.expireBackgroundTasks()
/// #expect(await run.completion() == false)
/// #expect(run.completions == [false])
/// ```
///
/// Its state is behind a lock: the system's task may be completed from any thread.
public final class SimulatedBackgroundTaskRun: Sendable {
    private struct State {
        var expirationHandler: (@MainActor () -> Void)?
        var platformExpiration: (@MainActor @Sendable () -> Void)?
        var completions: [Bool] = []
        var waiters: [CheckedContinuation<Bool, Never>] = []
    }

    /// The task's identifier.
    public let identifier: String
    /// The kind of task the system launched.
    public let kind: BackgroundTaskKind
    private let state = Locked(State())

    init(identifier: String, kind: BackgroundTaskKind) {
        self.identifier = identifier
        self.kind = kind
    }

    /// What the system calls when it takes the task's time back: set by the composite before
    /// the work starts.
    public var expirationHandler: (@MainActor () -> Void)? {
        get { state.withLock { $0.expirationHandler } }
        set { state.withLock { $0.expirationHandler = newValue } }
    }

    /// Tells the system the task is done; the first call wakes whoever waits for it, and
    /// every call is recorded.
    public func setTaskCompleted(success: Bool) {
        let waiters: [CheckedContinuation<Bool, Never>] = state.withLock { state in
            state.completions.append(success)
            guard state.completions.count == 1 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: success) }
    }

    /// Every `setTaskCompleted(success:)` call, in order: exactly one when the application
    /// behaves.
    public var completions: [Bool] { state.withLock { $0.completions } }

    /// Whether the task has been completed.
    public var isCompleted: Bool { !completions.isEmpty }

    /// Waits until the task is completed and returns the success flag of its first
    /// completion.
    public func completion() async -> Bool {
        await withCheckedContinuation { continuation in
            let first: Bool? = state.withLock { state in
                if let first = state.completions.first { return first }
                state.waiters.append(continuation)
                return nil
            }
            if let first { continuation.resume(returning: first) }
        }
    }

    /// The system takes the time back: calls the expiration handler the application set (a
    /// platform's task object's, when a simulated framework launched the run).
    @MainActor
    public func expire() {
        let (platform, handler) = state.withLock { ($0.platformExpiration, $0.expirationHandler) }
        if let platform { platform() } else { handler?() }
    }

    /// Makes ``expire()`` expire the platform's task object that a simulated framework made
    /// for this run (a `BGTask`), whose expiration handler the application set instead of
    /// ``expirationHandler``.
    package func expireThroughPlatform(_ expire: @escaping @MainActor @Sendable () -> Void) {
        state.withLock { $0.platformExpiration = expire }
    }
}

// In an extension, so that the conformance to a main-actor protocol does not make the whole
// run main-actor isolated: the system's task is completed from any thread.
extension SimulatedBackgroundTaskRun: SystemBackgroundTask {}
