public import AppServices

#if canImport(UIKit)
public import UIKit
public import BackgroundTasks
public import CloudKit
public import Intents
public import UserNotifications
#if PushKit
public import PushKit
#endif
#else
public import AppServicesUIKitShim
#if PushKit
public import AppServicesPushKitShim
#endif
#endif

extension PlatformObjects.Key {
    /// The URL contexts of `scene(_:openURLContexts:)` (`Set<UIOpenURLContext>`).
    public static let urlContexts = PlatformObjects.Key(rawValue: "urlContexts")
    /// The coordinate space a window scene had before its geometry changed.
    public static let previousCoordinateSpace = PlatformObjects.Key(rawValue: "previousCoordinateSpace")
    /// The effective geometry a window scene had before it changed (iOS 26).
    public static let previousEffectiveGeometry = PlatformObjects.Key(rawValue: "previousEffectiveGeometry")
    /// The metadata of a VoIP push (iOS 26.4's `PKVoIPPushMetadata`).
    public static let voIPPushMetadata = PlatformObjects.Key(rawValue: "voIPPushMetadata")
    /// The notification center of a `UNUserNotificationCenterDelegate` callback.
    public static let userNotificationCenter = PlatformObjects.Key(rawValue: "userNotificationCenter")
    /// The `UNNotification` a notification callback concerns.
    public static let userNotification = PlatformObjects.Key(rawValue: "userNotification")
    /// The `UNNotificationResponse` of a notification response, delivered through the
    /// notification center's delegate or with a scene's connection options.
    public static let notificationResponse = PlatformObjects.Key(rawValue: "notificationResponse")
    /// The `PKPushRegistry` of a PushKit callback.
    public static let pushRegistry = PlatformObjects.Key(rawValue: "pushRegistry")
    /// The `PKPushPayload` of an incoming push.
    public static let pushPayload = PlatformObjects.Key(rawValue: "pushPayload")
    /// The `PKPushCredentials` of a token update.
    public static let pushCredentials = PlatformObjects.Key(rawValue: "pushCredentials")
}

extension PlatformObjects {
    /// The objects of `values` that are present (a `nil` one is left out): where each of the
    /// adapters starts the raw objects of a callback. One function, not inlined, so that the
    /// module carries one copy of the dictionary code it needs, not one per adapter.
    @inline(never)
    static func present(_ values: [Key: Any?]) -> [Key: Any] {
        values.compactMapValues { $0 }
    }
}

extension AppContext {
    /// The UIKit objects the adapter received with this callback, typed.
    ///
    /// A scene's window is set on the scene delegate's own class: UIKit declares `window`
    /// an optional requirement of `UIWindowSceneDelegate`, which cannot be assigned through
    /// `any UIWindowSceneDelegate`.
    ///
    /// ```swift
    /// func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
    ///     guard let windowScene = context.uiKit.windowScene,
    ///         let delegate = windowScene.delegate as? ServiceOrientedSceneDelegate
    ///     else { return }
    ///     let window = UIWindow(windowScene: windowScene)
    ///     window.rootViewController = RootViewController()
    ///     delegate.window = window
    ///     window.makeKeyAndVisible()
    /// }
    /// ```
    public var uiKit: UIKitObjects { UIKitObjects(platform: platform) }
}

/// The UIKit objects behind a callback, as `AppServices/AppContext/uiKit` gives them:
/// each is `nil` when the callback did not come with it.
@MainActor
public struct UIKitObjects {
    /// The raw objects; the framework-specific accessors (CarPlay's) read them too.
    let platform: PlatformObjects?

    init(platform: PlatformObjects?) {
        self.platform = platform
    }

