#if !canImport(UIKit)
public import AppServices
import AppServicesTesting
import AppServicesUIKit
public import AppServicesUIKitShim
import Synchronization

/// A completion handler that the notification center's delegate called, as
/// ``SimulatedUIKit/notificationCompletions`` records it.
public enum NotificationCompletion: Sendable, Hashable {
    /// The handler of `userNotificationCenter(_:willPresent:withCompletionHandler:)` for the
    /// notification with the identifier, with the options it was called with.
    case presentation(notification: String, options: NotificationPresentationOptions)
    /// The handler of `userNotificationCenter(_:didReceive:withCompletionHandler:)` for a
    /// response to the notification with the identifier.
    case response(notification: String)
}

/// Notifications as UserNotifications delivers them: through the center's delegate, and with
/// a scene's connection options for a notification that launched the application.
extension SimulatedUIKit {
    /// Every completion handler the notification center's delegate called, in order: one per
    /// delivery when the delegate behaves.
    public var notificationCompletions: [NotificationCompletion] { notificationCompletionLog.entries }

    /// Calls `body` with the notification center's delegate when it claims `selector` (the
    /// SDK's string, such as `userNotificationCenter:willPresentNotification:withCompletionHandler:`);
    /// `nil` when the center has no delegate or the delegate does not claim it, as the center
    /// then does not call it.
    @discardableResult
    public func sendToNotificationCenterDelegate<Answer>(
        _ selector: String,
        _ body: (any UNUserNotificationCenterDelegate, UNUserNotificationCenter) -> Answer
    ) -> Answer? {
        guard let delegate = userNotificationCenter.delegate, claimsDuringStep(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        delivered.append(selector)
        return withSimulatedFrameworks { body(delegate, userNotificationCenter) }
    }

    /// A notification arrives while the application is in the foreground: the center asks
    /// its delegate how to present it.
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - userInfo: The user info as the system passes it, to deliver values that are not
    ///     property-list values; `nil` for the notification's own.
    /// - Returns: The options the delegate's completion handler was called with; `[]` (the
    ///   notification is hidden) when the center has no delegate or it does not claim the
    ///   callback. Returns once the handler was called.
    @discardableResult
    public func presentNotification(
        _ notification: UserNotification,
        userInfo: [AnyHashable: Any]? = nil
    ) async -> NotificationPresentationOptions {
        let delivered = Self.platformNotification(notification, userInfo: userInfo)
        return await withCheckedContinuation { continuation in
            deliverPresentation(of: delivered, identifier: notification.identifier) {
                continuation.resume(returning: $0)
            }
        }
    }

    /// Asks the center's delegate how to present `notification`; `completion` hears the first
    /// call of its completion handler, on the main actor, or `[]` at once when the center
    /// has no delegate or it does not claim the callback. Every call is logged.
    func deliverPresentation(
        of notification: UNNotification,
        identifier: String,
        completion: @escaping @MainActor (NotificationPresentationOptions) -> Void
    ) {
        let log = notificationCompletionLog
        let once = MainActorOnce(completion)
        let claimed: Void? = sendToNotificationCenterDelegate(
            "userNotificationCenter:willPresentNotification:withCompletionHandler:"
        ) { delegate, center in
            delegate.userNotificationCenter(center, willPresent: notification) { options in
                let merged = NotificationPresentationOptions(rawValue: options.rawValue)
                log.append(.presentation(notification: identifier, options: merged))
                once.call(merged)
            }
        }
        if claimed == nil { once.call([]) }
    }

    /// A person answers a notification (taps it, dismisses it, or chooses an action) while
    /// the application runs: the center hands the response to its delegate. Returns once the
    /// delegate's completion handler was called, at once when the center has no delegate or
    /// it does not claim the callback.
    ///
    /// - Parameters:
    ///   - response: The response; its target scene names one of ``scenes``, if any.
    ///   - userInfo: The notification's user info as the system passes it; `nil` for its own.
    public func respondToNotification(_ response: NotificationResponse, userInfo: [AnyHashable: Any]? = nil) async {
        let delivered = platformResponse(delivery(response), userInfo: userInfo)
        await deliverToNotificationCenterDelegate(delivered, identifier: response.notification.identifier)
    }

    /// A cold launch by a tap on a notification, with scenes: the application, which declares
    /// scenes (its Info.plist gets ``sceneManifest`` if it has no scene manifest), launches; a scene connects with the response in its
    /// connection options and enters the foreground; then, as UIKit does, the center hands
    /// the same response to its delegate (installed during launch), and the scene becomes
    /// active. Returns the scene once the delegate's completion handler was called.
    ///
    /// - Parameters:
    ///   - response: The response; its target scene is the new scene.
    ///   - identifier: The persistent identifier of the scene's session.
    ///   - userInfo: The notification's user info as the system passes it; `nil` for its own.
    @discardableResult
    public func launch(
        respondingTo response: NotificationResponse,
        connectingScene identifier: String,
        userInfo: [AnyHashable: Any]? = nil
    ) async -> UIWindowScene {
        // UIKit launches a scene-based application in the background state, whatever
        // launched it; the scene's connection brings it forward.
        declareScenes()
        launch(inBackground: true)
        let delivered = platformResponse(delivery(response), userInfo: userInfo)
        let scene = connectScene(
            identifier,
            options: UIScene.ConnectionOptions(notificationResponse: delivered),
            delegate: makeSceneDelegate,
            beforeConnecting: { delivered.targetScene = $0 }
        )
        enterForeground(scene)
        await deliverToNotificationCenterDelegate(delivered, identifier: response.notification.identifier)
        becomeActive(scene)
        return scene
    }

    /// A person asks, from the system's settings, to see the application's notification
    /// settings, from `notification` if any: the center tells its delegate.
    public func openNotificationSettings(for notification: UserNotification?) {
        let delivered = notification.map { Self.platformNotification($0, userInfo: nil) }
        sendToNotificationCenterDelegate("userNotificationCenter:openSettingsForNotification:") { delegate, center in
            delegate.userNotificationCenter(center, openSettingsFor: delivered)
        }
    }

    /// `response` as the system delivers it now: a notification given no date, delivered
    /// before under its identifier and action, gets a date of its own, as the system dates
    /// every delivery.
    func delivery(_ response: NotificationResponse) -> NotificationResponse {
        notificationDeliveries.deliver(response)
    }

    /// Hands `response` to the center's delegate and waits for its completion handler.
    private func deliverToNotificationCenterDelegate(_ response: UNNotificationResponse, identifier: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            deliverToNotificationCenterDelegate(response, identifier: identifier) { continuation.resume() }
        }
    }

