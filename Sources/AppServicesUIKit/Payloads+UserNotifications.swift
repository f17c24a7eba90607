public import AppServices
import Logging

#if canImport(UIKit)
import UIKit
public import UserNotifications
#else
public import AppServicesUIKitShim
#endif

// Conversions between UserNotifications' objects and the core's platform-neutral payloads.

extension UserNotification {
    /// The platform-neutral form of a delivered notification and its request's content.
    /// User-info entries that are not property-list values are left out (the adapters log
    /// them; see ``UserNotification/droppedUserInfoKeys(of:)``).
    public init(_ notification: UNNotification) {
        let content = notification.request.content
        self.init(
            identifier: notification.request.identifier,
            date: notification.date,
            categoryIdentifier: content.categoryIdentifier,
            threadIdentifier: content.threadIdentifier,
            title: content.title,
            body: content.body,
            userInfo: UserInfo(propertyList: content.userInfo),
            targetContentIdentifier: content.targetContentIdentifier
        )
    }

    /// Where the user info of `notification` holds entries that are not property-list
    /// values, which ``init(_:)`` leaves out: their keys (`"key"`), the paths of nested ones
    /// (`"outer.inner"`, `"list[2]"`), and keys that are not strings, sorted. Empty when
    /// nothing is left out.
    public static func droppedUserInfoKeys(of notification: UNNotification) -> [String] {
        PropertyListCheck.droppedKeyPaths(in: notification.request.content.userInfo)
    }

    /// Logs one warning naming `notification` and the user-info entries the conversion left
    /// out, if any.
    static func warnAboutDroppedUserInfo(of notification: UNNotification, logger: Logger) {
        PropertyListCheck.warnAboutDroppedEntries(
            of: notification.request.content.userInfo,
            in: "Notification \(notification.request.identifier)",
            rawIn: "the raw dictionary is in context.uiKit.userInfo",
            logger: logger
        )
    }
}

extension NotificationResponse {
    /// The platform-neutral form of a person's answer to a notification, with the scene
    /// they answered in.
    @MainActor
    public init(_ response: UNNotificationResponse) {
        self.init(
            notification: UserNotification(response.notification),
            action: Action(response),
            targetScene: response.targetScene.map(SceneInfo.init)
        )
    }
}

extension NotificationResponse.Action {
    /// What the person chose, from the response's action identifier: the default action
    /// opens, the dismiss action dismisses, any other is a custom action, with the text typed
    /// for a text-input action.
    public init(_ response: UNNotificationResponse) {
        switch response.actionIdentifier {
        case UNNotificationDefaultActionIdentifier:
            self = .open
        case UNNotificationDismissActionIdentifier:
            self = .dismiss
        case let identifier:
            self = .custom(identifier: identifier, text: (response as? UNTextInputNotificationResponse)?.userText)
        }
    }
}

extension UNNotificationPresentationOptions {
    /// The system's options for merged `NotificationPresentationOptions` (the raw values are
    /// the system's).
    public init(_ options: NotificationPresentationOptions) {
        self.init(rawValue: options.rawValue)
    }
}
