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
    /// (`windowScene(_:didUpdateEffectiveGeometry:)` from iOS 26, where the adapter claims
    /// only it; `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)` before).
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

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``SceneHandling``.
    static let scenes = HandlerKind<any SceneHandling>(
        { $0 as? any SceneHandling },
        types: { $0 is any SceneHandling.Type }
    )
}

extension AppCallback {
    /// `scene:willConnectToSession:options:`
    public static let sceneWillConnect = AppCallback(
        "sceneWillConnect",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(scene: "scene:willConnectToSession:options:"),
        isAlwaysClaimed: true,
        sceneTransition: .from([nil, .disconnected], to: .unattached)
    )
    /// `sceneDidDisconnect:`
    public static let sceneDidDisconnect = AppCallback(
        "sceneDidDisconnect",
        heardBy: HandlerKinds.scenes,
        direction: .down,
        selectors: PlatformSelectors(scene: "sceneDidDisconnect:"),
        isAlwaysClaimed: true,
        sceneTransition: .from([.unattached, .foregroundInactive, .foregroundActive, .background], to: .disconnected)
    )
    /// `sceneDidBecomeActive:`
    public static let sceneDidBecomeActive = AppCallback(
        "sceneDidBecomeActive",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(scene: "sceneDidBecomeActive:"),
        isAlwaysClaimed: true,
        sceneTransition: .from([.foregroundInactive], to: .foregroundActive)
    )
    /// `sceneWillResignActive:`
    public static let sceneWillResignActive = AppCallback(
        "sceneWillResignActive",
        heardBy: HandlerKinds.scenes,
        direction: .down,
        selectors: PlatformSelectors(scene: "sceneWillResignActive:"),
        isAlwaysClaimed: true,
        sceneTransition: .from([.foregroundActive], to: .foregroundInactive, atEnd: true)
    )
    /// `sceneWillEnterForeground:`
    public static let sceneWillEnterForeground = AppCallback(
        "sceneWillEnterForeground",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(scene: "sceneWillEnterForeground:"),
        isAlwaysClaimed: true,
        sceneTransition: .from([.unattached, .background], to: .foregroundInactive, atEnd: true)
    )
    /// `sceneDidEnterBackground:`
    public static let sceneDidEnterBackground = AppCallback(
        "sceneDidEnterBackground",
        heardBy: HandlerKinds.scenes,
        direction: .down,
        selectors: PlatformSelectors(scene: "sceneDidEnterBackground:"),
        isAlwaysClaimed: true,
        sceneTransition: .from([.unattached, .foregroundInactive], to: .background)
    )
    /// `stateRestorationActivityForScene:`
    public static let stateRestorationActivity = AppCallback(
        "stateRestorationActivity",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(scene: "stateRestorationActivityForScene:")
    )
    /// `scene:restoreInteractionStateWithUserActivity:`
    public static let restoreInteractionState = AppCallback(
        "restoreInteractionState",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(scene: "scene:restoreInteractionStateWithUserActivity:")
    )
    /// `windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:`, deprecated in
    /// iOS 26; the adapter claims it before iOS 26 only.
    public static let windowSceneDidUpdateGeometry = AppCallback(
        "windowSceneDidUpdateGeometry",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(
            scene: "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"
        )
    )
    /// `windowScene:didUpdateEffectiveGeometry:` (iOS 26), which replaces
    /// ``windowSceneDidUpdateGeometry``: heard by the same member; the adapter claims it from
    /// iOS 26 on.
    public static let windowSceneDidUpdateEffectiveGeometry = AppCallback(
        "windowSceneDidUpdateEffectiveGeometry",
        heardBy: HandlerKinds.scenes,
        selectors: PlatformSelectors(scene: "windowScene:didUpdateEffectiveGeometry:")
    )

    /// The callbacks ``SceneHandling`` services hear.
    static let sceneCallbacks: [AppCallback] = [
        .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
        .sceneWillEnterForeground, .sceneDidEnterBackground, .stateRestorationActivity, .restoreInteractionState,
        .windowSceneDidUpdateGeometry, .windowSceneDidUpdateEffectiveGeometry,
    ]

