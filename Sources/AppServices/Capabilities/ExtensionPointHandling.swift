import Foundation

/// A service that allows or refuses kinds of app extensions
/// (`application(_:shouldAllowExtensionPointIdentifier:)`).
///
/// Merge rule: allowed unless a service returns `false`. With no handling service the
/// answer is `true`.
@MainActor
public protocol ExtensionPointHandling: AppService {
    /// Whether extensions of `extensionPointIdentifier` may be used.
    func application(
        _ context: AppContext,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: ExtensionPointIdentifier
    ) -> Bool
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``ExtensionPointHandling``.
    static let extensionPoints = HandlerKind<any ExtensionPointHandling>(
        { $0 as? any ExtensionPointHandling },
        types: { $0 is any ExtensionPointHandling.Type }
    )
}

extension AppCallback {
    /// `application:shouldAllowExtensionPointIdentifier:`
    public static let shouldAllowExtensionPointIdentifier = AppCallback(
        "shouldAllowExtensionPointIdentifier",
        heardBy: HandlerKinds.extensionPoints,
        selectors: PlatformSelectors(application: "application:shouldAllowExtensionPointIdentifier:")
    )

    /// The callbacks ``ExtensionPointHandling`` services hear.
    static let extensionPointCallbacks: [AppCallback] = [.shouldAllowExtensionPointIdentifier]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:shouldAllowExtensionPointIdentifier:)`.
    ///
    /// - Returns: `false` if any service returned `false`; `true` otherwise, also with no
    ///   handling service.
    public func shouldAllowExtensionPoint(
        _ identifier: ExtensionPointIdentifier,
        platform: PlatformObjects? = nil
    ) -> Bool {
        ask(
            .shouldAllowExtensionPointIdentifier,
            (any ExtensionPointHandling).self,
            merge: .allTrue,
            platform: platform
        ) {
            $0.application($1, shouldAllowExtensionPointIdentifier: identifier)
        }
    }
}
