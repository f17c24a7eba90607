/// A service that follows an application's CarPlay scene (`CPTemplateApplicationSceneDelegate`):
/// the interface controller connecting and disconnecting, the navigation alert or maneuver
/// a person tapped, and the content style the car suggests.
///
/// A CarPlay scene is a scene like the device's own: its life cycle (connect, foreground,
/// active, background, disconnect) reaches ``SceneHandling`` services and its own
/// ``SceneService`` instances, with ``AppContext/scene`` set to it and its session's role
/// ``SceneSessionRole/carTemplateApplication``, and the application's state follows it and
/// the device's scenes together. This protocol adds what only CarPlay sends. Every member is
/// called with ``AppContext/scene`` set to the CarPlay scene, so a CarPlay scene's own scene
/// services hear them too, after the application-wide services (before them on
/// disconnection).
///
/// The payloads are platform-neutral; on iOS, `context.uiKit` (AppServicesUIKit) gives the
/// CarPlay objects: the interface controller to present templates with, the window of a
/// navigation application, and the alert or maneuver selected, which the application made
/// itself and so recognises by identity.
///
/// Merge rule: every member goes to every handling service, in dependency order; the
/// disconnections in reverse order, as a scene's disconnection does, so a service is told
/// before the services it depends on.
///
/// ```swift
/// final class CarDashboard: AppService, CarPlayHandling {
///     private(set) var isConnected = false
///
///     func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection) {
///         isConnected = true
///     }
///
///     func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection) {
///         isConnected = false
///     }
/// }
/// ```
@MainActor
public protocol CarPlayHandling: AppService {
    /// CarPlay connected the scene's interface controller, with a window for a navigation
    /// application (`templateApplicationScene(_:didConnect:to:)`) or without one
    /// (`templateApplicationScene(_:didConnect:)`). Set the root template before returning.
    /// An "up" callback.
    func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection)

    /// CarPlay disconnected the scene's interface controller, in the form it was connected
    /// in (`templateApplicationScene(_:didDisconnect:from:)` or
    /// `templateApplicationScene(_:didDisconnectInterfaceController:)`). A "down" callback.
    func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection)

    /// A person tapped the banner of a navigation alert the application posted while in the
    /// background; CarPlay brought it to the foreground
    /// (`templateApplicationScene(_:didSelect:)` with a `CPNavigationAlert`).
    func templateApplicationSceneDidSelectNavigationAlert(_ context: AppContext)

    /// A person tapped the banner of a maneuver the application posted while in the
    /// background; CarPlay brought it to the foreground
    /// (`templateApplicationScene(_:didSelect:)` with a `CPManeuver`).
    func templateApplicationSceneDidSelectManeuver(_ context: AppContext)

    /// The car suggests another content style for its screen (`contentStyleDidChange(_:)`,
    /// iOS 15.4).
    func templateApplicationScene(_ context: AppContext, contentStyleDidChange contentStyle: UserInterfaceStyle)
}

extension CarPlayHandling {
    /// Does nothing.
    public func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection) {}
    /// Does nothing.
    public func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection) {}
    /// Does nothing.
    public func templateApplicationSceneDidSelectNavigationAlert(_ context: AppContext) {}
    /// Does nothing.
    public func templateApplicationSceneDidSelectManeuver(_ context: AppContext) {}
    /// Does nothing.
    public func templateApplicationScene(
        _ context: AppContext,
        contentStyleDidChange contentStyle: UserInterfaceStyle
    ) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``CarPlayHandling``.
    static let carPlay = HandlerKind<any CarPlayHandling>(
        { $0 as? any CarPlayHandling },
        types: { $0 is any CarPlayHandling.Type }
    )
}

