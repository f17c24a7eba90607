import Foundation
import Logging

/// A service that runs background tasks the system schedules (`BGTaskScheduler`): app
/// refresh, processing, and continued processing.
///
/// The service declares each task with its work (``BackgroundTaskDeclaration``). The host
/// registers every declared identifier with the system before launch returns, once;
/// validation reports, with the other problems, an identifier declared twice and one the
/// application's Info.plist does not permit
/// (``ServiceComposite/Configuration-swift.struct/permittedBackgroundTasks``).
///
/// When the system runs a task, its work runs on the main actor. The system's task is
/// completed exactly once (`setTaskCompleted(success:)`): with success when the work
/// returned, with failure when it threw, or when the system expired the task first, which
/// also cancels the work. Tasks are scheduled from any context with
/// ``AppContext/backgroundTasks``.
///
/// ```swift
/// final class InboxService: BackgroundTaskHandling {
///     var backgroundTasks: [BackgroundTaskDeclaration] {
///         [.appRefresh("com.example.inbox.refresh") { context in
///             try context.backgroundTasks.submit(.appRefresh("com.example.inbox.refresh"))
///             try await self.refresh()
///         }]
///     }
///     func refresh() async throws {}
/// }
/// ```
@MainActor
public protocol BackgroundTaskHandling: AppService {
    /// The background tasks this service runs. Read when the composite validates and when
    /// it is sealed, not again.
    var backgroundTasks: [BackgroundTaskDeclaration] { get }
}

/// The system's side of one background-task run (`BGTask`): the composite sets its
/// expiration handler and completes it exactly once. Hosts wrap their platform's task in it.
@MainActor
public protocol SystemBackgroundTask: AnyObject {
    /// The task's identifier.
    var identifier: String { get }
    /// Set by the composite before the work starts: call it when the system takes the time
    /// back.
    var expirationHandler: (@MainActor () -> Void)? { get set }
    /// Tells the system the task is done; the composite calls it exactly once.
    func setTaskCompleted(success: Bool)
}

/// A platform's background-task scheduler (`BGTaskScheduler`), which the host gives the
/// composite with ``ServiceComposite/registerBackgroundTasks(with:)``.
@MainActor
public protocol BackgroundTaskScheduler: AnyObject {
    /// Registers `identifier`, so that the system calls `launch` with each run of it;
    /// `false` when the system refuses (the identifier is not permitted, or is registered
    /// already).
    func register(
        _ identifier: String,
        kind: BackgroundTaskKind,
        launch: @escaping @MainActor (any SystemBackgroundTask) -> Void
    ) -> Bool
    /// Asks the system to run `request` later.
    ///
    /// - Throws: Preferably ``BackgroundTaskError``; other errors are reported as
    ///   ``BackgroundTaskError/Code/refused``.
    func submit(_ request: BackgroundTaskRequest) throws
    /// Asks the system to run `request` later and waits for its answer: where the system
    /// answers asynchronously (iOS 27's `submitTaskRequest(_:)`), every refusal arrives, and
    /// the system is asked off the main thread.
    ///
    /// - Throws: As ``submit(_:)``.
    func submitRequest(_ request: BackgroundTaskRequest) async throws
    /// Withdraws the pending request for `identifier`, if any.
    func cancel(identifier: String)
    /// Withdraws every pending request (`cancelAllTaskRequests()`); `declared` lists the
    /// identifiers the services declare. The default withdraws the requests of those.
    func cancelAllRequests(declared: [String])
    /// The requests not run yet.
    func pendingRequests() async -> [BackgroundTaskRequest]
    /// Whether the system runs tasks of `kind`. A continued-processing task needs iOS 26 or
    /// later on an iPhone or iPad; the composite refuses a request of a kind the system
    /// does not run with ``BackgroundTaskError/Code/unavailable`` before it registers or
    /// submits anything. The default: every kind.
    func supports(_ kind: BackgroundTaskKind) -> Bool
}

extension BackgroundTaskScheduler {
    /// Withdraws the request of each identifier in `declared`, with ``cancel(identifier:)``.
    public func cancelAllRequests(declared: [String]) {
        for identifier in declared { cancel(identifier: identifier) }
    }

    /// Submits with ``submit(_:)``: for a scheduler whose system answers at once.
    public func submitRequest(_ request: BackgroundTaskRequest) async throws {
        try submit(request)
    }

