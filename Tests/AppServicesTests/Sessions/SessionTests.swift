import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// What the session tests' services heard, in order.
@MainActor
final class SessionJournal: AppService {
    var entries: [String] = []
    func note(_ entry: String) { entries.append(entry) }
}

/// An application-wide service that hears sessions and the application's state.
@MainActor
final class AccountDirectory: AppService, SessionHandling, ApplicationStateHandling {
    static var dependencies: [any AppService.Type] { [SessionJournal.self] }
    func sessionDidBegin(_ context: AppContext) {
        context.service(SessionJournal.self)?.note("directory.didBegin(\(context.session!.identifier))")
    }
    func sessionWillEnd(_ context: AppContext) {
        context.service(SessionJournal.self)?.note("directory.willEnd(\(context.session!.identifier))")
    }
    func applicationDidBecomeActive(_ context: AppContext) {
        context.service(SessionJournal.self)?.note("directory.didBecomeActive")
    }
    func applicationWillResignActive(_ context: AppContext) {
        context.service(SessionJournal.self)?.note("directory.willResignActive")
    }
}

/// A session's store, made first.
@MainActor
final class AccountStore: SessionService, SessionHandling, ApplicationStateHandling {
    static var dependencies: [any AppService.Type] { [AccountDirectory.self] }
    let account: String
    init(session: SessionInfo, context: AppContext) {
        account = session.identifier
        context.service(SessionJournal.self)?.note("store.init(\(account))")
    }
    func sessionDidBegin(_ context: AppContext) { note(context, "store.didBegin") }
    func sessionWillEnd(_ context: AppContext) { note(context, "store.willEnd") }
    func applicationDidBecomeActive(_ context: AppContext) { note(context, "store.didBecomeActive") }
    func applicationWillResignActive(_ context: AppContext) { note(context, "store.willResignActive") }
    private func note(_ context: AppContext, _ what: String) {
        context.service(SessionJournal.self)?.note("\(what)(\(account), \(context.session!.identifier))")
    }
}

/// A session's inbox, which needs its store.
@MainActor
final class AccountInbox: SessionService, SessionHandling, ApplicationStateHandling {
    static var dependencies: [any AppService.Type] { [AccountStore.self] }
    let account: String
    let store: AccountStore?
    init(session: SessionInfo, context: AppContext) {
        account = session.identifier
        store = context.sessionService(AccountStore.self)
        context.service(SessionJournal.self)?.note("inbox.init(\(account), store: \(store?.account ?? "none"))")
    }
    func sessionDidBegin(_ context: AppContext) { note(context, "inbox.didBegin") }
    func sessionWillEnd(_ context: AppContext) { note(context, "inbox.willEnd") }
    func applicationDidBecomeActive(_ context: AppContext) { note(context, "inbox.didBecomeActive") }
    func applicationWillResignActive(_ context: AppContext) { note(context, "inbox.willResignActive") }
    private func note(_ context: AppContext, _ what: String) {
        context.service(SessionJournal.self)?.note("\(what)(\(account))")
    }
}

/// A session's check of its account, which ends the session as it is made when the
/// account's token was revoked.
@MainActor
final class RevokedTokenCheck: SessionService, SessionHandling {
    static var dependencies: [any AppService.Type] { [AccountStore.self] }
    init(session: SessionInfo, context: AppContext) {
        context.service(SessionJournal.self)?.note("check.init(\(session.identifier)): revoked")
        try? context.endSession(session.identifier)
    }
    func sessionDidBegin(_ context: AppContext) { context.service(SessionJournal.self)?.note("check.didBegin") }
}

@MainActor
@Suite struct SessionTests {
    let alice = SessionInfo(identifier: "alice", name: "Alice")
    let bob = SessionInfo(identifier: "bob")

    func makeComposite() throws -> (ServiceComposite, SessionJournal) {
        let journal = SessionJournal()
        let composite = ServiceComposite([journal, AccountDirectory()], configuration: .quiet)
        try composite.registerSessionServices([AccountInbox.self, AccountStore.self])
        _ = composite.didFinishLaunching()
        return (composite, journal)
    }

