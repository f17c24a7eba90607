#if !canImport(UIKit)
import AppServices

/// What Documentation/Reference/AppleAPI.md says the adapters forward, written independently of the
/// adapters' own tables so a wrong mapping there fails here: each SDK selector with the
/// capability protocol whose services make the adapter claim it, or `nil` for the
/// callbacks the adapter always claims (launch, application and scene state, system
/// events), which the composite needs for itself.
enum UIKitReference {
    /// A capability protocol, by name, with a check for whether a service adopts it.
    struct Capability: Sendable {
        let name: String
        let isAdopted: @Sendable (any AppService) -> Bool
    }

    static let launch = Capability(name: "LaunchHandling") { $0 is any LaunchHandling }
    static let state = Capability(name: "ApplicationStateHandling") { $0 is any ApplicationStateHandling }
    static let systemEvents = Capability(name: "SystemEventHandling") { $0 is any SystemEventHandling }
    static let health = Capability(name: "HealthAuthorizationHandling") { $0 is any HealthAuthorizationHandling }
    static let keyCommands = Capability(name: "KeyCommandLocalizationHandling") {
        $0 is any KeyCommandLocalizationHandling
    }
    static let urls = Capability(name: "URLOpenHandling") { $0 is any URLOpenHandling }
    static let pushRegistration = Capability(name: "RemoteNotificationRegistrationHandling") {
        $0 is any RemoteNotificationRegistrationHandling
    }
    static let push = Capability(name: "RemoteNotificationHandling") { $0 is any RemoteNotificationHandling }
    static let fetch = Capability(name: "BackgroundFetchHandling") { $0 is any BackgroundFetchHandling }
    static let urlSessions = Capability(name: "BackgroundURLSessionHandling") {
        $0 is any BackgroundURLSessionHandling
    }
    static let watchKit = Capability(name: "WatchKitRequestHandling") { $0 is any WatchKitRequestHandling }
    static let shortcuts = Capability(name: "ShortcutItemHandling") { $0 is any ShortcutItemHandling }
    static let activities = Capability(name: "UserActivityHandling") { $0 is any UserActivityHandling }
    static let orientations = Capability(name: "InterfaceOrientationHandling") {
        $0 is any InterfaceOrientationHandling
    }
    static let extensionPoints = Capability(name: "ExtensionPointHandling") { $0 is any ExtensionPointHandling }
    static let cloudKit = Capability(name: "CloudKitShareHandling") { $0 is any CloudKitShareHandling }
    static let intents = Capability(name: "IntentHandling") { $0 is any IntentHandling }
    static let restoration = Capability(name: "StateRestorationHandling") { $0 is any StateRestorationHandling }
    static let sceneSessions = Capability(name: "SceneSessionHandling") { $0 is any SceneSessionHandling }
    static let scenes = Capability(name: "SceneHandling") { $0 is any SceneHandling }
    static let notifications = Capability(name: "UserNotificationHandling") { $0 is any UserNotificationHandling }
    static let carPlay = Capability(name: "CarPlayHandling") { $0 is any CarPlayHandling }
    static let voIPPushes = Capability(name: "VoIPPushHandling") { $0 is any VoIPPushHandling }

    /// `UIApplicationDelegate`: every callback of the reference the adapter forwards.
    static let applicationDelegateSelectors: [String: Capability?] = [
        "application:willFinishLaunchingWithOptions:": nil,
        "application:didFinishLaunchingWithOptions:": nil,
        "applicationDidBecomeActive:": nil,
        "applicationWillResignActive:": nil,
        "applicationDidEnterBackground:": nil,
        "applicationWillEnterForeground:": nil,
        "applicationWillTerminate:": nil,
        "applicationDidReceiveMemoryWarning:": nil,
        "applicationSignificantTimeChange:": nil,
        "applicationProtectedDataWillBecomeUnavailable:": nil,
        "applicationProtectedDataDidBecomeAvailable:": nil,
        "applicationShouldRequestHealthAuthorization:": health,
        "applicationShouldAutomaticallyLocalizeKeyCommands:": keyCommands,
        "application:openURL:options:": urls,
        "application:didRegisterForRemoteNotificationsWithDeviceToken:": pushRegistration,
        "application:didFailToRegisterForRemoteNotificationsWithError:": pushRegistration,
        "application:didReceiveRemoteNotification:fetchCompletionHandler:": push,
        "application:performFetchWithCompletionHandler:": fetch,
        "application:handleEventsForBackgroundURLSession:completionHandler:": urlSessions,
        "application:handleWatchKitExtensionRequest:reply:": watchKit,
        "application:performActionForShortcutItem:completionHandler:": shortcuts,
        "application:willContinueUserActivityWithType:": activities,
        "application:continueUserActivity:restorationHandler:": activities,
        "application:didFailToContinueUserActivityWithType:error:": activities,
        "application:didUpdateUserActivity:": activities,
        "application:supportedInterfaceOrientationsForWindow:": orientations,
        "application:shouldAllowExtensionPointIdentifier:": extensionPoints,
        "application:userDidAcceptCloudKitShareWithMetadata:": cloudKit,
        "application:handlerForIntent:": intents,
        "application:shouldSaveSecureApplicationState:": restoration,
        "application:shouldRestoreSecureApplicationState:": restoration,
        "application:willEncodeRestorableStateWithCoder:": restoration,
        "application:didDecodeRestorableStateWithCoder:": restoration,
        "application:viewControllerWithRestorationIdentifierPath:coder:": restoration,
        "application:configurationForConnectingSceneSession:options:": sceneSessions,
        // The composite drops the work routed to a discarded scene's session itself.
        "application:didDiscardSceneSessions:": nil,
    ]

