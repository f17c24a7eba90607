#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Dispatch
import Foundation
import Logging
import Testing

/// The app delegate as the notification center's delegate: its methods are the witnesses
/// of `UNUserNotificationCenterDelegate`'s requirements, it claims them and installs itself
/// only when a service handles notifications, and it converts what the center delivers.
@MainActor
struct UserNotificationTests {
    static let willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    static let didReceive = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    static let openSettings = "userNotificationCenter:openSettingsForNotification:"

    /// A delivered notification with every field set.
    nonisolated static func notification(
        _ identifier: String = "order-7",
        userInfo: [AnyHashable: Any] = ["order": 7, "aps": ["alert": "Shipped"]]
    ) -> UNNotification {
        let content = UNNotificationContent(
            title: "Order 7",
            body: "It has shipped.",
            categoryIdentifier: "ORDER",
            threadIdentifier: "orders",
            userInfo: userInfo,
            targetContentIdentifier: "orders/7"
        )
        let request = UNNotificationRequest(identifier: identifier, content: content, trigger: nil)
        return UNNotification(request: request, date: Date(timeIntervalSinceReferenceDate: 1_000))
    }

    /// The payload services should receive for `notification()`.
    static let converted = UserNotification(
        identifier: "order-7",
        date: Date(timeIntervalSinceReferenceDate: 1_000),
        categoryIdentifier: "ORDER",
        threadIdentifier: "orders",
        title: "Order 7",
        body: "It has shipped.",
        userInfo: ["order": .int(7), "aps": .dictionary(["alert": .string("Shipped")])],
        targetContentIdentifier: "orders/7"
    )

    /// A launched application whose delegate has `services`.
    func launched(
        _ services: [any AppService],
        logs: LogCapture = LogCapture()
    ) -> (SimulatedUIKit, TestAppDelegate) {
        let delegate = TestAppDelegate(services, configuration: .init(logger: logs.logger()))
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        return (uiKit, delegate)
    }

    // MARK: - Witnesses and claims

    @Test("Each notification method is the witness of its UNUserNotificationCenterDelegate requirement")
    func methodsAreTheWitnesses() async throws {
        let recorder = NotificationRecorder()
        recorder.presentation = [.banner, .sound]
        let (uiKit, delegate) = launched([recorder])
        let center = uiKit.userNotificationCenter
        let asUIKitSeesIt: any UNUserNotificationCenterDelegate = delegate
        let presentations = SendableCompletions<UNNotificationPresentationOptions>()
        let responses = SendableCompletions<Void>()

        asUIKitSeesIt.userNotificationCenter(
            center,
            willPresent: Self.notification(),
            withCompletionHandler: presentations.handler
        )
        let response = UNNotificationResponse(
            notification: Self.notification(),
            actionIdentifier: UNNotificationDefaultActionIdentifier
        )
        asUIKitSeesIt.userNotificationCenter(center, didReceive: response) { responses.handler(()) }
        asUIKitSeesIt.userNotificationCenter(center, openSettingsFor: Self.notification())
        await delegate.composite.waitForPendingWork()

        #expect(presentations.values == [[.banner, .sound]])
        #expect(responses.values.count == 1)
        #expect(recorder.presented == [Self.converted])
        #expect(recorder.responses == [NotificationResponse(notification: Self.converted, action: .open)])
        #expect(recorder.settingsRequests == [Self.converted])
    }

    @Test("The async spellings share the adapter's methods, as they share their selectors")
    func asyncSpellingsReachTheAdapter() async {
        let recorder = NotificationRecorder()
        recorder.presentation = [.list]
        let (_, delegate) = launched([recorder])

        let options = await Self.askWithTheAsyncSpellings(delegate)

        #expect(options == .list)
        #expect(recorder.presented.map(\.identifier) == ["order-7"])
        #expect(recorder.responses.map(\.action) == [.dismiss])
    }