    /// Every kind.
    public func supports(_ kind: BackgroundTaskKind) -> Bool { true }
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``BackgroundTaskHandling``.
    static let backgroundTasks = HandlerKind<any BackgroundTaskHandling>(
        { $0 as? any BackgroundTaskHandling },
        types: { $0 is any BackgroundTaskHandling.Type }
    )
}

extension AppCallback {
    /// A background task the system runs (registered with `BGTaskScheduler`, no delegate
    /// method).
    public static let runBackgroundTask = AppCallback(
        "runBackgroundTask",
        heardBy: HandlerKinds.backgroundTasks,
        explainsBackgroundLaunch: .backgroundTask
    )

    /// The callbacks ``BackgroundTaskHandling`` services hear.
    static let backgroundTaskCallbacks: [AppCallback] = [.runBackgroundTask]
}

/// Which background-task identifiers the system permits: the application's Info.plist
/// list `BGTaskSchedulerPermittedIdentifiers`, read through this so that tests and hosts
/// without an Info.plist can supply it.
public struct PermittedBackgroundTasks: Sendable {
    /// The permitted identifiers, or `nil` when there is nothing to check against.
    let identifiers: @Sendable () -> [String]?
    /// Where the list comes from, as validation messages name it.
    public let source: String

    /// The main bundle's Info.plist `BGTaskSchedulerPermittedIdentifiers`. A bundle without
    /// an Info.plist (a Linux executable) permits every identifier; one without the key
    /// permits none. On macOS (but Mac Catalyst) and watchOS, which have no
    /// `BGTaskScheduler` and whose Info.plist never lists the key, nothing is checked: a
    /// service shared with an iOS target declares its tasks there for nothing.
    public static var infoPlist: PermittedBackgroundTasks {
        PermittedBackgroundTasks(
            identifiers: {
                #if (os(macOS) && !targetEnvironment(macCatalyst)) || os(watchOS)
                return nil
                #else
                guard let info = Bundle.main.infoDictionary, !info.isEmpty else { return nil }
                return info["BGTaskSchedulerPermittedIdentifiers"] as? [String] ?? []
                #endif
            },
            source: "Info.plist's BGTaskSchedulerPermittedIdentifiers"
        )
    }

    /// Exactly `identifiers`.
    public static func only(_ identifiers: [String]) -> PermittedBackgroundTasks {
        PermittedBackgroundTasks(identifiers: { identifiers }, source: "the permitted background tasks")
    }

    /// Every identifier: nothing is checked.
    public static var unchecked: PermittedBackgroundTasks {
        PermittedBackgroundTasks(identifiers: { nil }, source: "nothing")
    }
}

// MARK: - Registration and running

extension ServiceComposite {
    /// Logs an error for each of `services`, made for `owner` (a session or a scene), that
    /// declares background tasks: the system registers them before the launch returns,
    /// `why` such a service is not there, so they are never registered or run. The types
    /// cannot be checked at validation: adopting ``BackgroundTaskHandling`` with no tasks
    /// declared is harmless.
    func checkBackgroundTasks(of services: some Sequence<any AppService>, madeFor owner: String, why: String) {
        for case let service as any BackgroundTaskHandling in services {
            let identifiers = service.backgroundTasks.map(\.identifier)
            guard !identifiers.isEmpty else { continue }
            let name = type(of: service).serviceName
            let listed = identifiers.joined(separator: ", ")
            let message: String =
                "\(name) of \(owner) declares background tasks (\(listed)), but background tasks are registered "
                + "before the launch returns, \(why), so they are never registered or run, and submitting them "
                + "fails. Declare them in an application-wide BackgroundTaskHandling service, which can hand the "
                + "work on when the task runs."
            configuration.logger.error("\(message)")
        }
    }
}

extension ServiceComposite {
    /// A background task being run: the system's task, and the gate that completes it.
    struct RunningBackgroundTask {
        let identifier: String
        let gate: CompletionGate<Bool>
    }

    /// Every declared background task, in dispatch order, each with the service declaring
    /// it.
    public var declaredBackgroundTasks: [(identifier: String, kind: BackgroundTaskKind, service: String)] {
        if let outer { return outer.declaredBackgroundTasks }
        return declarations().map { ($0.declaration.identifier, $0.declaration.kind, $0.service.serviceName) }
    }

    /// The declarations of the registered services, in dispatch order, read when the
    /// composite was sealed.
    private func declarations() -> [(declaration: BackgroundTaskDeclaration, service: any AppService.Type)] {
        sealIfNeeded(by: "background tasks")
        return plan.unsafelyUnwrapped.backgroundTasks
    }

