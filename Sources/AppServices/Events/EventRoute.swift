import DequeModule

/// The handlers of one event type, type-erased so routes of all types share a dictionary.
@MainActor
protocol AnyEventRoute: AnyObject {}

/// The service handlers of one event type, in dispatch order.
@MainActor
final class EventRoute<Event: AppEvent>: AnyEventRoute {
    var handlers: [(serviceType: any AppService.Type, handler: (Event, AppContext) -> Event.Response)] = []
}

/// The handlers of one event type made with ``ServiceComposite/subscribe(to:_:)``, in
/// subscription order.
@MainActor
final class DynamicEventRoute<Event: AppEvent>: AnyEventRoute {
    var subscribers: [(token: Weak<EventSubscription>, handler: (Event) -> Event.Response)] = []
}

/// A weak reference, for lists that must not keep their elements alive.
struct Weak<Object: AnyObject> {
    weak var object: Object?
}

/// Events waiting for the running dispatch to end, first in first out.
@MainActor
struct EventQueue {
    private var deliveries: Deque<() -> Void> = []
    /// Whether the queue is being emptied (so new posts join it rather than jump ahead).
    var isDraining = false

    var isEmpty: Bool { deliveries.isEmpty }

    mutating func append(_ delivery: @escaping () -> Void) { deliveries.append(delivery) }

    mutating func popFirst() -> (() -> Void)? { deliveries.popFirst() }
}

/// A subscription made with ``ServiceComposite/subscribe(to:_:)``.
///
/// The subscription lasts until ``cancel()`` is called or this object is released, so
/// keep it for as long as you want the events.
@MainActor
public final class EventSubscription {
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false

    init() {}

    /// Stops delivering events to this subscription's handler. Calling it again does nothing.
    public func cancel() { isCancelled = true }
}
