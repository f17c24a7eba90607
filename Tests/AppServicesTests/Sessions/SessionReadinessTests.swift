import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// The session's inbox has loaded: reached once per session.
enum InboxLoaded: AppMilestone {
    static var reachedBy: any AppService.Type { InboxLoader.self }
    static var scope: MilestoneScope { .session }
}

/// Loads a session's inbox, and reaches `InboxLoaded` when told.
@MainActor
final class InboxLoader: SessionService {
    let context: AppContext
    init(session: SessionInfo, context: AppContext) { self.context = context }
    func finishLoading() throws { try context.reach(InboxLoaded.self) }
}

/// Opens deep links once the session's inbox has loaded.
@MainActor
final class LinkRouter: AppService, URLOpenHandling {
    var opened: [String] = []
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenReached(InboxLoaded.self, named: "open \(url.absoluteString)") { [weak self] context in
            self?.opened.append("\(url.absoluteString) for \(context.session?.identifier ?? "none")")
        }
        return true
    }
}

/// The app lock, closed after a minute in the background.
enum AppLock: AppGate {
    static var openedBy: any AppService.Type { LockService.self }
    static var closesAfterBackground: Duration? { .seconds(60) }
}

/// Opens and closes the app lock, and records the gate callbacks it hears.
@MainActor
final class LockService: AppService, LaunchHandling, GateHandling {
    var context: AppContext?
    var heard: [String] = []
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        try? context.open(AppLock.self)  // names the gate at launch
        return true
    }
    func unlock() throws { try context?.open(AppLock.self) }
    func lock() throws { try context?.close(AppLock.self) }
    func gateDidClose(_ context: AppContext, gate: String) { heard.append("closed \(gate)") }
    func gateDidOpen(_ context: AppContext, gate: String) { heard.append("opened \(gate)") }
}

/// Keeps the context it launched with, to wait from it later.
@MainActor
final class LaunchContextKeeper: AppService, LaunchHandling {
    var context: AppContext?
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }
}

/// Opens deep links once the app is unlocked.
@MainActor
final class LockedLinkRouter: AppService, URLOpenHandling {
    var opened: [String] = []
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenOpen(AppLock.self, named: "open \(url.absoluteString)") { [weak self] _ in
            self?.opened.append(url.absoluteString)
        }
        return true
    }
}

@MainActor
@Suite struct SessionReadinessTests {
    let alice = SessionInfo(identifier: "alice")
    let bob = SessionInfo(identifier: "bob")

    /// A launched composite whose sessions load an inbox, with a router that opens links once
    /// a session's inbox has loaded.
    func launchedWithInbox() throws -> (LinkRouter, ServiceComposite) {
        let router = LinkRouter()
        let composite = ServiceComposite([router], configuration: .quiet)
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        return (router, composite)
    }

    @Test("A link arriving during sign-out is held and handled once, after the next sign-in's session milestone")
    func linkHeldAcrossSignOut() throws {
        let (router, composite) = try launchedWithInbox()
        try composite.beginSession(alice)
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        _ = composite.open(URL(string: "shop://orders/1")!)
        #expect(router.opened == ["shop://orders/1 for alice"])

        try composite.endSession("alice")
        _ = composite.open(URL(string: "shop://orders/2")!)
        #expect(router.opened == ["shop://orders/1 for alice"], "held: no session")
        try composite.beginSession(bob)
        #expect(router.opened == ["shop://orders/1 for alice"], "held: bob's inbox has not loaded")
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(router.opened == ["shop://orders/1 for alice", "shop://orders/2 for bob"])
        _ = composite.open(URL(string: "shop://orders/3")!)
        #expect(router.opened.last == "shop://orders/3 for bob")
        #expect(router.opened.count == 3)
    }

