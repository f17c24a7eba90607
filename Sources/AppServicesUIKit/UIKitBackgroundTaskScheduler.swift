import AppServices
import Dispatch

#if canImport(UIKit)
import BackgroundTasks
#else
import AppServicesUIKitShim
#endif

/// `BGTaskScheduler` as the composite's `BackgroundTaskScheduler`: what
/// `ServiceOrientedAppDelegate` registers the declared background tasks with before launch
/// returns, and what `context.backgroundTasks` submits to.
@MainActor
final class UIKitBackgroundTaskScheduler: BackgroundTaskScheduler {
    private let scheduler: BGTaskScheduler

    /// Schedules with `scheduler` (`BGTaskScheduler.shared`).
    init(_ scheduler: BGTaskScheduler) {
        self.scheduler = scheduler
    }

    /// Registers `identifier` with the system, with a launch handler that runs on the main
    /// queue and hands each launched `BGTask` to `launch`.
    func register(
        _ identifier: String,
        kind: BackgroundTaskKind,
        launch: @escaping @MainActor (any SystemBackgroundTask) -> Void
    ) -> Bool {
        scheduler.register(
            forTaskWithIdentifier: identifier,
            using: DispatchQueue.main,
            launchHandler: Self.launchHandler(launch)
        )
    }

    /// The launch handler, made outside the main actor so that Swift does not assume it runs
    /// there; it runs on the main queue, as registered, and hops to be sure.
    private nonisolated static func launchHandler(
        _ launch: @escaping @MainActor (any SystemBackgroundTask) -> Void
    ) -> (BGTask) -> Void {
        { task in
            MainActorHop.run(handingOver: task) { task in launch(UIKitBackgroundTask(task)) }
        }
    }

    /// Whether the system runs tasks of `kind`: continued processing only on iOS 26 and
    /// later on an iPhone or iPad (in the shim: as the simulated device says). Before iOS 26,
    /// registering a continued-processing job after launch raises.
    func supports(_ kind: BackgroundTaskKind) -> Bool {
        kind != .continuedProcessing || scheduler.runsContinuedProcessing
    }

    /// Submits the system's request for `request`.
    ///
    /// - Throws: `BackgroundTaskError` naming the identifier: `.unavailable` for a
    ///   continued-processing task where the system has none, and the system's refusals
    ///   (`BGTaskScheduler.Error`) mapped to their codes.
    func submit(_ request: BackgroundTaskRequest) throws {
        let platformRequest = try BGTaskRequest.make(for: request)
        do {
            try scheduler.submit(platformRequest)
        } catch let error as BGTaskScheduler.Error {
            throw BackgroundTaskError(error, identifier: request.identifier)
        }
    }

    /// Submits the system's request for `request` and waits for the system's answer: with
    /// iOS 27's `submitTaskRequest(_:completionHandler:)`, which reports every refusal, where
    /// the SDK and the system have it (see `UIKitSelectors` for the guard); before, with
    /// `submit(_:)`; either on a queue of its own, off the main thread, where Apple says to
    /// call them.
    ///
    /// - Throws: `BackgroundTaskError` naming the identifier, as ``submit(_:)``.
    func submitRequest(_ request: BackgroundTaskRequest) async throws {
        let platformRequest = try BGTaskRequest.make(for: request)
        let refusal: (any Error)?
        // `APPSERVICES_BEFORE_IOS_27=1` in the environment takes the path of iOS 18-26 where
        // the system has iOS 27's (`OlderSystemPaths`): CI runs the tests a second time with
        // it, so both paths are tested in one build.
        #if !canImport(UIKit) || canImport(UIKit, _version: 9127)
        if !OlderSystemPaths.beforeIOS27, #available(iOS 27.0, visionOS 27.0, *) {
            refusal = await Self.offTheMainThread(Handoff(value: (scheduler, platformRequest))) {
                $0.submitTaskRequest($1, completionHandler: $2)
            }
        } else {
            refusal = await Self.offTheMainThread(Handoff(value: (scheduler, platformRequest)), submit: Self.submit)
        }
        #else
        refusal = await Self.offTheMainThread(Handoff(value: (scheduler, platformRequest)), submit: Self.submit)
        #endif
        guard let refusal else { return }
        guard let error = refusal as? BGTaskScheduler.Error else { throw refusal }
        throw BackgroundTaskError(error, identifier: request.identifier)
    }

    /// Has `submit` hand the request to the scheduler on a queue of its own, off the main
    /// thread, where Apple says not to submit (iOS 27's method, and the one before it, which
    /// could hang there), and returns the error it reports, if any.
    private nonisolated static func offTheMainThread(
        _ handoff: Handoff<(BGTaskScheduler, BGTaskRequest)>,
        submit: @escaping @Sendable (BGTaskScheduler, BGTaskRequest, @escaping @Sendable ((any Error)?) -> Void) -> Void
    ) async -> (any Error)? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                let (scheduler, request) = handoff.value
                submit(scheduler, request) { continuation.resume(returning: $0) }
            }
        }
    }

    /// iOS 18-26's `submit(_:)`, reporting what it threw to `done`.
    private nonisolated static func submit(
        _ scheduler: BGTaskScheduler,
        _ request: BGTaskRequest,
        done: @Sendable ((any Error)?) -> Void
    ) {
        do {
            try scheduler.submit(request)
            done(nil)
        } catch {
            done(error)
        }
    }

    /// Withdraws the system's pending request for `identifier`.
    func cancel(identifier: String) {
        scheduler.cancel(taskRequestWithIdentifier: identifier)
    }

    /// Withdraws every pending request of the application, declared or not.
    func cancelAllRequests(declared: [String]) {
        scheduler.cancelAllTaskRequests()
    }

    /// The system's pending requests, in platform-neutral form.
    func pendingRequests() async -> [BackgroundTaskRequest] {
        await withCheckedContinuation { continuation in
            scheduler.getPendingTaskRequests { requests in
                continuation.resume(returning: requests.map(BackgroundTaskRequest.init))
            }
        }
    }
}

/// A `BGTask` as the composite's `SystemBackgroundTask`.
///
/// The system's task gets its expiration handler at once, before the work starts: the
/// system may call it on a thread of its own, and it hops to the main actor to call the
/// handler the composite set, if any.
@MainActor
final class UIKitBackgroundTask: SystemBackgroundTask {
    /// The system's task.
    let task: BGTask
    /// Set by the composite; called on the main actor when the system expires the task.
    var expirationHandler: (@MainActor () -> Void)?

    /// Wraps `task` and sets its expiration handler.
    init(_ task: BGTask) {
        self.task = task
        task.expirationHandler = Self.expirationHandler(for: self)
    }

    /// The task's identifier.
    var identifier: String { task.identifier }

    /// Completes the system's task.
    func setTaskCompleted(success: Bool) {
        task.setTaskCompleted(success: success)
    }

    /// The handler the system calls, made outside the main actor. It holds the wrapper
    /// weakly: the composite keeps the wrapper until it completes the task, and an expiration
    /// after that has nothing left to do.
    private nonisolated static func expirationHandler(for wrapper: UIKitBackgroundTask) -> () -> Void {
        { [weak wrapper] in
            guard let wrapper else { return }
            MainActorHop.run { wrapper.expirationHandler?() }
        }
    }
}
