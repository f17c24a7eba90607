/// A service that performs home-screen quick actions
/// (`application(_:performActionFor:completionHandler:)`, and
/// `windowScene(_:performActionFor:completionHandler:)` with ``AppContext/scene`` set).
///
/// Merge rule: services run concurrently; the system hears `true` when any service
/// handled the item. Its completion handler is called once, after every service returned,
/// or at the deadline.
@MainActor
public protocol ShortcutItemHandling: AppService {
    /// Performs the action of `shortcutItem` if this service owns it; returns whether it did.
    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool
}
