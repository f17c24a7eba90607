import AppServices
import AppServicesTesting
import Foundation
import Testing

@testable import AppServicesExamples

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScenesWindowsAndReadinessTests {
    let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
    let other = SceneInfo(session: SceneSession(persistentIdentifier: "other"))

    /// The article's composite, cold-launched with `shop://app/orders/42` in `main`'s
    /// connection options, and `other` connected beside it.
    func coldLaunchWithLink() throws -> (ServiceComposite, Launch, LifecycleSimulator) {
        let (composite, launch) = try makeDeepLinkComposite()
        let simulator = LifecycleSimulator(driving: composite)
        let link = try #require(URL(string: "shop://app/orders/42"))
        try simulator.coldLaunch(
            connecting: main,
            connectionOptions: SceneConnectionOptions(urlContexts: [OpenURLContext(url: link)])
        )
        try simulator.connect(other)
        return (composite, launch, simulator)
    }

    @Test("A deep link that arrives during a cold launch is held, then routed once, in its scene, after the milestone")
    func deepLinkDuringColdLaunch() async throws {
        let (composite, launch, _) = try coldLaunchWithLink()

        // The launch is still running: the link waits, and the report says so.
        let mainRouter = try #require(composite.sceneService(DeepLinkRouter.self, in: main))
        let otherRouter = try #require(composite.sceneService(DeepLinkRouter.self, in: other))
        #expect(!composite.isReached(RootCoordinatorReady.self))
        #expect(mainRouter.routed.isEmpty)
        #expect(
            composite.heldWork.map { "\($0.name) until \($0.waitsFor): \($0.outcome)" } == [
                "CoordinatorService: build the root coordinator until phase critical: held",
                "DeepLinkRouter: open /orders/42 until milestone RootCoordinatorReady: held",
            ]
        )

        try await launch.waitUntilReady(.critical)
        while !composite.isReached(RootCoordinatorReady.self) { await Task.yield() }

        #expect(mainRouter.routed == ["/orders/42"], "routed once, in the scene it arrived in")
        #expect(otherRouter.routed.isEmpty)
        let root = try #require(composite.service(CoordinatorService.self)?.root)
        #expect(root.shown == ["/orders/42 in main"])
        #expect(launch.report.heldWork.map(\.outcome) == [.ran, .ran])

        // Once the milestone is reached, a link opened in the other scene runs at once.
        let later = try #require(URL(string: "shop://app/cart"))
        composite.open([OpenURLContext(url: later)], scene: other)
        #expect(otherRouter.routed == ["/cart"])
        #expect(root.shown == ["/orders/42 in main", "/cart in other"])
    }

    @Test("A link held in a scene that disconnects before the milestone is never shown in a window that is gone")
    func deepLinkInAClosedScene() async throws {
        let (composite, launch, simulator) = try coldLaunchWithLink()
        try simulator.close(main)

        try await launch.waitUntilReady(.critical)
        while !composite.isReached(RootCoordinatorReady.self) { await Task.yield() }
        let root = try #require(composite.service(CoordinatorService.self)?.root)
        #expect(root.shown.isEmpty)
        #expect(
            composite.heldWork.map { "\($0.name) until \($0.waitsFor): \($0.outcome)" } == [
                "CoordinatorService: build the root coordinator until phase critical: ran",
                "DeepLinkRouter: open /orders/42 until milestone RootCoordinatorReady: ran",
                "DeepLinkRouter: open /orders/42 until scene main connected: held",
            ]
        )
        // The scene's session connects again: the router that held the link is gone.
        try simulator.connect(main)
        #expect(root.shown.isEmpty)
    }

    @Test("Crash reporting has run when willFinishLaunching returns")
    func firstThing() throws {
        let (composite, launch) = try makeDeepLinkComposite()
        _ = composite.willFinishLaunching()
        #expect(launch.report.node(named: "FirstThingCrashReporting")?.outcome.kind == .succeeded)
    }

    @Test("Waiting for a milestone whose owner is not registered throws, naming it")
    func unreachable() async throws {
        let inbox = InboxSync()
        let composite = ServiceComposite([inbox])
        _ = composite.didFinishLaunching()
        let result = await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:]))
        #expect(result == .failed)
        #expect(
            inbox.errors.map(\.message) == [
                "InboxSync waited for milestone RootCoordinatorReady, which can never come: "
                    + "CoordinatorService, which reaches it, is not registered."
            ]
        )
    }

    @Test("Work held until the milestone is dropped at termination and never runs")
    func droppedAtTermination() throws {
        let (composite, _) = try makeDeepLinkComposite()
        let simulator = LifecycleSimulator(driving: composite)
        let link = try #require(URL(string: "shop://app/orders/7"))
        try simulator.coldLaunch(
            connecting: main,
            connectionOptions: SceneConnectionOptions(urlContexts: [OpenURLContext(url: link)])
        )
        try simulator.terminate()
        #expect(composite.heldWork.map(\.outcome) == [.cancelled, .cancelled])
        #expect(composite.sceneService(DeepLinkRouter.self, in: main)?.routed.isEmpty == true)
    }
}
