// The BackgroundTasks framework's declarations the UIKit adapter uses, transcribed for
// platforms that have no UIKit. On Apple platforms the adapter imports BackgroundTasks
// itself and this file is empty.
//
// Source: the iOS SDK's imported interface, in
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository, with the
// iOS 26 additions (continued processing) its notes describe, and iOS 27's submission with
// a completion handler, derived from the iOS 27.0 SDK's header as the reference says.
// `NSCopying` on the requests is not transcribed: the adapter does not copy them.
//
// The system creates tasks and keeps the scheduler's state; the shim lets a simulated UIKit
// in this package create tasks, run them, and see what the application registered and
// submitted. Those hooks are `package` and marked "Shim only" below.
#if !canImport(UIKit)
public import Dispatch

/// A dispatch queue, as C and Objective-C name it (`dispatch_queue_t`); Swift imports it as
/// `DispatchQueue` on Apple platforms.
public typealias dispatch_queue_t = DispatchQueue

// MARK: - The scheduler

/// The system's scheduler of background tasks (`BGTaskScheduler`).
///
/// In the shim the system's side is a simulated device's (a package backend, which
/// `AppServicesUIKitTesting` connects to the test kit's simulated system): registrations,
/// requests and launches are kept there, by the system's rules. Outside a simulated device
/// there is no system to run tasks: registering is refused (`false`), submitting throws
/// ``Error-swift.struct/Code/unavailable``, and nothing is pending.
@available(iOS 13.0, *)
open class BGTaskScheduler: NSObject {
    /// Shim only: the system's side; `nil` outside a simulated device.
    package let backend: (any SimulatedTaskSchedulerBackend)?

    /// The application's scheduler.
    ///
    /// In the shim: the scheduler of the simulated device whose step is running
    /// (``SimulatedFrameworks``), else one without a system, for the process.
    open class var shared: BGTaskScheduler {
        SimulatedFrameworks.current?.taskScheduler ?? processWide
    }

    /// The scheduler outside any simulated device. It keeps no state of its own, so sharing
    /// it between threads is safe.
    nonisolated(unsafe) private static let processWide = BGTaskScheduler(backend: nil)

    /// Creates a scheduler whose system side is `backend`. The system has one scheduler per
    /// application; the shim lets a simulated UIKit in this package make one per simulated
    /// device.
    package init(backend: (any SimulatedTaskSchedulerBackend)?) {
        self.backend = backend
        super.init()
    }

    /// Registers the handler that runs each launch of the task `identifier`, on `queue` (a
    /// background queue of the system's when `nil`). Call it before the application
    /// finishes launching, once per identifier.
    ///
    /// - Returns: `false` when the identifier is not permitted (missing from Info.plist's
    ///   `BGTaskSchedulerPermittedIdentifiers`) or registered already.
    open func register(
        forTaskWithIdentifier identifier: String,
        using queue: dispatch_queue_t?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        backend?.register(identifier: identifier, queue: queue, launchHandler: launchHandler) ?? false
    }

    /// Asks the system to run the task of `taskRequest` later, replacing a pending request
    /// with its identifier.
    ///
    /// Deprecated in iOS 27: it cannot report every refusal, which
    /// ``submitTaskRequest(_:completionHandler:)`` and its `async` spelling do. In the shim
    /// the three accept and refuse alike.
    ///
    /// - Throws: ``Error-swift.struct`` with ``Error-swift.struct/Code/notPermitted`` when the
    ///   identifier is not permitted, ``Error-swift.struct/Code/unavailable`` when background
    ///   tasks cannot run, or another code the system refuses with.
    @available(
        iOS,
        introduced: 13.0,
        deprecated: 27.0,
        message:
            "Use -submitTaskRequest:completionHandler: (Swift: submitTaskRequest(_:completionHandler:), or 'try await submitTaskRequest(_:)') to capture all error conditions"
    )
    open func submit(_ taskRequest: BGTaskRequest) throws {
        try accept(taskRequest)
    }

