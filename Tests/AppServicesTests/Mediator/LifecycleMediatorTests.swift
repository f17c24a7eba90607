import AppServices
import AppServicesTesting
import Foundation
import Testing

@MainActor
final class OrderProbe {
    var entries: [String] = []
}

final class ProbeService: AppService, ApplicationStateHandling, SystemEventHandling {
    let probe: OrderProbe
    init(probe: OrderProbe) { self.probe = probe }
    func applicationDidBecomeActive(_ context: AppContext) { probe.entries.append("service.didBecomeActive") }
    func applicationDidEnterBackground(_ context: AppContext) { probe.entries.append("service.didEnterBackground") }
    func applicationDidReceiveMemoryWarning(_ context: AppContext) { probe.entries.append("service.memoryWarning") }
}

final class ProbeListener: LifecycleListener {
    let probe: OrderProbe
    init(probe: OrderProbe) { self.probe = probe }
    func applicationDidFinishLaunching() { probe.entries.append("listener.didFinishLaunching") }
    func applicationDidBecomeActive() { probe.entries.append("listener.didBecomeActive") }
    func applicationDidEnterBackground() { probe.entries.append("listener.didEnterBackground") }
    func applicationDidReceiveMemoryWarning() { probe.entries.append("listener.memoryWarning") }
}

@MainActor
struct LifecycleMediatorTests {
    let probe = OrderProbe()
    // Each test has its own center, so composites of tests running in parallel do not reach it.
    let center = NotificationCenter()

    func composite() -> ServiceComposite {
        ServiceComposite([ProbeService(probe: probe)], configuration: .init(notificationCenter: center))
    }

