import Foundation

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

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``BackgroundFetchHandling``.
    static let backgroundFetch = HandlerKind<any BackgroundFetchHandling>(
        { $0 as? any BackgroundFetchHandling },
        types: { $0 is any BackgroundFetchHandling.Type }
    )
}

extension AppCallback {
    /// `application:performFetchWithCompletionHandler:`
    public static let performFetch = AppCallback(
        "performFetch",
        heardBy: HandlerKinds.backgroundFetch,
        selectors: PlatformSelectors(application: "application:performFetchWithCompletionHandler:"),
        deadline: { $0.backgroundFetch },
        explainsBackgroundLaunch: .backgroundTask
    )

    /// The callbacks ``BackgroundFetchHandling`` services hear.
    static let backgroundFetchCallbacks: [AppCallback] = [.performFetch]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:performFetchWithCompletionHandler:)`.
    ///
    /// As ``didReceiveRemoteNotification(_:platform:completion:)``, with the deadline
    /// ``Configuration-swift.struct/Deadlines-swift.struct/backgroundFetch``.
    public func performFetch(
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (BackgroundFetchResult) -> Void
    ) {
        fanOut(
            .performFetch,
            (any BackgroundFetchHandling).self,
            merge: .backgroundFetch,
            unanswered: .failed,
            platform: platform,
            call: PerformFetch(),
            completion: completion
        )
    }

    /// Dispatches a background fetch and returns the merged result.
    public func performFetch(platform: PlatformObjects? = nil) async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            performFetch(platform: platform) { continuation.resume(returning: $0) }
        }
    }
}

/// Asks a service to fetch (``ServiceComposite/performFetch(platform:completion:)``).
private struct PerformFetch: FanOutCall {
    @MainActor func callAsFunction(
        _ service: any BackgroundFetchHandling,
        _ context: AppContext
    ) async throws -> BackgroundFetchResult {
        try await service.applicationPerformFetch(context)
    }
}