    @Test("A session that one of its services ends as it is made does not begin: the end wins")
    func endedWhileMade() throws {
        let journal = SessionJournal()
        let composite = ServiceComposite([journal, AccountDirectory()], configuration: .quiet)
        try composite.registerSessionServices([AccountStore.self, RevokedTokenCheck.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        #expect(composite.sessions.isEmpty)
        #expect(composite.currentSession == nil)
        #expect(composite.sessionService(AccountStore.self) == nil)
        #expect(
            journal.entries == [
                "store.init(alice)", "check.init(alice): revoked", "store.willEnd(alice, alice)",
                "directory.willEnd(alice)",
            ]
        )
    }

    @Test(
        "A session's services are made in dependency order, hear it begin after the application-wide ones, and end in reverse before them"
    )
    func beginAndEnd() throws {
        let (composite, journal) = try makeComposite()
        try composite.beginSession(alice)
        #expect(composite.currentSession == alice)
        #expect(composite.sessionService(AccountInbox.self)?.store === composite.sessionService(AccountStore.self))
        try composite.endSession("alice")
        #expect(composite.currentSession == nil)
        #expect(composite.sessionService(AccountStore.self) == nil)
        #expect(
            journal.entries == [
                "store.init(alice)", "inbox.init(alice, store: alice)",
                "directory.didBegin(alice)", "store.didBegin(alice, alice)", "inbox.didBegin(alice)",
                "inbox.willEnd(alice)", "store.willEnd(alice, alice)", "directory.willEnd(alice)",
            ]
        )
    }

