// The code of the README. The README quotes it; a test checks that every code block of
// the README appears here (or in another compiled file) verbatim.

import AppServices
import AppServicesUIKit
import Foundation

// MARK: Twenty lines

final class SessionTracker: AppService, ApplicationStateHandling {
    private(set) var events: [String] = []
    func track(_ event: String) { events.append(event) }

    func applicationDidBecomeActive(_ context: AppContext) { track("session-start") }
}

final class OrderLinks: AppService, URLOpenHandling {
    static let dependencies: [any AppService.Type] = [SessionTracker.self]

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.service(SessionTracker.self)?.track("link \(url.path)")
        return url.scheme == "shop" && url.host == "orders"
    }
}

@MainActor
func readmeExample() throws -> Bool {
    let composite = ServiceComposite {
        OrderLinks()
        SessionTracker()
    }
    try composite.validate()  // every dependency problem at once, or nothing
    _ = composite.didFinishLaunching()
    composite.didBecomeActive()
    return composite.open(URL(string: "shop://orders/17")!)  // true
}

// MARK: The app delegate and the scene delegate

final class AppDelegate: ServiceOrientedAppDelegate {
    override func makeServices() -> [any AppService] { [SessionTracker(), OrderLinks()] }
}

final class SceneDelegate: ServiceOrientedSceneDelegate {}
