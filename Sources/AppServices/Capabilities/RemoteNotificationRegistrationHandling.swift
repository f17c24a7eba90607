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
