import AppServicesTesting
import Foundation
import Testing

@testable import AppServices

final class ReasonReader: AppService, LaunchHandling {
    let seen = Locked<[LaunchReason]>([])
    let seenAtWillFinish = Locked<[LaunchReason]>([])

    func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        seenAtWillFinish.withLock { $0.append(context.launchReason) }
        return true
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        seen.withLock { $0.append(context.launchReason) }
        return true
    }
}

@MainActor @Suite("Why the application was launched")
struct LaunchReasonTests {
    nonisolated static let link = URL(string: "shop://orders/17")!
    nonisolated static let chat = UserNotification(
        identifier: "m-17",
        categoryIdentifier: "chat",
        title: "Ada",
        body: "Lunch?"
    )
    nonisolated static let cases: [(LaunchOptions, LaunchReason)] = [
        (LaunchOptions(), .user),
        (LaunchOptions(url: link), .url),
        (LaunchOptions(shortcutItem: ShortcutItem(type: "scan", localizedTitle: "Scan")), .shortcut),
        (LaunchOptions(userActivityType: "com.example.order"), .userActivity),
        (LaunchOptions(remoteNotification: ["aps": ["alert": "Hi"]]), .notificationResponse),
        (LaunchOptions(remoteNotification: ["aps": ["content-available": 1]], launchedInBackground: true), .silentPush),
        (LaunchOptions(launchedInBackground: true, isLocationEvent: true), .location),
        (LaunchOptions(launchedInBackground: true), .otherBackground),
    ]

    @Test("The launch options give the reason", arguments: cases)
    func fromLaunchOptions(options: LaunchOptions, reason: LaunchReason) {
        let composite = ServiceComposite([])
        _ = composite.didFinishLaunching(options)
        #expect(composite.launchReason == reason)
    }

    nonisolated static let connections: [(SceneConnectionOptions, LaunchReason)] = [
        (SceneConnectionOptions(), .user),
        (SceneConnectionOptions(urlContexts: [OpenURLContext(url: link)]), .url),
        (SceneConnectionOptions(userActivities: [UserActivity(activityType: "com.example.order")]), .userActivity),
        (SceneConnectionOptions(shortcutItem: ShortcutItem(type: "scan", localizedTitle: "Scan")), .shortcut),
        (SceneConnectionOptions(notificationResponse: NotificationResponse(notification: chat)), .notificationResponse),
    ]

