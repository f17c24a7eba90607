import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

private final class Base: RecordingService {}
private final class Feature: RecordingService {
    override class var dependencies: [any AppService.Type] { [Base.self] }
}
private final class Detail: RecordingService {}
private final class Leaf: RecordingService {
    override class var dependencies: [any AppService.Type] { [Feature.self] }
}
private final class Tail: RecordingService {}

@MainActor
struct NestingTests {
    /// A session that touches every kind of dispatch: launch, state, merges, fan-outs, scenes.
    func session(_ composite: ServiceComposite, _ services: [RecordingService]) async -> [String] {
        for service in services {
            service.answers.openURL = service is Detail
            service.answers.interfaceOrientations =
                service is Feature ? [.portrait, .landscapeLeft] : service is Detail ? .portrait : .landscapeLeft
            service.answers.remoteNotification = service is Leaf ? .newData : .noData
        }
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "s1"))
        var answers: [String] = []
        answers.append("\(composite.didFinishLaunching())")
        composite.didBecomeActive()
        answers.append("\(composite.open(URL(string: "app://x")!))")
        answers.append("\(composite.supportedInterfaceOrientations(for: nil)!.rawValue)")
        answers.append("\(await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])))")
        composite.sceneWillConnect(scene)
        composite.sceneWillEnterForeground(scene)
        composite.willResignActive()
        composite.didEnterBackground()
        composite.willTerminate()
        return answers
    }

    @Test("A composite nested two deep behaves exactly like the flat composite with the same order")
    func nestedEqualsFlat() async throws {
        let flatJournal = CallJournal()
        let flatServices: [RecordingService] = [
            Base(journal: flatJournal), Feature(journal: flatJournal), Detail(journal: flatJournal),
            Leaf(journal: flatJournal), Tail(journal: flatJournal),
        ]
        let flat = ServiceComposite(flatServices)

        let nestedJournal = CallJournal()
        let nestedServices: [RecordingService] = [
            Base(journal: nestedJournal), Feature(journal: nestedJournal), Detail(journal: nestedJournal),
            Leaf(journal: nestedJournal), Tail(journal: nestedJournal),
        ]
        let innermost = ServiceComposite([nestedServices[2], nestedServices[3]])
        let inner = ServiceComposite([nestedServices[1], innermost])
        let outer = ServiceComposite([nestedServices[0], inner, nestedServices[4]])

        #expect(
            try outer.orderedServices().map { "\(type(of: $0))" } == flat.orderedServices().map { "\(type(of: $0))" }
        )
        let flatAnswers = await session(flat, flatServices)
        let nestedAnswers = await session(outer, nestedServices)
        #expect(nestedAnswers == flatAnswers)
        #expect(nestedJournal.calls == flatJournal.calls)
        #expect(!flatJournal.calls.isEmpty)
    }

    @Test("Services in a nested composite find services of the outer one, and the outer one finds theirs")
    func lookupAcrossNesting() {
        let base = Base()
        let leaf = Leaf()
        let inner = ServiceComposite([Feature(), leaf])
        let outer = ServiceComposite([base, inner])
        _ = outer.didFinishLaunching()
        #expect(outer.service(Leaf.self) === leaf)
        #expect(inner.service(Base.self) === base)
    }

    @Test("A nested composite answers what the outermost one does: its state, and which callbacks are handled")
    func nestedAnswersLikeTheOuter() {
        let inner = ServiceComposite([Detail()])
        let outer = ServiceComposite([Base(), inner])
        _ = outer.didFinishLaunching()
        outer.didBecomeActive()
        #expect(inner.applicationState == .active)
        // Before, these asked the nested composite, which never seals: a trap.
        #expect(inner.handles(.didBecomeActive) == outer.handles(.didBecomeActive))
        #expect(inner.handlingServices(for: .didBecomeActive).count == 2)
    }

    @Test("Waiting for pending work on a nested composite waits for the outermost one's")
    func nestedWaitsForTheOutersWork() async {
        let clock = TestClock()
        let inner = ServiceComposite([WaitingFetcher(clock: clock)])
        let outer = ServiceComposite([Base(), inner], configuration: .init(logger: .quiet, clock: clock))
        _ = outer.didFinishLaunching()
        outer.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])) { _ in }
        await clock.waitForSleepers(2)  // the fetcher and the deadline
        #expect(inner.pendingWorkCount == outer.pendingWorkCount)
        #expect(inner.pendingWorkCount > 0)
        clock.advance(by: .seconds(30))
        await inner.waitForPendingWork()
        #expect(outer.pendingWorkCount == 0)
    }

    @Test("A nested composite validates and orders the outermost one's services, on which its own may depend")
    func nestedValidatesAsTheOuter() throws {
        let innermost = ServiceComposite([Leaf()])
        let inner = ServiceComposite([Feature(), innermost])
        let outer = ServiceComposite([Base(), inner])
        _ = outer.didFinishLaunching()

        #expect(throws: Never.self) { try inner.validate() }
        #expect(throws: Never.self) { try innermost.validate() }
        #expect(try innermost.orderedServices().map { "\(type(of: $0))" } == ["Base", "Feature", "Leaf"])
    }

    @Test("Subscriptions and lifecycle streams made on a composite before it was nested hear the outer one")
    func subscriptionsBeforeNesting() async {
        let inner = ServiceComposite([Detail()])
        var heard: [Int] = []
        let subscription = inner.subscribe(to: CartChanged.self) { heard.append($0.items) }
        let events = inner.lifecycleEvents(bufferingPolicy: .unbounded)
        let outer = ServiceComposite([Base(), inner])
        _ = outer.didFinishLaunching()
        outer.post(CartChanged(items: 1))
        inner.post(CartChanged(items: 2))
        #expect(heard == [1, 2])
        outer.didBecomeActive()
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .didFinishLaunching)
        #expect(await iterator.next() == .didBecomeActive)
        _ = subscription
    }

    @Test("Registering into a nested composite after the outer one dispatched throws")
    func nestedRegistrationAfterDispatch() {
        let inner = ServiceComposite([Detail()])
        let outer = ServiceComposite([inner])
        _ = outer.didFinishLaunching()
        #expect(throws: ServiceCompositeError.self) { try inner.register(Tail()) }
    }

    @Test("A composite nested in itself, or twice, is reported by validation")
    func invalidNesting() {
        let inner = ServiceComposite([Detail()])
        let outer = ServiceComposite([inner, inner])
        let error = #expect(throws: ServiceGraphError.self) { try outer.validate() }
        #expect(error?.problems.map(\.kind) == [.invalidNesting])
        #expect(error?.problems.first?.message.hasPrefix("The composite of Detail is nested inside itself") == true)
    }

    @Test("A composite nested in one composite and then in another is reported by the second's validation")
    func nestedInTwoComposites() {
        let feature = ServiceComposite([Detail()])
        let first = ServiceComposite([feature])
        _ = first.didFinishLaunching()
        let second = ServiceComposite([Tail(), feature])
        let error = #expect(throws: ServiceGraphError.self) { try second.validate() }
        #expect(error?.problems.map(\.kind) == [.invalidNesting])
        #expect(
            error?.problems.first?.message
                == "The composite of Detail is nested already, in the composite of ServiceComposite; "
                + "a composite may be nested in one composite only."
        )
    }

    @Test("Work routed to a scene through a composite before it was nested is reported, not silently never run")
    func workHeldBeforeNesting() {
        let feature = ServiceComposite([Detail()])
        feature.route(toScene: "s1", named: "open order") { _ in }
        let app = ServiceComposite([feature])
        let error = #expect(throws: ServiceGraphError.self) { try app.validate() }
        #expect(error?.problems.map(\.kind) == [.invalidNesting])
        #expect(
            error?.problems.first?.message
                == "The composite of Detail, nested, was handed work to hold before it was nested (open order), "
                + "which the outermost composite would never run; hand it to the outermost composite, or to a "
                + "service's context."
        )
    }

    @Test("A nested composite's declarations are its outermost composite's, read from either")
    func nestedDeclarations() {
        final class Calls: AppService, VoIPPushHandling {
            var voIPPushTypes: Set<PushType> { [.voIP] }
        }
        final class Handoff: AppService, UserActivityHandling {
            var userActivityTypes: Set<String> { ["com.example.browse"] }
        }
        let feature = ServiceComposite([Calls()])
        let app = ServiceComposite([Handoff(), feature])
        _ = app.didFinishLaunching()
        #expect(feature.desiredPushTypes == [.voIP])
        #expect(feature.declaredUserActivityTypes == ["com.example.browse"])
    }

    @Test("Session and scene services registered on a nested composite are reported by validation, named")
    func nestedSessionAndSceneServices() throws {
        final class Inbox: SessionService {
            init(session: SessionInfo, context: AppContext) {}
        }
        final class Toolbar: SceneService {
            init(scene: SceneInfo, context: AppContext) {}
        }
        let inner = ServiceComposite([Detail()])
        try inner.registerSessionServices([Inbox.self])
        try inner.registerSceneServices([Toolbar.self])
        let outer = ServiceComposite([inner])
        let error = #expect(throws: ServiceGraphError.self) { try outer.validate() }
        #expect(error?.problems.map(\.kind) == [.invalidNesting])
        #expect(
            error?.problems.first?.message
                == "The composite of Detail, nested, registers session services (Inbox) and scene services "
                + "(Toolbar), which only the outermost composite makes; register them on it."
        )
    }
}
