// The code of the "SwiftUI applications" section of the "Scenes, windows and readiness"
// article, and of the AppServicesSwiftUI doc comments.

import AppServices
import AppServicesSwiftUI
import AppServicesUIKit
import Foundation

#if canImport(UIKit)
import SwiftUI
import UIKit
#else
import AppServicesSwiftUIShim
import AppServicesUIKitShim
#endif

/// The root view of the shop's windows.
struct ContentView: View {
    var body: some View { EmptyView() }
}

final class LinkRouter: AppService, URLOpenHandling, UserActivityHandling {
    private(set) var routed: [String] = []

    var userActivityTypes: Set<String> { ["NSUserActivityTypeBrowsingWeb", "com.example.shop.order"] }

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        guard url.scheme == "shop" else { return false }
        routed.append("\(url.host ?? "")\(url.path) in \(context.scene?.identifier ?? "no scene")")
        return true
    }

    func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
        guard let url = userActivity.webpageURL else { return .notHandled }
        routed.append("\(url.path) from \(userActivity.activityType)")
        return .handled()
    }
}

// MARK: Without an app delegate

struct ShopApp: App {
    let host = SwiftUIApplicationHost(services: [InboxService(), LinkRouter()])

    var body: some Scene {
        WindowGroup {
            ContentView().appServices(host.composite)
        }
    }
}

// MARK: With an app delegate

struct ShopAppWithDelegate: App {
    @UIApplicationDelegateAdaptor private var delegate: ShopAppDelegate

    var body: some Scene {
        WindowGroup {
            ContentView().appServices(delegate.composite)
        }
    }
}
