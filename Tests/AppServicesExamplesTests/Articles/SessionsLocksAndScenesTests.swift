import AppServices
import AppServicesTesting
import Foundation
import Testing

@testable import AppServicesExamples

/// The article's example, run end to end: a sign-out, a link during it, a sign-in, the lock.
@MainActor
struct SessionsLocksAndScenesTests {
    @MainActor
    final class Host {
        let clock = TestClock()
        let accounts = AccountService()
        let lock = LockScreen()
        let composite: ServiceComposite
        let simulator: LifecycleSimulator

        init() throws {
            composite = ServiceComposite(
                [accounts, lock, MessageLinks(), ConversationWindows()],
                configuration: .init(clock: clock)
            )
            try composite.registerSessionServices([Inbox.self])
            try composite.registerSceneServices([ConversationScene.self])
            simulator = LifecycleSimulator(driving: composite)
        }

        var inbox: Inbox? { composite.sessionService(Inbox.self) }
    }

    @Test("A link arriving during sign-out is shown once, in the next account, when its inbox has loaded")
    func linkAcrossASignOut() async throws {
        let host = try Host()
        try host.simulator.coldLaunch()
        try host.lock.userAuthenticated()
        try host.accounts.signIn("alice")
        try await host.composite.waitUntilReached(InboxReady.self)
        _ = try host.simulator.openURL(URL(string: "mail://inbox/messages/1")!)
        #expect(host.inbox?.shown == ["/messages/1"])

        try host.accounts.signOut()
        _ = try host.simulator.openURL(URL(string: "mail://inbox/messages/2")!)
        try host.accounts.signIn("bob")
        #expect(host.inbox?.account == "bob")
        #expect(host.inbox?.shown == [], "bob's inbox has not loaded yet")
        try await host.composite.waitUntilReached(InboxReady.self)
        #expect(host.inbox?.shown == ["/messages/2"])
    }

    @Test("Five minutes away close the lock: a link waits for the unlock")
    func lockHoldsALink() async throws {
        let host = try Host()
        try host.simulator.coldLaunch()
        #expect(host.lock.isShown, "locked at launch")
        try host.lock.userAuthenticated()
        #expect(!host.lock.isShown)
        try host.accounts.signIn("alice")
        try await host.composite.waitUntilReached(InboxReady.self)

        try host.simulator.stayInBackground(for: .seconds(600), advancing: host.clock)
        #expect(host.lock.isShown)
        _ = try host.simulator.openURL(URL(string: "mail://inbox/messages/3")!)
        #expect(host.inbox?.shown == [])
        try host.lock.userAuthenticated()
        #expect(!host.lock.isShown)
        #expect(host.inbox?.shown == ["/messages/3"])
    }

    @Test(
        "A lock time the person sets: a short stay reopens the lock, a long one keeps it, even closed as a scene connects"
    )
    func lockTimeThePersonSets() throws {
        let clock = TestClock()
        let lock = SettingLockScreen()
        let composite = ServiceComposite([lock], configuration: .init(clock: clock))
        let simulator = LifecycleSimulator(driving: composite)
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.coldLaunch(connecting: main)
        try lock.userAuthenticated()

        // Two minutes away, the setting is fifteen: the lock closes and opens again.
        try simulator.stayInBackground(for: .seconds(120), advancing: clock)
        #expect(!lock.isShown)
        #expect(composite.isOpen(SettingLock.self))

        // Then three hours away, and UIKit disconnects the window in the background and
        // connects it again there: the lock closes as it connects, and stays closed.
        try simulator.enterBackground()
        clock.advance(by: .seconds(3 * 3600))
        try simulator.close(main)
        composite.sceneWillConnect(main)
        #expect(composite.backgroundTimes.lastTimeInBackground == .seconds(120), "the stay before")
        #expect(composite.backgroundTimes.timeAway == .seconds(3 * 3600))
        #expect(lock.isShown)
        composite.sceneWillEnterForeground(main)
        composite.sceneDidBecomeActive(main)
        #expect(!composite.isOpen(SettingLock.self))

        // The lock button closes it whatever the time away.
        try lock.userAuthenticated()
        try lock.lockNow()
        #expect(lock.isShown)
    }

    @Test("A conversation routed to a window that is connecting is shown once it connects")
    func routeToAWindow() throws {
        let host = try Host()
        try host.simulator.coldLaunch(connecting: SceneInfo(session: SceneSession(persistentIdentifier: "main")))
        let windows = try #require(host.composite.service(ConversationWindows.self))
        windows.show(conversation: "team", inScene: "second", composite: host.composite)
        let second = SceneInfo(session: SceneSession(persistentIdentifier: "second"))
        try host.simulator.connect(second)
        #expect(host.composite.sceneService(ConversationScene.self, in: second)?.conversation == "team")
        #expect(host.composite.connectedScenes.map(\.identifier) == ["main", "second"])
    }
}
