public import Foundation

/// A service that learns the result of registering for remote notifications.
@MainActor
public protocol RemoteNotificationRegistrationHandling: AppService {
    /// Registration succeeded
    /// (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`).
    func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    /// Registration failed
    /// (`application(_:didFailToRegisterForRemoteNotificationsWithError:)`).
    func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error)
}

extension RemoteNotificationRegistrationHandling {
    /// Does nothing.
    public func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
    }
    /// Does nothing.
    public func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``RemoteNotificationRegistrationHandling``.
    static let remoteNotificationRegistration = HandlerKind<any RemoteNotificationRegistrationHandling>(
        { $0 as? any RemoteNotificationRegistrationHandling },
        types: { $0 is any RemoteNotificationRegistrationHandling.Type }
    )
}

extension AppCallback {
    /// `application:didRegisterForRemoteNotificationsWithDeviceToken:` and `application:didRegisterForRemoteNotificationsWithDeviceToken:`
    public static let didRegisterForRemoteNotifications = AppCallback(
        "didRegisterForRemoteNotifications",
        heardBy: HandlerKinds.remoteNotificationRegistration,
        selectors: PlatformSelectors(
            application: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
            appKit: "application:didRegisterForRemoteNotificationsWithDeviceToken:"
        )
    )
    /// `application:didFailToRegisterForRemoteNotificationsWithError:` and `application:didFailToRegisterForRemoteNotificationsWithError:`
    public static let didFailToRegisterForRemoteNotifications = AppCallback(
        "didFailToRegisterForRemoteNotifications",
        heardBy: HandlerKinds.remoteNotificationRegistration,
        selectors: PlatformSelectors(
            application: "application:didFailToRegisterForRemoteNotificationsWithError:",
            appKit: "application:didFailToRegisterForRemoteNotificationsWithError:"
        )
    )

    /// The callbacks ``RemoteNotificationRegistrationHandling`` services hear.
    static let remoteNotificationRegistrationCallbacks: [AppCallback] = [
        .didRegisterForRemoteNotifications, .didFailToRegisterForRemoteNotifications,
    ]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func didRegisterForRemoteNotifications(deviceToken: Data, platform: PlatformObjects? = nil) {
        notify(
            .didRegisterForRemoteNotifications,
            (any RemoteNotificationRegistrationHandling).self,
            platform: platform
        ) {
            $0.application($1, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
        }
    }

    /// Dispatches `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    public func didFailToRegisterForRemoteNotifications(error: any Error, platform: PlatformObjects? = nil) {
        notify(
            .didFailToRegisterForRemoteNotifications,
            (any RemoteNotificationRegistrationHandling).self,
            platform: platform
        ) {
            $0.application($1, didFailToRegisterForRemoteNotificationsWithError: error)
        }
    }
}