    @Test("Listeners are called after the matching callback has reached the services")
    func listenersFollowCallbacks() {
        let composite = composite()
        let mediator = LifecycleMediator(listeners: [ProbeListener(probe: probe)], notificationCenter: center)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.didReceiveMemoryWarning()
        composite.willResignActive()
        composite.didEnterBackground()
        #expect(
            probe.entries == [
                "listener.didFinishLaunching", "service.didBecomeActive", "listener.didBecomeActive",
                "service.memoryWarning", "listener.memoryWarning", "service.didEnterBackground",
                "listener.didEnterBackground",
            ]
        )
        _ = mediator
    }

    @Test("A notification posted on another thread reaches the listeners on the main actor, not a stop of the program")
    func postedOffTheMainActor() async {
        let mediator = LifecycleMediator(listeners: [ProbeListener(probe: probe)], notificationCenter: center)
        let center = self.center
        await withCheckedContinuation { (posted: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                center.post(name: LifecycleEvent.didEnterBackground.notificationName, object: nil)
                posted.resume()
            }
        }
        // The listener runs on a later turn of the main actor: yield until it has, for at most
        // 1,000,000 turns, a bound only a failing test reaches.
        for _ in 0..<1_000_000 where probe.entries.isEmpty { await Task.yield() }
        #expect(probe.entries == ["listener.didEnterBackground"])
        _ = mediator
    }

    @Test("Listeners are never called after the mediator is released")
    func releasedMediatorIsSilent() {
        let composite = composite()
        let listener = ProbeListener(probe: probe)
        var mediator: LifecycleMediator? = LifecycleMediator(listeners: [listener], notificationCenter: center)
        weak let released = mediator
        _ = composite.didFinishLaunching()
        mediator = nil
        composite.didBecomeActive()
        #expect(released == nil, "nothing (its observers, the notification center) keeps the mediator alive")
        #expect(probe.entries == ["listener.didFinishLaunching", "service.didBecomeActive"])
    }

    @Test("Adding a listener twice keeps one; a removed listener is not called")
    func addAndRemove() {
        let composite = composite()
        let listener = ProbeListener(probe: probe)
        let mediator = LifecycleMediator(listeners: [], notificationCenter: center)
        mediator.add(listener)
        mediator.add(listener)
        _ = composite.didFinishLaunching()
        mediator.remove(listener)
        composite.didBecomeActive()
        #expect(mediator.listeners.isEmpty)
        #expect(probe.entries == ["listener.didFinishLaunching", "service.didBecomeActive"])
    }

    /// Removes another listener when the application becomes active.
    final class RemovingListener: LifecycleListener {
        weak var mediator: LifecycleMediator?
        var removes: (any LifecycleListener)?
        func applicationDidBecomeActive() {
            if let removes { mediator?.remove(removes) }
        }
    }

    struct Posted: AppEvent {
        let name: String
    }

    /// Posts an event when the application becomes active.
    final class PostingService: AppService, ApplicationStateHandling {
        func applicationDidBecomeActive(_ context: AppContext) { context.post(Posted(name: "service")) }
    }

    /// Posts an event when it hears the application became active.
    final class PostingListener: LifecycleListener {
        weak var composite: ServiceComposite?
        func applicationDidBecomeActive() { composite?.post(Posted(name: "listener")) }
    }

    @Test("An event a listener posts as a callback ends waits behind the events its services posted")
    func listenerPostsKeepOrder() {
        let composite = ServiceComposite([PostingService()], configuration: .init(notificationCenter: center))
        let listener = PostingListener()
        listener.composite = composite
        let mediator = LifecycleMediator(listeners: [listener], notificationCenter: center)
        var heard: [String] = []
        let subscription = composite.subscribe(to: Posted.self) { heard.append($0.name) }
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(heard == ["service", "listener"])
        _ = (mediator, subscription)
    }

    @Test("A listener removed by another during an event is not told of that event")
    func removedDuringAnEvent() {
        let composite = composite()
        let listener = ProbeListener(probe: probe)
        let remover = RemovingListener()
        remover.removes = listener
        let mediator = LifecycleMediator(listeners: [remover, listener], notificationCenter: center)
        remover.mediator = mediator
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(!probe.entries.contains("listener.didBecomeActive"))
        #expect(probe.entries.contains("listener.didFinishLaunching"))
    }

    @Test("The composite posts UIKit's notification names while observed, always, or never, as configured")
    func notificationPolicy() {
        let probe = probe
        let observer = center.addObserver(forName: nil, object: nil, queue: nil) { note in
            let name = note.name.rawValue
            MainActor.assumeIsolated { probe.entries.append(name) }
        }
        func launch(_ policy: LifecycleNotificationPolicy) {
            _ = ServiceComposite([], configuration: .init(lifecycleNotifications: policy, notificationCenter: center))
                .didFinishLaunching()
        }
        launch(.whenObserved)  // no mediator observes: nothing is posted
        launch(.always)
        var mediator: LifecycleMediator? = LifecycleMediator(listeners: [], notificationCenter: center)
        launch(.whenObserved)
        launch(.never)
        mediator = nil
        launch(.whenObserved)
        center.removeObserver(observer)
        _ = mediator  // released above: what the probe shows is the check
        #expect(
            probe.entries == [
                "UIApplicationDidFinishLaunchingNotification", "UIApplicationDidFinishLaunchingNotification",
            ]
        )
    }

    @Test("The lifecycle is also an async sequence of events")
    func asyncLifecycleEvents() async {
        let composite = composite()
        let events = composite.lifecycleEvents()
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        var received: [LifecycleEvent] = []
        for await event in events {
            received.append(event)
            if received.count == 3 { break }
        }
        #expect(received == [.didFinishLaunching, .didBecomeActive, .willResignActive])
    }

    @Test("A slow async listener keeps the newest events its buffer holds")
    func bufferingKeepsNewest() async {
        let composite = composite()
        let events = composite.lifecycleEvents(bufferingPolicy: .bufferingNewest(2))
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        var received: [LifecycleEvent] = []
        for await event in events {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received == [.willResignActive, .didEnterBackground])
    }
}
