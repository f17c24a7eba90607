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
/// The shim follows the system's rules and records what breaks them instead of raising:
/// registering an identifier twice, or after the application finished launching, is listed
/// in ``misuse``; an identifier that is not permitted is refused (`false`); submitting a
/// request for it throws ``Error-swift.struct/Code/notPermitted``. Its state is behind a
/// lock, as the system's scheduler is used from any thread.
@available(iOS 13.0, *)
open class BGTaskScheduler: NSObject {
    /// One registration: the queue its launch handler runs on and the handler.
    private struct Registration {
        let queue: DispatchQueue?
        let launchHandler: (BGTask) -> Void
    }

    /// Everything the scheduler keeps, read and written only under `lock`.
    private struct State {
        var registrations: [String: Registration] = [:]
        var registrationLog: [(identifier: String, queue: DispatchQueue?)] = []
        var misuse: [String] = []
        var permitted: Set<String>?
        var launchFinished = false
        var pending: [BGTaskRequest] = []
        var submitted: [BGTaskRequest] = []
        var refusal: Error.Code?
    }

    private let lock = NSLock()
    private var state = State()

    /// The application's scheduler.
    ///
    /// In the shim: the scheduler of the simulated device whose step is running
    /// (``SimulatedFrameworks``), else one scheduler for the process.
    open class var shared: BGTaskScheduler {
        SimulatedFrameworks.current?.taskScheduler ?? processWide
    }

    /// The scheduler outside any simulated device. Its state is behind the instance's lock,
    /// so sharing it between threads is safe.
    nonisolated(unsafe) private static let processWide = BGTaskScheduler()

    /// Creates a scheduler. The system has one per application; the shim lets a simulated
    /// UIKit in this package create one per simulated device.
    package override init() {
        super.init()
    }

    /// Registers the handler that runs each launch of the task `identifier`, on `queue` (a
    /// background queue of the system's when `nil`). Call it before the application
    /// finishes launching, once per identifier.
    ///
    /// - Returns: `false` when the identifier is not permitted (missing from Info.plist's
    ///   `BGTaskSchedulerPermittedIdentifiers`).
    open func register(
        forTaskWithIdentifier identifier: String,
        using queue: dispatch_queue_t?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        lock.withLock {
            state.registrationLog.append((identifier, queue))
            if state.registrations[identifier] != nil {
                state.misuse.append("Launch handler for task with identifier \(identifier) has already been registered")
                return false
            }
            if state.launchFinished {
                state.misuse.append(
                    "All launch handlers must be registered before application finishes launching (\(identifier))"
                )
            }
            if let permitted = state.permitted, !permitted.contains(identifier) {
                return false
            }
            state.registrations[identifier] = Registration(queue: queue, launchHandler: launchHandler)
            return true
        }
    }

    /// Asks the system to run the task of `taskRequest` later, replacing a pending request
    /// with its identifier.
    ///
    /// Deprecated in iOS 27: it cannot report every refusal, which
    /// ``submitTaskRequest(_:completionHandler:)`` and its `async` spelling do. In the shim
    /// the three accept and refuse alike.
    ///
    /// - Throws: ``Error-swift.struct`` with ``Error-swift.struct/Code/notPermitted`` when the
    ///   identifier is not permitted, or the code the shim was told to refuse with
    ///   (``refuseSubmissions(with:)``).
    @available(
        iOS,
        introduced: 13.0,
        deprecated: 27.0,
        message:
            "Use -submitTaskRequest:completionHandler: (Swift: submitTaskRequest(_:completionHandler:), or 'try await submitTaskRequest(_:)') to capture all error conditions"
    )
    open func submit(_ taskRequest: BGTaskRequest) throws {
        if let refusal = accept(taskRequest) { throw Error(refusal) }
    }

    /// Asks the system to run the task of `taskRequest` later, replacing a pending request
    /// with its identifier, and calls `completionHandler` with the error that refused it, or
    /// `nil` (iOS 27 and later).
    ///
    /// The system calls the handler on a queue of its own, after a delay it chooses; do not
    /// call it from the main thread. The shim calls it before returning, with an
    /// ``Error-swift.struct`` for the refusals ``submit(_:)`` throws.
    @available(iOS 27.0, *)
    open func submitTaskRequest(
        _ taskRequest: BGTaskRequest,
        completionHandler: @escaping @Sendable ((any Swift.Error)?) -> Void
    ) {
        completionHandler(accept(taskRequest).map { Error($0) })
    }

