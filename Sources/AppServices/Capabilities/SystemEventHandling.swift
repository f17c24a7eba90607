/// A service that reacts to system events: memory pressure, clock changes, and protected
/// data locking and unlocking.
@MainActor
public protocol SystemEventHandling: AppService {
    /// Memory is low; free what can be rebuilt (`applicationDidReceiveMemoryWarning(_:)`).
    func applicationDidReceiveMemoryWarning(_ context: AppContext)
    /// The day changed, the time zone changed, or the clock was set
    /// (`applicationSignificantTimeChange(_:)`).
    func applicationSignificantTimeChange(_ context: AppContext)
    /// Protected files are about to become unreadable
    /// (`applicationProtectedDataWillBecomeUnavailable(_:)`).
    func applicationProtectedDataWillBecomeUnavailable(_ context: AppContext)
    /// Protected files are readable again (`applicationProtectedDataDidBecomeAvailable(_:)`).
    func applicationProtectedDataDidBecomeAvailable(_ context: AppContext)
}

extension SystemEventHandling {
    /// Does nothing.
    public func applicationDidReceiveMemoryWarning(_ context: AppContext) {}
    /// Does nothing.
    public func applicationSignificantTimeChange(_ context: AppContext) {}
    /// Does nothing.
    public func applicationProtectedDataWillBecomeUnavailable(_ context: AppContext) {}
    /// Does nothing.
    public func applicationProtectedDataDidBecomeAvailable(_ context: AppContext) {}
}

/// A service that asks for HealthKit authorization when a paired device requests it
/// (`applicationShouldRequestHealthAuthorization(_:)`).
@MainActor
public protocol HealthAuthorizationHandling: AppService {
    /// Ask the user for HealthKit authorization now.
    func applicationShouldRequestHealthAuthorization(_ context: AppContext)
}

/// A service that decides whether UIKit localizes the application's key commands
/// (`applicationShouldAutomaticallyLocalizeKeyCommands(_:)`).
///
/// Merge rule: `false` if any service returns `false`. With no handling service the
/// adapter does not claim the callback and UIKit's default (localize) applies.
@MainActor
public protocol KeyCommandLocalizationHandling: AppService {
    /// Whether key commands should be localized automatically.
    func applicationShouldAutomaticallyLocalizeKeyCommands(_ context: AppContext) -> Bool
}
