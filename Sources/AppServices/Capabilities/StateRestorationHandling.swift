public import Foundation

/// A service that takes part in UIKit's view-controller state restoration.
///
/// Merge rules: save and restore happen when any service returns `true`; the first
/// service (in dependency order) that returns a view controller for a restoration path
/// provides it.
@MainActor
public protocol StateRestorationHandling: AppService {
    /// Whether to save the application's state
    /// (`application(_:shouldSaveSecureApplicationState:)`). Default `false`.
    func application(_ context: AppContext, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    /// Whether to restore the saved state
    /// (`application(_:shouldRestoreSecureApplicationState:)`). Default `false`.
    func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    /// Save application-level state (`application(_:willEncodeRestorableStateWith:)`).
    func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder)
    /// Restore application-level state (`application(_:didDecodeRestorableStateWith:)`).
    func application(_ context: AppContext, didDecodeRestorableStateWith coder: NSCoder)
    /// The view controller for a restoration path
    /// (`application(_:viewControllerWithRestorationIdentifierPath:coder:)`), or `nil`.
    /// Return a `UIViewController` on UIKit.
    func application(
        _ context: AppContext,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> AnyObject?
}

extension StateRestorationHandling {
    /// Does not ask to save.
    public func application(_ context: AppContext, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        false
    }
    /// Does not ask to restore.
    public func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        false
    }
    /// Does nothing.
    public func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder) {}
    /// Does nothing.
    public func application(_ context: AppContext, didDecodeRestorableStateWith coder: NSCoder) {}
    /// Provides no view controller.
    public func application(
        _ context: AppContext,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> AnyObject? {
        nil
    }
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``StateRestorationHandling``.
    static let stateRestoration = HandlerKind<any StateRestorationHandling>(
        { $0 as? any StateRestorationHandling },
        types: { $0 is any StateRestorationHandling.Type }
    )
}

extension AppCallback {
    /// `application:shouldSaveSecureApplicationState:`
    public static let shouldSaveSecureApplicationState = AppCallback(
        "shouldSaveSecureApplicationState",
        heardBy: HandlerKinds.stateRestoration,
        selectors: PlatformSelectors(application: "application:shouldSaveSecureApplicationState:")
    )
    /// `application:shouldRestoreSecureApplicationState:`
    public static let shouldRestoreSecureApplicationState = AppCallback(
        "shouldRestoreSecureApplicationState",
        heardBy: HandlerKinds.stateRestoration,
        selectors: PlatformSelectors(application: "application:shouldRestoreSecureApplicationState:")
    )
    /// `application:willEncodeRestorableStateWithCoder:`
    public static let willEncodeRestorableState = AppCallback(
        "willEncodeRestorableState",
        heardBy: HandlerKinds.stateRestoration,
        selectors: PlatformSelectors(application: "application:willEncodeRestorableStateWithCoder:")
    )
    /// `application:didDecodeRestorableStateWithCoder:`
    public static let didDecodeRestorableState = AppCallback(
        "didDecodeRestorableState",
        heardBy: HandlerKinds.stateRestoration,
        selectors: PlatformSelectors(application: "application:didDecodeRestorableStateWithCoder:")
    )
    /// `application:viewControllerWithRestorationIdentifierPath:coder:`
    public static let viewControllerWithRestorationIdentifierPath = AppCallback(
        "viewControllerWithRestorationIdentifierPath",
        heardBy: HandlerKinds.stateRestoration,
        selectors: PlatformSelectors(application: "application:viewControllerWithRestorationIdentifierPath:coder:")
    )

    /// The callbacks ``StateRestorationHandling`` services hear.
    static let stateRestorationCallbacks: [AppCallback] = [
        .shouldSaveSecureApplicationState, .shouldRestoreSecureApplicationState, .willEncodeRestorableState,
        .didDecodeRestorableState, .viewControllerWithRestorationIdentifierPath,
    ]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:shouldSaveSecureApplicationState:)`.
    ///
    /// - Returns: `true` if any service returned `true`; `false` with no handling service.
    public func shouldSaveSecureApplicationState(coder: NSCoder, platform: PlatformObjects? = nil) -> Bool {
        ask(.shouldSaveSecureApplicationState, (any StateRestorationHandling).self, merge: .anyTrue, platform: platform)
        {
            $0.application($1, shouldSaveSecureApplicationState: coder)
        }
    }

    /// Dispatches `application(_:shouldRestoreSecureApplicationState:)`.
    ///
    /// - Returns: `true` if any service returned `true`; `false` with no handling service.
    public func shouldRestoreSecureApplicationState(coder: NSCoder, platform: PlatformObjects? = nil) -> Bool {
        ask(
            .shouldRestoreSecureApplicationState,
            (any StateRestorationHandling).self,
            merge: .anyTrue,
            platform: platform
        ) {
            $0.application($1, shouldRestoreSecureApplicationState: coder)
        }
    }

    /// Dispatches `application(_:willEncodeRestorableStateWith:)`.
    public func willEncodeRestorableState(coder: NSCoder, platform: PlatformObjects? = nil) {
        notify(.willEncodeRestorableState, (any StateRestorationHandling).self, platform: platform) {
            $0.application($1, willEncodeRestorableStateWith: coder)
        }
    }

    /// Dispatches `application(_:didDecodeRestorableStateWith:)`.
    public func didDecodeRestorableState(coder: NSCoder, platform: PlatformObjects? = nil) {
        notify(.didDecodeRestorableState, (any StateRestorationHandling).self, platform: platform) {
            $0.application($1, didDecodeRestorableStateWith: coder)
        }
    }

    /// Dispatches `application(_:viewControllerWithRestorationIdentifierPath:coder:)`.
    ///
    /// - Returns: The first non-`nil` view controller in dependency order, or `nil`.
    public func viewController(
        restorationIdentifierPath: [String],
        coder: NSCoder,
        platform: PlatformObjects? = nil
    ) -> AnyObject? {
        ask(
            .viewControllerWithRestorationIdentifierPath,
            (any StateRestorationHandling).self,
            merge: .firstNonNil(),
            platform: platform
        ) { $0.application($1, viewControllerWithRestorationIdentifierPath: restorationIdentifierPath, coder: coder) }
    }
}