    /// `UNUserNotificationCenterDelegate`, which the app delegate implements too: the
    /// selectors of Documentation/Reference/AppleAPI-NotificationsAndTasks.md.
    static let notificationCenterDelegateSelectors: [String: Capability?] = [
        "userNotificationCenter:willPresentNotification:withCompletionHandler:": notifications,
        "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:": notifications,
        "userNotificationCenter:openSettingsForNotification:": notifications,
    ]

    /// `PKPushRegistryDelegate`, which the app delegate implements too: the selectors of
    /// Documentation/Reference/AppleAPI-NotificationsAndTasks.md. `pushRegistry(_:didUpdate:for:)`
    /// is the protocol's one required method, so the adapter always claims it.
    static let pushRegistryDelegateSelectors: [String: Capability?] = [
        "pushRegistry:didUpdatePushCredentials:forType:": nil,
        "pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:": voIPPushes,
        "pushRegistry:didReceiveIncomingVoIPPushWithPayload:metadata:withCompletionHandler:": voIPPushes,
        "pushRegistry:didInvalidatePushTokenForType:": voIPPushes,
    ]

    /// The deprecated PushKit method, which the adapter must not implement or claim.
    static let deprecatedPushRegistryDelegateSelector = "pushRegistry:didReceiveIncomingPushWithPayload:forType:"

    /// The deprecated callbacks the reference says must not be forwarded.
    static let deprecatedApplicationDelegateSelectors: [String] = [
        "application:handleOpenURL:",
        "application:openURL:sourceApplication:annotation:",
        "application:didReceiveRemoteNotification:",
        "application:didReceiveLocalNotification:",
        "application:didRegisterUserNotificationSettings:",
        "application:handleActionWithIdentifier:forLocalNotification:completionHandler:",
        "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
        "application:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:",
        "application:handleActionWithIdentifier:forLocalNotification:withResponseInfo:completionHandler:",
        "application:willChangeStatusBarOrientation:duration:",
        "application:didChangeStatusBarOrientation:",
        "application:willChangeStatusBarFrame:",
        "application:didChangeStatusBarFrame:",
        "application:shouldSaveApplicationState:",
        "application:shouldRestoreApplicationState:",
        "application:handleIntent:completionHandler:",
    ]

    /// `UISceneDelegate` and `UIWindowSceneDelegate`.
    static let sceneDelegateSelectors: [String: Capability?] = [
        "scene:willConnectToSession:options:": nil,
        "sceneDidDisconnect:": nil,
        "sceneDidBecomeActive:": nil,
        "sceneWillResignActive:": nil,
        "sceneWillEnterForeground:": nil,
        "sceneDidEnterBackground:": nil,
        "scene:openURLContexts:": urls,
        "stateRestorationActivityForScene:": scenes,
        "scene:restoreInteractionStateWithUserActivity:": scenes,
        "scene:willContinueUserActivityWithType:": activities,
        "scene:continueUserActivity:": activities,
        "scene:didFailToContinueUserActivityWithType:error:": activities,
        "scene:didUpdateUserActivity:": activities,
        // From iOS 26 (which the shim is) the effective-geometry callback replaces the
        // deprecated coordinate-space one; iOS 27 asks the scene for its orientations.
        "windowScene:didUpdateEffectiveGeometry:": scenes,
        "supportedInterfaceOrientationsForWindowScene:": orientations,
        "windowScene:performActionForShortcutItem:completionHandler:": shortcuts,
        "windowScene:userDidAcceptCloudKitShareWithMetadata:": cloudKit,
    ]

    /// `CPTemplateApplicationSceneDelegate`: the scene life cycle it inherits from
    /// `UISceneDelegate`, and CarPlay's own callbacks (Documentation/Reference/AppleAPI-NotificationsAndTasks.md).
    static let carPlaySceneDelegateSelectors: [String: Capability?] = [
        "scene:willConnectToSession:options:": nil,
        "sceneDidDisconnect:": nil,
        "sceneDidBecomeActive:": nil,
        "sceneWillResignActive:": nil,
        "sceneWillEnterForeground:": nil,
        "sceneDidEnterBackground:": nil,
        // Always: CarPlay ends an application whose scene delegate lacks them.
        "templateApplicationScene:didConnectInterfaceController:toWindow:": nil,
        "templateApplicationScene:didConnectInterfaceController:": nil,
        "templateApplicationScene:didDisconnectInterfaceController:fromWindow:": nil,
        "templateApplicationScene:didDisconnectInterfaceController:": nil,
        "templateApplicationScene:didSelectNavigationAlert:": carPlay,
        "templateApplicationScene:didSelectManeuver:": carPlay,
        "contentStyleDidChange:": carPlay,
    ]

    /// The selectors of `table` an adapter should claim when `services` are registered.
    static func expectedClaims(_ table: [String: Capability?], for services: [any AppService]) -> Set<String> {
        Set(
            table.compactMap { selector, capability in
                guard let capability else { return selector }
                return services.contains(where: capability.isAdopted) ? selector : nil
            }
        )
    }
}

#endif
