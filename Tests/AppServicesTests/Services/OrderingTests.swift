import AppServices
import AppServicesTesting
import Testing

// Registered as [Checkout, Database, Network, Analytics]:
// Checkout depends on Network; Analytics depends on Database.
private final class Checkout: RecordingService {
    override class var dependencies: [any AppService.Type] { [Network.self] }
}
private final class Database: RecordingService {}
private final class Network: RecordingService {}
private final class Analytics: RecordingService {
    override class var dependencies: [any AppService.Type] { [Database.self] }
}

@MainActor
struct OrderingTests {
    let journal = CallJournal()
    let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))

    func composite() -> ServiceComposite {
        ServiceComposite([
            Checkout(journal: journal), Database(journal: journal), Network(journal: journal),
            Analytics(journal: journal),
        ])
    }

    /// Dependency order with ties in registration order: Database and Network are ready
    /// first (Database registered earlier), Analytics is ready once Database is placed and
    /// was registered after Checkout, which waits for Network.
    static let dependencyOrder = ["Database", "Network", "Checkout", "Analytics"]

    @Test("Services are ordered after their dependencies, ties in registration order")
    func dependencyOrder() throws {
        let order = try composite().orderedServices().map { String(describing: type(of: $0)) }
        #expect(order == Self.dependencyOrder)
    }

    @Test(
        "Up callbacks reach services in dependency order",
        arguments: [
            AppCallback.willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willEnterForeground,
            .sceneWillConnect,
            .sceneWillEnterForeground, .sceneDidBecomeActive,
        ]
    )
    func upCallbacks(_ callback: AppCallback) {
        let composite = composite()
        walk(composite, to: callback)
        #expect(journal.services(receiving: callback) == Self.dependencyOrder)
    }

    @Test(
        "Down callbacks reach services in reverse dependency order",
        arguments: [
            AppCallback.willResignActive, .didEnterBackground, .willTerminate, .sceneWillResignActive,
            .sceneDidEnterBackground, .sceneDidDisconnect,
        ]
    )
    func downCallbacks(_ callback: AppCallback) {
        let composite = composite()
        walk(composite, to: callback)
        #expect(journal.services(receiving: callback) == Self.dependencyOrder.reversed())
    }

    @Test("Without dependencies, up callbacks keep registration order and down callbacks reverse it")
    func tiesKeepRegistrationOrder() {
        let recorders = makeRecorders(4, journal: journal)
        let composite = ServiceComposite([recorders[2], recorders[0], recorders[3], recorders[1]])
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        #expect(journal.services(receiving: .didBecomeActive) == ["R2", "R0", "R3", "R1"])
        #expect(journal.services(receiving: .willResignActive) == ["R1", "R3", "R0", "R2"])
    }

    /// Drives the composite through UIKit's order up to `callback`.
    private func walk(_ composite: ServiceComposite, to callback: AppCallback) {
        let steps: [(AppCallback, () -> Void)] = [
            (.willFinishLaunching, { _ = composite.willFinishLaunching() }),
            (.didFinishLaunching, { _ = composite.didFinishLaunching() }),
            (.sceneWillConnect, { composite.sceneWillConnect(scene) }),
            (.sceneWillEnterForeground, { composite.sceneWillEnterForeground(scene) }),
            (.sceneDidBecomeActive, { composite.sceneDidBecomeActive(scene) }),
            (.sceneWillResignActive, { composite.sceneWillResignActive(scene) }),
            (.sceneDidEnterBackground, { composite.sceneDidEnterBackground(scene) }),
            (.sceneDidDisconnect, { composite.sceneDidDisconnect(scene) }),
        ]
        let appSteps: [(AppCallback, () -> Void)] = [
            (.willFinishLaunching, { _ = composite.willFinishLaunching() }),
            (.didFinishLaunching, { _ = composite.didFinishLaunching() }),
            (.didBecomeActive, { composite.didBecomeActive() }),
            (.willResignActive, { composite.willResignActive() }),
            (.didEnterBackground, { composite.didEnterBackground() }),
            (.willEnterForeground, { composite.willEnterForeground() }),
            (.willTerminate, { composite.willTerminate() }),
        ]
        let path = steps.contains { $0.0 == callback } ? steps : appSteps
        for (step, run) in path {
            run()
            if step == callback { return }
        }
    }
}

/// A system callback during a dispatch is delivered at once: the system waits for it.
@MainActor
struct ReentrantCallbackTests {
    /// What the two services heard, in order.
    final class Heard {
        var entries: [String] = []
    }

    /// On becoming active, triggers a memory warning (as a large allocation might), noting
    /// before and after.
    final class Allocator: AppService, ApplicationStateHandling {
        let heard: Heard
        weak var composite: ServiceComposite?
        init(_ heard: Heard) { self.heard = heard }
        func applicationDidBecomeActive(_ context: AppContext) {
            heard.entries.append("allocator: before")
            composite?.didReceiveMemoryWarning()
            heard.entries.append("allocator: after")
        }
    }

    /// Hears the application become active and the memory warning.
    final class Cache: AppService, ApplicationStateHandling, SystemEventHandling {
        let heard: Heard
        init(_ heard: Heard) { self.heard = heard }
        func applicationDidBecomeActive(_ context: AppContext) { heard.entries.append("cache: active") }
        func applicationDidReceiveMemoryWarning(_ context: AppContext) { heard.entries.append("cache: memory warning") }
    }

    @Test("A system callback that arrives during a dispatch is delivered at once, inside it")
    func deliveredAtOnce() {
        let heard = Heard()
        let allocator = Allocator(heard)
        let composite = ServiceComposite([allocator, Cache(heard)], configuration: .quiet)
        allocator.composite = composite
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(
            heard.entries == ["allocator: before", "cache: memory warning", "allocator: after", "cache: active"]
        )
    }
}
