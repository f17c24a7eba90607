#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Logging
import Testing

/// The scene sequences of the reference, driven per scene by a simulated UIKit through
/// `any UIWindowSceneDelegate`, with one scene delegate per scene as UIKit creates them.
@MainActor
struct SceneDelegateTests {
    /// Gives every connecting scene a window, as a root-view service does.
    final class WindowService: AppService, SceneHandling {
        func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
            guard let windowScene = context.uiKit.windowScene,
                let delegate = windowScene.delegate as? ServiceOrientedSceneDelegate
            else { return }
            delegate.window = UIWindow(windowScene: windowScene)
        }
    }

    @MainActor
    final class Harness {
        let journal = CallJournal()
        let recorder: Recorder
        let appDelegate: TestAppDelegate
        let uiKit: SimulatedUIKit

        init() {
            recorder = Recorder(journal: journal)
            appDelegate = TestAppDelegate([WindowService(), recorder])
            uiKit = SimulatedUIKit(delegate: appDelegate)
        }

        func connect(
            _ identifier: String,
            options: UIScene.ConnectionOptions = UIScene.ConnectionOptions()
        ) -> UIWindowScene {
            uiKit.connectScene(identifier, options: options) { ServiceOrientedSceneDelegate() }
        }

        func state(_ identifier: String) -> SceneState? {
            appDelegate.composite.sceneState(for: identifier)
        }

        /// The journal since the last call, rendered `callback[scene]`.
        func drain() -> [String] {
            defer { journal.clear() }
            return journal.calls.map { "\($0.callback)" + ($0.scene.map { "[\($0)]" } ?? "") }
        }
    }

    /// Notes the `NSUserActivity` each activity it continues arrives with.
    final class ActivityReader: AppService, UserActivityHandling {
        var userActivityTypes: Set<String> { ["com.example.order"] }
        private(set) var raw: [NSUserActivity?] = []
        func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
            raw.append(context.uiKit.userActivity)
            return .handled()
        }
    }

    @Test("An activity whose user info holds values that are not property-list values is logged, naming them")
    func droppedActivityUserInfo() throws {
        let reader = ActivityReader()
        let logs = LogCapture()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([reader], configuration: .init(logger: logs.logger())))
        uiKit.launch()
        let cold = NSUserActivity(activityType: "com.example.order")
        cold.userInfo = ["token": UUID(), "order": 7]
        let scene = uiKit.connectScene("A", options: UIScene.ConnectionOptions(userActivities: [cold])) {
            ServiceOrientedSceneDelegate()
        }
        let warm = NSUserActivity(activityType: "com.example.order")
        warm.userInfo = ["order": 8]
        let delegate = try #require(scene.delegate as? ServiceOrientedSceneDelegate)
        delegate.scene(scene, continue: warm)

        #expect(reader.raw.count == 2)
        #expect(
            logs.messages(at: .warning) == [
                "User activity com.example.order has user-info entries that are not property-list values: token. "
                    + "Services receive it without them; the raw activity is in context.uiKit.userActivity."
            ]
        )
    }

    @Test("An activity a scene connects with reaches services with its NSUserActivity, as a warm one does")
    func coldActivityCarriesItsRawObject() throws {
        let reader = ActivityReader()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([reader]))
        uiKit.launch()
        let activity = NSUserActivity(activityType: "com.example.order")
        let scene = uiKit.connectScene("A", options: UIScene.ConnectionOptions(userActivities: [activity])) {
            ServiceOrientedSceneDelegate()
        }
        let warm = NSUserActivity(activityType: "com.example.order")
        let delegate = try #require(scene.delegate as? ServiceOrientedSceneDelegate)
        delegate.scene(scene, continue: warm)
        #expect(reader.raw.count == 2)
        #expect(reader.raw.first??.activityType == "com.example.order")
        #expect(reader.raw.first! === activity, "cold: the object the scene connected with")
        #expect(reader.raw.last! === warm)
    }

    @Test("Two scenes connect, come and go to the foreground and disconnect, each with its own state and window")
    func walksTwoScenes() throws {
        let harness = Harness()
        harness.uiKit.launch()
        #expect(harness.drain() == ["willFinishLaunching", "didFinishLaunching"])

        let a = harness.connect("A")
        harness.uiKit.bringToForeground(a)
        // Launch left the application inactive; its first active scene makes it active.
        #expect(
            harness.drain() == [
                "configurationForConnecting", "sceneWillConnect[A]", "sceneWillEnterForeground[A]", "didBecomeActive",
                "sceneDidBecomeActive[A]",
            ]
        )
        #expect(harness.state("A") == .foregroundActive)

        let b = harness.connect("B")
        harness.uiKit.bringToForeground(b)
        #expect(
            harness.drain() == [
                "configurationForConnecting", "sceneWillConnect[B]", "sceneWillEnterForeground[B]",
                "sceneDidBecomeActive[B]",
            ]
        )
        #expect(harness.state("B") == .foregroundActive)

        harness.uiKit.sendToBackground(a)
        #expect(harness.drain() == ["sceneWillResignActive[A]", "sceneDidEnterBackground[A]"])
        #expect(harness.state("A") == .background)
        #expect(harness.state("B") == .foregroundActive)
        #expect(harness.appDelegate.composite.applicationState == .active)

        harness.uiKit.sendToBackground(b)
        #expect(
            harness.drain() == [
                "sceneWillResignActive[B]", "willResignActive", "sceneDidEnterBackground[B]", "didEnterBackground",
            ]
        )
        #expect(harness.appDelegate.composite.applicationState == .background)

        harness.uiKit.bringToForeground(a)
        #expect(
            harness.drain() == [
                "willEnterForeground", "sceneWillEnterForeground[A]", "didBecomeActive", "sceneDidBecomeActive[A]",
            ]
        )

        harness.uiKit.disconnect(b)
        harness.uiKit.discard([b.session])
        #expect(harness.drain() == ["sceneDidDisconnect[B]", "didDiscardSceneSessions"])
        #expect(harness.state("B") == .disconnected)
        #expect(harness.state("A") == .foregroundActive)
        #expect(harness.recorder.calls.last?.detail == "B")

        let windowA = try #require((a.delegate as? ServiceOrientedSceneDelegate)?.window)
        let windowB = try #require((b.delegate as? ServiceOrientedSceneDelegate)?.window)
        #expect(windowA !== windowB)
        #expect(windowA.windowScene === a)
        #expect(windowB.windowScene === b)
    }

    @Test("Discarded sessions reach the services with their userInfo, for per-window clean-up")
    func discardedSessionsCarryTheirUserInfo() {
        final class Cleanup: AppService, SceneSessionHandling {
            var windows: [String] = []
            func application(_ context: AppContext, didDiscardSceneSessions sessions: Set<SceneSession>) {
                windows = (context.uiKit.discardedSessions ?? []).compactMap { $0.userInfo?["WindowID"] as? String }
            }
        }
        let cleanup = Cleanup()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([cleanup]))
        uiKit.launch()
        let scene = uiKit.connectScene("B") { ServiceOrientedSceneDelegate() }
        scene.session.userInfo = ["WindowID": "w-7"]
        uiKit.disconnect(scene)
        uiKit.discard([scene.session])
        #expect(cleanup.windows == ["w-7"])
    }

    @Test("Scene callbacks carry the scene, its session and its window to the service")
    func carriesTheScene() throws {
        let harness = Harness()
        harness.uiKit.launch()
        let scene = harness.connect("A")
        harness.uiKit.bringToForeground(scene)
        let context = try #require(harness.recorder.contexts[.sceneDidBecomeActive])
        #expect(
            context.scene
                == SceneInfo(
                    session: SceneSession(persistentIdentifier: "A", configurationName: "Default Configuration"),
                    title: "Scene A"
                )
        )
        #expect(context.uiKit.scene === scene)
        #expect(context.uiKit.session === scene.session)
        #expect(context.uiKit.window != nil)
        #expect(context.uiKit.window === (scene.delegate as? ServiceOrientedSceneDelegate)?.window)
    }

    @Test("What a scene is connected with reaches the services that handle it, for that scene")
    func deliversConnectionOptions() async {
        let harness = Harness()
        harness.recorder.answers.shortcutItem = true
        let activity = NSUserActivity(activityType: "com.example.order")
        let options = UIScene.ConnectionOptions(
            urlContexts: [UIOpenURLContext(url: URL(string: "shop://cart")!)],
            handoffUserActivityType: "com.example.browse",
            userActivities: [activity],
            shortcutItem: UIApplicationShortcutItem(type: "com.example.scan", localizedTitle: "Scan"),
            cloudKitShareMetadata: CKShare.Metadata(containerIdentifier: "iCloud.com.example", share: CKShare(url: nil))
        )
        harness.uiKit.launch()
        _ = harness.drain()
        _ = harness.connect("A", options: options)
        await harness.appDelegate.composite.waitForPendingWork()
        // Completion-handler callbacks start at once where tasks can, so the quick action is
        // heard in order; elsewhere at the main actor's next turn, after the others.
        #expect(
            harness.journal.calls.map(\.description)
                == [
                    "Recorder.configurationForConnecting(A)",
                    "Recorder.sceneWillConnect[A]",
                    "Recorder.openURL[A](shop://cart)",
                    "Recorder.willContinueUserActivity[A](com.example.browse)",
                    "Recorder.continueUserActivity[A](com.example.order)",
                    "Recorder.performActionForShortcutItem[A](com.example.scan)",
                    "Recorder.userDidAcceptCloudKitShare[A](iCloud.com.example)",
                ].startingCompletionHandlerWorkLate()
        )
        #expect(
            harness.recorder.connectionOptions.last
                == SceneConnectionOptions(
                    urlContexts: [OpenURLContext(url: URL(string: "shop://cart")!)],
                    handoffUserActivityType: "com.example.browse",
                    userActivities: [UserActivity(activityType: "com.example.order")],
                    shortcutItem: ShortcutItem(type: "com.example.scan", localizedTitle: "Scan"),
                    cloudKitShareMetadata: CloudKitShareMetadata(containerIdentifier: "iCloud.com.example")
                )
        )
    }

    /// Sends every scene callback but the life cycle to `scene`, as UIKit would, with the
    /// payloads `forwardsSceneCallbacks` checks; returns the saved activity and the
    /// quick-action answers.
    static func sendOtherCallbacks(
        to scene: UIWindowScene,
        in harness: Harness
    ) -> (saved: NSUserActivity??, shortcuts: Completions<Bool>) {
        let activity = NSUserActivity(activityType: "com.example.order")
        harness.uiKit.sendScene(scene, "scene:openURLContexts:") {
            $0.scene(
                scene,
                openURLContexts: [
                    UIOpenURLContext(url: URL(string: "shop://b")!),
                    UIOpenURLContext(
                        url: URL(string: "shop://a")!,
                        options: .init(sourceApplication: "com.example.mail")
                    ),
                ]
            )
        }
        let saved = harness.uiKit.sendScene(scene, "stateRestorationActivityForScene:") {
            $0.stateRestorationActivity(for: scene)
        }
        harness.uiKit.sendScene(scene, "scene:restoreInteractionStateWithUserActivity:") {
            $0.scene(scene, restoreInteractionStateWith: activity)
        }
        harness.uiKit.sendScene(scene, "scene:willContinueUserActivityWithType:") {
            $0.scene(scene, willContinueUserActivityWithType: "com.example.order")
        }
        harness.uiKit.sendScene(scene, "scene:continueUserActivity:") { $0.scene(scene, continue: activity) }
        harness.uiKit.sendScene(scene, "scene:didFailToContinueUserActivityWithType:error:") {
            $0.scene(
                scene,
                didFailToContinueUserActivityWithType: "com.example.order",
                error: CocoaError(.userCancelled)
            )
        }
        harness.uiKit.sendScene(scene, "scene:didUpdateUserActivity:") { $0.scene(scene, didUpdate: activity) }
        harness.uiKit.sendScene(scene, "windowScene:didUpdateEffectiveGeometry:") {
            $0.windowScene(
                scene,
                didUpdateEffectiveGeometry: UIWindowScene.Geometry(
                    coordinateSpace: scene.effectiveGeometry.coordinateSpace,
                    interfaceOrientation: .landscapeLeft,
                    isInterfaceOrientationLocked: true
                )
            )
        }
        harness.uiKit.sendScene(scene, "supportedInterfaceOrientationsForWindowScene:") {
            $0.supportedInterfaceOrientations(for: scene)
        }
        let shortcuts = Completions<Bool>()
        harness.uiKit.sendScene(scene, "windowScene:performActionForShortcutItem:completionHandler:") {
            $0.windowScene(
                scene,
                performActionFor: UIApplicationShortcutItem(type: "com.example.scan", localizedTitle: "Scan"),
                completionHandler: shortcuts.handler
            )
        }
        harness.uiKit.sendScene(scene, "windowScene:userDidAcceptCloudKitShareWithMetadata:") {
            $0.windowScene(
                scene,
                userDidAcceptCloudKitShareWith: CKShare.Metadata(
                    containerIdentifier: "iCloud.com.example",
                    share: CKShare(url: nil)
                )
            )
        }
        return (saved, shortcuts)
    }

    /// Answers with its scene's own activity, as the pattern of a scene whose view
    /// controllers keep that activity current does.
    final class OwnActivityRestorer: AppService, SceneHandling {
        func stateRestorationActivity(for context: AppContext) -> UserActivity? {
            context.uiKit.windowScene?.userActivity.map(UserActivity.init)
        }
    }

    @Test("A restoration activity that is the scene's own is handed back to UIKit as that object")
    func restorationActivityIsTheScenesOwn() {
        let restorer = OwnActivityRestorer()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([restorer]))
        uiKit.launch()
        let scene = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        let own = NSUserActivity(activityType: "com.example.editor")
        own.userInfo = ["document": URL(string: "file:///notes/today.md")!, "line": 12]
        scene.userActivity = own

        let saved = uiKit.sendScene(scene, "stateRestorationActivityForScene:") {
            $0.stateRestorationActivity(for: scene)
        }
        #expect((saved ?? nil) === own, "UIKit asks the responders that keep it current to add their state")
        #expect((saved ?? nil)?.userInfo?["document"] as? URL == URL(string: "file:///notes/today.md"))
    }

    /// Answers with its scene's activity, retitled.
    final class RetitlingRestorer: AppService, SceneHandling {
        func stateRestorationActivity(for context: AppContext) -> UserActivity? {
            guard var activity = context.uiKit.windowScene?.userActivity.map(UserActivity.init) else { return nil }
            activity.title = "Draft"
            return activity
        }
    }

    @Test("A restoration activity a service changed is made anew, with its property-list values")
    func restorationActivityChangedIsMade() {
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([RetitlingRestorer()]))
        uiKit.launch()
        let scene = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        let own = NSUserActivity(activityType: "com.example.editor")
        own.userInfo = ["line": 12]
        scene.userActivity = own

        let saved = uiKit.sendScene(scene, "stateRestorationActivityForScene:") {
            $0.stateRestorationActivity(for: scene)
        }
        let made = try? #require(saved ?? nil)
        #expect(made !== own)
        #expect(made?.title == "Draft")
        #expect(made?.userInfo?["line"] as? Int == 12)
    }

    @Test("A restoration activity keeps an http(s) web page, and leaves out a URL NSUserActivity would refuse")
    func restorationActivityWebpage() {
        let web = NSUserActivity(
            UserActivity(activityType: "com.example.order", webpageURL: URL(string: "HTTPS://shop.example/o/7"))
        )
        #expect(web.webpageURL == URL(string: "HTTPS://shop.example/o/7"))
        let custom = NSUserActivity(
            UserActivity(activityType: "com.example.order", webpageURL: URL(string: "shop://o/7"))
        )
        #expect(custom.webpageURL == nil, "NSUserActivity raises for a scheme other than http(s)")
        #expect(custom.activityType == "com.example.order")
    }

    @Test("The other scene callbacks reach the service with their payload, for their scene")
    func forwardsSceneCallbacks() async throws {
        let harness = Harness()
        let restoring = RestoringResponder()
        harness.recorder.answers.continueUserActivity = .handled(restoring: [restoring])
        harness.recorder.answers.stateRestorationActivity = UserActivity(activityType: "com.example.editor")
        harness.recorder.answers.shortcutItem = true
        harness.uiKit.launch()
        let scene = harness.connect("A")
        _ = harness.drain()
        let (saved, shortcuts) = Self.sendOtherCallbacks(to: scene, in: harness)
        await harness.appDelegate.composite.waitForPendingWork()

        #expect(harness.uiKit.unclaimed.isEmpty)
        #expect(
            harness.journal.calls.map(\.description)
                == [
                    "Recorder.openURL[A](shop://a)",
                    "Recorder.openURL[A](shop://b)",
                    "Recorder.stateRestorationActivity[A]",
                    "Recorder.restoreInteractionState[A](com.example.order)",
                    "Recorder.willContinueUserActivity[A](com.example.order)",
                    "Recorder.continueUserActivity[A](com.example.order)",
                    "Recorder.didFailToContinueUserActivity[A](com.example.order)",
                    "Recorder.didUpdateUserActivity[A](com.example.order)",
                    "Recorder.windowSceneDidUpdateEffectiveGeometry[A](landscapeLeft)",
                    "Recorder.supportedInterfaceOrientationsForScene[A]",
                    "Recorder.performActionForShortcutItem[A](com.example.scan)",
                    "Recorder.userDidAcceptCloudKitShare[A](iCloud.com.example)",
                ].startingCompletionHandlerWorkLate()
        )
        #expect(harness.recorder.urlOptions.first == OpenURLOptions(sourceApplication: "com.example.mail"))
        #expect((saved ?? nil)?.activityType == "com.example.editor")
        #expect(restoring.restored == ["com.example.order"])
        #expect(shortcuts.values == [true])
    }

    @Test("The scene tests send every scene callback of the reference, and the adapter forwards each")
    func coversTheReference() async {
        let harness = Harness()
        harness.uiKit.launch()
        let scene = harness.connect("A")
        harness.uiKit.bringToForeground(scene)
        _ = Self.sendOtherCallbacks(to: scene, in: harness)
        harness.uiKit.sendToBackground(scene)
        harness.uiKit.disconnect(scene)
        await harness.appDelegate.composite.waitForPendingWork()

        let sent = Set(harness.uiKit.delivered.filter { !$0.hasPrefix("application") })
        let reference = Set(UIKitReference.sceneDelegateSelectors.keys)
        #expect(
            sent == reference,
            "sent but not in the reference: \(sent.subtracting(reference)); never sent: \(reference.subtracting(sent))"
        )
        #expect(Set(ServiceOrientedSceneDelegate.forwardedSelectors) == reference)
    }

    @Test("A scene delegate subclass can use a composite of its own")
    func usesAnOverriddenComposite() {
        final class OwnComposite: ServiceOrientedSceneDelegate {
            let own: ServiceComposite
            init(_ own: ServiceComposite) {
                self.own = own
                super.init()
            }
            override var composite: ServiceComposite { own }
        }
        let recorder = Recorder()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        let own = ServiceComposite([recorder])
        let scene = uiKit.connectScene("A") { OwnComposite(own) }
        uiKit.bringToForeground(scene)
        #expect(recorder.callbacks.contains(.sceneWillConnect))
        #expect(own.sceneState(for: "A") == .foregroundActive)
    }
}

extension [String] {
    /// The calls in the order they are heard where completion-handler work cannot start on
    /// the spot (Apple systems before 26): the quick action, the one completion-handler
    /// callback here, after the synchronous callbacks dispatched in the same turn.
    func startingCompletionHandlerWorkLate() -> [String] {
        guard !ServiceComposite.startsWorkAtOnce else { return self }
        let late = filter { $0.contains("performActionForShortcutItem") }
        return filter { !$0.contains("performActionForShortcutItem") } + late
    }
}

#endif
