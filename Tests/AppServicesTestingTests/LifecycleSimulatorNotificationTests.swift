import AppServices
import AppServicesTesting
import Testing

/// The simulator's notification steps: a notification arriving in the foreground, a tap
/// while running, and a launch from a tap.
@MainActor
struct LifecycleSimulatorNotificationTests {
    final class Inbox: RecordingService {}
    final class Analytics: RecordingService {}
    final class Reminders: RecordingService {}

    let journal = CallJournal()
    let sceneA = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
    let message = UserNotification(identifier: "m1", categoryIdentifier: "message", title: "Ana")

    /// Inbox hears messages, Analytics every notification, Reminders only reminders.
    func makeComposite() -> (ServiceComposite, Inbox, Analytics, Reminders) {
        let inbox = Inbox(journal: journal)
        inbox.notificationCategories = ["message"]
        // A person's dismissal of a message reaches the services.
        inbox.definedNotificationCategories = [NotificationCategory("message", options: .customDismissAction)]
        let analytics = Analytics(journal: journal)
        let reminders = Reminders(journal: journal)
        reminders.notificationCategories = ["reminder"]
        return (ServiceComposite([inbox, analytics, reminders]), inbox, analytics, reminders)
    }

    /// The journal as `Service.callback[scene](detail)` lines.
    var calls: [String] { journal.calls.map(\.description) }

