// The code of the "Sessions, locks and scenes" article.

import AppServices
import Foundation

// MARK: A session per signed-in account

/// The signed-in account's inbox has loaded: reached once per session.
enum InboxReady: AppMilestone {
    static var reachedBy: any AppService.Type { Inbox.self }
    static var scope: MilestoneScope { .session }
}

/// One account's inbox: made when the account signs in, released when it signs out.
final class Inbox: SessionService, SessionHandling {
    let account: String
    private(set) var shown: [String] = []

    init(session: SessionInfo, context: AppContext) {
        account = session.identifier
    }

    func sessionDidBegin(_ context: AppContext) {
        Task {
            await Task.yield()  // load the account's messages
            try context.reach(InboxReady.self)
        }
    }

    func show(_ path: String) { shown.append(path) }
}

/// Signs accounts in and out.
final class AccountService: AppService, LaunchHandling {
    private var context: AppContext?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }

    func signIn(_ account: String) throws(ServiceCompositeError) {
        try context?.switchSession(to: SessionInfo(identifier: account))
    }

    func signOut() throws(ServiceCompositeError) {
        guard let session = context?.session else { return }
        try context?.endSession(session.identifier)
    }
}

// MARK: A lock that closes in the background

/// The app lock: closed at launch, and again after five minutes in the background.
enum AppLock: AppGate {
    static var openedBy: any AppService.Type { LockScreen.self }
    static var isInitiallyOpen: Bool { false }  // locked at launch: the time away is unknown
    static var closesAfterBackground: Duration? { .seconds(300) }
}

/// Shows the lock screen when the lock closes, and opens it once the user authenticates.
final class LockScreen: AppService, LaunchHandling, GateHandling {
    private var context: AppContext?
    private(set) var isShown = false

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        isShown = !context.isOpen(AppLock.self)  // names the lock: it closes after five minutes away from now on
        return true
    }

    func userAuthenticated() throws(ReadinessError) {
        try context?.open(AppLock.self)
    }

    func gateDidClose(_ context: AppContext, gate: String) { isShown = true }
    func gateDidOpen(_ context: AppContext, gate: String) { isShown = false }
}

// MARK: A lock time the person sets

/// The lock of an app whose person chooses how long it may stay unlocked in the background:
/// the gate reads the setting each time.
enum SettingLock: AppGate {
    static var openedBy: any AppService.Type { SettingLockScreen.self }
    static var isInitiallyOpen: Bool { false }
    static var closesAfterBackground: Duration? {
        // The person's choice in seconds: 0 for never, 15 minutes until they choose.
        let defaults = UserDefaults.standard
        guard defaults.object(forKey: SettingLockScreen.lockAfterKey) != nil else { return .seconds(15 * 60) }
        let seconds = defaults.double(forKey: SettingLockScreen.lockAfterKey)
        return seconds > 0 ? .seconds(seconds) : nil
    }
}

/// Shows the lock screen while the lock is closed; the settings screen stores the time.
final class SettingLockScreen: AppService, LaunchHandling, GateHandling {
    /// The user-defaults key of the person's setting, in seconds.
    nonisolated static let lockAfterKey = "lockAfterSeconds"
    private var context: AppContext?
    private(set) var isShown = false

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        isShown = !context.isOpen(SettingLock.self)
        return true
    }

    func userAuthenticated() throws(ReadinessError) { try context?.open(SettingLock.self) }

    func gateDidClose(_ context: AppContext, gate: String) { isShown = true }
    func gateDidOpen(_ context: AppContext, gate: String) { isShown = false }
}

// MARK: A link held until the account is ready and the app unlocked

/// Opens message links in the signed-in account's inbox, once it has loaded and the app is
/// unlocked: a link that arrives during a sign-out waits for the next sign-in.
final class MessageLinks: AppService, URLOpenHandling {
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        context.whenReached(InboxReady.self, named: "open \(url.path)") { context in
            context.whenOpen(AppLock.self, named: "show \(url.path)") { context in
                context.sessionService(Inbox.self)?.show(url.path)
            }
        }
        return true
    }
}

// MARK: Scenes you can find

/// Shows a conversation in the window that has it, once that window is there.
final class ConversationWindows: AppService {
    func show(conversation: String, inScene identifier: String, composite: ServiceComposite) {
        composite.route(toScene: identifier, named: "show \(conversation)") { context in
            context.sceneService(ConversationScene.self)?.show(conversation)
        }
    }
}

/// The conversation a window shows.
final class ConversationScene: SceneService {
    private(set) var conversation: String?

    init(scene: SceneInfo, context: AppContext) {}

    func show(_ conversation: String) { self.conversation = conversation }
}
