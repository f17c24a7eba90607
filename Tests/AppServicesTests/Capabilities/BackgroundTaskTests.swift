import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// How a background task's work behaves.
enum TaskScript: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Returns at once.
    case returns
    /// Throws at once.
    case throwsError
    /// Sleeps on the test clock until the expiration cancels it.
    case expires
    /// Ignores cancellation and never returns.
    case neverReturns
    /// Ignores cancellation and returns once the test releases it, after the expiration.
    case finishesAfterExpiration

    var description: String { rawValue }
}

struct RefreshFailed: Error, CustomStringConvertible {
    var description: String { "the server answered 503" }
}

/// Declares background tasks whose work follows a script.
@MainActor
class TaskOwner: AppService, BackgroundTaskHandling {
    let declared: [(String, BackgroundTaskKind)]
    let script: TaskScript
    let clock: TestClock
    let probe: TrialProbe
    /// Never released: what a task that never returns waits for.
    private let never = TrialProbe()
    private(set) var started = 0
    private(set) var cancelledSeen = false

    required init(
        _ declared: [(String, BackgroundTaskKind)],
        script: TaskScript = .returns,
        clock: TestClock = TestClock(),
        probe: TrialProbe = TrialProbe()
    ) {
        self.declared = declared
        self.script = script
        self.clock = clock
        self.probe = probe
    }

    var backgroundTasks: [BackgroundTaskDeclaration] {
        declared.map { identifier, kind in
            BackgroundTaskDeclaration(identifier, kind: kind) { context in try await self.work(context) }
        }
    }

    func work(_ context: AppContext) async throws {
        started += 1
        switch script {
        case .returns:
            return
        case .throwsError:
            throw RefreshFailed()
        case .expires:
            try await clock.sleep(for: .seconds(3600))
        case .neverReturns:
            await never.waitForRelease()
        case .finishesAfterExpiration:
            await probe.waitForRelease()
            cancelledSeen = Task.isCancelled
        }
    }
}

final class RefreshOwner: TaskOwner {}
final class CleanupOwner: TaskOwner {}

/// Two services of one name, declared in different types.
enum Mail { final class Sync: TaskOwner {} }
enum Agenda { final class Sync: TaskOwner {} }

/// Reschedules its refresh from the refresh's own work.
final class SelfScheduling: AppService, BackgroundTaskHandling {
    var backgroundTasks: [BackgroundTaskDeclaration] {
        [
            .appRefresh("com.example.refresh") { context in
                try context.backgroundTasks.submit(
                    .appRefresh("com.example.refresh", earliestBeginDate: Date(timeIntervalSinceReferenceDate: 900))
                )
            }
        ]
    }
}

private final class Auth: AppService {
    class var dependencies: [any AppService.Type] { [Token.self] }
}
private final class Token: AppService {
    class var dependencies: [any AppService.Type] { [Auth.self] }
}
private final class Reporting: AppService {
    class var dependencies: [any AppService.Type] { [Missing.self] }
}
private final class Missing: AppService {}

@MainActor
struct BackgroundTaskTests {
    let logs = LogCapture()

    func composite(_ services: [any AppService], permitted: PermittedBackgroundTasks = .unchecked) -> ServiceComposite {
        var configuration = ServiceComposite.Configuration(logger: logs.logger())
        configuration.permittedBackgroundTasks = permitted
        return ServiceComposite(services, configuration: configuration)
    }

    @Test(
        "setTaskCompleted is called exactly once, with success only when the work returned before expiring",
        arguments: TaskScript.allCases
    )
    func completesExactlyOnce(_ script: TaskScript) async {
        let clock = TestClock()
        let probe = TrialProbe()
        let owner = RefreshOwner([("com.example.refresh", .appRefresh)], script: script, clock: clock, probe: probe)
        let composite = composite([owner])
        let scheduler = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: scheduler)
        let task = scheduler.start("com.example.refresh")

        switch script {
        case .returns, .throwsError:
            _ = await task.completion()
        case .expires:
            await clock.waitForSleepers(1)
            #expect(!task.isCompleted)
            task.expire()
        case .neverReturns, .finishesAfterExpiration:
            await Task.yield()
            #expect(!task.isCompleted, "the work is still running")
            #expect(composite.runningBackgroundTaskIdentifiers == ["com.example.refresh"])
            task.expire()
            #expect(task.completions == [false], "completed at the expiration, not when the work ends")
            probe.release()
        }
        if script != .neverReturns { await composite.waitForPendingWork() }
        for _ in 0..<5 { await Task.yield() }

