import AppServices
import AppServicesTesting
import Testing

struct CartChanged: AppEvent {
    let items: Int
}

struct OrderPlaced: AppEvent {
    let id: String
}

struct MayShowPaywall: AppEvent {
    typealias Response = Bool
    static var responseMerge: ResponseMerge<Bool> { .allTrue }
}

/// Records events and callbacks into one shared log.
@MainActor
final class EventLog {
    var entries: [String] = []
}

@MainActor
class Listener: AppService, ApplicationStateHandling {
    let log: EventLog
    var paywallAnswer = true
    init(log: EventLog) { self.log = log }
    var name: String { String(describing: type(of: self)) }

    func applicationDidBecomeActive(_ context: AppContext) { log.entries.append("\(name).didBecomeActive") }

    func subscribe(to events: inout EventSubscriptions) {
        events.on(CartChanged.self) { event, _ in self.log.entries.append("\(self.name).cart(\(event.items))") }
        events.on(OrderPlaced.self) { event, _ in self.log.entries.append("\(self.name).order(\(event.id))") }
        events.on(MayShowPaywall.self) { _, _ in
            self.log.entries.append("\(self.name).paywall")
            return self.paywallAnswer
        }
    }
}

/// Posts a cart event from inside a callback, and an order event from inside the cart
/// event's handler.
final class Poster: Listener {
    var deliveries: [String] = []
    override func applicationDidBecomeActive(_ context: AppContext) {
        super.applicationDidBecomeActive(context)
        deliveries.append(context.post(CartChanged(items: 3)).isQueued ? "queued" : "delivered")
    }

    override func subscribe(to events: inout EventSubscriptions) {
        events.on(CartChanged.self) { event, context in
            self.log.entries.append("\(self.name).cart(\(event.items))")
            context.post(OrderPlaced(id: "A-1"))
        }
        events.on(OrderPlaced.self) { event, _ in self.log.entries.append("\(self.name).order(\(event.id))") }
    }
}

final class ListenerA: Listener {}
final class ListenerB: Listener {}

final class DoubleSubscriber: AppService {
    func subscribe(to events: inout EventSubscriptions) {
        events.on(CartChanged.self) { _, _ in }
        events.on(OrderPlaced.self) { _, _ in }
        events.on(CartChanged.self) { _, _ in }
    }
}

@MainActor
struct EventTests {
    let log = EventLog()

    @Test("An event posted inside a handler is delivered after the current dispatch, in one order to every subscriber")
    func reentrantPostsAreQueued() {
        let poster = Poster(log: log)
        let composite = ServiceComposite([ListenerA(log: log), poster, ListenerB(log: log)])
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()

        #expect(poster.deliveries == ["queued"])
        #expect(
            log.entries == [
                "ListenerA.didBecomeActive", "Poster.didBecomeActive", "ListenerB.didBecomeActive",
                "ListenerA.cart(3)", "Poster.cart(3)", "ListenerB.cart(3)",
                "ListenerA.order(A-1)", "Poster.order(A-1)", "ListenerB.order(A-1)",
            ]
        )
    }

    @Test("An event posted outside any dispatch is delivered at once with the merged answer")
    func directPostReturnsMergedAnswer() {
        let a = ListenerA(log: log)
        let b = ListenerB(log: log)
        let composite = ServiceComposite([a, b])
        #expect(composite.post(MayShowPaywall()).response == true)
        b.paywallAnswer = false
        #expect(composite.post(MayShowPaywall()).response == false)
        #expect(log.entries == ["ListenerA.paywall", "ListenerB.paywall", "ListenerA.paywall", "ListenerB.paywall"])
    }

    @Test("An event nobody subscribes to gets the merge's no-answer value")
    func unsubscribedEvent() {
        let composite = ServiceComposite([])
        #expect(composite.post(MayShowPaywall()).response == true)
    }

    @Test("Subscribers outside the services hear events after the services, until cancelled or released")
    func dynamicSubscriptions() {
        let composite = ServiceComposite([ListenerA(log: log)])
        let first = composite.subscribe(to: CartChanged.self) { self.log.entries.append("first.cart(\($0.items))") }
        var second: EventSubscription? = composite.subscribe(to: CartChanged.self) {
            self.log.entries.append("second.cart(\($0.items))")
        }
        composite.post(CartChanged(items: 1))
        first.cancel()
        composite.post(CartChanged(items: 2))
        second = nil
        composite.post(CartChanged(items: 3))
        _ = second  // released above: what the log shows is the check
        #expect(
            log.entries == [
                "ListenerA.cart(1)", "first.cart(1)", "second.cart(1)", "ListenerA.cart(2)", "second.cart(2)",
                "ListenerA.cart(3)",
            ]
        )
    }

    @Test("A subscription cancelled or released lets go of its handler at once, not at the next event")
    func subscriptionReleasesItsHandler() {
        final class Model {}
        let composite = ServiceComposite([])
        weak var cancelledModel: Model?
        weak var releasedModel: Model?
        var kept: EventSubscription?
        do {
            let one = Model()
            let two = Model()
            cancelledModel = one
            releasedModel = two
            kept = composite.subscribe(to: CartChanged.self) { _ in _ = one }
            _ = composite.subscribe(to: CartChanged.self) { _ in _ = two }
        }
        kept?.cancel()
        #expect(cancelledModel == nil)
        #expect(releasedModel == nil)
        #expect(kept?.isCancelled == true)
    }

    @Test("Subscribing from outside twice makes two subscriptions, each delivered")
    func dynamicSubscribingTwice() {
        let composite = ServiceComposite([])
        var count = 0
        let one = composite.subscribe(to: CartChanged.self) { _ in count += 1 }
        let two = composite.subscribe(to: CartChanged.self) { _ in count += 1 }
        composite.post(CartChanged(items: 1))
        #expect(count == 2)
        _ = (one, two)
    }

    @Test("A service that subscribes to one event type twice is reported by validation")
    func serviceSubscribingTwice() {
        let composite = ServiceComposite([DoubleSubscriber()])
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(error?.problems.map(\.kind) == [.duplicateSubscription])
        #expect(
            error?.problems.first?.message
                == "DoubleSubscriber subscribes to CartChanged more than once; subscribe once per event type and handle every case in that handler."
        )
    }
}
