extension ServiceComposite {
    /// Dispatches `applicationDidBecomeActive(_:)` in dependency order.
    ///
    /// The first time, it also schedules the launch's first-frame report for the main
    /// queue's next turn (see ``reportFirstFrame()``).
    public func didBecomeActive(platform: PlatformObjects? = nil) {
        notify(.didBecomeActive, { $0.applicationState }, platform: platform) { $0.applicationDidBecomeActive($1) }
        launch?.reportFirstFrameAfterMainQueueTurn()
    }

    /// Dispatches `applicationWillResignActive(_:)` in reverse dependency order.
    public func willResignActive(platform: PlatformObjects? = nil) {
        notify(.willResignActive, { $0.applicationState }, platform: platform) { $0.applicationWillResignActive($1) }
    }

    /// Dispatches `applicationDidEnterBackground(_:)` in reverse dependency order.
    public func didEnterBackground(platform: PlatformObjects? = nil) {
        notify(.didEnterBackground, { $0.applicationState }, platform: platform) {
            $0.applicationDidEnterBackground($1)
        }
    }

    /// Dispatches `applicationWillEnterForeground(_:)` in dependency order, then runs again
    /// the launch initializers that re-run on entering the foreground.
    public func willEnterForeground(platform: PlatformObjects? = nil) {
        notify(.willEnterForeground, { $0.applicationState }, platform: platform) {
            $0.applicationWillEnterForeground($1)
        }
        launch?.enterForeground()
    }

    /// Dispatches `applicationWillTerminate(_:)` in reverse dependency order, then cancels
    /// work still running for completion-handler callbacks and the launch.
    public func willTerminate(platform: PlatformObjects? = nil) {
        notify(.willTerminate, { $0.applicationState }, platform: platform) { $0.applicationWillTerminate($1) }
        cancelPendingWork()
        launch?.cancel()
    }

    /// Dispatches `applicationDidReceiveMemoryWarning(_:)`.
    public func didReceiveMemoryWarning(platform: PlatformObjects? = nil) {
        notify(.didReceiveMemoryWarning, { $0.systemEvents }, platform: platform) {
            $0.applicationDidReceiveMemoryWarning($1)
        }
    }

    /// Dispatches `applicationSignificantTimeChange(_:)`.
    public func significantTimeChange(platform: PlatformObjects? = nil) {
        notify(.significantTimeChange, { $0.systemEvents }, platform: platform) {
            $0.applicationSignificantTimeChange($1)
        }
    }

    /// Dispatches `applicationProtectedDataWillBecomeUnavailable(_:)`.
    public func protectedDataWillBecomeUnavailable(platform: PlatformObjects? = nil) {
        notify(.protectedDataWillBecomeUnavailable, { $0.systemEvents }, platform: platform) {
            $0.applicationProtectedDataWillBecomeUnavailable($1)
        }
    }

    /// Dispatches `applicationProtectedDataDidBecomeAvailable(_:)`.
    public func protectedDataDidBecomeAvailable(platform: PlatformObjects? = nil) {
        notify(.protectedDataDidBecomeAvailable, { $0.systemEvents }, platform: platform) {
            $0.applicationProtectedDataDidBecomeAvailable($1)
        }
    }

    /// Dispatches `applicationShouldRequestHealthAuthorization(_:)`.
    public func shouldRequestHealthAuthorization(platform: PlatformObjects? = nil) {
        notify(.shouldRequestHealthAuthorization, { $0.healthAuthorization }, platform: platform) {
            $0.applicationShouldRequestHealthAuthorization($1)
        }
    }

    /// Dispatches `applicationShouldAutomaticallyLocalizeKeyCommands(_:)`.
    ///
    /// - Returns: `false` if any service returned `false`, else `true`; `nil` when no
    ///   service handles it (the adapter then does not claim the callback).
    public func shouldAutomaticallyLocalizeKeyCommands(platform: PlatformObjects? = nil) -> Bool? {
        guard handles(.shouldAutomaticallyLocalizeKeyCommands) else { return nil }
        return ask(
            .shouldAutomaticallyLocalizeKeyCommands,
            { $0.keyCommandLocalization },
            merge: .allTrue,
            platform: platform
        ) {
            $0.applicationShouldAutomaticallyLocalizeKeyCommands($1)
        }
    }
}
