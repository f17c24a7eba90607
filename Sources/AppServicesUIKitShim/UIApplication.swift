#if !canImport(UIKit)

/// The centralized point of control of a running application (`UIApplication`).
///
/// Only the members the adapters read are transcribed. UIKit creates the one instance; the
/// shim lets tests create their own and set its state, as a simulated UIKit.
@MainActor
open class UIApplication: UIResponder {
    /// The application object (`UIApplication.shared`).
    ///
    /// In the shim: the application of the simulated device whose step is running
    /// (`SimulatedFrameworks`), else one instance for the process.
    open class var shared: UIApplication { SimulatedFrameworks.current?.application ?? processWide }

    private static let processWide = UIApplication()

    /// Shim only: the application object if UIKit has made it, else `nil`, as a device's
    /// `sharedApplication` is before `UIApplicationMain` (while SwiftUI makes the `App`). A
    /// simulated device says which (`SimulatedFrameworks.applicationExists`).
    package static var sharedIfMade: UIApplication? {
        guard let frameworks = SimulatedFrameworks.current else { return processWide }
        return frameworks.applicationExists ? shared : nil
    }

    /// Shim only: the application object the launch will come from once UIKit has made it:
    /// the simulated device's (a device has one application, so its adapters need not say).
    package static var toBeMade: UIApplication? { SimulatedFrameworks.current?.application }

    /// The application's delegate (UIKit holds it `unowned(unsafe)`; the shim holds it
    /// weakly, which is safe for tests).
    open weak var delegate: (any UIApplicationDelegate)?

    /// Whether the application is in the foreground, active or not, or in the background.
    ///
    /// Read-only in UIKit; a simulated UIKit in this package sets it.
    open package(set) var applicationState: UIApplication.State = .inactive

    /// The orientations the application supports for `window`: as UIKit decides them, the
    /// delegate's answer when it implements `application(_:supportedInterfaceOrientationsFor:)`,
    /// else the Info.plist's.
    ///
    /// The shim asks the delegate as UIKit does; without it, it answers
    /// ``UIInterfaceOrientationMask/allButUpsideDown``, the default for an iPhone application
    /// that lists no orientations. A delegate that asks this method from its own (which on a
    /// device calls itself until the stack runs out) is answered so too, and counted in
    /// ``reenteredOrientationQueries``. Deprecated in iOS 27, with the app delegate's method:
    /// the window scene's delegate answers per scene.
    @available(
        iOS,
        introduced: 6.0,
        deprecated: 27.0,
        message: "Use UIWindowSceneDelegate.supportedInterfaceOrientations(for:) instead"
    )
    @available(tvOS, unavailable)
    open func supportedInterfaceOrientations(for window: UIWindow?) -> UIInterfaceOrientationMask {
        guard let delegate, let responder = delegate as? UIResponder,
            responder.responds(to: "application:supportedInterfaceOrientationsForWindow:")
        else {
            return .allButUpsideDown
        }
        guard !isAskingForOrientations else {
            reenteredOrientationQueries += 1
            return .allButUpsideDown
        }
        isAskingForOrientations = true
        defer { isAskingForOrientations = false }
        return delegate.application(self, supportedInterfaceOrientationsFor: window)
    }

    /// Shim only: whether ``supportedInterfaceOrientations(for:)`` is asking the delegate.
    private var isAskingForOrientations = false

    /// Shim only: how many times the delegate asked ``supportedInterfaceOrientations(for:)``
    /// while it was being asked by it: each a recursion without end on a device.
    package private(set) var reenteredOrientationQueries = 0

    /// Whether the system would prefer applications to scale back resource-intensive work now
    /// (iOS 27): lighter assets, fewer simultaneous operations, less background work. Read it
    /// again after ``systemPrefersReducedResourceUsageDidChangeNotification``.
    ///
    /// Read-only in UIKit; a simulated UIKit in this package sets it, and posts the
    /// notification.
    @available(iOS 27.0, *)
    open package(set) var systemPrefersReducedResourceUsage = false

    /// The home-screen quick actions the application registered at run time, shown with those
    /// of its Info.plist (iOS 9 and later).
    @available(iOS 9.0, *)
    @available(tvOS, unavailable)
    open var shortcutItems: [UIApplicationShortcutItem]?

    /// Whether the application is registered for remote notifications.
    ///
    /// In the shim it becomes `true` when ``registerForRemoteNotifications()`` is called.
    open private(set) var isRegisteredForRemoteNotifications = false

