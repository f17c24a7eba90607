import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

enum RootCoordinatorReady: AppMilestone {
    static var reachedBy: any AppService.Type { Coordinator.self }
}

enum AccountLoaded: AppMilestone {
    static var reachedBy: any AppService.Type { AccountService.self }
}

/// Never registered in these tests.
final class AccountService: AppService {}

/// Builds the root coordinator when the application becomes active, and reaches the
/// milestone; as an async handler, it may also wait (for its own milestone, wrongly).
final class Coordinator: AppService, ApplicationStateHandling, RemoteNotificationHandling {
    private(set) var errors: [ReadinessError] = []

    func applicationDidBecomeActive(_ context: AppContext) {
        do { try context.reach(RootCoordinatorReady.self) } catch { errors.append(error) }
    }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        do { try await context.waitUntilReached(RootCoordinatorReady.self) } catch { errors.append(error) }
        return .noData
    }
}

/// Holds deep links until the root coordinator exists.
final class Router: AppService, URLOpenHandling, ApplicationStateHandling {
    private(set) var routed: [String] = []
    private(set) var errors: [ReadinessError] = []

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenReached(RootCoordinatorReady.self, named: "open \(url.path)") { _ in
            self.routed.append(url.path)
        }
        return true
    }

    func applicationWillEnterForeground(_ context: AppContext) {
        do { try context.reach(RootCoordinatorReady.self) } catch { errors.append(error) }
    }
}

/// Opened by a service the applications of these tests do not register: nothing can open it.
enum Vault: AppGate {
    static var openedBy: any AppService.Type { AccountService.self }
    static var isInitiallyOpen: Bool { false }
}

/// Opens links once the vault is open.
final class VaultRouter: AppService, URLOpenHandling {
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenOpen(Vault.self, named: "open \(url.path)") { _ in }
        return true
    }
}

/// Holds work from a scene's callbacks: a link until the coordinator is ready, and, as its
/// scene disconnects, its restoration for the scene's next connection.
final class SceneLinkHolder: AppService, SceneHandling {
    private(set) var ran: [String] = []

    func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        context.whenReached(RootCoordinatorReady.self, named: "show the link") { [self] context in
            ran.append("show the link in \(context.scene?.identifier ?? "none")")
        }
    }

    func sceneDidDisconnect(_ context: AppContext) {
        guard let scene = context.scene else { return }
        context.route(toScene: scene.identifier, named: "restore") { [self] context in
            ran.append("restore in \(context.scene?.identifier ?? "none")")
        }
    }
}

@MainActor
struct ReadinessTests {
    let logs = LogCapture()

    @Test(
        "Work held from a scene's callback lets its objects go at disconnection, and waits for the scene to connect again"
    )
    func heldWorkWaitsForItsScene() throws {
        let logs = LogCapture()
        let holder = SceneLinkHolder()
        let composite = ServiceComposite([holder, Coordinator()], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        final class Window {}
        var window: Window? = Window()
        weak let released = window
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        composite.sceneWillConnect(main, platform: PlatformObjects([PlatformObjects.Key(rawValue: "window"): window!]))
        window = nil
        #expect(released != nil, "held with the work")

        // UIKit disconnects the scene in the background to reclaim memory.
        composite.sceneDidDisconnect(main)
        #expect(released == nil, "the scene's objects are let go")
        #expect(
            composite.heldWork.map { "\($0.name): \($0.outcome)" } == [
                "SceneLinkHolder: show the link: held", "SceneLinkHolder: restore: held",
            ]
        )

        // The milestone comes while the scene is away: the link waits for it.
        composite.didBecomeActive()
        #expect(composite.isReached(RootCoordinatorReady.self))
        #expect(holder.ran.isEmpty)
        #expect(
            composite.heldWork.last.map { "\($0.name) until \($0.waitsFor): \($0.outcome)" }
                == "SceneLinkHolder: show the link until scene main connected: held"
        )

