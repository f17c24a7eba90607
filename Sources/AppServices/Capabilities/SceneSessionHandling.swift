/// A service that takes part in creating and discarding scene sessions (app-delegate
/// side).
@MainActor
public protocol SceneSessionHandling: AppService {
    /// The configuration for a connecting session
    /// (`application(_:configurationForConnecting:options:)`), or `nil` to leave it to
    /// another service. Merge: the first non-`nil` answer in dependency order; with none,
    /// the adapter's default configuration. Default `nil`.
    func application(
        _ context: AppContext,
        configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration?

    /// The user discarded scenes (`application(_:didDiscardSceneSessions:)`). With UIKit,
    /// `context.uiKit.discardedSessions` has the sessions themselves, with the `userInfo`
    /// the application kept in them (a window's identifier, to delete its stored state).
    func application(_ context: AppContext, didDiscardSceneSessions sessions: Set<SceneSession>)
}

extension SceneSessionHandling {
    /// Proposes no configuration.
    public func application(
        _ context: AppContext,
        configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration? {
        nil
    }

    /// Does nothing.
    public func application(_ context: AppContext, didDiscardSceneSessions sessions: Set<SceneSession>) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``SceneSessionHandling``.
    static let sceneSessions = HandlerKind<any SceneSessionHandling>(
        { $0 as? any SceneSessionHandling },
        types: { $0 is any SceneSessionHandling.Type }
    )
}

extension AppCallback {
    /// `application:configurationForConnectingSceneSession:options:`
    public static let configurationForConnecting = AppCallback(
        "configurationForConnecting",
        heardBy: HandlerKinds.sceneSessions,
        selectors: PlatformSelectors(application: "application:configurationForConnectingSceneSession:options:")
    )
    /// `application:didDiscardSceneSessions:`
    ///
    /// Always claimed: the composite itself drops the work routed to a scene whose session
    /// is discarded (``AppContext/route(toScene:named:perform:)``), with or without a
    /// ``SceneSessionHandling`` service.
    public static let didDiscardSceneSessions = AppCallback(
        "didDiscardSceneSessions",
        heardBy: HandlerKinds.sceneSessions,
        selectors: PlatformSelectors(application: "application:didDiscardSceneSessions:"),
        isAlwaysClaimed: true
    )

    /// The callbacks ``SceneSessionHandling`` services hear.
    static let sceneSessionCallbacks: [AppCallback] = [.configurationForConnecting, .didDiscardSceneSessions]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:configurationForConnecting:options:)`.
    ///
    /// - Returns: The first non-`nil` configuration in dependency order; `nil` when no
    ///   service proposes one (the adapter then uses its default).
    public func configurationForConnecting(
        _ session: SceneSession,
        options: SceneConnectionOptions = SceneConnectionOptions(),
        platform: PlatformObjects? = nil
    ) -> SceneConfiguration? {
        ask(.configurationForConnecting, (any SceneSessionHandling).self, merge: .firstNonNil(), platform: platform) {
            $0.application($1, configurationForConnecting: session, options: options)
        }
    }

    /// Dispatches `application(_:didDiscardSceneSessions:)`, then drops the work routed to
    /// those scenes (``route(toScene:named:by:perform:)``).
    public func didDiscardSceneSessions(_ sessions: Set<SceneSession>, platform: PlatformObjects? = nil) {
        notify(.didDiscardSceneSessions, (any SceneSessionHandling).self, platform: platform) {
            $0.application($1, didDiscardSceneSessions: sessions)
        }
        sceneSessionsDiscarded(sessions)
    }
}