    /// Calls the `async` requirements, as Swift code outside the main actor would.
    nonisolated static func askWithTheAsyncSpellings(
        _ delegate: TestAppDelegate
    ) async -> UNNotificationPresentationOptions {
        let asSwiftSeesIt: any UNUserNotificationCenterDelegate = delegate
        let center = UNUserNotificationCenter()
        let options = await asSwiftSeesIt.userNotificationCenter(center, willPresent: notification())
        let response = UNNotificationResponse(
            notification: notification("order-8"),
            actionIdentifier: UNNotificationDismissActionIdentifier
        )
        await asSwiftSeesIt.userNotificationCenter(center, didReceive: response)
        return options
    }

    @Test(
        "With one service, the notification selectors are claimed exactly when it handles notifications",
        arguments: singleCapabilityServices
    )
    func claimsWithANotificationService(_ maker: ServiceMaker) {
        let service = maker.make()
        let delegate = TestAppDelegate([service])
        let table = UIKitReference.notificationCenterDelegateSelectors
        let claimed = Set(table.keys.filter { SimulatedUIKit.claims(delegate, $0) })
        #expect(claimed == UIKitReference.expectedClaims(table, for: [service]))
        #expect(claimed.isEmpty == !(service is any UserNotificationHandling))
    }

    /// Makes itself the notification center's delegate, as an SDK or a helper kept from the
    /// old app delegate does.
    final class NotificationsHelper: NSObject, UNUserNotificationCenterDelegate {}

    /// A service that hears notifications, and nothing else.
    final class Inbox: AppService, UserNotificationHandling {}

