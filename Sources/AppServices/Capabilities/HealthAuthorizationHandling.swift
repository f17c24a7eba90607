/// A service that asks for HealthKit authorization when a paired device requests it
/// (`applicationShouldRequestHealthAuthorization(_:)`).
@MainActor
public protocol HealthAuthorizationHandling: AppService {
    /// Ask the user for HealthKit authorization now.
    func applicationShouldRequestHealthAuthorization(_ context: AppContext)
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``HealthAuthorizationHandling``.
    static let healthAuthorization = HandlerKind<any HealthAuthorizationHandling>(
        { $0 as? any HealthAuthorizationHandling },
        types: { $0 is any HealthAuthorizationHandling.Type }
    )
}

extension AppCallback {
    /// `applicationShouldRequestHealthAuthorization:`
    public static let shouldRequestHealthAuthorization = AppCallback(
        "shouldRequestHealthAuthorization",
        heardBy: HandlerKinds.healthAuthorization,
        selectors: PlatformSelectors(application: "applicationShouldRequestHealthAuthorization:")
    )

    /// The callbacks ``HealthAuthorizationHandling`` services hear.
    static let healthAuthorizationCallbacks: [AppCallback] = [.shouldRequestHealthAuthorization]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `applicationShouldRequestHealthAuthorization(_:)`.
    public func shouldRequestHealthAuthorization(platform: PlatformObjects? = nil) {
        notify(.shouldRequestHealthAuthorization, (any HealthAuthorizationHandling).self, platform: platform) {
            $0.applicationShouldRequestHealthAuthorization($1)
        }
    }
}
