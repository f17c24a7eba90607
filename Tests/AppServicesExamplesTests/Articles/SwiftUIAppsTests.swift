#if !canImport(UIKit)
import AppServices
import AppServicesSwiftUI
import AppServicesSwiftUIShim
import AppServicesUIKitShim
import Foundation
import Testing

@testable import AppServicesExamples

/// The "SwiftUI applications" section of the scenes article, run in a simulated SwiftUI.
@MainActor
struct SwiftUIAppsTests {
    @Test("The shop app without an app delegate: a link and a universal link reach LinkRouter in the window's scene")
    func shopApp() throws {
        let frameworks = SimulatedFrameworks(
            notificationCenter: UNUserNotificationCenter(),
            taskScheduler: BGTaskScheduler(backend: nil)
        )
        let app = SimulatedFrameworks.with(frameworks) { ShopApp() }
        let composite = app.host.composite
        #expect(composite.applicationState == .inactive, "launched by the host, before any window")

        let window = SimulatedScene(windowOf: app.body, phase: .active)
        window.show()
        #expect(composite.applicationState == .active)
        #expect(window.continuedActivityTypes.sorted() == ["NSUserActivityTypeBrowsingWeb", "com.example.shop.order"])

        window.open(try #require(URL(string: "shop://orders/17")))
        let browsing = NSUserActivity(activityType: "NSUserActivityTypeBrowsingWeb")
        browsing.webpageURL = URL(string: "https://shop.example.com/orders/18")
        window.continueUserActivity(browsing)

        let router = try #require(composite.service(LinkRouter.self))
        #expect(router.routed.count == 2)
        #expect(router.routed.first?.hasPrefix("orders/17 in SwiftUI-") == true)
        #expect(router.routed.last == "/orders/18 from NSUserActivityTypeBrowsingWeb")
    }
}
#endif
