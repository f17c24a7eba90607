import AppServices

/// The SDK's selectors of the callbacks the AppKit adapter forwards, with when each is
/// claimed (the part of `NSApplicationDelegate` in Documentation/Reference/AppleAPI.md).
enum AppKitSelectors {
    /// `NSApplicationDelegate`.
    static let applicationDelegate: [String: SelectorClaim] = [
        "applicationWillFinishLaunching:": .always,
        "applicationDidFinishLaunching:": .always,
        "applicationDidBecomeActive:": .always,
        "applicationWillResignActive:": .always,
        "applicationWillTerminate:": .always,
        "applicationWillBecomeActive:": .whenHandled(.willBecomeActive),
        "applicationDidResignActive:": .whenHandled(.didResignActive),
        "applicationWillHide:": .whenHandled(.willHide),
        "applicationDidHide:": .whenHandled(.didHide),
        "applicationWillUnhide:": .whenHandled(.willUnhide),
        "applicationDidUnhide:": .whenHandled(.didUnhide),
        "applicationShouldTerminate:": .whenHandled(.shouldTerminate),
        "applicationShouldTerminateAfterLastWindowClosed:": .whenHandled(.shouldTerminateAfterLastWindowClosed),
        "applicationShouldHandleReopen:hasVisibleWindows:": .whenHandled(.shouldHandleReopen),
        "applicationSupportsSecureRestorableState:": .whenHandled(.supportsSecureRestorableState),
        "application:openURLs:": .whenHandled(.openURL),
        "application:didRegisterForRemoteNotificationsWithDeviceToken:":
            .whenHandled(.didRegisterForRemoteNotifications),
        "application:didFailToRegisterForRemoteNotificationsWithError:":
            .whenHandled(.didFailToRegisterForRemoteNotifications),
        "application:didReceiveRemoteNotification:": .whenHandled(.didReceiveRemoteNotification),
        "application:willContinueUserActivityWithType:": .whenHandled(.willContinueUserActivity),
        "application:continueUserActivity:restorationHandler:": .whenHandled(.continueUserActivity),
    ]
}