    /// Asks the system to run the task of `taskRequest` later, replacing a pending request
    /// with its identifier, and calls `completionHandler` with the error that refused it, or
    /// `nil` (iOS 27 and later).
    ///
    /// The system calls the handler on a queue of its own, after a delay it chooses; do not
    /// call it from the main thread. The shim calls it before returning, with the
    /// ``Error-swift.struct`` that ``submit(_:)`` would throw, and tells a simulated device
    /// on which thread it was called.
    @available(iOS 27.0, *)
    open func submitTaskRequest(
        _ taskRequest: BGTaskRequest,
        completionHandler: @escaping @Sendable ((any Swift.Error)?) -> Void
    ) {
        backend?.submittingTaskRequest(taskRequest)
        do {
            try accept(taskRequest)
            completionHandler(nil)
        } catch {
            completionHandler(error)
        }
    }

    /// Asks the system to run the task of `taskRequest` later, replacing a pending request
    /// with its identifier (iOS 27 and later; the `async` spelling of the method above).
    ///
    /// - Throws: The error that refused the request.
    @available(iOS 27.0, *)
    open func submitTaskRequest(_ taskRequest: BGTaskRequest) async throws {
        try accept(taskRequest)
    }

    /// Hands `taskRequest` to the system, the one path of the three submit methods.
    ///
    /// - Throws: The system's refusal; ``Error-swift.struct/Code/unavailable`` outside a
    ///   simulated device.
    private func accept(_ taskRequest: BGTaskRequest) throws {
        guard let backend else { throw Error(.unavailable) }
        try backend.submit(taskRequest)
    }

    /// Withdraws the pending request for `identifier`, if any.
    open func cancel(taskRequestWithIdentifier identifier: String) {
        backend?.cancel(identifier: identifier)
    }

    /// Withdraws every pending request.
    open func cancelAllTaskRequests() {
        backend?.cancelAll()
    }

    /// Calls `completionHandler` with the requests not run yet. The system calls it on a
    /// background queue; the shim calls it before returning.
    open func getPendingTaskRequests(completionHandler: @escaping @Sendable ([BGTaskRequest]) -> Void) {
        completionHandler(backend?.pendingRequests() ?? [])
    }

    /// The requests not run yet.
    open func pendingTaskRequests() async -> [BGTaskRequest] {
        backend?.pendingRequests() ?? []
    }
}

// MARK: - Errors

extension BGTaskScheduler {
    /// Why the scheduler refused a request (`BGTaskScheduler.Error`, in the domain
    /// `BGTaskSchedulerErrorDomain`).
    public struct Error: Swift.Error, CustomNSError, Hashable, Sendable {
        /// The error's code (`BGTaskScheduler.Error.Code`).
        public enum Code: Int, Sendable {
            /// Background tasks are unavailable: the person turned Background App Refresh
            /// off, or the device cannot run them.
            case unavailable = 1
            /// Too many requests of this kind are pending.
            case tooManyPendingTaskRequests = 2
            /// The identifier is not permitted (missing from Info.plist), or the background
            /// mode it needs is off.
            case notPermitted = 3
            /// A continued-processing request that asked to run at once or fail could not
            /// run at once.
            case immediateRunIneligible = 4
        }

        /// The error's code.
        public let code: Code

        /// Creates an error with `code`.
        public init(_ code: Code) {
            self.code = code
        }

        /// `BGTaskSchedulerErrorDomain`.
        public static var errorDomain: String { "BGTaskSchedulerErrorDomain" }
        /// The code's number.
        public var errorCode: Int { code.rawValue }

        /// Background tasks are unavailable.
        public static var unavailable: Code { .unavailable }
        /// Too many requests of this kind are pending.
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        /// The identifier is not permitted.
        public static var notPermitted: Code { .notPermitted }
        /// The request could not run at once.
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}

// MARK: - Tasks

/// One run of a background task the system launched (`BGTask`).
///
/// The launch handler sets ``expirationHandler`` and calls ``setTaskCompleted(success:)``
/// exactly once, after expiration too. The system calls the expiration handler on a
/// background thread of its own.
@available(iOS 13.0, *)
open class BGTask: NSObject {
    /// Everything the task keeps, read and written only under `lock`.
    private struct State {
        var expirationHandler: (() -> Void)?
        var completions: [Bool] = []
    }

