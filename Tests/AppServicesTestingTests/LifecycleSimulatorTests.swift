import AppServices
import AppServicesTesting
import Foundation
import Testing

@MainActor
struct LifecycleSimulatorTests {
    let recorder = RecordingService()
    let sceneA = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
    let sceneB = SceneInfo(session: SceneSession(persistentIdentifier: "B"))
    let push = RemoteNotification(userInfo: ["aps": ["content-available": 1]])

    func simulator() -> LifecycleSimulator {
        LifecycleSimulator(driving: ServiceComposite([recorder]))
    }

    @Test("Cold launch to the foreground")
    func coldLaunch() throws {
        let simulator = simulator()
        #expect(try simulator.coldLaunch())
        #expect(recorder.callbacks == [.willFinishLaunching, .didFinishLaunching, .didBecomeActive])
        #expect(simulator.state == .active)
    }

    @Test("Launch into the background for a silent push, a background fetch, or URL session events")
    func backgroundLaunches() async throws {
        recorder.answers.remoteNotification = .newData
        let first = simulator()
        #expect(try await first.launchIntoBackground(for: push) == .newData)
        #expect(recorder.callbacks == [.willFinishLaunching, .didFinishLaunching, .didReceiveRemoteNotification])
        #expect(recorder.calls[1].detail == "background")
        #expect(first.state == .background)

        let fetcher = RecordingService()
        let second = LifecycleSimulator(driving: ServiceComposite([fetcher]))
        #expect(try await second.launchIntoBackgroundForFetch() == .noData)
        #expect(fetcher.callbacks.last == .performFetch)

        let downloader = RecordingService()
        let third = LifecycleSimulator(driving: ServiceComposite([downloader]))
        try await third.launchIntoBackground(forURLSession: "downloads")
        #expect(downloader.calls.last?.detail == "downloads")
    }

