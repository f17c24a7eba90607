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

    @Test("A lock time the person sets is read at each return, and at a scene connecting in the background")
    func lockTimeThePersonSets() throws {
        let defaults = UserDefaults.standard
        defaults.set(15 * 60, forKey: SettingLockScreen.lockAfterKey)
        defer { defaults.removeObject(forKey: SettingLockScreen.lockAfterKey) }
        let clock = TestClock()
        let lock = SettingLockScreen()
        let composite = ServiceComposite([lock], configuration: .init(clock: clock))
        let simulator = LifecycleSimulator(driving: composite)
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.coldLaunch(connecting: main)
        try lock.userAuthenticated()

        // Two minutes away, the setting is fifteen: the lock stays open.
        try simulator.stayInBackground(for: .seconds(120), advancing: clock)
        #expect(!lock.isShown)

        // The person shortens it to one minute: two minutes away close it now.
        defaults.set(60, forKey: SettingLockScreen.lockAfterKey)
        try simulator.stayInBackground(for: .seconds(120), advancing: clock)
        #expect(lock.isShown)
        try lock.userAuthenticated()

        // Back to fifteen. UIKit disconnects the window in the background and connects it
        // again there after two minutes (too soon to lock), and the person comes back after
        // twenty: the lock closes on the return.
        defaults.set(15 * 60, forKey: SettingLockScreen.lockAfterKey)
        try simulator.enterBackground()
        try simulator.close(main)
        clock.advance(by: .seconds(120))
        composite.sceneWillConnect(main)
        #expect(!lock.isShown, "two minutes: still open")
        #expect(composite.backgroundTimes.timeAway == .seconds(120))
        clock.advance(by: .seconds(18 * 60))
        composite.sceneWillEnterForeground(main)
        #expect(lock.isShown, "twenty minutes away in all")
        #expect(composite.backgroundTimes.timeAway == .seconds(20 * 60))
        composite.sceneDidBecomeActive(main)

        // A stricter setting during a stay counts at the return: connected in the background
        // after two minutes (still open), shortened to one, back after five.
        try lock.userAuthenticated()
        composite.sceneWillResignActive(main)
        composite.sceneDidEnterBackground(main)
        composite.sceneDidDisconnect(main)
        clock.advance(by: .seconds(120))
        composite.sceneWillConnect(main)
        #expect(!lock.isShown)
        defaults.set(60, forKey: SettingLockScreen.lockAfterKey)
        clock.advance(by: .seconds(180))
        composite.sceneWillEnterForeground(main)
        #expect(lock.isShown, "five minutes away, the setting one")

        // Never: the person turned the lock time off.
        composite.sceneDidBecomeActive(main)
        try lock.userAuthenticated()
        defaults.set(0, forKey: SettingLockScreen.lockAfterKey)
        composite.sceneWillResignActive(main)
        composite.sceneDidEnterBackground(main)
        clock.advance(by: .seconds(3600))
        composite.sceneWillEnterForeground(main)
        #expect(!lock.isShown)
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
