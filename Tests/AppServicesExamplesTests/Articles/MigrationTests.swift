#if !canImport(UIKit)
import AppServicesUIKitShim
import AppServices
@testable import AppServicesExamples
import Foundation
import Testing

/// The migration article's first step: UIKit's method pasted into a service as it was. It
/// compiles, and AppServices never calls it; the `AppServicesLint` plugin warns about it.
final class ActivationAnalyticsService: AppService, ApplicationStateHandling {
    func applicationDidBecomeActive(_ application: UIApplication) {
        LegacyAnalytics.track("active")
    }
}

/// The migrated delegate behaves as the massive one did, through UIKit's protocol.
///
/// Serialized: both tests reset and read `LegacyAnalytics.events`, and the first suspends
/// while a silent push is answered.
@MainActor
@Suite(.serialized)
struct MigrationTests {
    struct Observed: Equatable {
        var launched = false
        var registered = false
        var events: [String] = []
        var token: Data?
        var fetch: UIBackgroundFetchResult?
        var opened: [Bool] = []
    }

    func drive(_ delegate: any UIApplicationDelegate) async -> Observed {
        LegacyAnalytics.events = []
        LegacyInbox.token = nil
        let application = UIApplication()
        var observed = Observed()
        observed.launched = delegate.application(application, didFinishLaunchingWithOptions: nil)
        observed.registered = application.isRegisteredForRemoteNotifications
        delegate.applicationDidBecomeActive(application)
        delegate.application(application, didRegisterForRemoteNotificationsWithDeviceToken: Data([1, 2]))
        observed.fetch = await withCheckedContinuation { continuation in
            delegate.application(application, didReceiveRemoteNotification: [:]) { continuation.resume(returning: $0) }
        }
        observed.opened.append(delegate.application(application, open: URL(string: "shop://orders/1")!, options: [:]))
        observed.opened.append(delegate.application(application, open: URL(string: "mail://inbox")!, options: [:]))
        observed.events = LegacyAnalytics.events
        observed.token = LegacyInbox.token
        return observed
    }

    @Test("The migrated app delegate behaves as the massive one did")
    func sameBehaviour() async {
        let before = await drive(MassiveAppDelegate())
        let after = await drive(MigratedAppDelegate())
        #expect(after == before)
        #expect(before.events == ["launch", "active", "open orders", "open inbox"])
        #expect(before.opened == [true, false])
    }

    @Test("A UIKit method pasted into a service compiles and is never called")
    func pastedMethodIsSilent() {
        LegacyAnalytics.events = []
        let composite = ServiceComposite([ActivationAnalyticsService()])
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(LegacyAnalytics.events == [])
    }
}
#endif
