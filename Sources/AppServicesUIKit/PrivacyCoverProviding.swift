public import AppServices

#if canImport(UIKit)
public import UIKit
#else
public import AppServicesUIKitShim
#endif

/// A service that provides a privacy cover: a view controller every window scene shows over
/// its content while it is not active, so the app switcher's snapshot and a glance at a
/// locked device show no private content.
///
/// `ServiceOrientedSceneDelegate` asks, when its scene resigns active, every service that
/// adopts it (application-wide services in dependency order, then the current session's
/// services, then the scene's own scene services) and shows the first view controller any returns in a window of its own above
/// the scene's windows (at `UIWindow.Level.alert + 1`). It removes that window when the
/// scene becomes active again, before the services hear it, and when the scene
/// disconnects: one cover per scene at most, never left on screen once the scene is active.
/// CarPlay scenes show none. SwiftUI's `appServices(_:)` does the same with
/// `PrivacyCoverViewProviding` (in `AppServicesSwiftUI`). An application without scenes (no
/// `UIApplicationSceneManifest`) shows none: `ServiceOrientedAppDelegate` logs an error at
/// launch naming each such service.
///
/// ```swift
/// final class PrivacyService: AppService, PrivacyCoverProviding {
///     func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController? {
///         BlurredCoverViewController()
///     }
/// }
/// ```
@MainActor
public protocol PrivacyCoverProviding: AppService {
    /// The view controller to show over `scene` while it is not active; `nil` to leave it
    /// to another service, or to show none.
    func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController?
}

/// The privacy covers a scene delegate shows, one window per scene at most.
///
/// Its state is read and stored whole by the delegate, never changed while a service runs:
/// a service asked for a cover can ask the delegate for the cover window without
/// overlapping an access to it, and the optimizer can prove that no access overlaps
/// another and check none at run time.
@MainActor
struct PrivacyCovers {
    private var windows: [ObjectIdentifier: UIWindow] = [:]

    /// The cover a ``PrivacyCoverProviding`` service provides over `scene`, in a window
    /// shown above the scene's others; `nil` when no service provides one.
    static func cover(
        over scene: UIWindowScene,
        info: SceneInfo,
        composite: ServiceComposite,
        platform: PlatformObjects?
    ) -> UIWindow? {
        let cover = composite.firstAnswer(from: (any PrivacyCoverProviding).self, in: info, platform: platform) {
            $0.privacyCover(for: scene, context: $1)
        }
        guard let cover else { return nil }
        let window = UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
        window.rootViewController = cover
        window.isHidden = false
        return window
    }

    /// Keeps `window` as the cover shown over `scene`.
    mutating func keep(_ window: UIWindow, over scene: UIScene) { windows[ObjectIdentifier(scene)] = window }

    /// Forgets the cover shown over `scene` and returns it, to be hidden; `nil` if none.
    mutating func take(from scene: UIScene) -> UIWindow? {
        windows.isEmpty ? nil : windows.removeValue(forKey: ObjectIdentifier(scene))
    }

    /// Hides a cover taken from a scene.
    static func hide(_ window: UIWindow) {
        window.isHidden = true
        window.rootViewController = nil
    }

    /// The cover window shown over `scene`, if any.
    func window(over scene: UIScene) -> UIWindow? { windows.isEmpty ? nil : windows[ObjectIdentifier(scene)] }
}