        // The person comes back: the session connects again, and the link runs in it.
        composite.sceneWillConnect(main)
        #expect(holder.ran == ["show the link in main", "restore in main", "show the link in main"])
        #expect(!logs.messages(at: .warning).contains { $0.contains("dropped") })
    }

    @Test(
        "Work held for a gate from a scene that disconnected waits for the gate again if it closed before the scene came back"
    )
    func gateClosedAgainBeforeTheSceneReturns() throws {
        enum Lock: AppGate {
            static var openedBy: any AppService.Type { LockOwner.self }
            static var isInitiallyOpen: Bool { false }
        }
        final class LockOwner: AppService {}
        final class Shower: AppService, SceneHandling {
            var ran: [String] = []
            var connections = 0
            func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
                connections += 1
                let connection = connections
                context.whenOpen(Lock.self, named: "show") { [unowned self] context in
                    ran.append("connection \(connection) in \(context.scene?.identifier ?? "no scene")")
                }
            }
        }
        let shower = Shower()
        let composite = ServiceComposite([LockOwner(), shower], configuration: .quiet)
        _ = composite.didFinishLaunching()
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        composite.sceneWillConnect(main)
        composite.sceneDidDisconnect(main)
        // Unlocked in another window, then locked again before the scene comes back.
        composite.setGate(Lock.self, open: true)
        composite.setGate(Lock.self, open: false)
        #expect(shower.ran.isEmpty)

        composite.sceneWillConnect(main)
        #expect(shower.ran == [], "the first connection's work waits for the lock, which is closed")
        #expect(!composite.isOpen(Lock.self))
        composite.setGate(Lock.self, open: true)
        // The first connection's work waited for the gate anew as the scene came back, so it
        // runs after what the second connection held meanwhile.
        #expect(shower.ran == ["connection 2 in main", "connection 1 in main"])
    }

    @Test("Work held from a scene whose session UIKit discards is dropped, with its reason")
    func heldWorkDroppedWithItsSession() throws {
        let logs = LogCapture()
        let holder = SceneLinkHolder()
        let composite = ServiceComposite([holder, Coordinator()], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        composite.sceneWillConnect(main)
        composite.sceneDidDisconnect(main)
        composite.didBecomeActive()
        composite.didDiscardSceneSessions([main.session])
        #expect(holder.ran.isEmpty)
        #expect(composite.heldWork.filter { $0.name == "SceneLinkHolder: show the link" }.last?.outcome == .cancelled)
        #expect(
            logs.messages(at: .warning).contains {
                $0.hasPrefix("SceneLinkHolder: show the link was dropped")
                    && $0.contains("the session of scene main was discarded")
            }
        )
    }

    @Test("Held work runs once, in arrival order, when the milestone is reached, and never again")
    func heldWorkRunsOnceInOrder() {
        let router = Router()
        let composite = ServiceComposite([router, Coordinator()], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        _ = composite.open(URL(string: "app://x/inbox")!)
        _ = composite.open(URL(string: "app://x/settings")!)
        #expect(router.routed.isEmpty, "held until the milestone")
        #expect(composite.heldWork.map(\.outcome) == [.held, .held])

        composite.didBecomeActive()
        #expect(router.routed == ["/inbox", "/settings"])
        #expect(
            composite.heldWork == [
                HeldWork(name: "Router: open /inbox", waitsFor: "milestone RootCoordinatorReady", outcome: .ran),
                HeldWork(name: "Router: open /settings", waitsFor: "milestone RootCoordinatorReady", outcome: .ran),
            ]
        )

        composite.willResignActive()
        composite.didBecomeActive()  // reached again: nothing runs twice
        #expect(router.routed == ["/inbox", "/settings"])
        _ = composite.open(URL(string: "app://x/later")!)
        #expect(router.routed.last == "/later", "once reached, work runs at once")
        #expect(composite.isReached(RootCoordinatorReady.self))
    }

    @Test("Held work is dropped at termination, recorded as cancelled, and never runs")
    func heldWorkCancelledAtTermination() {
        let router = Router()
        let composite = ServiceComposite([router, Coordinator()], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        _ = composite.open(URL(string: "app://x/inbox")!)
        composite.willTerminate()
        #expect(composite.heldWork.map(\.outcome) == [.cancelled])
        #expect(router.routed.isEmpty)
    }

    @Test("Work held until a milestone whose owner is not registered is dropped at once, with a warning")
    func heldWorkWithoutOwner() {
        let router = Router()
        let composite = ServiceComposite([router], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        _ = composite.open(URL(string: "app://x/inbox")!)
        _ = composite.open(URL(string: "app://x/outbox")!)  // the point was given up already
        #expect(composite.heldWork.map(\.outcome) == [.cancelled, .cancelled])
        #expect(
            logs.messages(at: .warning) == [
                "Router: open /inbox was dropped: it waits for milestone RootCoordinatorReady, which can never come: "
                    + "Coordinator, which reaches it, is not registered.",
                "Router: open /outbox was dropped: it waits for milestone RootCoordinatorReady, which can never come: "
                    + "Coordinator, which reaches it, is not registered.",
            ]
        )
    }

    @Test(
        "Work held until, or a wait for, a closed gate whose owner is not registered ends at once, saying why",
        .timeLimit(.minutes(1))
    )
    func closedGateWithoutOwner() async {
        let composite = ServiceComposite([VaultRouter()], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        _ = composite.open(URL(string: "app://x/statements")!)
        #expect(composite.heldWork.map(\.outcome) == [.cancelled])
        #expect(
            logs.messages(at: .warning) == [
                "VaultRouter: open /statements was dropped: it waits for gate Vault, which can never come: "
                    + "AccountService, which opens it, is not registered."
            ]
        )
        let error = await #expect(throws: ReadinessError.self) { try await composite.waitUntilOpen(Vault.self) }
        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("AccountService, which opens it, is not registered") == true)
    }

    @Test("Only the milestone's owner may reach it")
    func onlyOwnerReaches() {
        let router = Router()
        let composite = ServiceComposite([router, Coordinator()])
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.didEnterBackground()
        composite.willEnterForeground()
        #expect(router.errors.map(\.code) == [.notOwner])
        #expect(
            router.errors.first?.message
                == "Router tried to reach RootCoordinatorReady, which Coordinator reaches; only the milestone's owner may reach it."
        )
    }

    @Test("The owner waiting for its own milestone is a deadlock, reported with both names")
    func ownerWaitingIsDeadlock() async {
        let coordinator = Coordinator()
        let composite = ServiceComposite([coordinator])
        _ = await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:]))
        #expect(coordinator.errors.map(\.code) == [.deadlock])
        #expect(
            coordinator.errors.first?.message.hasPrefix(
                "Coordinator waits for RootCoordinatorReady, which only Coordinator reaches: it would wait forever."
            ) == true
        )
    }
}

