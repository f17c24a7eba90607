// The "before" of the migration article: a massive app delegate. It compiles (against the
// UIKit shim on Linux), so the article shows real code.

import Foundation

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

/// Stand-ins for the SDKs a real app delegate talks to.
@MainActor
enum LegacyAnalytics {
    static var events: [String] = []
    static func track(_ event: String) { events.append(event) }
}

@MainActor
enum LegacyInbox {
    static var token: Data?
    static func refresh(_ completion: @escaping (Bool) -> Void) { completion(true) }
}

final class MassiveAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        LegacyAnalytics.track("launch")
        application.registerForRemoteNotifications()
        window = UIWindow()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        LegacyAnalytics.track("active")
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        LegacyInbox.token = deviceToken
    }

    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        LegacyInbox.refresh { hasNews in
            completionHandler(hasNews ? .newData : .noData)
        }
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool
    {
        LegacyAnalytics.track("open \(url.host ?? "")")
        return url.scheme == "shop"
    }
}
