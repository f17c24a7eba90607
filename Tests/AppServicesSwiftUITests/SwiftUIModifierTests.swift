#if !canImport(UIKit)
import AppServices
import AppServicesSwiftUI
import AppServicesSwiftUIShim
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitShim
import AppServicesUIKitTesting
import Foundation
import Logging
import Testing

/// A SwiftUI application's scenes through `appServices(_:)`, mounted and driven as SwiftUI
/// does by the shim's simulated scene: through the `View` and `ViewModifier` protocols, with
/// the scene's phase in the environment and the actions the modifier registers.
@MainActor
struct SwiftUIModifierTests {
    static let orderActivity = "com.example.order"
    static let link = URL(string: "https://example.com/orders/7")!

    /// A SwiftUI application without an app delegate of its own: SwiftUI's delegate is the
    /// application's, a `SwiftUIApplicationHost` hosts the services.
    @MainActor
    final class AppWithoutDelegate {
        let journal = CallJournal()
        let logs = LogCapture()
        let uiKit = SimulatedUIKit(delegate: SwiftUIsOwnDelegate())
        let host: SwiftUIApplicationHost

        init(declaring tasks: [(identifier: String, kind: BackgroundTaskKind)] = []) {
            let router = LinkRouter(journal: journal)
            router.userActivityTypes = [SwiftUIModifierTests.orderActivity]
            router.declaredTasks = tasks
            var configuration = ServiceComposite.Configuration(logger: logs.logger())
            configuration.permittedBackgroundTasks = .unchecked
            let uiKit = self.uiKit
            host = uiKit.withSimulatedFrameworks {
                SwiftUIApplicationHost(services: [router], configuration: configuration, application: uiKit.application)
            }
        }

        func window(phase: ScenePhase = .inactive) -> SimulatedScene {
            SimulatedScene(showing: ContentView().appServices(host.composite), phase: phase)
        }
    }

    /// The journal since the last call, rendered `callback` or `callback[scene]`, with the
    /// scene identifiers replaced by the names in `scenes`.
    static func drain(_ journal: CallJournal, scenes: [String: String] = [:]) -> [String] {
        defer { journal.clear() }
        return journal.calls.map { call in
            "\(call.callback)" + (call.scene.map { "[\(scenes[$0] ?? $0)]" } ?? "")
        }
    }

    /// The identifier `appServices(_:)` gave the scene of `window`: the one its services saw.
    static func identifier(of window: SimulatedScene, in journal: CallJournal) -> String? {
        journal.calls.first { $0.callback == .sceneWillConnect }?.scene
    }

    // MARK: - Without an app delegate

