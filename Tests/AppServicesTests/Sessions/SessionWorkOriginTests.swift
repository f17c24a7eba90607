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
    /// Where the order of its work and others' is written, if anywhere.
    var order: OrderLog?
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenOpen(RelockedGate.self, named: "open \(url.absoluteString)") { [weak self] context in
            guard let self else { return }
            opened.append(url.absoluteString)
            order?.entries.append(url.absoluteString)
            if closesAfterFirst {
                closesAfterFirst = false
                try? context.service(RelockingLock.self)?.context?.close(RelockedGate.self)
            }
        }
        return true
    }
}

/// Shows a privacy cover while `RelockedGate` is closed, and hands work over for it from its
/// `gateDidOpen`.
@MainActor
private final class Cover: AppService, GateHandling {
    var shown = true
    var log: [String] = []
    /// Where the order of its work and others' is written, if anywhere.
    var order: OrderLog?
    func gateDidOpen(_ context: AppContext, gate: String) {
        shown = false
        context.whenOpen(RelockedGate.self, named: "after the open") { [weak self] _ in
            self?.log.append("handed over")
            self?.order?.entries.append("handed over")
        }
    }
    func gateDidClose(_ context: AppContext, gate: String) { shown = true }
}

/// Ends the current session from a link it handles once the inbox has loaded.
@MainActor
private final class SignOutRouter: AppService, URLOpenHandling {
    var opened: [String] = []
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenReached(InboxLoaded.self, named: "open \(url.absoluteString)") { [weak self] context in
            self?.opened.append(url.absoluteString)
            if url.path == "/logout" { try? context.endSession("alice") }
        }
        return true
    }
}

/// Closes and opens `RelockedGate` again from its own `gateDidOpen`, once (a check that
/// flickers).
@MainActor
private final class FlickeringLock: AppService, LaunchHandling, GateHandling {
    var context: AppContext?
    var flickers = false
    var opened = 0
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }
    func gateDidOpen(_ context: AppContext, gate: String) {
        opened += 1
        guard flickers else { return }
        flickers = false
        try? context.close(FlickerGate.self)
        try? context.open(FlickerGate.self)
    }
}

private enum FlickerGate: AppGate {
    static var openedBy: any AppService.Type { FlickeringLock.self }
    static var isInitiallyOpen: Bool { false }
}

/// A lock the person turned off: closed (after a time in the background, say), it opens
/// again at once.
@MainActor
private final class SwitchedOffLock: AppService, LaunchHandling, GateHandling {
    var context: AppContext?
    var switchedOff = false
    var heard: [String] = []
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }
    func gateDidOpen(_ context: AppContext, gate: String) { heard.append("opened") }
    func gateDidClose(_ context: AppContext, gate: String) {
        heard.append("closed")
        if switchedOff { try? context.open(SwitchedOffGate.self) }
    }
}

private enum SwitchedOffGate: AppGate {
    static var openedBy: any AppService.Type { SwitchedOffLock.self }
    static var isInitiallyOpen: Bool { false }
}

/// Shows a cover while `FlickerGate` is closed.
@MainActor
private final class FlickerCover: AppService, GateHandling {
    var shown = true
    var heard: [String] = []
    func gateDidOpen(_ context: AppContext, gate: String) {
        shown = false
        heard.append("opened")
    }
    func gateDidClose(_ context: AppContext, gate: String) {
        shown = true
        heard.append("closed")
    }
}

/// The order in which several services' work ran.
@MainActor
private final class OrderLog {
    var entries: [String] = []
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