    private let lock = NSLock()
    private var state = State()

    /// The task's identifier.
    open private(set) var identifier: String

    /// What the system calls when the task's time is up; the task must then be completed.
    open var expirationHandler: (() -> Void)? {
        get { lock.withLock { state.expirationHandler } }
        set { lock.withLock { state.expirationHandler = newValue } }
    }

    /// Tells the system the task is done. Call it exactly once per launch.
    open func setTaskCompleted(success: Bool) {
        lock.withLock { state.completions.append(success) }
        whenCompleted?(success)
    }

    /// Shim only: what the system does with each completion (a simulated device records it
    /// in its run of the task).
    private let whenCompleted: (@Sendable (Bool) -> Void)?

    /// Creates a task, as the system does when it launches one; `whenCompleted` hears each
    /// `setTaskCompleted(success:)` call.
    package init(identifier: String, whenCompleted: (@Sendable (Bool) -> Void)? = nil) {
        self.identifier = identifier
        self.whenCompleted = whenCompleted
        super.init()
    }
}

// MARK: Shim only

extension BGTask {
    /// Shim only: every `setTaskCompleted(success:)` call, in order; exactly one when the
    /// application behaves.
    package var completions: [Bool] { lock.withLock { state.completions } }

    /// Shim only: the system takes the task's time back: calls the expiration handler on a
    /// background thread, as the system does, and returns once it has returned.
    package func expire() {
        // Handed to the other thread and used only there while this one waits.
        nonisolated(unsafe) let handler = expirationHandler
        guard handler != nil else { return }
        // Not `DispatchQueue.global().sync`, which may run the block on this very thread.
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            handler?()
            returned.signal()
        }
        returned.wait()
    }
}

/// A task that refreshes the application's content (`BGAppRefreshTask`).
@available(iOS 13.0, *)
open class BGAppRefreshTask: BGTask {}

/// A task that does deferrable processing (`BGProcessingTask`).
@available(iOS 13.0, *)
open class BGProcessingTask: BGTask {}

/// A task a person started in the foreground that goes on in the background and reports its
/// progress (`BGContinuedProcessingTask`, iOS 26 and later).
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(visionOS, unavailable)
open class BGContinuedProcessingTask: BGTask {
    /// The task's progress, which the system shows.
    open private(set) var progress = Progress(totalUnitCount: 0)
}

// MARK: - Requests

/// A request to launch a background task later (`BGTaskRequest`, abstract).
@available(iOS 13.0, *)
open class BGTaskRequest: NSObject {
    /// The task's identifier.
    open private(set) var identifier: String
    /// The earliest time the task may run; `nil` for no delay.
    open var earliestBeginDate: Date?

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }
}

/// A request to launch an app-refresh task (`BGAppRefreshTaskRequest`).
@available(iOS 13.0, *)
open class BGAppRefreshTaskRequest: BGTaskRequest {
    /// Creates a request for the task `identifier`.
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }
}

/// A request to launch a processing task (`BGProcessingTaskRequest`).
@available(iOS 13.0, *)
open class BGProcessingTaskRequest: BGTaskRequest {
    /// Creates a request for the task `identifier`.
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }

    /// Run only with a network connection.
    open var requiresNetworkConnectivity = false
    /// Run only while the device is on external power.
    open var requiresExternalPower = false
}

/// A request to continue, in the background and with visible progress, work a person
/// started (`BGContinuedProcessingTaskRequest`, iOS 26 and later); submit it from the
/// foreground, in response to the person's action.
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(visionOS, unavailable)
open class BGContinuedProcessingTaskRequest: BGTaskRequest {
    /// The title the system shows.
    open var title: String
    /// The subtitle the system shows.
    open var subtitle: String

    /// Creates a request for the task `identifier`, shown with `title` and `subtitle`.
    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }
}

#endif
