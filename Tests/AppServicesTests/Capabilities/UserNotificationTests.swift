import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// Answers notifications as told and records what it heard.
@MainActor
class NotificationListener: AppService, UserNotificationHandling {
    let options: NotificationPresentationOptions
    let notificationCategories: Set<String>?
    private(set) var heard: [String] = []
    private(set) var scenes: [String?] = []

    required init(options: NotificationPresentationOptions = [], categories: Set<String>? = nil) {
        self.options = options
        self.notificationCategories = categories
    }

    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        heard.append("willPresent \(notification.identifier)")
        return options
    }

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        heard.append("didReceive \(response.notification.identifier) \(response.action)")
        scenes.append(context.scene?.identifier)
    }

    func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {
        heard.append("openSettings \(notification?.identifier ?? "none")")
    }
}

final class N0: NotificationListener {}

/// Declares the categories it hears only when told to, after launch.
@MainActor
final class LateCategories: AppService, UserNotificationHandling {
    var categories: Set<String>?
    private(set) var heard: [String] = []
    var notificationCategories: Set<String>? { categories }

    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        heard.append(notification.identifier)
        return .banner
    }
}
final class N1: NotificationListener {}
final class N2: NotificationListener {}

/// Never answers willPresent (sleeps for an hour on the test clock).
final class SilentPresenter: AppService, UserNotificationHandling {
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }

    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        try? await clock.sleep(for: .seconds(3600))
        return [.banner, .sound, .badge, .list]
    }
}

@MainActor
struct UserNotificationTests {
    let chat = UserNotification(identifier: "m-17", categoryIdentifier: "chat", title: "Ada", body: "Lunch?")
    let news = UserNotification(identifier: "n-3", categoryIdentifier: "news")

    nonisolated static let presentationCases:
        [(answers: [NotificationPresentationOptions], merged: NotificationPresentationOptions)] =
            [
                ([], []),
                ([.banner], [.banner]),
                ([[]], []),
                ([.banner, .sound], [.banner, .sound]),
                ([[.banner, .list], [], [.badge, .banner]], [.banner, .list, .badge]),
            ]

    @Test(
        "willPresent shows the union of every service's options, [] when none handles it",
        arguments: presentationCases.indices
    )
    func presentationUnion(_ index: Int) async {
        let (answers, merged) = Self.presentationCases[index]
        let types: [NotificationListener.Type] = [N0.self, N1.self, N2.self]
        let services = zip(types, answers).map { $0.init(options: $1) }
        let composite = ServiceComposite(services)
        #expect(await composite.willPresentNotification(chat) == merged)
        #expect(services.allSatisfy { $0.heard == ["willPresent m-17"] }, "every service was asked")
    }

    @Test("With no service handling notifications, willPresent answers [] before it returns")
    func noHandlerAnswersAtOnce() {
        let composite = ServiceComposite([])
        var answers: [NotificationPresentationOptions] = []
        composite.willPresentNotification(chat) { answers.append($0) }
        #expect(answers == [[]])
        #expect(!composite.handles(.willPresentNotification))
        #expect(!composite.handles(.didReceiveNotificationResponse))
        #expect(!composite.handles(.openSettingsForNotification))
    }

    @Test("A service that declares categories hears only notifications of those categories")
    func categoryFiltering() async {
        let chatOnly = N0(options: .banner, categories: ["chat"])
        let everything = N1(options: .sound)
        let newsOnly = N2(options: .list, categories: ["news"])
        let composite = ServiceComposite([chatOnly, everything, newsOnly])

        #expect(await composite.willPresentNotification(chat) == [.banner, .sound], "news-only adds nothing")
        await composite.didReceiveNotificationResponse(NotificationResponse(notification: chat))
        composite.openSettings(for: chat)
        composite.openSettings(for: nil)

        #expect(
            chatOnly.heard == ["willPresent m-17", "didReceive m-17 open", "openSettings m-17", "openSettings none"]
        )
        #expect(everything.heard == chatOnly.heard)
        #expect(newsOnly.heard == ["openSettings none"], "only the settings request without a notification")

