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

    /// The user discarded scenes (`application(_:didDiscardSceneSessions:)`).
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