    @Test("A notification in the foreground answers the union of the options of the services that hear it")
    func presentation() async throws {
        let (composite, inbox, analytics, reminders) = makeComposite()
        inbox.answers.notificationPresentation = [.banner, .sound]
        analytics.answers.notificationPresentation = [.badge]
        reminders.answers.notificationPresentation = [.list]
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()

        let shown = try await simulator.presentNotification(message)

        #expect(shown == [.banner, .sound, .badge], "Reminders does not hear messages, so no .list")
        #expect(journal.services(receiving: .willPresentNotification) == ["Inbox", "Analytics"])
        #expect(simulator.history.last == "willPresentNotification")
        #expect(
            try await simulator.send(.willPresentNotification(message)) == .presentation([.banner, .sound, .badge])
        )
    }

    @Test("Two taps on notifications of one request identifier reach the services twice, as two deliveries do")
    func tapsOnAReplacedNotification() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        journal.clear()
        var replaced = message
        replaced.title = "Ana, again"

        try await simulator.tapNotification(NotificationResponse(notification: message))
        try await simulator.tapNotification(NotificationResponse(notification: replaced))

        #expect(
            journal.services(receiving: .didReceiveNotificationResponse) == [
                "Inbox", "Analytics", "Inbox", "Analytics",
            ]
        )
    }

    @Test("The same notification tapped twice reaches the services twice; a cold launch's one tap, once")
    func sameNotificationTappedTwice() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        journal.clear()

        try await simulator.tapNotification(NotificationResponse(notification: message))
        try simulator.enterBackground()
        try await simulator.tapNotification(NotificationResponse(notification: message))
        try await simulator.deliverNotificationResponse(NotificationResponse(notification: message))

        #expect(
            journal.services(receiving: .didReceiveNotificationResponse) == [
                "Inbox", "Analytics", "Inbox", "Analytics", "Inbox", "Analytics",
            ]
        )
    }

    @Test("A tap in the foreground delivers the response, to the services of its category, once")
    func warmTapInForeground() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        journal.clear()

        try await simulator.tapNotification(NotificationResponse(notification: message))

        #expect(
            calls == [
                "Inbox.didReceiveNotificationResponse(m1 open)", "Analytics.didReceiveNotificationResponse(m1 open)",
            ]
        )
        #expect(simulator.state == .active)
    }

    @Test("A tap from the background brings the application forward and delivers the response while inactive")
    func warmTapFromBackground() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try simulator.suspend()
        journal.clear()

        let reply = NotificationResponse(notification: message, action: .custom(identifier: "reply", text: "On my way"))
        try await simulator.tapNotification(reply)

        #expect(
            calls.filter { $0.hasPrefix("Inbox.") } == [
                "Inbox.willEnterForeground", "Inbox.didReceiveNotificationResponse(m1 reply: On my way)",
                "Inbox.didBecomeActive",
            ]
        )
        #expect(simulator.state == .active)
        #expect(
            simulator.history.suffix(3) == ["willEnterForeground", "didReceiveNotificationResponse", "didBecomeActive"]
        )
    }

    @Test("An action handled in the background wakes a suspended application and leaves it in the background")
    func responseInBackground() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try simulator.suspend()
        journal.clear()

        try await simulator.deliverNotificationResponse(NotificationResponse(notification: message, action: .dismiss))

        #expect(
            calls == [
                "Inbox.didReceiveNotificationResponse(m1 dismiss)",
                "Analytics.didReceiveNotificationResponse(m1 dismiss)",
            ]
        )
        #expect(simulator.state == .background)
    }

    @Test("A tap while the application is not running is rejected, and nothing is sent")
    func tapWhileNotRunning() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)

        let error = await #expect(throws: LifecycleSimulatorError.self) {
            try await simulator.tapNotification(NotificationResponse(notification: message))
        }

        #expect(error?.step == "didReceiveNotificationResponse")
        #expect(error?.state == "the application is notRunning")
        #expect(error?.possibleSteps == ["willFinishLaunching"])
        #expect(journal.calls.isEmpty)
    }

    @Test("A cold launch from a tap: will/didFinishLaunching, the response while inactive, then didBecomeActive")
    func coldLaunchWithoutScenes() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)

        #expect(try await simulator.coldLaunch(respondingTo: NotificationResponse(notification: message)))

        #expect(
            calls.filter { $0.hasPrefix("Inbox.") } == [
                "Inbox.willFinishLaunching", "Inbox.didFinishLaunching",
                "Inbox.didReceiveNotificationResponse(m1 open)",
                "Inbox.didBecomeActive",
            ]
        )
        #expect(simulator.state == .active)
    }

    @Test("A cold launch through scene connection delivers the response once, even when UIKit sends it again")
    func coldLaunchThroughSceneConnection() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        let response = NotificationResponse(notification: message)

        // UIKit delivers the launching response through the notification center's delegate
        // too, which the step does: one delivery, by two routes.
        #expect(try simulator.coldLaunch(connecting: sceneA, respondingTo: response))
        await composite.waitForPendingWork()

        // Where the services' work cannot start at once (before iOS 26), it runs after the
        // scene has come forward; either way after the connection.
        let inbox = calls.filter { $0.hasPrefix("Inbox.") && !$0.contains("NotificationResponse") }
        #expect(
            inbox == [
                "Inbox.willFinishLaunching(background)", "Inbox.didFinishLaunching(background)",
                "Inbox.configurationForConnecting(A)",
                "Inbox.sceneWillConnect[A]", "Inbox.sceneWillEnterForeground[A]", "Inbox.didBecomeActive",
                "Inbox.sceneDidBecomeActive[A]",
            ]
        )
        let responses = journal.calls(of: .didReceiveNotificationResponse).map(\.description)
        #expect(
            responses == [
                "Inbox.didReceiveNotificationResponse[A](m1 open)",
                "Analytics.didReceiveNotificationResponse[A](m1 open)",
            ],
            "once each, with the scene the response launched"
        )
        let connected = try #require(calls.firstIndex(of: "Inbox.sceneWillConnect[A]"))
        #expect(calls.firstIndex(of: responses[0]).map { $0 > connected } == true)
        #expect(simulator.sceneStates == ["A": .foregroundActive])
    }

    @Test("In a scene-based application a tap brings the response's target scene forward around the response")
    func warmTapBringsTargetSceneForward() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.sceneToBackground(sceneA)
        journal.clear()

        try await simulator.tapNotification(NotificationResponse(notification: message, targetScene: sceneA))

        #expect(
            calls.filter { $0.hasPrefix("Inbox.") && $0.contains("[A]") } == [
                "Inbox.sceneWillEnterForeground[A]", "Inbox.didReceiveNotificationResponse[A](m1 open)",
                "Inbox.sceneDidBecomeActive[A]",
            ]
        )
        #expect(simulator.sceneStates == ["A": .foregroundActive])
    }

    @Test("A tap whose target scene is no longer connected is refused, as UIKit never sends one")
    func tapForDisconnectedSceneThrows() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.sceneToBackground(sceneA)
        try simulator.close(sceneA)
        journal.clear()

        await #expect(throws: LifecycleSimulatorError.self) {
            try await simulator.tapNotification(NotificationResponse(notification: message, targetScene: sceneA))
        }
        #expect(!calls.contains { $0.contains("didReceiveNotificationResponse") })
    }

    @Test("A tap in a scene-based application with no scene forward and no target scene is refused, naming the scenes")
    func tapWithoutTargetSceneThrows() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: sceneA)
        try simulator.sceneToBackground(sceneA)
        journal.clear()

        let error = await #expect(throws: LifecycleSimulatorError.self) {
            try await simulator.tapNotification(NotificationResponse(notification: message))
        }
        #expect(error?.step == "tapNotification(m1)")
        #expect(error?.possibleSteps == ["tapNotification of a response whose targetScene is A"])
        #expect(calls.isEmpty)
        #expect(simulator.sceneStates == ["A": .background])
    }

    @Test("A dismissal of a category that does not ask for dismissals is not delivered, as the system delivers none")
    func undeliveredDismissal() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        journal.clear()
        let reminder = UserNotification(identifier: "r1", categoryIdentifier: "reminder", title: "Call Ana")

        let error = await #expect(throws: LifecycleSimulatorError.self) {
            try await simulator.tapNotification(NotificationResponse(notification: reminder, action: .dismiss))
        }
        #expect(error?.state.contains("notification category reminder has no customDismissAction option") == true)
        #expect(calls.isEmpty)
        // Its other responses are delivered.
        try await simulator.tapNotification(NotificationResponse(notification: reminder))
        #expect(calls.contains("Reminders.didReceiveNotificationResponse(r1 open)"))
    }

    @Test("A dismissal is delivered where the application is: it brings nothing forward")
    func dismissalStaysInBackground() async throws {
        let (composite, _, _, _) = makeComposite()
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        try simulator.enterBackground()
        journal.clear()

        try await simulator.tapNotification(NotificationResponse(notification: message, action: .dismiss))

        #expect(
            calls == [
                "Inbox.didReceiveNotificationResponse(m1 dismiss)",
                "Analytics.didReceiveNotificationResponse(m1 dismiss)",
            ]
        )
        #expect(simulator.state == .background)
    }
}