    @Test("Services after the one that closes a gate as it opens hear the close last, and the cover stays up")
    func laterServicesHearTheCloseLast() throws {
        let lock = RelockingLock()
        let cover = Cover()
        let composite = ServiceComposite([lock, cover], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.context?.close(RelockedGate.self)
        #expect(cover.shown)
        lock.relocks = true
        try lock.context?.open(RelockedGate.self)
        #expect(!composite.isOpen(RelockedGate.self))
        #expect(cover.shown, "the last thing the cover heard is the close")
        #expect(cover.log.isEmpty, "what it handed over waits for the gate to open again")
    }

    @Test("A gate closed and opened again while its services hear it open is heard open once, and is open")
    func closedAndReopenedWhileOpening() throws {
        let lock = FlickeringLock()
        let cover = FlickerCover()
        let composite = ServiceComposite([lock, cover], configuration: .quiet)
        _ = composite.didFinishLaunching()
        lock.flickers = true
        try lock.context?.open(FlickerGate.self)
        #expect(composite.isOpen(FlickerGate.self))
        #expect(cover.heard == ["opened"])
        #expect(!cover.shown)
        #expect(lock.opened == 1)
    }

    @Test("A gate opened again while its services hear it close is heard open after the close, by every service")
    func reopenedWhileClosing() throws {
        let cover = FlickerCover()
        let lock = SwitchedOffLock()
        // The close goes down the list: the lock hears it, and opens, before the cover does.
        let composite = ServiceComposite([cover, lock], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.context?.open(SwitchedOffGate.self)
        lock.switchedOff = true
        try lock.context?.close(SwitchedOffGate.self)
        #expect(composite.isOpen(SwitchedOffGate.self))
        #expect(cover.heard == ["opened", "closed", "opened"])
        #expect(lock.heard == ["opened", "closed", "opened"])
        #expect(!cover.shown, "the last thing the cover heard is the open")
    }

    @Test("A session service's work held for a gate is dropped when work before it ends the session")
    func sessionEndedByEarlierGateWork() throws {
        let lock = RelockingLock()
        let composite = ServiceComposite([lock], configuration: .quiet)
        try composite.registerSessionServices([Mailbox.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        try lock.context?.close(RelockedGate.self)
        lock.context?.whenOpen(RelockedGate.self, named: "sign out") { context in try? context.endSession("alice") }
        var ran = false
        try #require(composite.sessionService(Mailbox.self)).context
            .whenOpen(RelockedGate.self, named: "sync inbox") { _ in ran = true }
        try lock.context?.open(RelockedGate.self)
        #expect(!ran)
        #expect(composite.heldWork.last?.outcome == .cancelled)
    }

    @Test("Work handed over for a gate while it opens runs after the work held before")
    func workHandedOverWhileOpeningRunsInOrder() throws {
        let lock = RelockingLock()
        let cover = Cover()
        let links = RelockedLinks()
        let composite = ServiceComposite([lock, cover, links], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.context?.close(RelockedGate.self)
        let order = OrderLog()
        links.order = order
        cover.order = order
        _ = composite.open(URL(string: "shop://orders/1")!)
        try lock.context?.open(RelockedGate.self)
        #expect(order.entries == ["shop://orders/1", "handed over"])
        #expect(
            composite.heldWork.map(\.name).suffix(2) == [
                "RelockedLinks: open shop://orders/1", "Cover: after the open",
            ]
        )
    }

    @Test("Work held for a session's milestone is dropped when the work before it ends the session")
    func sessionEndedByEarlierWork() throws {
        let router = SignOutRouter()
        let composite = ServiceComposite([router], configuration: .quiet)
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        _ = composite.open(URL(string: "shop://app/logout")!)
        _ = composite.open(URL(string: "shop://orders/1")!)
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(router.opened == ["shop://app/logout"])
        #expect(composite.heldWork.last?.outcome == .cancelled)
    }

    @Test("Work a context held past its session's end hands over for a phase or a milestone is dropped")
    func keptContextHoldsNothing() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([Mailbox.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(bob)
        let kept = try #require(composite.sessionService(Mailbox.self)).context
        try composite.endSession("bob")
        var ran = false
        kept.whenReady(.critical, named: "warm the cache") { _ in ran = true }
        #expect(!ran)
        #expect(composite.heldWork.last?.outcome == .cancelled)
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
