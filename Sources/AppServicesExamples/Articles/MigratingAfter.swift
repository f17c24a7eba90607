// The "after" of the migration article: the same behaviour as services.

import AppServices
import AppServicesUIKit
import Foundation

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

final class LaunchAnalyticsService: AppService, LaunchHandling, ApplicationStateHandling, URLOpenHandling {
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        LegacyAnalytics.track("launch")
        return true
    }

    func applicationDidBecomeActive(_ context: AppContext) {
        LegacyAnalytics.track("active")
    }

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        LegacyAnalytics.track("open \(url.host ?? "")")
        return false  // tracking only: the deep-link service decides whether the URL opens
    }
}

final class InboxPushService: AppService, LaunchHandling, RemoteNotificationRegistrationHandling,
    RemoteNotificationHandling
{
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        context.uiKit.application?.registerForRemoteNotifications()
        return true
    }

    func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        LegacyInbox.token = deviceToken
    }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws
        -> BackgroundFetchResult
    {
        let hasNews: Bool = try await context.withCompletionHandler { completion in
            LegacyInbox.refresh { completion($0) }
        }
        return hasNews ? .newData : .noData
    }
}

final class ShopDeepLinkService: AppService, URLOpenHandling {
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        url.scheme == "shop"
    }
}

final class MigratedAppDelegate: ServiceOrientedAppDelegate {
    override func makeServices() -> [any AppService] {
        [LaunchAnalyticsService(), InboxPushService(), ShopDeepLinkService()]
    }
}

final class MigratedSceneDelegate: ServiceOrientedSceneDelegate {}
