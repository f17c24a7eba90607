#if !canImport(UIKit)

/// The methods UIKit calls on the application's delegate (`UIApplicationDelegate`).
///
/// Every member is `@objc optional` in UIKit: UIKit asks `responds(to:)` with the member's
/// selector and calls it only when the delegate claims it. Here each member is a
/// requirement with a default implementation in an extension that does what UIKit does
/// when the delegate lacks the method, so a conforming type whose method does not match a
/// requirement exactly is silently not its witness, as on Apple platforms, and a test that
/// calls through the protocol sees the default instead.
///
/// The SDK's deprecated members (`application(_:handleOpen:)`,
/// `application(_:open:sourceApplication:annotation:)`, the local-notification and
/// notification-settings callbacks, ...) are not transcribed: the adapters must not
/// implement them. The SDK's default arguments (`launchOptions = nil`, `options = [:]`)
/// are left out; Swift does not allow them on protocol requirements.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    // MARK: Launch

    /// Launch has begun; state restoration has not happened yet.
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// Launch has finished and the application is almost ready to run.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    // MARK: App state

    /// The application became active.
    @available(
        iOS,
        introduced: 2.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate or the UIApplication.didBecomeActiveNotification instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate or the UIApplication.didBecomeActiveNotification instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate or the UIApplication.didBecomeActiveNotification instead."
    )
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The application is about to become inactive.
    @available(
        iOS,
        introduced: 2.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneWillResignActive(_:) from UISceneDelegate or the UIApplication.willResignActiveNotification instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneWillResignActive(_:) from UISceneDelegate or the UIApplication.willResignActiveNotification instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneWillResignActive(_:) from UISceneDelegate or the UIApplication.willResignActiveNotification instead."
    )
    func applicationWillResignActive(_ application: UIApplication)
    /// The application is now in the background.
    @available(
        iOS,
        introduced: 4.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneDidEnterBackground(_:) from UISceneDelegate or the UIApplication.didEnterBackgroundNotification instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneDidEnterBackground(_:) from UISceneDelegate or the UIApplication.didEnterBackgroundNotification instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneDidEnterBackground(_:) from UISceneDelegate or the UIApplication.didEnterBackgroundNotification instead."
    )
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The application is about to enter the foreground.
    @available(
        iOS,
        introduced: 4.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneWillEnterForeground(_:) from UISceneDelegate or the UIApplication.willEnterForegroundNotification instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneWillEnterForeground(_:) from UISceneDelegate or the UIApplication.willEnterForegroundNotification instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and sceneWillEnterForeground(_:) from UISceneDelegate or the UIApplication.willEnterForegroundNotification instead."
    )
    func applicationWillEnterForeground(_ application: UIApplication)
    /// The application is about to terminate.
    func applicationWillTerminate(_ application: UIApplication)
    /// The application received a memory warning.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// There was a significant change in time.
    func applicationSignificantTimeChange(_ application: UIApplication)
    /// Protected files are about to become unavailable.
    func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication)
    /// Protected files are available again.
    func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)
    /// The application should request HealthKit authorization.
    func applicationShouldRequestHealthAuthorization(_ application: UIApplication)
    /// Whether UIKit localizes the application's key commands (iOS 15).
    func applicationShouldAutomaticallyLocalizeKeyCommands(_ application: UIApplication) -> Bool

    // MARK: URLs

    /// Opens a resource specified by a URL.
    @available(
        iOS,
        introduced: 9.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:openURLContexts:) from UISceneDelegate instead."
    )
    func application(
        _ app: UIApplication,
        open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool

    // MARK: Remote notifications

    /// Registration for remote notifications succeeded.
    func application(
        _ application: UIApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    )

    /// Registration for remote notifications failed.
    func application(
        _ application: UIApplication,
        didFailToRegisterForRemoteNotificationsWithError error: any Error
    )

    /// A remote notification arrived that asks the application to fetch data.
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    )

    // MARK: Background work

    /// The system gives the application time to fetch data.
    @available(
        iOS,
        introduced: 7.0,
        deprecated: 13.0,
        message: "Use a BGAppRefreshTask in the BackgroundTasks framework instead"
    )
    @available(
        tvOS,
        introduced: 11.0,
        deprecated: 13.0,
        message: "Use a BGAppRefreshTask in the BackgroundTasks framework instead"
    )
    @available(visionOS, unavailable)
    func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    )

    /// Events of a background URL session are waiting to be processed.
    func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    )

    /// A paired watchOS app sent a request.
    func application(
        _ application: UIApplication,
        handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void
    )

    // MARK: Shortcuts

    /// The user selected a home-screen quick action.
    @available(
        iOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and windowScene(_:performActionFor:completionHandler:) from UIWindowSceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and windowScene(_:performActionFor:completionHandler:) from UIWindowSceneDelegate instead."
    )
    @available(tvOS, unavailable)
    func application(
        _ application: UIApplication,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    )

    // MARK: User activity

    /// The user wants to continue an activity whose data may not be available yet.
    @available(
        iOS,
        introduced: 8.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:willContinueUserActivityWithType:) from UISceneDelegate instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:willContinueUserActivityWithType:) from UISceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:willContinueUserActivityWithType:) from UISceneDelegate instead."
    )
    func application(
        _ application: UIApplication,
        willContinueUserActivityWithType userActivityType: String
    ) -> Bool

    /// The data for continuing an activity is available.
    @available(
        iOS,
        introduced: 8.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:continue:) from UISceneDelegate instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:continue:) from UISceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:continue:) from UISceneDelegate instead."
    )
    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool

    /// The activity could not be continued.
    @available(
        iOS,
        introduced: 8.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and scene(_:didFailToContinueUserActivityWithType:error:) from UISceneDelegate instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and scene(_:didFailToContinueUserActivityWithType:error:) from UISceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and scene(_:didFailToContinueUserActivityWithType:error:) from UISceneDelegate instead."
    )
    func application(
        _ application: UIApplication,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    )

    /// UIKit updated an activity it manages.
    @available(
        iOS,
        introduced: 8.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:didUpdate) from UISceneDelegate instead."
    )
    @available(
        tvOS,
        introduced: 9.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:didUpdate) from UISceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message: "Use UIScene lifecycle and scene(_:didUpdate) from UISceneDelegate instead."
    )
    func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity)

    // MARK: Interface, extensions, CloudKit, intents

    /// The orientations `window` supports (deprecated in iOS 27: the window scene's delegate
    /// answers per scene, with `supportedInterfaceOrientations(for:)`).
    @available(
        iOS,
        introduced: 6.0,
        deprecated: 27.0,
        message: "Use UIWindowSceneDelegate.supportedInterfaceOrientations(for:) instead"
    )
    @available(tvOS, unavailable)
    func application(
        _ application: UIApplication,
        supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask

    /// Whether extensions of a kind may be used.
    func application(
        _ application: UIApplication,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier
    ) -> Bool

    /// The user accepted a CloudKit share.
    @available(
        iOS,
        introduced: 10.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and windowScene(_:userDidAcceptCloudKitShareWith:) from UIWindowSceneDelegate instead."
    )
    @available(
        tvOS,
        introduced: 10.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and windowScene(_:userDidAcceptCloudKitShareWith:) from UIWindowSceneDelegate instead."
    )
    @available(
        visionOS,
        introduced: 1.0,
        deprecated: 26.0,
        message:
            "Use UIScene lifecycle and windowScene(_:userDidAcceptCloudKitShareWith:) from UIWindowSceneDelegate instead."
    )
    func application(
        _ application: UIApplication,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    )

    /// The object that handles `intent` in-process (iOS 14).
    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any?

    // MARK: State restoration

    /// Whether to save the application's state securely (iOS 13.2).
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    /// Whether to restore the application's saved state securely (iOS 13.2).
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    /// Save application-level state.
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder)
    /// Restore application-level state.
    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder)

    /// The view controller for a restoration identifier path.
    func application(
        _ application: UIApplication,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> UIViewController?

    // MARK: Scenes

    /// The configuration for a scene being created.
    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration

    /// The user discarded scenes.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)

    // MARK: Window

    /// The window of an application without scenes.
    ///
    /// UIKit declares it `optional var window: UIWindow? { get set }`. An optional
    /// requirement cannot be set through the protocol (`delegate.window = w` on an
    /// existential does not compile with UIKit); Swift without Objective-C has
    /// no optional requirements, so the shim declares it get-only, which rejects the same
    /// code here. Set the window on the delegate's own class instead.
    var window: UIWindow? { get }
}

