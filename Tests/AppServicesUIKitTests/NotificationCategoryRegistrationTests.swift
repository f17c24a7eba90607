#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// The services' notification categories registered with `UNUserNotificationCenter` as one
/// set before launch returns, and the authorization request through it.
@MainActor
struct NotificationCategoryRegistrationTests {
    /// Defines the messages category, needs alerts and sounds, and reads what the center has
    /// registered when launch finishes.
    final class Messages: AppService, UserNotificationHandling, LaunchHandling {
        let definedNotificationCategories = [
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
                hiddenPreviewsBodyPlaceholder: "New message",
                options: [.customDismissAction, .allowInCarPlay]
            )
        ]
        let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.alert, .sound]
        var center: UNUserNotificationCenter?
        private(set) var registeredAtLaunch: [Set<UNNotificationCategory>] = []
        private(set) var outcomes: [NotificationAuthorization] = []

        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            registeredAtLaunch = center?.categoryRegistrations ?? []
            return true
        }

        func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization) {
            outcomes.append(outcome)
        }
    }

    /// Defines the orders category and needs badges.
    final class Orders: AppService, UserNotificationHandling {
        let definedNotificationCategories = [NotificationCategory("ORDER", intentIdentifiers: ["INSendMessageIntent"])]
        let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.badge]
    }

    @Test("Two services' categories reach the center as one set, once, before launch returns")
    func registeredOnceBeforeLaunchReturns() throws {
        let messages = Messages()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([messages, Orders()]))
        let center = uiKit.userNotificationCenter
        messages.center = center
        uiKit.launch()

        #expect(messages.registeredAtLaunch.count == 1, "registered before didFinishLaunching's services ran")
        #expect(center.categoryRegistrations.count == 1)
        let registered = try #require(center.categoryRegistrations.first)
        #expect(Set(registered.map(\.identifier)) == ["MESSAGE", "ORDER"])

        let message = try #require(registered.first { $0.identifier == "MESSAGE" })
        #expect(message.options == [.customDismissAction, .allowInCarPlay])
        #expect(message.hiddenPreviewsBodyPlaceholder == "New message")
        #expect(message.actions.map(\.identifier) == ["REPLY", "MUTE"])
        let reply = try #require(message.actions.first as? UNTextInputNotificationAction)
        #expect(reply.title == "Reply")
        #expect(reply.options == .authenticationRequired)
        #expect(reply.textInputButtonTitle == "Send")
        #expect(reply.textInputPlaceholder == "Message")
        #expect(!(message.actions[1] is UNTextInputNotificationAction))
        #expect(message.actions[1].options == .destructive)
        let order = try #require(registered.first { $0.identifier == "ORDER" })
        #expect(order.intentIdentifiers == ["INSendMessageIntent"])
    }

    @Test("Authorization is asked of the center once, with the union of the options, and the services hear the outcome")
    func authorizationThroughTheCenter() async throws {
        let messages = Messages()
        let delegate = TestAppDelegate([messages, Orders()])
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        uiKit.userNotificationCenter.answerAuthorizationRequests(with: .success(false))

        let outcome = await delegate.composite.requestNotificationAuthorization()

        #expect(uiKit.userNotificationCenter.authorizationRequests == [[.alert, .sound, .badge]])
        #expect(outcome == NotificationAuthorization(requested: [.alert, .sound, .badge], granted: false))
        #expect(messages.outcomes == [outcome])
    }

    @Test("An application whose services define no category registers nothing")
    func noCategoriesNoRegistration() {
        final class Plain: AppService, UserNotificationHandling {}
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([Plain()]))
        uiKit.launch()
        #expect(uiKit.userNotificationCenter.categoryRegistrations.isEmpty)
    }
}
#endif