    /// Asks the system to run the task of `taskRequest` later, replacing a pending request
    /// with its identifier (iOS 27 and later; the `async` spelling of the method above).
    ///
    /// - Throws: The error that refused the request.
    @available(iOS 27.0, *)
    open func submitTaskRequest(_ taskRequest: BGTaskRequest) async throws {
        if let refusal = accept(taskRequest) { throw Error(refusal) }
    }

    /// Takes `taskRequest` into the pending requests, unless the shim refuses it.
    ///
    /// - Returns: Why it was refused, or `nil` when it was accepted.
    private func accept(_ taskRequest: BGTaskRequest) -> Error.Code? {
        lock.withLock {
            if let refusal = state.refusal { return refusal }
            if let permitted = state.permitted, !permitted.contains(taskRequest.identifier) { return .notPermitted }
            state.pending.removeAll { $0.identifier == taskRequest.identifier }
            state.pending.append(taskRequest)
            state.submitted.append(taskRequest)
            return nil
        }
    }

    /// Withdraws the pending request for `identifier`, if any.
    open func cancel(taskRequestWithIdentifier identifier: String) {
        lock.withLock { state.pending.removeAll { $0.identifier == identifier } }
    }

    /// Withdraws every pending request.
    open func cancelAllTaskRequests() {
        lock.withLock { state.pending.removeAll() }
    }

    /// Calls `completionHandler` with the requests not run yet. The system calls it on a
    /// background queue; the shim calls it before returning.
    open func getPendingTaskRequests(completionHandler: @escaping @Sendable ([BGTaskRequest]) -> Void) {
        completionHandler(lock.withLock { state.pending })
    }

    /// The requests not run yet.
    open func pendingTaskRequests() async -> [BGTaskRequest] {
        lock.withLock { state.pending }
    }
}

// MARK: Shim only

extension BGTaskScheduler {
    /// Shim only: the identifiers the application may register and submit (Info.plist's
    /// `BGTaskSchedulerPermittedIdentifiers`); `nil`, the default, permits every identifier.
    package var permittedIdentifiers: Set<String>? {
        get { lock.withLock { state.permitted } }
        set { lock.withLock { state.permitted = newValue } }
    }

    /// Shim only: every call of `register(forTaskWithIdentifier:using:launchHandler:)`, in
    /// order, refused ones included, with the queue it named.
    package var registrationLog: [(identifier: String, queue: DispatchQueue?)] {
        lock.withLock { state.registrationLog }
    }

    /// Shim only: the calls for which the system would have raised an exception
    /// (registering twice, or after launch), in order; empty when the application behaves.
    package var misuse: [String] { lock.withLock { state.misuse } }

    /// Shim only: every request accepted by `submit(_:)` or `submitTaskRequest(_:)`, in
    /// order.
    package var submittedRequests: [BGTaskRequest] { lock.withLock { state.submitted } }

    /// Shim only: the requests not run yet, without waiting.
    package var pendingRequests: [BGTaskRequest] { lock.withLock { state.pending } }

    /// Shim only: makes `submit(_:)` and `submitTaskRequest(_:)` refuse with `code` from now
    /// on; `nil` accepts again.
    package func refuseSubmissions(with code: Error.Code?) {
        lock.withLock { state.refusal = code }
    }

    /// Shim only: the application has finished launching; registering now is misuse.
    package func applicationDidFinishLaunching() {
        lock.withLock { state.launchFinished = true }
    }

    /// Shim only: launches `task` as the system does, taking its pending request, by calling
    /// the launch handler registered for its identifier on the caller's thread (the adapter
    /// registers with the main queue, so call it on the main actor).
    ///
    /// - Returns: `false` when nothing is registered for the identifier: the system would not
    ///   have launched the task.
    package func launch(_ task: BGTask) -> Bool {
        let registration: Registration? = lock.withLock {
            state.pending.removeAll { $0.identifier == task.identifier }
            return state.registrations[task.identifier]
        }
        guard let registration else { return false }
        registration.launchHandler(task)
        return true
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
    }

    /// Creates a task, as the system does when it launches one.
    package init(identifier: String) {
        self.identifier = identifier
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
