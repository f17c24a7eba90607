public import AppServices

#if canImport(UIKit)
public import UIKit
public import CloudKit
import UserNotifications
#else
public import AppServicesUIKitShim
#endif

/// A window-scene delegate that is a thin host for services: each scene callback goes to
/// the application's `ServiceComposite` with `AppContext/scene` set to the scene.
///
/// UIKit creates one scene delegate per scene, of the class the scene's configuration
/// names (the Info.plist's `UISceneDelegateClassName`, or the `delegateClass` the app
/// delegate sets). All of them share the composite of the application's
/// ``ServiceOrientedAppDelegate``; the composite tracks each scene's state
/// (`ServiceComposite/sceneState(for:)`) and, by default, derives the application's
/// state from its scenes. Each scene delegate has its own `window`.
///
/// ```swift
/// final class SceneDelegate: ServiceOrientedSceneDelegate {}
/// ```
///
/// **Connection options.** The delegate converts what the scene was connected with and
/// hands it to the composite, which delivers each item, right after
/// `scene(_:willConnectTo:options:)`, to the capability it belongs to
/// (`ServiceComposite.sceneWillConnect(_:options:platform:restoringUserActivities:)`): its
/// URLs go to `URLOpenHandling`, a Handoff activity type to `willContinueUserActivity`, its
/// user activities to `UserActivityHandling`, its quick action to `ShortcutItemHandling`,
/// its CloudKit share to `CloudKitShareHandling` and a notification response to
/// `UserNotificationHandling`, so one service handles each for cold and warm starts alike,
/// and the bare composite, this delegate and SwiftUI deliver the same callbacks. The raw
/// objects are in `context.uiKit` (`connectionOptions`, `urlContexts`, `shortcutItem`).
/// When UIKit delivers the notification response to the notification center's delegate as
/// well, the services do not hear it again, and the delegate's completion handler is called
/// once the services' work on the first delivery has finished (at once when it has).
///
/// **User activities.** A scene has no restoration handler; the objects services return
/// from `continue` get `restoreUserActivityState(_:)` called on them directly, as UIKit
/// would through the handler.
///
/// **What it claims.** The life-cycle callbacks always (the composite tracks each scene's
/// state), and every callback the subclass overrides; the others only when a registered
/// service handles them, application-wide or a scene service (`SceneService`).
open class ServiceOrientedSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// The scene's main window.
    open var window: UIWindow?

    /// The composite `composite` found (see `CompositeLocator`).
    private var foundComposite: ServiceComposite?
    private var covers = PrivacyCovers()

    /// Changes the privacy covers on a copy taken out and stored back, never inside an
    /// access to the property (see `PrivacyCovers`).
    private func changeCovers<Result>(_ change: (inout PrivacyCovers) -> Result) -> Result {
        var changed = covers
        covers = PrivacyCovers()
        defer { covers = changed }
        return change(&changed)
    }

    /// The privacy cover window shown over `scene` while it is not active
    /// (``PrivacyCoverProviding``), if any.
    public func privacyCoverWindow(over scene: UIScene) -> UIWindow? { covers.window(over: scene) }

    /// The identifiers of the scenes delegates of this class connected, so that SwiftUI's
    /// `appServices(_:)` leaves those scenes to them (a scene connected here is never
    /// reported twice).
    package static var reportedScenes: Set<String> = []

    /// The composite this scene's callbacks go to: by default that of the application's
    /// ``ServiceOrientedAppDelegate`` (also when SwiftUI created it behind
    /// `@UIApplicationDelegateAdaptor`). Override it to use another.
    open var composite: ServiceComposite {
        if let foundComposite { return foundComposite }
        let found = CompositeLocator.composite(for: self)
        foundComposite = found
        return found
    }

    /// Whether UIKit should call the method `aSelector` names: `true` for the scene
    /// life-cycle callbacks and the callbacks the subclass overrides; for the others, only
    /// when a registered service, application-wide or a scene service, handles them.
    /// Any other selector is answered by `UIResponder`.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
        SelectorClaim.claims(
            aSelector,
            by: self,
            adapter: ServiceOrientedSceneDelegate.self,
            in: UIKitSelectors.sceneDelegate,
            throughScenes: true
        ) {
            self.composite
        } ?? super.responds(to: aSelector)
    }

    /// The selectors (the SDK's strings, such as `scene:openURLContexts:`) of every
    /// `UIWindowSceneDelegate` callback this class forwards, claimed or not; not the one of
    /// the two geometry callbacks that the running system replaced, which it never claims.
    public nonisolated static var forwardedSelectors: [String] {
        UIKitSelectors.sceneDelegate.compactMap { $0.value == .whenOverridden ? nil : $0.key }
    }

    /// The raw objects of a callback for `scene`: the scene, its session, this delegate's
    /// window, and `values` that are present.
    ///
    /// A callback that comes with the scene alone (the life-cycle callbacks) gets the same
    /// objects while the scene and the window are the same, so that the composite reuses
    /// the box it makes of them and such a callback allocates nothing. They hold the scene,
    /// which holds this delegate: `sceneDidDisconnect(_:)` lets them go, so that the scene
    /// and its delegate are released once disconnected. (Held weakly instead, they would
    /// take the slow path of reference counting at every retain, for their whole life.)
    private func platform(_ scene: UIScene, _ values: [PlatformObjects.Key: Any?]) -> PlatformObjects {
        var objects = PlatformObjects.present(values)
        guard !objects.isEmpty else { return platform(scene) }
        add(scene, window, to: &objects)
        return PlatformObjects(objects)
    }

    /// ``platform(_:_:)`` for a callback that comes with the scene alone.
    private func platform(_ scene: UIScene) -> PlatformObjects {
        let window = self.window
        let madeFor = (scene: ObjectIdentifier(scene), window: window.map(ObjectIdentifier.init))
        if let sceneObjects, sceneObjectsScene == madeFor.scene, sceneObjectsWindow == madeFor.window {
            return sceneObjects
        }
        var objects: [PlatformObjects.Key: Any] = [:]
        add(scene, window, to: &objects)
        let made = PlatformObjects(objects)
        sceneObjects = made
        sceneObjectsScene = madeFor.scene
        sceneObjectsWindow = madeFor.window
        return made
    }

    /// Adds what every callback of `scene` comes with: the scene, its session, the window,
    /// and the application, as the application delegate's callbacks do: the application-state
    /// callbacks the composite derives from the scenes come with these objects, and a service
    /// moved from the application delegate reads `context.uiKit.application` there.
    private func add(_ scene: UIScene, _ window: UIWindow?, to objects: inout [PlatformObjects.Key: Any]) {
        objects[.application] = UIApplication.shared
        objects[.scene] = scene
        objects[.session] = scene.session
        objects[.window] = window
    }

    /// The platform-neutral description of `scene`, made once: a scene's session (its
    /// identifier, role and configuration) is the scene's for its life, and only its title,
    /// read again at every callback, can change. Kept with the scene it describes until the
    /// scene disconnects, as `platform(_:)` keeps its objects; the same description each time
    /// also makes the composite's check that a callback concerns the last one's scene cheap.
    // Not inlined: about twenty callbacks describe their scene, each would carry a copy.
    @inline(never)
    private func info(_ scene: UIScene) -> SceneInfo {
        let title: String? = scene.title
        var made: SceneInfo
        if describedScene == ObjectIdentifier(scene), let described = sceneInfo {
            if described.title == title { return described }
            made = described
            made.title = title
        } else {
            made = SceneInfo(scene)
        }
        sceneInfo = made
        describedScene = ObjectIdentifier(scene)
        describedSceneHeld = scene
        return made
    }

    /// The description `info(_:)` made last, of the scene `describedScene` identifies,
    /// which `describedSceneHeld` keeps alive (so that the identifier is not reused) and
    /// only holds: compared by identifier, the scene is not retained at every callback.
    private var sceneInfo: SceneInfo?
    private var describedScene: ObjectIdentifier?
    private var describedSceneHeld: UIScene?

    /// The objects `platform(_:_:)` made last for a callback that comes with the scene
    /// alone, until the scene disconnects.
    private var sceneObjects: PlatformObjects?
    /// The scene and the window they were made for (they hold both, so the identifiers
    /// cannot have been reused).
    private var sceneObjectsScene: ObjectIdentifier?
    private var sceneObjectsWindow: ObjectIdentifier?

    // MARK: - Life cycle

    /// Dispatches `scene(_:willConnectTo:options:)`; the composite then delivers what the
    /// scene was connected with (see the type's documentation).
    open func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        let described = info(scene)
        Self.reportedScenes.insert(described.identifier)
        let activities = SceneConnectionOptions.sortedActivities(connectionOptions)
        let values = Self.connectionValues(connectionOptions, of: composite)
        let objects = platform(scene, values)
        let windowAtConnection = window
        let options = SceneConnectionOptions(connectionOptions)
        composite.sceneWillConnect(
            described,
            options: options,
            platform: objects,
            restoringUserActivities: { index, restoring in
                for case let object as any UIUserActivityRestoring in restoring {
                    object.restoreUserActivityState(activities[index])
                }
            },
            // The window a service provides, if any (otherwise UIKit's own, a storyboard's,
            // stays), before the options are delivered: the services that route a URL or
            // an activity find it, as on a warm start; so they do the window a service made
            // itself as it heard the scene connect.
            connected: {
                if window == nil,
                    let provided = composite.installProvidedWindow(
                        for: scene as? UIWindowScene,
                        info: described,
                        platform: objects
                    )
                {
                    window = provided
                }
                return window === windowAtConnection ? nil : platform(scene, values)
            }
        )
    }

    /// The raw objects a scene connects with, for its services' contexts: the connection
    /// options, their URLs, quick action, CloudKit share and notification response (with its
    /// notification and user info, whose values a service cannot read in the payload are
    /// logged to `composite`'s logger), and the activity's `NSUserActivity` when the scene
    /// connects with one (a Universal Link, Handoff, a call from Recents), as on a warm
    /// start; several are in the connection options. The CarPlay scene delegate's are the
    /// same.
    static func connectionValues(
        _ connectionOptions: UIScene.ConnectionOptions,
        of composite: ServiceComposite
    ) -> [PlatformObjects.Key: Any?] {
        let response = connectionOptions.notificationResponse
        if let response {
            UserNotification.warnAboutDroppedUserInfo(of: response.notification, logger: composite.configuration.logger)
        }
        let activities = connectionOptions.userActivities
        for activity in activities {
            UserActivity.warnAboutDroppedUserInfo(of: activity, logger: composite.configuration.logger)
        }
        return [
            .connectionOptions: connectionOptions,
            .urlContexts: connectionOptions.urlContexts.isEmpty ? nil : connectionOptions.urlContexts,
            .shortcutItem: connectionOptions.shortcutItem,
            .cloudKitShareMetadata: connectionOptions.cloudKitShareMetadata,
            .notificationResponse: response,
            .userNotification: response?.notification,
            .userInfo: response?.notification.request.content.userInfo,
            .userActivity: activities.count == 1 ? activities.first : nil,
        ]
    }

    /// Dispatches `sceneDidDisconnect(_:)`, and removes the scene's privacy cover. An
    /// override calls `super`: besides telling the services, it lets go of the objects this
    /// delegate keeps for the scene, which hold the scene.
    open func sceneDidDisconnect(_ scene: UIScene) {
        if let cover = changeCovers({ $0.take(from: scene) }) { PrivacyCovers.hide(cover) }
        composite.sceneDidDisconnect(info(scene), platform: platform(scene))
        sceneObjects = nil
        sceneInfo = nil
        describedScene = nil
        describedSceneHeld = nil
        sceneObjectsScene = nil
        sceneObjectsWindow = nil
    }

    /// Removes the scene's privacy cover (``PrivacyCoverProviding``), then dispatches
    /// `sceneDidBecomeActive(_:)`.
    open func sceneDidBecomeActive(_ scene: UIScene) {
        if let cover = changeCovers({ $0.take(from: scene) }) { PrivacyCovers.hide(cover) }
        composite.sceneDidBecomeActive(info(scene), platform: platform(scene))
    }

    /// Dispatches `sceneWillResignActive(_:)`, then shows the privacy cover a service
    /// provides (``PrivacyCoverProviding``) over the scene.
    open func sceneWillResignActive(_ scene: UIScene) {
        let described = info(scene)
        let platform = platform(scene)
        // Read once: the getter is open, and returns the composite retained.
        let composite = self.composite
        composite.sceneWillResignActive(described, platform: platform)
        cover(scene, described, composite: composite, platform: platform)
    }

    /// Shows the privacy cover a service provides over `scene`, unless one is shown.
    private func cover(
        _ scene: UIScene,
        _ described: SceneInfo,
        composite: ServiceComposite,
        platform: PlatformObjects?
    ) {
        guard let windowScene = scene as? UIWindowScene, covers.window(over: windowScene) == nil else { return }
        let cover = PrivacyCovers.cover(over: windowScene, info: described, composite: composite, platform: platform)
        if let cover { changeCovers { $0.keep(cover, over: windowScene) } }
    }

    /// Dispatches `sceneWillEnterForeground(_:)`.
    open func sceneWillEnterForeground(_ scene: UIScene) {
        composite.sceneWillEnterForeground(info(scene), platform: platform(scene))
    }

    /// Dispatches `sceneDidEnterBackground(_:)`, then shows the privacy cover a service
    /// provides, when none is shown: a scene that never became active (sent home while it
    /// was coming forward) reaches the background without resigning active.
    open func sceneDidEnterBackground(_ scene: UIScene) {
        let described = info(scene)
        let platform = platform(scene)
        let composite = self.composite
        composite.sceneDidEnterBackground(described, platform: platform)
        cover(scene, described, composite: composite, platform: platform)
    }

    // MARK: - URLs and state restoration

    /// Dispatches each URL of `scene(_:openURLContexts:)` to `URLOpenHandling`.
    open func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        composite.open(
            Set(URLContexts.map(OpenURLContext.init)),
            scene: info(scene),
            platform: platform(scene, [.urlContexts: URLContexts])
        )
    }

    /// Dispatches `stateRestorationActivity(for:)`: the first activity a service provides.
    ///
    /// When that activity is the scene's own `userActivity` (a service answered
    /// `UserActivity(scene.userActivity)`, unchanged), UIKit gets that object back: it then
    /// asks the responders that keep it current to add their state
    /// (`updateUserActivityState(_:)`) before it saves it, and its values that are no
    /// property-list values stay. Any other answer becomes a new activity, with its
    /// property-list values.
    open func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        guard let answer = composite.stateRestorationActivity(for: info(scene), platform: platform(scene)) else {
            return nil
        }
        if let own = scene.userActivity, UserActivity(own) == answer { return own }
        return NSUserActivity(answer)
    }

    /// Dispatches `scene(_:restoreInteractionStateWith:)`.
    open func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        composite.restoreInteractionState(
            info(scene),
            with: UserActivity(stateRestorationActivity),
            platform: platform(scene, [.userActivity: stateRestorationActivity])
        )
    }

    // MARK: - User activity

    /// Dispatches `scene(_:willContinueUserActivityWithType:)`.
    open func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {
        _ = composite.willContinueUserActivity(
            type: userActivityType,
            platform: platform(scene),
            scene: info(scene)
        )
    }

    /// Dispatches `scene(_:continue:)`, then calls `restoreUserActivityState(_:)` on the
    /// objects the services returned.
    open func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        UserActivity.warnAboutDroppedUserInfo(of: userActivity, logger: composite.configuration.logger)
        _ = composite.continueUserActivity(
            UserActivity(userActivity),
            platform: platform(scene, [.userActivity: userActivity]),
            scene: info(scene)
        ) { objects in
            for case let object as any UIUserActivityRestoring in objects {
                object.restoreUserActivityState(userActivity)
            }
        }
    }

    /// Dispatches `scene(_:didFailToContinueUserActivityWithType:error:)`.
    open func scene(
        _ scene: UIScene,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {
        composite.didFailToContinueUserActivity(
            type: userActivityType,
            error: error,
            platform: platform(scene),
            scene: info(scene)
        )
    }

    /// Dispatches `scene(_:didUpdate:)`.
    open func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity) {
        composite.didUpdateUserActivity(
            UserActivity(userActivity),
            platform: platform(scene, [.userActivity: userActivity]),
            scene: info(scene)
        )
    }

    // MARK: - Window scene

    /// Dispatches `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)`; the
    /// previous coordinate space and traits are in `context.uiKit`.
    open func windowScene(
        _ windowScene: UIWindowScene,
        didUpdate previousCoordinateSpace: any UICoordinateSpace,
        interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
        traitCollection previousTraitCollection: UITraitCollection
    ) {
        composite.windowSceneDidUpdate(
            info(windowScene),
            previous: WindowSceneGeometryChange(
                previousInterfaceOrientation: InterfaceOrientation(previousInterfaceOrientation)
            ),
            platform: platform(
                windowScene,
                [.previousCoordinateSpace: previousCoordinateSpace, .previousTraits: previousTraitCollection]
            )
        )
    }

    /// Dispatches `windowScene(_:didUpdateEffectiveGeometry:)` (iOS 26), which replaces the
    /// coordinate-space callback above, to the same member; the previous geometry is in
    /// `context.uiKit`.
    @available(iOS 26.0, visionOS 26.0, *)
    open func windowScene(
        _ windowScene: UIWindowScene,
        didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry
    ) {
        composite.windowSceneDidUpdateEffectiveGeometry(
            info(windowScene),
            previous: WindowSceneGeometryChange(
                previousInterfaceOrientation: InterfaceOrientation(previousEffectiveGeometry.interfaceOrientation),
                wasInterfaceOrientationLocked: Self.orientationLock(of: previousEffectiveGeometry),
                wasInteractivelyResizing: previousEffectiveGeometry.isInteractivelyResizing
            ),
            platform: platform(windowScene, [.previousEffectiveGeometry: previousEffectiveGeometry])
        )
    }

    /// Whether `geometry`'s orientation was locked; `nil` on visionOS, where a window scene's
    /// geometry does not have the property.
    @available(iOS 26.0, visionOS 26.0, *)
    private static func orientationLock(of geometry: UIWindowScene.Geometry) -> Bool? {
        #if os(visionOS)
        nil
        #else
        geometry.isInterfaceOrientationLocked
        #endif
    }

    #if !canImport(UIKit) || canImport(UIKit, _version: 9127)
    /// Dispatches the window scene's `supportedInterfaceOrientations(for:)` (iOS 27, compiled
    /// with an SDK that has it: see `UIKitSelectors`) to `InterfaceOrientationHandling`, with
    /// the scene set: the intersection of the answers; the Info.plist's orientations when no
    /// service handles it (UIKit does not ask then: it is not claimed), read from the bundle,
    /// as the application delegate reads them.
    open func supportedInterfaceOrientations(for windowScene: UIWindowScene) -> UIInterfaceOrientationMask {
        let mask = composite.supportedInterfaceOrientations(
            for: info(windowScene),
            window: window,
            platform: platform(windowScene)
        )
        return mask.map(UIInterfaceOrientationMask.init) ?? InfoPlistOrientations.mask()
    }
    #endif

    /// Dispatches `windowScene(_:performActionFor:completionHandler:)`.
    /// `completionHandler` is called exactly once: `true` if a service handled the item.
    open func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        composite.performAction(
            for: ShortcutItem(shortcutItem),
            platform: platform(windowScene, [.shortcutItem: shortcutItem]),
            scene: info(windowScene)
        ) { handled in
            completionHandler(handled)
        }
    }

    /// Dispatches `windowScene(_:userDidAcceptCloudKitShareWith:)`.
    open func windowScene(
        _ windowScene: UIWindowScene,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    ) {
        composite.userDidAcceptCloudKitShare(
            CloudKitShareMetadata(cloudKitShareMetadata),
            platform: platform(windowScene, [.cloudKitShareMetadata: cloudKitShareMetadata]),
            scene: info(windowScene)
        )
    }
}