    @Test(
        "A scene-based app, which UIKit launches in the background state, is launched for its first scene's reason",
        arguments: connections
    )
    func sceneBasedLaunchReportedInBackground(connection: SceneConnectionOptions, reason: LaunchReason) {
        let composite = ServiceComposite([])
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        #expect(composite.launchReason == .otherBackground)
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "main")), options: connection)
        #expect(composite.launchReason == reason)
        // A background callback afterwards says nothing of the launch.
        composite.didReceiveRemoteNotification(RemoteNotification(userInfo: ["aps": ["content-available": 1]])) { _ in }
        #expect(composite.launchReason == reason)
    }

    @Test(
        "A scene-based launch reported in the background state brings no applicationWillEnterForeground, as a launch without scenes; a real launch into the background does"
    )
    func sceneBasedLaunchIsInFront() {
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        let recorder = RecordingService()
        let composite = ServiceComposite([recorder])
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        composite.sceneWillConnect(main)
        #expect(composite.applicationState == .inactive)
        #expect(composite.backgroundTimes.inBackgroundFor == nil)
        composite.sceneWillEnterForeground(main)
        composite.sceneDidBecomeActive(main)
        #expect(composite.applicationState == .active)
        #expect(!recorder.callbacks.contains(.willEnterForeground))
        #expect(recorder.callbacks.filter { $0 == .didBecomeActive }.count == 1)

        // Launched into the background for a silent push, then opened: it was there.
        let pushed = RecordingService()
        let other = ServiceComposite([pushed])
        _ = other.didFinishLaunching(LaunchOptions(remoteNotification: [:], launchedInBackground: true))
        other.sceneWillConnect(main)
        other.sceneWillEnterForeground(main)
        #expect(pushed.callbacks.filter { $0 == .willEnterForeground }.count == 1)
    }

    @Test(
        "In the scene life cycle the first scene's connection options give it; a later scene's do not",
        arguments: connections
    )
    func fromFirstScene(connection: SceneConnectionOptions, reason: LaunchReason) throws {
        let composite = ServiceComposite([])
        let simulator = LifecycleSimulator(driving: composite)
        let first = SceneInfo(session: SceneSession(persistentIdentifier: "first"))
        let second = SceneInfo(session: SceneSession(persistentIdentifier: "second"))
        try simulator.coldLaunch(connecting: first, connectionOptions: connection)
        #expect(composite.launchReason == reason)
        try simulator.connect(second, options: SceneConnectionOptions(urlContexts: [OpenURLContext(url: Self.link)]))
        #expect(composite.launchReason == reason)
    }

    @Test("A launch into the background takes the reason of its first background callback, and keeps it")
    func fromFirstBackgroundCallback() async throws {
        let fetched = ServiceComposite([])
        let fetch = LifecycleSimulator(driving: fetched)
        _ = try await fetch.launchIntoBackgroundForFetch()
        #expect(fetched.launchReason == .backgroundTask)
        _ = try await fetch.deliverSilentPush(RemoteNotification(userInfo: [:]))
        #expect(fetched.launchReason == .backgroundTask)

        let pushed = ServiceComposite([])
        _ = try await LifecycleSimulator(driving: pushed).launchIntoBackground(for: RemoteNotification(userInfo: [:]))
        #expect(pushed.launchReason == .silentPush)

        let woken = ServiceComposite([])
        try await LifecycleSimulator(driving: woken).launchIntoBackground(forURLSession: "uploads")
        #expect(woken.launchReason == .backgroundTask)

        // A VoIP push nobody handles still says why the application was launched.
        let called = ServiceComposite([])
        try await LifecycleSimulator(driving: called).launchIntoBackground(
            forIncomingPush: PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )
        #expect(called.launchReason == .voipPush)

        let refresher = RecordingService()
        refresher.declaredTasks = [("com.example.refresh", .appRefresh)]
        let refreshed = ServiceComposite([refresher])
        _ = try await LifecycleSimulator(driving: refreshed).launchIntoBackground(
            forBackgroundTask: "com.example.refresh"
        )
        #expect(refreshed.launchReason == .backgroundTask)
    }

    @Test("A background callback after a launch in front of the user does not change its reason")
    func userLaunchStays() async throws {
        let composite = ServiceComposite([])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        _ = try await simulator.deliverSilentPush(RemoteNotification(userInfo: [:]))
        #expect(composite.launchReason == .user)
    }

    @Test("Initializers read the reason from their context, services from theirs")
    func initializersAndServicesReadIt() throws {
        let seen = Locked<[LaunchReason]>([])
        let plan = try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns("read-reason") { context in
                seen.withLock { $0.append(context.launchReason) }
            }
        }
        let reader = ReasonReader()
        let composite = ServiceComposite([reader], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching(LaunchOptions(url: Self.link))
        #expect(seen.withLock { $0 } == [.url])
        #expect(reader.seen.withLock { $0 } == [.url])
        #expect(composite.launchReason.description == "url")
    }

    @Test("willFinishLaunching's services, and a plan that starts there, read the reason its options give")
    func readAtWillFinishLaunching() throws {
        let seen = Locked<[LaunchReason]>([])
        var configuration = LaunchPlan.Configuration()
        configuration.order = LaunchOrder(start: .willFinishLaunching)
        let plan = try LaunchPlan(
            configuration: configuration,
            initializers: [
                ClosureInitializer.beforeLaunchReturns("read-reason") { context in
                    seen.withLock { $0.append(context.launchReason) }
                }
            ]
        )
        let reader = ReasonReader()
        let composite = ServiceComposite([reader], configuration: .init(clock: TestClock()), launchPlan: plan)
        let options = LaunchOptions(remoteNotification: ["aps": ["content-available": 1]], launchedInBackground: true)

        _ = composite.willFinishLaunching(options)
        #expect(seen.withLock { $0 } == [.silentPush])
        #expect(reader.seenAtWillFinish.withLock { $0 } == [.silentPush])
        _ = composite.didFinishLaunching(options)
        #expect(reader.seen.withLock { $0 } == [.silentPush])
    }

    @Test("A launch into the background that no callback explained keeps its reason once in front")
    func unexplainedBackgroundLaunchSettlesInFront() async throws {
        let composite = ServiceComposite([])
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        composite.willEnterForeground()
        composite.didBecomeActive()
        #expect(composite.launchReason == .otherBackground)

        _ = await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:]))
        #expect(composite.launchReason == .otherBackground, "a push long after the launch is not why it launched")
    }
}
