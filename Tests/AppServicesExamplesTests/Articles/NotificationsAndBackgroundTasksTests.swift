import AppServices
import AppServicesTesting
import Foundation
import Testing

@testable import AppServicesExamples

@MainActor
struct NotificationsArticleTests {
    let shipped = UserNotification(
        identifier: "order-7-shipped",
        date: Date(timeIntervalSinceReferenceDate: 1_000),
        categoryIdentifier: "ORDER_SHIPPED",
        userInfo: ["order": "7"]
    )
    let chat = UserNotification(identifier: "chat-1", categoryIdentifier: "CHAT")

    func launchedComposite() -> ServiceComposite {
        let composite = ServiceComposite {
            OrderUpdatesService()
            BadgeCountService()
        }
        _ = composite.didFinishLaunching()
        return composite
    }

    @Test("The presentation options are the union over the services that hear the notification")
    func union() async {
        #expect(await presentationOptions(for: shipped) == [.banner, .list, .badge])
        #expect(await presentationOptions(for: chat) == [.badge], "OrderUpdatesService does not hear chats")
        #expect(await ServiceComposite([]).willPresentNotification(shipped) == [])
    }

    @Test("The deadlines are configurable")
    func deadlines() {
        let configuration = notificationDeadlines()
        #expect(configuration.deadlines.notificationPresentation == .seconds(2))
        #expect(configuration.deadlines.notificationResponse == .seconds(20))
        #expect(ServiceComposite.Configuration().deadlines.notificationResponse == .seconds(25))
    }

    @Test("A custom action reaches the service of its category; settings requests follow the categories too")
    func actionsAndSettings() async throws {
        let composite = launchedComposite()
        let orders = try #require(composite.service(OrderUpdatesService.self))
        await composite.didReceiveNotificationResponse(
            NotificationResponse(notification: shipped, action: .custom(identifier: "TRACK", text: nil))
        )
        #expect(orders.trackedOrders == ["7"])
        composite.openSettings(for: chat)
        #expect(orders.settingsShown == 0)
        composite.openSettings(for: nil)
        #expect(orders.settingsShown == 1)
    }

    @Test("A tap delivered at scene connection and through the delegate reaches the service once")
    func launchingTapOnce() async throws {
        let composite = launchedComposite()
        let orders = try #require(composite.service(OrderUpdatesService.self))
        let tap = NotificationResponse(notification: shipped)
        deliverLaunchingTap(tap, to: composite)
        var completions = 0
        composite.didReceiveNotificationResponse(tap) { completions += 1 }
        await composite.waitForPendingWork()
        #expect(completions == 1, "the repeated delivery completes once the first has finished")
        #expect(orders.openedOrders == ["7"])
    }
}

@MainActor
struct VoIPPushesArticleTests {
    @Test(
        "Alone, the token service reports no call and the error names it; with the call service, the call is reported"
    )
    func callKitRule() async throws {
        let logs = LogCapture()
        #expect(await pushWithoutACallService(logger: logs.logger()) == .noCall)
        let error = try #require(logs.entries.first { "\($0.level)" == "error" })
        #expect(error.message.contains("PushTokenService") && error.message.contains("CallKit"))

        #expect(await pushWithACallService() == .reportedCall)
    }

    @Test("A VoIP push rings through the provider, and answering the call is fulfilled once")
    func ringAndAnswer() async throws {
        let composite = ServiceComposite([CallSessionService(), RingingService()])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.launchIntoBackground()
        try await simulator.deliverIncomingPush(PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"]))
        let call = try #require(simulator.system.calls.reported.first)
        let answer = try await simulator.performCallAction(CallAction(callUUID: call.uuid, kind: .answer))
        #expect(answer == .fulfilled)
        #expect(call.handle == CallHandle(kind: .generic, value: "Ada"))
        #expect(composite.service(CallSessionService.self)?.calls[call.uuid] == "connected")
        #expect(simulator.callActions.map(\.outcomes) == [[.fulfilled]])
        #expect(callActionDeadline().deadlines.callAction == .seconds(5))
    }

    @Test("The VoIP push deadline is 5 s by default and configurable")
    func deadline() {
        #expect(ServiceComposite.Configuration().deadlines.voIPPush == .seconds(5))
        #expect(voIPPushDeadline().deadlines.voIPPush == .seconds(3))
    }

    @Test("The simulator delivers a VoIP push, and the service reports the call first")
    func simulatedPush() async throws {
        let provider = CallProvider()
        let composite = ServiceComposite([IncomingCallService(provider: provider)])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        let report = try await simulator.deliverIncomingPush(
            PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )
        #expect(report == .reportedCall)
        #expect(provider.reportedCallers == ["Ada"])
        try simulator.updatePushCredentials(PushCredentials(token: Data([0x01]), type: .voIP))
        #expect(try #require(composite.service(IncomingCallService.self)).serverToken == Data([0x01]))
    }
}

@MainActor
struct BackgroundTasksArticleTests {
    @Test("Validation reports the duplicate and the unpermitted identifier together, one line each")
    func validation() throws {
        let composite = validateBackgroundTasks()
        let error = try #require(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(
            "\(error)" == """
                The services cannot be used (2 problems):
                - Background task com.example.shop.cache-cleanup of InboxSyncService is missing from the permitted \
                background tasks; the system refuses to register it. Add it there.
                - Background task com.example.shop.inbox-refresh is declared by both InboxSyncService and \
                LegacySyncService; the system runs one handler per identifier. Declare it once.
                """
        )
    }

