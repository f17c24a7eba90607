import AppServices
import Configuration
import Foundation

/// Tracks what the user does and uploads it in batches: the app-state, URL and notification
/// callbacks that used to clutter the app delegate, in one small class.
///
/// It shows three ways a service hears about things: callbacks (app state, URLs, taps on
/// notifications of every category), calls from services that depend on it
/// (``track(_:)``), and typed events (``InboxDidRefresh``, ``ConfigurationDidChange``).
final class AnalyticsService: AppService, ApplicationStateHandling, URLOpenHandling, UserNotificationHandling {
    private let log: EventLog
    /// The share of sessions whose events are uploaded (`analytics.sampleRate`).
    private var sampleRate: Double
    /// Events waiting for the next upload.
    private var pending: [String] = []

    init(sampleRate: Double, log: EventLog) {
        self.sampleRate = sampleRate
        self.log = log
    }

    /// Records an event for the next upload.
    func track(_ event: String) {
        pending.append(event)
    }

    func subscribe(to events: inout EventSubscriptions) {
        events.on(InboxDidRefresh.self) { event, _ in
            self.track("inbox.refreshed")
            self.log.record(self, received: event, "tracked inbox.refreshed (\(event.newMessages) new)")
        }
        events.on(ConfigurationDidChange.self) { change, _ in
            let previous = self.sampleRate
            self.sampleRate = change.reader.double(forKey: DemoSetting.sampleRate.key) ?? 1.0
            self.log.record(self, received: change, "sample rate \(self.sampleRate) (was \(previous))")
        }
    }

    // MARK: App state

    func applicationDidBecomeActive(_ context: AppContext) {
        track("session.active")
        log.record(self, context, "tracked session.active")
    }

    func applicationWillResignActive(_ context: AppContext) {
        log.record(self, context, "pausing the session clock")
    }

    func applicationDidEnterBackground(_ context: AppContext) {
        upload(context)
    }

    func applicationWillEnterForeground(_ context: AppContext) {
        log.record(self, context, "resuming the session clock")
    }

    func applicationWillTerminate(_ context: AppContext) {
        upload(context)
    }

    // MARK: URLs

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        track("deeplink.opened")
        log.record(self, context, "tracked deeplink.opened \(url.absoluteString)")
        // Analytics only watches links go by; the screen that shows one answers true.
        return false
    }

    // MARK: Notifications

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        track("notification.opened")
        log.record(self, context, "tracked notification.opened (category \(response.notification.categoryIdentifier))")
    }

    /// Uploads the pending events as background work, which the host waits for (up to its
    /// budget) before the next wind-down step, as iOS gives `beginBackgroundTask` time.
    private func upload(_ context: AppContext) {
        let batch = pending
        pending.removeAll()
        guard !batch.isEmpty else {
            log.record(self, context, "nothing to upload")
            return
        }
        let events = batch.count == 1 ? "1 event" : "\(batch.count) events"
        log.record(self, context, "uploading \(events) in the background (sample rate \(sampleRate))")
        context.beginBackgroundWork(named: "upload-events") { [log, events] in
            try await Task.sleep(for: .milliseconds(2))  // the network, in a real app
            log.record("AnalyticsService", "background work", "uploaded \(events)")
        }
    }
}
