/// A service that handles remote notifications that wake the application, usually silent
/// pushes asking it to fetch content
/// (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`).
///
/// The platform adapter claims this callback only when a service adopts this protocol,
/// so UIKit sees no handler (and wants no background mode) otherwise.
///
/// Merge rule: services run concurrently; the system hears ``BackgroundFetchResult/newData``
/// if any service got new data, else ``BackgroundFetchResult/failed`` if any failed (a
/// service that throws, or has not answered by the deadline, counts as failed), else
/// ``BackgroundFetchResult/noData``. The system's completion handler is called exactly
/// once, when every service has answered or at the deadline
/// (``ServiceComposite/Configuration/Deadlines-swift.struct/remoteNotification``), whichever
/// comes first.
@MainActor
public protocol RemoteNotificationHandling: AppService {
    /// Handles `notification` and reports what it fetched. Check for cancellation: after
    /// the deadline the work is cancelled and its answer ignored.
    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult
}
