/// The handlers of one event type, type-erased so routes of all types share a dictionary.
@MainActor
protocol AnyEventRoute: AnyObject {}

/// The service handlers of one event type, in dispatch order.
@MainActor
final class EventRoute<Event: AppEvent>: AnyEventRoute {
    var handlers: [(serviceType: any AppService.Type, handler: (Event, AppContext) -> Event.Response)] = []
}

/// The subscriptions to one event type made with ``ServiceComposite/subscribe(to:_:)``, in
/// subscription order. Each subscription holds its handler, so a subscription released or
/// cancelled lets go of the handler and what it captured at once; the route keeps only a
/// weak reference, pruned as it delivers.
@MainActor
final class DynamicEventRoute<Event: AppEvent>: AnySubscriptionRoute {
    var subscribers: [Weak<HandlerSubscription<Event>>] = []

    func append(contentsOf other: any AnySubscriptionRoute) {
        guard let other = other as? Self else { return }
        subscribers += other.subscribers
    }
}

/// The subscriptions of one event type, type-erased.
@MainActor
protocol AnySubscriptionRoute: AnyEventRoute {
    /// Adds the subscriptions of `other`, a route of the same event type, after this one's.
    func append(contentsOf other: any AnySubscriptionRoute)
}

/// A weak reference, for lists that must not keep their elements alive.
struct Weak<Object: AnyObject> {
    weak var object: Object?
}

/// Events posted while a dispatch runs, delivered in order once the outermost dispatch
/// ends, and how deep the dispatches running now are nested.
///
/// Its state is written here only: callback dispatch and event delivery enter and leave
/// through it, and posting asks it whether an event must wait.
struct EventQueue {
    private var deliveries = FIFOQueue<() -> Void>()
    /// How many dispatches are running (callbacks and event deliveries; nested ones count).
    private var depth = 0
    /// Whether the queue is being emptied (so new posts join it rather than jump ahead).
    private var isDraining = false

    /// Whether an event posted now must wait in the queue: a dispatch is running, the queue
    /// is being emptied, or events wait in it (a lifecycle listener posting as a dispatch
    /// ends, before the queue is emptied), so that no event overtakes one posted before it.
    var mustQueue: Bool { depth > 0 || isDraining || !deliveries.isEmpty }

    /// A dispatch starts.
    mutating func enterDispatch() { depth += 1 }

    /// A dispatch ends. Returns whether the queue should be emptied now: the outermost
    /// dispatch ended with events waiting.
    mutating func exitDispatch() -> Bool {
        depth -= 1
        return depth == 0 && !deliveries.isEmpty
    }

    /// Queues a delivery.
    mutating func append(_ delivery: @escaping () -> Void) { deliveries.append(delivery) }

    /// Starts emptying the queue; `false` (and nothing to do) when it is being emptied
    /// already or is empty.
    mutating func beginDraining() -> Bool {
        guard !isDraining, !deliveries.isEmpty else { return false }
        isDraining = true
        return true
    }

    /// The next delivery while draining; `nil`, and draining ends, once the queue is empty.
    mutating func nextDelivery() -> (() -> Void)? {
        guard let delivery = deliveries.popFirst() else {
            isDraining = false
            return nil
        }
        return delivery
    }
}

/// A subscription made with ``ServiceComposite/subscribe(to:_:)``.
///
/// The subscription lasts until ``cancel()`` is called or this object is released, so
/// keep it for as long as you want the events. The subscription holds the handler: either
/// lets go of it, and of what it captured, at once.
@MainActor
public class EventSubscription {
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false

    init() {}

    /// Stops delivering events to this subscription's handler, and lets go of the handler.
    /// Calling it again does nothing.
    public func cancel() {
        isCancelled = true
        releaseHandler()
    }

    /// Lets go of the handler (the subclass that holds it does).
    func releaseHandler() {}
}

/// A subscription to events of type `Event`, holding its handler.
@MainActor
final class HandlerSubscription<Event: AppEvent>: EventSubscription {
    /// The handler, until the subscription is cancelled.
    private(set) var handler: ((Event) -> Event.Response)?

    init(_ handler: @escaping @MainActor (Event) -> Event.Response) {
        self.handler = handler
    }

    override func releaseHandler() { handler = nil }
}