        #expect(await composite.willPresentNotification(news) == [.sound, .list])
    }

    @Test(
        "Categories are read at sealing and on updateNotificationCategories(): a service that starts declaring them is filtered from then on"
    )
    func categoriesReadAgainOnUpdate() async {
        let late = LateCategories()
        let everything = N1(options: .sound)
        let composite = ServiceComposite([late, everything])

        #expect(await composite.willPresentNotification(news) == [.banner, .sound], "no service declared any")
        late.categories = ["chat"]
        #expect(
            await composite.willPresentNotification(news) == [.banner, .sound],
            "not read again until the service says so"
        )
        composite.updateNotificationCategories()
        #expect(await composite.willPresentNotification(news) == [.sound], "chat only, from now on")
        #expect(await composite.willPresentNotification(chat) == [.banner, .sound])
        late.categories = nil
        #expect(
            await composite.willPresentNotification(news) == [.banner, .sound],
            "while one service declares categories, every service is asked at each notification"
        )
        #expect(late.heard == ["n-3", "n-3", "m-17", "n-3"])
    }

    @Test("A service that has not answered willPresent by its deadline adds nothing; the answer comes once")
    func presentationDeadline() async {
        let clock = TestClock()
        let logs = LogCapture()
        let composite = ServiceComposite(
            [N0(options: .banner), SilentPresenter(clock: clock)],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let completion = CompletionRecorder<NotificationPresentationOptions>(clock: clock)
        composite.willPresentNotification(chat) { completion.record($0) }
        await clock.waitForSleepers(2)
        #expect(clock.sleeperDeadlines.contains(TestClock.Instant(offset: .seconds(5))), "the default deadline is 5 s")
        clock.advance(by: .seconds(4))
        #expect(completion.count == 0, "the default deadline is 5 s")
        clock.advance(by: .seconds(1))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.banner])
        #expect(completion.times == [TestClock.Instant(offset: .seconds(5))])
        #expect(logs.messages(at: .warning).contains { $0.contains("SilentPresenter") && $0.contains("deadline") })
    }

    @Test(
        "A response a scene was connected with reaches services once, with the scene, when the delegate delivers it too"
    )
    func sceneConnectionResponseOnce() async {
        let listener = N0()
        let composite = ServiceComposite([listener])
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "scene-1"))
        let response = NotificationResponse(notification: chat, action: .custom(identifier: "reply", text: "Yes"))
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(scene, options: SceneConnectionOptions(notificationResponse: response))
        await composite.waitForPendingWork()

        var delegateCompletions = 0
        composite.didReceiveNotificationResponse(response) { delegateCompletions += 1 }
        #expect(delegateCompletions == 1, "the repeated delivery completes before it returns")
        await composite.waitForPendingWork()

        #expect(listener.heard == [#"didReceive m-17 custom(identifier: "reply", text: Optional("Yes"))"#])
        #expect(listener.scenes == ["scene-1"], "the connecting scene is the response's target")

        // Another action on the same notification is another response.
        await composite.didReceiveNotificationResponse(NotificationResponse(notification: chat, action: .dismiss))
        #expect(listener.heard.last == "didReceive m-17 dismiss")
    }

    /// A composite of one scripted service that answers three seconds (on its test clock)
    /// after each callback.
    static func answeringAfterThreeSeconds() -> (ServiceComposite, TestClock, TrialProbe) {
        let clock = TestClock()
        let probe = TrialProbe()
        let composite = ServiceComposite(
            makeScripted([.after(.seconds(3), .noData)], clock: clock, probe: probe),
            configuration: .init(clock: clock)
        )
        return (composite, clock, probe)
    }

    @Test("A repeated response's completion waits until the services have finished with the first delivery")
    func repeatWaitsForFirst() async {
        let (composite, clock, probe) = Self.answeringAfterThreeSeconds()
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "scene-1"))
        let response = NotificationResponse(notification: chat)
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(scene, options: SceneConnectionOptions(notificationResponse: response))
        let repeated = CompletionRecorder<Int>(clock: clock)
        composite.didReceiveNotificationResponse(response) { repeated.record(1) }
        await clock.waitForSleepers(2)  // S0's work and the deadline
        #expect(repeated.count == 0, "S0 is still working on the first delivery")
        clock.advance(by: .seconds(3))
        await repeated.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(repeated.times == [TestClock.Instant(offset: .seconds(3))])
        #expect(probe.returned == 1, "the service ran once")
    }

    @Test("A repeat still waits for its first delivery after more responses than are remembered came between")
    func repeatWaitsAfterABurst() async {
        let (composite, clock, probe) = Self.answeringAfterThreeSeconds()
        _ = composite.didFinishLaunching()
        let response = NotificationResponse(notification: chat)
        composite.didReceiveNotificationResponse(response) {}
        let first = CompletionRecorder<Int>(clock: clock)
        composite.didReceiveNotificationResponse(response) { first.record(1) }
        let others = 32
        for index in 0..<others {
            let other = UserNotification(identifier: "other-\(index)", categoryIdentifier: "news")
            composite.didReceiveNotificationResponse(NotificationResponse(notification: other)) {}
        }
        let second = CompletionRecorder<Int>(clock: clock)
        composite.didReceiveNotificationResponse(response) { second.record(1) }
        await clock.waitForSleepers(2 * (1 + others))  // each delivery's work and deadline
        #expect(first.count == 0 && second.count == 0, "the first delivery is still running")

        clock.advance(by: .seconds(3))
        await composite.waitForPendingWork()
        #expect(first.times == [TestClock.Instant(offset: .seconds(3))])
        #expect(second.times == [TestClock.Instant(offset: .seconds(3))])
        #expect(probe.returned == 1 + others, "the repeated response ran once")
    }

    @Test("A service that throws from didReceive is logged; the others finish and the completion comes once")
    func responseThrows() async {
        let clock = TestClock()
        let probe = TrialProbe()
        let logs = LogCapture()
        let composite = ServiceComposite(
            makeScripted([.fail, .answer(.noData)], clock: clock, probe: probe),
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let completion = CompletionRecorder<Int>(clock: clock)
        composite.didReceiveNotificationResponse(NotificationResponse(notification: chat)) { completion.record(1) }
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.count == 1)
        #expect(completion.times == [TestClock.Instant(offset: .zero)])
        #expect(probe.returned == 2)
        #expect(logs.messages(at: .error).contains { $0.contains("S0 failed didReceiveNotificationResponse") })
    }

    @Test("The response's deadline is its own, configurable")
    func responseDeadline() async {
        let clock = TestClock()
        let probe = TrialProbe()
        var deadlines = ServiceComposite.Configuration.Deadlines()
        deadlines.notificationResponse = .seconds(9)
        let composite = ServiceComposite(
            makeScripted([.never], clock: clock, probe: probe),
            configuration: .init(clock: clock, deadlines: deadlines)
        )
        let completion = CompletionRecorder<Int>(clock: clock)
        composite.didReceiveNotificationResponse(NotificationResponse(notification: chat)) { completion.record(1) }
        await clock.waitForSleepers(2)
        clock.advanceToNextDeadline()
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.times == [TestClock.Instant(offset: .seconds(9))])
    }
}