    /// One error, naming the helper that took the notification center's delegate.
    static func expectReplacedDelegateReported(_ reported: [String]) {
        #expect(reported.count == 1)
        #expect(
            reported.first?.hasPrefix(
                "UNUserNotificationCenter's delegate is NotificationsHelper now, not TestAppDelegate"
            ) == true
        )
    }

    @Test("Another object made the notification center's delegate is reported once, after launch and on activation")
    func reportsReplacedCenterDelegate() async {
        let logs = LogCapture()
        let delegate = TestAppDelegate([Inbox()], configuration: .init(logger: logs.logger()))
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        // The app's own launch code, after the adapter's.
        let helper = NotificationsHelper()
        uiKit.userNotificationCenter.delegate = helper
        // Checked once the launch has returned (a bound only a failing test reaches).
        for _ in 0..<10_000 where logs.messages(at: .error).isEmpty { await Task.yield() }
        let reported = logs.messages(at: .error)
        Self.expectReplacedDelegateReported(reported)
        #expect(reported.first?.contains("Inbox hear no notification") == true)

        uiKit.becomeActive()
        #expect(logs.messages(at: .error).count == 1, "once per object")
        let another = NotificationsHelper()
        uiKit.userNotificationCenter.delegate = another
        uiKit.resignActive()
        uiKit.becomeActive()
        #expect(logs.messages(at: .error).count == 2)
        uiKit.userNotificationCenter.delegate = delegate
        _ = (helper, another)
    }

    @Test("With scenes, another object made the notification center's delegate is reported on the next activation")
    func reportsReplacedCenterDelegateWithScenes() async {
        let logs = LogCapture()
        let delegate = TestAppDelegate([Inbox()], configuration: .init(logger: logs.logger()))
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch(inBackground: true)
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(scene)
        // The check after launch has run, and found the delegate in place.
        for _ in 0..<100 { await Task.yield() }
        #expect(logs.messages(at: .error).isEmpty)

        // Later, as the person turns notifications on, a helper takes the delegate. UIKit
        // calls no application-delegate state method with scenes: it posts the notification.
        let helper = NotificationsHelper()
        uiKit.userNotificationCenter.delegate = helper
        uiKit.sendToBackground(scene)
        uiKit.bringToForeground(scene)
        let reported = logs.messages(at: .error)
        Self.expectReplacedDelegateReported(reported)
        #expect(!uiKit.delivered.contains("applicationDidBecomeActive:"))
        uiKit.userNotificationCenter.delegate = delegate
        _ = helper
    }

    @Test("The notification selectors are among the forwarded selectors")
    func forwardsTheNotificationSelectors() {
        let forwarded = Set(ServiceOrientedAppDelegate.forwardedSelectors)
        #expect(forwarded.isSuperset(of: UIKitReference.notificationCenterDelegateSelectors.keys))
    }

    /// An app delegate that still presents notifications itself, with no service for them.
    final class PresentingAppDelegate: ServiceOrientedAppDelegate {
        nonisolated override func userNotificationCenter(
            _ center: UNUserNotificationCenter,
            willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
        ) {
            completionHandler(.banner)
        }
    }

    @Test("A notification method the app's subclass overrides is claimed without a service, and called")
    func claimsAnOverride() {
        ObjectiveCMethods.record([Self.willPresent], implementedBy: PresentingAppDelegate.self)
        let delegate = PresentingAppDelegate()
        #expect(SimulatedUIKit.claims(delegate, Self.willPresent))
        #expect(!SimulatedUIKit.claims(delegate, Self.didReceive))
        #expect(!SimulatedUIKit.claims(delegate, Self.openSettings))

        let answers = SendableCompletions<UNNotificationPresentationOptions>()
        (delegate as any UNUserNotificationCenterDelegate).userNotificationCenter(
            UNUserNotificationCenter(),
            willPresent: Self.notification(),
            withCompletionHandler: answers.handler
        )
        #expect(answers.values == [.banner])
    }

    // MARK: - Installing the delegate

    struct InstallCase: Sendable, CustomTestStringConvertible {
        let name: String
        let services: @MainActor @Sendable () -> [any AppService]
        let installs: Bool
        let expected: Bool

        var testDescription: String { name }
    }

    nonisolated static let installCases = [
        InstallCase(
            name: "a notification service",
            services: { [NotificationRecorder()] },
            installs: true,
            expected: true
        ),
        InstallCase(name: "no service", services: { [] }, installs: true, expected: false),
        InstallCase(
            name: "services for everything else",
            services: { [PushOnly(), URLsOnly()] },
            installs: true,
            expected: false
        ),
        InstallCase(name: "turned off", services: { [NotificationRecorder()] }, installs: false, expected: false),
    ]

    @Test(
        "The adapter becomes the center's delegate before willFinishLaunching returns, only with a notification service",
        arguments: installCases
    )
    func installsBeforeWillFinishLaunchingReturns(_ testCase: InstallCase) {
        let delegate = TestAppDelegate(testCase.services())
        delegate.installsNotificationCenterDelegate = testCase.installs
        let uiKit = SimulatedUIKit(delegate: delegate)

        uiKit.send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: nil)
        }

        #expect((uiKit.userNotificationCenter.delegate === delegate) == testCase.expected)
        if !testCase.expected { #expect(uiKit.userNotificationCenter.delegate == nil) }
        uiKit.send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: nil)
        }
        #expect((uiKit.userNotificationCenter.delegate === delegate) == testCase.expected)
    }

    @Test("Scene services that hear notification responses install the delegate, as they hear them on the composite")
    func installsForSceneServices() {
        let delegate = SceneInboxAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        #expect(uiKit.userNotificationCenter.delegate === delegate)
        let response = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
        let presentation = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
        #expect(SimulatedUIKit.claims(delegate, response))
        #expect(!SimulatedUIKit.claims(delegate, presentation))
    }

    @Test("When UIKit skips willFinishLaunching, didFinishLaunching installs the delegate before it returns")
    func installsInDidFinishLaunching() {
        let delegate = TestAppDelegate([NotificationRecorder()])
        let uiKit = SimulatedUIKit(delegate: delegate)

        uiKit.send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: nil)
        }

        #expect(uiKit.userNotificationCenter.delegate === delegate)
    }

    @Test("The delegate is installed in the notification center UNUserNotificationCenter.current() returns")
    func installsInTheCurrentCenter() {
        let delegate = TestAppDelegate([NotificationRecorder()])
        let uiKit = SimulatedUIKit(delegate: delegate)
        let elsewhere = SimulatedUIKit(delegate: TestAppDelegate([]))
        uiKit.launch()
        elsewhere.launch()

        let current = uiKit.withSimulatedFrameworks { UNUserNotificationCenter.current() }
        #expect(current === uiKit.userNotificationCenter)
        #expect(current.delegate === delegate)
        #expect(elsewhere.userNotificationCenter.delegate == nil)
    }

    // MARK: - What services receive

    struct ActionCase: Sendable, CustomTestStringConvertible {
        let actionIdentifier: String
        let userText: String?
        let expected: NotificationResponse.Action

        var testDescription: String { "\(actionIdentifier) \(userText ?? "")" }
    }

    nonisolated static let actionCases = [
        ActionCase(actionIdentifier: UNNotificationDefaultActionIdentifier, userText: nil, expected: .open),
        ActionCase(actionIdentifier: UNNotificationDismissActionIdentifier, userText: nil, expected: .dismiss),
        ActionCase(actionIdentifier: "ARCHIVE", userText: nil, expected: .custom(identifier: "ARCHIVE", text: nil)),
        ActionCase(
            actionIdentifier: "REPLY",
            userText: "On my way",
            expected: .custom(identifier: "REPLY", text: "On my way")
        ),
    ]

    @Test("A response reaches services with its notification, its action and its target scene", arguments: actionCases)
    func convertsResponses(_ testCase: ActionCase) async {
        let recorder = NotificationRecorder()
        let (uiKit, delegate) = launched([recorder])
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        let response =
            testCase.userText.map {
                UNTextInputNotificationResponse(
                    notification: Self.notification(),
                    actionIdentifier: testCase.actionIdentifier,
                    userText: $0
                )
            }
            ?? UNNotificationResponse(notification: Self.notification(), actionIdentifier: testCase.actionIdentifier)
        response.targetScene = scene
        let completions = SendableCompletions<Void>()

        uiKit.sendToNotificationCenterDelegate(Self.didReceive) { center, notificationCenter in
            center.userNotificationCenter(notificationCenter, didReceive: response) { completions.handler(()) }
        }
        await delegate.composite.waitForPendingWork()

        let sceneInfo = SceneInfo(scene)
        #expect(sceneInfo.identifier == "main")
        #expect(
            recorder.responses == [
                NotificationResponse(notification: Self.converted, action: testCase.expected, targetScene: sceneInfo)
            ]
        )
        #expect(recorder.responseContexts.first?.scene == sceneInfo)
        #expect(recorder.responseContexts.first?.uiKit.notificationResponse === response)
        #expect(recorder.responseContexts.first?.uiKit.userNotificationCenter === uiKit.userNotificationCenter)
        #expect(completions.values.count == 1)
    }

    @Test("The services' presentation options reach the center as their union, in UserNotifications' bits")
    func mergesPresentationOptions() async {
        let first = NotificationRecorder()
        first.presentation = [.banner]
        let second = OtherNotificationRecorder()
        second.presentation = [.sound, .badge]
        let (uiKit, delegate) = launched([first, second])
        let answers = SendableCompletions<UNNotificationPresentationOptions>()

        uiKit.sendToNotificationCenterDelegate(Self.willPresent) { center, notificationCenter in
            center.userNotificationCenter(
                notificationCenter,
                willPresent: Self.notification(),
                withCompletionHandler: answers.handler
            )
        }
        await delegate.composite.waitForPendingWork()

        #expect(answers.values == [[.banner, .sound, .badge]])
        #expect(answers.values.first?.rawValue == (1 << 4) | (1 << 1) | (1 << 0))
        #expect(first.presentationContexts.first?.uiKit.notification?.request.identifier == "order-7")
    }

    @Test(
        "User-info values that are not property-list values are dropped with one warning naming the notification and the keys"
    )
    func dropsMalformedUserInfo() async throws {
        let recorder = NotificationRecorder()
        let logs = LogCapture()
        let (uiKit, delegate) = launched([recorder], logs: logs)
        let userInfo: [AnyHashable: Any] = [
            "order": 7,
            "handler": NSObject(),
            "nested": ["kept": "yes", "closure": { () in }] as [String: Any],
            "list": [1, NSObject(), 3] as [Any],
            42: "a key that is not a string",
        ]
        let answers = SendableCompletions<UNNotificationPresentationOptions>()

        uiKit.sendToNotificationCenterDelegate(Self.willPresent) { center, notificationCenter in
            center.userNotificationCenter(
                notificationCenter,
                willPresent: Self.notification("malformed-1", userInfo: userInfo),
                withCompletionHandler: answers.handler
            )
        }
        await delegate.composite.waitForPendingWork()

        let received = try #require(recorder.presented.first)
        #expect(
            received.userInfo == [
                "order": .int(7), "nested": .dictionary(["kept": .string("yes")]), "list": .array([.int(1), .int(3)]),
            ]
        )
        let warnings = logs.messages(at: .warning).filter { $0.contains("malformed-1") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        for key in ["handler", "nested.closure", "list[1]", "42"] {
            #expect(warning.contains(key), "the warning names \(key)")
        }
        #expect(!warning.contains("order"))
        #expect(recorder.presentationContexts.first?.uiKit.userInfo?["handler"] is NSObject)
        #expect(answers.values.count == 1)
    }

    @Test("A well-formed notification logs no warning")
    func wellFormedUserInfoLogsNothing() async {
        let logs = LogCapture()
        let (uiKit, delegate) = launched([NotificationRecorder()], logs: logs)
        uiKit.sendToNotificationCenterDelegate(Self.willPresent) { center, notificationCenter in
            center.userNotificationCenter(notificationCenter, willPresent: Self.notification()) { _ in }
        }
        await delegate.composite.waitForPendingWork()
        #expect(logs.messages(at: .warning).isEmpty)
    }

    @Test("A delegate call from another thread is handled on the main actor and completed once")
    func callFromAnotherThread() async {
        let recorder = NotificationRecorder()
        recorder.presentation = [.banner]
        let (uiKit, delegate) = launched([recorder])
        // Handed to the other thread and used only there: the center and notification are
        // not Sendable, as in the SDK.
        nonisolated(unsafe) let center = uiKit.userNotificationCenter
        nonisolated(unsafe) let notification = Self.notification()
        let answers = SendableCompletions<UNNotificationPresentationOptions>()

        let options = await withCheckedContinuation {
            (continuation: CheckedContinuation<UNNotificationPresentationOptions, Never>) in
            DispatchQueue.global().async {
                delegate.userNotificationCenter(center, willPresent: notification) { options in
                    answers.handler(options)
                    continuation.resume(returning: options)
                }
            }
        }
        await delegate.composite.waitForPendingWork()

        #expect(options == .banner)
        #expect(answers.values.count == 1)
        #expect(recorder.presented.map(\.identifier) == ["order-7"])
    }

    // MARK: - A response that launched a scene

    /// A launched application with a recorder, and the response of a tap on its notification,
    /// for a scene to connect with.
    func launchedWithATap() -> (NotificationRecorder, SimulatedUIKit, TestAppDelegate, UNNotificationResponse) {
        let recorder = NotificationRecorder()
        let (uiKit, delegate) = launched([recorder])
        let response = UNNotificationResponse(
            notification: Self.notification(),
            actionIdentifier: UNNotificationDefaultActionIdentifier
        )
        return (recorder, uiKit, delegate, response)
    }

    @Test("A response a CarPlay scene connects with reaches services with its raw objects, as a window scene's does")
    func carPlayConnectionResponseCarriesItsObjects() async {
        let (recorder, uiKit, delegate, response) = launchedWithATap()
        _ = uiKit.connectCarPlayScene("car", options: UIScene.ConnectionOptions(notificationResponse: response)) {
            ServiceOrientedCarPlaySceneDelegate()
        }
        await delegate.composite.waitForPendingWork()
        #expect(recorder.responses.count == 1)
        #expect(recorder.responseContexts.first?.uiKit.notificationResponse === response)
        #expect(recorder.responseContexts.first?.uiKit.userInfo?["order"] as? Int == 7)
    }

    @Test("A tap delivered to the delegate comes with the application, and its target scene and window")
    func warmTapCarriesItsObjects() async {
        let (recorder, uiKit, delegate, response) = launchedWithATap()
        let scene = uiKit.connectScene("tapped") { ServiceOrientedSceneDelegate() }
        let window = UIWindow(windowScene: scene)
        (scene.delegate as? ServiceOrientedSceneDelegate)?.window = window
        uiKit.bringToForeground(scene)
        response.targetScene = scene
        uiKit.sendToNotificationCenterDelegate(Self.didReceive) { center, notificationCenter in
            center.userNotificationCenter(notificationCenter, didReceive: response) {}
        }
        await delegate.composite.waitForPendingWork()
        let context = recorder.responseContexts.first
        #expect(recorder.responses.count == 1)
        #expect(context?.uiKit.application === uiKit.application)
        #expect(context?.uiKit.windowScene === scene)
        #expect(context?.uiKit.window === window)
    }

    @Test("A response a scene connects with reaches services once; the delegate's delivery of it completes at once")
    func sceneConnectionResponseIsDeliveredOnce() async {
        let (recorder, uiKit, delegate, response) = launchedWithATap()
        let scene = uiKit.connectScene("tapped", options: UIScene.ConnectionOptions(notificationResponse: response)) {
            ServiceOrientedSceneDelegate()
        }
        response.targetScene = scene
        await delegate.composite.waitForPendingWork()
        #expect(recorder.responses.count == 1)
        #expect(recorder.responses.first?.targetScene?.identifier == "tapped")
        #expect(recorder.responseContexts.first?.uiKit.notificationResponse === response)

        let completions = SendableCompletions<Void>()
        uiKit.sendToNotificationCenterDelegate(Self.didReceive) { center, notificationCenter in
            center.userNotificationCenter(notificationCenter, didReceive: response) { completions.handler(()) }
        }
        #expect(completions.values.count == 1, "completed at once, as nothing is left to run")
        await delegate.composite.waitForPendingWork()

        #expect(recorder.responses.count == 1)
        #expect(completions.values.count == 1)
    }

    @Test("The simulated cold launch from a notification delivers it once and completes the delegate's handler once")
    func coldLaunchFromANotification() async {
        /// Notes the launch reason during didFinishLaunching.
        final class ReasonKeeper: AppService, LaunchHandling {
            var atLaunch: LaunchReason?
            func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
                atLaunch = context.launchReason
                return true
            }
        }
        let recorder = NotificationRecorder()
        let keeper = ReasonKeeper()
        let delegate = TestAppDelegate([recorder, keeper])
        let uiKit = SimulatedUIKit(delegate: delegate)
        let tap = NotificationResponse(
            notification: Self.converted,
            action: .custom(identifier: "REPLY", text: "Thanks")
        )

        let scene = await uiKit.launch(respondingTo: tap, connectingScene: "main")
        await delegate.composite.waitForPendingWork()

        #expect(recorder.responses.map(\.action) == [.custom(identifier: "REPLY", text: "Thanks")])
        #expect(recorder.responses.first?.targetScene == SceneInfo(scene))
        #expect(uiKit.notificationCompletions == [.response(notification: "order-7")])
        #expect(uiKit.delivered.contains(Self.didReceive))
        // Launched in the background state, as UIKit launches a scene-based application;
        // the scene's connection says why.
        #expect(keeper.atLaunch == .otherBackground)
        #expect(delegate.composite.launchReason == .notificationResponse)
        // A scene-based application, which the tap brought to the front.
        #expect(uiKit.infoPlist["UIApplicationSceneManifest"] != nil)
        #expect(scene.activationState == .foregroundActive)
        #expect(delegate.window == nil, "no window of the application's own")
    }
}

/// Each scene's inbox hears the notification responses that target its scene.
private final class SceneInbox: SceneService, UserNotificationHandling {
    init(scene: SceneInfo, context: AppContext) {}
}

private final class SceneInboxAppDelegate: ServiceOrientedAppDelegate {
    override func makeSceneServices() -> [any SceneService.Type] { [SceneInbox.self] }
}
#endif