    @Test("The refresh runs on the Linux scheduler, succeeds and submits its next run")
    func refreshReschedulesItself() async {
        let (results, pending) = await runDueBackgroundTasks()
        #expect(results == [true])
        #expect(pending == [InboxSyncService.refresh])
    }

    @Test("Entering the background submits the cleanup task")
    func cleanupSubmitted() async throws {
        let composite = ServiceComposite([InboxSyncService()])
        let scheduler = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: scheduler)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        #expect(scheduler.pendingRequestsNow.map(\.identifier) == [InboxSyncService.refresh, InboxSyncService.cleanup])
        #expect(await scheduler.run(InboxSyncService.cleanup))
        #expect(try #require(composite.service(InboxSyncService.self)).prunes == 1)
    }
}

/// Background work that waits until it is cancelled, on no clock: a stream that never
/// yields ends when its task is cancelled.
final class EndlessUploadService: AppService, ApplicationStateHandling {
    func applicationDidEnterBackground(_ context: AppContext) {
        context.beginBackgroundWork(named: "endless") {
            let (stream, keepOpen) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            keepOpen.finish()
            try Task.checkCancellation()
        }
    }
}

@MainActor
struct BackgroundTimeArticleTests {
    func enterBackground(_ composite: ServiceComposite) {
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
    }

    @Test("Background work holds background time until it ends, and ends it once")
    func heldUntilTheWorkEnds() async throws {
        let time = ManualBackgroundTime()
        let composite = compositeWithBackgroundTime(time)
        enterBackground(composite)
        #expect(time.openAssertions == 1)
        #expect(await composite.finishBackgroundWork(within: .seconds(60)) == [])
        #expect(try #require(composite.service(EventUploadService.self)).uploader.uploads == 1)
        #expect(time.ended == [1])
        #expect(time.openAssertions == 0)
    }

    @Test("Expiration cancels the work and ends the background time once")
    func expiration() async {
        let time = ManualBackgroundTime()
        let composite = ServiceComposite([EndlessUploadService()])
        composite.useBackgroundTime(time)
        enterBackground(composite)
        time.expireAll()
        #expect(time.ended == [1])
        #expect(await composite.finishBackgroundWork(within: .seconds(60)) == [])
        #expect(time.ended == [1])
    }

    @Test("The chat's category is registered before launch returns, and authorization is asked for its options")
    func chatCategories() async {
        final class Center: NotificationCenterProvider {
            var registered: [[NotificationCategory]] = []
            var asked: [NotificationAuthorizationOptions] = []
            func setNotificationCategories(_ categories: [NotificationCategory]) { registered.append(categories) }
            func requestAuthorization(options: NotificationAuthorizationOptions) async throws -> Bool {
                asked.append(options)
                return false
            }
        }
        let center = Center()
        let onboarding = OnboardingService()
        let composite = ServiceComposite([ChatNotificationsService(), onboarding])
        composite.useNotificationCenter(center)
        #expect(center.registered.map { $0.map(\.identifier) } == [["MESSAGE"]])
        #expect(center.registered.first?.first?.actions.first?.textInput?.buttonTitle == "Send")
        _ = composite.didFinishLaunching()
        await onboarding.messageSent()
        #expect(center.asked == [[.alert, .sound, .badge]])
        #expect(onboarding.hintsShown == 1)
    }

    @Test("Returning to the foreground ends the prefetch; the kept connection is cancelled by its service")
    func stoppableBackgroundWork() async throws {
        let time = ManualBackgroundTime()
        let service = ChatConnectionService()
        let composite = ServiceComposite([service])
        composite.useBackgroundTime(time)
        enterBackground(composite)
        #expect(time.openAssertions == 2)
        composite.willEnterForeground()
        #expect(time.openAssertions == 0, "the prefetch on the foreground, the keep-alive by its service")
        #expect(await composite.finishBackgroundWork(within: .seconds(60)) == [])
        #expect(!service.connection.drained && !service.connection.prefetched, "both were cancelled before running")
    }
}
