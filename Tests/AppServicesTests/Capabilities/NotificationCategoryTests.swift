import AppServices
import AppServicesTesting
import Logging
import Testing

/// The notification center as a platform gives it: records every registration and
/// authorization request, and answers them as the test says.
@MainActor
final class RecordedNotificationCenter: NotificationCenterProvider {
    private(set) var registrations: [[NotificationCategory]] = []
    private(set) var authorizationRequests: [NotificationAuthorizationOptions] = []
    var answer: Result<Bool, any Error> = .success(true)
    /// When set, requests wait until the test releases them.
    var gate: TrialProbe?

    func setNotificationCategories(_ categories: [NotificationCategory]) {
        registrations.append(categories)
    }

    func requestAuthorization(options: NotificationAuthorizationOptions) async throws -> Bool {
        authorizationRequests.append(options)
        await gate?.waitForRelease()
        return try answer.get()
    }
}

/// Services that define notification categories and need authorization options.
@MainActor
final class MessagesService: AppService, UserNotificationHandling {
    var definedNotificationCategories = [
        NotificationCategory(
            "MESSAGE",
            actions: [
                NotificationAction(
                    "REPLY",
                    title: "Reply",
                    options: .authenticationRequired,
                    textInput: .init(buttonTitle: "Send", placeholder: "Message")
                ),
                NotificationAction("MUTE", title: "Mute", options: .destructive),
            ],
            options: .customDismissAction
        )
    ]
    let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.alert, .sound]
    private(set) var outcomes: [NotificationAuthorization] = []
    private(set) var heard: [String] = []

    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization) {
        outcomes.append(outcome)
    }

    func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {
        heard.append(notification?.identifier ?? "none")
    }
}

@MainActor
final class OrdersService: AppService, UserNotificationHandling {
    static let dependencies: [any AppService.Type] = [MessagesService.self]
    let definedNotificationCategories = [NotificationCategory("ORDER", intentIdentifiers: ["INSendMessageIntent"])]
    let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.badge, .alert]
    private(set) var outcomes: [NotificationAuthorization] = []

    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization) {
        outcomes.append(outcome)
    }
}

/// Defines no category: hears every notification and is told the authorization outcome.
@MainActor
final class BadgeService: AppService, UserNotificationHandling {
    private(set) var outcomes: [NotificationAuthorization] = []

    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization) {
        outcomes.append(outcome)
    }
}

/// Defines the category another service defines.
@MainActor
final class SecondMessagesService: AppService, UserNotificationHandling {
    let definedNotificationCategories = [NotificationCategory("MESSAGE"), NotificationCategory("")]
}

/// A session's service: defines a category of its account's, and one an application-wide
/// service defines too.
@MainActor
final class AccountAlertsService: SessionService, UserNotificationHandling {
    let definedNotificationCategories: [NotificationCategory]
    init(session: SessionInfo, context: AppContext) {
        definedNotificationCategories = [
            NotificationCategory("ACCOUNT", actions: [NotificationAction("OPEN-\(session.identifier)", title: "Open")]),
            NotificationCategory("ORDER"),
        ]
    }
}

/// A session's service that needs alerts, and hears the authorization's outcome.
@MainActor
final class AccountBannersService: SessionService, UserNotificationHandling {
    let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.alert, .sound]
    private(set) var outcomes: [NotificationAuthorization] = []
    init(session: SessionInfo, context: AppContext) {}
    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization) {
        outcomes.append(outcome)
    }
}

/// A scene's service: a chat window's reply action.
@MainActor
final class ChatWindowService: SceneService, UserNotificationHandling {
    let definedNotificationCategories = [
        NotificationCategory(
            "CHAT",
            actions: [
                NotificationAction("REPLY", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: ""))
            ]
        )
    ]
    init(scene: SceneInfo, context: AppContext) {}
}

/// A scene's service that needs provisional notifications, and records the outcome.
@MainActor
final class AuthorizingWindowService: SceneService, UserNotificationHandling {
    let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.provisional]
    private(set) var outcomes: [NotificationAuthorization] = []
    private(set) var scenes: [String] = []
    init(scene: SceneInfo, context: AppContext) {}
    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization) {
        outcomes.append(outcome)
        scenes.append(context.scene.map { "\($0.identifier) \($0.title ?? "-")" } ?? "none")
    }
}

