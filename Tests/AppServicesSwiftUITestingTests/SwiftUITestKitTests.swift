#if !canImport(UIKit)
import AppServices
import AppServicesSwiftUI
import AppServicesSwiftUITesting
import AppServicesTesting
import AppServicesUIKitTesting
import Foundation
import Testing

/// What an application's own tests of its SwiftUI `App` write on Linux: only the public
/// products (`import AppServicesSwiftUI` brings SwiftUI's declarations where SwiftUI is
/// missing), a `SimulatedSwiftUIApp` driven by a `LifecycleSimulator`.
@MainActor
struct SwiftUITestKitTests {
    /// Routes links and activities, and refreshes in the background.
    final class LinkRouter: AppService, URLOpenHandling, UserActivityHandling, BackgroundTaskHandling,
        ApplicationStateHandling
    {
        static let refresh = "com.example.shop.refresh"
        var userActivityTypes: Set<String> { ["com.example.shop.order"] }
        private(set) var routed: [String] = []
        private(set) var states: [String] = []

        func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
            routed.append("\(url.absoluteString) in \(context.scene == nil ? "no scene" : "a scene")")
            return true
        }

        func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
            routed.append(userActivity.activityType)
            return .handled()
        }

        var backgroundTasks: [BackgroundTaskDeclaration] {
            [.appRefresh(Self.refresh) { [weak self] _ in self?.routed.append("refreshed") }]
        }

        func applicationDidBecomeActive(_ context: AppContext) { states.append("active") }
        func applicationDidEnterBackground(_ context: AppContext) { states.append("background") }
    }

    struct ContentView: View {
        var body: some View { EmptyView() }
    }

    struct ShopApp: App {
        let host = SwiftUIApplicationHost(services: [LinkRouter()])

        var body: some Scene {
            WindowGroup { ContentView().appServices(host.composite) }
        }
    }

    let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))

    /// Records what it launched with.
    final class LaunchReader: AppService, LaunchHandling {
        private(set) var launches: [LaunchOptions] = []
        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            launches.append(options)
            return true
        }
    }

    struct ReadingApp: App {
        let host = SwiftUIApplicationHost(services: [LaunchReader()])

        var body: some Scene {
            WindowGroup { ContentView().appServices(host.composite) }
        }
    }

    @Test("A host made with the App, before the application object, launches with UIKit's launch and its options")
    func hostLaunchesWithTheLaunch() throws {
        let app = SimulatedSwiftUIApp { ReadingApp() }
        let simulator = LifecycleSimulator(driving: app)
        // A silent push that launched the application into the background.
        let push: UserInfo = ["aps": ["content-available": 1]]
        let options = LaunchOptions(remoteNotification: push, launchedInBackground: true)
        try simulator.sendNow(.willFinishLaunching(options))
        try simulator.sendNow(.didFinishLaunching(options))
        let reader = try #require(app.app?.host.composite.service(LaunchReader.self))
        #expect(reader.launches.map(\.remoteNotification) == [push])
        #expect(reader.launches.map(\.launchedInBackground) == [true])
        #expect(app.app?.host.composite.applicationState == .background)
    }

    /// The shop's window group in a scene of its own, as apps split their `App.body`.
    struct ShopScene: Scene {
        let composite: ServiceComposite
        var body: some Scene {
            WindowGroup { ContentView().appServices(composite) }
        }
    }

    struct SplitShopApp: App {
        let host = SwiftUIApplicationHost(services: [LinkRouter()])

        var body: some Scene { ShopScene(composite: host.composite) }
    }

    @Test("An app's own steps reach its host's composite, also when another app was made since")
    func stepsReachTheirOwnApp() throws {
        let first = SimulatedSwiftUIApp { ShopApp() }
        let firstSimulator = LifecycleSimulator(driving: first)
        try firstSimulator.coldLaunch(connecting: main)
        let second = SimulatedSwiftUIApp { ShopApp() }
        try LifecycleSimulator(driving: second).coldLaunch(connecting: main)

        try firstSimulator.beginSession(SessionInfo(identifier: "ada"))
        #expect(first.app?.host.composite.sessions.map(\.identifier) == ["ada"])
        #expect(second.app?.host.composite.sessions.isEmpty == true)
    }

    @Test("An app whose body is a scene of its own shows that scene's window group")
    func sceneOfItsOwn() throws {
        let app = SimulatedSwiftUIApp { SplitShopApp() }
        let simulator = LifecycleSimulator(driving: app)
        try simulator.coldLaunch(connecting: main)
        try simulator.openURL(URL(string: "shop://orders/3")!, in: main)
        #expect(app.windows["main"]?.phase == .active)
        #expect(app.app?.host.composite.service(LinkRouter.self)?.routed == ["shop://orders/3 in a scene"])
    }

    @Test("A SwiftUI app's window phases, links, activities and background task reach its services")
    func drivesTheApp() async throws {
        let app = SimulatedSwiftUIApp { ShopApp() }
        let simulator = LifecycleSimulator(driving: app)

        try simulator.coldLaunch(connecting: main)
        try simulator.openURL(URL(string: "shop://orders/17")!, in: main)
        try simulator.continueUserActivity(UserActivity(activityType: "com.example.shop.order"), in: main)
        try simulator.enterBackground()
        let refreshed = try await simulator.runBackgroundTask(LinkRouter.refresh)

        let router = try #require(app.app?.host.composite.service(LinkRouter.self))
        #expect(refreshed)
        #expect(router.routed == ["shop://orders/17 in a scene", "com.example.shop.order", "refreshed"])
        #expect(router.states == ["active", "background"])
        #expect(app.windows["main"]?.phase == .background)
        #expect(app.windows["main"]?.continuedActivityTypes == ["com.example.shop.order"])
    }

    /// The names of the notifications posted, in order.
    @MainActor final class PostedNames {
        var names: [String] = []
    }

    @Test("The application's state follows its windows, with UIKit's notifications, as a scene-based app's does")
    func applicationStateFollowsWindows() throws {
        let app = SimulatedSwiftUIApp { ShopApp() }
        let simulator = LifecycleSimulator(driving: app)
        let posted = PostedNames()
        let names: [Notification.Name] = [
            UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification,
            UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
        ]
        let observers = names.map { name in
            app.uiKit.notificationCenter.addObserver(forName: name, object: nil, queue: nil) { note in
                let name = note.name.rawValue
                MainActor.assumeIsolated { posted.names.append(name) }
            }
        }
        defer { observers.forEach(app.uiKit.notificationCenter.removeObserver) }

        try simulator.launchIntoBackground()
        #expect(app.uiKit.application.applicationState == .background)
        try simulator.connect(main)
        #expect(app.uiKit.application.applicationState == .active)
        try simulator.sceneToBackground(main)
        #expect(app.uiKit.application.applicationState == .background)
        #expect(
            posted.names == [
                "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
                "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
            ]
        )
    }

    @Test("A window alone shows its view: the modifier connects its scene and follows its phase")
    func oneWindow() throws {
        let app = SimulatedSwiftUIApp { ShopApp() }
        try LifecycleSimulator(driving: app).launchIntoBackground()
        let composite = try #require(app.app?.host.composite)

        let window = SimulatedWindow(showing: ContentView().appServices(composite), phase: .inactive)
        window.show()
        window.move(to: .active)
        #expect(window.open(URL(string: "shop://cart")!) == 1)

        #expect(composite.applicationState == .active)
        #expect(composite.service(LinkRouter.self)?.routed == ["shop://cart in a scene"])
    }
}
#endif
