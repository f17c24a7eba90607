#if !canImport(UIKit)
public import AppServices
import AppServicesUIKit
public import AppServicesUIKitShim
import Dispatch

/// Background tasks as BackgroundTasks runs them, and background time as `UIApplication`
/// gives it.
extension SimulatedUIKit {
    // MARK: - Background tasks

    /// Every identifier the application registered with ``taskScheduler``, in order, one
    /// entry per `register(forTaskWithIdentifier:using:launchHandler:)` call.
    public var registeredBackgroundTasks: [String] { taskScheduler.registrationLog.map(\.identifier) }

    /// Whether every registration named the main queue, on which the launch handlers then
    /// run (`false` when one named none, or another queue).
    public var registeredBackgroundTasksOnMainQueue: Bool {
        // Compared by label: on Linux each `DispatchQueue.main` is a new object.
        taskScheduler.registrationLog.allSatisfy { $0.queue?.label == DispatchQueue.main.label }
    }

    /// What the system would have raised an exception for, in order: registering an
    /// identifier twice, or after the application finished launching. Empty when the
    /// application behaves.
    public var backgroundTaskMisuse: [String] { taskScheduler.misuse }

    /// Every request the system accepted, in order, in platform-neutral form.
    public var submittedBackgroundTasks: [BackgroundTaskRequest] {
        taskScheduler.submittedRequests.map(BackgroundTaskRequest.init)
    }

    /// The requests the system has not run yet, in platform-neutral form.
    public var pendingBackgroundTasks: [BackgroundTaskRequest] {
        taskScheduler.pendingRequests.map(BackgroundTaskRequest.init)
    }

    /// The identifiers the application may register and submit (Info.plist's
    /// `BGTaskSchedulerPermittedIdentifiers`); `nil`, the default, permits every identifier.
    public var permittedBackgroundTasks: Set<String>? {
        get { taskScheduler.permittedIdentifiers }
        set { taskScheduler.permittedIdentifiers = newValue }
    }

    /// Makes the system refuse every submission with `code` from now on (the person turned
    /// Background App Refresh off, too many are pending, ...); `nil` accepts again.
    public func refuseBackgroundTaskSubmissions(with code: BGTaskScheduler.Error.Code?) {
        taskScheduler.refuseSubmissions(with: code)
    }

    /// The system launches the background task `identifier`: it takes its pending request
    /// and calls the launch handler the application registered, on the main queue.
    ///
    /// - Parameters:
    ///   - identifier: The task's identifier.
    ///   - kind: The kind of task to launch (`BGAppRefreshTask`, `BGProcessingTask` or
    ///     `BGContinuedProcessingTask`).
    /// - Returns: The system's task, to expire and to read its completions from; `nil` when
    ///   no launch handler is registered for `identifier` (the system would not launch it).
    @discardableResult
    public func launchBackgroundTask(_ identifier: String, kind: BackgroundTaskKind = .appRefresh) -> BGTask? {
        let task: BGTask
        switch kind {
        case .appRefresh: task = BGAppRefreshTask(identifier: identifier)
        case .processing: task = BGProcessingTask(identifier: identifier)
        case .continuedProcessing: task = BGContinuedProcessingTask(identifier: identifier)
        }
        let launched = withSimulatedFrameworks { taskScheduler.launch(task) }
        return launched ? task : nil
    }

    /// The system launches the application into the background to run the background task
    /// `identifier`: will/didFinishLaunching in the background state, then
    /// ``launchBackgroundTask(_:kind:)``.
    @discardableResult
    public func launchIntoBackground(
        runningBackgroundTask identifier: String,
        kind: BackgroundTaskKind = .appRefresh
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
        application.backgroundTime.begun.map { ($0.identifier, $0.name) }
    }

    /// Every `endBackgroundTask(_:)` call, in order: each identifier once when the application
    /// behaves.
    public var backgroundTimeEnded: [UIBackgroundTaskIdentifier] { application.backgroundTime.ended }

    /// The background time begun and not ended yet, in the order it was begun.
    public var openBackgroundTime: [UIBackgroundTaskIdentifier] { application.backgroundTime.open }

    /// The application's background time runs out: UIKit calls the expiration handler of
    /// every background task still open, on the main thread.
    ///
    /// - Returns: The tasks still open after their handlers ran; the system would terminate
    ///   the application for them. Empty when the application behaves.
    @discardableResult
    public func expireBackgroundTime() -> [UIBackgroundTaskIdentifier] {
        withSimulatedFrameworks { application.expireBackgroundTime() }
    }
}
#endif