/// A scene's service whose category's actions a server decides.
@MainActor
final class ServerChatWindowService: SceneService, UserNotificationHandling {
    static var actions: [String]? = ["REPLY"]
    var definedNotificationCategories: [NotificationCategory] {
        Self.actions.map { [NotificationCategory("CHAT", actions: $0.map { NotificationAction($0, title: $0) })] } ?? []
    }
    init(scene: SceneInfo, context: AppContext) {}
}

/// A session's service that handles VoIP pushes, of two types.
@MainActor
final class AccountCallsService: SessionService, VoIPPushHandling {
    let voIPPushTypes: Set<PushType> = [.voIP, PushType(rawValue: "PKPushTypeFileProvider")]
    init(session: SessionInfo, context: AppContext) {}
}

/// An application-wide service that handles VoIP pushes.
@MainActor
final class AppCallsService: AppService, VoIPPushHandling {}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NotificationCategoryTests {
    let logs = LogCapture()
    let center = RecordedNotificationCenter()

    func composite(_ services: [any AppService]) -> ServiceComposite {
        ServiceComposite(services, configuration: .init(logger: logs.logger()))
    }

    @Test("Two services' categories are registered as one set, once, when the host installs the center")
    func unionOnce() {
        let composite = composite([OrdersService(), MessagesService()])
        composite.useNotificationCenter(center)
        #expect(center.registrations.map { $0.map(\.identifier) } == [["MESSAGE", "ORDER"]], "dependency order")
        let message = center.registrations[0][0]
        #expect(message.actions.map(\.identifier) == ["REPLY", "MUTE"])
        #expect(message.actions[0].textInput == .init(buttonTitle: "Send", placeholder: "Message"))
        #expect(message.options == .customDismissAction)
        #expect(center.registrations[0][1].intentIdentifiers == ["INSendMessageIntent"])

        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(center.registrations.count == 1, "callbacks do not register again")
    }

    @Test("Nothing is registered when no service defines a category, so the app's own registration stays")
    func noneDefined() {
        let composite = composite([BadgeService()])
        composite.useNotificationCenter(center)
        composite.updateNotificationCategories()
        #expect(center.registrations.isEmpty)
    }