    /// The scene life cycle: the callbacks that move a scene's state (connect, foreground,
    /// active, resign active, background, disconnect), which every kind of scene delegate
    /// forwards.
    package static let sceneLifeCycleCallbacks: [AppCallback] = sceneCallbacks.filter { $0.sceneTransition != nil }
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `scene(_:willConnectTo:options:)` for `scene`, then delivers what the
    /// scene was connected with to the capability each item belongs to.
    ///
    /// The composite is the one layer that delivers connection options (a platform adapter
    /// only converts them), so that a cold start reaches the same services, once, whatever
    /// the host: right after the scene's services heard `sceneWillConnect`, in this order,
    ///
    /// - each URL (sorted by its string) to ``URLOpenHandling``;
    /// - a Handoff type to ``UserActivityHandling/application(_:willContinueUserActivityWithType:)``;
    /// - each user activity to ``UserActivityHandling/application(_:continue:)``;
    /// - the quick action to ``ShortcutItemHandling`` (its answer goes nowhere: there is no
    ///   completion handler at connection time);
    /// - the CloudKit share to ``CloudKitShareHandling``;
    /// - the notification response to ``UserNotificationHandling``, once (see
    ///   ``didReceiveNotificationResponse(_:platform:completion:)``: when the platform
    ///   delivers it again through the notification center, services do not hear it twice),
    ///
    /// each with ``AppContext/scene`` set to `scene`.
    ///
    /// - Parameters:
    ///   - scene: The connecting scene.
    ///   - options: What it was connected with.
    ///   - platform: The raw platform objects (the adapter's connection options among them).
    ///   - restoringUserActivities: Called, for each user activity of `options` that services
    ///     answered with objects to restore, with the activity's position in
    ///     `options.userActivities` and those objects: a scene has no restoration handler,
    ///     so the platform adapter restores them itself.
    public func sceneWillConnect(
        _ scene: SceneInfo,
        options: SceneConnectionOptions = SceneConnectionOptions(),
        platform: PlatformObjects? = nil,
        restoringUserActivities: (_ index: Int, _ objects: [AnyObject]) -> Void = { _, _ in }
    ) {
        sceneWillConnect(
            scene,
            options: options,
            platform: platform,
            restoringUserActivities: restoringUserActivities,
            connected: { nil }
        )
    }

    /// ``sceneWillConnect(_:options:platform:restoringUserActivities:)``, calling `connected`
    /// once the scene's services have heard `sceneWillConnect` and before the connection
    /// options are delivered: where a platform adapter installs the scene's window, so that
    /// the services that handle the options find it there, as they do on a warm start. What
    /// `connected` returns, if anything, replaces `platform` for the deliveries (the same
    /// objects with the window).
    package func sceneWillConnect(
        _ scene: SceneInfo,
        options: SceneConnectionOptions,
        platform connecting: PlatformObjects?,
        restoringUserActivities: (_ index: Int, _ objects: [AnyObject]) -> Void,
        connected: () -> PlatformObjects?
    ) {
        var platform = connecting
        sealIfNeeded(by: AppCallback.sceneWillConnect.name)
        // Counted at once, so that a crash while the scene connects counts; set aside again if
        // the scene goes to the background without coming to the foreground.
        launch?.comingToForeground(sceneConnects: true)
        // Settled first: a launch that only seemed to be into the background (UIKit's state
        // for every scene-based launch) spent no time there, which the gates would count.
        if state.isLaunchReasonProvisional,
            let reason = state.settleLaunchReason(LaunchReason(options), inBackground: false)
        {
            launch?.noteLaunchReason(reason)
        }
        returningFromBackgroundToConnect()
        // An event a scene service posts as it is made reaches all of the scene's services,
        // once they have heard the scene connect.
        state.beginMakingServices()
        connectSceneServices(scene, platform: platform)
        notify(.sceneWillConnect, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.scene($1, willConnectTo: scene.session, options: options)
        }
        if state.endMakingServices() { drainPendingEvents() }
        if let withWindow = connected() { platform = withWindow }
        if !options.urlContexts.isEmpty { open(options.urlContexts, scene: scene, platform: platform) }
        if let type = options.handoffUserActivityType {
            _ = willContinueUserActivity(type: type, platform: platform, scene: scene)
        }
        for (index, activity) in options.userActivities.enumerated() {
            _ = continueUserActivity(activity, platform: platform, scene: scene) { restoringUserActivities(index, $0) }
        }
        if let item = options.shortcutItem { performAction(for: item, platform: platform, scene: scene) { _ in } }
        if let share = options.cloudKitShareMetadata {
            userDidAcceptCloudKitShare(share, platform: platform, scene: scene)
        }
        if var response = options.notificationResponse {
            // UIKit may deliver the same response through the notification center's delegate
            // too, with a completion handler; the composite delivers it once.
            if response.targetScene == nil { response.targetScene = scene }
            didReceiveNotificationResponse(response, platform: platform) {}
        }
        sceneConnected(scene)
    }