    @Test(
        "A link held for a session that ends is dropped, logged and reported; its waiters get an error naming the milestone and the session"
    )
    func linkDroppedWhenItsSessionEnds() async throws {
        let logs = LogCapture()
        let router = LinkRouter()
        let composite = ServiceComposite([router], configuration: .init(logger: logs.logger()))
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        _ = composite.open(URL(string: "shop://orders/7")!)
        let waiter = Task { try await composite.waitUntilReached(InboxLoaded.self) }
        await Task.yield()
        try composite.endSession("alice")
        #expect(router.opened.isEmpty)
        await #expect {
            try await waiter.value
        } throws: { error in
            "\(error)".contains("InboxLoaded of session alice") && "\(error)".contains("session alice ended")
        }
        #expect(
            composite.heldWork.contains { $0.name == "LinkRouter: open shop://orders/7" && $0.outcome == .cancelled }
        )
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("LinkRouter: open shop://orders/7 was dropped") && $0.contains("session alice ended")
            }
        )
        // The same account signing in again waits afresh.
        try composite.beginSession(alice)
        #expect(!composite.isReached(InboxLoaded.self))
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(composite.isReached(InboxLoaded.self))
    }

    @Test(
        "A session's milestone is reset when the session ends, though nobody held work for it, and its waiters fail",
        .timeLimit(.minutes(1))
    )
    func sessionMilestoneResetWithoutHeldWork() async throws {
        let alice = SessionInfo(identifier: "alice")
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(composite.isReached(InboxLoaded.self))
        try composite.endSession("alice")
        try composite.beginSession(alice)
        #expect(!composite.isReached(InboxLoaded.self), "a new session of alice has not loaded its inbox")

        // A host waiting for the session's milestone, which nobody held work for, is told
        // when the session ends rather than waiting for ever.
        let waiting = Task { () -> ReadinessError.Code? in
            do {
                try await composite.waitUntilReached(InboxLoaded.self)
                return nil
            } catch {
                return (error as? ReadinessError)?.code
            }
        }
        await Task.yield()
        try composite.endSession("alice")
        #expect(await waiting.value == .unreachable)
    }

    @Test("A milestone reached late by an ended session's service reaches nothing, for no session")
    func lateReachFromEndedSession() throws {
        let alice = SessionInfo(identifier: "alice")
        let (router, composite) = try launchedWithInbox()
        try composite.beginSession(alice)
        let aliceLoader = try #require(composite.sessionService(InboxLoader.self))
        try composite.endSession("alice")
        _ = composite.open(URL(string: "shop://orders/9")!)
        #expect(throws: ReadinessError.self) { try aliceLoader.finishLoading() }
        #expect(router.opened.isEmpty, "held for the next session, which has not begun")
        try composite.beginSession(alice)
        #expect(!composite.isReached(InboxLoaded.self))
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(router.opened == ["shop://orders/9 for alice"])
    }

    @Test("Work held while no session lived runs for the session that reaches the milestone first, naming it")
    func heldForTheNextSessionNamesIt() throws {
        let (router, composite) = try launchedWithInbox()
        _ = composite.open(URL(string: "shop://orders/1")!)  // no session yet
        let bob = SessionInfo(identifier: "bob")
        try composite.beginSession(SessionInfo(identifier: "alice"))
        try composite.beginSession(bob, makeCurrent: false)

        // Bob's inbox loads first, though alice's session is the current one.
        try #require(composite.sessionService(InboxLoader.self, in: bob)).finishLoading()
        #expect(router.opened == ["shop://orders/1 for bob"])
    }

    @Test("Work held before the sign-in and after it runs in the order it was handed over")
    func heldBeforeAndAfterTheSignInInOrder() throws {
        let (router, composite) = try launchedWithInbox()
        _ = composite.open(URL(string: "shop://orders/1")!)  // the stored account is being restored
        try composite.beginSession(alice)
        _ = composite.open(URL(string: "shop://orders/2")!)  // held for alice's inbox

        try #require(composite.sessionService(InboxLoader.self)).finishLoading()
        #expect(router.opened == ["shop://orders/1 for alice", "shop://orders/2 for alice"])
    }

    @Test("A context kept past its session's end acts on nothing of a later session of the same identifier")
    func lateReachAfterSigningInAgain() throws {
        let alice = SessionInfo(identifier: "alice")
        let (router, composite) = try launchedWithInbox()
        try composite.beginSession(alice)
        let oldLoader = try #require(composite.sessionService(InboxLoader.self))
        try composite.endSession("alice")
        try composite.beginSession(alice)  // the same account signs in again
        _ = composite.open(URL(string: "shop://orders/9")!)

        // The first session's load finishes late: the new session's inbox has not loaded.
        #expect(throws: ReadinessError.self) { try oldLoader.finishLoading() }
        #expect(!composite.isReached(InboxLoaded.self))
        #expect(router.opened.isEmpty)
        #expect(oldLoader.context.sessionService(InboxLoader.self) == nil, "not the new session's loader")

        let newLoader = try #require(composite.sessionService(InboxLoader.self))
        #expect(newLoader !== oldLoader)
        #expect(newLoader.context.sessionService(InboxLoader.self) === newLoader)
        try newLoader.finishLoading()
        #expect(router.opened == ["shop://orders/9 for alice"])
    }

    /// What held work did, in order.
    @MainActor final class CallLog { var calls: [String] = [] }

    /// A lock per account, closed at every sign-in.
    enum AccountLock: AppGate {
        static var openedBy: any AppService.Type { AccountLockService.self }
        static var isInitiallyOpen: Bool { false }
    }

    /// Unlocks its account once authenticated; keeps its context, as its prompt's task would.
    @MainActor
    final class AccountLockService: SessionService {
        let context: AppContext
        init(session: SessionInfo, context: AppContext) { self.context = context }
    }

    @Test("A context kept past its session's end neither opens nor closes the next session's gate, nor waits for it")
    func lateUnlockAfterSignOut() async throws {
        let links = CallLog()
        let composite = ServiceComposite([LockService()], configuration: .quiet)
        try composite.registerSessionServices([AccountLockService.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        let alicesLock = try #require(composite.sessionService(AccountLockService.self))
        try composite.endSession("alice")
        try composite.beginSession(bob)
        let bobsLock = try #require(composite.sessionService(AccountLockService.self))
        bobsLock.context.whenOpen(AccountLock.self, named: "open link") { _ in links.calls.append("open link") }

        // Alice's authentication finishes after her sign-out.
        let error = try #require(throws: ReadinessError.self) { try alicesLock.context.open(AccountLock.self) }
        #expect(error.code == .unreachable)
        #expect(error.message.contains("AccountLockService tried to open gate "))
        #expect(error.message.contains("session alice ended") || error.message.contains("alice ended"))
        #expect(!composite.isOpen(AccountLock.self))
        #expect(links.calls.isEmpty, "bob's link waits for bob's authentication")
        await #expect(throws: ReadinessError.self) { try await alicesLock.context.waitUntilOpen(AccountLock.self) }

        try bobsLock.context.open(AccountLock.self)
        #expect(links.calls == ["open link"])
        #expect(throws: ReadinessError.self) { try alicesLock.context.close(AccountLock.self) }
        #expect(composite.isOpen(AccountLock.self))
    }

    @Test(
        "A session's services' waits for a gate or a milestone fail when it ends; the app's keep waiting",
        .timeLimit(.minutes(1))
    )
    func sessionWaitsFailAtItsEnd() async throws {
        enum FeedReady: AppMilestone {
            static var reachedBy: any AppService.Type { LockService.self }
        }
        let lock = LockService()
        let appWide = LaunchContextKeeper()
        let composite = ServiceComposite([lock, appWide], configuration: .quiet)
        try composite.registerSessionServices([AccountLockService.self])
        _ = composite.didFinishLaunching()
        try lock.lock()
        try composite.beginSession(alice)
        let alicesLock = try #require(composite.sessionService(AccountLockService.self))
        let progress = Locked<[String]>([])
        let aliceWaitsForTheGate = Task { () async -> ReadinessError? in
            progress.withLock { $0.append("alice waits for the gate") }
            do throws(ReadinessError) { try await alicesLock.context.waitUntilOpen(AppLock.self) } catch {
                return error
            }
            return nil
        }
        let aliceWaitsForTheFeed = Task { () async -> ReadinessError? in
            progress.withLock { $0.append("alice waits for the feed") }
            do throws(ReadinessError) { try await alicesLock.context.waitUntilReached(FeedReady.self) } catch {
                return error
            }
            return nil
        }
        let appWaits = Task {
            try await appWide.context!.waitUntilOpen(AppLock.self)
            progress.withLock { $0.append("the app's waiter resumed") }
        }
        await Task.yield()
        #expect(progress.withLock { $0 } == ["alice waits for the gate", "alice waits for the feed"])

        // Alice signs out while her services wait.
        try composite.endSession("alice")
        let gateError = try #require(await aliceWaitsForTheGate.value)
        #expect(gateError.code == .unreachable)
        #expect(gateError.message.contains("AccountLockService waited for"))
        #expect(gateError.message.contains("alice ended"))
        let feedError = try #require(await aliceWaitsForTheFeed.value)
        #expect(feedError.code == .unreachable)
        #expect(feedError.message.contains("alice ended"))

        // Her kept context waits for nothing after the end, not even the app's milestone.
        let late = try await #require(throws: ReadinessError.self) {
            try await alicesLock.context.waitUntilReached(FeedReady.self)
        }
        #expect(late.code == .unreachable)
        #expect(late.message.contains("from a context kept after session alice ended"))
        await #expect(throws: ReadinessError.self) { try await alicesLock.context.waitUntilReady(.idle) }

        // The application-wide service's wait is not the session's: it resumes when the gate opens.
        #expect(!progress.withLock { $0 }.contains("the app's waiter resumed"))
        try lock.unlock()
        try await appWaits.value
        #expect(progress.withLock { $0 }.last == "the app's waiter resumed")
    }

    @Test("What a session's services held for a gate is dropped, listed, when the session ends; the app's is not")
    func sessionServicesHoldsEndWithTheSession() throws {
        let lock = LockService()
        let links = LockedLinkRouter()
        let logs = LogCapture()
        let composite = ServiceComposite([lock, links], configuration: .init(logger: logs.logger()))
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        try lock.lock()
        let loader = try #require(composite.sessionService(InboxLoader.self))
        let marked = CallLog()
        loader.context.whenOpen(AppLock.self, named: "mark read") { _ in marked.calls.append("mark read") }
        _ = composite.open(URL(string: "shop://orders/3")!)

        try composite.endSession("alice")
        try lock.unlock()

        #expect(marked.calls.isEmpty, "alice's inbox was released with her session")
        #expect(links.opened == ["shop://orders/3"], "an application-wide service's work stays")
        #expect(
            composite.heldWork.map { "\($0.name): \($0.outcome)" } == [
                "InboxLoader: mark read: cancelled", "LockedLinkRouter: open shop://orders/3: ran",
            ]
        )
        #expect(
            logs.messages(at: .warning).contains(
                "InboxLoader: mark read was dropped: it waited for gate AppLock, and session alice ended."
            )
        )
    }

    /// A session service that keeps its context, as a task it started would.
    @MainActor
    final class Prefetcher: SessionService {
        let context: AppContext
        init(session: SessionInfo, context: AppContext) { self.context = context }
    }

    @Test(
        "Work held, or a wait, for a milestone of a session that has ended is dropped at once, with its reason",
        .timeLimit(.minutes(1))
    )
    func heldForAnEndedSession() async throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([InboxLoader.self, Prefetcher.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        let kept = try #require(composite.sessionService(Prefetcher.self)).context
        try composite.endSession("alice")

        var ran = false
        kept.whenReached(InboxLoaded.self, named: "prefetch") { _ in ran = true }
        #expect(composite.heldWork.last?.name == "Prefetcher: prefetch")
        #expect(composite.heldWork.last?.outcome == .cancelled)
        await #expect {
            try await kept.waitUntilReached(InboxLoaded.self)
        } throws: { error in
            (error as? ReadinessError)?.code == .unreachable && "\(error)".contains("which has ended")
        }

        // A new session of the same identifier is not affected.
        try composite.beginSession(SessionInfo(identifier: "alice"))
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(composite.isReached(InboxLoaded.self))
        #expect(!ran)
    }

    @Test(
        "Work a context of an ended session holds leaves a later session of the same identifier alone",
        .timeLimit(.minutes(1))
    )
    func staleHoldSparesTheNextSession() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([InboxLoader.self, Prefetcher.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        let kept = try #require(composite.sessionService(Prefetcher.self)).context
        try composite.endSession("alice")
        // Signed in again: the new session holds work until its inbox loads.
        try composite.beginSession(SessionInfo(identifier: "alice"))
        let current = try #require(composite.sessionService(Prefetcher.self)).context
        var ran: [String] = []
        current.whenReached(InboxLoaded.self, named: "new session's") { _ in ran.append("new") }

        // A task of the ended session holds work now: dropped, and the new session's kept.
        kept.whenReached(InboxLoaded.self, named: "stale") { _ in ran.append("stale") }
        #expect(composite.heldWork.map(\.outcome) == [.held, .cancelled])
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(ran == ["new"])

        // Reached for the new session: stale work neither runs nor makes it unreached.
        kept.whenReached(InboxLoaded.self, named: "stale again") { _ in ran.append("stale again") }
        #expect(composite.isReached(InboxLoaded.self))
        current.whenReached(InboxLoaded.self, named: "after") { _ in ran.append("after") }
        #expect(ran == ["new", "after"])
        #expect(composite.heldWork.map(\.outcome) == [.ran, .cancelled, .cancelled, .ran])
    }

    @Test(
        "An initializer waiting for a session's milestone resumes when the current session reaches it",
        .timeLimit(.minutes(1))
    )
    func initializerWaitsForSessionMilestone() async throws {
        let progress = Locked<[String]>([])
        let plan = try LaunchPlan {
            ClosureInitializer("prefetch", phase: .onDemand) { context in
                progress.withLock { $0.append("waits") }
                try await context.waitUntilReached(InboxLoaded.self)
                progress.withLock { $0.append("resumed") }
            }
        }
        let composite = ServiceComposite([], configuration: .init(logger: .quiet, clock: TestClock()), launchPlan: plan)
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        let launch = try #require(composite.launch)
        let prefetch = Task { try await launch.run(named: "prefetch") }
        while progress.withLock({ $0 }).isEmpty { await Task.yield() }
        #expect(progress.withLock { $0 } == ["waits"], "the initializer waits while the inbox is loading")
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        try await prefetch.value
        #expect(progress.withLock { $0 } == ["waits", "resumed"])
    }

    @Test("Reaching a session milestone with no session lives is an error")
    func reachWithoutASession() throws {
        /// Reaches the session's milestone at launch, before any session began.
        final class Owner: AppService, LaunchHandling {
            var error: ReadinessError?
            func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
                do { try context.reach(Loaded.self) } catch { self.error = error }
                return true
            }
        }
        enum Loaded: AppMilestone {
            static var reachedBy: any AppService.Type { Owner.self }
            static var scope: MilestoneScope { .session }
        }
        let owner = Owner()
        let composite = ServiceComposite([owner], configuration: .quiet)
        _ = composite.didFinishLaunching()
        #expect(owner.error?.code == .unreachable)
        #expect(
            owner.error?.message.hasSuffix("a milestone of a session, while no session lives. Begin a session first.")
                == true
        )
        #expect(owner.error?.message.hasPrefix("Owner tried to reach ") == true)
    }

    @Test("A scene that connects after the gate's time in the background finds it closed: its link waits for it")
    func gateClosesBeforeAConnectingScenesLink() throws {
        let clock = TestClock()
        let lock = LockService()
        let router = LockedLinkRouter()
        let composite = ServiceComposite([lock, router], configuration: .init(logger: .quiet, clock: clock))
        _ = composite.didFinishLaunching()
        let first = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        composite.sceneWillConnect(first)
        composite.sceneWillEnterForeground(first)
        composite.sceneDidBecomeActive(first)
        #expect(composite.isOpen(AppLock.self))

        // The scene goes to the background, and the system disconnects it there; the
        // application stays in the background until a link connects a new scene.
        composite.sceneWillResignActive(first)
        composite.sceneDidEnterBackground(first)
        composite.sceneDidDisconnect(first)
        clock.advance(by: .seconds(120))
        let link = OpenURLContext(url: URL(string: "shop://b")!)
        let second = SceneInfo(session: SceneSession(persistentIdentifier: "B"))
        composite.sceneWillConnect(second, options: SceneConnectionOptions(urlContexts: [link]))
        #expect(!composite.isOpen(AppLock.self))
        #expect(router.opened.isEmpty, "the link waits for the lock")
        composite.sceneWillEnterForeground(second)
        composite.sceneDidBecomeActive(second)
        #expect(lock.heard == ["closed AppLock"], "closed once")
        #expect(composite.backgroundTimes.lastTimeInBackground == .seconds(120))

        try lock.unlock()
        #expect(router.opened == ["shop://b"])
    }

    @Test("A gate opened while a scene connects in the background stays open as the application comes forward")
    func gateOpenedWhileASceneConnects() throws {
        let clock = TestClock()
        let lock = LockService()
        let composite = ServiceComposite([lock], configuration: .init(logger: .quiet, clock: clock))
        _ = composite.didFinishLaunching()
        let first = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        composite.sceneWillConnect(first)
        composite.sceneWillEnterForeground(first)
        composite.sceneDidBecomeActive(first)
        composite.sceneWillResignActive(first)
        composite.sceneDidEnterBackground(first)
        composite.sceneDidDisconnect(first)
        clock.advance(by: .seconds(120))

        let second = SceneInfo(session: SceneSession(persistentIdentifier: "B"))
        composite.sceneWillConnect(second)
        #expect(!composite.isOpen(AppLock.self))
        try lock.unlock()  // Face ID on the connecting scene
        composite.sceneWillEnterForeground(second)
        composite.sceneDidBecomeActive(second)

        #expect(composite.isOpen(AppLock.self))
        #expect(lock.heard == ["closed AppLock", "opened AppLock"])
    }

    @Test(
        "A gate closed after its time in the background holds a link until opened, runs held work in order, and holds again once closed again"
    )
    func gateClosesInTheBackground() throws {
        let clock = TestClock()
        let lock = LockService()
        let router = LockedLinkRouter()
        let composite = ServiceComposite([lock, router], configuration: .init(logger: .quiet, clock: clock))
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(composite.isOpen(AppLock.self))
        #expect(composite.backgroundTimes.isFirstForeground)

        // Thirty seconds away: the lock stays open.
        composite.willResignActive()
        composite.didEnterBackground()
        clock.advance(by: .seconds(30))
        #expect(composite.backgroundTimes.inBackgroundFor == .seconds(30))
        composite.willEnterForeground()
        #expect(composite.isOpen(AppLock.self))
        #expect(composite.backgroundTimes.lastTimeInBackground == .seconds(30))
        #expect(!composite.backgroundTimes.isFirstForeground)
        composite.didBecomeActive()

        // Two minutes away: it closes before the services hear of the return.
        composite.willResignActive()
        composite.didEnterBackground()
        clock.advance(by: .seconds(120))
        composite.willEnterForeground()
        #expect(!composite.isOpen(AppLock.self))
        #expect(lock.heard == ["closed AppLock"])
        _ = composite.open(URL(string: "shop://a")!)
        _ = composite.open(URL(string: "shop://b")!)
        #expect(router.opened.isEmpty)
        try lock.unlock()
        #expect(router.opened == ["shop://a", "shop://b"])
        #expect(lock.heard == ["closed AppLock", "opened AppLock"])

        try lock.lock()
        _ = composite.open(URL(string: "shop://c")!)
        #expect(router.opened == ["shop://a", "shop://b"])
        try lock.unlock()
        #expect(router.opened == ["shop://a", "shop://b", "shop://c"])
    }

    @Test(
        "A launch into the background counts as time in the background: a long one closes the gate on the first return"
    )
    func gateClosesAfterALaunchIntoTheBackground() {
        let clock = TestClock()
        let lock = LockService()
        let composite = ServiceComposite(
            [lock, LockedLinkRouter()],
            configuration: .init(logger: .quiet, clock: clock)
        )
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        clock.advance(by: .seconds(3600))
        #expect(composite.backgroundTimes.inBackgroundFor == .seconds(3600))
        composite.willEnterForeground()
        #expect(!composite.isOpen(AppLock.self))
        #expect(lock.heard == ["closed AppLock"])
        #expect(composite.backgroundTimes.lastTimeInBackground == .seconds(3600))
        #expect(composite.backgroundTimes.isFirstForeground, "the first foreground is the one it launched into")

        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        composite.willEnterForeground()
        #expect(!composite.backgroundTimes.isFirstForeground)
    }

    @Test("A waiter for a closed gate resumes when it opens; its owner waiting for it is told it would wait forever")
    func waitUntilOpen() async throws {
        let lock = LockService()
        let waiter = LaunchContextKeeper()
        let composite = ServiceComposite([lock, waiter], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.lock()
        let progress = Locked<[String]>([])
        let waiting = Task {
            progress.withLock { $0.append("waits") }
            try await waiter.context!.waitUntilOpen(AppLock.self)
            progress.withLock { $0.append("resumed") }
        }
        await Task.yield()
        #expect(progress.withLock { $0 } == ["waits"], "the waiter waits while the gate is closed")
        try lock.unlock()
        try await waiting.value
        #expect(progress.withLock { $0 } == ["waits", "resumed"])
        try lock.lock()
        await #expect {
            try await lock.context!.waitUntilOpen(AppLock.self)
        } throws: { error in
            (error as? ReadinessError)?.code == .deadlock && "\(error)".contains("which only LockService opens")
        }
    }

    @Test("A gate opened by a service that does not own it is an error naming both, and stays closed")
    func gateOpenedByAnotherService() throws {
        final class Intruder: AppService, LaunchHandling {
            var error: (any Error)?
            func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
                do { try context.open(AppLock.self) } catch { self.error = error }
                return true
            }
        }
        let lock = LockService()
        let intruder = Intruder()
        let composite = ServiceComposite([lock, intruder], configuration: .quiet)
        _ = composite.didFinishLaunching()
        try lock.lock()
        let error = try #require(intruder.error as? ReadinessError)
        #expect(error.code == .notOwner)
        #expect(error.message.contains("Intruder tried to open gate AppLock, which LockService opens and closes"))
        #expect(!composite.isOpen(AppLock.self))
    }

    @Test(
        "Work routed to a scene that is still connecting runs once it connects, in order, with the scene in its context"
    )
    func routedWorkWaitsForItsScene() {
        let composite = ServiceComposite([], configuration: .quiet)
        _ = composite.didFinishLaunching()
        var ran: [String] = []
        composite.route(toScene: "tab-window", named: "show tab 1") {
            ran.append("1 in \($0.scene?.identifier ?? "none")")
        }
        composite.route(toScene: "tab-window", named: "show tab 2") {
            ran.append("2 in \($0.scene?.identifier ?? "none")")
        }
        #expect(ran.isEmpty)
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "tab-window"))
        composite.sceneWillConnect(scene)
        #expect(ran == ["1 in tab-window", "2 in tab-window"])
        #expect(composite.connectedScenes.map(\.identifier) == ["tab-window"])
        #expect(composite.connectedScenes.first?.state == .unattached)
        composite.route(toScene: "tab-window", named: "show tab 3") {
            ran.append("3 in \($0.scene?.identifier ?? "none")")
        }
        #expect(ran.last == "3 in tab-window")
    }

    @Test("Work routed to a scene from its own disconnection waits for it to connect again")
    func routedWhileTheSceneDisconnects() {
        final class Restorer: AppService, SceneHandling {
            var ran: [String] = []
            func sceneDidDisconnect(_ context: AppContext) {
                guard let identifier = context.scene?.identifier else { return }
                context.route(toScene: identifier, named: "restore") { [unowned self] context in
                    ran.append("\(context.scene?.identifier ?? "-") among \(context.connectedScenes.map(\.identifier))")
                }
            }
        }
        let restorer = Restorer()
        let composite = ServiceComposite([restorer], configuration: .quiet)
        _ = composite.didFinishLaunching()
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "a"))
        composite.sceneWillConnect(scene)
        composite.sceneDidDisconnect(scene)
        #expect(restorer.ran.isEmpty)
        #expect(composite.heldWork.last?.outcome == .held)

        composite.sceneWillConnect(scene)
        #expect(restorer.ran == ["a among [\"a\"]"])
    }

    @Test("Work dropped with a discarded scene session reads as dropped in the launch report too")
    func discardedSessionWorkInTheReport() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        let launch = try composite.attachLaunchPlan(LaunchPlan { ClosureInitializer("noop") { _ in } })
        _ = composite.didFinishLaunching()
        composite.route(toScene: "requested", named: "fill") { _ in }
        #expect(launch.report.heldWork.last?.outcome == .held)
        composite.didDiscardSceneSessions([SceneSession(persistentIdentifier: "requested")])
        #expect(composite.heldWork.last?.outcome == .cancelled)
        #expect(launch.report.heldWork.last?.outcome == .cancelled)
    }

    @Test("The connected scenes are listed as their latest callback describes them, a new title included")
    func connectedScenesFollowTheTitle() {
        let composite = ServiceComposite([], configuration: .quiet)
        _ = composite.didFinishLaunching()
        let session = SceneSession(persistentIdentifier: "main")
        composite.sceneWillConnect(SceneInfo(session: session, title: "Scene main"))
        let titled = SceneInfo(session: session, title: "Inbox")
        composite.sceneWillEnterForeground(titled)
        #expect(composite.connectedScenes.map(\.scene) == [titled])
        var routedTo: SceneInfo?
        composite.route(toScene: "main", named: "show the inbox") { routedTo = $0.scene }
        #expect(routedTo == titled)
    }

    @Test("Work routed to a scene after its session was discarded is dropped at once, with its reason")
    func routedAfterTheSessionWasDiscarded() {
        let logs = LogCapture()
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        let closed = SceneInfo(session: SceneSession(persistentIdentifier: "closed"))
        composite.sceneWillConnect(closed)
        composite.sceneDidDisconnect(closed)
        composite.didDiscardSceneSessions([closed.session])

        composite.route(toScene: "closed", named: "late") { _ in }
        #expect(composite.heldWork.last?.name == "late")
        #expect(composite.heldWork.last?.outcome == .cancelled)
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("late was dropped") && $0.contains("the session of scene closed was discarded")
            }
        )
    }

    @Test("A failed launch keeps the work routed to scenes: it runs when they connect", .timeLimit(.minutes(1)))
    func routedWorkOutlivesAFailedLaunch() async throws {
        struct StoreFailed: Error {}
        let plan = try LaunchPlan { ClosureInitializer("store") { _ in throw StoreFailed() } }
        let composite = ServiceComposite([], configuration: .init(logger: .quiet, clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        var ran: [String] = []
        composite.route(toScene: "early", named: "before the failure") { _ in ran.append("early") }
        await #expect(throws: ReadinessError.self) { try await composite.waitUntilReady(.idle) }

        composite.route(toScene: "late", named: "after the failure") { _ in ran.append("late") }
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "early")))
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "late")))
        #expect(ran == ["early", "late"])
    }

    @Test("Work routed to a scene whose session is discarded before it connects is dropped, with its reason")
    func routedWorkDroppedWithItsScene() {
        let logs = LogCapture()
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        var ran = false
        composite.route(toScene: "requested", named: "fill the new window") { _ in ran = true }
        composite.didDiscardSceneSessions([SceneSession(persistentIdentifier: "requested")])
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "requested")))
        #expect(!ran)
        #expect(composite.heldWork.contains { $0.name == "fill the new window" && $0.outcome == .cancelled })
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("fill the new window was dropped")
                    && $0.contains("the session of scene requested was discarded")
            }
        )
    }
}

extension Logger {
    /// A logger that drops everything.
    static var quiet: Logger { Logger(label: "quiet", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
