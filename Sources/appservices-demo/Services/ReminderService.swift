import AppServices

/// Shows the reminders a person taps a notification of. It hears only notifications of the
/// `reminder` category, so a message's notification passes it by: the composite does not
/// call it at all.
final class ReminderService: AppService, UserNotificationHandling {
    private let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    var notificationCategories: Set<String>? { ["reminder"] }

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        log.record(self, context, "showing the reminder \(response.notification.title)")
    }
}
