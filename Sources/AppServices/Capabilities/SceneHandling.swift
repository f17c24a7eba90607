/// A service that follows the life cycle of each scene (`UISceneDelegate` /
/// `UIWindowSceneDelegate`).
///
/// Every member is called with ``AppContext/scene`` set to the scene concerned, and the
/// composite tracks each scene's ``SceneState`` separately. URLs, user activities,
/// quick actions and CloudKit shares that arrive through a scene go to
/// ``URLOpenHandling``, ``UserActivityHandling``, ``ShortcutItemHandling`` and
/// ``CloudKitShareHandling``, so one service handles them for scene-based and older
/// applications alike.
@MainActor
public protocol SceneHandling: AppService {
    /// A scene is being added to the application
    /// (`scene(_:willConnectTo:options:)`). An "up" callback.
    func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions)
    /// The scene was removed (`sceneDidDisconnect(_:)`). A "down" callback.
    func sceneDidDisconnect(_ context: AppContext)
    /// The scene became active (`sceneDidBecomeActive(_:)`). An "up" callback.
    func sceneDidBecomeActive(_ context: AppContext)
    /// The scene is about to become inactive (`sceneWillResignActive(_:)`). A "down" callback.
    func sceneWillResignActive(_ context: AppContext)
    /// The scene is about to come to the foreground (`sceneWillEnterForeground(_:)`). An
    /// "up" callback.
    func sceneWillEnterForeground(_ context: AppContext)
    /// The scene is now in the background (`sceneDidEnterBackground(_:)`). A "down" callback.
    func sceneDidEnterBackground(_ context: AppContext)
    /// The activity to save for restoring the scene later
    /// (`stateRestorationActivity(for:)`). Merge: first non-`nil`. Default `nil`.
    func stateRestorationActivity(for context: AppContext) -> UserActivity?
    /// Restore the scene's interaction state
    /// (`scene(_:restoreInteractionStateWith:)`).
    func scene(_ context: AppContext, restoreInteractionStateWith stateRestorationActivity: UserActivity)
    /// The window scene's size, orientation or traits changed
    /// (`windowScene(_:didUpdate:interfaceOrientation:traitCollection:)`).
    func windowScene(_ context: AppContext, didUpdate previous: WindowSceneGeometryChange)
}

extension SceneHandling {
    /// Does nothing.
    public func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ context: AppContext) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ context: AppContext) {}
    /// Does nothing.
    public func sceneWillResignActive(_ context: AppContext) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ context: AppContext) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ context: AppContext) {}
    /// Saves no activity.
    public func stateRestorationActivity(for context: AppContext) -> UserActivity? { nil }
    /// Does nothing.
    public func scene(_ context: AppContext, restoreInteractionStateWith stateRestorationActivity: UserActivity) {}
    /// Does nothing.
    public func windowScene(_ context: AppContext, didUpdate previous: WindowSceneGeometryChange) {}
}
