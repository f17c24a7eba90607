#if !canImport(UIKit)
import AppServices
import AppServicesCallKit
import AppServicesSwiftUI
import AppServicesSwiftUITesting
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import Foundation
import Testing

/// One path per step: every scenario runs through a `LifecycleSimulator` on the bare
/// composite, on the same services behind a `ServiceOrientedAppDelegate` driven by
/// `SimulatedUIKit`, and in a SwiftUI application (`SimulatedSwiftUIApp`) whose window views
/// carry `appServices(_:)`. The services must hear the same callbacks, in the same order,
/// with the same payloads; SwiftUI's documented differences are listed per scenario and
/// asserted as such. A step that one target delivers differently, twice, or not at all fails
/// here. Only public products are used, as in an application's own tests.
@MainActor
struct ConformanceTests {
    nonisolated static let refresh = "com.example.refresh"
    nonisolated static let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
    nonisolated static let car = SceneInfo(
        session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication)
    )
    nonisolated static let link = URL(string: "shop://orders/42")!
    nonisolated static let call = UUID(uuidString: "6F1A0000-0000-0000-0000-0000000000D4")!

    /// Where a scenario runs.
    enum Host: String, CaseIterable, CustomTestStringConvertible {
        case composite
        case uiKit
        case swiftUI

        var testDescription: String { rawValue }
    }

    /// What SwiftUI does differently from UIKit's scene delegate in a scenario, as
    /// `SimulatedSwiftUIApp` and `SwiftUIApplicationHost` document it. In every scenario,
    /// SwiftUI asks no application delegate for a scene's configuration, and a window's scene
    /// has an identifier of SwiftUI's (the tests name it after the simulator's scene).
    struct SwiftUIDifference: Sendable {
        /// How the bare composite's recording becomes what SwiftUI's services hear; `nil` when
        /// a SwiftUI application cannot take the scenario's steps.
        let expected: (@Sendable ([String]) -> [String])?
        /// Whether the order is the same as the transformed recording's.
        let order: Order

        /// How the order of what SwiftUI's services hear compares with the transformed
        /// recording's.
        enum Order: Sendable {
            /// The same order.
            case same
            /// The same calls, each once, in another order.
            case different
            /// The same calls, in another order where completion-handler work starts on the
            /// spot (`Task.immediate`: on the composite it runs inside the step); in the same
            /// order where it starts at the main actor's next turn (before iOS 26), since then
            /// the composite's services also hear it after the step.
            case differentWhenWorkStartsAtOnce
        }

        /// None.
        static let none = SwiftUIDifference(expected: { $0 }, order: .same)
        /// What a scene was connected with reaches the window once its view appears, after
        /// `sceneWillEnterForeground`: the same calls, in another order.
        static let connectionItemsLater = SwiftUIDifference(expected: { $0 }, order: .different)
        /// A notification response that launched the application reaches the services
        /// through the notification center only, after the window appeared, and for no scene:
        /// SwiftUI does not tell a window which UIKit scene it is.
        static let notificationWithoutScene = SwiftUIDifference(
            expected: { calls in
                calls.filter { !$0.hasPrefix("SceneRecorder.didReceiveNotificationResponse") }.map {
                    $0.replacingOccurrences(
                        of: "didReceiveNotificationResponse[main]",
                        with: "didReceiveNotificationResponse"
                    )
                }
            },
            order: .differentWhenWorkStartsAtOnce
        )
        /// SwiftUI gives a window no quick action, and registers `onContinueUserActivity` for
        /// the types application-wide services declare: a scene service continues an
        /// activity only when an application-wide service declares its type.
        static func noQuickAction(sceneServiceActivities: Bool) -> SwiftUIDifference {
            SwiftUIDifference(
                expected: { calls in
                    calls.filter {
                        !$0.contains(".performActionForShortcutItem")
                            && (sceneServiceActivities || !$0.hasPrefix("SceneRecorder.continueUserActivity"))
                    }
                },
                order: .same
            )
        }
        /// SwiftUI's own scene delegate answers a window scene's geometry changes and
        /// orientation question: the services hear neither.
        static let noSceneDelegate = SwiftUIDifference(
            expected: { calls in
                calls.filter {
                    !$0.contains(".windowSceneDidUpdateEffectiveGeometry")
                        && !$0.contains(".supportedInterfaceOrientationsForScene")
                }
            },
            order: .same
        )
        /// A SwiftUI application always has a window scene: it cannot launch without one.
        static let notApplicable = SwiftUIDifference(expected: nil, order: .same)
    }

    /// A SwiftUI application whose window views report to a composite made elsewhere.
    struct ConformanceApp: App {
        let host: SwiftUIApplicationHost

        init() { self.init(composite: ServiceComposite([])) }

        init(composite: ServiceComposite) {
            host = SwiftUIApplicationHost(composite: composite)
            // As an app with call services does, before launch: its CallKit provider.
            ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration())
        }

        var body: some Scene {
            WindowGroup { EmptyView().appServices(host.composite) }
        }
    }

    /// A service that records every callback, declares a background task and reports VoIP
    /// calls.
    final class AppRecorder: RecordingService {}

    /// A scene service that records its scene's callbacks.
    final class SceneRecorder: RecordingSceneService {}

    /// Uploads in the background: begins background work as the application enters the
    /// background, which runs until the system takes the time back.
    final class Uploader: AppService, ApplicationStateHandling {
        let journal: CallJournal
        private var pending: AsyncStream<Void>.Continuation?

        init(journal: CallJournal) { self.journal = journal }

        func applicationDidEnterBackground(_ context: AppContext) {
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            pending = continuation
            let journal = journal
            context.beginBackgroundWork(named: "upload") {
                for await _ in stream {}
                journal.append(RecordedCall(service: "Uploader", callback: .didEnterBackground, detail: "upload ended"))
            }
        }
    }

    /// The application delegate of the UIKit host, with the composite the scenario built.
    final class AppDelegate: ServiceOrientedAppDelegate {
        let made: ServiceComposite
        init(_ composite: ServiceComposite) {
            made = composite
            super.init()
        }
        override func makeComposite() -> ServiceComposite { made }

        /// Installs the CallKit provider before launch returns, as an app with call services does.
        override func application(
            _ application: UIApplication,
            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration())
            return super.application(application, willFinishLaunchingWithOptions: launchOptions)
        }
    }

    /// The app lock of the session scenario: it closes after a minute in the background.
    enum ConformanceLock: AppGate {
        static var openedBy: any AppService.Type { AppRecorder.self }
        static var closesAfterBackground: Duration? { .seconds(60) }
    }

    /// One application on one host: its services, composite and simulator.
    @MainActor
    final class Device {
        let journal = CallJournal()
        let clock = TestClock()
        let recorder: AppRecorder
        let composite: ServiceComposite
        let simulator: LifecycleSimulator
        /// The simulated UIKit, on the UIKit host.
        private(set) var uiKit: SimulatedUIKit?

        init(on host: Host, sceneServicesOnly: Bool = false) throws {
            recorder = AppRecorder(journal: journal)
            recorder.declaredTasks = [(ConformanceTests.refresh, .appRefresh)]
            recorder.answers.incomingPush = .reportedCall
            recorder.answers.notificationPresentation = [.banner]
            recorder.userActivityTypes = ["com.example.order"]
            var configuration = ServiceComposite.Configuration()
            configuration.lifecycleNotifications = .never
            configuration.clock = clock
            let services: [any AppService] =
                sceneServicesOnly ? [journal] : [journal, recorder, Uploader(journal: journal)]
            composite = ServiceComposite(services, configuration: configuration)
            try composite.registerSceneServices([SceneRecorder.self])
            switch host {
            case .composite:
                simulator = LifecycleSimulator(driving: composite)
            case .uiKit:
                let uiKit = SimulatedUIKit(delegate: AppDelegate(composite))
                self.uiKit = uiKit
                simulator = LifecycleSimulator(driving: uiKit)
            case .swiftUI:
                let composite = composite
                simulator = LifecycleSimulator(driving: SimulatedSwiftUIApp { ConformanceApp(composite: composite) })
            }
        }

        /// What the services heard, once their completion-handler work has finished. Background
        /// work still running is cancelled, so that it ends with the test.
        func heard() async -> [String] {
            await composite.waitForPendingWork()
            _ = await composite.finishBackgroundWork(within: .zero)
            return journal.calls.map(\.description)
        }
    }

    /// A scenario: steps taken through the simulator, whatever the host.
    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        let sceneServicesOnly: Bool
        let swiftUI: SwiftUIDifference
        let run: @MainActor @Sendable (Device) async throws -> Void

        init(
            _ name: String,
            sceneServicesOnly: Bool = false,
            swiftUI: SwiftUIDifference = .none,
            _ run: @escaping @MainActor @Sendable (Device) async throws -> Void
        ) {
            self.name = name
            self.sceneServicesOnly = sceneServicesOnly
            self.swiftUI = swiftUI
            self.run = run
        }

        var testDescription: String { name }
    }

    nonisolated static let scenarios: [Scenario] = [
        Scenario("cold launch from a notification tap, in a scene", swiftUI: .notificationWithoutScene) { app in
            let tap = NotificationResponse(notification: UserNotification(identifier: "order-42", title: "Shipped"))
            try app.simulator.coldLaunch(connecting: main, respondingTo: tap)
        },
        Scenario("cold launch from a URL, in a scene", swiftUI: .connectionItemsLater) { app in
            try app.simulator.coldLaunch(
                connecting: main,
                connectionOptions: SceneConnectionOptions(urlContexts: [OpenURLContext(url: link)])
            )
        },
        Scenario("cold launch from a URL, without scenes", swiftUI: .notApplicable) { app in
            try app.simulator.coldLaunch(LaunchOptions(url: link, sourceApplication: "com.example.mail"))
        },
        Scenario("cold launch from a user activity, in a scene", swiftUI: .connectionItemsLater) { app in
            try app.simulator.coldLaunch(
                connecting: main,
                connectionOptions: SceneConnectionOptions(
                    userActivities: [UserActivity(activityType: "com.example.order")]
                )
            )
        },
        Scenario("cold launch from a quick action, in a scene", swiftUI: .noQuickAction(sceneServiceActivities: true)) {
            app in
            try app.simulator.coldLaunch(
                connecting: main,
                connectionOptions: SceneConnectionOptions(
                    shortcutItem: ShortcutItem(type: "scan", localizedTitle: "Scan")
                )
            )
        },
        Scenario("cold launch from a user activity, without scenes", swiftUI: .notApplicable) { app in
            try app.simulator.coldLaunch(LaunchOptions(userActivityType: "com.example.order"))
        },
        Scenario("cold launch from a quick action, without scenes", swiftUI: .notApplicable) { app in
            try app.simulator.coldLaunch(
                LaunchOptions(shortcutItem: ShortcutItem(type: "scan", localizedTitle: "Scan"))
            )
        },
        Scenario("cold launch from a notification tap, without scenes", swiftUI: .notApplicable) { app in
            let tap = NotificationResponse(notification: UserNotification(identifier: "order-42", title: "Shipped"))
            _ = try await app.simulator.coldLaunch(respondingTo: tap)
        },
        Scenario("cold launch into the background for a background task") { app in
            let succeeded = try await app.simulator.launchIntoBackground(forBackgroundTask: refresh)
            #expect(succeeded)
        },
        Scenario(
            "a warm link, a user activity and a quick action in a background scene",
            swiftUI: .noQuickAction(sceneServiceActivities: true)
        ) { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.sceneToBackground(main)
            try app.simulator.openURL(link, in: main)
            try app.simulator.continueUserActivity(UserActivity(activityType: "com.example.order"), in: main)
            _ = try await app.simulator.performShortcut(ShortcutItem(type: "scan", localizedTitle: "Scan"), in: main)
        },
        Scenario("background time runs out while work holds it") { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.enterBackground()
            let expired = try app.simulator.expireBackgroundTime()
            // The expired work was cancelled: it ends at once.
            #expect(await app.composite.finishBackgroundWork(within: .seconds(10)).isEmpty)
            #expect(expired.map(\.name) == ["Uploader: upload"])
            #expect(app.simulator.backgroundTime.open.isEmpty)
            #expect(app.simulator.backgroundTime.overdueAtExpiration.isEmpty)
        },
        Scenario("a VoIP push while suspended, and a new token") { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.updatePushCredentials(PushCredentials(token: Data([0xAB]), type: .voIP))
            try app.simulator.enterBackground()
            try app.simulator.suspend()
            _ = try await app.simulator.deliverIncomingPush(PushPayload(type: .voIP, dictionaryPayload: ["call": "7"]))
        },
        Scenario("CallKit: actions on a call while suspended and in the background, its audio, a reset") { app in
            app.recorder.answers.callAction = .fulfilled
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.beginCallProvider()
            try app.simulator.enterBackground()
            try app.simulator.suspend()
            let answer = CallAction(callUUID: call, kind: .answer)
            #expect(try await app.simulator.performCallAction(answer) == .fulfilled)
            try app.simulator.setCallAudioSession(active: true)
            app.recorder.answers.callAction = .failed
            let hold = CallAction(callUUID: call, kind: .setHeld(true))
            #expect(try await app.simulator.performCallAction(hold) == .failed)
            try app.simulator.timeOutCallAction(CallAction(callUUID: call, kind: .setMuted(true)))
            try app.simulator.setCallAudioSession(active: false)
            try app.simulator.resetCallProvider()
            #expect(app.simulator.callActions.map(\.outcomes) == [[.fulfilled], [.failed]])
        },
        // SwiftUI's own delegate hears neither a memory warning nor the termination; the host
        // forwards UIKit's notifications of both.
        Scenario("a notification in the foreground, a memory warning, then termination") { app in
            try app.simulator.coldLaunch(connecting: main)
            let shown = try await app.simulator.presentNotification(UserNotification(identifier: "n1"))
            #expect(shown == [.banner])
            try app.simulator.receiveMemoryWarning()
            try app.simulator.terminate()
        },
        Scenario("CarPlay connects beside the phone's scene") { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.connectCarPlay(car, connection: .window)
            try app.simulator.selectManeuver(in: car)
            try app.simulator.close(car)
        },
        Scenario(
            "iOS 26 to 27: geometry, orientation, reduced resource usage, a push that need not be reported",
            swiftUI: .noSceneDelegate
        ) {
            app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.changeGeometry(
                of: main,
                previous: WindowSceneGeometryChange(
                    previousInterfaceOrientation: .portrait,
                    wasInteractivelyResizing: true
                )
            )
            _ = try app.simulator.supportedInterfaceOrientations(of: main)
            try app.simulator.setSystemPrefersReducedResourceUsage(true)
            _ = try await app.simulator.deliverIncomingPush(PushPayload(type: .voIP, mustReport: false))
        },
        Scenario("a sign-in, a lock after a time in the background, an unlock and an account switch") { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.beginSession(SessionInfo(identifier: "alice"))
            try app.simulator.open(ConformanceLock.self)
            try app.simulator.stayInBackground(for: .seconds(30), advancing: app.clock)
            try app.simulator.stayInBackground(for: .seconds(120), advancing: app.clock)
            try app.simulator.open(ConformanceLock.self)
            try app.simulator.switchSession(to: SessionInfo(identifier: "bob"))
        },
        Scenario("a warm tap on a notification, from the background and in the foreground", swiftUI: .notApplicable) {
            app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.enterBackground()
            let order = UserNotification(identifier: "order-42", title: "Shipped")
            try await app.simulator.tapNotification(NotificationResponse(notification: order, targetScene: main))
            try await app.simulator.tapNotification(NotificationResponse(notification: order, targetScene: main))
        },
        Scenario(
            "a silent push that launches the application into the background, then a foreground",
            // UIKit sends remote notifications to the application's delegate only: SwiftUI's,
            // with this host, which warns about such services.
            swiftUI: SwiftUIDifference(
                expected: { $0.filter { !$0.contains("didReceiveRemoteNotification") } },
                order: .same
            )
        ) { app in
            // A scene-based application declares its scenes before any launch; on UIKit,
            // one that does not gets no scene.
            app.uiKit?.infoPlist = SimulatedUIKit.sceneManifest
            _ = try await app.simulator.launchIntoBackground(for: RemoteNotification(userInfo: ["feed": "news"]))
            try app.simulator.connect(main)
        },
        Scenario("an interruption, a notification's settings, and a scene closed") { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.sendNow(.sceneWillResignActive(main))
            try app.simulator.sendNow(.sceneDidBecomeActive(main))
            try app.simulator.sendNow(.openNotificationSettings(nil))
            try app.simulator.close(main)
        },
        Scenario("a sign-in and a sign-out while the application is active") { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.beginSession(SessionInfo(identifier: "alice"))
            try app.simulator.enterBackground()
            try app.simulator.enterForeground()
            try app.simulator.endSession("alice")
        },
        Scenario(
            "scene services only: a warm link, a user activity and a quick action",
            sceneServicesOnly: true,
            swiftUI: .noQuickAction(sceneServiceActivities: false)
        ) { app in
            try app.simulator.coldLaunch(connecting: main)
            try app.simulator.openURL(link, in: main)
            try app.simulator.continueUserActivity(UserActivity(activityType: "com.example.order"), in: main)
            _ = try await app.simulator.performShortcut(ShortcutItem(type: "scan", localizedTitle: "Scan"), in: main)
        },
    ]

    @Test(
        "Each scenario reaches the services the same way on the bare composite, through UIKit and in SwiftUI",
        arguments: scenarios
    )
    func scenarioConforms(_ scenario: Scenario) async throws {
        var heard: [Host: [String]] = [:]
        for host in Host.allCases {
            let app = try Device(on: host, sceneServicesOnly: scenario.sceneServicesOnly)
            try await scenario.run(app)
            heard[host] = await app.heard()
        }
        let composite = try #require(heard[.composite])
        #expect(!composite.isEmpty, "the scenario reached no service")
        #expect(heard[.uiKit] == composite)

        guard let transform = scenario.swiftUI.expected else { return }
        let swiftUI = try #require(heard[.swiftUI]).map(Self.namingSwiftUIScene)
        // The SwiftUI host of these scenarios has no application delegate to ask.
        let expected = transform(composite.filter { !$0.contains(".configurationForConnecting") })
        switch scenario.swiftUI.order {
        case .same:
            #expect(swiftUI == expected)
        case .different:
            #expect(swiftUI != expected, "the scenario does not show the difference it names")
            #expect(swiftUI.sorted() == expected.sorted())
        case .differentWhenWorkStartsAtOnce:
            if ServiceComposite.startsWorkAtOnce {
                #expect(swiftUI != expected, "the scenario does not show the difference it names")
            } else {
                #expect(swiftUI == expected)
            }
            #expect(swiftUI.sorted() == expected.sorted())
        }
    }

    /// `call` with the identifier SwiftUI gave the window's scene replaced by the name the
    /// simulator gave it: every scenario has one window scene, `main`.
    static func namingSwiftUIScene(_ call: String) -> String {
        call.replacingOccurrences(of: #"SwiftUI-[0-9A-F-]{36}"#, with: "main", options: .regularExpression)
    }

    @Test("A cold-launch link in a scene reaches URLOpenHandling once: bare composite, UIKit adapter, SwiftUI modifier")
    func coldLaunchLinkOnce() async throws {
        for host in Host.allCases {
            let app = try Device(on: host)
            try app.simulator.coldLaunch(
                connecting: Self.main,
                connectionOptions: SceneConnectionOptions(urlContexts: [OpenURLContext(url: Self.link)])
            )
            _ = await app.heard()
            #expect(app.recorder.calls(of: .openURL).count == 1, "\(host)")
        }
    }

    /// An `App` whose views use the composite of its `@UIApplicationDelegateAdaptor`'s
    /// delegate.
    struct AdaptorApp: App {
        let composite: ServiceComposite
        init() { composite = ServiceComposite([]) }
        init(composite: ServiceComposite) { self.composite = composite }
        var body: some Scene {
            WindowGroup { EmptyView().appServices(composite) }
        }
    }

    /// An `App` that also makes a host for its adaptor's composite, which it should not.
    struct HostAndAdaptorApp: App {
        let host: SwiftUIApplicationHost
        init(composite: ServiceComposite) { host = SwiftUIApplicationHost(composite: composite) }
        init() { host = SwiftUIApplicationHost(services: []) }
        var body: some Scene {
            WindowGroup { EmptyView().appServices(host.composite) }
        }
    }

    @Test("A host made in the App for the adaptor's composite, before UIKit launches it, does not launch it twice")
    func hostBesideAdaptorLaunchesOnce() throws {
        let journal = CallJournal()
        let composite = ServiceComposite([journal, AppRecorder(journal: journal)])
        let delegate = AppDelegate(composite)
        _ = delegate.composite  // the App reads it to give it to its views
        let app = SimulatedSwiftUIApp(delegate: delegate) { HostAndAdaptorApp(composite: delegate.composite) }
        try LifecycleSimulator(driving: app).coldLaunch(connecting: Self.main)
        #expect(journal.calls(of: .willFinishLaunching).count == 1)
        #expect(journal.calls(of: .didFinishLaunching).count == 1)
    }

    @Test("SwiftUI asks the adaptor's delegate for a new window session's configuration, and a kept one's not again")
    func adaptorDelegateConfiguresWindowSessions() throws {
        let journal = CallJournal()
        let composite = ServiceComposite([journal, AppRecorder(journal: journal)])
        let app = SimulatedSwiftUIApp(delegate: AppDelegate(composite)) { AdaptorApp(composite: composite) }
        let simulator = LifecycleSimulator(driving: app)
        try simulator.coldLaunch(connecting: Self.main)
        try simulator.close(Self.main)
        try simulator.connect(Self.main)

        #expect(journal.calls.filter { $0.callback == .configurationForConnecting }.count == 1)
        #expect(journal.calls.filter { $0.callback == .sceneWillConnect }.count >= 2)
    }

    @Test("Scene services alone are reached through the scene delegate: it claims their callbacks")
    func sceneServicesClaimed() async throws {
        let app = try Device(on: .uiKit, sceneServicesOnly: true)
        try app.simulator.coldLaunch(connecting: Self.main)
        try app.simulator.openURL(Self.link, in: Self.main)
        _ = await app.heard()
        #expect(app.journal.calls(of: .openURL).map(\.description) == ["SceneRecorder.openURL[main](\(Self.link))"])
    }
}

