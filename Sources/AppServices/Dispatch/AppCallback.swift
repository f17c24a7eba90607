/// One callback the composite dispatches, named after its UIKit (or AppKit) member.
///
/// Used in log messages, in the application-state checks, and by test tools that record
/// what a service received.
public enum AppCallback: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `application(_:willFinishLaunchingWithOptions:)`
    case willFinishLaunching
    /// `application(_:didFinishLaunchingWithOptions:)`
    case didFinishLaunching
    /// `applicationDidBecomeActive(_:)`
    case didBecomeActive
    /// `applicationWillResignActive(_:)`
    case willResignActive
    /// `applicationDidEnterBackground(_:)`
    case didEnterBackground
    /// `applicationWillEnterForeground(_:)`
    case willEnterForeground
    /// `applicationWillTerminate(_:)`
    case willTerminate
    /// `applicationDidReceiveMemoryWarning(_:)`
    case didReceiveMemoryWarning
    /// `applicationSignificantTimeChange(_:)`
    case significantTimeChange
    /// `applicationProtectedDataWillBecomeUnavailable(_:)`
    case protectedDataWillBecomeUnavailable
    /// `applicationProtectedDataDidBecomeAvailable(_:)`
    case protectedDataDidBecomeAvailable
    /// `applicationShouldRequestHealthAuthorization(_:)`
    case shouldRequestHealthAuthorization
    /// `applicationShouldAutomaticallyLocalizeKeyCommands(_:)`
    case shouldAutomaticallyLocalizeKeyCommands
    /// `application(_:open:options:)` and `scene(_:openURLContexts:)`
    case openURL
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`
    case didRegisterForRemoteNotifications
    /// `application(_:didFailToRegisterForRemoteNotificationsWithError:)`
    case didFailToRegisterForRemoteNotifications
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`
    case didReceiveRemoteNotification
    /// `application(_:performFetchWithCompletionHandler:)`
    case performFetch
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`
    case handleEventsForBackgroundURLSession
    /// `application(_:handleWatchKitExtensionRequest:reply:)`
    case handleWatchKitExtensionRequest
    /// `application(_:performActionFor:completionHandler:)` and the window-scene form
    case performActionForShortcutItem
    /// `application(_:willContinueUserActivityWithType:)` and the scene form
    case willContinueUserActivity
    /// `application(_:continue:restorationHandler:)` and the scene form
    case continueUserActivity
    /// `application(_:didFailToContinueUserActivityWithType:error:)` and the scene form
    case didFailToContinueUserActivity
    /// `application(_:didUpdate:)` and the scene form
    case didUpdateUserActivity
    /// `application(_:supportedInterfaceOrientationsFor:)`
    case supportedInterfaceOrientations
    /// `application(_:shouldAllowExtensionPointIdentifier:)`
    case shouldAllowExtensionPointIdentifier
    /// `application(_:userDidAcceptCloudKitShareWith:)` and the window-scene form
    case userDidAcceptCloudKitShare
    /// `application(_:handlerFor:)`
    case handlerForIntent
    /// `application(_:shouldSaveSecureApplicationState:)`
    case shouldSaveSecureApplicationState
    /// `application(_:shouldRestoreSecureApplicationState:)`
    case shouldRestoreSecureApplicationState
    /// `application(_:willEncodeRestorableStateWith:)`
    case willEncodeRestorableState
    /// `application(_:didDecodeRestorableStateWith:)`
    case didDecodeRestorableState
    /// `application(_:viewControllerWithRestorationIdentifierPath:coder:)`
    case viewControllerWithRestorationIdentifierPath
    /// `application(_:configurationForConnecting:options:)`
    case configurationForConnecting
    /// `application(_:didDiscardSceneSessions:)`
    case didDiscardSceneSessions
    /// `scene(_:willConnectTo:options:)`
    case sceneWillConnect
    /// `sceneDidDisconnect(_:)`
    case sceneDidDisconnect
    /// `sceneDidBecomeActive(_:)`
    case sceneDidBecomeActive
    /// `sceneWillResignActive(_:)`
    case sceneWillResignActive
    /// `sceneWillEnterForeground(_:)`
    case sceneWillEnterForeground
    /// `sceneDidEnterBackground(_:)`
    case sceneDidEnterBackground
    /// `stateRestorationActivity(for:)`
    case stateRestorationActivity
    /// `scene(_:restoreInteractionStateWith:)`
    case restoreInteractionState
    /// `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)`
    case windowSceneDidUpdateGeometry
    /// `applicationWillBecomeActive(_:)` (AppKit)
    case willBecomeActive
    /// `applicationDidResignActive(_:)` (AppKit)
    case didResignActive
    /// `applicationWillHide(_:)` (AppKit)
    case willHide
    /// `applicationDidHide(_:)` (AppKit)
    case didHide
    /// `applicationWillUnhide(_:)` (AppKit)
    case willUnhide
    /// `applicationDidUnhide(_:)` (AppKit)
    case didUnhide
    /// `applicationShouldTerminate(_:)` (AppKit)
    case shouldTerminate
    /// `applicationShouldTerminateAfterLastWindowClosed(_:)` (AppKit)
    case shouldTerminateAfterLastWindowClosed
    /// `applicationShouldHandleReopen(_:hasVisibleWindows:)` (AppKit)
    case shouldHandleReopen
    /// `applicationSupportsSecureRestorableState(_:)` (AppKit)
    case supportsSecureRestorableState

    /// The callback's name.
    public var description: String { rawValue }

    /// Which way the callback moves the application, which decides the order services
    /// hear it in.
    public enum Direction: Sendable, Hashable {
        /// Toward running in front of the user: dependency order, so a service hears it
        /// after the services it depends on.
        case up
        /// Toward stopping: reverse dependency order, so a service winds down before the
        /// services it depends on.
        case down
    }

    /// The order services hear this callback in: ``Direction/down`` for resign active,
    /// enter background, terminate and their scene and AppKit counterparts;
    /// ``Direction/up`` for everything else.
    public var direction: Direction {
        switch self {
        case .willResignActive, .didEnterBackground, .willTerminate,
            .sceneWillResignActive, .sceneDidEnterBackground, .sceneDidDisconnect,
            .didResignActive, .willHide, .didHide:
            return .down
        default:
            return .up
        }
    }
}
