// Shim only: which per-application singletons of UserNotifications and BackgroundTasks the
// shim returns. There is nothing like it on Apple platforms, where each application has one
// notification center and one task scheduler; this file is empty there. (PushKit's and
// CallKit's shims keep their own record of the registries and providers a device created.)
#if !canImport(UIKit)
import Dispatch

/// Shim only: the notification center, task scheduler and application object of one
/// simulated device, which `UNUserNotificationCenter.current()`, `BGTaskScheduler.shared`
/// and `UIApplication.shared` return while that device's step runs.
///
/// On a device each application has one of each. Tests simulate many devices in one
/// process, in parallel, so a simulated UIKit in this package gives each its own and runs
/// each step in ``with(_:operation:)``; outside any step the shim returns one instance of
/// each for the process.
package struct SimulatedFrameworks: @unchecked Sendable {
    // `@unchecked`: the classes keep their state behind their own lock (see
    // `UNUserNotificationCenter` and `BGTaskScheduler` in this module), so using them from
    // several threads is safe.

    /// What `UNUserNotificationCenter.current()` returns.
    package let notificationCenter: UNUserNotificationCenter
    /// What `BGTaskScheduler.shared` returns.
    package let taskScheduler: BGTaskScheduler
    /// What `UIApplication.shared` returns, when the device has its own application object.
    package let application: UIApplication?
    /// The application's Info.plist, as the main bundle's `infoDictionary` gives it on a
    /// device (a Linux executable has none).
    package let infoDictionary: [String: Any]
    /// Whether UIKit has made the application object yet: not while a SwiftUI `App` is made,
    /// before `UIApplicationMain` (see `UIApplication.sharedIfMade`).
    package let applicationExists: Bool

    /// Pairs a center and a scheduler, with the device's application object and Info.plist.
    package init(
        notificationCenter: UNUserNotificationCenter,
        taskScheduler: BGTaskScheduler,
        application: UIApplication? = nil,
        infoDictionary: [String: Any] = [:],
        applicationExists: Bool = true
    ) {
        self.notificationCenter = notificationCenter
        self.taskScheduler = taskScheduler
        self.application = application
        self.infoDictionary = infoDictionary
        self.applicationExists = applicationExists
    }

    /// The frameworks of the step running now, if any. A task-local value, so that devices
    /// simulated in parallel do not see each other's.
    @TaskLocal package static var current: SimulatedFrameworks?

    /// Runs `operation` with `current()` and `shared` returning `frameworks`' instances.
    package static func with<Result>(
        _ frameworks: SimulatedFrameworks,
        operation: () throws -> Result
    ) rethrows -> Result {
        try $current.withValue(frameworks, operation: operation)
    }
}

/// Shim only: the operating system's side of `BGTaskScheduler`, which a simulated device in
/// this package plays (`AppServicesUIKitTesting` connects it to the test kit's simulated
/// system, so the application's scheduler and the simulator's are one).
package protocol SimulatedTaskSchedulerBackend: AnyObject, Sendable {
    /// `register(forTaskWithIdentifier:using:launchHandler:)`.
    func register(identifier: String, queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool
    /// `submit(_:)`; throws `BGTaskScheduler.Error`.
    func submit(_ request: BGTaskRequest) throws
    /// `submitTaskRequest(_:completionHandler:)` was called, on the caller's thread (Apple's
    /// documentation says not to call it on the main thread).
    func submittingTaskRequest(_ request: BGTaskRequest)
    /// `cancel(taskRequestWithIdentifier:)`.
    func cancel(identifier: String)
    /// `cancelAllTaskRequests()`.
    func cancelAll()
    /// The requests not run yet.
    func pendingRequests() -> [BGTaskRequest]
    /// Whether the simulated system runs continued-processing tasks (iOS 26 and later on an
    /// iPhone or iPad).
    var runsContinuedProcessing: Bool { get }
}

extension SimulatedTaskSchedulerBackend {
    /// A system of iOS 26 or later, which runs them.
    package var runsContinuedProcessing: Bool { true }
}

/// Shim only: the operating system's side of `UIApplication`'s background time, which a
/// simulated device in this package plays.
package protocol SimulatedBackgroundTimeBackend: AnyObject, Sendable {
    /// `beginBackgroundTask(withName:expirationHandler:)`: the identifier's number, or `0`
    /// (`.invalid`) when the system gives no time.
    func begin(named name: String?, expirationHandler: (@MainActor @Sendable () -> Void)?) -> Int
    /// `endBackgroundTask(_:)`.
    func end(_ identifier: Int)
}

#endif