/// Waits from its launch handler, in a task, for a phase or a milestone, and records when
/// the wait ended and how.
class Waiter: AppService, LaunchHandling {
    enum Target { case phase(LaunchPhase), milestone }
    let target: Target
    var clock = TestClock()
    private(set) var readyAt: [Duration] = []
    private(set) var errors: [ReadinessError] = []
    private(set) var task: Task<Void, Never>?
    /// Called when the wait ends well, before anything else runs.
    var onReady: (() -> Void)?

    init(_ target: Target) {
        self.target = target
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let target = target
        task = Task {
            do throws(ReadinessError) {
                switch target {
                case .phase(let phase): try await context.waitUntilReady(phase)
                case .milestone: try await context.waitUntilReached(RootCoordinatorReady.self)
                }
                readyAt.append(clock.now.offset)
                onReady?()
            } catch {
                errors.append(error)
            }
        }
        return true
    }
}

final class PhaseWaiter: Waiter {}
final class MilestoneWaiter: Waiter {}

/// Holds its work until the critical phase from its launch handler.
final class CriticalHolder: AppService, LaunchHandling {
    private(set) var ran = 0

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        context.whenReady(.critical, named: "warm caches") { _ in self.ran += 1 }
        return true
    }
}

/// Asks for work once a phase is ready, when the application becomes active.
final class ActiveHolder: AppService, ApplicationStateHandling {
    private(set) var ran: [String] = []

