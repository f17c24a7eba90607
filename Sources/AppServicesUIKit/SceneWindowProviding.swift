public import AppServices

#if canImport(UIKit)
public import UIKit
#else
public import AppServicesUIKitShim
#endif

/// A service that provides a window and its root view controller: for each connecting
/// window scene, and, in an application without scenes, for the application.
///
/// The delegates ask every service that adopts it, application-wide services in dependency
/// order, then the current session's, then the scene's own scene services (`SceneService`),
/// and install the first window any
/// returns: `ServiceOrientedSceneDelegate` after `scene(_:willConnectTo:options:)` has
/// reached the services and before what the scene was connected with (a link, an activity,
/// a quick action) is delivered, so that those services find the window, as they do on a
/// warm start; `ServiceOrientedAppDelegate` after
/// `application(_:didFinishLaunchingWithOptions:)` when it has no window yet and the
/// Info.plist declares no scenes (no `UIApplicationSceneManifest`), or already after
/// `application(_:willFinishLaunchingWithOptions:)` when a service restores state
/// (`StateRestorationHandling`), which UIKit does into the window between the two. The window
/// is made key and visible and kept in the delegate's `window`, as UIKit expects, in front
/// of a window a service made key in those callbacks (a passcode lock): present a lock from
/// the window's root view controller, or show its window once the scene enters the
/// foreground. When
/// every service returns `nil`, the delegate leaves UIKit's default alone. A delegate that
/// has a window already asks nothing: UIKit sets a storyboard's window (the scene
/// configuration's `UISceneStoryboardFile`) before the scene connects. The raw objects stay
/// reachable through the context's `platform`.
@MainActor
public protocol SceneWindowProviding: AppService {
    /// The window for `scene` (`nil` in an application without scenes), with its root view
    /// controller set; `nil` to leave it to another service, or to UIKit.
    func window(for scene: UIWindowScene?, context: AppContext) -> UIWindow?
}

extension ServiceComposite {
    /// The first window a ``SceneWindowProviding`` service provides for `scene`, made key
    /// and visible; `nil` when none does.
    func installProvidedWindow(
        for scene: UIWindowScene?,
        info: SceneInfo?,
        platform: PlatformObjects?
    ) -> UIWindow? {
        let window = firstAnswer(from: (any SceneWindowProviding).self, in: info, platform: platform) {
            $0.window(for: scene, context: $1)
        }
        window?.makeKeyAndVisible()
        return window
    }
}