/// What UIKit does when the delegate does not implement a member: nothing, and the answer
/// it assumes. A completion handler is never called, as UIKit never hands one out for a
/// method the delegate lacks.
extension UIApplicationDelegate {
    /// Launch goes ahead.
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    /// Launch goes ahead.
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationSignificantTimeChange(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationShouldRequestHealthAuthorization(_ application: UIApplication) {}
    /// Localizes, UIKit's default since iOS 15.
    public func applicationShouldAutomaticallyLocalizeKeyCommands(_ application: UIApplication) -> Bool { true }

    /// Does not open the URL.
    public func application(
        _ app: UIApplication,
        open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool {
        false
    }

    /// Does nothing.
    public func application(
        _ application: UIApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}

    /// Does nothing.
    public func application(
        _ application: UIApplication,
        didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}

    /// Does nothing and never calls the handler.
    public func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {}

    /// Does nothing and never calls the handler.
    @available(
        iOS,
        introduced: 7.0,
        deprecated: 13.0,
        message: "Use a BGAppRefreshTask in the BackgroundTasks framework instead"
    )
    @available(
        tvOS,
        introduced: 11.0,
        deprecated: 13.0,
        message: "Use a BGAppRefreshTask in the BackgroundTasks framework instead"
    )
    @available(visionOS, unavailable)
    public func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {}

    /// Does nothing and never calls the handler.
    public func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {}

    /// Does nothing and never calls the handler.
    public func application(
        _ application: UIApplication,
        handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void
    ) {}

    /// Does nothing and never calls the handler.
    @available(tvOS, unavailable)
    public func application(
        _ application: UIApplication,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {}

    /// Lets the system show its progress.
    public func application(
        _ application: UIApplication,
        willContinueUserActivityWithType userActivityType: String
    ) -> Bool {
        false
    }

    /// Does not continue the activity.
    public func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        false
    }

    /// Does nothing.
    public func application(
        _ application: UIApplication,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {}

    /// Does nothing.
    public func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity) {}

    /// The orientations the Info.plist allows, as UIKit decides without the delegate.
    @available(
        iOS,
        introduced: 6.0,
        deprecated: 27.0,
        message: "Use UIWindowSceneDelegate.supportedInterfaceOrientations(for:) instead"
    )
    @available(tvOS, unavailable)
    public func application(
        _ application: UIApplication,
        supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
        application.supportedInterfaceOrientations(for: window)
    }

    /// Allows the extension point.
    public func application(
        _ application: UIApplication,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier
    ) -> Bool {
        true
    }

    /// Does nothing.
    public func application(
        _ application: UIApplication,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    ) {}

    /// Provides no handler.
    public func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? { nil }

    /// Does not save.
    public func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        false
    }

    /// Does not restore.
    public func application(
        _ application: UIApplication,
        shouldRestoreSecureApplicationState coder: NSCoder
    ) -> Bool {
        false
    }

    /// Does nothing.
    public func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {}
    /// Does nothing.
    public func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {}

    /// Provides no view controller.
    public func application(
        _ application: UIApplication,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> UIViewController? {
        nil
    }

    /// The configuration UIKit prepared from the Info.plist, unchanged.
    public func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        connectingSceneSession.configuration
    }

    /// Does nothing.
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}

    /// No window.
    public var window: UIWindow? { nil }
}

#endif