    @Test("A service asks, and the changed set is registered again as a whole")
    func serverDrivenUpdate() {
        let messages = MessagesService()
        let composite = composite([messages, OrdersService()])
        composite.updateNotificationCategories()
        #expect(center.registrations.isEmpty, "nothing before the host installs the center")
        composite.useNotificationCenter(center)
        messages.definedNotificationCategories.append(NotificationCategory("CALL"))
        composite.updateNotificationCategories()
        #expect(
            center.registrations.map { $0.map(\.identifier) } == [["MESSAGE", "ORDER"], ["MESSAGE", "CALL", "ORDER"]]
        )
        messages.definedNotificationCategories = []
        composite.updateNotificationCategories()
        #expect(center.registrations.last?.map(\.identifier) == ["ORDER"])
    }

    @Test("A category defined by two services, and one without an identifier, fail validation naming them")
    func duplicateIsAValidationError() throws {
        let composite = composite([MessagesService(), SecondMessagesService()])
        let error = try #require(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(error.problems.map(\.kind) == [.duplicateNotificationCategory, .invalidNotificationCategory])
        #expect(
            error.problems[0].message
                == "Notification category MESSAGE is defined by both MessagesService and SecondMessagesService; the system keeps one category per identifier, so one definition would silently replace the other. Define it in one service."
        )
        #expect(
            error.problems[1].message.hasPrefix(
                "SecondMessagesService defines a notification category with an empty identifier"
            )
        )
    }

    @Test("A service that defines categories hears only their notifications, unless it says otherwise")
    func categoriesDefaultToDefinitions() {
        let messages = MessagesService()
        #expect(messages.notificationCategories == ["MESSAGE"])
        #expect(BadgeService().notificationCategories == nil)
        let composite = composite([messages])
        _ = composite.didFinishLaunching()
        composite.openSettings(for: UserNotification(identifier: "order-7", categoryIdentifier: "ORDER"))
        composite.openSettings(for: UserNotification(identifier: "message-1", categoryIdentifier: "MESSAGE"))
        #expect(messages.heard == ["message-1"])
    }

    @Test("Authorization is asked once with the union of the options, and every notification service hears the outcome")
    func authorizationOnce() async {
        let messages = MessagesService()
        let orders = OrdersService()
        let badge = BadgeService()
        let composite = composite([messages, orders, badge])
        composite.useNotificationCenter(center)
        _ = composite.didFinishLaunching()
        let outcome = await composite.requestNotificationAuthorization()
        #expect(center.authorizationRequests == [[.alert, .sound, .badge]])
        #expect(outcome == NotificationAuthorization(requested: [.alert, .sound, .badge], granted: true))
        #expect(messages.outcomes == [outcome])
        #expect(orders.outcomes == [outcome])
        #expect(badge.outcomes == [outcome])
    }

    @Test("Requests made while one is under way wait for its outcome instead of asking again")
    func concurrentRequestsShareOne() async {
        let messages = MessagesService()
        let composite = composite([messages])
        composite.useNotificationCenter(center)
        let gate = TrialProbe()
        center.gate = gate
        async let first = composite.requestNotificationAuthorization()
        async let second = composite.requestNotificationAuthorization()
        while center.authorizationRequests.isEmpty { await Task.yield() }
        gate.release()
        let outcomes = await [first, second]
        #expect(center.authorizationRequests.count == 1)
        #expect(outcomes[0] == outcomes[1])
        #expect(messages.outcomes.count == 1)
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "notifications are restricted on this device" }
    }

    @Test("A request that fails, or no notification center, is an outcome not granted that says why")
    func failures() async {
        let messages = MessagesService()
        let composite = composite([messages])
        let withoutCenter = await composite.requestNotificationAuthorization()
        #expect(!withoutCenter.granted)
        #expect(withoutCenter.failure?.contains("useNotificationCenter(_:)") == true)

        composite.useNotificationCenter(center)
        center.answer = .failure(Refused())
        let failed = await composite.requestNotificationAuthorization()
        #expect(
            failed
                == NotificationAuthorization(
                    requested: [.alert, .sound],
                    granted: false,
                    failure: "notifications are restricted on this device"
                )
        )
        #expect(messages.outcomes == [withoutCenter, failed])
        #expect(logs.messages(at: .error).contains { $0.contains("notifications are restricted on this device") })
    }

    @Test("A session's services' categories join the set when it begins and leave it when it ends")
    func sessionCategories() throws {
        let composite = composite([OrdersService(), MessagesService()])
        try composite.registerSessionServices([AccountAlertsService.self])
        composite.useNotificationCenter(center)
        try composite.beginSession(SessionInfo(identifier: "alice"))
        try composite.beginSession(SessionInfo(identifier: "bob"), makeCurrent: false)
        try composite.endSession("alice")
        try composite.endSession("bob")
        #expect(
            center.registrations.map { $0.map(\.identifier) } == [
                ["MESSAGE", "ORDER"], ["MESSAGE", "ORDER", "ACCOUNT"], ["MESSAGE", "ORDER", "ACCOUNT"],
                ["MESSAGE", "ORDER", "ACCOUNT"], ["MESSAGE", "ORDER"],
            ]
        )
        #expect(
            center.registrations[2].last?.actions.map(\.identifier) == ["OPEN-alice"],
            "the session that began first keeps its definition"
        )
        #expect(center.registrations[3].last?.actions.map(\.identifier) == ["OPEN-bob"])
        let errors = logs.messages(at: .error)
        #expect(errors.count == 3, "ORDER, once per registration with a session")
        #expect(
            errors.allSatisfy {
                $0.hasPrefix("Notification category ORDER is defined by both OrdersService and AccountAlertsService")
            }
        )
        #expect(!errors.contains { $0.contains("AccountAlertsService twice") }, "one type in two sessions")
    }

    @Test("Authorization asks for the options the services of the sessions that live need too")
    func sessionAuthorizationOptions() async throws {
        let badge = BadgeService()
        let composite = composite([badge])
        try composite.registerSessionServices([AccountBannersService.self])
        composite.useNotificationCenter(center)
        try composite.beginSession(SessionInfo(identifier: "alice"))

        let outcome = await composite.requestNotificationAuthorization()

        #expect(center.authorizationRequests == [[.alert, .sound]])
        #expect(outcome.requested == [.alert, .sound])
        #expect(composite.sessionService(AccountBannersService.self)?.outcomes == [outcome])
        #expect(badge.outcomes == [outcome])
    }

    @Test("A connected scene's services take part in the authorization request, and hear its outcome with their scene")
    func sceneAuthorizationOutcome() async throws {
        let badge = BadgeService()
        let composite = composite([badge])
        try composite.registerSceneServices([AuthorizingWindowService.self])
        composite.useNotificationCenter(center)
        _ = composite.didFinishLaunching()
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        composite.sceneWillConnect(scene)
        var titled = scene
        titled.title = "Inbox"
        composite.sceneWillEnterForeground(titled)

        let outcome = await composite.requestNotificationAuthorization()

        #expect(center.authorizationRequests.map { $0.contains(.provisional) } == [true])
        let window = composite.sceneService(AuthorizingWindowService.self, in: scene)
        #expect(window?.outcomes == [outcome])
        #expect(window?.scenes == ["A Inbox"], "with the scene as its latest callback described it")
        #expect(composite.connectedScenes.map(\.scene.title) == ["Inbox"], "the list of scenes left as it was")
        #expect(badge.outcomes == [outcome])
    }

    @Test("A scene service's categories join the set when its scene first connects, and stay after it disconnects")
    func sceneCategories() throws {
        let composite = composite([MessagesService()])
        try composite.registerSceneServices([ChatWindowService.self])
        composite.useNotificationCenter(center)
        _ = composite.didFinishLaunching()
        let first = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        let second = SceneInfo(session: SceneSession(persistentIdentifier: "B"))
        composite.sceneWillConnect(first)
        composite.sceneWillConnect(second)
        composite.sceneDidDisconnect(first)
        composite.sceneDidDisconnect(second)
        composite.updateNotificationCategories()

        #expect(
            center.registrations.map { $0.map(\.identifier) } == [
                ["MESSAGE"], ["MESSAGE", "CHAT"], ["MESSAGE", "CHAT"],
            ]
        )
        #expect(center.registrations.last?.last?.actions.first?.textInput?.buttonTitle == "Send")
        #expect(composite.definedNotificationCategories.map(\.identifier) == ["MESSAGE", "CHAT"])
        #expect(logs.messages(at: .error).isEmpty)
    }

    @Test("A scene service's categories follow what it defines: changed while connected, then kept, or removed")
    func sceneCategoriesFollowTheService() throws {
        ServerChatWindowService.actions = ["REPLY"]
        defer { ServerChatWindowService.actions = ["REPLY"] }
        let composite = composite([MessagesService()])
        try composite.registerSceneServices([ServerChatWindowService.self])
        composite.useNotificationCenter(center)
        _ = composite.didFinishLaunching()
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        func chatActions() -> [String]? {
            center.registrations.last?.first { $0.identifier == "CHAT" }?.actions.map(\.identifier)
        }

        composite.sceneWillConnect(scene)
        #expect(chatActions() == ["REPLY"])
        ServerChatWindowService.actions = ["REPLY", "LIKE"]
        composite.updateNotificationCategories()
        #expect(chatActions() == ["REPLY", "LIKE"])
        composite.sceneDidDisconnect(scene)
        composite.updateNotificationCategories()
        #expect(chatActions() == ["REPLY", "LIKE"], "kept as last defined")

        composite.sceneWillConnect(scene)
        ServerChatWindowService.actions = nil
        composite.updateNotificationCategories()
        #expect(center.registrations.last?.map(\.identifier) == ["MESSAGE"], "no longer defined: removed")
    }

    @Test("Sessions register nothing when their services handle no notification")
    func sessionsWithoutNotifications() throws {
        let composite = composite([MessagesService(), AppCallsService()])
        try composite.registerSessionServices([AccountCallsService.self])
        composite.useNotificationCenter(center)
        try composite.beginSession(SessionInfo(identifier: "alice"))
        try composite.endSession("alice")
        #expect(center.registrations.count == 1)
    }

    @Test("Session-only VoIP services fail validation; a push type no application-wide service lists is logged")
    func sessionVoIPPushes() throws {
        let sessionOnly = composite([MessagesService()])
        try sessionOnly.registerSessionServices([AccountCallsService.self])
        let error = try #require(throws: ServiceGraphError.self) { try sessionOnly.validate() }
        #expect(error.problems.map(\.kind) == [.sessionOnlyVoIPPushes])
        #expect(
            error.problems[0].message.hasPrefix(
                "Session service AccountCallsService handles VoIP pushes, and no application-wide service does"
            )
        )

        let composite = composite([AppCallsService()])
        try composite.registerSessionServices([AccountCallsService.self])
        try composite.validate()
        #expect(composite.desiredPushTypes == [.voIP])
        try composite.beginSession(SessionInfo(identifier: "alice"))
        #expect(
            logs.messages(at: .error) == [
                "Session service AccountCallsService of session alice handles push types PKPushTypeFileProvider that "
                    + "no application-wide service handles; the push registry asks for the application-wide services' "
                    + "types only, so pushes of those types never arrive. Add them to an application-wide "
                    + "VoIPPushHandling service's voIPPushTypes."
            ]
        )
    }
}