    /// Dispatches `sceneWillEnterForeground(_:)` for `scene`. If this brings the first scene
    /// to the foreground, the application-level `willEnterForeground` is dispatched first
    /// (see ``Configuration-swift.struct/derivesApplicationStateFromScenes``).
    public func sceneWillEnterForeground(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        followScenes(before: .sceneWillEnterForeground, scene, platform: platform)
        notify(.sceneWillEnterForeground, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.sceneWillEnterForeground($1)
        }
        followScenes(after: .sceneWillEnterForeground, platform: platform)
    }

    /// Dispatches `sceneDidBecomeActive(_:)` for `scene`, after the application-level
    /// `didBecomeActive` if this is the first active scene.
    public func sceneDidBecomeActive(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        followScenes(before: .sceneDidBecomeActive, scene, platform: platform)
        notify(.sceneDidBecomeActive, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.sceneDidBecomeActive($1)
        }
        followScenes(after: .sceneDidBecomeActive, platform: platform)
        state.launchToReportFirstFrame()?.reportFirstFrameAfterMainQueueTurn()
    }

    /// Dispatches `sceneWillResignActive(_:)` for `scene`, then the application-level
    /// `willResignActive` if no scene is active any more.
    public func sceneWillResignActive(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        followScenes(before: .sceneWillResignActive, scene, platform: platform)
        notify(.sceneWillResignActive, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.sceneWillResignActive($1)
        }
        followScenes(after: .sceneWillResignActive, platform: platform)
    }

    /// Dispatches `sceneDidEnterBackground(_:)` for `scene`, then the application-level
    /// `didEnterBackground` if no scene is in the foreground any more.
    ///
    /// A scene the system connected to handle an event in the background goes there from
    /// unattached, without coming to the foreground: a launch into the background is then
    /// not counted as one that missed its first frame (safe mode), once its work is done.
    public func sceneDidEnterBackground(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        let wasUnattached = sceneState(for: scene.identifier) == .unattached
        followScenes(before: .sceneDidEnterBackground, scene, platform: platform)
        notify(.sceneDidEnterBackground, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.sceneDidEnterBackground($1)
        }
        followScenes(after: .sceneDidEnterBackground, platform: platform)
        if wasUnattached { launch?.sceneStayedInBackground() }
    }

    /// Dispatches `sceneDidDisconnect(_:)` for `scene` in reverse dependency order.
    public func sceneDidDisconnect(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        sceneDisconnecting(scene)
        followScenes(before: .sceneDidDisconnect, scene, platform: platform)
        notify(.sceneDidDisconnect, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.sceneDidDisconnect($1)
        }
        followScenes(after: .sceneDidDisconnect, platform: platform)
        disconnectSceneServices(scene)
        sceneDisconnected(scene)
    }

