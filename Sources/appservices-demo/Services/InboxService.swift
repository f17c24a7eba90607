import AppServices
import Foundation

/// The inbox: opens the message a person taps a notification of, and keeps itself fresh
/// with a background app refresh that schedules its next run itself.
///
/// It hears only notifications of the `message` category (``notificationCategories``), so a
/// reminder's notification never reaches it. Its refresh is a declared background task: the
/// host registers it before launch returns, the service submits the first request from
/// `didFinishLaunching`, and each run submits the next, as an app refresh on iOS does.
final class InboxService: AppService, LaunchHandling, UserNotificationHandling, BackgroundTaskHandling {
    /// The refresh task's identifier (listed in Info.plist's
    /// `BGTaskSchedulerPermittedIdentifiers` on iOS).
    static let refreshTask = "com.example.demo.inbox-refresh"

    private let store: LocalStore
    private let log: EventLog

    init(store: LocalStore, log: EventLog) {
        self.store = store
        self.log = log
    }

    var notificationCategories: Set<String>? { ["message"] }

    var backgroundTasks: [BackgroundTaskDeclaration] {
        [.appRefresh(Self.refreshTask) { [self] context in try await refresh(context) }]
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        scheduleRefresh(context, "scheduled the first inbox refresh")
        return true
    }

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        let notification = response.notification
        let message = notification.userInfo["message"]?.intValue.map { "message \($0)" } ?? notification.identifier
        log.record(self, context, "opening \(message) from \(notification.title)")
    }

    /// One run of the refresh: fetches what is new, tells the app, and schedules the next.
    private func refresh(_ context: AppContext) async throws {
        log.record(self, context, "refreshing the inbox in the background")
        try await Task.sleep(for: .milliseconds(2))  // the download, in a real app
        let total = await store.save(messages: ["message from Ana"])
        log.record(self, context, "1 new message; \(total) in the inbox")
        context.post(InboxDidRefresh(newMessages: 1))
        scheduleRefresh(context, "scheduled the next refresh")
    }

    /// Submits the next refresh request: as soon as the system likes (on iOS, apps usually
    /// ask for no earlier than some minutes from now).
    private func scheduleRefresh(_ context: AppContext, _ done: String) {
        do {
            try context.backgroundTasks.submit(.appRefresh(Self.refreshTask))
            log.record(self, context, done)
        } catch {
            log.record(self, context, "could not schedule the refresh: \(error)")
        }
    }
}
