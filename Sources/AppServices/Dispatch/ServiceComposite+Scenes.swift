extension ServiceComposite {
    /// Dispatches `application(_:configurationForConnecting:options:)`.
    ///
    /// - Returns: The first non-`nil` configuration in dependency order; `nil` when no
    ///   service proposes one (the adapter then uses its default).
    public func configurationForConnecting(
        _ session: SceneSession,
        options: SceneConnectionOptions = SceneConnectionOptions(),
        platform: PlatformObjects? = nil
    ) -> SceneConfiguration? {
        ask(.configurationForConnecting, { $0.sceneSessions }, merge: .firstNonNil(), platform: platform) {
            $0.application($1, configurationForConnecting: session, options: options)
        }
    }

    /// Dispatches `application(_:didDiscardSceneSessions:)`.
    public func didDiscardSceneSessions(_ sessions: Set<SceneSession>, platform: PlatformObjects? = nil) {
        notify(.didDiscardSceneSessions, { $0.sceneSessions }, platform: platform) {
            $0.application($1, didDiscardSceneSessions: sessions)
        }
    }

    /// Dispatches `scene(_:willConnectTo:options:)` for `scene`.
    public func sceneWillConnect(
        _ scene: SceneInfo,
        options: SceneConnectionOptions = SceneConnectionOptions(),
        platform: PlatformObjects? = nil
    ) {
        notify(.sceneWillConnect, { $0.scenes }, platform: platform, scene: scene) {
            $0.scene($1, willConnectTo: scene.session, options: options)
        }
    }

    /// Dispatches `sceneWillEnterForeground(_:)` for `scene`. If this brings the first scene
    /// to the foreground, the application-level `willEnterForeground` is dispatched first
    /// (see ``Configuration-swift.struct/derivesApplicationStateFromScenes``).
    public func sceneWillEnterForeground(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        sceneTransition(.sceneWillEnterForeground, scene, platform: platform) {
            notify(.sceneWillEnterForeground, { $0.scenes }, platform: platform, scene: scene) {
                $0.sceneWillEnterForeground($1)
            }
        }
    }

    /// Dispatches `sceneDidBecomeActive(_:)` for `scene`, after the application-level
    /// `didBecomeActive` if this is the first active scene.
    public func sceneDidBecomeActive(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        sceneTransition(.sceneDidBecomeActive, scene, platform: platform) {
            notify(.sceneDidBecomeActive, { $0.scenes }, platform: platform, scene: scene) {
                $0.sceneDidBecomeActive($1)
            }
        }
        launch?.reportFirstFrameAfterMainQueueTurn()
    }

    /// Dispatches `sceneWillResignActive(_:)` for `scene`, then the application-level
    /// `willResignActive` if no scene is active any more.
    public func sceneWillResignActive(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        sceneTransition(.sceneWillResignActive, scene, platform: platform) {
            notify(.sceneWillResignActive, { $0.scenes }, platform: platform, scene: scene) {
                $0.sceneWillResignActive($1)
            }
        }
    }

    /// Dispatches `sceneDidEnterBackground(_:)` for `scene`, then the application-level
    /// `didEnterBackground` if no scene is in the foreground any more.
    public func sceneDidEnterBackground(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        sceneTransition(.sceneDidEnterBackground, scene, platform: platform) {
            notify(.sceneDidEnterBackground, { $0.scenes }, platform: platform, scene: scene) {
                $0.sceneDidEnterBackground($1)
            }
        }
    }

    /// Dispatches `sceneDidDisconnect(_:)` for `scene` in reverse dependency order.
    public func sceneDidDisconnect(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        sceneTransition(.sceneDidDisconnect, scene, platform: platform) {
            notify(.sceneDidDisconnect, { $0.scenes }, platform: platform, scene: scene) { $0.sceneDidDisconnect($1) }
        }
    }

    /// Dispatches `stateRestorationActivity(for:)` for `scene`.
    ///
    /// - Returns: The first non-`nil` activity in dependency order, or `nil`.
    public func stateRestorationActivity(for scene: SceneInfo, platform: PlatformObjects? = nil) -> UserActivity? {
        ask(.stateRestorationActivity, { $0.scenes }, merge: .firstNonNil(), platform: platform, scene: scene) {
            $0.stateRestorationActivity(for: $1)
        }
    }

    /// Dispatches `scene(_:restoreInteractionStateWith:)` for `scene`.
    public func restoreInteractionState(
        _ scene: SceneInfo,
        with activity: UserActivity,
        platform: PlatformObjects? = nil
    ) {
        notify(.restoreInteractionState, { $0.scenes }, platform: platform, scene: scene) {
            $0.scene($1, restoreInteractionStateWith: activity)
        }
    }

    /// Dispatches `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)` for `scene`.
    public func windowSceneDidUpdate(
        _ scene: SceneInfo,
        previous: WindowSceneGeometryChange,
        platform: PlatformObjects? = nil
    ) {
        notify(.windowSceneDidUpdateGeometry, { $0.scenes }, platform: platform, scene: scene) {
            $0.windowScene($1, didUpdate: previous)
        }
    }

    /// Runs a scene callback with the application-level transitions it implies: "up"
    /// transitions before it, "down" transitions after.
    private func sceneTransition(
        _ callback: AppCallback,
        _ scene: SceneInfo,
        platform: PlatformObjects?,
        _ dispatch: () -> Void
    ) {
        if callback.direction == .up {
            let prospective = Self.sceneState(after: callback)
            followScenes(to: stateImpliedByScenes(treating: scene.identifier, as: prospective), platform: platform)
            dispatch()
        } else {
            dispatch()
            followScenes(to: stateImpliedByScenes(), platform: platform)
        }
    }
}
