import AppServices

/// The SDK's selectors of the callbacks the UIKit adapters forward, with when each is
/// claimed: the selector strings of Documentation/Reference/AppleAPI.md.
enum UIKitSelectors {
    /// `UIApplicationDelegate`.
    static let applicationDelegate: [String: SelectorClaim] = [
        "application:willFinishLaunchingWithOptions:": .always,
        "application:didFinishLaunchingWithOptions:": .always,
        "applicationDidBecomeActive:": .always,
        "applicationWillResignActive:": .always,
        "applicationDidEnterBackground:": .always,
        "applicationWillEnterForeground:": .always,
        "applicationWillTerminate:": .always,
        "applicationDidReceiveMemoryWarning:": .always,
        "applicationSignificantTimeChange:": .always,
        "applicationProtectedDataWillBecomeUnavailable:": .always,
        "applicationProtectedDataDidBecomeAvailable:": .always,
        "applicationShouldRequestHealthAuthorization:": .whenHandled(.shouldRequestHealthAuthorization),
        "applicationShouldAutomaticallyLocalizeKeyCommands:": .whenHandled(.shouldAutomaticallyLocalizeKeyCommands),
        "application:openURL:options:": .whenHandled(.openURL),
        "application:didRegisterForRemoteNotificationsWithDeviceToken:":
            .whenHandled(.didRegisterForRemoteNotifications),
        "application:didFailToRegisterForRemoteNotificationsWithError:":
            .whenHandled(.didFailToRegisterForRemoteNotifications),
        "application:didReceiveRemoteNotification:fetchCompletionHandler:":
            .whenHandled(.didReceiveRemoteNotification),
        "application:performFetchWithCompletionHandler:": .whenHandled(.performFetch),
        "application:handleEventsForBackgroundURLSession:completionHandler:":
            .whenHandled(.handleEventsForBackgroundURLSession),
        "application:handleWatchKitExtensionRequest:reply:": .whenHandled(.handleWatchKitExtensionRequest),
        "application:performActionForShortcutItem:completionHandler:": .whenHandled(.performActionForShortcutItem),
        "application:willContinueUserActivityWithType:": .whenHandled(.willContinueUserActivity),
        "application:continueUserActivity:restorationHandler:": .whenHandled(.continueUserActivity),
        "application:didFailToContinueUserActivityWithType:error:": .whenHandled(.didFailToContinueUserActivity),
        "application:didUpdateUserActivity:": .whenHandled(.didUpdateUserActivity),
        "application:supportedInterfaceOrientationsForWindow:": .whenHandled(.supportedInterfaceOrientations),
        "application:shouldAllowExtensionPointIdentifier:": .whenHandled(.shouldAllowExtensionPointIdentifier),
        "application:userDidAcceptCloudKitShareWithMetadata:": .whenHandled(.userDidAcceptCloudKitShare),
        "application:handlerForIntent:": .whenHandled(.handlerForIntent),
        "application:shouldSaveSecureApplicationState:": .whenHandled(.shouldSaveSecureApplicationState),
        "application:shouldRestoreSecureApplicationState:": .whenHandled(.shouldRestoreSecureApplicationState),
        "application:willEncodeRestorableStateWithCoder:": .whenHandled(.willEncodeRestorableState),
        "application:didDecodeRestorableStateWithCoder:": .whenHandled(.didDecodeRestorableState),
        "application:viewControllerWithRestorationIdentifierPath:coder:":
            .whenHandled(.viewControllerWithRestorationIdentifierPath),
        "application:configurationForConnectingSceneSession:options:": .whenHandled(.configurationForConnecting),
        "application:didDiscardSceneSessions:": .whenHandled(.didDiscardSceneSessions),
    ]

    /// `UISceneDelegate` and `UIWindowSceneDelegate`.
    static let sceneDelegate: [String: SelectorClaim] = [
        "scene:willConnectToSession:options:": .always,
        "sceneDidDisconnect:": .always,
        "sceneDidBecomeActive:": .always,
        "sceneWillResignActive:": .always,
        "sceneWillEnterForeground:": .always,
        "sceneDidEnterBackground:": .always,
        "scene:openURLContexts:": .whenHandled(.openURL),
        "stateRestorationActivityForScene:": .whenHandled(.stateRestorationActivity),
        "scene:restoreInteractionStateWithUserActivity:": .whenHandled(.restoreInteractionState),
        "scene:willContinueUserActivityWithType:": .whenHandled(.willContinueUserActivity),
        "scene:continueUserActivity:": .whenHandled(.continueUserActivity),
        "scene:didFailToContinueUserActivityWithType:error:": .whenHandled(.didFailToContinueUserActivity),
        "scene:didUpdateUserActivity:": .whenHandled(.didUpdateUserActivity),
        "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:":
            .whenHandled(.windowSceneDidUpdateGeometry),
        "windowScene:performActionForShortcutItem:completionHandler:": .whenHandled(.performActionForShortcutItem),
        "windowScene:userDidAcceptCloudKitShareWithMetadata:": .whenHandled(.userDidAcceptCloudKitShare),
    ]
}
