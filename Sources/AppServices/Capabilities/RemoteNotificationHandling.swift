import Foundation

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

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``RemoteNotificationHandling``.
    static let remoteNotifications = HandlerKind<any RemoteNotificationHandling>(
        { $0 as? any RemoteNotificationHandling },
        types: { $0 is any RemoteNotificationHandling.Type }
    )
}

extension AppCallback {
    /// `application:didReceiveRemoteNotification:fetchCompletionHandler:` and `application:didReceiveRemoteNotification:`
    public static let didReceiveRemoteNotification = AppCallback(
        "didReceiveRemoteNotification",
        heardBy: HandlerKinds.remoteNotifications,
        selectors: PlatformSelectors(
            application: "application:didReceiveRemoteNotification:fetchCompletionHandler:",
            appKit: "application:didReceiveRemoteNotification:"
        ),
        deadline: { $0.remoteNotification },
        explainsBackgroundLaunch: .silentPush
    )

    /// The callbacks ``RemoteNotificationHandling`` services hear.
    static let remoteNotificationCallbacks: [AppCallback] = [.didReceiveRemoteNotification]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    ///
    /// The services run concurrently. `completion` is called exactly once: with
    /// ``BackgroundFetchResult/noData`` at once when no service handles remote
    /// notifications, otherwise with the merged result when every service has answered or
    /// at ``Configuration-swift.struct/Deadlines-swift.struct/remoteNotification``.
    public func didReceiveRemoteNotification(
        _ notification: RemoteNotification,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (BackgroundFetchResult) -> Void
    ) {
        fanOut(
            .didReceiveRemoteNotification,
            (any RemoteNotificationHandling).self,
            merge: .backgroundFetch,
            unanswered: .failed,
            platform: platform,
            call: ReceiveRemoteNotification(notification: notification),
            completion: completion
        )
    }

    /// Dispatches a remote notification and returns the merged result; see
    /// ``didReceiveRemoteNotification(_:platform:completion:)``. Returns at the deadline
    /// even if a service has not.
    public func didReceiveRemoteNotification(
        _ notification: RemoteNotification,
        platform: PlatformObjects? = nil
    ) async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            didReceiveRemoteNotification(notification, platform: platform) { continuation.resume(returning: $0) }
        }
    }
}

/// Gives a service a remote notification.
private struct ReceiveRemoteNotification: FanOutCall {
    let notification: RemoteNotification

    @MainActor func callAsFunction(
        _ service: any RemoteNotificationHandling,
        _ context: AppContext
    ) async throws -> BackgroundFetchResult {
        try await service.application(context, didReceiveRemoteNotification: notification)
    }
}
