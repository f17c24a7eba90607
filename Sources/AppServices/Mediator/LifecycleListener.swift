/// An object that wants to hear about the application's life cycle without being a
/// service: give it to a ``LifecycleMediator``.
///
/// Every member has a default that does nothing; implement the ones you need.
///
/// ```swift
/// final class VideoPlayerListener: LifecycleListener {
///     func applicationDidEnterBackground() { player.pause() }
///     func applicationWillEnterForeground() { player.resume() }
/// }
/// ```
@MainActor
public protocol LifecycleListener: AnyObject {
    /// Launch finished.
    func applicationDidFinishLaunching()
    /// The application became active.
    func applicationDidBecomeActive()
    /// The application is about to become inactive.
    func applicationWillResignActive()
    /// The application entered the background.
    func applicationDidEnterBackground()
    /// The application is about to enter the foreground.
    func applicationWillEnterForeground()
    /// The application is about to end.
    func applicationWillTerminate()
    /// Memory is low.
    func applicationDidReceiveMemoryWarning()
    /// The clock or time zone changed.
    func applicationSignificantTimeChange()
    /// Protected data is about to become unavailable.
    func applicationProtectedDataWillBecomeUnavailable()
    /// Protected data became available.
    func applicationProtectedDataDidBecomeAvailable()
}

extension LifecycleListener {
    /// Does nothing.
    public func applicationDidFinishLaunching() {}
    /// Does nothing.
    public func applicationDidBecomeActive() {}
    /// Does nothing.
    public func applicationWillResignActive() {}
    /// Does nothing.
    public func applicationDidEnterBackground() {}
    /// Does nothing.
    public func applicationWillEnterForeground() {}
    /// Does nothing.
    public func applicationWillTerminate() {}
    /// Does nothing.
    public func applicationDidReceiveMemoryWarning() {}
    /// Does nothing.
    public func applicationSignificantTimeChange() {}
    /// Does nothing.
    public func applicationProtectedDataWillBecomeUnavailable() {}
    /// Does nothing.
    public func applicationProtectedDataDidBecomeAvailable() {}
}

extension LifecycleListener {
    /// Calls the member that matches `event`.
    func receive(_ event: LifecycleEvent) {
        switch event {
        case .didFinishLaunching: applicationDidFinishLaunching()
        case .didBecomeActive: applicationDidBecomeActive()
        case .willResignActive: applicationWillResignActive()
        case .didEnterBackground: applicationDidEnterBackground()
        case .willEnterForeground: applicationWillEnterForeground()
        case .willTerminate: applicationWillTerminate()
        case .didReceiveMemoryWarning: applicationDidReceiveMemoryWarning()
        case .significantTimeChange: applicationSignificantTimeChange()
        case .protectedDataWillBecomeUnavailable: applicationProtectedDataWillBecomeUnavailable()
        case .protectedDataDidBecomeAvailable: applicationProtectedDataDidBecomeAvailable()
        default: break  // an event this protocol has no member for
        }
    }
}