    /// Asks the system to register for remote notifications; the result arrives in the
    /// delegate's `didRegisterForRemoteNotificationsWithDeviceToken` or
    /// `didFailToRegisterForRemoteNotificationsWithError`.
    ///
    /// The shim only records the request; a simulated UIKit delivers the result.
    open func registerForRemoteNotifications() {
        isRegisteredForRemoteNotifications = true
    }

    // MARK: Background time

    /// Shim only: where background time comes from, as the system keeps it: the simulated
    /// device's (`nil` outside one, where the system gives none).
    package let backgroundTimeBackend: (any SimulatedBackgroundTimeBackend)?

    /// Creates an application object; the shim lets a simulated UIKit in this package make
    /// its own, with the background time of its simulated device.
    package init(backgroundTime: (any SimulatedBackgroundTimeBackend)?) {
        backgroundTimeBackend = backgroundTime
        super.init()
    }

    /// Creates an application object whose system gives no background time.
    public convenience override init() {
        self.init(backgroundTime: nil)
    }

    /// How long the application may still run in the background; very large
    /// (`.greatestFiniteMagnitude`) in the foreground.
    ///
    /// A simulated UIKit in this package sets it.
    @available(iOS 4.0, *)
    open package(set) var backgroundTimeRemaining: TimeInterval = .greatestFiniteMagnitude

    /// Asks for time to finish work in the background; end it with
    /// ``endBackgroundTask(_:)``, from `handler` at the latest, which the system calls on the
    /// main thread shortly before the time runs out.
    ///
    /// - Returns: The request's identifier; ``UIBackgroundTaskIdentifier/invalid`` when the
    ///   system gives no time (in the shim: outside a simulated device).
    @available(iOS 4.0, *)
    nonisolated open func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// Asks for time to finish the work `taskName` in the background; see
    /// ``beginBackgroundTask(expirationHandler:)``.
    @available(iOS 7.0, *)
    nonisolated open func beginBackgroundTask(
        withName taskName: String?,
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        UIBackgroundTaskIdentifier(
            rawValue: backgroundTimeBackend?.begin(named: taskName, expirationHandler: handler) ?? 0
        )
    }

    /// Ends the background time `identifier`; call it exactly once per identifier.
    @available(iOS 4.0, *)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        backgroundTimeBackend?.end(identifier.rawValue)
    }
}

extension UIApplication {
    /// The application's execution state (`UIApplication.State`).
    public enum State: Int, Sendable {
        /// In the foreground and receiving events.
        case active = 0
        /// In the foreground but not receiving events, or passing between states.
        case inactive = 1
        /// In the background.
        case background = 2
    }

    /// A key of the launch-options dictionary (`UIApplication.LaunchOptionsKey`).
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key's string.
        public var rawValue: String

