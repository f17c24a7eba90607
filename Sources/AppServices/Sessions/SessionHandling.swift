/// A service that hears a session begin and end: application-wide services hear every
/// session's, a session's own services hear their session's.
///
/// ``AppContext/session`` names the session. Beginning is an "up" callback (dependency
/// order, application-wide services first), ending a "down" one (the session's own
/// services first, in reverse), so a service winds down before what it depends on.
@MainActor
public protocol SessionHandling: AppService {
    /// A session began: its services are made and it may be the current one.
    func sessionDidBegin(_ context: AppContext)
    /// A session is about to end (sign-out, or an account switch): its services are released
    /// right after, and the milestones that belong to it are reset.
    func sessionWillEnd(_ context: AppContext)
}

extension SessionHandling {
    /// Does nothing.
    public func sessionDidBegin(_ context: AppContext) {}
    /// Does nothing.
    public func sessionWillEnd(_ context: AppContext) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``SessionHandling``.
    static let sessions = HandlerKind<any SessionHandling>(
        { $0 as? any SessionHandling },
        types: { $0 is any SessionHandling.Type }
    )
}

extension AppCallback {
    /// A session began (``ServiceComposite/beginSession(_:makeCurrent:file:line:)``; no delegate method).
    public static let sessionDidBegin = AppCallback("sessionDidBegin", heardBy: HandlerKinds.sessions)
    /// A session is about to end (``ServiceComposite/endSession(_:file:line:)``; no delegate method).
    public static let sessionWillEnd = AppCallback("sessionWillEnd", heardBy: HandlerKinds.sessions, direction: .down)

    /// The callbacks ``SessionHandling`` services hear.
    static let sessionCallbacks: [AppCallback] = [.sessionDidBegin, .sessionWillEnd]
}