    @Test("Without an app delegate, the scene's phases, a URL and a user activity reach the services, each once")
    func reachesServicesWithoutADelegate() throws {
        let app = AppWithoutDelegate()
        #expect(Self.drain(app.journal) == ["willFinishLaunching", "didFinishLaunching"])

        let window = app.window()
        window.show()
        let scene = try #require(Self.identifier(of: window, in: app.journal))
        let names = [scene: "W"]
        // Launched, the application is inactive until a scene becomes active.
        #expect(Self.drain(app.journal, scenes: names) == ["sceneWillConnect[W]", "sceneWillEnterForeground[W]"])

        window.move(to: .active)
        #expect(window.open(Self.link) == 1)
        #expect(window.continueUserActivity(NSUserActivity(activityType: Self.orderActivity)) == 1)
        window.move(to: .background)

        #expect(
            Self.drain(app.journal, scenes: names) == [
                "didBecomeActive", "sceneDidBecomeActive[W]",
                "openURL[W]", "continueUserActivity[W]",
                "sceneWillResignActive[W]", "willResignActive",
                "sceneDidEnterBackground[W]", "didEnterBackground",
            ]
        )
        #expect(app.host.composite.applicationState == .background)
        #expect(app.host.composite.sceneState(for: scene) == .background)
    }

    @Test("The scene's callbacks, and those derived from them, come with the application object")
    func callbacksCarryTheApplication() {
        /// Records whether each callback came with the simulated application.
        final class ApplicationReader: AppService, ApplicationStateHandling, SceneHandling, URLOpenHandling {
            var seen: [(callback: String, application: UIApplication?)] = []
            func sceneWillEnterForeground(_ context: AppContext) {
                seen.append(("sceneWillEnterForeground", context.uiKit.application))
            }
            func applicationDidBecomeActive(_ context: AppContext) {
                seen.append(("didBecomeActive", context.uiKit.application))
            }
            func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
                seen.append(("openURL", context.uiKit.application))
                return true
            }
        }
        let reader = ApplicationReader()
        let uiKit = SimulatedUIKit(delegate: SwiftUIsOwnDelegate())
        uiKit.withSimulatedFrameworks {
            let host = SwiftUIApplicationHost(services: [reader], application: uiKit.application)
            let window = SimulatedScene(showing: ContentView().appServices(host.composite), phase: .inactive)
            window.show()
            window.move(to: .active)
            _ = window.open(Self.link)
        }
        #expect(reader.seen.map(\.callback) == ["sceneWillEnterForeground", "didBecomeActive", "openURL"])
        #expect(reader.seen.allSatisfy { $0.application === uiKit.application })
    }

    @Test("A SwiftUI scene's phases produce the callbacks a UIKit scene delegate produces for the same walk")
    func matchesTheSceneDelegate() throws {
        // UIKit: a scene delegate, foreground, active, inactive, active, background, foreground,
        // background, disconnected.
        let uiKitJournal = CallJournal()
        let delegate = TestAppDelegate([LinkRouter(journal: uiKitJournal)])
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        let uiKitScene = uiKit.connectScene("S") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(uiKitScene)
        _ = uiKit.sendScene(uiKitScene, "sceneWillResignActive:") { $0.sceneWillResignActive(uiKitScene) }
        _ = uiKit.sendScene(uiKitScene, "sceneDidBecomeActive:") { $0.sceneDidBecomeActive(uiKitScene) }
        uiKit.sendToBackground(uiKitScene)
        uiKit.bringToForeground(uiKitScene)
        uiKit.sendToBackground(uiKitScene)
        _ = uiKit.sendScene(uiKitScene, "sceneDidDisconnect:") { $0.sceneDidDisconnect(uiKitScene) }

        // SwiftUI: the same walk as phases.
        let app = AppWithoutDelegate()
        let window = app.window(phase: .inactive)
        window.show()
        for phase in [ScenePhase.active, .inactive, .active, .background, .active, .background] {
            window.move(to: phase)
        }
        window.remove()
        let scene = try #require(Self.identifier(of: window, in: app.journal))

        // UIKit asks the app delegate for the scene's configuration; SwiftUI has its own.
        let uiKitCallbacks = Self.drain(uiKitJournal).filter { $0 != "configurationForConnecting" }
        #expect(Self.drain(app.journal, scenes: [scene: "S"]) == uiKitCallbacks)
    }

    @Test("Each window is a scene; the application is active while one is, in the background when none is in front")
    func derivesTheApplicationStateFromWindows() throws {
        let app = AppWithoutDelegate()
        let first = app.window(phase: .active)
        first.show()
        let second = app.window(phase: .active)
        second.show()
        let composite = app.host.composite
        #expect(composite.applicationState == .active)

        first.move(to: .background)
        #expect(composite.applicationState == .active)
        second.move(to: .inactive)
        #expect(composite.applicationState == .inactive)
        second.move(to: .background)
        #expect(composite.applicationState == .background)

        second.remove()
        #expect(app.journal.calls(of: .sceneDidDisconnect).count == 1)
        #expect(app.journal.calls(of: .sceneWillConnect).count == 2)
    }

    @Test("A root view covered while its scene is in front (a full-screen cover) leaves the scene connected, in front")
    func coveredRootViewKeepsItsScene() throws {
        let app = AppWithoutDelegate()
        let window = app.window(phase: .active)
        window.show()
        let scene = try #require(Self.identifier(of: window, in: app.journal))
        app.journal.clear()

        // SwiftUI calls the covered view's onDisappear, and its onAppear when the cover goes.
        window.remove()
        window.show()
        window.open(Self.link)

        let composite = app.host.composite
        #expect(Self.drain(app.journal, scenes: [scene: "W"]) == ["openURL[W]"])
        #expect(composite.connectedScenes.map(\.identifier) == [scene])
        #expect(composite.applicationState == .active)
    }

    @Test("The modifier registers onContinueUserActivity for exactly the types the services declare")
    func registersTheDeclaredActivityTypes() {
        let journal = CallJournal()
        let router = LinkRouter(journal: journal)
        router.userActivityTypes = ["com.example.order", "NSUserActivityTypeBrowsingWeb"]
        let search = SearchIndex(journal: journal)
        search.userActivityTypes = ["com.example.order", "com.apple.corespotlightitem"]
        let composite = ServiceComposite([router, search])
        let window = SimulatedScene(showing: ContentView().appServices(composite))
        window.show()

        #expect(
            window.continuedActivityTypes.sorted() == [
                "NSUserActivityTypeBrowsingWeb", "com.apple.corespotlightitem", "com.example.order",
            ]
        )
        #expect(window.continueUserActivity(NSUserActivity(activityType: "com.example.other")) == 0)
        #expect(journal.calls(of: .continueUserActivity).isEmpty)
    }

    @Test("A service that continues activities but declares no type is named in a warning, once")
    func warnsAboutUndeclaredActivityTypes() {
        let logs = LogCapture()
        let composite = ServiceComposite(
            [LinkRouter(), SearchIndex()],
            configuration: ServiceComposite.Configuration(logger: logs.logger())
        )
        _ = composite.willFinishLaunching(LaunchOptions())
        _ = composite.didFinishLaunching(LaunchOptions())
        let first = SimulatedScene(showing: ContentView().appServices(composite))
        first.show()
        let second = SimulatedScene(showing: ContentView().appServices(composite))
        second.show()

        let warnings = logs.messages(at: .warning).filter { $0.contains("declares no userActivityTypes") }
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.hasPrefix("LinkRouter adopts UserActivityHandling") })
        #expect(warnings.contains { $0.hasPrefix("SearchIndex adopts UserActivityHandling") })
    }

    @Test("A composite nothing launched is launched at its first scene, with a warning saying what is too late")
    func launchesLateWithAWarning() {
        let logs = LogCapture()
        let journal = CallJournal()
        let composite = ServiceComposite(
            [LinkRouter(journal: journal)],
            configuration: ServiceComposite.Configuration(logger: logs.logger())
        )
        let window = SimulatedScene(showing: ContentView().appServices(composite), phase: .active)
        window.show()

        #expect(
            journal.calls.prefix(3).map(\.callback) == [.willFinishLaunching, .didFinishLaunching, .sceneWillConnect]
        )
        #expect(composite.applicationState == .active)
        let warning = logs.messages(at: .warning).first { $0.contains("was not launched before its first scene") }
        #expect(warning?.contains("SwiftUIApplicationHost") == true)
    }

    // MARK: - The host: what must happen before launch returns

    @Test("The host registers every declared background task before launch returns, and the system's task reaches it")
    func registersBackgroundTasks() async throws {
        let app = AppWithoutDelegate(declaring: [
            ("com.example.inbox.refresh", .appRefresh), ("com.example.index.rebuild", .processing),
        ])
        #expect(app.uiKit.registeredBackgroundTasks == ["com.example.inbox.refresh", "com.example.index.rebuild"])
        #expect(app.uiKit.backgroundTaskMisuse.isEmpty)

        let task = try #require(app.uiKit.launchBackgroundTask("com.example.inbox.refresh"))
        await app.host.composite.waitForPendingWork()
        #expect(app.uiKit.completions(of: task) == [true])
        #expect(app.journal.calls(of: .runBackgroundTask).map(\.detail) == ["com.example.inbox.refresh"])
    }

    @Test("The host makes itself the notification center's delegate when a service handles notifications")
    func becomesTheNotificationCenterDelegate() async {
        let app = AppWithoutDelegate()
        #expect(app.uiKit.userNotificationCenter.delegate != nil)

        await app.uiKit.respondToNotification(
            NotificationResponse(notification: UserNotification(identifier: "n1", categoryIdentifier: "order"))
        )
        #expect(app.journal.calls(of: .didReceiveNotificationResponse).count == 1)
        #expect(app.uiKit.notificationCompletions.count == 1)
    }

    @Test(
        "The host owns the PushKit registry when a service handles VoIP pushes, and a push reaches it, completed once"
    )
    func ownsThePushRegistry() async {
        let app = AppWithoutDelegate()
        #expect(app.uiKit.pushRegistries.count == 1)
        #expect(app.uiKit.pushRegistries.first?.desiredPushTypes == [.voIP])

        await app.uiKit.receiveIncomingPush(PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"]))

        #expect(app.journal.calls(of: .didReceiveIncomingPush).count == 1)
        #expect(app.uiKit.pushCompletions == [.voIP])
    }

    @Test(
        "Without an app delegate, the host forwards what UIKit also posts as notifications: termination, memory, time, protected data"
    )
    func forwardsTheApplicationsNotifications() {
        let app = AppWithoutDelegate()
        let other = AppWithoutDelegate()
        app.journal.clear()

        app.uiKit.receiveMemoryWarning()
        for name in [
            UIApplication.significantTimeChangeNotification,
            UIApplication.protectedDataWillBecomeUnavailableNotification,
            UIApplication.protectedDataDidBecomeAvailableNotification,
        ] {
            app.uiKit.withSimulatedFrameworks {
                NotificationCenter.default.post(name: name, object: app.uiKit.application)
            }
        }
        // Another application's notifications are that application's.
        other.uiKit.receiveMemoryWarning()
        app.uiKit.terminate()

        #expect(
            Self.drain(app.journal) == [
                "didReceiveMemoryWarning", "significantTimeChange", "protectedDataWillBecomeUnavailable",
                "protectedDataDidBecomeAvailable", "willTerminate",
            ]
        )
        #expect(other.journal.calls(of: .didReceiveMemoryWarning).count == 1)
        // SwiftUI's own delegate claimed neither method: the notifications were the only way.
        #expect(app.uiKit.unclaimed.contains("applicationWillTerminate:"))
        #expect(app.uiKit.unclaimed.contains("applicationDidReceiveMemoryWarning:"))
    }

    // MARK: - With an app delegate behind @UIApplicationDelegateAdaptor

    @Test("With an app delegate, it launches and the modifier brings the scenes: each callback once")
    func withAnAdaptor() throws {
        let journal = CallJournal()
        let delegate = TestAppDelegate([LinkRouter(journal: journal, activityTypes: [Self.orderActivity])])
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()

        let window = SimulatedScene(showing: ContentView().appServices(delegate.composite), phase: .inactive)
        window.show()
        window.move(to: .active)
        window.open(Self.link)
        window.continueUserActivity(NSUserActivity(activityType: Self.orderActivity))
        window.move(to: .background)
        let scene = try #require(Self.identifier(of: window, in: journal))

        #expect(
            Self.drain(journal, scenes: [scene: "W"]) == [
                "willFinishLaunching", "didFinishLaunching",
                "sceneWillConnect[W]", "sceneWillEnterForeground[W]",
                "didBecomeActive", "sceneDidBecomeActive[W]",
                "openURL[W]", "continueUserActivity[W]",
                "sceneWillResignActive[W]", "willResignActive",
                "sceneDidEnterBackground[W]", "didEnterBackground",
            ]
        )
    }

    @Test("When the app delegate's scene delegate reports the scene too, the modifier stands down: each callback once")
    func withASceneDelegateToo() throws {
        let journal = CallJournal()
        let delegate = TestAppDelegate([LinkRouter(journal: journal, activityTypes: [Self.orderActivity])])
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()

        // UIKit connects the scene through the configured scene delegate, then SwiftUI shows
        // its root view; both see each phase, URL and activity.
        let uiKitScene = uiKit.connectScene("S") { ServiceOrientedSceneDelegate() }
        let window = SimulatedScene(showing: ContentView().appServices(delegate.composite), phase: .inactive)
        window.show()
        uiKit.bringToForeground(uiKitScene)
        window.move(to: .active)
        let context = UIOpenURLContext(url: Self.link)
        _ = uiKit.sendScene(uiKitScene, "scene:openURLContexts:") { $0.scene(uiKitScene, openURLContexts: [context]) }
        window.open(Self.link)
        let activity = NSUserActivity(activityType: Self.orderActivity)
        _ = uiKit.sendScene(uiKitScene, "scene:continueUserActivity:") { $0.scene(uiKitScene, continue: activity) }
        window.continueUserActivity(activity)
        uiKit.sendToBackground(uiKitScene)
        window.move(to: .background)
        window.remove()

        #expect(
            Self.drain(journal) == [
                "willFinishLaunching", "didFinishLaunching",
                "configurationForConnecting", "sceneWillConnect[S]", "sceneWillEnterForeground[S]",
                "didBecomeActive", "sceneDidBecomeActive[S]",
                "openURL[S]", "continueUserActivity[S]",
                "sceneWillResignActive[S]", "willResignActive",
                "sceneDidEnterBackground[S]", "didEnterBackground",
            ]
        )
    }

    /// An application whose app delegate (behind an adaptor) hosts a link router that
    /// continues no activity, launched.
    static func launchedWithAnAdaptor() -> (CallJournal, TestAppDelegate, SimulatedUIKit) {
        let journal = CallJournal()
        let delegate = TestAppDelegate([LinkRouter(journal: journal, activityTypes: [])])
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        return (journal, delegate, uiKit)
    }

    @Test("A scene the modifier connected it reports to its end, though a scene delegate reports another scene since")
    func modifierKeepsItsScene() throws {
        let (journal, delegate, uiKit) = Self.launchedWithAnAdaptor()
        let window = SimulatedScene(showing: ContentView().appServices(delegate.composite), phase: .inactive)
        window.show()
        window.move(to: .active)
        let scene = try #require(Self.identifier(of: window, in: journal))

        // Another window scene comes through a scene delegate.
        let external = uiKit.connectScene("external") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(external)
        journal.clear()
        window.move(to: .background)
        window.remove()

        #expect(
            Self.drain(journal, scenes: [scene: "W"]) == [
                "sceneWillResignActive[W]", "sceneDidEnterBackground[W]", "sceneDidDisconnect[W]",
            ]
        )
        #expect(delegate.composite.connectedScenes.map(\.scene.identifier) == ["external"])
    }

    @Test("An external display's scene a scene delegate reports does not stop the modifier reporting a new window")
    func otherRolesDoNotCount() throws {
        let (journal, delegate, uiKit) = Self.launchedWithAnAdaptor()
        let external = uiKit.connectScene("external", role: .windowExternalDisplayNonInteractive) {
            ServiceOrientedSceneDelegate()
        }
        uiKit.bringToForeground(external)
        journal.clear()

        let window = SimulatedScene(showing: ContentView().appServices(delegate.composite), phase: .inactive)
        window.show()
        window.move(to: .active)
        window.open(Self.link)
        let scene = try #require(Self.identifier(of: window, in: journal))

        #expect(
            Self.drain(journal, scenes: [scene: "W"]) == [
                "sceneWillConnect[W]", "sceneWillEnterForeground[W]", "sceneDidBecomeActive[W]", "openURL[W]",
            ]
        )
        #expect(delegate.composite.connectedScenes.map(\.identifier) == ["external", scene])
    }

    @Test("A CarPlay scene, which its own delegate reports, does not stop the modifier reporting the windows")
    func carPlayScenesDoNotCount() throws {
        let app = AppWithoutDelegate()
        app.journal.clear()
        // The CarPlay scene delegate finds the host's composite, as it finds an app delegate's.
        let car = app.uiKit.connectCarPlayScene("car") { ServiceOrientedCarPlaySceneDelegate() }
        app.uiKit.bringToForeground(car)
        #expect(
            Self.drain(app.journal) == [
                "sceneWillConnect[car]", "sceneWillEnterForeground[car]", "didBecomeActive",
                "sceneDidBecomeActive[car]",
            ]
        )

        let window = app.window(phase: .active)
        window.show()
        window.open(Self.link)
        let scene = try #require(Self.identifier(of: window, in: app.journal))

        #expect(
            Self.drain(app.journal, scenes: [scene: "W"]) == [
                "sceneWillConnect[W]", "sceneWillEnterForeground[W]", "sceneDidBecomeActive[W]", "openURL[W]",
            ]
        )
    }

    @Test("An activity whose user info holds values that are not property-list values is logged, naming them")
    func droppedActivityUserInfo() throws {
        let app = AppWithoutDelegate()
        let window = app.window()
        window.show()
        window.move(to: .active)
        let activity = NSUserActivity(activityType: Self.orderActivity)
        activity.userInfo = ["token": UUID(), "order": 7]
        #expect(window.continueUserActivity(activity) == 1)
        #expect(
            app.logs.messages(at: .warning).filter { $0.hasPrefix("User activity") } == [
                "User activity \(Self.orderActivity) has user-info entries that are not property-list values: token. "
                    + "Services receive it without them; the raw activity is in context.uiKit.userActivity."
            ]
        )
    }

    /// A service that handles background URL session events, which only an application
    /// delegate receives.
    final class Downloads: AppService, BackgroundURLSessionHandling {
        func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws {}
    }

    final class QuickActions: AppService, ShortcutItemHandling {
        func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
            true
        }
    }

    /// A service that locks the orientation, which UIKit asks SwiftUI's delegates about.
    final class OrientationLock: AppService, InterfaceOrientationHandling {
        func application(
            _ context: AppContext,
            supportedInterfaceOrientationsFor window: AnyObject?
        ) -> InterfaceOrientationMask { .portrait }
    }

    @Test("A host warns about each service that handles a callback only an application or scene delegate receives")
    func hostWarnsAboutUnreachableServices() {
        let logs = LogCapture()
        let uiKit = SimulatedUIKit(delegate: SwiftUIsOwnDelegate())
        _ = uiKit.withSimulatedFrameworks {
            SwiftUIApplicationHost(
                services: [Downloads(), QuickActions(), OrientationLock()],
                configuration: ServiceComposite.Configuration(logger: logs.logger()),
                application: uiKit.application
            )
        }

        let warnings = logs.messages(at: .warning).filter { $0.hasPrefix("SwiftUIApplicationHost:") }
        #expect(warnings.count == 4)
        #expect(warnings.contains { $0.contains("Downloads handles handleEventsForBackgroundURLSession") })
        #expect(
            warnings.contains {
                $0.contains("OrientationLock handles supportedInterfaceOrientations,")
                    && $0.contains("only to the application's delegate")
            }
        )
        #expect(
            warnings.contains {
                $0.contains("OrientationLock handles supportedInterfaceOrientationsForScene")
                    && $0.contains("to a window scene's delegate")
                    && $0.contains("configure a ServiceOrientedSceneDelegate")
            }
        )
        #expect(warnings.last?.contains("QuickActions handles performActionForShortcutItem") == true)
        #expect(warnings.last?.contains("configure a ServiceOrientedSceneDelegate") == true)
    }

    @Test("A host given a composite it did not make warns when the composite posts lifecycle notifications")
    func hostWarnsAboutNotifications() {
        let logs = LogCapture()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        _ = uiKit.withSimulatedFrameworks {
            SwiftUIApplicationHost(
                composite: ServiceComposite([], configuration: .init(logger: logs.logger())),
                application: uiKit.application
            )
        }
        #expect(
            logs.messages(at: .warning).contains {
                $0.hasPrefix("The composite given to SwiftUIApplicationHost(composite:) posts lifecycle notifications")
            }
        )
    }

    @Test(
        "A host given a composite an app delegate launched does not launch it again, says so, and forwards nothing"
    )
    func hostDoesNotLaunchTwice() {
        let logs = LogCapture()
        let journal = CallJournal()
        let delegate = TestAppDelegate(
            [LinkRouter(journal: journal)],
            configuration: ServiceComposite.Configuration(logger: logs.logger())
        )
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()

        _ = uiKit.withSimulatedFrameworks {
            SwiftUIApplicationHost(composite: delegate.composite, application: uiKit.application)
        }

        #expect(journal.calls(of: .didFinishLaunching).count == 1)
        #expect(
            logs.messages(at: .error).contains {
                $0.hasPrefix(
                    "SwiftUIApplicationHost: the composite is that of TestAppDelegate, the application delegate"
                )
            }
        )
        // The app delegate hears what UIKit sends it; the host, which did not launch, does
        // not forward the notifications UIKit posts besides.
        uiKit.receiveMemoryWarning()
        uiKit.terminate()
        #expect(journal.calls(of: .didReceiveMemoryWarning).count == 1)
        #expect(journal.calls(of: .willTerminate).count == 1)
    }
}

// MARK: - Support

/// A root view, as an application's is.
struct ContentView: View {
    var body: some View { EmptyView() }
}

/// Routes links and continues order activities.
final class LinkRouter: RecordingService {
    convenience init(journal: CallJournal? = nil, activityTypes: Set<String>) {
        self.init(journal: journal)
        userActivityTypes = activityTypes
    }
}

/// Continues Spotlight activities.
final class SearchIndex: RecordingService {}

/// Stands for the application delegate SwiftUI makes for an `App` without an adaptor: it
/// forwards nothing to services.
final class SwiftUIsOwnDelegate: UIResponder, UIApplicationDelegate {}

/// An application's delegate with the given services.
final class TestAppDelegate: ServiceOrientedAppDelegate {
    private let services: [any AppService]
    private let configuration: ServiceComposite.Configuration

    init(_ services: [any AppService], configuration: ServiceComposite.Configuration = .init()) {
        self.services = services
        self.configuration = configuration
        super.init()
    }

    override func makeServices() -> [any AppService] { services }
    override func makeConfiguration() -> ServiceComposite.Configuration { configuration }
}
#endif
