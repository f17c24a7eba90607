#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Testing

/// The steps new users found missing or silent on `SimulatedUIKit`, driven by a
/// `LifecycleSimulator` as the README says: each used to stop the test process or do
/// nothing, and now reaches the services through the delegates, on the system they use.
@MainActor
struct SimulatedUIKitStepTests {
    final class Inbox: RecordingService {}

    final class AppDelegate: ServiceOrientedAppDelegate {
        let inbox = Inbox()
        override func makeServices() -> [any AppService] { [inbox] }
    }

    /// Keeps background work going until its time is taken back.
    final class Sync: AppService, ApplicationStateHandling {
        private(set) var ended = false
        private var hold: AsyncStream<Void>.Continuation?

        func applicationDidEnterBackground(_ context: AppContext) {
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            hold = continuation
            context.beginBackgroundWork(named: "sync") { [weak self] in
                for await _ in stream {}
                self?.ended = true
            }
        }
    }

    /// Records the scenes and sessions it hears connect.
    final class Connections: AppService, SceneHandling {
        var seen: [String] = []
        func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
            seen.append(
                "\(session.role.rawValue) \(session.configurationName ?? "-") \(context.scene?.title ?? "untitled")"
            )
        }
    }

    final class ConnectionsDelegate: ServiceOrientedAppDelegate {
        let connections = Connections()
        override func makeServices() -> [any AppService] { [connections] }
    }

    /// Provides a window for every scene, and for the application when it has none.
    final class Windows: AppService, SceneWindowProviding {
        private(set) var askedForNoScene = 0
        func window(for scene: UIWindowScene?, context: AppContext) -> UIWindow? {
            guard let scene else {
                askedForNoScene += 1
                return UIWindow()
            }
            return UIWindow(windowScene: scene)
        }
    }

    @Test("A launch that connects a scene makes the application scene-based first, as a device has it")
    func sceneLaunchDeclaresScenes() throws {
        let windows = Windows()
        final class Delegate: ServiceOrientedAppDelegate {
            let windows: Windows
            init(_ windows: Windows) {
                self.windows = windows
                super.init()
            }
            override func makeServices() -> [any AppService] { [windows] }
        }
        let delegate = Delegate(windows)
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch(connecting: SceneInfo(session: SceneSession(persistentIdentifier: "main")))

        #expect(uiKit.infoPlist["UIApplicationSceneManifest"] != nil)
        #expect(windows.askedForNoScene == 0, "a scene-based application has no window of its own")
        #expect(delegate.window == nil)
        let scene = try #require(uiKit.scenes["main"])
        #expect((scene.delegate as? ServiceOrientedSceneDelegate)?.window != nil)
    }

    @Test(
        "A scene-based application woken in the background gets a link through a new scene; one that declares no scenes gets no scene"
    )
    func sceneBasedBeforeItsFirstScene() async throws {
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        let link = URL(string: "shop://orders/17")!
        let uiKit = SimulatedUIKit(delegate: AppDelegate())
        uiKit.infoPlist = SimulatedUIKit.sceneManifest
        let simulator = LifecycleSimulator(driving: uiKit)
        _ = try await simulator.launchIntoBackground(for: RemoteNotification(userInfo: ["feed": "news"]))
        #expect(simulator.usesScenes)
        // UIKit sends a scene-based application none of the application's own.
        let foreground = try #require(throws: LifecycleSimulatorError.self) { try simulator.enterForeground() }
        #expect(foreground.possibleSteps == ["connect(_:options:)"])
        let url = try #require(throws: LifecycleSimulatorError.self) { try simulator.openURL(link) }
        #expect(url.step == "openURL(_:options:)")
        #expect(url.possibleSteps == ["connect(_:options:) with the item in its connection options"])
        let shortcut = try await #require(throws: LifecycleSimulatorError.self) {
            try await simulator.performShortcut(ShortcutItem(type: "compose", localizedTitle: "Compose"))
        }
        #expect(shortcut.state.contains("brings it forward through a scene"))
        let tap = try await #require(throws: LifecycleSimulatorError.self) {
            try await simulator.tapNotification(
                NotificationResponse(notification: UserNotification(identifier: "order"))
            )
        }
        #expect(tap.possibleSteps == ["connect(_:options:) with the response in its connection options"])
        #expect(!uiKit.delivered.contains("applicationWillEnterForeground:"))
        try simulator.connect(main, options: SceneConnectionOptions(urlContexts: [OpenURLContext(url: link)]))
        #expect(!uiKit.delivered.contains("applicationWillEnterForeground:"))
        let inbox = try #require((uiKit.delegate as? AppDelegate)?.inbox)
        #expect(inbox.calls.contains { $0.description == "Inbox.openURL[main](shop://orders/17)" })

        let plain = LifecycleSimulator(driving: SimulatedUIKit(delegate: AppDelegate()))
        _ = try await plain.launchIntoBackground(for: RemoteNotification(userInfo: ["feed": "news"]))
        let error = try #require(throws: LifecycleSimulatorError.self) { try plain.connect(main) }
        #expect(error.state.contains("declares no scenes") && error.state.contains("SimulatedUIKit.sceneManifest"))

        // A launch in front of the user without a scene is refused before anything is sent.
        let declared = SimulatedUIKit(delegate: AppDelegate())
        declared.infoPlist = SimulatedUIKit.sceneManifest
        let sceneLess = try #require(throws: LifecycleSimulatorError.self) {
            try LifecycleSimulator(driving: declared).coldLaunch()
        }
        #expect(sceneLess.possibleSteps.contains("coldLaunch(connecting:)"))
        #expect(declared.delivered.isEmpty)
    }

    @Test("A scene connects through UIKit as described: its role, its configuration's name and its title")
    func sceneConnectsAsDescribed() throws {
        let display = SceneInfo(
            session: SceneSession(
                persistentIdentifier: "tv",
                role: .windowExternalDisplayNonInteractive,
                configurationName: "External Display"
            )
        )
        let bare = Connections()
        try LifecycleSimulator(driving: ServiceComposite([bare])).coldLaunch(connecting: display)
        let delegate = ConnectionsDelegate()
        try LifecycleSimulator(driving: SimulatedUIKit(delegate: delegate)).coldLaunch(connecting: display)

        #expect(bare.seen == ["UIWindowSceneSessionRoleExternalDisplayNonInteractive External Display untitled"])
        #expect(delegate.connections.seen == bare.seen)
    }

    @Test("Notification steps reach the services through the notification center's delegate, completing once")
    func notificationSteps() async throws {
        let delegate = AppDelegate()
        delegate.inbox.answers.notificationPresentation = [.banner, .sound]
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch()

        let shown = try await simulator.presentNotification(UserNotification(identifier: "n1"))
        try await simulator.deliverNotificationResponse(
            NotificationResponse(notification: UserNotification(identifier: "n2"))
        )
        try simulator.enterBackground()
        try await simulator.tapNotification(NotificationResponse(notification: UserNotification(identifier: "n3")))

        #expect(shown == [.banner, .sound])
        #expect(
            uiKit.notificationCompletions == [
                .presentation(notification: "n1", options: [.banner, .sound]),
                .response(notification: "n2"), .response(notification: "n3"),
            ]
        )
        #expect(delegate.inbox.calls.filter { $0.callback == .didReceiveNotificationResponse }.count == 2)
        #expect(simulator.state == .active)
    }

    /// Notes what services read of a launch, a scene and a quick action.
    final class PayloadKeeper: AppService, LaunchHandling, SceneHandling, ShortcutItemHandling {
        var launchReasons: [LaunchReason] = []
        var sceneTitles: [String?] = []
        var shortcutInfo: [UserInfo] = []
        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            launchReasons.append(context.launchReason)
            return true
        }
        func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
            sceneTitles.append(context.scene?.title)
        }
        func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
            shortcutInfo.append(shortcutItem.userInfo)
            return true
        }
    }

    final class PayloadDelegate: ServiceOrientedAppDelegate {
        let keeper = PayloadKeeper()
        override func makeServices() -> [any AppService] { [keeper] }
    }

    @Test("A quick action's user info, a location launch and a scene's title reach services through UIKit as they are")
    func payloadsAsTheyAre() async throws {
        let info: UserInfo = ["draft": 7, "to": ["ann", "bo"], "urgent": true]
        let inbox = SceneInfo(session: SceneSession(persistentIdentifier: "main"), title: "Inbox")
        let location = LaunchOptions(launchedInBackground: true, isLocationEvent: true)
        func walk(_ main: LifecycleSimulator, locating: LifecycleSimulator) async throws {
            try main.coldLaunch(connecting: inbox)
            let item = ShortcutItem(type: "compose", localizedTitle: "Compose", userInfo: info)
            _ = try await main.performShortcut(item, in: inbox)
            try locating.sendNow(.willFinishLaunching(location))
            try locating.sendNow(.didFinishLaunching(location))
        }
        let bare = PayloadKeeper()
        let bareLocated = PayloadKeeper()
        try await walk(
            LifecycleSimulator(driving: ServiceComposite([bare])),
            locating: LifecycleSimulator(driving: ServiceComposite([bareLocated]))
        )
        let app = PayloadDelegate()
        let located = PayloadDelegate()
        try await walk(
            LifecycleSimulator(driving: SimulatedUIKit(delegate: app)),
            locating: LifecycleSimulator(driving: SimulatedUIKit(delegate: located))
        )
        for (keeper, locatedKeeper) in [(bare, bareLocated), (app.keeper, located.keeper)] {
            #expect(keeper.launchReasons == [.otherBackground])
            #expect(keeper.sceneTitles == ["Inbox"])
            #expect(keeper.shortcutInfo == [info])
            #expect(locatedKeeper.launchReasons == [.location])
        }
    }

    @Test("A background task the delegate registered with BGTaskScheduler is the one the simulator launches")
    func backgroundTaskSteps() async throws {
        let delegate = AppDelegate()
        delegate.inbox.declaredTasks = [("com.example.inbox.refresh", .appRefresh)]
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)

        let succeeded = try await simulator.launchIntoBackground(forBackgroundTask: "com.example.inbox.refresh")

        #expect(succeeded)
        #expect(uiKit.registeredBackgroundTasks == ["com.example.inbox.refresh"])
        #expect(simulator.backgroundTaskRuns.map(\.completions) == [[true]])
        #expect(delegate.inbox.callbacks.last == .runBackgroundTask)
    }

    /// Schedules its next run from its run, through the frameworks themselves.
    final class Refresher: AppService, BackgroundTaskHandling {
        private(set) var submitted: [String] = []
        private(set) var refused: [String] = []
        var backgroundTasks: [BackgroundTaskDeclaration] {
            [
                .appRefresh("com.example.refresh") { [self] _ in
                    do {
                        try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.refresh"))
                        submitted.append("com.example.refresh")
                    } catch {
                        refused.append("\(error)")
                    }
                }
            ]
        }
    }

    @Test("A background task's run finds the device's own BGTaskScheduler.shared, as on iOS, to schedule its next run")
    func backgroundTaskRunsInTheDevicesFrameworks() async throws {
        let refresher = Refresher()
        let uiKit = SimulatedUIKit(delegate: HostingDelegate(ServiceComposite([refresher])))
        let simulator = LifecycleSimulator(driving: uiKit)

        let succeeded = try await simulator.launchIntoBackground(forBackgroundTask: "com.example.refresh")

        #expect(succeeded)
        #expect(refresher.refused.isEmpty)
        #expect(refresher.submitted == ["com.example.refresh"])
        #expect(uiKit.system.backgroundTasks.pendingRequestsNow.map(\.identifier) == ["com.example.refresh"])
    }

    /// Whether routed work ran.
    @MainActor final class Ran { var value = false }

    @Test("Work routed to a scene whose session UIKit discards is dropped, though no service hears discards")
    func discardDropsRoutedWork() throws {
        let delegate = AppDelegate()
        let simulator = LifecycleSimulator(driving: SimulatedUIKit(delegate: delegate))
        try simulator.coldLaunch(connecting: SceneInfo(session: SceneSession(persistentIdentifier: "main")))
        let ran = Ran()
        delegate.composite.route(toScene: "tab", named: "show tab") { _ in ran.value = true }

        try simulator.discardSceneSessions([SceneSession(persistentIdentifier: "tab")])

        #expect(!ran.value)
        #expect(delegate.composite.heldWork.map(\.outcome) == [.cancelled])
    }

    @Test("Expiring background time expires what the delegate asked UIApplication for, and ends it once")
    func backgroundTimeSteps() async throws {
        let sync = Sync()
        let composite = ServiceComposite([sync])
        let uiKit = SimulatedUIKit(delegate: HostingDelegate(composite))
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch()
        try simulator.enterBackground()
        #expect(uiKit.openBackgroundTime.count == 1)

        let expired = try simulator.expireBackgroundTime()
        _ = await composite.finishBackgroundWork(within: .seconds(10))

        #expect(expired.map(\.name) == ["Sync: sync"])
        #expect(uiKit.openBackgroundTime.isEmpty)
        #expect(uiKit.backgroundTimeEnded.count == 1)
        #expect(uiKit.application.backgroundTimeRemaining == 0)
        #expect(sync.ended)
        try simulator.enterForeground()
        #expect(
            uiKit.application.backgroundTimeRemaining == .greatestFiniteMagnitude,
            "UIKit reports a very large time in the foreground"
        )
    }

    /// An application delegate whose composite a test made.
    final class HostingDelegate: ServiceOrientedAppDelegate {
        let made: ServiceComposite
        init(_ composite: ServiceComposite) {
            made = composite
            super.init()
        }
        override func makeComposite() -> ServiceComposite { made }
    }

    @Test("UIKit asks for a scene's configuration when its session is new, not when a kept one reconnects")
    func keptSessionIsConfiguredOnce() throws {
        let uiKit = SimulatedUIKit(delegate: AppDelegate())
        let simulator = LifecycleSimulator(driving: uiKit)
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.coldLaunch(connecting: scene)
        try simulator.close(scene)
        try simulator.connect(scene)
        let asked = { uiKit.delivered.filter { $0 == "application:configurationForConnectingSceneSession:options:" } }
        #expect(asked().count == 1)

        try simulator.close(scene)
        try simulator.discardSceneSessions([scene.session])
        try simulator.connect(scene)
        #expect(asked().count == 2)
    }

    @Test("A scene's warm URL, activity and quick action are steps of their own, through the scene delegate")
    func sceneSteps() async throws {
        let delegate = AppDelegate()
        delegate.inbox.answers.shortcutItem = true
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.coldLaunch(connecting: scene)

        try simulator.openURL(URL(string: "shop://cart")!, in: scene)
        try simulator.continueUserActivity(UserActivity(activityType: "com.example.order"), in: scene)
        let handled = try await simulator.performShortcut(ShortcutItem(type: "scan", localizedTitle: "Scan"), in: scene)
        try simulator.receiveMemoryWarning()
        try simulator.discardSceneSessions([SceneSession(persistentIdentifier: "old")])

        #expect(handled)
        #expect(
            uiKit.delivered.suffix(5) == [
                "scene:openURLContexts:", "scene:continueUserActivity:",
                "windowScene:performActionForShortcutItem:completionHandler:", "applicationDidReceiveMemoryWarning:",
                "application:didDiscardSceneSessions:",
            ]
        )
    }

    @Test("The testing article's scene-based walk: launch, a warm link, a notification in front, the background")
    func articleWalk() async throws {
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        let uiKit = SimulatedUIKit(delegate: AppDelegate())
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch(connecting: main)
        try simulator.openURL(URL(string: "shop://orders/17")!, in: main)
        let shown = try await simulator.presentNotification(UserNotification(identifier: "n1"))
        try simulator.enterBackground()
        #expect(shown == [])
        #expect(simulator.state == .background)
        let inbox = try #require((uiKit.delegate as? AppDelegate)?.inbox)
        #expect(inbox.calls.contains { $0.description == "Inbox.openURL[main](shop://orders/17)" })
    }
}
#endif
