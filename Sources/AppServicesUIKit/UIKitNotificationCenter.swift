import AppServices

#if canImport(UIKit)
import UserNotifications
#else
import AppServicesUIKitShim
#endif

/// `UNUserNotificationCenter` as the composite's `NotificationCenterProvider`: the services'
/// categories registered as one set with `setNotificationCategories(_:)`, and the
/// authorization request.
@MainActor
final class UIKitNotificationCenter: NotificationCenterProvider {
    private let center: UNUserNotificationCenter

    /// Registers with `center` and asks it.
    init(_ center: UNUserNotificationCenter) {
        self.center = center
    }

    /// Replaces the application's categories with `categories`.
    func setNotificationCategories(_ categories: [NotificationCategory]) {
        center.setNotificationCategories(Set(categories.map(UNNotificationCategory.init)))
    }

    /// Asks the person, through the completion-handler method (the system calls it on a
    /// queue of its own; only Sendable values cross).
    func requestAuthorization(options: NotificationAuthorizationOptions) async throws -> Bool {
        let center = self.center
        let system = UNAuthorizationOptions(rawValue: options.rawValue)
        return try await withCheckedThrowingContinuation { continuation in
            center.requestAuthorization(options: system) { granted, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: granted)
                }
            }
        }
    }
}

extension UNNotificationCategory {
    /// The system's category for a category a service defines.
    convenience init(_ category: NotificationCategory) {
        self.init(
            identifier: category.identifier,
            actions: category.actions.map(UNNotificationAction.make),
            intentIdentifiers: category.intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: category.categorySummaryFormat,
            options: UNNotificationCategoryOptions(rawValue: category.options.rawValue)
        )
    }
}

extension UNNotificationAction {
    /// The system's action for `action`: a `UNTextInputNotificationAction` when it asks for
    /// text.
    static func make(_ action: NotificationAction) -> UNNotificationAction {
        let options = UNNotificationActionOptions(rawValue: action.options.rawValue)
        guard let input = action.textInput else {
            return UNNotificationAction(identifier: action.identifier, title: action.title, options: options)
        }
        return UNTextInputNotificationAction(
            identifier: action.identifier,
            title: action.title,
            options: options,
            textInputButtonTitle: input.buttonTitle,
            textInputPlaceholder: input.placeholder
        )
    }
}
