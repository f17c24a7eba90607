// The code of the "Getting started" article. The article quotes it; a test checks that
// every code block of the article appears here (or in another compiled file) verbatim.

import AppServices
import Foundation
import Logging

// MARK: A service

final class DeepLinkService: AppService, URLOpenHandling {
    private(set) var openedOrders: [String] = []

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        guard url.scheme == "shop", url.host == "orders" else { return false }
        openedOrders.append(url.lastPathComponent)
        return true
    }
}

// MARK: A service with a dependency and a lifecycle

final class ActivityTracker: AppService, ApplicationStateHandling {
    static let dependencies: [any AppService.Type] = [DeepLinkService.self]

    private(set) var isActive = false

    func applicationDidBecomeActive(_ context: AppContext) {
        isActive = true
        context.logger.info("session started")
    }

    func applicationDidEnterBackground(_ context: AppContext) {
        isActive = false
    }
}

// MARK: Composing and dispatching

@MainActor
func gettingStarted() throws -> Bool {
    let composite = ServiceComposite {
        DeepLinkService()
        ActivityTracker()
    }
    try composite.validate()

    _ = composite.didFinishLaunching()
    composite.didBecomeActive()
    return composite.open(URL(string: "shop://orders/17")!)
}

// MARK: Good to know

final class CatalogSync: AppService, BackgroundTaskHandling {
    nonisolated static let refresh = "com.example.catalog.refresh"

    var backgroundTasks: [BackgroundTaskDeclaration] {
        [.appRefresh(Self.refresh) { context in context.logger.info("catalog refreshed") }]
    }
}