    func applicationDidBecomeActive(_ context: AppContext) {
        context.whenReady(.beforeLaunchReturns, named: "registered") { _ in self.ran.append("registered") }
        ran.append("asked")
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LaunchReadinessTests {
    @Test("Work asked for after its phase is ready runs at once, inside the callback")
    func readyPhaseRunsAtOnce() throws {
        let holder = ActiveHolder()
        let plan = try LaunchPlan { ClosureInitializer.beforeLaunchReturns("register") { _ in } }
        let composite = ServiceComposite([holder], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()

        #expect(holder.ran == ["registered", "asked"])
    }

    @Test("Waiting for the critical phase returns once every critical initializer has finished")
    func waitsForCritical() async throws {
        let waiter = PhaseWaiter(.phase(.critical))
        let launch = try ScriptedLaunch(
            [
                Script(name: "A", steps: [.succeed(after: .ms(10))]),
                Script(name: "B", dependencies: ["A"], steps: [.succeed(after: .ms(20))]),
                Script(name: "Later", phase: .afterFirstFrame, steps: [.succeed(after: .ms(50))]),
            ],
            services: [waiter]
        )
        waiter.clock = launch.clock
        var finishedWhenReady: [String] = []
        waiter.onReady = {
            finishedWhenReady = launch.launch.report.nodes.filter { $0.outcome.kind == .succeeded }.map(\.name)
        }
        launch.start()
        await launch.driver.run(until: .ms(29))
        #expect(waiter.readyAt.isEmpty, "B is still running")
        await launch.driver.runUntilIdle()
        await waiter.task?.value
        #expect(Set(finishedWhenReady).isSuperset(of: ["A", "B"]), "every critical initializer had finished")
        #expect(waiter.readyAt.count == 1)
        #expect(waiter.errors.isEmpty)
    }

    @Test("A failed launch makes the phase and every milestone unreachable; the errors say why")
    func launchFailure() async throws {
        let phaseWaiter = PhaseWaiter(.phase(.critical))
        let milestoneWaiter = MilestoneWaiter(.milestone)
        let launch = try ScriptedLaunch(
            [Script(name: "Database", steps: [.fail(after: .ms(5))])],
            services: [phaseWaiter, milestoneWaiter, Coordinator()]
        )
        launch.start()
        await launch.driver.runUntilIdle()
        await phaseWaiter.task?.value
        await milestoneWaiter.task?.value
        #expect(phaseWaiter.errors.map(\.code) == [.unreachable])
        #expect(
            phaseWaiter.errors.first?.message.hasPrefix(
                "PhaseWaiter waited for phase critical, which can never come: the launch did not get there:"
            ) == true
        )
        #expect(phaseWaiter.errors.first?.message.contains("Database") == true)
        #expect(milestoneWaiter.errors.map(\.code) == [.unreachable])
        #expect(milestoneWaiter.errors.first?.message.contains("milestone RootCoordinatorReady") == true)
    }

    @Test("A failed launch leaves gates to their services: work held for a gate runs when it opens")
    func gatesOutliveAFailedLaunch() async throws {
        let lock = LockService()
        let router = LockedLinkRouter()
        let milestoneWaiter = MilestoneWaiter(.milestone)
        let launch = try ScriptedLaunch(
            [Script(name: "Database", steps: [.fail(after: .ms(5))])],
            services: [lock, router, milestoneWaiter, Coordinator()]
        )
        launch.start()
        try lock.lock()
        _ = launch.composite.open(URL(string: "shop://a")!)
        await launch.driver.runUntilIdle()
        await milestoneWaiter.task?.value
        #expect(milestoneWaiter.errors.map(\.code) == [.unreachable], "the launch failed; its milestones cannot come")

        _ = launch.composite.open(URL(string: "shop://b")!)
        #expect(router.opened.isEmpty)
        try lock.unlock()
        #expect(router.opened == ["shop://a", "shop://b"])
        #expect(launch.composite.launch?.report.heldWork.map(\.outcome) == [.ran, .ran])
    }

    @Test("Termination fails a milestone waiter with the milestone's name, and no waiter hangs")
    func terminationFailsWaiters() async {
        let waiter = MilestoneWaiter(.milestone)
        let composite = ServiceComposite([waiter, Coordinator()])
        _ = composite.didFinishLaunching()
        await Task.yield()
        composite.willTerminate()
        await waiter.task?.value
        #expect(
            waiter.errors.map(\.message) == [
                "MilestoneWaiter waited for milestone RootCoordinatorReady, which can never come: the application terminated."
            ]
        )
    }

    @Test("Work held until the critical phase runs once it is ready, and the launch report lists it")
    func heldUntilCritical() async throws {
        let holder = CriticalHolder()
        let launch = try ScriptedLaunch([Script(name: "A", steps: [.succeed(after: .ms(10))])], services: [holder])
        launch.start()
        #expect(holder.ran == 0)
        await launch.driver.runUntilIdle()
        while holder.ran == 0 { await Task.yield() }
        #expect(holder.ran == 1)
        let report = launch.launch.report
        #expect(
            report.heldWork == [
                HeldWork(name: "CriticalHolder: warm caches", waitsFor: "phase critical", outcome: .ran)
            ]
        )
        #expect(report.textTable.contains("\nHeld work: CriticalHolder: warm caches (until phase critical): ran\n"))
        let decoded = try JSONDecoder().decode(LaunchReport.self, from: JSONEncoder().encode(report))
        #expect(decoded.heldWork == report.heldWork)
    }

