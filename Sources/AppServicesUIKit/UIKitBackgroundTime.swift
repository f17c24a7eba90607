import AppServices

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

/// `UIApplication`'s background time as the composite's `BackgroundTimeProvider`: each piece
/// of background work a service begins holds a `beginBackgroundTask(withName:expirationHandler:)`
/// assertion, which the composite ends exactly once with `endBackgroundTask(_:)`.
@MainActor
final class UIKitBackgroundTime: BackgroundTimeProvider {
    private let application: UIApplication

    /// Asks `application` for background time.
    init(application: UIApplication) {
        self.application = application
    }

    /// Begins a background task named `name`; UIKit calls `expiration` on the main actor
    /// (its handler is `@MainActor @Sendable`) when the time runs out.
    func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int {
        application.beginBackgroundTask(withName: name, expirationHandler: expiration).rawValue
    }

    /// Ends the background task `token`; nothing for `.invalid`, which the system returns
    /// when it gives no time.
    func endBackgroundTime(_ token: Int) {
        let identifier = UIBackgroundTaskIdentifier(rawValue: token)
        guard identifier != .invalid else { return }
        application.endBackgroundTask(identifier)
    }

}