        /// Creates a key from its string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The URL the application was launched to open (an `NSURL`).
        @available(
            iOS,
            introduced: 3.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.URLContexts instead."
        )
        @available(
            tvOS,
            introduced: 9.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.URLContexts instead."
        )
        @available(
            visionOS,
            introduced: 1.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.URLContexts instead."
        )
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the application that asked to open the URL.
        @available(
            iOS,
            introduced: 3.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.sourceApplication instead."
        )
        @available(
            tvOS,
            introduced: 9.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.sourceApplication instead."
        )
        @available(
            visionOS,
            introduced: 1.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.sourceApplication instead."
        )
        public static let sourceApplication = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsSourceApplicationKey"
        )
        /// The payload of the remote notification that launched the application.
        @available(
            iOS,
            introduced: 3.0,
            deprecated: 26.0,
            message:
                "Continue using UIApplicationDelegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:) to process silent remote notifications after scene connection."
        )
        @available(tvOS, unavailable)
        @available(
            visionOS,
            introduced: 1.0,
            deprecated: 26.0,
            message:
                "Continue using UIApplicationDelegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:) to process silent remote notifications after scene connection."
        )
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey"
        )
        /// The home-screen quick action that launched the application (a
        /// ``UIApplicationShortcutItem``).
        @available(
            iOS,
            introduced: 3.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.shortcutItem instead."
        )
        @available(tvOS, unavailable)
        @available(
            visionOS,
            introduced: 1.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.shortcutItem instead."
        )
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
        /// A dictionary describing the user activity the application was launched to
        /// continue; it holds the activity type under ``userActivityType``.
        @available(
            iOS,
            introduced: 8.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.userActivities instead."
        )
        @available(
            tvOS,
            introduced: 9.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.userActivities instead."
        )
        @available(
            visionOS,
            introduced: 1.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.userActivities instead."
        )
        public static let userActivityDictionary = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey"
        )
        /// The key, inside the ``userActivityDictionary`` dictionary, of the activity type.
        @available(
            iOS,
            introduced: 8.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.handoffUserActivityType instead."
        )
        @available(
            tvOS,
            introduced: 9.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.handoffUserActivityType instead."
        )
        @available(
            visionOS,
            introduced: 1.0,
            deprecated: 26.0,
            message: "Use UIScene lifecycle and UIScene.ConnectionOptions.handoffUserActivityType instead."
        )
        public static let userActivityType = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey"
        )
    }

    /// A key of the URL-opening options dictionary (`UIApplication.OpenURLOptionsKey`).
    @available(
        iOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and equivalent properties on UISceneOpenURLOptions from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and equivalent properties on UISceneOpenURLOptions from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and equivalent properties on UISceneOpenURLOptions from a UIOpenURLContext in UIScene.ConnectionOptions.URLContexts instead."
    )
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key's string.
        public var rawValue: String

        /// Creates a key from its string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The bundle identifier of the application that asked to open the URL.
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey"
        )
        /// The annotation a document interaction controller passed along.
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        /// Whether the document must be opened in place (a Boolean `NSNumber`).
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    }

    /// The identifier of a kind of app extension (`UIApplication.ExtensionPointIdentifier`).
    public struct ExtensionPointIdentifier: Hashable, RawRepresentable, Sendable {
        /// The identifier's string.
        public var rawValue: String

        /// Creates an identifier from its string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Custom keyboards.
        public static let keyboard = ExtensionPointIdentifier(rawValue: "com.apple.keyboard-service")
    }

    /// Posted after `application(_:didFinishLaunchingWithOptions:)`.
    nonisolated public static let didFinishLaunchingNotification = NSNotification.Name(
        "UIApplicationDidFinishLaunchingNotification"
    )
    /// Posted after `applicationDidBecomeActive(_:)`.
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification"
    )
    /// Posted after `applicationWillResignActive(_:)`.
    nonisolated public static let willResignActiveNotification = NSNotification.Name(
        "UIApplicationWillResignActiveNotification"
    )
    /// Posted after `applicationDidEnterBackground(_:)`.
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification"
    )
    /// Posted after `applicationWillEnterForeground(_:)`.
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification"
    )
    /// Posted after `applicationWillTerminate(_:)`.
    nonisolated public static let willTerminateNotification = NSNotification.Name(
        "UIApplicationWillTerminateNotification"
    )
    /// Posted after `applicationDidReceiveMemoryWarning(_:)`.
    nonisolated public static let didReceiveMemoryWarningNotification = NSNotification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification"
    )
    /// Posted after `applicationSignificantTimeChange(_:)`.
    nonisolated public static let significantTimeChangeNotification = NSNotification.Name(
        "UIApplicationSignificantTimeChangeNotification"
    )
    /// Posted after `applicationProtectedDataWillBecomeUnavailable(_:)`.
    nonisolated public static let protectedDataWillBecomeUnavailableNotification = NSNotification.Name(
        "UIApplicationProtectedDataWillBecomeUnavailable"
    )
    /// Posted after `applicationProtectedDataDidBecomeAvailable(_:)`.
    nonisolated public static let protectedDataDidBecomeAvailableNotification = NSNotification.Name(
        "UIApplicationProtectedDataDidBecomeAvailable"
    )
    /// Posted, with the application as its object and an empty user info, when
    /// ``UIApplication/systemPrefersReducedResourceUsage`` changes (iOS 27).
    ///
    /// The SDK's header does not give the name's string; the shim's is the constant's
    /// Objective-C name (`UIApplicationSystemPrefersReducedResourceUsageDidChangeNotification`),
    /// as for the other notifications. Compare with the constant, never with the string.
    @available(iOS 27.0, *)
    nonisolated public static let systemPrefersReducedResourceUsageDidChangeNotification = NSNotification.Name(
        "UIApplicationSystemPrefersReducedResourceUsageDidChangeNotification"
    )
}

/// The outcome of background work the system gave the application time for
/// (`UIBackgroundFetchResult`).
public enum UIBackgroundFetchResult: UInt, Sendable {
    /// New data was downloaded.
    case newData = 0
    /// There was nothing new.
    case noData = 1
    /// The attempt failed.
    case failed = 2
}

#endif
