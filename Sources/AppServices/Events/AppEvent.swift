/// A typed message one service posts and others handle: how services talk to each other
/// without knowing each other, and without string notification names.
///
/// An event is a value; it names the type of the answer its subscribers give and how
/// their answers merge. Events without an answer use the default, `Void`.
///
/// ```swift
/// struct UserDidLogIn: AppEvent {
///     let userID: String
/// }
///
/// struct CanShowPaywall: AppEvent {
///     typealias Response = Bool
///     static var responseMerge: ResponseMerge<Bool> { .allTrue }
/// }
/// ```
///
/// Post with ``ServiceComposite/post(_:)`` or ``AppContext/post(_:)``; services subscribe
/// in ``AppService/subscribe(to:)``.
public protocol AppEvent: Sendable {
    /// What each subscriber answers.
    associatedtype Response = Void

    /// How the subscribers' answers become the poster's answer.
    static var responseMerge: ResponseMerge<Response> { get }
}

extension AppEvent where Response == Void {
    /// Nothing to merge.
    public static var responseMerge: ResponseMerge<Void> { .none }
}

/// What ``ServiceComposite/post(_:)`` did with an event.
public enum EventDelivery<Response> {
    /// The event was delivered to every subscriber at once; this is their merged answer.
    case delivered(Response)
    /// The event was posted during another dispatch (or while a session's or a scene's
    /// services were being made) and queued: it is delivered once that dispatch ends (once
    /// they all exist), so every subscriber sees events in one order. Its answer is not
    /// available to the poster.
    case queued

    /// The merged answer, when the event was delivered at once.
    public var response: Response? {
        if case .delivered(let response) = self { return response }
        return nil
    }

    /// Whether the event was queued behind a running dispatch.
    public var isQueued: Bool {
        if case .queued = self { return true }
        return false
    }
}