    /// Registers every declared background task with `scheduler`, once each, and keeps the
    /// scheduler for ``AppContext/backgroundTasks``. Hosts call it before launch returns
    /// (the UIKit adapter in `willFinishLaunching`); a second call does nothing.
    ///
    /// An identifier the scheduler refuses is logged as an error with its service.
    public func registerBackgroundTasks(with scheduler: any BackgroundTaskScheduler) {
        if let outer { return outer.registerBackgroundTasks(with: scheduler) }
        guard state.install(scheduler: scheduler) else { return }
        for (declaration, service) in declarations() {
            if !register(declaration.identifier, kind: declaration.kind, with: scheduler) {
                configuration.logger.error(
                    """
                    The system refused to register background task \(declaration.identifier) of \(service.serviceName); \
                    list it in Info.plist under BGTaskSchedulerPermittedIdentifiers and register it once.
                    """,
                    metadata: ["task": "\(declaration.identifier)", "service": "\(service.serviceName)"]
                )
            }
        }
    }

    /// Registers `identifier` with `scheduler`, each of its launches run by
    /// ``runBackgroundTask(_:)``; `false` when the scheduler refuses.
    private func register(
        _ identifier: String,
        kind: BackgroundTaskKind,
        with scheduler: any BackgroundTaskScheduler
    ) -> Bool {
        scheduler.register(identifier, kind: kind) { [weak self] task in
            guard let self else {
                task.setTaskCompleted(success: false)
                return
            }
            self.runBackgroundTask(task)
        }
    }

    /// Registers the job `identifier` of `kind`, which the wildcard `pattern` a service
    /// declares names (a continued-processing task's), before its first submission: the
    /// system looks a job's launch handler up under the job's own identifier, and registering
    /// one twice ends the application. Such registrations may come after launch.
    ///
    /// - Throws: ``BackgroundTaskError`` with ``BackgroundTaskError/Code/notPermitted`` when
    ///   the scheduler refuses it.
    func registerJob(
        _ identifier: String,
        kind: BackgroundTaskKind,
        of pattern: String,
        with scheduler: any BackgroundTaskScheduler
    ) throws(BackgroundTaskError) {
        guard state.claimJobRegistration(identifier) else { return }
        guard register(identifier, kind: kind, with: scheduler) else {
            state.releaseJobRegistration(identifier)
            throw BackgroundTaskError(
                code: .notPermitted,
                identifier: identifier,
                message: "The system refused to register background task \(identifier); list \(pattern) in "
                    + "Info.plist under BGTaskSchedulerPermittedIdentifiers."
            )
        }
    }

    /// Runs the system's `task` with the work of the service that declared its identifier,
    /// and completes it exactly once: with success when the work returned, with failure
    /// when it threw or when `task`'s expiration handler was called first (which cancels
    /// the work). A task nobody declared is completed as failed at once, and logged.
    public func runBackgroundTask(_ task: any SystemBackgroundTask) {
        if let outer { return outer.runBackgroundTask(task) }
        let identifier = task.identifier
        let declared = declarations()
        let pattern = BackgroundTaskDeclaration.pattern(
            among: declared.map(\.declaration.identifier),
            naming: identifier
        )
        guard let (declaration, service) = declared.first(where: { $0.declaration.identifier == pattern }) else {
            configuration.logger.error(
                "Background task \(identifier) arrived, but no service declares it; it is completed as failed.",
                metadata: ["task": "\(identifier)", "callback": "\(AppCallback.runBackgroundTask)"]
            )
            task.setTaskCompleted(success: false)
            return
        }
        beginDispatch(.runBackgroundTask)
        defer { endDispatch(.runBackgroundTask) }
        let context = makeContext(service, .runBackgroundTask, PlatformObjects([.backgroundTask: task]), nil)
        let id = state.reserveBackgroundTaskRun()
        let gate = runExactlyOnce(
            "background task \(identifier)",
            [FanOutJob(serviceType: service) { try await declaration.work(context) }.map { true }],
            deadline: nil,
            merge: .allTrue,
            unanswered: false,
            completion: { [self] success in
                state.setBackgroundTaskRun(id, nil)
                task.expirationHandler = nil
                task.setTaskCompleted(success: success)
            }
        )
        guard let gate else { return }  // finished on the spot
        state.setBackgroundTaskRun(id, RunningBackgroundTask(identifier: identifier, gate: gate))
        task.expirationHandler = { gate.expire(because: "was expired by the system") }
    }