    /// The application (the application delegate's callbacks, and the scene delegates').
    public var application: UIApplication? { platform?.value(.application) }
    /// The `BGTask` a background task's work runs for: a `BGContinuedProcessingTask`
    /// reports its progress through it (`progress`), which the system shows and weighs
    /// before it ends a task that shows none.
    public var backgroundTask: BGTask? { platform?.value(.backgroundTask, as: UIKitBackgroundTask.self)?.task }
    /// The launch-options dictionary.
    public var launchOptions: [UIApplication.LaunchOptionsKey: Any]? { platform?.value(.launchOptions) }
    /// The options of `application(_:open:options:)`.
    public var openURLOptions: [UIApplication.OpenURLOptionsKey: Any]? { platform?.value(.openURLOptions) }
    /// The URL contexts of `scene(_:openURLContexts:)`.
    public var urlContexts: Set<UIOpenURLContext>? { platform?.value(.urlContexts) }
    /// The raw user info of a remote notification, a user notification (with the entries
    /// that are not property-list values, which the payload leaves out) or a WatchKit request.
    public var userInfo: [AnyHashable: Any]? { platform?.value(.userInfo) }
    /// The coder of a state-restoration callback.
    public var coder: NSCoder? { platform?.value(.coder) }
    /// The window a callback concerns: the one asked about in
    /// `application(_:supportedInterfaceOrientationsFor:)`, or the scene delegate's.
    public var window: UIWindow? { platform?.value(.window) }
    /// The scene (scene-delegate callbacks).
    public var scene: UIScene? { platform?.value(.scene) }
    /// The scene, when it is a window scene.
    public var windowScene: UIWindowScene? { platform?.value(.scene) }
    /// The scene session.
    public var session: UISceneSession? { platform?.value(.session) }
    /// The sessions the person discarded (`application(_:didDiscardSceneSessions:)`), with
    /// the `userInfo` the application kept in them: what a service that kept per-window
    /// state there cleans up.
    public var discardedSessions: Set<UISceneSession>? { platform?.value(.discardedSessions) }
    /// The options a scene was connected with.
    public var connectionOptions: UIScene.ConnectionOptions? { platform?.value(.connectionOptions) }
    /// The user activity.
    public var userActivity: NSUserActivity? { platform?.value(.userActivity) }
    /// The home-screen quick action.
    public var shortcutItem: UIApplicationShortcutItem? { platform?.value(.shortcutItem) }
    /// The metadata of an accepted CloudKit share.
    public var cloudKitShareMetadata: CKShare.Metadata? { platform?.value(.cloudKitShareMetadata) }
    /// The intent of `application(_:handlerFor:)`.
    public var intent: INIntent? { platform?.value(.intent) }
    /// The trait collection a window scene had before its geometry changed.
    public var previousTraitCollection: UITraitCollection? { platform?.value(.previousTraits) }
    /// The coordinate space a window scene had before its geometry changed.
    public var previousCoordinateSpace: (any UICoordinateSpace)? { platform?.value(.previousCoordinateSpace) }
    /// The effective geometry a window scene had before it changed (iOS 26).
    public var previousEffectiveGeometry: UIWindowScene.Geometry? { platform?.value(.previousEffectiveGeometry) }
    /// The notification center (notification callbacks).
    public var userNotificationCenter: UNUserNotificationCenter? { platform?.value(.userNotificationCenter) }
    /// The notification a notification callback concerns: the one about to be presented,
    /// answered, or whose settings were asked for.
    public var notification: UNNotification? { platform?.value(.userNotification) }
    /// The response to a notification, from the notification center's delegate or from a
    /// scene's connection options.
    public var notificationResponse: UNNotificationResponse? { platform?.value(.notificationResponse) }
}

// With the package's `PushKit` trait only.
#if PushKit
extension UIKitObjects {
    /// The push registry (PushKit callbacks): the one the app delegate created, whose
    /// `pushToken(for:)` gives the current tokens.
    public var pushRegistry: PKPushRegistry? { platform?.value(.pushRegistry) }
    /// The push an incoming-push callback delivered, with its raw `dictionaryPayload`.
    public var pushPayload: PKPushPayload? { platform?.value(.pushPayload) }
    /// The credentials of a token update.
    public var pushCredentials: PKPushCredentials? { platform?.value(.pushCredentials) }
}
#endif
