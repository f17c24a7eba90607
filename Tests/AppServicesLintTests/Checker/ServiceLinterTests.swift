import AppServicesLintCore
import Testing

/// The checker on a table of sources: near misses of each kind, correct members, and
/// look-alikes that must not warn. A line that must get a warning ends with `// warns`; every
/// other line must get none. Each case also names words its messages must contain.
struct ServiceLinterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        /// Text the case's messages must contain, all of them somewhere.
        let mentions: [String]

        init(_ name: String, mentions: [String] = [], _ source: String) {
            self.name = name
            self.mentions = mentions
            self.source = source
        }

        var testDescription: String { name }

        /// The lines marked `// warns`.
        var markedLines: [Int] {
            source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.hasSuffix("// warns") }.map { $0.offset + 1 }
        }
    }

    static let nearMisses: [Case] = [
        Case(
            "UIKit's app delegate method pasted into a service",
            mentions: [
                "'Analytics.applicationDidBecomeActive(_:)' is UIApplicationDelegate's method (it takes "
                    + "'UIApplication')",
                "write ApplicationStateHandling's requirement 'func applicationDidBecomeActive(_ context: AppContext)'",
            ],
            """
            final class Analytics: AppService, ApplicationStateHandling {
                func applicationWillResignActive(_ context: AppContext) {}
                func applicationDidBecomeActive(_ application: UIApplication) {}  // warns
            }
            """
        ),
        Case(
            "The async forms of delegate methods with completion handlers pasted into services",
            mentions: [
                "'Shortcuts.windowScene(_:performActionFor:)' is UIWindowSceneDelegate's method",
                "write ShortcutItemHandling's requirement 'func application(_ context: AppContext, performActionFor "
                    + "shortcutItem: ShortcutItem) async throws -> Bool'",
                "'Banners.userNotificationCenter(_:willPresent:)' is UNUserNotificationCenterDelegate's method",
                "write UserNotificationHandling's requirement 'func userNotificationCenter(_ context: AppContext, "
                    + "willPresent",
                "'Calls.pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:)' is PKPushRegistryDelegate's method",
                "write VoIPPushHandling's requirement 'func pushRegistry(_ context: AppContext, "
                    + "didReceiveIncomingPushWith payload: PushPayload) async throws -> VoIPCallReport'",
            ],
            """
            final class Shortcuts: AppService, ShortcutItemHandling {
                func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool { true }  // warns
            }
            final class Banners: AppService, UserNotificationHandling {
                func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions { .banner }  // warns
            }
            final class Calls: AppService, VoIPPushHandling {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata) async {}  // warns
            }
            """
        ),
        Case(
            "The iOS 26, 26.4 and 27 delegate methods pasted into services",
            mentions: [
                "'Layout.windowScene(_:didUpdateEffectiveGeometry:)' is UIWindowSceneDelegate's method",
                "write SceneHandling's requirement 'func windowScene(_ context: AppContext, didUpdate previous: "
                    + "WindowSceneGeometryChange)'",
                "'Layout.supportedInterfaceOrientations(for:)' is UIWindowSceneDelegate's method",
                "InterfaceOrientationHandling's requirement",
                "'Calls.pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)' is "
                    + "PKPushRegistryDelegate's method",
            ],
            """
            final class Layout: AppService, SceneHandling, InterfaceOrientationHandling {
                func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previous: UIWindowScene.Geometry) {}  // warns
                func supportedInterfaceOrientations(for windowScene: UIWindowScene) -> UIInterfaceOrientationMask { .all }  // warns
            }
            final class Calls: AppService, VoIPPushHandling {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata, withCompletionHandler completion: @escaping () -> Void) {}  // warns
            }
            """
        ),
        Case(
            "Another argument label",
            mentions: ["its argument labels are (context:), not (_:)", "ApplicationStateHandling's default"],
            """
            final class Analytics: AppService, ApplicationStateHandling {
                func applicationDidEnterBackground(context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "The callback without its context",
            mentions: ["its argument labels are (), not (_:)"],
            """
            final class Analytics: AppService, ApplicationStateHandling {
                func applicationDidEnterBackground() {}  // warns
            }
            """
        ),
        Case(
            "Callbacks without their context that take the requirement's other parameters",
            mentions: [
                "'Windows.scene(willConnectTo:options:)' does not satisfy SceneHandling's requirement 'func scene(_ "
                    + "context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions)': its "
                    + "context parameter '_ context: AppContext' is missing (its argument labels are "
                    + "(willConnectTo:options:), not (_:willConnectTo:options:))",
                "'Gates.gateDidOpen(gate:)' does not satisfy GateHandling's requirement",
                "AppServices uses GateHandling's default instead, never this member",
            ],
            """
            final class Windows: AppService, SceneHandling {
                func sceneDidBecomeActive(_ context: AppContext) {}
                func scene(willConnectTo session: SceneSession, options: SceneConnectionOptions) {}  // warns
            }
            final class Gates: AppService, GateHandling {
                func gateDidClose(_ context: AppContext, gate: String) {}
                func gateDidOpen(gate: String) {}  // warns
            }
            """
        ),
        Case(
            "Near misses in labels and context, with parameter types the lint cannot resolve",
            mentions: [
                "'Calls.pushRegistry(_:didRecieveIncomingPushWith:)' does not satisfy VoIPPushHandling's requirement "
                    + "'func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: PushPayload) async "
                    + "throws -> VoIPCallReport': its argument labels are (_:didRecieveIncomingPushWith:), not "
                    + "(_:didReceiveIncomingPushWith:)",
                "'Gates.gateDidOpen(gate:)'", "its context parameter '_ context: AppContext' is missing",
            ],
            """
            import SharedKit
            final class Calls: AppService, VoIPPushHandling {
                func pushRegistry(_ context: AppContext, didUpdate credentials: Credentials) {}
                func pushRegistry(_ context: AppContext, didRecieveIncomingPushWith payload: Payload) async throws -> VoIPCallReport {  // warns
                    .reported
                }
            }
            final class Gates: AppService, GateHandling {
                func gateDidClose(_ context: AppContext, gate: Gate) {}
                func gateDidOpen(gate: Gate) {}  // warns
            }
            """
        ),
        Case(
            "Parameter types the lint resolves: the target's own, and a framework's the callback took in UIKit",
            mentions: [
                "its parameter 'payload' has type 'Payload', not 'PushPayload'",
                "its parameter 'response' has type 'UNNotificationResponse', not 'NotificationResponse'",
            ],
            """
            struct Payload {}
            final class Calls: AppService, VoIPPushHandling {
                func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {}
                func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: Payload) async throws -> VoIPCallReport {  // warns
                    .reported
                }
            }
            final class Banners: AppService, UserNotificationHandling {
                func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {}
                func userNotificationCenter(_ context: AppContext, didReceive response: UNNotificationResponse) async throws {}  // warns
            }
            """
        ),
        Case(
            "A parameter of a type alias the service type declares, for another type",
            mentions: ["'Calls.pushRegistry(_:didReceiveIncomingPushWith:)'", "has type 'Payload', not 'PushPayload'"],
            """
            final class Calls: AppService, VoIPPushHandling {
                typealias Payload = [String: Any]
                func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {}
                func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: Payload) async throws -> VoIPCallReport {  // warns
                    .reported
                }
            }
            """
        ),
        Case(
            "A name one letter off",
            mentions: ["its name is one letter off 'applicationWillEnterForeground'"],
            """
            final class Analytics: AppService, ApplicationStateHandling {
                func applicationWillEnterForegound(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "'Did' and 'Will' swapped in a name",
            mentions: [
                "its name is 'sessionWillEnd' with 'Did' and 'Will' swapped", "SessionHandling",
                "its name is 'applicationProtectedDataWillBecomeUnavailable' with 'Did' and 'Will' swapped",
            ],
            """
            final class Accounts: AppService, SessionHandling {
                func sessionDidEnd(_ context: AppContext) {}  // warns
            }
            final class Vault: AppService, SystemEventHandling {
                func applicationProtectedDataDidBecomeUnavailable(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A name two letters off",
            mentions: ["its name is 2 letters off 'sceneDidEnterBackground'", "SceneHandling"],
            """
            final class Drafts: AppService, SceneHandling {
                func sceneDidBecomeActive(_ context: AppContext) {}
                func sceneDidEntrBackgrund(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "Another parameter type beside the right member",
            mentions: [
                "its parameter 'options' has type '[String: Any]', not 'OpenURLOptions'",
                "AppServices calls the type's other 'application(_:open:options:)'",
            ],
            """
            final class Links: AppService, URLOpenHandling {
                func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool { true }
                func application(_ context: AppContext, open url: URL, options: [String: Any]) -> Bool { true }  // warns
            }
            """
        ),
        Case(
            "A property with the requirement's name and an old type",
            mentions: [
                "it has type '[String]', not '[RequiredConfigurationKey]'",
                "Initializer's requirement 'var requiredConfigurationKeys: [RequiredConfigurationKey] { get }'",
            ],
            """
            struct CrashReporter: Initializer {
                var requiredConfigurationKeys: [String] { ["hockey.identifier"] }  // warns
                func perform(_ context: InitializerContext) async throws {}
            }
            """
        ),
        Case(
            "Dependencies inferred from a literal",
            mentions: ["it is inferred as '[Logging.Type]', not '[any AppService.Type]'"],
            """
            final class Logging: AppService {}
            final class Feed: AppService, ApplicationStateHandling {
                static let dependencies = [Logging.self]  // warns
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "Dependencies that are not static",
            mentions: ["it is not static", "'static var dependencies: [any AppService.Type] { get }'"],
            """
            final class Feed: AppService, ApplicationStateHandling {
                var dependencies: [any AppService.Type] { [] }  // warns
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "An async member for a synchronous requirement",
            mentions: ["it is 'async' and the requirement is not"],
            """
            final class Feed: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) async {}  // warns
            }
            """
        ),
        Case(
            "Another result type",
            mentions: ["it returns 'Bool', not 'TerminationReply'", "DesktopApplicationHandling"],
            """
            final class Quitting: AppService, DesktopApplicationHandling {
                func applicationDidHide(_ context: AppContext) {}
                func applicationShouldTerminate(_ context: AppContext) -> Bool { true }  // warns
            }
            """
        ),
        Case(
            "A shortened label on a shared base name",
            mentions: ["its argument labels are (_:didFinishLaunching:), not (_:didFinishLaunchingWithOptions:)"],
            """
            final class Boot: AppService, LaunchHandling {
                func application(_ context: AppContext, didFinishLaunching options: LaunchOptions) -> Bool {  // warns
                    true
                }
            }
            """
        ),
        Case(
            "A scene delegate method, with the capability member it should be",
            mentions: [
                "is UISceneDelegate's method (it takes 'UIScene')",
                "URLOpenHandling's requirement 'func application(_ context: AppContext, open url: URL, options: "
                    + "OpenURLOptions) -> Bool'",
                "add URLOpenHandling to 'Windows''s conformances",
            ],
            """
            final class Windows: AppService, SceneHandling {
                func sceneDidBecomeActive(_ context: AppContext) {}
                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}  // warns
            }
            """
        ),
        Case(
            "A notification-center delegate method",
            mentions: [
                "UNUserNotificationCenterDelegate's method",
                "'func userNotificationCenter(_ context: AppContext, willPresent notification: UserNotification) async "
                    + "-> NotificationPresentationOptions'",
            ],
            """
            final class Banners: AppService, UserNotificationHandling {
                func userNotificationCenter(  // warns
                    _ center: UNUserNotificationCenter,
                    willPresent notification: UNNotification,
                    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
                ) {}
            }
            """
        ),
        Case(
            "A PushKit delegate method",
            mentions: ["PKPushRegistryDelegate's method", "'func pushRegistry(_ context: AppContext, didUpdate"],
            """
            final class Calls: AppService, VoIPPushHandling {
                func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {}  // warns
            }
            """
        ),
        Case(
            "A CarPlay delegate method",
            mentions: ["CPTemplateApplicationSceneDelegate's method", "templateApplicationSceneDidSelectManeuver"],
            """
            final class Dashboard: AppService, CarPlayHandling {
                func templateApplicationScene(_ scene: CPTemplateApplicationScene, didSelect maneuver: CPManeuver) {}  // warns
            }
            """
        ),
        Case(
            "A delegate method no capability receives",
            mentions: ["and no capability receives that callback"],
            """
            final class OldLinks: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func application(_ application: UIApplication, handleOpen url: URL) -> Bool { true }  // warns
            }
            """
        ),
        Case(
            "A misspelt app delegate method, with the capability member it should be",
            mentions: [
                "'Analytics.applicationDidBecomActive(_:)' is UIApplicationDelegate's method 'applicationDidBecomeActive' "
                    + "misspelt (it takes 'UIApplication')",
                "write ApplicationStateHandling's requirement 'func applicationDidBecomeActive(_ context: AppContext)'",
                "'Windows.Scene(_:openURLContexts:)' is UISceneDelegate's method 'scene' misspelt",
                "URLOpenHandling's requirement",
            ],
            """
            final class Analytics: AppService, ApplicationStateHandling {
                func applicationWillTerminate(_ context: AppContext) {}
                func applicationDidBecomActive(_ application: UIApplication) {}  // warns
            }
            final class Windows: AppService, SceneHandling {
                func sceneDidBecomeActive(_ context: AppContext) {}
                func Scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}  // warns
            }
            """
        ),
        Case(
            "An AppKit delegate method",
            mentions: ["NSApplicationDelegate's method (it takes 'Notification')", "DesktopApplicationHandling"],
            """
            final class Hiding: AppService, DesktopApplicationHandling {
                func applicationWillHide(_ context: AppContext) {}
                func applicationDidHide(_ notification: Notification) {}  // warns
            }
            """
        ),
        Case(
            "A near miss in an extension of a type nested two levels deep",
            mentions: ["'Features.Checkout.Analytics.applicationDidBecomActive(_:)'", "ApplicationStateHandling"],
            """
            enum Features {
                enum Checkout {
                    final class Analytics: AppService, ApplicationStateHandling {}
                }
            }
            extension Features.Checkout.Analytics {
                func applicationDidBecomActive(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "Dependencies given as the existential's own metatype",
            mentions: ["'Feed.dependencies'", "AppService"],
            """
            final class Logging: AppService {}
            final class Feed: AppService, ApplicationStateHandling {
                static let dependencies: [(any AppService).Type] = []  // warns
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "The callback's name and labels with another type where it takes its context",
            mentions: ["has type 'SceneInfo', not 'AppContext'"],
            """
            final class Drafts: AppService, SceneHandling {
                func sceneDidBecomeActive(_ scene: SceneInfo) {}  // warns
            }
            """
        ),
        Case(
            "A near miss through a protocol of the target",
            mentions: ["'Tracker.applicationWillResignActiv(_:)'", "ApplicationStateHandling"],
            """
            protocol Tracking: ApplicationStateHandling {}
            final class Tracker: AppService, Tracking {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func applicationWillResignActiv(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A near miss through a protocol of the target that asks Self to adopt a capability",
            mentions: ["'Tracker.applicationWillResignActiv(_:)'", "ApplicationStateHandling"],
            """
            protocol Tracking where Self: AnyObject & ApplicationStateHandling {}
            final class Tracker: AppService, Tracking {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func applicationWillResignActiv(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A near miss in a subclass, and a base class that implements nothing",
            mentions: ["'BaseService' adopts SceneHandling but implements none", "UISceneDelegate's method"],
            """
            class BaseService: AppService, SceneHandling {}  // warns
            final class Editor: BaseService {
                func sceneDidBecomeActive(_ scene: UIScene) {}  // warns
            }
            """
        ),
        Case(
            "A capability adopted for nothing, through a protocol",
            mentions: [
                "'Idle' adopts SystemEventHandling (through Housekeeping) but implements none of its requirements"
            ],
            """
            protocol Housekeeping: SystemEventHandling {}
            final class Idle: AppService, Housekeeping {}  // warns
            """
        ),
        Case(
            "A capability's member in a service that does not adopt it",
            mentions: ["'Links' does not adopt URLOpenHandling", "add URLOpenHandling to its conformances"],
            """
            final class Links: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool { true }  // warns
            }
            """
        ),
        Case(
            "A capability's member in a service that also adopts a framework's delegate protocol",
            mentions: ["'Location' does not adopt ApplicationStateHandling"],
            """
            final class Location: NSObject, AppService, CLLocationManagerDelegate, UNUserNotificationCenterDelegate {
                func applicationDidEnterBackground(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A capability's member in a service that is a delegate of a framework the lint does not list",
            mentions: [
                "'Playback' does not adopt ApplicationStateHandling", "'Feed' does not adopt SystemEventHandling",
            ],
            """
            final class Playback: NSObject, AppService, AVAudioPlayerDelegate {
                func applicationDidEnterBackground(_ context: AppContext) {}  // warns
            }
            final class Feed: NSObject, AppService, XMLParserDelegate {
                func applicationDidReceiveMemoryWarning(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "Seconds where the requirement is a Duration: TimeInterval is Foundation's alias of Double",
            mentions: ["'FeedPrefetch.budget'", "'FeedPrefetch.minimumInterval'", "not 'Duration?'"],
            """
            struct FeedPrefetch: Initializer {
                var budget: TimeInterval? { 2 }  // warns
                var minimumInterval: TimeInterval? = 6 * 3600  // warns
                func perform(_ context: InitializerContext) async throws {}
            }
            """
        ),
        Case(
            "A label with a word dropped, added or changed on a shared base name",
            mentions: [
                "didRegisterForRemoteNotificationsWithDeviceToken", "didInvalidatePushTokenFor",
                "configurationForConnecting", "shouldSaveSecureApplicationState",
            ],
            """
            final class Tokens: AppService, RemoteNotificationRegistrationHandling {
                func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
                func application(_ context: AppContext, didRegisterForRemoteNotificationsWithToken deviceToken: Data) {}  // warns
            }
            final class Calls: AppService, VoIPPushHandling {
                func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {}
                func pushRegistry(_ context: AppContext, didInvalidateTokenFor type: PushType) {}  // warns
            }
            final class Sessions: AppService, SceneSessionHandling {
                func application(_ context: AppContext, didDiscardSceneSessions sessions: Set<SceneSession>) {}
                func application(_ context: AppContext, configurationForSession session: SceneSession, options: SceneConnectionOptions) -> SceneConfiguration? { nil }  // warns
            }
            final class Restore: AppService, StateRestorationHandling {
                func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder) {}
                func application(_ context: AppContext, shouldSaveApplicationState coder: NSCoder) -> Bool { true }  // warns
            }
            """
        ),
        Case(
            "An AppKit callback's name beside an adopted requirement with Did and Will swapped names both",
            mentions: [
                "add DesktopApplicationHandling to its conformances, or, if it is meant for ApplicationStateHandling",
                "'func applicationDidBecomeActive(_ context: AppContext)'",
            ],
            """
            final class Feed: AppService, ApplicationStateHandling {
                func applicationDidEnterBackground(_ context: AppContext) {}
                func applicationWillBecomeActive(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A gate's closing delay that is not optional, and a milestone's scope as a string",
            mentions: ["'AppLock.closesAfterBackground'", "not 'Duration?'", "'InboxLoaded.scope'"],
            """
            enum AppLock: AppGate {
                static let openedBy: any AppService.Type = LockService.self
                static let isInitiallyOpen = false
                static let closesAfterBackground: Duration = .seconds(60)  // warns
            }
            enum InboxLoaded: AppMilestone {
                static var reachedBy: any AppService.Type { Inbox.self }
                static let scope = "session"  // warns
            }
            """
        ),
        Case(
            "A misspelt base name that several requirements share names the one with the member's labels",
            mentions: [
                "'func application(_ context: AppContext, didFinishLaunchingWithOptions",
                "'func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse)",
            ],
            """
            final class Boot: AppService, LaunchHandling {
                func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool { true }
                func applicaton(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool { true }  // warns
            }
            final class Banners: AppService, UserNotificationHandling {
                func userNotificationCentre(_ context: AppContext, didReceive response: NotificationResponse) async throws {}  // warns
            }
            """
        ),
        Case(
            "A type the target declares with a library type's name hides the library's",
            mentions: [
                "'Analytics.applicationDidBecomeActive(_:)'",
                "this target declares its own 'AppContext', which hides AppServices' within it",
                "'Calls.pushRegistry(_:didReceiveIncomingPushWith:)'",
                "this target declares its own 'PushPayload'",
            ],
            """
            struct AppContext { let api: String }
            final class Analytics: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}  // warns
                func applicationWillResignActive(_ context: AppServices.AppContext) {}
            }
            final class Calls: AppService, VoIPPushHandling {
                struct PushPayload: Decodable { let caller: String }
                func pushRegistry(_ context: AppServices.AppContext, didReceiveIncomingPushWith payload: PushPayload) async throws -> VoIPCallReport { .reportedCall }  // warns
            }
            """
        ),
        Case(
            "A near miss in an extension that adds the conformance",
            mentions: ["'Tracker.applicationDidBecomActive(_:)'"],
            """
            final class Tracker: AppService {}
            extension Tracker: ApplicationStateHandling {
                func applicationDidBecomActive(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A method where the requirement is a property",
            mentions: ["it is a method and the requirement is a property", "UserActivityHandling"],
            """
            final class Handoff: AppService, UserActivityHandling {
                func userActivityTypes() -> Set<String> { ["com.shop.order"] }  // warns
            }
            """
        ),
        Case(
            "A property annotated with another generic type, its arguments left to inference",
            mentions: ["'Handoff.userActivityTypes'", "it has type 'Array', not 'Set<String>'"],
            """
            final class Handoff: AppService, UserActivityHandling {
                var userActivityTypes: Array = ["com.shop.order"]  // warns
            }
            """
        ),
        Case(
            "A property name in another letter case",
            mentions: ["its name differs from 'voIPPushTypes' in letter case"],
            """
            final class Calls: AppService, VoIPPushHandling {
                var voipPushTypes: Set<PushType> { [.voIP] }  // warns
            }
            """
        ),
        Case(
            "A synchronous initializer's phase of another type",
            mentions: ["it has type 'String', not 'LaunchPhase'", "Initializer's requirement 'var phase: LaunchPhase"],
            """
            struct Appearance: SynchronousInitializer {
                var phase: String { "early" }  // warns
                func performSynchronously(_ context: InitializerContext) throws {}
            }
            """
        ),
        Case(
            "A subclass's members for requirements its base class leaves to the defaults",
            mentions: [
                "'Checkout.applicationDidBecomeActive(_:)' matches ApplicationStateHandling's requirement "
                    + "'func applicationDidBecomeActive(_ context: AppContext)', but its superclass 'BaseService' "
                    + "adopts ApplicationStateHandling without implementing it",
                "implement it in 'BaseService', and override it here",
                "implement it in 'BaseService' as a 'class' member (a 'static' one cannot be overridden)",
            ],
            """
            final class Logging: AppService {}
            class BaseService: AppService, ApplicationStateHandling {
                func applicationWillTerminate(_ context: AppContext) {}
            }
            final class Checkout: BaseService {
                static var dependencies: [any AppService.Type] { [Logging.self] }  // warns
                func applicationDidBecomeActive(_ context: AppContext) {}  // warns
                override func applicationWillTerminate(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "A generic service's member in a constrained extension, where the conformance is not constrained",
            mentions: [
                "'Cache.applicationWillEnterForeground(_:)' matches ApplicationStateHandling's requirement "
                    + "'func applicationWillEnterForeground(_ context: AppContext)', but it is declared in "
                    + "'extension Cache where Storage == Disk', and 'Cache' adopts ApplicationStateHandling "
                    + "without that constraint",
                "make the conformance conditional ('extension Cache: ApplicationStateHandling where Storage == Disk')",
                "'Store.applicationWillTerminate(_:)'",
                "declared in 'extension Pool<Disk>'",
                "make the conformance conditional ('extension Pool<Disk>: ApplicationStateHandling')",
                "'Bin.applicationWillTerminate(_:)'",
            ],
            """
            struct Disk {}
            final class Cache<Storage>: AppService, ApplicationStateHandling {
                func applicationDidEnterBackground(_ context: AppContext) {}
            }
            extension Cache where Storage == Disk {
                func applicationWillEnterForeground(_ context: AppContext) {}  // warns
            }
            final class Store<Item>: AppService {}
            extension Store: ApplicationStateHandling {}
            extension Store where Item: Codable {
                func applicationWillTerminate(_ context: AppContext) {}  // warns
            }
            final class Pool<Storage>: AppService, ApplicationStateHandling {}
            extension Pool<Disk> {
                func applicationDidBecomeActive(_ context: AppContext) {}  // warns
            }
            final class Bin<Item: Codable>: AppService, ApplicationStateHandling {}
            extension Bin where Item: Codable & Hashable {
                func applicationWillTerminate(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A generic subclass's member in a constrained extension, where its superclass adopts the capability",
            mentions: [
                "'Sub.applicationWillEnterForeground(_:)' matches ApplicationStateHandling's requirement",
                "but its superclass 'Base' adopts ApplicationStateHandling without implementing it",
            ],
            """
            struct Disk {}
            class Base: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            final class Sub<Storage>: Base {}
            extension Sub where Storage == Disk {
                func applicationWillEnterForeground(_ context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A property inferred from a static member, where the requirement is optional",
            mentions: ["it is inferred as 'Duration', not 'Duration?'", "Initializer's requirement 'var budget"],
            """
            struct Warmup: Initializer {
                var budget = Duration.seconds(1)  // warns
                func perform(_ context: InitializerContext) async throws {}
            }
            """
        ),
        Case(
            "A near miss of a capability declared in AppServicesUIKit",
            mentions: [
                "MenuBuilding's requirement 'func validate(_ command: UICommand, context: AppContext) -> Bool'",
                "it returns nothing, not 'Bool'",
            ],
            """
            final class Menus: AppService, MenuBuilding {
                func buildMenu(with builder: any UIMenuBuilder, context: AppContext) {}
                func validate(_ command: UICommand, context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A requirement that takes its context second, written with another first parameter type",
            mentions: ["its parameter 'command' has type 'UIKeyCommand', not 'UICommand'", "MenuBuilding"],
            """
            final class Export: AppService, MenuBuilding {
                func buildMenu(with builder: any UIMenuBuilder, context: AppContext) {}
                func validate(_ command: UIKeyCommand, context: AppContext) -> Bool { true }  // warns
            }
            """
        ),
        Case(
            "A callback of a shared base name written with its context last",
            mentions: [
                "'Links.application(continue:context:)' does not satisfy UserActivityHandling's requirement",
                "it takes its context last, and the requirement takes '_ context: AppContext' first",
                "'Links.scene(restoreInteractionStateWith:context:)' does not satisfy",
            ],
            """
            final class Links: AppService, UserActivityHandling, SceneHandling {
                func application(continue userActivity: UserActivity, context: AppContext) -> UserActivityContinuation {  // warns
                    .notHandled
                }
                func scene(restoreInteractionStateWith activity: UserActivity, context: AppContext) {}  // warns
            }
            """
        ),
        Case(
            "A callback with its context moved to the middle",
            mentions: ["it takes its context as parameter 2, and the requirement takes '_ context: AppContext' first"],
            """
            final class Handoff: AppService, UserActivityHandling {
                func application(  // warns
                    didFailToContinueUserActivityWithType userActivityType: String,
                    context: AppContext,
                    error: any Error
                ) {}
            }
            """
        ),
        Case(
            "An app delegate method in a service that is another framework's delegate",
            mentions: ["'Tracker.applicationDidBecomeActive(_:)' is UIApplicationDelegate's method"],
            """
            final class Tracker: NSObject, AppService, ApplicationStateHandling, CLLocationManagerDelegate {
                func applicationWillTerminate(_ context: AppContext) {}
                func applicationDidBecomeActive(_ application: UIApplication) {}  // warns
                func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
            }
            """
        ),
        Case(
            "A subscription that takes its events without inout",
            mentions: ["its parameter 'events' has type 'EventSubscriptions', not 'inout EventSubscriptions'"],
            """
            final class Push: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func subscribe(to events: EventSubscriptions) {}  // warns
            }
            """
        ),
        Case(
            "A near miss through a type alias of capabilities",
            mentions: ["'Feed.applicationDidBecomActive(_:)'", "ApplicationStateHandling's requirement"],
            """
            typealias Lifecycle = ApplicationStateHandling & SystemEventHandling
            final class Feed: AppService, Lifecycle {
                func applicationDidBecomActive(_ context: AppContext) {}  // warns
                func applicationDidReceiveMemoryWarning(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "A near miss in the target's extension of a capability, and a type its constrained extension misses",
            mentions: [
                "'ApplicationStateHandling.applicationWillEnterForegound(_:)' does not satisfy",
                "'Idle' adopts SystemEventHandling but implements none",
            ],
            """
            protocol Refreshing { func refresh() }
            extension ApplicationStateHandling {
                func applicationWillEnterForegound(_ context: AppContext) {}  // warns
            }
            extension SystemEventHandling where Self: Refreshing {
                func applicationDidReceiveMemoryWarning(_ context: AppContext) { refresh() }
            }
            final class Idle: AppService, ApplicationStateHandling, SystemEventHandling {  // warns
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            """
        ),
    ]

    static let silent: [Case] = [
        Case(
            "A library alias whose type's name the target also declares means the library's type",
            """
            enum ConfigKey { case none }
            struct ReadsSettings: Initializer {
                var requiredConfigurationKeys: [RequiredConfigurationKey] { [] }
                func perform(_ context: InitializerContext) async throws {}
            }
            """
        ),
        Case(
            "A method whose name is one letter from a requirement's, taking something else",
            """
            final class Push: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func subscriber(for topic: String) -> Int { 0 }
            }
            """
        ),
        Case(
            "A capability's member in a service whose protocol of another module may adopt it",
            """
            import SharedKit
            final class Location: AppService, SharedLifecycle {
                func applicationDidEnterBackground(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "A keyword label written with backticks",
            """
            final class Handoff: AppService, UserActivityHandling {
                func application(_ context: AppContext, `continue` userActivity: UserActivity) -> UserActivityContinuation {
                    .handled
                }
            }
            """
        ),
        Case(
            "Correct members, however their types are spelt",
            """
            typealias Context = AppContext
            final class Logging: AppService {}
            final class Feed: AppService, ApplicationStateHandling, SceneHandling, BackgroundFetchHandling,
                RemoteNotificationRegistrationHandling
            {
                static let dependencies: [AppService.Type] = [Logging.self]
                func applicationDidBecomeActive(_ ctx: Context) {}
                func applicationWillTerminate(_ context: AppServices.AppContext) {}
                func stateRestorationActivity(for context: AppContext) -> Optional<UserActivity> { nil }
                func application(
                    _ context: AppContext,
                    didFailToRegisterForRemoteNotificationsWithError error: Error
                ) {}
                func applicationPerformFetch(_ context: AppContext) -> BackgroundFetchResult { .noData }
            }
            struct CrashReporter: Initializer {
                let name = "crash-reporter"
                var requiredConfigurationKeys: [ConfigKey] { ["crashReporter.dsn"] }
                var budget: Swift.Duration? { .milliseconds(300) }
                var rerunsOnForeground: Bool = false
                func perform(_ context: InitializerContext) async throws {}
            }
            struct InstallRootView: StartupCommand {
                @MainActor func execute(_ context: InitializerContext) {}
            }
            """
        ),
        Case(
            "Types that adopt none of the protocols",
            """
            final class LegacyAppDelegate: UIResponder {
                func applicationDidBecomeActive(_ application: UIApplication) {}
                func applicationDidEnterBackground(context: AppContext) {}
            }
            struct Settings { var requiredConfigurationKeys: [String] = [] }
            """
        ),
        Case(
            "Look-alikes that are the service's own",
            """
            final class EditorSession: SceneService, SceneHandling {
                let scene: SceneInfo
                var scenes: [SceneInfo] = []
                let dependencies: AppDependencies
                init(scene: SceneInfo, context: AppContext) {
                    self.scene = scene
                    dependencies = AppDependencies()
                }
                func sceneDidEnterBackground(_ context: AppContext) { save() }
                func sceneDidEnterBackground() {}
                func register(on application: UIApplication) {}
                func application(named: String) -> String { named }
                func applicationDidBecomeActiveHandler() {}
                func save() {}
            }
            struct Warmup: Initializer {
                var phases = 2
                var name = Names.warmup
                var phase = LaunchPhase.idle
                var minimumInterval = Duration.seconds(1) as Duration?
                func performCleanup() {}
                func perform(_ context: InitializerContext) async throws {}
            }
            """
        ),
        Case(
            "A property annotated with the requirement's generic type, its arguments left to inference",
            """
            final class Handoff: AppService, UserActivityHandling {
                var userActivityTypes: Set = ["com.shop.order"]
            }
            final class Calls: AppService, VoIPPushHandling {
                var voIPPushTypes: Swift.Set = [.voIP]
            }
            struct Warmup: Initializer {
                var requiredConfigurationKeys: Array = [ConfigKey("warmup.enabled")]
                var budget: Optional = Duration.seconds(1)
                func perform(_ context: InitializerContext) async throws {}
            }
            """
        ),
        Case(
            "A near miss of a requirement without a default is left to the compiler",
            """
            final class Links: AppService, URLOpenHandling {
                func application(_ context: AppContext, open url: URL, options: [String: Any]) -> Bool { true }
            }
            """
        ),
        Case(
            "Delegate methods of a service that is the delegate itself, or exposes them to Objective-C",
            """
            final class Banners: NSObject, AppService, UserNotificationHandling, UNUserNotificationCenterDelegate {
                func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {}
                func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
            }
            final class Observer: AppService, ApplicationStateHandling {
                func applicationWillTerminate(_ context: AppContext) {}
                @objc func applicationDidBecomeActive(_ notification: Notification) {}
            }
            """
        ),
        Case(
            "Helpers named like delegate methods that take a framework's owner type",
            """
            final class Windows: AppService, SceneHandling {
                func sceneDidBecomeActive(_ context: AppContext) {}
                func sceneTitle(for scene: UIScene) -> String { "" }
                func scenes(of application: UIApplication) -> Set<UIScene> { [] }
                func applicationState(of application: UIApplication) -> String { "" }
                func windowSceneSize(_ scene: UIWindowScene) -> Int { 0 }
                func pushRegistryToken(_ registry: PKPushRegistry) -> String? { nil }
                func providerName(_ provider: CXProvider) -> String { "" }
            }
            """
        ),
        Case(
            "A mediator listener's members beside a capability's",
            """
            final class Both: AppService, ApplicationStateHandling, LifecycleListener {
                func applicationDidBecomeActive() {}
                func applicationWillResignActive(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "Overrides, and a superclass from another module",
            """
            class Base: AppService, ApplicationStateHandling {
                class var dependencies: [any AppService.Type] { [] }
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            final class Derived: Base {
                override class var dependencies: [any AppService.Type] { [Base.self] }
                override func applicationDidBecomeActive(_ context: AppContext) {}
            }
            final class External: VendorService, SystemEventHandling {}
            """
        ),
        Case(
            "Methods named like a requirement that take none of its parameters' types",
            """
            final class Push: AppService, ApplicationStateHandling {
                func applicationDidBecomeActive(_ context: AppContext) {}
                func subscribe(to topic: String) {}
            }
            final class Windows: AppService, SceneHandling {
                func sceneDidBecomeActive(_ context: AppContext) {}
                func windowScene(for session: SceneSession) -> UIWindowScene? { nil }
            }
            """
        ),
        Case(
            "A method of a shared base name that takes a callback's other parameter types, with other labels",
            """
            final class Handoff: AppService, UserActivityHandling {
                func application(_ context: AppContext, didUpdate userActivity: UserActivity) {}
                func application(named: String) -> Bool { true }
            }
            """
        ),
        Case(
            "A protocol of the target named like a capability",
            """
            protocol SessionHandling: AnyObject {
                func sessionDidBegin(_ user: User)
            }
            final class Tracker: AppService, SessionHandling {
                func sessionDidBegin(_ user: User) {}
            }
            """
        ),
        Case(
            "A type alias declared in a type names a type only there",
            """
            struct APIError: Error {}
            enum API { typealias Error = APIError }
            final class Push: AppService, RemoteNotificationRegistrationHandling {
                func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
            }
            """
        ),
        Case(
            "A capability's member in a service that adopts it through a protocol's where clause",
            """
            protocol Tracking where Self: ApplicationStateHandling {}
            final class Feed: AppService, Tracking {
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "Members whose types are type aliases declared in the service type, its extension or its enclosing type",
            """
            final class Calls: AppService, VoIPPushHandling {
                typealias Payload = PushPayload
                func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: Payload) async throws -> VoIPCallReport {
                    .reported
                }
                func pushRegistry(_ context: AppContext, didUpdate credentials: Credentials) {}
            }
            extension Calls {
                typealias Credentials = PushCredentials
            }
            enum Push {
                typealias Report = VoIPCallReport
                typealias Context = AppContext
                final class Tokens: AppService, VoIPPushHandling {
                    func pushRegistry(_ context: Context, didReceiveIncomingPushWith payload: PushPayload) async throws -> Report {
                        .reported
                    }
                }
            }
            """
        ),
        Case(
            "Members whose types are names the lint cannot resolve, such as another module's type aliases",
            """
            import SharedKit
            final class Handoff: AppService, UserActivityHandling {
                func application(_ context: AppContext, didUpdate userActivity: Activity) {}
                func application(_ context: AppContext, willContinueUserActivityWithType type: ActivityType) -> Bool { true }
            }
            final class Banners: AppService, UserNotificationHandling {
                func userNotificationCenter(_ context: AppContext, openSettingsFor notification: Note?) {}
            }
            final class Calls: AppService, VoIPPushHandling {
                var voIPPushTypes: PushTypes { [.voIP] }
            }
            """
        ),
        Case(
            "A generic service's members in the constrained extension that adopts the capability, or one like it",
            """
            struct Disk {}
            final class Cache<Storage>: AppService {}
            extension Cache: ApplicationStateHandling where Storage == Disk {
                func applicationWillEnterForeground(_ context: AppContext) {}
            }
            extension Cache where Storage == Disk {
                func applicationWillTerminate(_ context: AppContext) {}
            }
            final class Store<Item>: AppService, ApplicationStateHandling {
                func applicationWillTerminate(_ context: AppContext) {}
            }
            extension Store where Item: Codable {
                func applicationWillTerminate(_ context: AppContext) {}
            }
            final class Pool<Storage>: AppService {}
            extension Pool<Disk>: ApplicationStateHandling {}
            extension Pool<Disk> {
                func applicationDidBecomeActive(_ context: AppContext) {}
            }
            final class Shelf<Storage: Codable & Sendable>: AppService, ApplicationStateHandling {}
            extension Shelf where Storage: Sendable {
                func applicationDidEnterBackground(_ context: AppContext) {}
            }
            final class Crate<Item>: AppService, ApplicationStateHandling where Item: Decodable {}
            extension Crate where Item: Decodable {
                func applicationDidEnterBackground(_ context: AppContext) {}
            }
            """
        ),
        Case(
            "A capability's member implemented in the target's constrained extension of the capability",
            """
            protocol Refreshing { func refresh() }
            extension ApplicationStateHandling where Self: Refreshing {
                func applicationWillEnterForeground(_ context: AppContext) { refresh() }
            }
            final class Feed: AppService, ApplicationStateHandling, Refreshing {
                func refresh() {}
            }
            """
        ),
    ]

    func lint(_ source: String) -> [LintDiagnostic] {
        ServiceLinter().lint([SourceFile(path: "Service.swift", text: source)])
    }

    @Test("A near miss warns at its line, naming the member, the requirement and the capability", arguments: nearMisses)
    func nearMiss(_ example: Case) {
        let diagnostics = lint(example.source)
        #expect(diagnostics.map(\.location.line) == example.markedLines, "\(diagnostics)")
        let messages = diagnostics.map(\.message).joined(separator: "\n")
        for text in example.mentions {
            #expect(messages.contains(text), "missing \"\(text)\" in:\n\(messages)")
        }
        for diagnostic in diagnostics {
            #expect(diagnostic.location.file == "Service.swift")
            #expect(diagnostic.rendered().hasPrefix("Service.swift:\(diagnostic.location.line):"))
        }
    }

    @Test("A private type hides the library's type of its name in its own file only")
    func privateTypeHidesNothingElsewhere() {
        let diagnostics = ServiceLinter().lint([
            SourceFile(path: "PushJSON.swift", text: "private struct PushPayload: Decodable { let caller: String }"),
            SourceFile(
                path: "Calls.swift",
                text: """
                    final class Calls: AppService, VoIPPushHandling {
                        func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: PushPayload) async throws -> VoIPCallReport { .reportedCall }
                    }
                    """
            ),
        ])
        #expect(diagnostics == [])
    }

    @Test("A nested type's short name hides another module's protocol or alias nowhere but in its own type")
    func nestedTypeHidesNothingElsewhere() {
        let nested = SourceFile(
            path: "Settings.swift",
            text: """
                enum Settings {
                    enum Refreshing { case manual, automatic }
                }
                enum Analytics { struct Payload: Encodable { var name: String } }
                """
        )
        // `Refreshing` is another module's protocol refining ApplicationStateHandling, and
        // `Payload` its alias of PushPayload: both members are witnesses.
        let services = SourceFile(
            path: "Services.swift",
            text: """
                final class Feed: AppService, Refreshing {
                    func applicationDidBecomeActive(_ context: AppContext) {}
                }
                final class Calls: AppService, VoIPPushHandling {
                    func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: Payload) async throws -> VoIPCallReport { .noCall }
                }
                """
        )
        #expect(ServiceLinter().lint([nested, services]) == [])

        // Inside `Settings`, `Refreshing` is its enum, which adopts nothing.
        let inside = SourceFile(
            path: "Feed.swift",
            text: """
                extension Settings {
                    final class Feed: AppService, Refreshing {
                        func applicationDidBecomeActive(_ context: AppContext) {}
                    }
                }
                """
        )
        let diagnostics = ServiceLinter().lint([nested, inside])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("does not adopt ApplicationStateHandling") == true)
    }

    @Test("Correct members, other types and chance similarities do not warn", arguments: silent)
    func noWarning(_ example: Case) {
        #expect(example.markedLines.isEmpty)
        #expect(lint(example.source) == [])
    }

    @Test("The table has at least 20 cases, and covers each kind of near miss")
    func tableSize() {
        #expect(Self.nearMisses.count + Self.silent.count >= 20)
        let all = Self.nearMisses.flatMap(\.mentions).joined(separator: "\n")
        for kind in [
            "argument labels", "letter off", "letters off", "has type", "inferred as", "not static", "'async'",
            "returns", "'s method", "implements none", "does not adopt", "letter case", "is a method",
        ] {
            #expect(all.contains(kind), "no case mentions \"\(kind)\"")
        }
    }

    @Test("A diagnostic renders as SwiftPM and Xcode read it, as an error with warnings as errors")
    func rendering() {
        let diagnostic = LintDiagnostic(location: SourceLocation(file: "/a/B.swift", line: 3, column: 10), message: "m")
        #expect(diagnostic.rendered() == "/a/B.swift:3:10: warning: m")
        #expect(diagnostic.rendered(asError: true) == "/a/B.swift:3:10: error: m")
    }

    @Test("The column is the member's name")
    func column() throws {
        let diagnostics = lint(
            """
            final class Analytics: AppService, ApplicationStateHandling {
                @MainActor
                func applicationDidEnterBackground(context: AppContext) {}
            }
            """
        )
        let only = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(only.location.line == 3)
        #expect(only.location.column == 10)
    }
}
