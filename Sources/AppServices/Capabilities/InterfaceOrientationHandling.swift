import Foundation

/// A service that restricts the interface orientations of the application's windows
/// (`application(_:supportedInterfaceOrientationsFor:)`, and from iOS 27 each window scene's
/// `supportedInterfaceOrientations(for:)`).
///
/// One member answers both: for a window scene, ``AppContext/scene`` is the scene and the
/// window is the scene delegate's, and the scene's own services (``SceneService``) answer
/// too. iOS 27 asks the scene delegate and deprecates the application delegate's method;
/// earlier systems ask the application delegate.
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
    /// `application:supportedInterfaceOrientationsForWindow:` (deprecated in iOS 27)
    public static let supportedInterfaceOrientations = AppCallback(
        "supportedInterfaceOrientations",
        heardBy: HandlerKinds.interfaceOrientations,
        selectors: PlatformSelectors(application: "application:supportedInterfaceOrientationsForWindow:")
    )
    /// The window scene delegate's `supportedInterfaceOrientationsForWindowScene:` (iOS 27).
    ///
    /// Its selector is not in ``selectors``: the scene delegate claims it where it was
    /// built with an SDK that has the method (the iOS 27 SDK), and only there, since a
    /// selector claimed without its method would end the application on iOS 27.
    public static let supportedInterfaceOrientationsForScene = AppCallback(
        "supportedInterfaceOrientationsForScene",
        heardBy: HandlerKinds.interfaceOrientations
    )

    /// The callbacks ``InterfaceOrientationHandling`` services hear.
    static let interfaceOrientationCallbacks: [AppCallback] = [
        .supportedInterfaceOrientations, .supportedInterfaceOrientationsForScene,
    ]
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
            (any InterfaceOrientationHandling).self,
            merge: .orientationIntersection,
            platform: platform
        ) { $0.application($1, supportedInterfaceOrientationsFor: window) }
    }

    /// Dispatches a window scene's `supportedInterfaceOrientations(for:)` (iOS 27): the same
    /// member, with ``AppContext/scene`` set to `scene` and the scene's own services asked
    /// after the application-wide ones.
    ///
    /// - Returns: The intersection of the answers, or the first answer when it is empty;
    ///   `nil` when no service handles it for this scene (the Info.plist decides): neither an
    ///   application-wide one nor one of the scene's own (a scene without its services, such
    ///   as one whose delegate is the application's own, has none).
    public func supportedInterfaceOrientations(
        for scene: SceneInfo,
        window: AnyObject?,
        platform: PlatformObjects? = nil
    ) -> InterfaceOrientationMask? {
        let callback = AppCallback.supportedInterfaceOrientationsForScene
        guard
            handles(callback)
                || (outer ?? self).sceneHandlers(of: callback, as: (any InterfaceOrientationHandling).self, scene)
                    != nil
        else { return nil }
        return ask(
            .supportedInterfaceOrientationsForScene,
            (any InterfaceOrientationHandling).self,
            merge: .orientationIntersection,
            platform: platform,
            scene: scene
        ) { $0.application($1, supportedInterfaceOrientationsFor: window) }
    }
}
