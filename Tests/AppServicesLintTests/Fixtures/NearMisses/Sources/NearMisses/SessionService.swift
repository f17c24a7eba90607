import AppServices

#if canImport(UIKit)
import UIKit
#else
/// UIKit's application object where UIKit is missing: the lint reads names, not modules.
final class UIApplication {}
#endif

/// Code moved out of an app delegate: two members are right, three nearly.
final class SessionService: AppService, ApplicationStateHandling {
    private(set) var events: [String] = []

    func applicationWillResignActive(_ context: AppContext) { events.append("inactive") }
    func applicationDidBecomeActive(_ application: UIApplication) { events.append("active") }
    func applicationDidEnterBackground(context: AppContext) { events.append("background") }
    func applicationWillTerminate(_ context: AppContext) { events.append("terminate") }
    func applicationWillEnterForegound(_ context: AppContext) { events.append("foreground") }
}

/// Not a service: UIKit's method here is none of the lint's business.
final class LegacyAppDelegateHelper {
    func applicationDidBecomeActive(_ application: UIApplication) {}
}
