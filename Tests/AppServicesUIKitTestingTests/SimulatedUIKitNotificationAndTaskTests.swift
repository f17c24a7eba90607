#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import Foundation
import Testing

/// What a user on Linux writes to test notification, background-task and background-time
/// services behind their app delegate: only the public products.
@MainActor
struct SimulatedUIKitNotificationAndTaskTests {
    /// Shows order notifications as banners and opens the order a person taps.
    final class OrderNotifications: AppService, UserNotificationHandling {
        private(set) var opened: [String] = []

        func userNotificationCenter(
            _ context: AppContext,
            willPresent notification: UserNotification
        ) async -> NotificationPresentationOptions {
            [.banner, .sound]
        }

        func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
            opened.append(response.notification.identifier)
        }
    }

    /// Refreshes the inbox in the background, until the system takes the time back.
    final class InboxRefresh: AppService, BackgroundTaskHandling, ApplicationStateHandling {
        private(set) var refreshes = 0
        private(set) var uploadsCancelled = 0

        var backgroundTasks: [BackgroundTaskDeclaration] {
            [
                .appRefresh("com.example.inbox.refresh") { [self] _ in
                    refreshes += 1
                    try await waitUntilCancelled()
                }
            ]
        }

        func applicationDidEnterBackground(_ context: AppContext) {
            context.beginBackgroundWork(named: "upload") { [self] in
                do { try await waitUntilCancelled() } catch { uploadsCancelled += 1 }
            }
        }

        private func waitUntilCancelled() async throws {
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            continuation.finish()
            try Task.checkCancellation()
        }
    }

    final class AppDelegate: ServiceOrientedAppDelegate {
        let notifications = OrderNotifications()
        let inbox = InboxRefresh()

        override func makeServices() -> [any AppService] { [notifications, inbox] }

        override func makeConfiguration() -> ServiceComposite.Configuration {
            var configuration = ServiceComposite.Configuration()
            configuration.permittedBackgroundTasks = .only(["com.example.inbox.refresh"])
            return configuration
        }
    }

    static let order = UserNotification(identifier: "order-7", categoryIdentifier: "ORDER", title: "Order 7 shipped")

    @Test("A notification in the foreground is presented with the services' options, through the center's delegate")
    func foregroundNotification() async {
        let uiKit = SimulatedUIKit(delegate: AppDelegate())
        uiKit.launch()

        let options = await uiKit.presentNotification(Self.order)

        #expect(options == [.banner, .sound])
        #expect(uiKit.notificationCompletions == [.presentation(notification: "order-7", options: [.banner, .sound])])
    }

    @Test("A tap on a notification while the application runs reaches the service, and completes once")
    func warmTap() async {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()

        await uiKit.respondToNotification(NotificationResponse(notification: Self.order))

        #expect(delegate.notifications.opened == ["order-7"])
        #expect(uiKit.notificationCompletions == [.response(notification: "order-7")])
    }

    @Test("Two taps on notifications of one request identifier (the second replaced the first) reach the service twice")
    func tapsOnAReplacedNotification() async {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        let delivered = UserNotification(identifier: "order-7", categoryIdentifier: "ORDER", title: "Order 7 delivered")

        await uiKit.respondToNotification(NotificationResponse(notification: Self.order))
        await uiKit.respondToNotification(NotificationResponse(notification: delivered))

        #expect(delegate.notifications.opened == ["order-7", "order-7"])
        #expect(
            uiKit.notificationCompletions == [.response(notification: "order-7"), .response(notification: "order-7")]
        )

        // The same notification with another payload, as the system passes it, is another too.
        let remote = UserNotification(identifier: "order-8", categoryIdentifier: "ORDER")
        await uiKit.respondToNotification(NotificationResponse(notification: remote), userInfo: ["status": "shipped"])
        await uiKit.respondToNotification(NotificationResponse(notification: remote), userInfo: ["status": "delivered"])
        #expect(delegate.notifications.opened == ["order-7", "order-7", "order-8", "order-8"])

        // The same notification tapped again is another delivery too, as on a device.
        await uiKit.respondToNotification(NotificationResponse(notification: remote), userInfo: ["status": "delivered"])
        #expect(delegate.notifications.opened == ["order-7", "order-7", "order-8", "order-8", "order-8"])
    }

    @Test("A tap that launches the application reaches the service once, although UIKit delivers it twice")
    func coldTap() async {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)

        let scene = await uiKit.launch(
            respondingTo: NotificationResponse(notification: Self.order),
            connectingScene: "main"
        )
        await delegate.composite.waitForPendingWork()

        #expect(scene.session.persistentIdentifier == "main")
        #expect(delegate.notifications.opened == ["order-7"])
        #expect(uiKit.notificationCompletions == [.response(notification: "order-7")])
    }

    @Test("Without a notification service, the center has no delegate and hides the notification")
    func noNotificationService() async {
        let uiKit = SimulatedUIKit(delegate: ServiceOrientedAppDelegate())
        uiKit.launch()

        #expect(uiKit.userNotificationCenter.delegate == nil)
        #expect(await uiKit.presentNotification(Self.order) == [])
        #expect(uiKit.notificationCompletions.isEmpty)
    }

    @Test("A background task launched into the background and expired is completed once, as failed")
    func backgroundTaskExpires() async throws {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)

        let task = try #require(uiKit.launchIntoBackground(runningBackgroundTask: "com.example.inbox.refresh"))
        #expect(uiKit.registeredBackgroundTasks == ["com.example.inbox.refresh"])
        #expect(uiKit.completions(of: task).isEmpty)

        await uiKit.expire(task)
        await delegate.composite.waitForPendingWork()

        #expect(delegate.inbox.refreshes == 1)
        #expect(uiKit.completions(of: task) == [false])
        #expect(uiKit.backgroundTaskMisuse.isEmpty)
    }

    @Test("When background time runs out, the work is cancelled and every background task is ended")
    func backgroundTimeExpires() async {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        uiKit.becomeActive()
        uiKit.resignActive()
        uiKit.enterBackground()
        #expect(uiKit.openBackgroundTime.count == 1)

        let leftOpen = uiKit.expireBackgroundTime()
        await delegate.composite.finishBackgroundWork(within: .seconds(5))

        #expect(leftOpen.isEmpty)
        #expect(uiKit.backgroundTimeEnded.count == 1)
        #expect(delegate.inbox.uploadsCancelled == 1)
    }
}

#endif