extension AppCallback {
    /// `templateApplicationScene:didConnectInterfaceController:` (iOS 14): the interface
    /// controller of an application that presents templates only.
    public static let carPlayDidConnect = AppCallback(
        "carPlayDidConnect",
        heardBy: HandlerKinds.carPlay,
        selectors: PlatformSelectors(scene: "templateApplicationScene:didConnectInterfaceController:"),
        isAlwaysClaimed: true
    )
    /// `templateApplicationScene:didConnectInterfaceController:toWindow:`: the interface
    /// controller and the window of a navigation application.
    public static let carPlayDidConnectToWindow = AppCallback(
        "carPlayDidConnectToWindow",
        heardBy: HandlerKinds.carPlay,
        selectors: PlatformSelectors(scene: "templateApplicationScene:didConnectInterfaceController:toWindow:"),
        isAlwaysClaimed: true
    )
    /// `templateApplicationScene:didDisconnectInterfaceController:` (iOS 14).
    public static let carPlayDidDisconnect = AppCallback(
        "carPlayDidDisconnect",
        heardBy: HandlerKinds.carPlay,
        direction: .down,
        selectors: PlatformSelectors(scene: "templateApplicationScene:didDisconnectInterfaceController:"),
        isAlwaysClaimed: true
    )
    /// `templateApplicationScene:didDisconnectInterfaceController:fromWindow:`.
    public static let carPlayDidDisconnectFromWindow = AppCallback(
        "carPlayDidDisconnectFromWindow",
        heardBy: HandlerKinds.carPlay,
        direction: .down,
        selectors: PlatformSelectors(scene: "templateApplicationScene:didDisconnectInterfaceController:fromWindow:"),
        isAlwaysClaimed: true
    )
    /// `templateApplicationScene:didSelectNavigationAlert:`
    public static let carPlayDidSelectNavigationAlert = AppCallback(
        "carPlayDidSelectNavigationAlert",
        heardBy: HandlerKinds.carPlay,
        selectors: PlatformSelectors(scene: "templateApplicationScene:didSelectNavigationAlert:")
    )
    /// `templateApplicationScene:didSelectManeuver:`
    public static let carPlayDidSelectManeuver = AppCallback(
        "carPlayDidSelectManeuver",
        heardBy: HandlerKinds.carPlay,
        selectors: PlatformSelectors(scene: "templateApplicationScene:didSelectManeuver:")
    )
    /// `contentStyleDidChange:` (iOS 15.4).
    public static let carPlayContentStyleDidChange = AppCallback(
        "carPlayContentStyleDidChange",
        heardBy: HandlerKinds.carPlay,
        selectors: PlatformSelectors(scene: "contentStyleDidChange:")
    )

    /// The callbacks ``CarPlayHandling`` services hear: what a CarPlay scene's delegate
    /// forwards besides the scene life cycle, and what the other scene delegates do not.
    package static let carPlayCallbacks: [AppCallback] = [
        .carPlayDidConnect, .carPlayDidConnectToWindow, .carPlayDidDisconnect, .carPlayDidDisconnectFromWindow,
        .carPlayDidSelectNavigationAlert, .carPlayDidSelectManeuver, .carPlayContentStyleDidChange,
    ]
}

extension CarPlayConnection {
    /// The callback that delivers a connection in this form.
    var connectCallback: AppCallback { hasWindow ? .carPlayDidConnectToWindow : .carPlayDidConnect }
    /// The callback that delivers a disconnection in this form.
    var disconnectCallback: AppCallback { hasWindow ? .carPlayDidDisconnectFromWindow : .carPlayDidDisconnect }
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `templateApplicationScene(_:didConnect:to:)` (a `.window` connection) or
    /// `templateApplicationScene(_:didConnect:)` (`.templates`) for the CarPlay scene
    /// `scene`, in dependency order: application-wide services, then the scene's own.
    public func carPlayDidConnect(
        _ scene: SceneInfo,
        connection: CarPlayConnection,
        platform: PlatformObjects? = nil
    ) {
        notify(connection.connectCallback, (any CarPlayHandling).self, platform: platform, scene: scene) {
            $0.templateApplicationScene($1, didConnect: connection)
        }
    }

    /// Dispatches `templateApplicationScene(_:didDisconnect:from:)` (a `.window`
    /// connection) or `templateApplicationScene(_:didDisconnectInterfaceController:)`
    /// (`.templates`) for the CarPlay scene `scene`, in reverse dependency order: the scene's
    /// own services, then application-wide ones.
    public func carPlayDidDisconnect(
        _ scene: SceneInfo,
        connection: CarPlayConnection,
        platform: PlatformObjects? = nil
    ) {
        notify(connection.disconnectCallback, (any CarPlayHandling).self, platform: platform, scene: scene) {
            $0.templateApplicationScene($1, didDisconnect: connection)
        }
    }

    /// Dispatches `templateApplicationScene(_:didSelect:)` with a navigation alert for the
    /// CarPlay scene `scene`, in dependency order. The alert itself is among the platform
    /// objects.
    public func carPlayDidSelectNavigationAlert(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        notify(.carPlayDidSelectNavigationAlert, (any CarPlayHandling).self, platform: platform, scene: scene) {
            $0.templateApplicationSceneDidSelectNavigationAlert($1)
        }
    }

    /// Dispatches `templateApplicationScene(_:didSelect:)` with a maneuver for the CarPlay
    /// scene `scene`, in dependency order. The maneuver itself is among the platform objects.
    public func carPlayDidSelectManeuver(_ scene: SceneInfo, platform: PlatformObjects? = nil) {
        notify(.carPlayDidSelectManeuver, (any CarPlayHandling).self, platform: platform, scene: scene) {
            $0.templateApplicationSceneDidSelectManeuver($1)
        }
    }

    /// Dispatches `contentStyleDidChange(_:)` for the CarPlay scene `scene` (`nil` when the
    /// delegate does not know its scene), in dependency order.
    public func carPlayContentStyleDidChange(
        _ scene: SceneInfo?,
        to contentStyle: UserInterfaceStyle,
        platform: PlatformObjects? = nil
    ) {
        notify(.carPlayContentStyleDidChange, (any CarPlayHandling).self, platform: platform, scene: scene) {
            $0.templateApplicationScene($1, contentStyleDidChange: contentStyle)
        }
    }
}
