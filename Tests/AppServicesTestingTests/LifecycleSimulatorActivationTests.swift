import AppServices
import AppServicesTesting
import Testing

/// A tap's response and a quick action are delivered while the application is inactive, and
/// it becomes active as the delegate method returns: UIKit does not wait for the completion
/// handler, so a service may wait for what becoming active brings. (Before, the simulator
/// waited for the handler first, and these tests hung: hence the time limit.)
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LifecycleSimulatorActivationTests {
    /// Open while the application is active.
    enum Active: AppGate {
        static var openedBy: any AppService.Type { Root.self }
        static var isInitiallyOpen: Bool { false }
    }

    /// Opens `Active` as the application becomes active, and closes it as it resigns.
    final class Root: AppService, ApplicationStateHandling {
        func applicationDidBecomeActive(_ context: AppContext) { try? context.open(Active.self) }
        func applicationWillResignActive(_ context: AppContext) { try? context.close(Active.self) }
    }

    /// Routes a tap or a quick action once the root is ready.
    final class Router: AppService, UserNotificationHandling, ShortcutItemHandling {
        var routed: [String] = []
        func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
            try await context.waitUntilOpen(Active.self)
            routed.append(response.notification.identifier)
        }
        func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
            try await context.waitUntilOpen(Active.self)
            routed.append(shortcutItem.type)
            return true
        }
    }

    let router = Router()
    let tap = NotificationResponse(notification: UserNotification(identifier: "m1"))

    func simulator() -> LifecycleSimulator {
        LifecycleSimulator(driving: ServiceComposite([Root(), router], configuration: .init(clock: TestClock())))
    }

    @Test("A cold launch from a tap becomes active before the response's handler finishes")
    func coldLaunchFromATap() async throws {
        let simulator = simulator()
        try await simulator.coldLaunch(respondingTo: tap)
        #expect(router.routed == ["m1"])
        #expect(simulator.history.suffix(2) == ["didReceiveNotificationResponse", "didBecomeActive"])
    }

    @Test("A tap from the background becomes active before the response's handler finishes")
    func tapFromTheBackground() async throws {
        let simulator = simulator()
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try await simulator.tapNotification(tap)
        #expect(router.routed == ["m1"])
    }

    @Test("A tap on a background scene's notification makes the scene active before the handler finishes")
    func tapIntoABackgroundScene() async throws {
        let simulator = simulator()
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.coldLaunch(connecting: scene)
        try simulator.sceneToBackground(scene)
        try await simulator.tapNotification(
            NotificationResponse(notification: UserNotification(identifier: "m2"), targetScene: scene)
        )
        #expect(router.routed == ["m2"])
    }

    @Test("A quick action from the background becomes active before its handler finishes")
    func quickActionFromTheBackground() async throws {
        let simulator = simulator()
        try simulator.coldLaunch()
        try simulator.enterBackground()
        #expect(try await simulator.performShortcut(ShortcutItem(type: "compose", localizedTitle: "Compose")))
        #expect(router.routed == ["compose"])
    }
}

/// A launch into the background for a silent push carries the push in its launch options.
@MainActor
struct LifecycleSimulatorSilentPushLaunchTests {
    /// Records what its launch handler was given.
    final class LaunchWatcher: AppService, LaunchHandling, RemoteNotificationHandling {
        var payload: UserInfo?
        var reason: LaunchReason?
        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            payload = options.remoteNotification
            reason = context.launchReason
            return true
        }
        func application(
            _ context: AppContext,
            didReceiveRemoteNotification notification: RemoteNotification
        ) async throws -> BackgroundFetchResult { .newData }
    }

    @Test("A silent push's launch has the push's payload in its options, and the silent-push reason")
    func launchOptionsCarryThePush() async throws {
        let watcher = LaunchWatcher()
        let simulator = LifecycleSimulator(driving: ServiceComposite([watcher]))
        let push = RemoteNotification(userInfo: ["aps": ["content-available": 1]])
        #expect(try await simulator.launchIntoBackground(for: push) == .newData)
        #expect(watcher.payload == push.userInfo)
        #expect(watcher.reason == .silentPush)
    }
}