        #expect(task.completions == [script == .returns])
        #expect(owner.started == 1)
        switch script {
        case .throwsError:
            #expect(logs.messages(at: .error).contains { $0.contains("RefreshOwner failed") && $0.contains("503") })
        case .expires, .neverReturns, .finishesAfterExpiration:
            #expect(
                logs.messages(at: .warning).contains {
                    $0.contains("background task com.example.refresh was expired by the system")
                        && $0.contains("RefreshOwner")
                }
            )
        case .returns:
            #expect(logs.messages(at: .warning).isEmpty)
        }
        if script == .finishesAfterExpiration {
            #expect(owner.cancelledSeen, "the expiration cancelled the work")
            #expect(composite.runningBackgroundTaskIdentifiers.isEmpty)
        }
        task.expire()  // the system may call the handler again: nothing changes
        #expect(task.completions.count == 1)
    }

    @Test(
        "At termination a background task still running is completed once, as failed, and its work cancelled",
        .timeLimit(.minutes(1))
    )
    func completedAtTermination() async {
        let clock = TestClock()
        let owner = RefreshOwner([("com.example.refresh", .appRefresh)], script: .expires, clock: clock)
        let composite = composite([owner])
        let scheduler = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: scheduler)
        let task = scheduler.start("com.example.refresh")
        await clock.waitForSleepers(1)

        composite.willTerminate()

        #expect(task.completions == [false], "before willTerminate returns: the process ends then")
        #expect(composite.runningBackgroundTaskIdentifiers.isEmpty)
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("background task com.example.refresh was cancelled as the application terminates")
            }
        )
        // Its hour-long sleep on a clock that never moves ends only by the cancellation.
        await composite.waitForPendingWork()
        task.expire()  // the system's own expiration afterwards changes nothing
        #expect(task.completions == [false])
    }

    @Test("A session's or a scene's service that declares background tasks is logged as an error, naming them")
    func scopedServicesDeclareNoTasks() throws {
        final class AccountSync: SessionService, BackgroundTaskHandling {
            init(session: SessionInfo, context: AppContext) {}
            var backgroundTasks: [BackgroundTaskDeclaration] { [.appRefresh("com.example.account.sync") { _ in }] }
        }
        final class WindowExport: SceneService, BackgroundTaskHandling {
            init(scene: SceneInfo, context: AppContext) {}
            var backgroundTasks: [BackgroundTaskDeclaration] { [.processing("com.example.export") { _ in }] }
        }
        final class Quiet: SceneService, BackgroundTaskHandling {
            init(scene: SceneInfo, context: AppContext) {}
            var backgroundTasks: [BackgroundTaskDeclaration] { [] }
        }
        let composite = composite([])
        try composite.registerSessionServices([AccountSync.self])
        try composite.registerSceneServices([WindowExport.self, Quiet.self])
        try composite.validate()
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "A")))

        let errors = logs.messages(at: .error)
        #expect(errors.count == 2)
        #expect(
            errors.first?.hasPrefix(
                "AccountSync of session alice declares background tasks (com.example.account.sync), but background "
                    + "tasks are registered before the launch returns, when no session lives"
            ) == true
        )
        #expect(
            errors.last?.hasPrefix("WindowExport of scene A declares background tasks (com.example.export)") == true
        )
        #expect(errors.allSatisfy { $0.contains("Declare them in an application-wide BackgroundTaskHandling service") })
    }

    /// What happened, in order, on the main actor.
    @MainActor
    final class Timeline {
        private(set) var entries: [String] = []
        func note(_ entry: String) { entries.append(entry) }
    }

    /// A system task that notes its completion on the timeline.
    final class NotingTask: SystemBackgroundTask {
        let identifier = "com.example.refresh"
        var expirationHandler: (@MainActor () -> Void)?
        let timeline: Timeline
        init(_ timeline: Timeline) { self.timeline = timeline }
        func setTaskCompleted(success: Bool) { MainActor.assumeIsolated { timeline.note("completed \(success)") } }
    }

    /// Syncs until cancelled, and notes its cancellation handler on the timeline.
    final class Syncing: AppService, BackgroundTaskHandling {
        let clock: TestClock
        let timeline: Timeline
        init(clock: TestClock, timeline: Timeline) {
            self.clock = clock
            self.timeline = timeline
        }
        var backgroundTasks: [BackgroundTaskDeclaration] {
            [
                .appRefresh("com.example.refresh") { [clock, timeline] _ in
                    try await withTaskCancellationHandler {
                        try await clock.sleep(for: .seconds(3600))
                    } onCancel: {
                        // CancellationHandler runs where the task is cancelled: on the main actor here.
                        MainActor.assumeIsolated { timeline.note("cancelled") }
                    }
                }
            ]
        }
    }

    @Test("At expiration the work is cancelled before the system hears the task completed")
    func cancelsBeforeCompleting() async {
        let clock = TestClock()
        let timeline = Timeline()
        let composite = composite([Syncing(clock: clock, timeline: timeline)])
        let task = NotingTask(timeline)
        composite.runBackgroundTask(task)
        await clock.waitForSleepers(1)
        task.expirationHandler?()
        #expect(timeline.entries == ["cancelled", "completed false"])
        await composite.waitForPendingWork()
    }

    @Test("A task nobody declared is completed as failed at once, and logged")
    func undeclaredTask() {
        let composite = composite([RefreshOwner([("com.example.refresh", .appRefresh)])])
        let scheduler = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: scheduler)
        let stray = InProcessBackgroundTaskScheduler()
        _ = stray.register("com.example.unknown", kind: .processing) { composite.runBackgroundTask($0) }
        let task = stray.start("com.example.unknown")
        #expect(task.completions == [false])
        #expect(
            logs.messages(at: .error).contains {
                $0.contains("Background task com.example.unknown arrived, but no service declares it")
            }
        )
    }

    @Test("Every declared identifier is registered once, a second registration does nothing, and a refusal is logged")
    func registration() {
        let composite = composite([
            RefreshOwner([("com.example.refresh", .appRefresh)]),
            CleanupOwner([("com.example.cleanup", .processing)]),
        ])
        let scheduler = InProcessBackgroundTaskScheduler()
        _ = scheduler.register("com.example.cleanup", kind: .processing) { _ in }  // taken already
        composite.registerBackgroundTasks(with: scheduler)
        let second = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: second)
        #expect(second.registeredIdentifiers.isEmpty, "the second registration registers nothing")
        #expect(scheduler.registeredIdentifiers == ["com.example.refresh", "com.example.cleanup"])
        #expect(composite.declaredBackgroundTasks.map(\.identifier) == ["com.example.refresh", "com.example.cleanup"])
        #expect(
            logs.messages(at: .error) == [
                """
                The system refused to register background task com.example.cleanup of CleanupOwner; \
                list it in Info.plist under BGTaskSchedulerPermittedIdentifiers and register it once.
                """
            ]
        )
    }

    @Test("Validation lists duplicate, unpermitted and empty identifiers with a cycle and a missing dependency")
    func validation() {
        let composite = composite(
            [
                Auth(), Token(), Reporting(),
                RefreshOwner([("com.example.refresh", .appRefresh), ("", .processing)]),
                CleanupOwner([("com.example.refresh", .processing), ("com.example.cleanup", .processing)]),
            ],
            permitted: .only(["com.example.refresh"])
        )
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(
            error?.problems.map(\.kind) == [
                .missingDependency, .dependencyCycle, .invalidBackgroundTask, .duplicateBackgroundTask,
                .backgroundTaskNotPermitted,
            ]
        )
        #expect(
            error?.problems.dropFirst(2).map(\.message) == [
                "RefreshOwner declares a background task with an empty identifier; give it the identifier listed in Info.plist.",
                "Background task com.example.refresh is declared by both RefreshOwner and CleanupOwner; the system runs one handler per identifier. Declare it once.",
                "Background task com.example.cleanup of CleanupOwner is missing from the permitted background tasks; the system refuses to register it. Add it there.",
            ]
        )
    }

    @Test("Only a continued-processing task takes a wildcard, in its declaration and in Info.plist")
    func wildcardsForContinuedProcessingOnly() {
        let composite = composite(
            [
                RefreshOwner([("com.example.sync.*", .appRefresh), ("com.example.refresh.daily", .appRefresh)]),
                Exports(),
            ],
            permitted: .only(["com.example.sync.*", "com.example.refresh.*", "com.example.export.*"])
        )
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "RefreshOwner declares appRefresh task com.example.sync.* with a wildcard; only continued-processing "
                    + "tasks take one. Declare the identifier itself.",
                "Background task com.example.refresh.daily of RefreshOwner is missing from the permitted background "
                    + "tasks (its wildcard com.example.refresh.* permits continued-processing tasks only); the system "
                    + "refuses to register it. Add it there.",
            ]
        )
    }

    @Test("Two services of one name that declare one identifier are told apart by the types they are declared in")
    func duplicateOfOneName() {
        let composite = composite([
            Mail.Sync([("com.example.sync", .appRefresh)]), Agenda.Sync([("com.example.sync", .processing)]),
        ])
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "Background task com.example.sync is declared by both Mail.Sync and Agenda.Sync; the system runs one handler per identifier. Declare it once."
            ]
        )
    }

    @Test("Without an Info.plist nothing is checked; the default reads the main bundle's list")
    func permittedDefault() throws {
        #expect(
            ServiceComposite.Configuration().permittedBackgroundTasks.source
                == "Info.plist's BGTaskSchedulerPermittedIdentifiers"
        )
        let composite = composite([RefreshOwner([("com.example.refresh", .appRefresh)])], permitted: .infoPlist)
        try composite.validate()  // a test executable has no Info.plist
    }

    @Test("Submitting names the identifier when it is not declared, of another kind, or before registration")
    func submitErrors() throws {
        let owner = RefreshOwner([("com.example.refresh", .appRefresh)])
        let composite = composite([owner])
        let context = composite

        let early = #expect(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.appRefresh("com.example.refresh"))
        }
        #expect(early?.code == .notRegistered)
        #expect(early?.message.contains("com.example.refresh was submitted before the host registered") == true)

        composite.registerBackgroundTasks(with: InProcessBackgroundTaskScheduler())
        let typo = #expect(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.appRefresh("com.example.refesh"))
        }
        #expect(typo?.code == .notDeclared)
        #expect(
            typo?.message
                == "Background task com.example.refesh was submitted, but no service declares it (declared: "
                + "com.example.refresh). Declare it in an application-wide BackgroundTaskHandling service (a "
                + "session's or a scene's service cannot: background tasks are registered before the launch returns)."
        )
        let kind = #expect(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.processing("com.example.refresh"))
        }
        #expect(kind?.code == .wrongKind)
        #expect(kind?.identifier == "com.example.refresh")
        try context.backgroundTasks.submit(.appRefresh("com.example.refresh"))
    }

    @Test("A task's work reschedules itself through its context; the pending request replaces the one it ran")
    func reschedulesItself() async throws {
        let composite = composite([SelfScheduling()])
        let scheduler = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: scheduler)
        let context = composite
        try context.backgroundTasks.submit(.appRefresh("com.example.refresh"))
        #expect(await context.backgroundTasks.pendingRequests().map(\.earliestBeginDate) == [nil])

        #expect(await scheduler.run("com.example.refresh"))
        #expect(
            await context.backgroundTasks.pendingRequests()
                == [.appRefresh("com.example.refresh", earliestBeginDate: Date(timeIntervalSinceReferenceDate: 900))]
        )
        context.backgroundTasks.cancel("com.example.refresh")
        #expect(await context.backgroundTasks.pendingRequests().isEmpty)
    }

    /// Notes the identifier each run of its wildcard task runs under.
    @MainActor
    final class Exports: AppService, BackgroundTaskHandling {
        private(set) var ran: [String] = []
        var backgroundTasks: [BackgroundTaskDeclaration] {
            [
                .continuedProcessing("com.example.export.*") { [self] in
                    ran.append($0.backgroundTask?.identifier ?? "none")
                }
            ]
        }
    }

    @Test("A job the system refuses to register is not submitted, and its next submission registers it again")
    func refusedJobRegistration() throws {
        let checked = composite([Exports()], permitted: .only(["com.example.export.*"]))
        try checked.validate()
        let scheduler = InProcessBackgroundTaskScheduler()
        checked.registerBackgroundTasks(with: scheduler)
        // Registered already, behind the composite's back: the system refuses a second handler.
        #expect(scheduler.register("com.example.export.1", kind: .continuedProcessing) { _ in })
        let request = BackgroundTaskRequest.continuedProcessing("com.example.export.1", title: "Export", subtitle: "")
        let error = try #require(throws: BackgroundTaskError.self) { try checked.backgroundTasks.submit(request) }
        #expect(error.code == .notPermitted)
        #expect(error.message.contains("com.example.export.1") && error.message.contains("com.example.export.*"))
        #expect(scheduler.pendingRequestsNow.isEmpty)
        #expect(throws: BackgroundTaskError.self, "tried again, and refused again") {
            try checked.backgroundTasks.submit(request)
        }
    }

    @Test("The simulated system keeps one app-refresh request and ten processing requests pending, as iOS does")
    func pendingLimits() throws {
        let owner = RefreshOwner(
            [("com.example.inbox.refresh", .appRefresh), ("com.example.catalog.refresh", .appRefresh)]
                + (0..<11).map { ("com.example.cleanup.\($0)", BackgroundTaskKind.processing) }
        )
        let checked = composite([owner])
        let scheduler = SimulatedTaskScheduler()
        checked.registerBackgroundTasks(with: scheduler)
        try checked.backgroundTasks.submit(.appRefresh("com.example.inbox.refresh"))
        let refused = try #require(throws: BackgroundTaskError.self) {
            try checked.backgroundTasks.submit(.appRefresh("com.example.catalog.refresh"))
        }
        #expect(refused.code == .tooManyPendingRequests && refused.identifier == "com.example.catalog.refresh")
        try checked.backgroundTasks.submit(.appRefresh("com.example.inbox.refresh"))  // replaces its own
        for index in 0..<10 { try checked.backgroundTasks.submit(.processing("com.example.cleanup.\(index)")) }
        #expect(throws: BackgroundTaskError.self) {
            try checked.backgroundTasks.submit(.processing("com.example.cleanup.10"))
        }
        #expect(scheduler.pendingRequestsNow.count == 11)
        scheduler.cancel(identifier: "com.example.inbox.refresh")
        try checked.backgroundTasks.submit(.appRefresh("com.example.catalog.refresh"))
    }

    @Test("A scheduler that does not run a kind has its requests refused as unavailable, with nothing registered")
    func unsupportedKind() throws {
        let checked = composite([Exports()], permitted: .only(["com.example.export.*"]))
        let scheduler = SimulatedTaskScheduler()
        scheduler.runsContinuedProcessing = false
        checked.registerBackgroundTasks(with: scheduler)
        scheduler.applicationDidFinishLaunching()
        let request = BackgroundTaskRequest.continuedProcessing("com.example.export.1", title: "Export", subtitle: "")
        let error = try #require(throws: BackgroundTaskError.self) { try checked.backgroundTasks.submit(request) }
        #expect(error.code == .unavailable)
        #expect(scheduler.registrationLog.map(\.identifier) == ["com.example.export.*"])
        #expect(scheduler.misuse.isEmpty && scheduler.submittedRequests.isEmpty)
        // Behind the composite's back, the late registration is what such a system raises on.
        _ = scheduler.register("com.example.export.2", kind: .continuedProcessing) { _ in }
        #expect(scheduler.misuse.count == 1)
    }

    @Test("A wildcard identifier names the requests and runs that extend it, and Info.plist's wildcard permits them")
    func wildcardIdentifiers() async throws {
        #expect(BackgroundTaskDeclaration.pattern(among: ["a.x.*", "a.*", "a.x.y"], naming: "a.x.y") == "a.x.y")
        #expect(BackgroundTaskDeclaration.pattern(among: ["a.*", "a.x.*"], naming: "a.x.7") == "a.x.*")
        #expect(BackgroundTaskDeclaration.pattern(among: ["a.*"], naming: "a.") == nil)
        #expect(BackgroundTaskDeclaration.pattern(among: ["a.*"], naming: "ab.c") == nil)
        #expect(BackgroundTaskDeclaration.pattern(among: ["a.x"], naming: "a.x.1") == nil, "no wildcard, no prefix")

        let exports = Exports()
        let checked = composite(
            [exports, RefreshOwner([("com.example.refresh.daily", .appRefresh)])],
            permitted: .only(["com.example.export.*", "com.example.refresh.daily"])
        )
        try checked.validate()
        let scheduler = InProcessBackgroundTaskScheduler()
        checked.registerBackgroundTasks(with: scheduler)
        #expect(scheduler.registeredIdentifiers == ["com.example.export.*", "com.example.refresh.daily"])
        try checked.backgroundTasks.submit(
            .continuedProcessing("com.example.export.7F3A", title: "Export", subtitle: "")
        )
        try checked.backgroundTasks.submit(
            .continuedProcessing("com.example.export.7F3A", title: "Export", subtitle: "")
        )
        #expect(
            scheduler.registeredIdentifiers
                == ["com.example.export.*", "com.example.export.7F3A", "com.example.refresh.daily"],
            "the job registered under its own identifier before its first submission, once"
        )
        #expect(await scheduler.run("com.example.export.7F3A"))
        #expect(await scheduler.run("com.example.export.9B21"))
        #expect(exports.ran == ["com.example.export.7F3A", "com.example.export.9B21"])
        #expect(
            !(await scheduler.run("com.example.exports.1")),
            "not named by the wildcard: failed, as nobody declares it"
        )
    }
}