    @Test(
        "While a session lives its services hear the application's callbacks, after the application-wide ones going up and before them going down"
    )
    func sessionServicesHearTheApplication() throws {
        let (composite, journal) = try makeComposite()
        try composite.beginSession(alice)
        journal.entries = []
        composite.didBecomeActive()
        composite.willResignActive()
        #expect(
            journal.entries == [
                "directory.didBecomeActive", "store.didBecomeActive(alice, alice)", "inbox.didBecomeActive(alice)",
                "inbox.willResignActive(alice)", "store.willResignActive(alice, alice)", "directory.willResignActive",
            ]
        )
    }

    @Test(
        "A switch ends the old session's services in reverse before the new one's begin, and no callback reaches a released service"
    )
    func switchSessions() throws {
        let (composite, journal) = try makeComposite()
        try composite.beginSession(alice)
        weak let aliceStore = composite.sessionService(AccountStore.self)
        journal.entries = []
        try composite.switchSession(to: bob)
        #expect(
            journal.entries == [
                "inbox.willEnd(alice)", "store.willEnd(alice, alice)", "directory.willEnd(alice)",
                "store.init(bob)", "inbox.init(bob, store: bob)",
                "directory.didBegin(bob)", "store.didBegin(bob, bob)", "inbox.didBegin(bob)",
            ]
        )
        #expect(aliceStore == nil, "alice's services are released")
        journal.entries = []
        composite.didBecomeActive()
        #expect(
            journal.entries == [
                "directory.didBecomeActive", "store.didBecomeActive(bob, bob)", "inbox.didBecomeActive(bob)",
            ]
        )
    }

    /// Ends its session when the application becomes active (an expired token).
    @MainActor
    final class ExpiringToken: SessionService, ApplicationStateHandling {
        init(session: SessionInfo, context: AppContext) {}
        func applicationDidBecomeActive(_ context: AppContext) {
            if let session = context.session { try? context.endSession(session.identifier) }
        }
    }

    /// Refreshes its session's inbox when the application becomes active.
    @MainActor
    final class InboxRefresher: SessionService, SessionHandling, ApplicationStateHandling {
        static var dependencies: [any AppService.Type] { [ExpiringToken.self] }
        init(session: SessionInfo, context: AppContext) {}
        func sessionWillEnd(_ context: AppContext) {
            context.service(SessionJournal.self)?.note("refresher.willEnd")
        }
        func applicationDidBecomeActive(_ context: AppContext) {
            context.service(SessionJournal.self)?.note("refresher.didBecomeActive")
        }
    }

    @Test(
        "A session that ends during a callback is heard no more: its services after the one that ended it do not hear it"
    )
    func sessionEndedDuringACallback() throws {
        let journal = SessionJournal()
        let composite = ServiceComposite([journal], configuration: .quiet)
        try composite.registerSessionServices([ExpiringToken.self, InboxRefresher.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        composite.didBecomeActive()
        #expect(composite.sessions.isEmpty)
        #expect(journal.entries == ["refresher.willEnd"])
    }

    @Test("A session ended while it begins is heard no more: its own services do not hear it begin after its end")
    func endedWhileBeginning() throws {
        /// Finds the session's sign-in expired as it begins, and ends it.
        final class Validator: AppService, SessionHandling {
            static var dependencies: [any AppService.Type] { [SessionJournal.self] }
            func sessionDidBegin(_ context: AppContext) {
                context.service(SessionJournal.self)?.note("validator.didBegin")
                try? context.endSession(context.session!.identifier)
            }
        }
        let journal = SessionJournal()
        let composite = ServiceComposite([journal, Validator(), AccountDirectory()], configuration: .quiet)
        try composite.registerSessionServices([AccountStore.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)

        #expect(
            journal.entries == [
                "store.init(alice)", "validator.didBegin", "store.willEnd(alice, alice)", "directory.willEnd(alice)",
            ]
        )
        #expect(composite.sessions.isEmpty)
    }

    @Test("A session service that looks up its session's services as it subscribes finds them, and the process goes on")
    func subscribingReadsTheSessions() throws {
        /// Finds, as it subscribes, its session's store.
        final class Inspector: SessionService {
            static var seen: [String] = []
            static var dependencies: [any AppService.Type] { [AccountStore.self] }
            let context: AppContext
            init(session: SessionInfo, context: AppContext) { self.context = context }
            func subscribe(to events: inout EventSubscriptions) {
                let store = context.sessionService(AccountStore.self)?.account ?? "none"
                Self.seen.append("\(context.session?.identifier ?? "none") store: \(store)")
            }
        }
        Inspector.seen = []
        let journal = SessionJournal()
        let composite = ServiceComposite([journal, AccountDirectory()], configuration: .quiet)
        try composite.registerSessionServices([AccountStore.self, Inspector.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        try composite.beginSession(bob)
        #expect(Inspector.seen == ["alice store: alice", "bob store: bob"])
    }

    @Test(
        "A session ended again from its own sessionWillEnd ends once: every service hears it once, and then it is gone",
        .timeLimit(.minutes(1))
    )
    func endedAgainWhileEnding() throws {
        /// Signs out whenever a session ends, as an idempotent sign-out does.
        final class SignOut: AppService, SessionHandling {
            static var dependencies: [any AppService.Type] { [SessionJournal.self] }
            func sessionWillEnd(_ context: AppContext) {
                context.service(SessionJournal.self)?.note("signOut.willEnd")
                try? context.endSession(context.session!.identifier)
            }
        }
        let journal = SessionJournal()
        let composite = ServiceComposite([journal, SignOut(), AccountDirectory()], configuration: .quiet)
        try composite.registerSessionServices([AccountStore.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        journal.entries = []
        try composite.endSession("alice")

        #expect(journal.entries == ["store.willEnd(alice, alice)", "directory.willEnd(alice)", "signOut.willEnd"])
        #expect(composite.sessions.isEmpty)
        #expect(composite.currentSession == nil)
    }

    @Test("Several sessions live at once, one current; ending the current one makes the one begun last current")
    func severalSessions() throws {
        let (composite, journal) = try makeComposite()
        try composite.beginSession(alice)
        try composite.beginSession(bob, makeCurrent: false)
        #expect(composite.sessions == [alice, bob])
        #expect(composite.currentSession == alice)
        try composite.makeCurrentSession("bob")
        #expect(composite.sessionService(AccountStore.self)?.account == "bob")
        #expect(composite.sessionService(AccountStore.self, in: alice)?.account == "alice")
        journal.entries = []
        composite.didBecomeActive()
        #expect(
            journal.entries == [
                "directory.didBecomeActive", "store.didBecomeActive(alice, alice)", "inbox.didBecomeActive(alice)",
                "store.didBecomeActive(bob, bob)", "inbox.didBecomeActive(bob)",
            ]
        )
        try composite.endSession("bob")
        #expect(composite.currentSession == alice)

        // Of three, the current one in the middle: the one begun last of those that live.
        let carol = SessionInfo(identifier: "carol")
        try composite.beginSession(bob, makeCurrent: false)
        try composite.beginSession(carol, makeCurrent: false)
        try composite.makeCurrentSession("bob")
        try composite.endSession("bob")
        #expect(composite.currentSession == carol)
    }

    @Test("Beginning a session that lives, or ending one that does not, is an error naming it, and changes nothing")
    func badSessions() throws {
        let (composite, _) = try makeComposite()
        try composite.beginSession(alice)
        #expect {
            try composite.beginSession(SessionInfo(identifier: "alice"))
        } throws: { error in
            guard let error = error as? ServiceCompositeError else { return false }
            return error.code == .sessionAlreadyBegun && error.message.contains("session alice (Alice) lives already")
        }
        #expect {
            try composite.endSession("carol")
        } throws: { error in
            guard let error = error as? ServiceCompositeError else { return false }
            return error.code == .sessionNotFound && error.message.contains("No session carol lives (living: alice)")
        }
        #expect(composite.sessions == [alice])
    }

    @Test("Each session method's error names the caller's file and line, also through a context and a switch")
    func sessionErrorsNameTheCaller() throws {
        let (composite, _) = try makeComposite()
        try composite.beginSession(alice)
        func place(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch let error as ServiceCompositeError {
                return "\(error.file):\(error.line)"
            } catch {
                return "\(error)"
            }
        }
        let here = #fileID
        var line = #line + 1
        #expect(place { try composite.beginSession(alice) } == "\(here):\(line)")
        line = #line + 1
        #expect(place { try composite.endSession("carol") } == "\(here):\(line)")
        line = #line + 1
        #expect(place { try composite.switchSession(to: alice) } == "\(here):\(line)")
        line = #line + 1
        #expect(place { try composite.makeCurrentSession("carol") } == "\(here):\(line)")
        final class Keeper: AppService, ApplicationStateHandling {
            var context: AppContext?
            func applicationDidBecomeActive(_ context: AppContext) { self.context = context }
        }
        let keeper = Keeper()
        let other = ServiceComposite([keeper])
        _ = other.didFinishLaunching()
        other.didBecomeActive()
        let context = try #require(keeper.context)
        line = #line + 1
        #expect(place { try context.endSession("carol") } == "\(here):\(line)")
    }

    @Test(
        "Validation reports a session service registered twice, depending on a scene service, or missing a dependency"
    )
    func validation() throws {
        final class Missing: AppService {}
        final class Needy: SessionService {
            static var dependencies: [any AppService.Type] { [Missing.self] }
            init(session: SessionInfo, context: AppContext) {}
        }
        final class Window: SceneService {
            init(scene: SceneInfo, context: AppContext) {}
        }
        final class WindowBound: SessionService {
            static var dependencies: [any AppService.Type] { [Window.self] }
            init(session: SessionInfo, context: AppContext) {}
        }
        let composite = ServiceComposite([SessionJournal(), AccountDirectory()], configuration: .quiet)
        try composite.registerSceneServices([Window.self])
        try composite.registerSessionServices([AccountStore.self, AccountStore.self, Needy.self, WindowBound.self])
        #expect {
            try composite.validate()
        } throws: { error in
            let text = "\(error)"
            return text.contains("AccountStore is registered twice")
                && text.contains("Needy depends on Missing, which is not registered")
                && text.contains("WindowBound depends on scene service Window")
        }
    }

    @Test("Registering session services after the first callback is refused, naming them and the callback")
    func lateRegistration() {
        let composite = ServiceComposite([], configuration: .quiet)
        _ = composite.didFinishLaunching()
        let error = #expect(throws: ServiceCompositeError.self) {
            try composite.registerSessionServices([AccountStore.self, AccountInbox.self])
        }
        #expect(error?.code == .registrationAfterDispatch)
        #expect(error?.message.contains("Cannot register AccountStore, AccountInbox") == true)
        #expect(error?.message.contains("sealed by didFinishLaunching") == true)
    }

    @Test("A session's services hear typed events after the application-wide ones")
    func sessionServicesHearEvents() throws {
        struct Refresh: AppEvent {
            typealias Response = [String]
            static var responseMerge: ResponseMerge<[String]> { .concatenating() }
        }
        final class Listener: SessionService {
            let account: String
            init(session: SessionInfo, context: AppContext) { account = session.identifier }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(Refresh.self) { [account] _, context in ["\(account) in \(context.session!.identifier)"] }
            }
        }
        let composite = ServiceComposite([SessionJournal()], configuration: .quiet)
        try composite.registerSessionServices([Listener.self])
        try composite.beginSession(alice)
        try composite.beginSession(bob, makeCurrent: false)
        #expect(composite.post(Refresh()).response == ["alice in alice", "bob in bob"])
    }

    @Test("An event a session's service posts as it is made reaches all of the session's services, the session current")
    func eventPostedWhileMakingServices() throws {
        struct Hello: AppEvent {}
        final class Heard: AppService {
            var entries: [String] = []
            func subscribe(to events: inout EventSubscriptions) {
                events.on(Hello.self) { [unowned self] _, context in
                    entries.append("app-wide in \(context.session?.identifier ?? "none")")
                }
            }
        }
        final class First: SessionService {
            let heard: Heard?
            init(session: SessionInfo, context: AppContext) { heard = context.service(Heard.self) }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(Hello.self) { [heard] _, _ in heard?.entries.append("first") }
            }
        }
        /// Posts as it is made, after `First`, before `Last`.
        final class Greeter: SessionService {
            static var dependencies: [any AppService.Type] { [First.self] }
            let heard: Heard?
            init(session: SessionInfo, context: AppContext) {
                heard = context.service(Heard.self)
                _ = context.post(Hello())
            }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(Hello.self) { [heard] _, _ in heard?.entries.append("greeter") }
            }
        }
        final class Last: SessionService {
            static var dependencies: [any AppService.Type] { [Greeter.self] }
            let heard: Heard?
            init(session: SessionInfo, context: AppContext) { heard = context.service(Heard.self) }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(Hello.self) { [heard] _, _ in heard?.entries.append("last") }
            }
        }
        let heard = Heard()
        let composite = ServiceComposite([heard], configuration: .quiet)
        try composite.registerSessionServices([Last.self, Greeter.self, First.self])
        try composite.beginSession(alice)
        #expect(heard.entries == ["app-wide in alice", "first", "greeter", "last"])
    }

    @Test("A session that ends during a typed event hears no more of it: its services do not hear it")
    func sessionEndedDuringAnEvent() throws {
        struct TokenRevoked: AppEvent {
            typealias Response = [String]
            static var responseMerge: ResponseMerge<[String]> { .concatenating() }
        }
        /// Signs its session out when alice's token is revoked.
        final class SignOut: SessionService {
            let account: String
            init(session: SessionInfo, context: AppContext) { account = session.identifier }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(TokenRevoked.self) { [account] _, context in
                    guard account == "alice" else { return [] }
                    try? context.endSession(account)
                    return ["\(account) signed out"]
                }
            }
        }
        /// Hears the event after `SignOut`, in the same session.
        final class Listener: SessionService {
            static var dependencies: [any AppService.Type] { [SignOut.self] }
            let account: String
            init(session: SessionInfo, context: AppContext) { account = session.identifier }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(TokenRevoked.self) { [account] _, _ in ["\(account) heard it"] }
            }
        }
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([Listener.self, SignOut.self])
        try composite.beginSession(alice)
        try composite.beginSession(bob, makeCurrent: false)

        #expect(composite.post(TokenRevoked()).response == ["alice signed out", "bob heard it"])
        #expect(composite.sessions.map(\.identifier) == ["bob"])
    }

    @Test("A session begun as the application becomes active hears that callback, whether or not another lived")
    func sessionBegunDuringACallback() throws {
        final class Journal: AppService {
            var entries: [String] = []
        }
        /// Finishes a sign-in as the application comes back from the browser's login page.
        final class Account: AppService, ApplicationStateHandling {
            func applicationDidBecomeActive(_ context: AppContext) {
                try? context.beginSession(SessionInfo(identifier: "alice"))
            }
        }
        final class InboxSync: SessionService, ApplicationStateHandling {
            let journal: Journal
            let account: String
            init(session: SessionInfo, context: AppContext) {
                journal = context.service(Journal.self)!
                account = session.identifier
            }
            func applicationDidBecomeActive(_ context: AppContext) { journal.entries.append("\(account) active") }
        }
        for bobLives in [false, true] {
            let journal = Journal()
            let composite = ServiceComposite([journal, Account()], configuration: .quiet)
            try composite.registerSessionServices([InboxSync.self])
            _ = composite.didFinishLaunching()
            if bobLives { try composite.beginSession(bob, makeCurrent: false) }
            composite.didBecomeActive()
            #expect(
                journal.entries.filter { $0.hasPrefix("alice") } == ["alice active"],
                "with bob living: \(bobLives)"
            )
        }
    }

    @Test("A callback sent as a session ends (a gate closed on sign-out) does not reach its wound-down services")
    func callbackSentAsASessionEnds() throws {
        enum Lock: AppGate {
            static var openedBy: any AppService.Type { Locker.self }
        }
        final class Locker: AppService, SessionHandling {
            func sessionWillEnd(_ context: AppContext) { try? context.close(Lock.self) }
        }
        final class Journal: AppService {
            var entries: [String] = []
        }
        final class InboxCache: SessionService, SessionHandling, GateHandling {
            let journal: Journal
            init(session: SessionInfo, context: AppContext) { journal = context.service(Journal.self)! }
            func sessionWillEnd(_ context: AppContext) { journal.entries.append("willEnd") }
            func gateDidClose(_ context: AppContext, gate: String) { journal.entries.append("gateDidClose") }
        }
        let journal = Journal()
        let composite = ServiceComposite([journal, Locker()], configuration: .quiet)
        try composite.registerSessionServices([InboxCache.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        #expect(composite.isOpen(Lock.self))

        try composite.endSession("alice")
        #expect(!composite.isOpen(Lock.self))
        #expect(journal.entries == ["willEnd"], "its database closed as it heard the end")
    }

    @Test(
        "An event posted as a session ends does not reach its wound-down services, whether delivered at once or later"
    )
    func eventPostedAsASessionEnds() throws {
        struct SignedOut: AppEvent {}
        final class Auth: AppService, SessionHandling {
            func sessionWillEnd(_ context: AppContext) { context.post(SignedOut()) }
        }
        final class Locker: AppService, ApplicationStateHandling {
            func applicationDidEnterBackground(_ context: AppContext) { try? context.endSession("alice") }
        }
        final class Inbox: SessionService, SessionHandling {
            let heard: Journal
            init(session: SessionInfo, context: AppContext) { heard = context.service(Journal.self)! }
            func sessionWillEnd(_ context: AppContext) { heard.append("willEnd") }
            func subscribe(to events: inout EventSubscriptions) {
                events.on(SignedOut.self) { [heard] _, _ in heard.append("signedOut") }
            }
        }
        final class Journal: AppService {
            var entries: [String] = []
            func append(_ entry: String) { entries.append(entry) }
        }
        // At once: the session ends outside any dispatch.
        let direct = Journal()
        let composite = ServiceComposite([direct, Auth()], configuration: .quiet)
        try composite.registerSessionServices([Inbox.self])
        try composite.beginSession(alice)
        try composite.endSession("alice")
        #expect(direct.entries == ["willEnd"])

        // Later: a service signs out from a callback, and the event waits for its end.
        let nested = Journal()
        let signingOut = ServiceComposite([nested, Auth(), Locker()], configuration: .quiet)
        try signingOut.registerSessionServices([Inbox.self])
        try signingOut.beginSession(alice)
        _ = signingOut.didFinishLaunching()
        signingOut.didBecomeActive()
        signingOut.willResignActive()
        signingOut.didEnterBackground()
        #expect(nested.entries == ["willEnd"])
    }

    @Test("A session ended during a completion-handler callback is heard no more: its services neither hear nor answer")
    func sessionEndedDuringAFanOut() async throws {
        /// Learns from the push that alice's account was revoked, and signs her out.
        final class RevokingPush: AppService, RemoteNotificationHandling {
            func application(
                _ context: AppContext,
                didReceiveRemoteNotification notification: RemoteNotification
            ) async throws -> BackgroundFetchResult {
                try? context.endSession("alice")
                return .noData
            }
        }
        /// Syncs its session's inbox on a push.
        final class InboxSync: SessionService, RemoteNotificationHandling {
            let account: String
            init(session: SessionInfo, context: AppContext) { account = session.identifier }
            func application(
                _ context: AppContext,
                didReceiveRemoteNotification notification: RemoteNotification
            ) async throws -> BackgroundFetchResult {
                context.service(SessionJournal.self)?.note("inbox.push(\(account))")
                return .newData
            }
        }
        let journal = SessionJournal()
        let composite = ServiceComposite([journal, RevokingPush()], configuration: .quiet)
        try composite.registerSessionServices([InboxSync.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(alice)
        try composite.beginSession(bob, makeCurrent: false)

        let result = await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:]))

        #expect(journal.entries == ["inbox.push(bob)"])
        #expect(result == .newData)
        #expect(composite.sessions.map(\.identifier) == ["bob"])

        // With alice's the only session, nothing but the app-wide service answers.
        try composite.beginSession(alice)
        try composite.endSession("bob")
        journal.entries = []
        #expect(await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])) == .noData)
        #expect(journal.entries.isEmpty)
    }
}

extension ServiceComposite.Configuration {
    /// A configuration whose logger drops everything.
    static var quiet: Self {
        Self(logger: Logger(label: "SessionTests", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}
