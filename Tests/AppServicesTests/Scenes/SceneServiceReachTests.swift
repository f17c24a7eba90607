import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// A scene service that handles links, activities and quick actions of its own scene, and
/// hears a typed event: all of it only through the scene, with no application-wide service
/// handling any of it.
final class SceneLinks: SceneService, URLOpenHandling, UserActivityHandling, ShortcutItemHandling {
    static var heard: [String] = []
    let scene: SceneInfo

    init(scene: SceneInfo, context: AppContext) { self.scene = scene }

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        Self.heard.append("\(scene.identifier) url \(url.absoluteString) in \(context.scene?.identifier ?? "-")")
        return true
    }

    func application(_ context: AppContext, willContinueUserActivityWithType userActivityType: String) -> Bool {
        Self.heard.append("\(scene.identifier) will continue \(userActivityType)")
        return true
    }

    func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
        Self.heard.append("\(scene.identifier) continue \(userActivity.activityType)")
        return .handled()
    }

    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
        Self.heard.append("\(scene.identifier) shortcut \(shortcutItem.type)")
        return true
    }

    func subscribe(to events: inout EventSubscriptions) {
        events.on(TabSelected.self) { [scene] event, context in
            let title = context.scene?.title.map { " titled \($0)" } ?? ""
            Self.heard.append("\(scene.identifier) event \(event.tab) in \(context.scene?.identifier ?? "-")\(title)")
        }
    }
}

/// An event every scene's services hear.
struct TabSelected: AppEvent {
    let tab: String
}

final class AppWideLogger: AppService {}

/// A scene service that posts as it is made, before ``SceneLinks`` is.
final class SceneGreeter: SceneService {
    init(scene: SceneInfo, context: AppContext) {
        _ = context.post(TabSelected(tab: "home"))
    }
}

/// Announces each scene that closes, to every scene's services.
final class ClosingAnnouncer: AppService, SceneHandling {
    func sceneDidDisconnect(_ context: AppContext) {
        _ = context.post(TabSelected(tab: "closed \(context.scene?.identifier ?? "-")"))
    }
}

@MainActor
@Suite(.serialized)
struct SceneServiceReachTests {
    let one = SceneInfo(session: SceneSession(persistentIdentifier: "one"))
    let two = SceneInfo(session: SceneSession(persistentIdentifier: "two"))

    init() { SceneLinks.heard = [] }

    func composite() throws -> ServiceComposite {
        let composite = ServiceComposite([AppWideLogger()])
        try composite.registerSceneServices([SceneLinks.self])
        return composite
    }

    @Test("A callback only a scene service handles counts as handled through scenes, not application-wide")
    func claimedThroughScenes() throws {
        let composite = try composite()
        for callback in [AppCallback.openURL, .continueUserActivity, .willContinueUserActivity] {
            #expect(!composite.handles(callback), "no application-wide service handles \(callback)")
            #expect(composite.handlesThroughScenes(callback), "the scene service handles \(callback)")
        }
        #expect(composite.handlesThroughScenes(.performActionForShortcutItem))
        #expect(!composite.handlesThroughScenes(.didReceiveRemoteNotification))
    }

    @Test("Warm links, activities and quick actions reach the scene service of their scene only")
    func warmCallbacksReachTheScene() async throws {
        let composite = try composite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: one)
        try simulator.connect(two)
        composite.open([OpenURLContext(url: URL(string: "shop://a")!)], scene: two)
        _ = composite.continueUserActivity(UserActivity(activityType: "com.example.order"), scene: one)
        let handled = await withCheckedContinuation { continuation in
            composite.performAction(for: ShortcutItem(type: "scan", localizedTitle: "Scan"), scene: two) {
                continuation.resume(returning: $0)
            }
        }
        #expect(handled)
        #expect(
            SceneLinks.heard == [
                "two url shop://a in two", "one continue com.example.order", "two shortcut scan",
            ]
        )
    }

    @Test("Scene services hear typed events, scene by scene in connection order, with their scene in the context")
    func sceneServicesHearEvents() throws {
        let composite = try composite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: two)
        try simulator.connect(one)
        composite.post(TabSelected(tab: "orders"))
        try simulator.close(two)
        composite.post(TabSelected(tab: "cart"))
        #expect(
            SceneLinks.heard == ["two event orders in two", "one event orders in one", "one event cart in one"]
        )
    }

    @Test("An event a scene service posts as it is made reaches every service of the scene, once it connected")
    func eventPostedWhileMakingSceneServices() throws {
        let composite = ServiceComposite([AppWideLogger()])
        try composite.registerSceneServices([SceneGreeter.self, SceneLinks.self])
        try LifecycleSimulator(driving: composite).coldLaunch(connecting: one)
        #expect(SceneLinks.heard == ["one event home in one"])
    }

    @Test("A scene service hears an event with its scene as the latest scene callback described it")
    func eventsCarryTheLatestDescription() throws {
        let composite = try composite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: one)
        var titled = one
        titled.title = "Inbox"
        try simulator.sendNow(.sceneWillResignActive(titled))
        try simulator.sendNow(.sceneDidBecomeActive(titled))
        composite.post(TabSelected(tab: "orders"))
        #expect(SceneLinks.heard == ["one event orders in one titled Inbox"])
    }

    @Test("An event posted as a scene disconnects reaches the other scenes' services, not the closing one's")
    func disconnectedSceneHearsNoEvent() throws {
        let composite = ServiceComposite([ClosingAnnouncer()])
        try composite.registerSceneServices([SceneLinks.self])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: one)
        try simulator.connect(two)
        try simulator.close(two)
        #expect(SceneLinks.heard == ["one event closed two in one"])
    }

    @Test(
        "A scene service adopting gates' or sessions' callbacks, which belong to no scene, is told it never hears them"
    )
    func sceneServiceAdoptingApplicationWideCallbacks() throws {
        enum Lock: AppGate {
            static var openedBy: any AppService.Type { LockOwner.self }
        }
        final class LockOwner: AppService {}
        final class WindowLock: SceneService, GateHandling, SessionHandling {
            static var heard: [String] = []
            init(scene: SceneInfo, context: AppContext) {}
            func gateDidClose(_ context: AppContext, gate: String) { Self.heard.append("closed") }
            func gateDidOpen(_ context: AppContext, gate: String) { Self.heard.append("opened") }
            func sessionDidBegin(_ context: AppContext) { Self.heard.append("began") }
        }
        let logs = LogCapture()
        let composite = ServiceComposite([LockOwner()], configuration: .init(logger: logs.logger()))
        try composite.registerSceneServices([WindowLock.self])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: one)
        composite.setGate(Lock.self, open: false)
        composite.setGate(Lock.self, open: true)
        try composite.beginSession(SessionInfo(identifier: "alice"))

        #expect(WindowLock.heard.isEmpty, "the callbacks belong to no scene")
        #expect(
            logs.messages(at: .error).contains {
                $0.hasPrefix(
                    "WindowLock of scene one adopts GateHandling and SessionHandling, whose callbacks belong to no scene"
                )
            }
        )
    }

    @Test("The test kit's scene recorder, which adopts every capability on purpose, is not told it never hears gates")
    func sceneRecorderIsNotWarned() throws {
        final class WindowRecorder: RecordingSceneService {}
        let logs = LogCapture()
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()))
        try composite.registerSceneServices([WindowRecorder.self])
        try LifecycleSimulator(driving: composite).coldLaunch(connecting: one)
        #expect(composite.sceneService(WindowRecorder.self, in: one) != nil)
        #expect(!logs.messages(at: .error).contains { $0.contains("whose callbacks belong to no scene") })
    }
}
