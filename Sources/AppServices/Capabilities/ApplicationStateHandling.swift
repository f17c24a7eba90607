/// A service that follows the application between the foreground, the background and
/// termination.
///
/// "Up" callbacks (become active, enter foreground) reach services in dependency order;
/// "down" callbacks (resign active, enter background, terminate) in reverse, so a service
/// winds down before the services it depends on.
@MainActor
public protocol ApplicationStateHandling: AppService {
    /// The application became active (`applicationDidBecomeActive(_:)`).
    func applicationDidBecomeActive(_ context: AppContext)
    /// The application is about to become inactive (`applicationWillResignActive(_:)`).
    func applicationWillResignActive(_ context: AppContext)
    /// The application is now in the background (`applicationDidEnterBackground(_:)`);
    /// the system allows about five seconds here.
    func applicationDidEnterBackground(_ context: AppContext)
    /// The application is about to come to the foreground
    /// (`applicationWillEnterForeground(_:)`).
    func applicationWillEnterForeground(_ context: AppContext)
    /// The application is about to end (`applicationWillTerminate(_:)`); about five
    /// seconds, and never called for a suspended application.
    func applicationWillTerminate(_ context: AppContext)
}

extension ApplicationStateHandling {
    /// Does nothing.
    public func applicationDidBecomeActive(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillResignActive(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillTerminate(_ context: AppContext) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``ApplicationStateHandling``.
    static let applicationState = HandlerKind<any ApplicationStateHandling>(
        { $0 as? any ApplicationStateHandling },
        types: { $0 is any ApplicationStateHandling.Type }
    )
}

extension AppCallback {
    /// `applicationDidBecomeActive:` and `applicationDidBecomeActive:`
    public static let didBecomeActive = AppCallback(
        "didBecomeActive",
        heardBy: HandlerKinds.applicationState,
        selectors: PlatformSelectors(application: "applicationDidBecomeActive:", appKit: "applicationDidBecomeActive:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationDidBecomeActiveNotification",
        applicationTransition: .from([.inactive], to: .active)
    )
    /// `applicationWillResignActive:` and `applicationWillResignActive:`
    public static let willResignActive = AppCallback(
        "willResignActive",
        heardBy: HandlerKinds.applicationState,
        direction: .down,
        selectors: PlatformSelectors(
            application: "applicationWillResignActive:",
            appKit: "applicationWillResignActive:"
        ),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationWillResignActiveNotification",
        applicationTransition: .from([.active], to: .inactive, atEnd: true)
    )
    /// `applicationDidEnterBackground:`
    public static let didEnterBackground = AppCallback(
        "didEnterBackground",
        heardBy: HandlerKinds.applicationState,
        direction: .down,
        selectors: PlatformSelectors(application: "applicationDidEnterBackground:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationDidEnterBackgroundNotification",
        applicationTransition: .from([.inactive], to: .background)
    )
    /// `applicationWillEnterForeground:`
    public static let willEnterForeground = AppCallback(
        "willEnterForeground",
        heardBy: HandlerKinds.applicationState,
        selectors: PlatformSelectors(application: "applicationWillEnterForeground:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationWillEnterForegroundNotification",
        applicationTransition: .from([.background], to: .inactive, atEnd: true)
    )
    /// `applicationWillTerminate:` and `applicationWillTerminate:`
    public static let willTerminate = AppCallback(
        "willTerminate",
        heardBy: HandlerKinds.applicationState,
        direction: .down,
        selectors: PlatformSelectors(application: "applicationWillTerminate:", appKit: "applicationWillTerminate:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationWillTerminateNotification",
        applicationTransition: .from([.inactive, .active, .background], to: .terminated, atEnd: true)
    )

    /// The callbacks ``ApplicationStateHandling`` services hear.
    static let applicationStateCallbacks: [AppCallback] = [
        .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .willTerminate,
    ]
}

extension LifecycleEvent {
    /// The event ``AppCallback/didBecomeActive`` announces.
    public static let didBecomeActive = LifecycleEvent(callback: .didBecomeActive)
    /// The event ``AppCallback/willResignActive`` announces.
    public static let willResignActive = LifecycleEvent(callback: .willResignActive)
    /// The event ``AppCallback/didEnterBackground`` announces.
    public static let didEnterBackground = LifecycleEvent(callback: .didEnterBackground)
    /// The event ``AppCallback/willEnterForeground`` announces.
    public static let willEnterForeground = LifecycleEvent(callback: .willEnterForeground)
    /// The event ``AppCallback/willTerminate`` announces.
    public static let willTerminate = LifecycleEvent(callback: .willTerminate)
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `applicationDidBecomeActive(_:)` in dependency order.
    ///
    /// The first time, it also schedules the launch's first-frame report for the main
    /// queue's next turn (see ``reportFirstFrame()``). The launch's repeating initializers
    /// run while the application is active, from now on (``Repetition``).
    public func didBecomeActive(platform: PlatformObjects? = nil) {
        notify(.didBecomeActive, (any ApplicationStateHandling).self, platform: platform) {
            $0.applicationDidBecomeActive($1)
        }
        state.launchToReportFirstFrame()?.reportFirstFrameAfterMainQueueTurn()
        if state.launchRepeats { launch?.becameActive() }
    }

    /// Dispatches `applicationWillResignActive(_:)` in reverse dependency order; the
    /// launch's repeating initializers stop repeating until the application is active again.
    public func willResignActive(platform: PlatformObjects? = nil) {
        if state.launchRepeats { launch?.resignedActive() }
        notify(.willResignActive, (any ApplicationStateHandling).self, platform: platform) {
            $0.applicationWillResignActive($1)
        }
    }

    /// Dispatches `applicationDidEnterBackground(_:)` in reverse dependency order, noting
    /// when, for ``backgroundTimes`` and the gates that close after a time in the background.
    public func didEnterBackground(platform: PlatformObjects? = nil) {
        state.enteredBackground(at: state.clock.now)
        notify(.didEnterBackground, (any ApplicationStateHandling).self, platform: platform) {
            $0.applicationDidEnterBackground($1)
        }
    }

    /// Dispatches `applicationWillEnterForeground(_:)` in dependency order, then runs again
    /// the launch initializers that re-run on entering the foreground. Before the services
    /// hear it, the gates that close after a time in the background close
    /// (``AppGate/closesAfterBackground``), and the background work begun to end on
    /// returning to the foreground is cancelled
    /// (``AppContext/beginBackgroundWork(named:endsOnForeground:_:)``).
    public func willEnterForeground(platform: PlatformObjects? = nil) {
        launch?.comingToForeground()
        returnedFromBackground()
        endBackgroundWorkOnForeground()
        notify(.willEnterForeground, (any ApplicationStateHandling).self, platform: platform) {
            $0.applicationWillEnterForeground($1)
        }
        launch?.enterForeground()
    }

    /// Dispatches `applicationWillTerminate(_:)` in reverse dependency order, then cancels
    /// work still running for completion-handler callbacks and the launch, and returns once
    /// the launch history's changes are written: the system ends the process when this
    /// callback returns, and a change still queued (a migration done, a throttled
    /// initializer's success) would be lost.
    public func willTerminate(platform: PlatformObjects? = nil) {
        notify(.willTerminate, (any ApplicationStateHandling).self, platform: platform) {
            $0.applicationWillTerminate($1)
        }
        cancelPendingWork()
        endReadiness(reason: "the application terminated")
        launch?.cancel()
        launch?.terminateInOrder()
    }
}
