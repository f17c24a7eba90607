#if !canImport(UIKit)

/// The methods UIKit calls on a scene's delegate (`UISceneDelegate`).
///
/// As for ``UIApplicationDelegate``, each `@objc optional` member is a requirement with a
/// default implementation that does what UIKit does without it.
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// A scene is being added to the application.
    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    )
    /// The scene was removed from the application.
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene became active.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to become inactive.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is about to enter the foreground.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene is now in the background.
    func sceneDidEnterBackground(_ scene: UIScene)
    /// The scene was asked to open URLs.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    /// The activity that captures the scene's state, for restoring it later.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
    /// Restore the scene's interaction state (iOS 15).
    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity)
    /// The user wants to continue an activity whose data may not be available yet.
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
    /// The data for continuing an activity is available.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    /// The activity could not be continued.
    func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
    /// UIKit updated an activity it manages.
    func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity)
}

/// What UIKit does when the delegate does not implement a member: nothing.
extension UISceneDelegate {
    /// Does nothing.
    public func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    /// Does nothing.
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    /// Saves no activity.
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
    /// Does nothing.
    public func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {}
    /// Does nothing.
    public func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {}
    /// Does nothing.
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    /// Does nothing.
    public func scene(
        _ scene: UIScene,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {}
    /// Does nothing.
    public func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity) {}
}

/// The methods UIKit calls on the delegate of a window scene (`UIWindowSceneDelegate`).
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window.
    ///
    /// UIKit declares it `optional var window: UIWindow? { get set }`. An optional
    /// requirement cannot be set through the protocol (`delegate.window = w` on an
    /// `any UIWindowSceneDelegate` does not compile with UIKit); Swift without Objective-C has
    /// no optional requirements, so the shim declares it get-only, which rejects the same
    /// code here. Set the window on the delegate's own class instead.
    var window: UIWindow? { get }

    /// The scene's size, orientation or traits changed (deprecated in iOS 26:
    /// `windowScene(_:didUpdateEffectiveGeometry:)` replaces it).
    @available(
        iOS,
        introduced: 13.0,
        deprecated: 26.0,
        message:
            "Use windowScene(_: didUpdateEffectiveGeometry:) to be notified of the scene's geometry changes, or use traits whose values are inherited from the scene via the traitCollection of views and view controllers instead."
    )
    @available(tvOS, unavailable)
    func windowScene(
        _ windowScene: UIWindowScene,
        didUpdate previousCoordinateSpace: any UICoordinateSpace,
        interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
        traitCollection previousTraitCollection: UITraitCollection
    )

    /// The scene's effective geometry changed; `previousEffectiveGeometry` is the one it had
    /// (iOS 26). Always called when the scene moves to another screen.
    @available(iOS 26.0, *)
    func windowScene(
        _ windowScene: UIWindowScene,
        didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry
    )

    /// The interface orientations the scene supports (iOS 27). The answer replaces the
    /// Info.plist's `UISupportedInterfaceOrientations` for this scene, and replaces the app
    /// delegate's `application(_:supportedInterfaceOrientationsFor:)`, deprecated in iOS 27.
    @available(iOS 27.0, visionOS 27.0, *)
    @available(tvOS, unavailable)
    func supportedInterfaceOrientations(for windowScene: UIWindowScene) -> UIInterfaceOrientationMask

    /// The user selected a home-screen quick action for the scene.
    @available(tvOS, unavailable)
    func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    )

    /// The user selected a home-screen quick action for the scene (the `async` spelling of
    /// the method above: one Objective-C method, one selector).
    @available(tvOS, unavailable)
    func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem
    ) async -> Bool

    /// The user accepted a CloudKit share in the scene.
    func windowScene(
        _ windowScene: UIWindowScene,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    )

    /// The style of the system's windowing controls for the scene (iOS 26).
    @available(iOS 26.0, *)
    func preferredWindowingControlStyle(for windowScene: UIWindowScene) -> UIWindowScene.WindowingControlStyle
}

/// What UIKit does when the delegate does not implement a member: nothing.
extension UIWindowSceneDelegate {
    /// No window.
    public var window: UIWindow? { nil }

    /// Does nothing.
    @available(
        iOS,
        introduced: 13.0,
        deprecated: 26.0,
        message:
            "Use windowScene(_: didUpdateEffectiveGeometry:) to be notified of the scene's geometry changes, or use traits whose values are inherited from the scene via the traitCollection of views and view controllers instead."
    )
    public func windowScene(
        _ windowScene: UIWindowScene,
        didUpdate previousCoordinateSpace: any UICoordinateSpace,
        interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
        traitCollection previousTraitCollection: UITraitCollection
    ) {}

    /// Does nothing.
    @available(iOS 26.0, *)
    public func windowScene(
        _ windowScene: UIWindowScene,
        didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry
    ) {}

    /// The Info.plist's orientations, which UIKit uses when the delegate does not answer:
    /// the shim's ``UIApplication/supportedInterfaceOrientations(for:)``.
    @available(iOS 27.0, *)
    @available(tvOS, unavailable)
    public func supportedInterfaceOrientations(for windowScene: UIWindowScene) -> UIInterfaceOrientationMask {
        UIApplication.shared.supportedInterfaceOrientations(for: nil)
    }

    /// Does nothing and never calls the handler.
    @available(tvOS, unavailable)
    public func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {}

    /// Calls the completion-handler method and returns what it passes to its handler, as the
    /// Objective-C bridge does.
    @available(tvOS, unavailable)
    public func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            self.windowScene(windowScene, performActionFor: shortcutItem) { continuation.resume(returning: $0) }
        }
    }

    /// Does nothing.
    public func windowScene(
        _ windowScene: UIWindowScene,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    ) {}

    /// The system's default style, which UIKit uses when the delegate does not answer.
    @available(iOS 26.0, *)
    public func preferredWindowingControlStyle(for windowScene: UIWindowScene) -> UIWindowScene.WindowingControlStyle {
        .automatic
    }
}

#endif
