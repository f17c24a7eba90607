import Foundation

/// A service that answers requests from a WatchKit extension
/// (`application(_:handleWatchKitExtensionRequest:reply:)`).
///
/// Merge rule: services run concurrently; the reply merges the services' dictionaries in
/// dependency order, the earlier service winning a key both set, and is `nil` when no
/// service replied. The system's reply handler is called once, after every service, or at
/// the deadline.
@MainActor
public protocol WatchKitRequestHandling: AppService {
    /// Handles the request and returns this service's part of the reply, or `nil`.
    func application(
        _ context: AppContext,
        handleWatchKitExtensionRequest userInfo: UserInfo?
    ) async throws -> UserInfo?
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``WatchKitRequestHandling``.
    static let watchKitRequests = HandlerKind<any WatchKitRequestHandling>(
        { $0 as? any WatchKitRequestHandling },
        types: { $0 is any WatchKitRequestHandling.Type }
    )
}

extension AppCallback {
    /// `application:handleWatchKitExtensionRequest:reply:`
    public static let handleWatchKitExtensionRequest = AppCallback(
        "handleWatchKitExtensionRequest",
        heardBy: HandlerKinds.watchKitRequests,
        selectors: PlatformSelectors(application: "application:handleWatchKitExtensionRequest:reply:"),
        deadline: { $0.watchKitRequest }
    )

    /// The callbacks ``WatchKitRequestHandling`` services hear.
    static let watchKitRequestCallbacks: [AppCallback] = [.handleWatchKitExtensionRequest]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:handleWatchKitExtensionRequest:reply:)`.
    ///
    /// `reply` is called exactly once with the services' dictionaries merged in order (an
    /// earlier service wins a key both set), or `nil` when none replied.
    public func handleWatchKitExtensionRequest(
        _ userInfo: UserInfo?,
        platform: PlatformObjects? = nil,
        reply: @escaping @MainActor (UserInfo?) -> Void
    ) {
        fanOut(
            .handleWatchKitExtensionRequest,
            (any WatchKitRequestHandling).self,
            merge: .mergingUserInfo,
            unanswered: nil,
            platform: platform,
            call: HandleWatchKitRequest(userInfo: userInfo),
            completion: reply
        )
    }
}

/// Gives a service a WatchKit extension's request.
private struct HandleWatchKitRequest: FanOutCall {
    let userInfo: UserInfo?

    @MainActor func callAsFunction(
        _ service: any WatchKitRequestHandling,
        _ context: AppContext
    ) async throws -> UserInfo? {
        try await service.application(context, handleWatchKitExtensionRequest: userInfo)
    }
}