/// Moving to the scene life cycle, which the iOS 27 SDK requires: services written against
/// the application's state hear the same callbacks in an application with scenes, where
/// UIKit calls no application-state method of the application delegate and the composite
/// derives the application's state from its scenes.
@MainActor
struct SceneLifeCycleMigrationTests {
    /// Knows only the application's launch and state, as services written for an
    /// application delegate do.
    final class Session: AppService, LaunchHandling, ApplicationStateHandling {
        private(set) var heard: [String] = []
        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            heard.append("didFinishLaunching")
            return true
        }
        func applicationDidBecomeActive(_ context: AppContext) { heard.append("didBecomeActive") }
        func applicationWillResignActive(_ context: AppContext) { heard.append("willResignActive") }
        func applicationDidEnterBackground(_ context: AppContext) { heard.append("didEnterBackground") }
        func applicationWillEnterForeground(_ context: AppContext) { heard.append("willEnterForeground") }
        func applicationWillTerminate(_ context: AppContext) { heard.append("willTerminate") }
    }

    final class AppDelegate: ServiceOrientedAppDelegate {
        let session = Session()
        override func makeServices() -> [any AppService] { [session] }
    }

    @Test("The same services hear the same application callbacks with and without scenes")
    func sameCallbacksWithScenes() throws {
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))

        let withoutScenes = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: withoutScenes)
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch()
        try simulator.interrupt()
        try simulator.enterBackground()
        try simulator.enterForeground()
        try simulator.terminate()

        let withScenes = AppDelegate()
        let sceneUIKit = SimulatedUIKit(delegate: withScenes)
        let sceneSimulator = LifecycleSimulator(driving: sceneUIKit)
        try sceneSimulator.coldLaunch(connecting: scene)
        try sceneSimulator.sendNow(.sceneWillResignActive(scene))
        try sceneSimulator.sendNow(.sceneDidBecomeActive(scene))
        try sceneSimulator.enterBackground()
        try sceneSimulator.enterForeground()
        try sceneSimulator.terminate()

        let expected = [
            // A cold launch sends no willEnterForeground, with or without scenes.
            "didFinishLaunching", "didBecomeActive",
            "willResignActive", "didBecomeActive",
            "willResignActive", "didEnterBackground",
            "willEnterForeground", "didBecomeActive",
            // Ended from the app switcher, which takes it to the background first.
            "willResignActive", "didEnterBackground", "willTerminate",
        ]
        #expect(withoutScenes.session.heard == expected)
        #expect(withScenes.session.heard == expected)
        // With scenes UIKit calls none of the application delegate's state methods: the
        // composite derives them from the scenes.
        let appStateSelectors = [
            "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
            "applicationWillEnterForeground:",
        ]
        #expect(uiKit.delivered.filter(appStateSelectors.contains).count == 9)
        #expect(sceneUIKit.delivered.filter(appStateSelectors.contains).isEmpty)
    }
}

extension RecordingService {
    /// The calls of `callback` this service received.
    fileprivate func calls(of callback: AppCallback) -> [RecordedCall] { calls.filter { $0.callback == callback } }
}
#endif