    /// The identifiers of the background tasks running now, oldest first.
    public var runningBackgroundTaskIdentifiers: [String] {
        (outer ?? self).state.backgroundTaskRuns.inOrder.map(\.entry.identifier)
    }

    /// What keeps the declared background tasks from being registered: identifiers
    /// declared twice, empty, or not permitted.
    static func backgroundTaskProblems(
        of services: [any AppService],
        permitted: PermittedBackgroundTasks
    ) -> [ServiceGraphError.Problem] {
        var problems: [ServiceGraphError.Problem] = []
        var owners = IdentifierOwners()
        let allowed = permitted.identifiers().map(Set.init)
        for service in services {
            guard let handler = service as? any BackgroundTaskHandling else { continue }
            // Named only in a problem's message.
            var name: String { type(of: service).serviceName }
            for declaration in handler.backgroundTasks {
                let identifier = declaration.identifier
                if identifier.isEmpty {
                    problems.append(
                        .init(
                            kind: .invalidBackgroundTask,
                            message:
                                "\(name) declares a background task with an empty identifier; give it the identifier listed in Info.plist."
                        )
                    )
                    continue
                }
                if let who = owners.claim(identifier, by: type(of: service)) {
                    problems.append(
                        .init(
                            kind: .duplicateBackgroundTask,
                            message:
                                "Background task \(identifier) is declared by \(who); the system runs one handler per identifier. Declare it once."
                        )
                    )
                    continue
                }
                if declaration.kind != .continuedProcessing, identifier.hasSuffix(".*") {
                    problems.append(
                        .init(
                            kind: .invalidBackgroundTask,
                            message: "\(name) declares \(declaration.kind) task \(identifier) with a wildcard; only "
                                + "continued-processing tasks take one. Declare the identifier itself."
                        )
                    )
                    continue
                }
                if let allowed,
                    BackgroundTaskDeclaration.permission(among: allowed, for: identifier, kind: declaration.kind) == nil
                {
                    let wildcard = BackgroundTaskDeclaration.pattern(among: allowed, naming: identifier).map {
                        " (its wildcard \($0) permits continued-processing tasks only)"
                    }
                    problems.append(
                        .init(
                            kind: .backgroundTaskNotPermitted,
                            message:
                                "Background task \(identifier) of \(name) is missing from \(permitted.source)\(wildcard ?? ""); the system refuses to register it. Add it there."
                        )
                    )
                }
            }
        }
        return problems
    }
}

extension FanOutJob {
    /// The same job with its answer turned by `transform`.
    func map<Other: Sendable>(_ transform: @escaping @Sendable (Response) -> Other) -> FanOutJob<Other> {
        let run = self.run
        switch name {
        case .service(let type): return FanOutJob<Other>(serviceType: type) { transform(try await run()) }
        case .label(let label): return FanOutJob<Other>(label: label) { transform(try await run()) }
        }
    }
}

// MARK: - Scheduling from a context

extension AppContext {
    /// The system's task this context's run was given: in a background task's work, with
    /// the identifier it runs under (a continued-processing task's own, which its
    /// declaration's wildcard names); `nil` elsewhere. The UIKit adapter's `BGTask`, to
    /// report a continued-processing task's progress, is `context.uiKit.backgroundTask`.
    public var backgroundTask: (any SystemBackgroundTask)? { platform?.value(.backgroundTask) }

    /// The application's background tasks: submit, cancel and list requests.
    public var backgroundTasks: BackgroundTasks { composite.backgroundTasks }
}

extension ServiceComposite {
    /// The application's background tasks, for hosts and tests; services use
    /// ``AppContext/backgroundTasks``.
    public var backgroundTasks: BackgroundTasks { BackgroundTasks(composite: outer ?? self) }
}

/// Schedules the application's declared background tasks, from a service's context.
///
/// Every call checks the identifier against the declarations first, so a typo fails with
/// an error naming it instead of a task that never runs.
@MainActor
public struct BackgroundTasks {
    let composite: ServiceComposite

