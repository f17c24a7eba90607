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

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``KeyCommandLocalizationHandling``.
    static let keyCommandLocalization = HandlerKind<any KeyCommandLocalizationHandling>(
        { $0 as? any KeyCommandLocalizationHandling },
        types: { $0 is any KeyCommandLocalizationHandling.Type }
    )
}

extension AppCallback {
    /// `applicationShouldAutomaticallyLocalizeKeyCommands:`
    public static let shouldAutomaticallyLocalizeKeyCommands = AppCallback(
        "shouldAutomaticallyLocalizeKeyCommands",
        heardBy: HandlerKinds.keyCommandLocalization,
        selectors: PlatformSelectors(application: "applicationShouldAutomaticallyLocalizeKeyCommands:")
    )

    /// The callbacks ``KeyCommandLocalizationHandling`` services hear.
    static let keyCommandLocalizationCallbacks: [AppCallback] = [.shouldAutomaticallyLocalizeKeyCommands]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `applicationShouldAutomaticallyLocalizeKeyCommands(_:)`.
    ///
    /// - Returns: `false` if any service returned `false`, else `true`; `nil` when no
    ///   service handles it (the adapter then does not claim the callback).
    public func shouldAutomaticallyLocalizeKeyCommands(platform: PlatformObjects? = nil) -> Bool? {
        guard handles(.shouldAutomaticallyLocalizeKeyCommands) else { return nil }
        return ask(
            .shouldAutomaticallyLocalizeKeyCommands,
            (any KeyCommandLocalizationHandling).self,
            merge: .allTrue,
            platform: platform
        ) {
            $0.applicationShouldAutomaticallyLocalizeKeyCommands($1)
        }
    }
}
