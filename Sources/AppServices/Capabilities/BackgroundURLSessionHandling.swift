import Foundation

/// A service that owns background `URLSession`s and processes their events when the
/// system relaunches the application for them
/// (`application(_:handleEventsForBackgroundURLSession:completionHandler:)`).
///
/// Merge rule: the system's completion handler is called once, after every service has
/// returned (or thrown), or at the deadline.
@MainActor
public protocol BackgroundURLSessionHandling: AppService {
    /// Processes the events of the session named `identifier`; return when done. Ignore
    /// identifiers of sessions this service does not own.
    func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``BackgroundURLSessionHandling``.
    static let backgroundURLSessions = HandlerKind<any BackgroundURLSessionHandling>(
        { $0 as? any BackgroundURLSessionHandling },
        types: { $0 is any BackgroundURLSessionHandling.Type }
    )
}

extension AppCallback {
    /// `application:handleEventsForBackgroundURLSession:completionHandler:`
    public static let handleEventsForBackgroundURLSession = AppCallback(
        "handleEventsForBackgroundURLSession",
        heardBy: HandlerKinds.backgroundURLSessions,
        selectors: PlatformSelectors(application: "application:handleEventsForBackgroundURLSession:completionHandler:"),
        deadline: { $0.backgroundURLSession },
        explainsBackgroundLaunch: .backgroundTask
    )

    /// The callbacks ``BackgroundURLSessionHandling`` services hear.
    static let backgroundURLSessionCallbacks: [AppCallback] = [.handleEventsForBackgroundURLSession]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    ///
    /// `completion` is called exactly once: at once with no handling service, otherwise
    /// after every service has returned or at the deadline.
    public func handleEventsForBackgroundURLSession(
        _ identifier: String,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor () -> Void
    ) {
        fanOut(
            .handleEventsForBackgroundURLSession,
            (any BackgroundURLSessionHandling).self,
            merge: .none,
            unanswered: nil,
            platform: platform,
            call: HandleURLSessionEvents(identifier: identifier),
            completion: { completion() }
        )
    }

    /// Dispatches background URL session events and returns when they are handled.
    public func handleEventsForBackgroundURLSession(_ identifier: String, platform: PlatformObjects? = nil) async {
        await withCheckedContinuation { continuation in
            handleEventsForBackgroundURLSession(identifier, platform: platform) { continuation.resume() }
        }
    }
}

/// Gives a service the events of a background URL session.
private struct HandleURLSessionEvents: FanOutCall {
    let identifier: String

    @MainActor func callAsFunction(_ service: any BackgroundURLSessionHandling, _ context: AppContext) async throws {
        try await service.application(context, handleEventsForBackgroundURLSession: identifier)
    }
}