    /// Asks the system to run `request` later.
    ///
    /// - Throws: ``BackgroundTaskError`` naming the identifier: not declared by any service,
    ///   declared with another kind, submitted before the host registered the tasks (before
    ///   launch, or on a host without a scheduler), or refused by the system.
    public func submit(_ request: BackgroundTaskRequest) throws(BackgroundTaskError) {
        let scheduler = try check(request)
        do {
            try scheduler.submit(request)
        } catch let error as BackgroundTaskError {
            throw error
        } catch {
            throw BackgroundTaskError(
                code: .refused,
                identifier: request.identifier,
                message: "The system refused background task \(request.identifier): \(error)."
            )
        }
    }

    /// The scheduler to submit `request` to, once the request names a task a service declares,
    /// with its kind, and the host registered the tasks.
    private func check(_ request: BackgroundTaskRequest) throws(BackgroundTaskError) -> any BackgroundTaskScheduler {
        let identifier = request.identifier
        let known = composite.declaredBackgroundTasks.map(\.identifier)
        let pattern = BackgroundTaskDeclaration.pattern(among: known, naming: identifier)
        guard let declared = composite.declaredBackgroundTasks.first(where: { $0.identifier == pattern }) else {
            throw BackgroundTaskError(
                code: .notDeclared,
                identifier: identifier,
                message: "Background task \(identifier) was submitted, but no service declares it (declared: "
                    + "\(known.isEmpty ? "none" : known.joined(separator: ", "))). Declare it in an application-wide "
                    + "BackgroundTaskHandling service (a session's or a scene's service cannot: background tasks are "
                    + "registered before the launch returns)."
            )
        }
        guard declared.kind == request.kind else {
            throw BackgroundTaskError(
                code: .wrongKind,
                identifier: identifier,
                message:
                    "Background task \(identifier) was submitted as \(request.kind), but \(declared.service) declares it as \(declared.kind)."
            )
        }
        guard let scheduler = composite.state.scheduler else {
            throw BackgroundTaskError(
                code: .notRegistered,
                identifier: identifier,
                message: "Background task \(identifier) was submitted before the host registered the background tasks; "
                    + "submit it once the application launches (hosts register them before didFinishLaunching), on a host with a scheduler."
            )
        }
        // Before a job's registration: where the system has no continued processing, iOS
        // raises on a registration after launch, which no `catch` reaches.
        guard scheduler.supports(request.kind) else {
            throw BackgroundTaskError(
                code: .unavailable,
                identifier: identifier,
                message: "Background task \(identifier) is a \(request.kind) task, which this system does not run "
                    + "(continued processing needs iOS 26 or later on an iPhone or iPad); nothing was registered or "
                    + "submitted. Check for it before submitting."
            )
        }
        if let pattern, pattern != identifier {
            // Only a continued-processing task's: the composite, sealed, passed validation,
            // which refuses a wildcard declared for another kind.
            try composite.registerJob(identifier, kind: request.kind, of: pattern, with: scheduler)
        }
        return scheduler
    }

    /// Asks the system to run `request` later, and waits for the system's answer.
    ///
    /// Prefer it to ``submit(_:)`` where the caller can wait: iOS 27's scheduler reports
    /// every refusal only this way (`submitTaskRequest(_:)`, which deprecates the throwing
    /// `submit(_:)`), and before iOS 27 the UIKit adapter submits off the main thread, as
    /// Apple advises since `submit(_:)` could hang on it.
    ///
    /// - Throws: ``BackgroundTaskError`` naming the identifier, as ``submit(_:)`` does.
    public func submitRequest(_ request: BackgroundTaskRequest) async throws(BackgroundTaskError) {
        let scheduler = try check(request)
        do {
            try await scheduler.submitRequest(request)
        } catch let error as BackgroundTaskError {
            throw error
        } catch {
            throw BackgroundTaskError(
                code: .refused,
                identifier: request.identifier,
                message: "The system refused background task \(request.identifier): \(error)."
            )
        }
    }

    /// Withdraws the pending request for `identifier`, if any.
    public func cancel(_ identifier: String) {
        composite.state.scheduler?.cancel(identifier: identifier)
    }

    /// Withdraws every pending request (`BGTaskScheduler.cancelAllTaskRequests()` on iOS):
    /// for an application that reschedules its work each time it returns to the foreground.
    /// Tasks already running are not stopped. Nothing happens before the host registered
    /// the tasks.
    public func cancelAll() {
        composite.state.scheduler?.cancelAllRequests(declared: composite.declaredBackgroundTasks.map(\.identifier))
    }

    /// The requests not run yet; none before the host registered the tasks.
    public func pendingRequests() async -> [BackgroundTaskRequest] {
        await composite.state.scheduler?.pendingRequests() ?? []
    }
}
