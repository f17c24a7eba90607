// Pattern 1: the service-oriented app delegate.
//
// The app delegate is a thin host: it lists the services, and each callback reaches every
// service that handles it. Here, one service owns everything about push notifications.

import AppServices
import AppServicesUIKit
import Foundation
import Logging

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

final class ShopAppDelegate: ServiceOrientedAppDelegate {
    override func makeServices() -> [any AppService] {
        [InboxService(), PushNotificationService()]
    }
}

/// Keeps the messages shown in the inbox.
final class InboxService: AppService {
    private(set) var messages: [String] = []

    /// Fetches new messages; returns whether there were any.
    func refresh(with payload: UserInfo) -> Bool {
        guard let message = payload["message"]?.stringValue else { return false }
        messages.append(message)
        return true
    }
}

/// Everything about push notifications: registering, the device token, silent pushes.
final class PushNotificationService: AppService, LaunchHandling, RemoteNotificationRegistrationHandling,
    RemoteNotificationHandling
{
    static let dependencies: [any AppService.Type] = [InboxService.self]

    private(set) var deviceToken: String?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        context.uiKit.application?.registerForRemoteNotifications()
        return true
    }

    func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        self.deviceToken = deviceToken.map { String(format: "%02x", $0) }.joined()
    }

    func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        context.logger.warning("Push notifications are unavailable: \(error)")
    }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws
        -> BackgroundFetchResult
    {
        let inbox = try context.requireService(InboxService.self)
        return inbox.refresh(with: notification.userInfo) ? .newData : .noData
    }
}