    /// Dispatches the scene callbacks that take `scene` from its tracked state to `target`,
    /// by the transitions UIKit makes, for a host that reports where a scene is rather than
    /// UIKit's callbacks (a SwiftUI scene's phase, say).
    ///
    /// Background to active goes through `sceneWillEnterForeground`, active to background
    /// through `sceneWillResignActive`; each scene callback brings the application-level
    /// ones it implies, as the callbacks themselves do. A scene that connected in the
    /// background stays unattached until it first comes to the foreground: a phase does not
    /// tell a scene the system moved to the background (`sceneDidEnterBackground` from
    /// unattached, which UIKit sends such a scene) from one that is still connecting.
    /// Does nothing for a scene that is not connected, or when `target` is not
    /// `.foregroundInactive`, `.foregroundActive` or `.background`.
    public func moveSceneState(_ scene: SceneInfo, to target: SceneState, platform: PlatformObjects? = nil) {
        guard [.foregroundInactive, .foregroundActive, .background].contains(target) else { return }
        while let current = sceneState(for: scene.identifier), current != target {
            switch (current, target) {
            case (.unattached, .background): return
            case (.unattached, _), (.background, _): sceneWillEnterForeground(scene, platform: platform)
            case (.foregroundInactive, .foregroundActive): sceneDidBecomeActive(scene, platform: platform)
            case (.foregroundInactive, _): sceneDidEnterBackground(scene, platform: platform)
            case (.foregroundActive, _): sceneWillResignActive(scene, platform: platform)
            default: return
            }
        }
    }

    /// Dispatches `stateRestorationActivity(for:)` for `scene`.
    ///
    /// - Returns: The first non-`nil` activity in dependency order, or `nil`.
    public func stateRestorationActivity(for scene: SceneInfo, platform: PlatformObjects? = nil) -> UserActivity? {
        ask(
            .stateRestorationActivity,
            (any SceneHandling).self,
            merge: .firstNonNil(),
            platform: platform,
            scene: scene
        ) {
            $0.stateRestorationActivity(for: $1)
        }
    }

    /// Dispatches `scene(_:restoreInteractionStateWith:)` for `scene`.
    public func restoreInteractionState(
        _ scene: SceneInfo,
        with activity: UserActivity,
        platform: PlatformObjects? = nil
    ) {
        notify(.restoreInteractionState, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.scene($1, restoreInteractionStateWith: activity)
        }
    }

    /// Dispatches `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)` for `scene`.
    public func windowSceneDidUpdate(
        _ scene: SceneInfo,
        previous: WindowSceneGeometryChange,
        platform: PlatformObjects? = nil
    ) {
        notify(.windowSceneDidUpdateGeometry, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.windowScene($1, didUpdate: previous)
        }
    }

    /// Dispatches `windowScene(_:didUpdateEffectiveGeometry:)` for `scene`, to the same
    /// member as the callback it replaces.
    public func windowSceneDidUpdateEffectiveGeometry(
        _ scene: SceneInfo,
        previous: WindowSceneGeometryChange,
        platform: PlatformObjects? = nil
    ) {
        notify(.windowSceneDidUpdateEffectiveGeometry, (any SceneHandling).self, platform: platform, scene: scene) {
            $0.windowScene($1, didUpdate: previous)
        }
    }

    /// Dispatches the application-level transitions a scene callback implies that come
    /// before it: an "up" callback (a scene coming forward) first brings the application
    /// where the scenes will then imply. Not inlined: the scene methods share one copy.
    ///
    /// Two calls around the dispatch rather than one taking it as a closure: the closure's
    /// captures (the composite, the scene, the objects) were retained and released at every
    /// scene callback.
    @inline(never)
    private func followScenes(before callback: AppCallback, _ scene: SceneInfo, platform: PlatformObjects?) {
        guard callback.direction == .up else { return }
        let prospective = Self.sceneState(after: callback)
        followScenes(to: stateImpliedByScenes(treating: scene.identifier, as: prospective), platform: platform)
    }

    /// Dispatches the application-level transitions a scene callback implies that come
    /// after it: a "down" callback (a scene going back) then takes the application where
    /// the scenes imply.
    @inline(never)
    private func followScenes(after callback: AppCallback, platform: PlatformObjects?) {
        guard callback.direction != .up else { return }
        let implied = stateImpliedByScenes()
        guard callback === AppCallback.sceneDidDisconnect else { return followScenes(to: implied, platform: platform) }
        followScenes(to: ApplicationState.afterSceneDisconnected(implied: implied), platform: platform)
    }
}