    @Test("An initializer that waits for its own phase is told it would wait forever; a later one waits")
    func initializerDeadlock() async throws {
        let errors = Locked<[String]>([])
        let plan = try LaunchPlan {
            ClosureInitializer("Store", phase: .critical) { @MainActor context in
                do throws(ReadinessError) {
                    try await context.waitUntilReady(.critical)
                } catch {
                    errors.withLock { $0.append(error.message) }
                }
            }
            ClosureInitializer("Indexer", phase: .afterFirstFrame) { @MainActor context in
                try await context.waitUntilReady(.critical)
            }
        }
        let composite = ServiceComposite([])
        let launch = try composite.attachLaunchPlan(plan)
        _ = composite.didFinishLaunching()
        composite.reportFirstFrame()
        try await launch.waitUntilReady(LaunchPhase.afterFirstFrame)
        #expect(
            errors.withLock { $0 } == [
                "Store runs in the critical phase and waits for the critical phase to be ready, which needs Store to finish: "
                    + "it would wait forever. Wait for an earlier phase, or move Store later."
            ]
        )
        #expect(launch.report.node(named: "Indexer")?.outcome.kind == .succeeded)
    }

    @Test(
        "An on-demand initializer that waits for the on-demand phase is told it would wait forever",
        .timeLimit(.minutes(1))
    )
    func onDemandDeadlock() async throws {
        let errors = Locked<[String]>([])
        let plan = try LaunchPlan {
            ClosureInitializer("Exporter", phase: .onDemand) { @MainActor context in
                do throws(ReadinessError) {
                    try await context.waitUntilReady(.onDemand)
                } catch {
                    errors.withLock { $0.append(error.message) }
                }
            }
        }
        let composite = ServiceComposite([])
        let launch = try composite.attachLaunchPlan(plan)
        _ = composite.didFinishLaunching()
        try await launch.run(named: "Exporter")
        #expect(
            errors.withLock { $0 } == [
                "Exporter runs in the onDemand phase and waits for the onDemand phase to be ready, which needs Exporter "
                    + "to finish: it would wait forever. Wait for an earlier phase."
            ]
        )
    }
}

/// Two services that each declare a milestone and a gate of the same short names.
final class Inbox: AppService, ApplicationStateHandling {
    enum Ready: AppMilestone {
        static var reachedBy: any AppService.Type { Inbox.self }
    }
    enum Lock: AppGate {
        static var openedBy: any AppService.Type { Inbox.self }
    }

    func applicationDidBecomeActive(_ context: AppContext) {
        try? context.reach(Ready.self)
        try? context.close(Lock.self)
    }
}

final class Outbox: AppService {
    enum Ready: AppMilestone {
        static var reachedBy: any AppService.Type { Outbox.self }
    }
    enum Lock: AppGate {
        static var openedBy: any AppService.Type { Outbox.self }
    }
}

@MainActor
struct ReadinessNameTests {
    @Test("Milestones and gates of the same name declared in different types are different points")
    func sameNameInDifferentTypes() {
        let composite = ServiceComposite([Inbox(), Outbox()])
        composite.didBecomeActive()

        #expect(composite.isReached(Inbox.Ready.self))
        #expect(!composite.isReached(Outbox.Ready.self))
        #expect(!composite.isOpen(Inbox.Lock.self))
        #expect(composite.isOpen(Outbox.Lock.self))
        #expect(ReadinessPoint.milestone(Outbox.Ready.self).description == "milestone Outbox.Ready")
        #expect(ReadinessPoint.milestone(AccountLoaded.self).description == "milestone AccountLoaded")
    }
}
