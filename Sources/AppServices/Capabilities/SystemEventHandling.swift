/// A service that reacts to system events: memory pressure, clock changes, protected data
/// locking and unlocking, and the system's preference for reduced resource usage.
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
    /// The system now prefers, or no longer prefers, that applications use fewer resources
    /// (iOS 27's `UIApplication.systemPrefersReducedResourceUsage`, announced by
    /// `systemPrefersReducedResourceUsageDidChangeNotification`): lower frame rates, defer
    /// prefetching and other optional work while `prefersReducedResourceUsage` is `true`.
    func applicationSystemPrefersReducedResourceUsageDidChange(
        _ context: AppContext,
        prefersReducedResourceUsage: Bool
    )
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
    /// Does nothing.
    public func applicationSystemPrefersReducedResourceUsageDidChange(
        _ context: AppContext,
        prefersReducedResourceUsage: Bool
    ) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``SystemEventHandling``.
    static let systemEvents = HandlerKind<any SystemEventHandling>(
        { $0 as? any SystemEventHandling },
        types: { $0 is any SystemEventHandling.Type }
    )
}

extension AppCallback {
    /// `applicationDidReceiveMemoryWarning:`
    public static let didReceiveMemoryWarning = AppCallback(
        "didReceiveMemoryWarning",
        heardBy: HandlerKinds.systemEvents,
        selectors: PlatformSelectors(application: "applicationDidReceiveMemoryWarning:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationDidReceiveMemoryWarningNotification"
    )
    /// `applicationSignificantTimeChange:`
    public static let significantTimeChange = AppCallback(
        "significantTimeChange",
        heardBy: HandlerKinds.systemEvents,
        selectors: PlatformSelectors(application: "applicationSignificantTimeChange:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationSignificantTimeChangeNotification"
    )
    /// `applicationProtectedDataWillBecomeUnavailable:`
    public static let protectedDataWillBecomeUnavailable = AppCallback(
        "protectedDataWillBecomeUnavailable",
        heardBy: HandlerKinds.systemEvents,
        selectors: PlatformSelectors(application: "applicationProtectedDataWillBecomeUnavailable:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationProtectedDataWillBecomeUnavailable"
    )
    /// `applicationProtectedDataDidBecomeAvailable:`
    public static let protectedDataDidBecomeAvailable = AppCallback(
        "protectedDataDidBecomeAvailable",
        heardBy: HandlerKinds.systemEvents,
        selectors: PlatformSelectors(application: "applicationProtectedDataDidBecomeAvailable:"),
        isAlwaysClaimed: true,
        notificationName: "UIApplicationProtectedDataDidBecomeAvailable"
    )

    /// iOS 27's `UIApplication.systemPrefersReducedResourceUsageDidChangeNotification`: no
    /// delegate method; the UIKit adapter observes the notification.
    public static let systemPrefersReducedResourceUsageDidChange = AppCallback(
        "systemPrefersReducedResourceUsageDidChange",
        heardBy: HandlerKinds.systemEvents
    )

    /// The callbacks ``SystemEventHandling`` services hear.
    static let systemEventCallbacks: [AppCallback] = [
        .didReceiveMemoryWarning, .significantTimeChange, .protectedDataWillBecomeUnavailable,
        .protectedDataDidBecomeAvailable, .systemPrefersReducedResourceUsageDidChange,
    ]
}

extension LifecycleEvent {
    /// The event ``AppCallback/didReceiveMemoryWarning`` announces.
    public static let didReceiveMemoryWarning = LifecycleEvent(callback: .didReceiveMemoryWarning)
    /// The event ``AppCallback/significantTimeChange`` announces.
    public static let significantTimeChange = LifecycleEvent(callback: .significantTimeChange)
    /// The event ``AppCallback/protectedDataWillBecomeUnavailable`` announces.
    public static let protectedDataWillBecomeUnavailable = LifecycleEvent(callback: .protectedDataWillBecomeUnavailable)
    /// The event ``AppCallback/protectedDataDidBecomeAvailable`` announces.
    public static let protectedDataDidBecomeAvailable = LifecycleEvent(callback: .protectedDataDidBecomeAvailable)
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `applicationDidReceiveMemoryWarning(_:)`.
    public func didReceiveMemoryWarning(platform: PlatformObjects? = nil) {
        notify(.didReceiveMemoryWarning, (any SystemEventHandling).self, platform: platform) {
            $0.applicationDidReceiveMemoryWarning($1)
        }
    }

    /// Dispatches `applicationSignificantTimeChange(_:)`.
    public func significantTimeChange(platform: PlatformObjects? = nil) {
        notify(.significantTimeChange, (any SystemEventHandling).self, platform: platform) {
            $0.applicationSignificantTimeChange($1)
        }
    }

    /// Dispatches `applicationProtectedDataWillBecomeUnavailable(_:)`.
    public func protectedDataWillBecomeUnavailable(platform: PlatformObjects? = nil) {
        notify(.protectedDataWillBecomeUnavailable, (any SystemEventHandling).self, platform: platform) {
            $0.applicationProtectedDataWillBecomeUnavailable($1)
        }
    }

    /// Dispatches `applicationProtectedDataDidBecomeAvailable(_:)`. A launch that could not
    /// read its history before the device's first unlock (``LaunchHistory/isAvailable``)
    /// reads it first, so that the services find it.
    public func protectedDataDidBecomeAvailable(platform: PlatformObjects? = nil) {
        launch?.historyMayBeReadable()
        notify(.protectedDataDidBecomeAvailable, (any SystemEventHandling).self, platform: platform) {
            $0.applicationProtectedDataDidBecomeAvailable($1)
        }
    }

    /// Dispatches a change of the system's preference for reduced resource usage
    /// (iOS 27's `systemPrefersReducedResourceUsageDidChangeNotification`), with the new value.
    public func systemPrefersReducedResourceUsageDidChange(
        _ prefersReducedResourceUsage: Bool,
        platform: PlatformObjects? = nil
    ) {
        notify(.systemPrefersReducedResourceUsageDidChange, (any SystemEventHandling).self, platform: platform) {
            $0.applicationSystemPrefersReducedResourceUsageDidChange(
                $1,
                prefersReducedResourceUsage: prefersReducedResourceUsage
            )
        }
    }
}
