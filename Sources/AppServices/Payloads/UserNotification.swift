public import Foundation

/// A notification the system delivered or is about to present (`UNNotification` and its
/// request's content), in platform-neutral form.
public struct UserNotification: Sendable, Hashable {
    /// The request's identifier: the same for every delivery of one request.
    public var identifier: String
    /// When the notification was delivered.
    public var date: Date
    /// The category the notification belongs to (`categoryIdentifier`), which decides its
    /// actions and which services hear it (``UserNotificationHandling/notificationCategories``);
    /// empty for none.
    public var categoryIdentifier: String
    /// The thread the notification is grouped in; empty for none.
    public var threadIdentifier: String
    /// The title.
    public var title: String
    /// The body text.
    public var body: String
    /// The payload's custom keys (and `aps` for a remote notification): property-list
    /// values only (see ``UserInfoValue``).
    public var userInfo: UserInfo
    /// The identifier the application uses to pick the scene or content the notification
    /// is about, if the sender set one.
    public var targetContentIdentifier: String?

    /// Creates a notification.
    public init(
        identifier: String,
        date: Date = Date(timeIntervalSinceReferenceDate: 0),
        categoryIdentifier: String = "",
        threadIdentifier: String = "",
        title: String = "",
        body: String = "",
        userInfo: UserInfo = [:],
        targetContentIdentifier: String? = nil
    ) {
        self.identifier = identifier
        self.date = date
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.title = title
        self.body = body
        self.userInfo = userInfo
        self.targetContentIdentifier = targetContentIdentifier
    }
}

/// How a notification that arrives while the application is in the foreground is shown
/// (`UNNotificationPresentationOptions`); `[]` hides it.
///
/// The raw values are the system's, so adapters convert by raw value.
public struct NotificationPresentationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, as the system numbers them.
    public let rawValue: UInt

    /// Creates options from the system's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Update the application's badge.
    public static let badge = NotificationPresentationOptions(rawValue: 1 << 0)
    /// Play the notification's sound.
    public static let sound = NotificationPresentationOptions(rawValue: 1 << 1)
    /// Show it in Notification Center.
    public static let list = NotificationPresentationOptions(rawValue: 1 << 3)
    /// Show it as a banner.
    public static let banner = NotificationPresentationOptions(rawValue: 1 << 4)
}

/// A person's answer to a notification (`UNNotificationResponse`): the notification, what
/// they chose, and the scene they chose it in.
public struct NotificationResponse: Sendable, Hashable {
    /// What the person did with the notification.
    public enum Action: Sendable, Hashable {
        /// Opened the application from it (`UNNotificationDefaultActionIdentifier`).
        case open
        /// Dismissed it (`UNNotificationDismissActionIdentifier`; delivered only for
        /// categories that ask for it).
        case dismiss
        /// Chose one of its category's actions, with the text typed for a text-input action.
        case custom(identifier: String, text: String?)
    }

    /// The notification answered.
    public var notification: UserNotification
    /// What the person did.
    public var action: Action
    /// The scene the person interacted with, if the platform says.
    public var targetScene: SceneInfo?

    /// Creates a response.
    public init(notification: UserNotification, action: Action = .open, targetScene: SceneInfo? = nil) {
        self.notification = notification
        self.action = action
        self.targetScene = targetScene
    }
}
