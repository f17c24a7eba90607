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
