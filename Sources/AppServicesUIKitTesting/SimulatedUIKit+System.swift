#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitShim
import Dispatch
import Synchronization

/// The simulated device's operating system as UIKit's frameworks reach it: the shim's
/// `BGTaskScheduler` and `UIApplication` background time go to the test kit's
/// `SimulatedSystem`, so that what the application registers through `BGTaskScheduler.shared`
/// is what a `LifecycleSimulator` launches, and the background time it begins through
/// `beginBackgroundTask` is what the simulator expires: one scheduler and one ledger, whether
/// the bare composite or a simulated UIKit runs on the system.
final class SimulatedSystemBridge: SimulatedTaskSchedulerBackend, SimulatedBackgroundTimeBackend {
    private let tasks: SimulatedTaskScheduler
    private let time: SimulatedBackgroundTime
    /// The `BGTask` made for each run the system launched through a registration made here,
    /// by the run's identity.
    private let launched = Mutex<[ObjectIdentifier: LaunchedTask]>([:])

    @MainActor
    init(_ system: SimulatedSystem) {
        tasks = system.backgroundTasks
        time = system.backgroundTime
    }

    // MARK: BGTaskScheduler

    func register(identifier: String, queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool {
        let handler = LaunchHandler(body: launchHandler)
        return tasks.register(identifier, kind: nil, queueLabel: queue?.label) { [weak self] run in
            let task = LaunchedTask(Self.makeTask(for: run))
            self?.launched.withLock { $0[ObjectIdentifier(run)] = task }
            run.expireThroughPlatform { task.task.expire() }
            // The application registers with the main queue (the adapter does), on which the
            // system calls the handler; the simulated system launches on the main actor.
            handler.body(task.task)
        }
    }

    func submit(_ request: BGTaskRequest) throws {
        do {
            try tasks.submit(BackgroundTaskRequest(request))
        } catch let error as BackgroundTaskError {
            throw BGTaskScheduler.Error(Self.code(error.code))
        }
    }

    func submittingTaskRequest(_ request: BGTaskRequest) {
        guard SelectorClaim.isOnMainActor else { return }
        tasks.noteMisuse(
            "submitTaskRequest(_:completionHandler:) was called on the main thread for \(request.identifier); "
                + "Apple's documentation says not to call it there"
        )
    }

    func cancel(identifier: String) { tasks.cancel(identifier: identifier) }

    var runsContinuedProcessing: Bool { tasks.runsContinuedProcessing }

    func cancelAll() { tasks.cancelAll() }

    func pendingRequests() -> [BGTaskRequest] {
        tasks.pendingRequestsNow.compactMap { try? BGTaskRequest.make(for: $0) }
    }

    /// The `BGTask` made for `run`, if it was launched through a registration made here.
    func task(for run: SimulatedBackgroundTaskRun) -> BGTask? {
        launched.withLock { $0[ObjectIdentifier(run)]?.task }
    }

    /// The system's task object for `run`, of the class its kind calls for, completing the
    /// run when the application completes it.
    private static func makeTask(for run: SimulatedBackgroundTaskRun) -> BGTask {
        let whenCompleted: @Sendable (Bool) -> Void = { run.setTaskCompleted(success: $0) }
        switch run.kind {
        case .appRefresh: return BGAppRefreshTask(identifier: run.identifier, whenCompleted: whenCompleted)
        case .processing: return BGProcessingTask(identifier: run.identifier, whenCompleted: whenCompleted)
        case .continuedProcessing:
            return BGContinuedProcessingTask(identifier: run.identifier, whenCompleted: whenCompleted)
        }
    }

    /// `BGTaskScheduler`'s code for the system's refusal `code`.
    static func code(_ code: BackgroundTaskError.Code) -> BGTaskScheduler.Error.Code {
        if code == .notPermitted { return .notPermitted }
        if code == .tooManyPendingRequests { return .tooManyPendingTaskRequests }
        return .unavailable
    }

    /// The system's refusal code for `BGTaskScheduler`'s `code`.
    static func code(_ code: BGTaskScheduler.Error.Code) -> BackgroundTaskError.Code {
        switch code {
        case .notPermitted: .notPermitted
        case .tooManyPendingTaskRequests: .tooManyPendingRequests
        case .unavailable: .unavailable
        case .immediateRunIneligible: .refused
        }
    }

    // MARK: UIApplication background time

    func begin(named name: String?, expirationHandler: (@MainActor @Sendable () -> Void)?) -> Int {
        time.begin(named: name, expiration: expirationHandler)
    }

    func end(_ identifier: Int) { time.endBackgroundTime(identifier) }
}

/// A launch handler the application gave `BGTaskScheduler`, kept until the system launches
/// a run.
///
/// `@unchecked Sendable` is safe because the handler is only called, never changed, and is
/// called on the main actor only: the simulated system launches runs there, and the
/// application registers its handlers with the main queue, as BackgroundTasks calls a handler
/// on the queue it was registered with.
private struct LaunchHandler: @unchecked Sendable {
    let body: (BGTask) -> Void
}

/// A `BGTask` the system launched.
///
/// `@unchecked Sendable` is safe because `BGTask` keeps its state (expiration handler,
/// completions) behind its own lock, as the system's task is used from any thread.
private struct LaunchedTask: @unchecked Sendable {
    let task: BGTask
    init(_ task: BGTask) { self.task = task }
}
#endif
