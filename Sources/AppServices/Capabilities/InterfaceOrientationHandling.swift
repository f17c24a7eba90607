import Foundation

/// A service that restricts the interface orientations of the application's windows
/// (`application(_:supportedInterfaceOrientationsFor:)`).
///
/// Merge rule: the intersection of every service's answer; if the intersection is empty,
/// the first service's answer (in dependency order). With no handling service the adapter
/// does not claim the callback and the Info.plist decides.
@MainActor
public protocol InterfaceOrientationHandling: AppService {
    /// The orientations `window` may take; `window` is the platform's window object
    /// (`UIWindow`), or `nil`.
    func application(
        _ context: AppContext,
        supportedInterfaceOrientationsFor window: AnyObject?
    ) -> InterfaceOrientationMask
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``InterfaceOrientationHandling``.
    static let interfaceOrientations = HandlerKind<any InterfaceOrientationHandling>(
        { $0 as? any InterfaceOrientationHandling },
        types: { $0 is any InterfaceOrientationHandling.Type }
    )
}

extension AppCallback {
    /// `application:supportedInterfaceOrientationsForWindow:`
    public static let supportedInterfaceOrientations = AppCallback(
        "supportedInterfaceOrientations",
        heardBy: HandlerKinds.interfaceOrientations,
        selectors: Selectors(application: "application:supportedInterfaceOrientationsForWindow:")
    )

    /// The callbacks ``InterfaceOrientationHandling`` services hear.
    static let interfaceOrientationCallbacks: [AppCallback] = [.supportedInterfaceOrientations]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:supportedInterfaceOrientationsFor:)`.
    ///
    /// - Returns: The intersection of the answers, or the first answer when it is empty;
    ///   `nil` when no service handles it (the adapter then does not claim the callback).
    public func supportedInterfaceOrientations(
        for window: AnyObject?,
        platform: PlatformObjects? = nil
    ) -> InterfaceOrientationMask? {
        guard handles(.supportedInterfaceOrientations) else { return nil }
        return ask(
            .supportedInterfaceOrientations,
            HandlerKinds.interfaceOrientations,
            merge: .orientationIntersection,
            platform: platform
        ) { $0.application($1, supportedInterfaceOrientationsFor: window) }
    }
}
