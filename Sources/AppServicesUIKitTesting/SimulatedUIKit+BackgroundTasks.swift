#if !canImport(UIKit)
public import AppServices
import AppServicesUIKit
public import AppServicesUIKitShim
import AppServicesTesting
import Dispatch

/// Background tasks as BackgroundTasks runs them, and background time as `UIApplication`
/// gives it.
extension SimulatedUIKit {
    // MARK: - Background tasks

    /// Every identifier the application registered with ``taskScheduler``, in order, one
    /// entry per `register(forTaskWithIdentifier:using:launchHandler:)` call.
    public var registeredBackgroundTasks: [String] { system.backgroundTasks.registrationLog.map(\.identifier) }

    /// Whether every registration named the main queue, on which the launch handlers then
    /// run (`false` when one named none, or another queue).
    public var registeredBackgroundTasksOnMainQueue: Bool {
        system.backgroundTasks.registrationLog.allSatisfy { $0.queueLabel == DispatchQueue.main.label }
    }

    /// What the system would have raised an exception for, in order: registering an
    /// identifier twice, or after the application finished launching; and what Apple's
    /// documentation forbids: iOS 27's `submitTaskRequest(_:completionHandler:)` called on
    /// the main thread. Empty when the application behaves.
    public var backgroundTaskMisuse: [String] { system.backgroundTasks.misuse }

    /// Every request the system accepted, in order, in platform-neutral form.
    public var submittedBackgroundTasks: [BackgroundTaskRequest] { system.backgroundTasks.submittedRequests }

    /// The requests the system has not run yet, in platform-neutral form.
    public var pendingBackgroundTasks: [BackgroundTaskRequest] { system.backgroundTasks.pendingRequestsNow }

    /// The identifiers the application may register and submit (Info.plist's
    /// `BGTaskSchedulerPermittedIdentifiers`); `nil`, the default, permits every identifier.
    public var permittedBackgroundTasks: Set<String>? {
        get { system.backgroundTasks.permittedIdentifiers }
        set { system.backgroundTasks.permittedIdentifiers = newValue }
    }

    /// Makes the system refuse every submission with `code` from now on (the person turned
    /// Background App Refresh off, too many are pending, ...); `nil` accepts again.
    public func refuseBackgroundTaskSubmissions(with code: BGTaskScheduler.Error.Code?) {
        system.backgroundTasks.refuseSubmissions(with: code.map(SimulatedSystemBridge.code))
    }

    /// The system launches the background task `identifier`: it takes its pending request
    /// and calls the launch handler the application registered, on the main queue.
    ///
    /// - Parameters:
    ///   - identifier: The task's identifier.
    ///   - kind: The kind of task to launch (`BGAppRefreshTask`, `BGProcessingTask` or
    ///     `BGContinuedProcessingTask`); by default the pending request's, else app refresh.
    /// - Returns: The system's task, to expire and to read its completions from; `nil` when
    ///   no launch handler is registered for `identifier` (the system would not launch it).
    @discardableResult
    public func launchBackgroundTask(_ identifier: String, kind: BackgroundTaskKind? = nil) -> BGTask? {
        let run = withSimulatedFrameworks { system.backgroundTasks.start(identifier, kind: kind) }
        return run.flatMap(systemBridge.task(for:))
    }

    /// The system launches the application into the background to run the background task
    /// `identifier`: will/didFinishLaunching in the background state, then
    /// ``launchBackgroundTask(_:kind:)``.
    @discardableResult
    public func launchIntoBackground(
        runningBackgroundTask identifier: String,
        kind: BackgroundTaskKind? = nil
    ) -> BGTask? {
        launch(inBackground: true)
        return launchBackgroundTask(identifier, kind: kind)
    }

    /// The system takes `task`'s time back: it calls the task's expiration handler on a
    /// background thread of its own, as the system does. Returns once what the handler sent
    /// to the main actor has run.
    public func expire(_ task: BGTask) async {
        task.expire()
        // Main-actor jobs run in order: this one runs after the handler's.
        await Task { @MainActor in }.value
    }

    /// Every `setTaskCompleted(success:)` call on `task`, in order: exactly one when the
    /// application behaves.
    public func completions(of task: BGTask) -> [Bool] {
        task.completions
    }

    // MARK: - Background time

    /// Every `beginBackgroundTask(withName:expirationHandler:)` call, in order: the identifier
    /// UIKit returned and the name.
    public var backgroundTimeBegun: [(identifier: UIBackgroundTaskIdentifier, name: String?)] {
        system.backgroundTime.begun.map {
            (UIBackgroundTaskIdentifier(rawValue: $0.token), $0.name.isEmpty ? nil : $0.name)
        }
    }

    /// Every `endBackgroundTask(_:)` call, in order: each identifier once when the application
    /// behaves.
    public var backgroundTimeEnded: [UIBackgroundTaskIdentifier] {
        system.backgroundTime.ended.map(UIBackgroundTaskIdentifier.init(rawValue:))
    }

    /// The background time begun and not ended yet, in the order it was begun.
    public var openBackgroundTime: [UIBackgroundTaskIdentifier] {
        system.backgroundTime.open.map { UIBackgroundTaskIdentifier(rawValue: $0.token) }
    }

    /// The application's background time runs out: UIKit sets `backgroundTimeRemaining` to
    /// zero and calls the expiration handler of every background task still open, on the
    /// main thread.
    ///
    /// - Returns: The tasks still open after their handlers ran; the system would terminate
    ///   the application for them. Empty when the application behaves.
    @discardableResult
    public func expireBackgroundTime() -> [UIBackgroundTaskIdentifier] {
        application.backgroundTimeRemaining = 0
        let expired = withSimulatedFrameworks { system.backgroundTime.expireAll() }
        let open = Set(system.backgroundTime.open.map(\.token))
        return expired.filter { open.contains($0.token) }.map { UIBackgroundTaskIdentifier(rawValue: $0.token) }
    }
}
#endif