    /// Hands `response` to the center's delegate; `completion` hears the first call of its
    /// completion handler, on the main actor, or is called at once when the center has no
    /// delegate or it does not claim the callback. Every call is logged.
    func deliverToNotificationCenterDelegate(
        _ response: UNNotificationResponse,
        identifier: String,
        completion: @escaping @MainActor () -> Void
    ) {
        let log = notificationCompletionLog
        let once = MainActorOnce<Void> { completion() }
        let claimed: Void? = sendToNotificationCenterDelegate(
            "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
        ) { delegate, center in
            delegate.userNotificationCenter(center, didReceive: response) {
                log.append(.response(notification: identifier))
                once.call(())
            }
        }
        if claimed == nil { once.call(()) }
    }

    // MARK: - Payloads as UserNotifications passes them

    /// The `UNNotification` the system would deliver for `notification`, with `userInfo`
    /// instead of the notification's own when given.
    package static func platformNotification(
        _ notification: UserNotification,
        userInfo: [AnyHashable: Any]?
    ) -> UNNotification {
        let content = UNNotificationContent(
            title: notification.title,
            body: notification.body,
            categoryIdentifier: notification.categoryIdentifier,
            threadIdentifier: notification.threadIdentifier,
            userInfo: userInfo ?? (notification.userInfo.propertyList as [AnyHashable: Any]),
            targetContentIdentifier: notification.targetContentIdentifier
        )
        let request = UNNotificationRequest(identifier: notification.identifier, content: content, trigger: nil)
        return UNNotification(request: request, date: notification.date)
    }

    /// The `UNNotificationResponse` the system would deliver for `response`, targeting the
    /// connected scene it names, if any.
    package func platformResponse(
        _ response: NotificationResponse,
        userInfo: [AnyHashable: Any]?
    ) -> UNNotificationResponse {
        let notification = Self.platformNotification(response.notification, userInfo: userInfo)
        let delivered: UNNotificationResponse
        switch response.action {
        case .open:
            delivered = UNNotificationResponse(
                notification: notification,
                actionIdentifier: UNNotificationDefaultActionIdentifier
            )
        case .dismiss:
            delivered = UNNotificationResponse(
                notification: notification,
                actionIdentifier: UNNotificationDismissActionIdentifier
            )
        case .custom(let identifier, let text?):
            delivered = UNTextInputNotificationResponse(
                notification: notification,
                actionIdentifier: identifier,
                userText: text
            )
        case .custom(let identifier, nil):
            delivered = UNNotificationResponse(notification: notification, actionIdentifier: identifier)
        }
        delivered.targetScene = response.targetScene.flatMap { connectedScene($0.identifier) }
        return delivered
    }
}

/// The completion handlers called, kept behind a lock: UserNotifications' handlers are
/// `@Sendable` and may be called from any thread.
final class NotificationCompletionLog: Sendable {
    private let recorded = Mutex<[NotificationCompletion]>([])

    /// Every completion recorded, in order.
    var entries: [NotificationCompletion] { recorded.withLock { $0 } }

    /// Records one completion.
    func append(_ completion: NotificationCompletion) {
        recorded.withLock { $0.append(completion) }
    }
}

/// Resumes a continuation the first time only, so that a handler called twice (which the
/// log records) cannot crash the test that waits for it.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes the continuation with `value`, unless it was resumed already.
    func resume(returning value: Value) {
        let waiting = continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        waiting?.resume(returning: value)
    }
}
#endif
