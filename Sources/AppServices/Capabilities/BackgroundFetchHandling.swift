/// A service that refreshes content when the system grants background fetch time
/// (`application(_:performFetchWithCompletionHandler:)`; deprecated by Apple in favour of
/// BackgroundTasks, still delivered).
///
/// Merge rule and deadline as for ``RemoteNotificationHandling``.
@MainActor
public protocol BackgroundFetchHandling: AppService {
    /// Fetches new content and reports the result.
    func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult
}
