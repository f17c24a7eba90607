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

/// Tracks too, and depends on the plain tracker: after it in dependency order.
private final class SecondTracker: AppService, Tracking {
    static let dependencies: [any AppService.Type] = [Tracker.self]
    func track(_ name: String) {}
}

/// A tracker of a subclass, registered before its base class.
private class BaseTracker: AppService {}
private final class DerivedTracker: BaseTracker {}

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

    @Test("Lookup answers alike before and after sealing: the exact type, else the first conformer in dependency order")
    func lookupBeforeAndAfterSealing() {
        let second = SecondTracker()
        let tracker = Tracker()
        let derived = DerivedTracker()
        let base = BaseTracker()
        let composite = ServiceComposite([second, derived, tracker, base])
        for _ in 0..<2 {
            #expect(composite.service((any Tracking).self) === tracker, "first in dependency order")
            #expect(composite.service(BaseTracker.self) === base, "the exact type before a subclass")
            #expect(composite.service(DerivedTracker.self) === derived)
            _ = composite.didFinishLaunching()  // seals it, for the second round
        }
    }

    @Test("Requiring a missing service from a nested composite names every service of the tree")
    func requireFromNested() {
        let inner = ServiceComposite([Tracker()])
        let outer = ServiceComposite([Checkout(), inner])
        _ = outer.didFinishLaunching()
        let error = #expect(throws: ServiceCompositeError.self) { try inner.requireService(Late.self) }
        #expect(error?.message.contains("(registered: Tracker, Checkout)") == true)
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

    @Test("A question about the services seals the composite too, and the error names it rather than a callback")
    func registrationAfterAQuestion() throws {
        let composite = ServiceComposite([Tracker()])
        _ = composite.handles(.openURL)
        let error = #expect(throws: ServiceCompositeError.self) { try composite.register(Checkout()) }
        #expect(error?.message.contains("sealed by handles(openURL)") == true)
        #expect(error?.message.contains("before the first callback") == false)
        #expect(error?.message.contains("makeServices()") == true)
    }

    @Test("Errors of registering and requiring name the caller's file and line, through a context too")
    func errorsNameTheCall() throws {
        final class Toolbar: SceneService {
            init(scene: SceneInfo, context: AppContext) {}
        }
        final class Inbox: SessionService {
            init(session: SessionInfo, context: AppContext) {}
        }
        /// Requires a service that is not there, as it becomes active.
        final class Requirer: AppService, ApplicationStateHandling {
            var failure: (ServiceCompositeError?, Int)?
            func applicationDidBecomeActive(_ context: AppContext) {
                do throws(ServiceCompositeError) {
                    failure = (nil, #line + 1)
                    _ = try context.requireService(Late.self)
                } catch {
                    failure?.0 = error
                }
            }
        }
        let requirer = Requirer()
        let composite = ServiceComposite([Tracker(), requirer])
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        let toolbar: [any SceneService.Type] = [Toolbar.self]
        let inbox: [any SessionService.Type] = [Inbox.self]
        let sceneLine = #line + 1
        let scene = #expect(throws: ServiceCompositeError.self) { try composite.registerSceneServices(toolbar) }
        let sessionLine = #line + 1
        let session = #expect(throws: ServiceCompositeError.self) { try composite.registerSessionServices(inbox) }
        let errors: [(ServiceCompositeError?, Int)] = [
            (scene, sceneLine), (session, sessionLine), try #require(requirer.failure),
        ]
        for (error, line) in errors {
            #expect(error?.file == #fileID)
            #expect(error?.line == line)
        }
    }

    @Test("A callback reaches only the services that handle it")
    func touchesOnlyHandlingServices() {
        let composite = ServiceComposite([Tracker(), Checkout(), RecordingService()])
        #expect(composite.handlingServices(for: .didBecomeActive).count == 2)
        #expect(composite.handlingServices(for: .openURL).count == 1)
        #expect(!ServiceComposite([Tracker()]).handles(.didBecomeActive))
    }
}

/// The list builder of `ServiceComposite { ... }`: one service per line, with `if`, `if`/`else`,
/// `for`, arrays and availability checks, in the order written.
@MainActor
struct ServiceListBuilderTests {
    /// A service of its own type per tag (a composite holds one service of each type).
    private final class Named<Tag>: AppService {}
    private enum Logging {}
    private enum Analytics {}
    private enum Absent {}
    private enum NoRegion {}
    private enum Regions {}
    private enum MirrorEU {}
    private enum MirrorUS {}
    private enum Batch1 {}
    private enum Batch2 {}
    private enum Current {}

    private func names(_ composite: ServiceComposite) throws -> [String] {
        try composite.orderedServices().map { "\(type(of: $0))" }
    }

    @Test(
        "Lines, branches, loops, arrays and availability checks register their services in the order written",
        arguments: [true, false]
    )
    func everyForm(analytics: Bool) throws {
        let mirrors: [any AppService] = [Named<MirrorEU>(), Named<MirrorUS>()]
        let composite = ServiceComposite {
            Named<Logging>()
            if analytics { Named<Analytics>() }
            if !analytics { Named<Absent>() }
            if mirrors.isEmpty { Named<NoRegion>() } else { Named<Regions>() }
            for mirror in mirrors { mirror }
            [Named<Batch1>(), Named<Batch2>()]
            if #available(macOS 15, iOS 18, *) { Named<Current>() }
        }
        let expected =
            [Named<Logging>.self, analytics ? Named<Analytics>.self : Named<Absent>.self]
            + [Named<Regions>.self, Named<MirrorEU>.self, Named<MirrorUS>.self, Named<Batch1>.self, Named<Batch2>.self]
            + [Named<Current>.self] as [any AppService.Type]
        #expect(try names(composite) == expected.map { "\($0)" })
    }

    @Test("The builder is the launch plan's list builder, named for services")
    func sameBuilder() {
        #expect(ServiceListBuilder.self == LaunchListBuilder<any AppService>.self)
    }
}
