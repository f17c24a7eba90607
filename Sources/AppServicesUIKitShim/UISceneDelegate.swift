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

    /// The scene's size, orientation or traits changed.
    func windowScene(
        _ windowScene: UIWindowScene,
        didUpdate previousCoordinateSpace: any UICoordinateSpace,
        interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
        traitCollection previousTraitCollection: UITraitCollection
    )

    /// The user selected a home-screen quick action for the scene.
    @available(tvOS, unavailable)
    func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    )

    /// The user accepted a CloudKit share in the scene.
    func windowScene(
        _ windowScene: UIWindowScene,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    )
}

/// What UIKit does when the delegate does not implement a member: nothing.
extension UIWindowSceneDelegate {
    /// No window.
    public var window: UIWindow? { nil }

    /// Does nothing.
    public func windowScene(
        _ windowScene: UIWindowScene,
        didUpdate previousCoordinateSpace: any UICoordinateSpace,
        interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
        traitCollection previousTraitCollection: UITraitCollection
    ) {}

    /// Does nothing and never calls the handler.
    @available(tvOS, unavailable)
    public func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {}

    /// Does nothing.
    public func windowScene(
        _ windowScene: UIWindowScene,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    ) {}
}

#endif
