/// A service that takes part in launching the application.
///
/// Merge rule: launch goes ahead unless a service returns `false`; every service is called
/// even after one objects. With no handling service the answer is `true`.
@MainActor
public protocol LaunchHandling: AppService {
    /// Launch has begun; state restoration has not happened yet
    /// (`application(_:willFinishLaunchingWithOptions:)`).
    ///
    /// Return `false` to refuse the URL or user activity the application was launched to
    /// handle. The default returns `true`.
    func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool

    /// Launch has finished and the application is about to run
    /// (`application(_:didFinishLaunchingWithOptions:)`).
    ///
    /// Return `false` to refuse the URL or user activity the application was launched to
    /// handle. The default returns `true`.
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool
}

extension LaunchHandling {
    /// Does nothing and lets launch go ahead.
    public func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        true
    }

    /// Does nothing and lets launch go ahead.
    public func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        true
    }
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``LaunchHandling``.
    static let launch = HandlerKind<any LaunchHandling>(
        { $0 as? any LaunchHandling },
        types: { $0 is any LaunchHandling.Type }
    )
}

extension AppCallback {
    /// `application:willFinishLaunchingWithOptions:` and `applicationWillFinishLaunching:`
    public static let willFinishLaunching = AppCallback(
        "willFinishLaunching",
        heardBy: HandlerKinds.launch,
        selectors: PlatformSelectors(
            application: "application:willFinishLaunchingWithOptions:",
            appKit: "applicationWillFinishLaunching:"
        ),
        isAlwaysClaimed: true,
        applicationTransition: .from([.notRunning], to: .launching)
    )
    /// `application:didFinishLaunchingWithOptions:` and `applicationDidFinishLaunching:`
    public static let didFinishLaunching = AppCallback(
        "didFinishLaunching",
        heardBy: HandlerKinds.launch,
        selectors: PlatformSelectors(
            application: "application:didFinishLaunchingWithOptions:",
            appKit: "applicationDidFinishLaunching:"
        ),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationDidFinishLaunchingNotification",
        applicationTransition: .from([.notRunning, .launching], to: .inactive, orBackgroundWhenLaunchedThere: true)
    )

    /// The callbacks ``LaunchHandling`` services hear.
    static let launchCallbacks: [AppCallback] = [.willFinishLaunching, .didFinishLaunching]
}

extension LifecycleEvent {
    /// The event ``AppCallback/didFinishLaunching`` announces.
    public static let didFinishLaunching = LifecycleEvent(callback: .didFinishLaunching)
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:willFinishLaunchingWithOptions:)`.
    ///
    /// - Returns: `false` if any service returned `false`, else `true` (also with no
    ///   handling service). Every service is called.
    public func willFinishLaunching(
        _ options: LaunchOptions = LaunchOptions(),
        platform: PlatformObjects? = nil
    ) -> Bool {
        // Seal first: the merged launch plan, and so its order, is known once sealed.
        sealIfNeeded(by: AppCallback.willFinishLaunching.name)
        // The options say why the application launched from now on: the services and the
        // plan's work that runs in this callback read it.
        state.launchOptionsArrived(options)
        launch?.noteLaunchReason(state.launchReason)
        return runningLaunchWork(in: .willFinishLaunching) {
            ask(.willFinishLaunching, (any LaunchHandling).self, merge: .allTrue, platform: platform) {
                $0.application($1, willFinishLaunchingWithOptions: options)
            }
        }
    }

    /// Dispatches `application(_:didFinishLaunchingWithOptions:)`, and runs the attached
    /// launch plan's work that belongs inside it.
    ///
    /// With a launch plan attached, in the plan's ``LaunchOrder`` (by default, in this
    /// order: the ``LaunchPhase/beforeLaunchReturns`` initializers, synchronously, the
    /// services' launch handlers, the startup commands); then the ``LaunchPhase/critical``
    /// phase starts as the method returns.
    ///
    /// - Returns: `false` if any service returned `false`, else `true` (also with no
    ///   handling service). Every service is called.
    public func didFinishLaunching(_ options: LaunchOptions = LaunchOptions(), platform: PlatformObjects? = nil) -> Bool
    {
        state.launching(options)
        // Seal first, so initializers find the services exactly as dispatch will see them,
        // and the launch is the one that runs every plan of the tree (nested plans merge).
        sealIfNeeded(by: AppCallback.didFinishLaunching.name)
        launch?.noteLaunchReason(state.launchReason)
        let answer = runningLaunchWork(in: .didFinishLaunching) {
            ask(.didFinishLaunching, (any LaunchHandling).self, merge: .allTrue, platform: platform) {
                $0.application($1, didFinishLaunchingWithOptions: options)
            }
        }
        launch?.startPhase(.critical)
        return answer
    }

    /// Runs `dispatch` (the services' handlers of a launch callback) with the launch plan's
    /// before-launch-returns work around it, in the plan's order, when the plan starts in
    /// `callback`, or in `didFinishLaunching` when the callback it starts in never came (a
    /// host that sends only `didFinishLaunching`).
    private func runningLaunchWork(in callback: LaunchOrder.Start, _ dispatch: () -> Bool) -> Bool {
        guard let launch, !launch.hasBegun,
            launch.plan.configuration.order.start == callback || callback == .didFinishLaunching
        else { return dispatch() }
        launch.runBeforeLaunchReturns()
        if launch.plan.configuration.order.commandsBeforeServices {
            launch.runCommands()
            return dispatch()
        }
        let answer = dispatch()
        launch.runCommands()
        return answer
    }
}
