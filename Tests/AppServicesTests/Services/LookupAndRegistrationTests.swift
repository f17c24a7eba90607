import AppServices
import AppServicesTesting
import Testing

@MainActor
protocol Tracking: AnyObject {
    func track(_ name: String)
}

private final class Tracker: AppService, Tracking {
    var tracked: [String] = []
    func track(_ name: String) { tracked.append(name) }
}

private final class Checkout: AppService, ApplicationStateHandling {
    static let dependencies: [any AppService.Type] = [Tracker.self]
    var foundTracker: Tracker?
    func applicationDidBecomeActive(_ context: AppContext) {
        foundTracker = context.service(Tracker.self)
        context.service((any Tracking).self)?.track("checkout-active")
    }
}

private final class Late: RecordingService {}

@MainActor
struct LookupAndRegistrationTests {
    @Test("Services find each other by type, from the composite and from the context")
    func typedLookup() {
        let tracker = Tracker()
        let checkout = Checkout()
        let composite = ServiceComposite([checkout, tracker])
        #expect(composite.service(Tracker.self) === tracker)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(checkout.foundTracker === tracker)
        #expect(tracker.tracked == ["checkout-active"], "lookup by protocol finds the first conforming service")
    }

    @Test("Looking up an unregistered type returns nil, and requiring it throws an error naming it")
    func unregisteredLookup() {
        let composite = ServiceComposite([Tracker()])
        #expect(composite.service(Late.self) == nil)
        let error = #expect(throws: ServiceCompositeError.self) { try composite.requireService(Late.self) }
        #expect(error?.code == .serviceNotRegistered)
        #expect(
            error?.message
                == "No service of type Late is registered (registered: Tracker). Register one before looking it up."
        )
    }

    @Test("Registering before the first callback works; after it, it throws and adds nothing")
    func registrationAfterDispatch() throws {
        let composite = ServiceComposite([Tracker()])
        try composite.register(Late())
        #expect(composite.service(Late.self) != nil)

        _ = composite.willFinishLaunching()
        #expect(composite.isSealed)
        let error = #expect(throws: ServiceCompositeError.self) { try composite.register(Checkout()) }
        #expect(error?.code == .registrationAfterDispatch)
        #expect(error?.message.contains("Cannot register Checkout") == true)
        #expect(error?.message.contains("willFinishLaunching") == true)
        #expect(composite.service(Checkout.self) == nil)
    }

    @Test("A callback reaches only the services that handle it")
    func touchesOnlyHandlingServices() {
        let composite = ServiceComposite([Tracker(), Checkout(), RecordingService()])
        #expect(composite.handlingServices(for: .didBecomeActive).count == 2)
        #expect(composite.handlingServices(for: .openURL).count == 1)
        #expect(!ServiceComposite([Tracker()]).handles(.didBecomeActive))
    }
}
