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
