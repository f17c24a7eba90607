import AppServices
import AppServicesTesting
import Foundation
import Testing

/// A session's mailbox: routes work to scenes on its session's behalf.
@MainActor
private final class Mailbox: SessionService {
    let context: AppContext
    let account: String
    init(session: SessionInfo, context: AppContext) {
        self.context = context
        account = session.identifier
    }
}

/// Opens and closes the app lock like `LockService`, and can close it again from its own
/// `gateDidOpen` (a check that fails as the lock opens).
@MainActor
private final class RelockingLock: AppService, LaunchHandling, GateHandling {
    var context: AppContext?
    var relocks = false
    var heard: [String] = []
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        try? context.open(RelockedGate.self)
        return true
    }
    func gateDidOpen(_ context: AppContext, gate: String) {
        heard.append("opened, open: \(context.isOpen(RelockedGate.self))")
        if relocks {
            relocks = false
            try? context.close(RelockedGate.self)
        }
    }
    func gateDidClose(_ context: AppContext, gate: String) { heard.append("closed") }
}

private enum RelockedGate: AppGate {
    static var openedBy: any AppService.Type { RelockingLock.self }
}

/// Handles links once `RelockedGate` is open; the first one it handles closes it again.
@MainActor
private final class RelockedLinks: AppService, URLOpenHandling {
    var opened: [String] = []
    var closesAfterFirst = false
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenOpen(RelockedGate.self, named: "open \(url.absoluteString)") { [weak self] context in
            guard let self else { return }
            opened.append(url.absoluteString)
            if closesAfterFirst {
                closesAfterFirst = false
                try? context.service(RelockingLock.self)?.context?.close(RelockedGate.self)
            }
        }
        return true
    }
}

private struct StoreFailed: Error {}

@MainActor
@Suite struct SessionWorkOriginTests {
    let alice = SessionInfo(identifier: "alice")
    let bob = SessionInfo(identifier: "bob")

    @Test("Work a session's service routes to a scene runs for that session, not the current one")
    func routedWorkKeepsItsSession() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([Mailbox.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "main")))
        try composite.beginSession(alice)
        try composite.beginSession(bob, makeCurrent: false)
        let bobs = try #require(composite.sessionService(Mailbox.self, in: bob))
        var seen: [String] = []
        bobs.context.route(toScene: "main", named: "show bob's message") { context in
            seen.append("\(context.session?.identifier ?? "-") \(context.sessionService(Mailbox.self)?.account ?? "-")")
        }
        #expect(seen == ["bob bob"])
    }

    @Test("Work a session's service routed to a scene not yet connected is dropped when the session ends")
    func routedWorkDroppedWithItsSession() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([Mailbox.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(bob)
        let bobs = try #require(composite.sessionService(Mailbox.self))
        var ran = false
        bobs.context.route(toScene: "new-window", named: "open draft") { _ in ran = true }
        try composite.endSession("bob")
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "new-window")))
        #expect(!ran)
        #expect(composite.heldWork.contains { $0.name == "Mailbox: open draft" && $0.outcome == .cancelled })

        // A context kept past the session's end routes nothing.
        bobs.context.route(toScene: "new-window", named: "open another draft") { _ in ran = true }
        #expect(!ran)
        #expect(composite.heldWork.contains { $0.name == "Mailbox: open another draft" && $0.outcome == .cancelled })
    }

    @Test("Work held for a session's milestone runs for that session, whichever session is current when it is reached")
    func milestoneWorkKeepsItsSession() throws {
        let router = LinkRouter()
        let composite = ServiceComposite([router], configuration: .quiet)
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        try composite.beginSession(bob, makeCurrent: false)
        _ = composite.open(URL(string: "shop://orders/1")!)
        try composite.makeCurrentSession("bob")
        try #require(composite.sessionService(InboxLoader.self, in: alice)).finishLoading()
        #expect(router.opened == ["shop://orders/1 for alice"])
    }

    @Test("A session's milestones are reached after a failed launch: its services, not the launch, reach them")
    func sessionMilestonesOutliveAFailedLaunch() async throws {
        let plan = try LaunchPlan { ClosureInitializer("store") { _ in throw StoreFailed() } }
        let router = LinkRouter()
        let composite = ServiceComposite(
            [router],
            configuration: .init(logger: .quiet, clock: TestClock()),
            launchPlan: plan
        )
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        await #expect(throws: ReadinessError.self) { try await composite.waitUntilReady(.idle) }
        try composite.beginSession(alice)
        _ = composite.open(URL(string: "shop://orders/1")!)
        let waiter = Task { try await composite.waitUntilReached(InboxLoaded.self) }
        await Task.yield()
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(router.opened == ["shop://orders/1 for alice"])
        try await waiter.value
    }

    @Test("A gate is open while its services hear it open, and one they close again keeps its work held")
    func gateClosedWhileOpening() throws {
        let lock = RelockingLock()
        let links = RelockedLinks()
        let composite = ServiceComposite([lock, links], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.context?.close(RelockedGate.self)
        _ = composite.open(URL(string: "shop://orders/1")!)
        lock.heard = []
        lock.relocks = true
        try lock.context?.open(RelockedGate.self)
        #expect(lock.heard == ["opened, open: true", "closed"])
        #expect(!composite.isOpen(RelockedGate.self))
        #expect(links.opened.isEmpty, "the gate closed again before its work ran")

        try lock.context?.open(RelockedGate.self)
        #expect(links.opened == ["shop://orders/1"])
    }

    @Test("Work held for a gate that the work before it closes again waits for the gate to open again")
    func gateClosedByItsWork() throws {
        let lock = RelockingLock()
        let links = RelockedLinks()
        let composite = ServiceComposite([lock, links], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.context?.close(RelockedGate.self)
        _ = composite.open(URL(string: "shop://orders/1")!)
        _ = composite.open(URL(string: "shop://orders/2")!)
        links.closesAfterFirst = true
        try lock.context?.open(RelockedGate.self)
        #expect(links.opened == ["shop://orders/1"])
        try lock.context?.open(RelockedGate.self)
        #expect(links.opened == ["shop://orders/1", "shop://orders/2"])
    }
}