    @Test("Foreground and background cycles, an interruption, and termination while running")
    func cycles() throws {
        let simulator = simulator()
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try simulator.enterForeground()
        try simulator.interrupt()
        try simulator.enterBackground()
        try simulator.terminate()
        #expect(
            recorder.callbacks == [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
                .willEnterForeground, .didBecomeActive, .willResignActive, .didBecomeActive, .willResignActive,
                .didEnterBackground, .willTerminate,
            ]
        )
        #expect(simulator.state == .terminated)
    }

    @Test("An application ended from the foreground goes to the background first, as the app switcher takes it")
    func terminationFromTheForeground() throws {
        let simulator = simulator()
        try simulator.coldLaunch()
        try simulator.terminate()
        #expect(
            recorder.callbacks == [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
                .willTerminate,
            ]
        )
        #expect(simulator.state == .terminated)
    }

    @Test("A suspended application is woken by a push and ended without a callback")
    func suspension() async throws {
        let simulator = simulator()
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try simulator.suspend()
        _ = try await simulator.deliverSilentPush(push)
        #expect(simulator.state == .background)
        try simulator.suspend()
        try simulator.terminate()
        #expect(!recorder.callbacks.contains(.willTerminate))
        #expect(simulator.history.last == "ended while suspended (no callback)")
    }

    @Test("A scene connects to a suspended application, which UIKit resumes for it")
    func sceneConnectsToSuspendedApplication() async throws {
        let simulator = simulator()
        try simulator.launchIntoBackground()
        _ = try await simulator.deliverSilentPush(push)
        try simulator.suspend()
        try simulator.connect(sceneA)
        #expect(simulator.sceneStates == ["A": .foregroundActive])
        #expect(simulator.state == .active)
    }

    @Test("A scene the system connects to handle an event goes to the background from unattached")
    func sceneConnectsInTheBackground() async throws {
        let simulator = simulator()
        try simulator.launchIntoBackground()
        _ = try await simulator.deliverSilentPush(push)
        try simulator.sendNow(.sceneWillConnect(sceneA, SceneConnectionOptions()))
        try simulator.sendNow(.sceneDidEnterBackground(sceneA))
        #expect(simulator.sceneStates == ["A": .background])
        #expect(simulator.state == .background)
        #expect(recorder.callbacks.suffix(2) == [.sceneWillConnect, .sceneDidEnterBackground])
    }

    @Test("A kept session connects again without being configured again; a discarded one is configured anew")
    func keptSessionIsConfiguredOnce() throws {
        let simulator = simulator()
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.close(sceneA)
        try simulator.connect(sceneA)
        #expect(recorder.callbacks.filter { $0 == .configurationForConnecting }.count == 1)

        try simulator.close(sceneA)
        try simulator.discardSceneSessions([sceneA.session])
        try simulator.connect(sceneA)
        #expect(recorder.callbacks.filter { $0 == .configurationForConnecting }.count == 2)
    }

    @Test("Only the sessions of scenes that are not connected are discarded")
    func discardsDisconnectedSessionsOnly() throws {
        let simulator = simulator()
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.connect(sceneB)
        #expect(throws: LifecycleSimulatorError.self) { try simulator.discardSceneSessions([sceneA.session]) }
        try simulator.close(sceneB)
        try simulator.discardSceneSessions([sceneB.session])
        #expect(recorder.callbacks.filter { $0 == .didDiscardSceneSessions }.count == 1)
    }

    @Test("Scenes connect, cycle and disconnect, two at once, each with its own state")
    func scenes() throws {
        let simulator = simulator()
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.connect(sceneB)
        try simulator.sceneToBackground(sceneA)
        #expect(simulator.sceneStates == ["A": .background, "B": .foregroundActive])
        #expect(simulator.state == .active)
        try simulator.close(sceneB)
        #expect(simulator.state == .background)
        try simulator.enterForeground()
        #expect(simulator.sceneStates == ["A": .foregroundActive, "B": .disconnected])
        let sceneCalls = recorder.calls.filter { $0.scene != nil }.map(\.description)
        #expect(
            sceneCalls == [
                "RecordingService.sceneWillConnect[A]", "RecordingService.sceneWillEnterForeground[A]",
                "RecordingService.sceneDidBecomeActive[A]", "RecordingService.sceneWillConnect[B]",
                "RecordingService.sceneWillEnterForeground[B]", "RecordingService.sceneDidBecomeActive[B]",
                "RecordingService.sceneWillResignActive[A]", "RecordingService.sceneDidEnterBackground[A]",
                "RecordingService.sceneWillResignActive[B]", "RecordingService.sceneDidEnterBackground[B]",
                "RecordingService.sceneDidDisconnect[B]", "RecordingService.sceneWillEnterForeground[A]",
                "RecordingService.sceneDidBecomeActive[A]",
            ]
        )
        // The composite follows the scenes at the application level too.
        #expect(recorder.callbacks.filter { $0 == .didEnterBackground }.count == 1)
    }

    /// Sequences UIKit never produces, each from a state reached legally.
    static let impossible:
        [(
            name: String, setUp: @MainActor (LifecycleSimulator) throws -> Void, step: LifecycleSimulator.Step,
            message: String
        )] = [
            (
                "entering the background while active", { try $0.coldLaunch() }, .didEnterBackground,
                "UIKit never sends didEnterBackground while the application is active. From there it sends: willResignActive, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), openURL(app:), continueUserActivity(activity), performShortcutItem(shortcut), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "becoming active before launch", { _ in }, .didBecomeActive,
                "UIKit never sends didBecomeActive while the application is notRunning. From there it sends: willFinishLaunching."
            ),
            (
                "terminating a suspended application with a callback",
                {
                    try $0.coldLaunch(); try $0.enterBackground(); try $0.suspend()
                }, .willTerminate,
                "UIKit never sends willTerminate while the application is suspended. From there it sends: willEnterForeground, didReceiveRemoteNotification, performFetch, handleEventsForBackgroundURLSession, didReceiveNotificationResponse, didReceiveIncomingPush, callAction(answer), sceneWillConnect(scene)."
            ),
            (
                "a background fetch in the foreground", { try $0.coldLaunch() }, .backgroundFetch,
                "UIKit never sends performFetch while the application is active. From there it sends: willResignActive, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), openURL(app:), continueUserActivity(activity), performShortcutItem(shortcut), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "an unconnected scene becoming active", { try $0.coldLaunch() },
                .sceneDidBecomeActive(SceneInfo(session: SceneSession(persistentIdentifier: "Z"))),
                "UIKit never sends sceneDidBecomeActive(Z) while the application is active and scene Z is not connected. From there it sends: willResignActive, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), openURL(app:), continueUserActivity(activity), performShortcutItem(shortcut), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(Z), sceneWillConnect(Z)."
            ),
            (
                "an application-level transition in a scene-based application",
                { try $0.coldLaunch(connecting: SceneInfo(session: SceneSession(persistentIdentifier: "A"))) },
                .willResignActive,
                "UIKit never sends willResignActive while the application is active (a scene-based application hears scene callbacks instead). From there it sends: willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "a notification response before launch", { _ in },
                .didReceiveNotificationResponse(NotificationResponse(notification: UserNotification(identifier: "m1"))),
                "UIKit never sends didReceiveNotificationResponse while the application is notRunning. From there it sends: willFinishLaunching."
            ),
            (
                "asking how to present a notification in the background",
                {
                    try $0.coldLaunch(); try $0.enterBackground()
                }, .willPresentNotification(UserNotification(identifier: "m1")),
                "UIKit never sends willPresentNotification while the application is background. From there it sends: willEnterForeground, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), suspend, didReceiveRemoteNotification, performFetch, handleEventsForBackgroundURLSession, didReceiveNotificationResponse, openNotificationSettings, expireBackgroundTime, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "a background task the application never registered", { try $0.launchIntoBackground() },
                .launchBackgroundTask("com.example.refresh"),
                "UIKit never sends launchBackgroundTask(com.example.refresh) while the application is background and background task com.example.refresh is not registered with the target's system (registered: none). From there it sends: willEnterForeground, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), suspend, didReceiveRemoteNotification, performFetch, handleEventsForBackgroundURLSession, didReceiveNotificationResponse, openNotificationSettings, expireBackgroundTime, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "expiring background tasks when none runs", { try $0.launchIntoBackground() }, .expireBackgroundTasks,
                "UIKit never sends expireBackgroundTasks while the application is background and no background task is running. From there it sends: willEnterForeground, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), suspend, didReceiveRemoteNotification, performFetch, handleEventsForBackgroundURLSession, didReceiveNotificationResponse, openNotificationSettings, expireBackgroundTime, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "background time running out in the foreground", { try $0.coldLaunch() }, .expireBackgroundTime,
                "UIKit never sends expireBackgroundTime while the application is active. From there it sends: willResignActive, willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), openURL(app:), continueUserActivity(activity), performShortcutItem(shortcut), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, didDiscardSceneSessions(scene), sceneWillConnect(scene)."
            ),
            (
                "a PushKit token before launch", { _ in },
                .didUpdatePushCredentials(PushCredentials(token: Data([1, 2]))),
                "UIKit never sends didUpdatePushCredentials while the application is notRunning. From there it sends: willFinishLaunching."
            ),
        ]

    /// Keeps the scene each scene callback's context describes.
    final class SceneKeeper: AppService, SceneHandling {
        var scenes: [SceneInfo?] = []
        func sceneWillEnterForeground(_ context: AppContext) { scenes.append(context.scene) }
        func sceneDidBecomeActive(_ context: AppContext) { scenes.append(context.scene) }
        func sceneWillResignActive(_ context: AppContext) { scenes.append(context.scene) }
        func sceneDidEnterBackground(_ context: AppContext) { scenes.append(context.scene) }
    }

    @Test("Taking the application to the background and back describes each scene as it connected, title and all")
    func walksKeepTheSceneDescription() throws {
        let keeper = SceneKeeper()
        let simulator = LifecycleSimulator(driving: ServiceComposite([keeper]))
        let main = SceneInfo(
            session: SceneSession(persistentIdentifier: "main", configurationName: "Default Configuration"),
            title: "Inbox"
        )
        try simulator.coldLaunch(connecting: main)
        try simulator.enterBackground()
        try simulator.enterForeground()
        #expect(keeper.scenes.count == 6)
        #expect(keeper.scenes.allSatisfy { $0 == main })
    }

    @Test("In a scene-based application, going where no scene can go is refused, not a step that does nothing")
    func sceneSequencesThatCannotMoveThrow() throws {
        let keeper = SceneKeeper()
        let simulator = LifecycleSimulator(driving: ServiceComposite([keeper]))
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.coldLaunch(connecting: main)
        let again = #expect(throws: LifecycleSimulatorError.self) { try simulator.enterForeground() }
        #expect(
            again?.description
                == "UIKit never sends enterForeground() while the application is active, no scene is in the background "
                + "(scene main is foregroundActive). From there it sends: enterBackground()."
        )
        try simulator.enterBackground()
        try simulator.suspend()
        let seen = keeper.scenes.count
        let twice = #expect(throws: LifecycleSimulatorError.self) { try simulator.enterBackground() }
        #expect(twice?.possibleSteps == ["enterForeground()"])
        #expect(throws: LifecycleSimulatorError.self) {
            try simulator.stayInBackground(for: .seconds(60), advancing: TestClock())
        }
        #expect(simulator.state == .suspended, "a refused sequence changes nothing")
        #expect(keeper.scenes.count == seen)
        try simulator.enterForeground()
        #expect(simulator.sceneStates == ["main": .foregroundActive])
    }

    /// Notes the application's state and the launch reason at each step of a launch.
    final class LaunchWatcher: AppService, LaunchHandling, SceneHandling, ApplicationStateHandling {
        var seen: [String] = []
        func note(_ step: String, _ context: AppContext) {
            seen.append("\(step): \(context.applicationState) \(context.launchReason)")
        }
        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            note("didFinishLaunching", context)
            return true
        }
        func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
            note("sceneWillConnect", context)
        }
        func applicationWillEnterForeground(_ context: AppContext) { note("willEnterForeground", context) }
        func applicationDidBecomeActive(_ context: AppContext) { note("didBecomeActive", context) }
    }

    @Test("A scene-based cold launch is in the background state until its scene connects, as UIKit launches one")
    func sceneBasedLaunchStartsInTheBackgroundState() throws {
        let watcher = LaunchWatcher()
        let simulator = LifecycleSimulator(driving: ServiceComposite([watcher]))
        try simulator.coldLaunch(connecting: sceneA)
        #expect(
            watcher.seen == [
                "didFinishLaunching: background otherBackground",
                "sceneWillConnect: inactive user",
                "didBecomeActive: active user",
            ]
        )

        let linked = LaunchWatcher()
        let second = LifecycleSimulator(driving: ServiceComposite([linked]))
        let url = try #require(URL(string: "shop://orders/42"))
        try second.coldLaunch(
            connecting: sceneA,
            connectionOptions: SceneConnectionOptions(urlContexts: [OpenURLContext(url: url)])
        )
        #expect(linked.seen.first == "didFinishLaunching: background otherBackground")
        #expect(linked.seen.dropFirst().first == "sceneWillConnect: inactive url")
    }

    @Test("A scene-based cold launch refuses launch options UIKit hands a scene in its connection options instead")
    func sceneBasedLaunchRefusesForegroundPayloads() throws {
        let url = try #require(URL(string: "shop://orders/42"))
        let refused: [LaunchOptions] = [
            LaunchOptions(url: url), LaunchOptions(shortcutItem: ShortcutItem(type: "scan", localizedTitle: "Scan")),
            LaunchOptions(userActivityType: "com.example.order"), LaunchOptions(remoteNotification: ["id": 1]),
            LaunchOptions(isLocationEvent: true),
        ]
        for options in refused {
            let simulator = simulator()
            #expect {
                try simulator.coldLaunch(connecting: sceneA, options: options)
            } throws: { error in
                "\(error)".hasPrefix("UIKit never sends didFinishLaunching with ")
                    && "\(error)".contains("while launching a scene-based application in front of the user")
            }
            #expect(recorder.callbacks.isEmpty, "nothing is sent")
        }
        let simulator = simulator()
        #expect {
            try simulator.coldLaunch(connecting: sceneA, options: LaunchOptions(url: url))
        } throws: { error in
            "\(error)".contains("From there it sends: coldLaunch(connecting:options:connectionOptions:) with it in ")
                && "\(error)".hasSuffix("SceneConnectionOptions(urlContexts:).")
        }
    }

    @Test("A scene closed in the app switcher disconnects while inactive; the last leaves the app in the background")
    func disconnectsWhileInactive() throws {
        let simulator = simulator()
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.sendNow(.sceneWillResignActive(sceneA))
        try simulator.sendNow(.sceneDidDisconnect(sceneA))
        #expect(simulator.sceneStates == ["A": .disconnected])
        let sceneCallbacks = recorder.calls.filter { $0.scene != nil }.map(\.callback)
        #expect(sceneCallbacks.suffix(2) == [.sceneWillResignActive, .sceneDidDisconnect])
        // With no scene left on screen the application is in the background, as UIKit
        // reports it: its services hear didEnterBackground, and it may be suspended.
        #expect(recorder.callbacks.suffix(3) == [.willResignActive, .sceneDidDisconnect, .didEnterBackground])
        #expect(simulator.state == .background)
        try simulator.suspend()
    }

    @Test("Sequences UIKit never produces are rejected with the impossible transition and its state", arguments: 0..<12)
    func rejectsImpossibleSequences(_ index: Int) async throws {
        #expect(Self.impossible.count == 12, "the arguments cover every row of the table")
        let (_, setUp, step, message) = Self.impossible[index]
        let simulator = simulator()
        try setUp(simulator)
        let before = recorder.calls.count
        let error = await #expect(throws: LifecycleSimulatorError.self) { try await simulator.send(step) }
        #expect(error?.description == message)
        #expect(recorder.calls.count == before, "nothing is sent for a rejected step")
    }
}
