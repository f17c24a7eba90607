import AppServices
import Foundation

/// Registers for remote notifications and handles silent pushes: the callbacks an app
/// delegate usually fills first.
///
/// It depends on ``AnalyticsService``, so the composite orders it after analytics on the
/// way up (launch, active) and before it on the way down (resign active, background,
/// terminate), and it finds analytics by type. It tells the rest of the app about new
/// messages with a typed event, ``InboxDidRefresh``.
final class PushNotificationService: AppService, LaunchHandling, ApplicationStateHandling,
    RemoteNotificationRegistrationHandling, RemoteNotificationHandling
{
    static let dependencies: [any AppService.Type] = [AnalyticsService.self]

    private let store: LocalStore
    private let log: EventLog

    init(store: LocalStore, log: EventLog) {
        self.store = store
        self.log = log
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // On iOS: UIApplication.shared.registerForRemoteNotifications().
        log.record(self, context, "asking the system for a push token")
        return true
    }

    func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        log.record(self, context, "token \(token); sending it to the push server")
        context.service(AnalyticsService.self)?.track("push.registered")
    }

    func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        log.record(self, context, "no push token: \(error)")
    }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        let count = notification.userInfo["inbox"]?.intValue ?? 0
        guard count > 0 else {
            log.record(self, context, "nothing new")
            return .noData
        }
        log.record(self, context, "fetching \(count) new messages")
        try await Task.sleep(for: .milliseconds(3))  // the download, in a real app
        let total = await store.save(messages: (1...count).map { "message \($0)" })
        log.record(self, context, "saved them; \(total) in the inbox")
        context.post(InboxDidRefresh(newMessages: count))
        return .newData
    }

    func applicationWillResignActive(_ context: AppContext) {
        log.record(self, context, "pausing the inbox poller")
    }

    func applicationDidBecomeActive(_ context: AppContext) {
        log.record(self, context, "inbox poller running")
    }
}
