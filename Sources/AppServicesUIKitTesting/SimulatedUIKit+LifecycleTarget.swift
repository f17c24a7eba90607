#if !canImport(UIKit)
public import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitShim

/// The `LifecycleTarget` steps, turned into the UIKit callbacks UIKit would send, with the
/// platform-neutral payloads turned into UIKit's.
extension SimulatedUIKit {
    /// `application(_:willFinishLaunchingWithOptions:)`, with the application's state set
    /// as UIKit sets it (background for a launch into the background).
    public func willFinishLaunching(_ options: LaunchOptions) -> Bool {
        application.applicationState = options.launchedInBackground ? .background : .inactive
        return send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: Self.dictionary(options))
        } ?? true
    }

    /// `application(_:didFinishLaunchingWithOptions:)`.
    public func didFinishLaunching(_ options: LaunchOptions) -> Bool {
        application.applicationState = options.launchedInBackground ? .background : .inactive
        let did = send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: Self.dictionary(options))
        }
        taskScheduler.applicationDidFinishLaunching()
        notificationCenter.post(name: UIApplication.didFinishLaunchingNotification, object: application)
        return did ?? true
    }

    /// `applicationDidBecomeActive(_:)`.
    public func didBecomeActive() { becomeActive() }
    /// `applicationWillResignActive(_:)`.
    public func willResignActive() { resignActive() }
    /// `applicationDidEnterBackground(_:)`.
    public func didEnterBackground() { enterBackground() }
    /// `applicationWillEnterForeground(_:)`.
    public func willEnterForeground() { enterForeground() }
    /// `applicationWillTerminate(_:)`.
    public func willTerminate() { terminate() }

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`; `.noData` when
    /// the delegate does not claim it (UIKit then ends the background time at once).
    public func didReceiveRemoteNotification(_ notification: RemoteNotification) async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            let claimed: Void? = send("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
                $0.application($1, didReceiveRemoteNotification: notification.userInfo.propertyList) { result in
                    continuation.resume(returning: BackgroundFetchResult(result))
                }
            }
            if claimed == nil { continuation.resume(returning: .noData) }
        }
    }

    /// `application(_:performFetchWithCompletionHandler:)`; `.noData` when not claimed.
    public func performFetch() async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            let claimed: Void? = send("application:performFetchWithCompletionHandler:") {
                $0.application($1) { result in continuation.resume(returning: BackgroundFetchResult(result)) }
            }
            if claimed == nil { continuation.resume(returning: .noData) }
        }
    }

    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    public func handleEventsForBackgroundURLSession(_ identifier: String) async {
        await withCheckedContinuation { continuation in
            let claimed: Void? = send("application:handleEventsForBackgroundURLSession:completionHandler:") {
                $0.application($1, handleEventsForBackgroundURLSession: identifier) { continuation.resume() }
            }
            if claimed == nil { continuation.resume() }
        }
    }

    /// `scene(_:willConnectTo:options:)` for a new scene with the identifier of `scene`: a
    /// CarPlay scene, whose delegate the initializer's `makeCarPlaySceneDelegate` makes, when
    /// the session's role is `SceneSessionRole.carTemplateApplication`; otherwise a window
    /// scene, whose delegate `makeSceneDelegate` makes.
    public func sceneWillConnect(_ scene: SceneInfo, options: SceneConnectionOptions) {
        let response = options.notificationResponse.map { platformResponse($0, userInfo: nil) }
        let connectionOptions = Self.connectionOptions(options, notificationResponse: response)
        if scene.session.role == .carTemplateApplication {
            _ = connectCarPlayScene(
                scene.identifier,
                options: connectionOptions,
                delegate: makeCarPlaySceneDelegate,
                beforeConnecting: { response?.targetScene = $0 }
            )
            return
        }
        _ = connectScene(
            scene.identifier,
            options: connectionOptions,
            delegate: makeSceneDelegate,
            beforeConnecting: { response?.targetScene = $0 }
        )
    }

    /// `sceneWillEnterForeground(_:)`.
    public func sceneWillEnterForeground(_ scene: SceneInfo) { connectedScene(scene.identifier).map(enterForeground) }

    /// `sceneDidBecomeActive(_:)`.
    public func sceneDidBecomeActive(_ scene: SceneInfo) { connectedScene(scene.identifier).map(becomeActive) }

    /// `sceneWillResignActive(_:)`.
    public func sceneWillResignActive(_ scene: SceneInfo) { connectedScene(scene.identifier).map(resignActive) }

    /// `sceneDidEnterBackground(_:)`.
    public func sceneDidEnterBackground(_ scene: SceneInfo) { connectedScene(scene.identifier).map(enterBackground) }

    /// `sceneDidDisconnect(_:)`.
    public func sceneDidDisconnect(_ scene: SceneInfo) { connectedScene(scene.identifier).map(disconnect) }

    /// `templateApplicationScene(_:didConnect:to:)` or `templateApplicationScene(_:didConnect:)`
    /// for the CarPlay scene with the identifier of `scene`.
    public func carPlayDidConnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        carPlayScenes[scene.identifier].map { connectInterfaceController(of: $0, connection) }
    }

    /// `templateApplicationScene(_:didDisconnect:from:)` or
    /// `templateApplicationScene(_:didDisconnectInterfaceController:)`.
    public func carPlayDidDisconnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        carPlayScenes[scene.identifier].map { disconnectInterfaceController(of: $0, connection) }
    }

    /// `templateApplicationScene(_:didSelect:)` with a new navigation alert.
    public func carPlayDidSelectNavigationAlert(_ scene: SceneInfo) {
        if let carPlayScene = carPlayScenes[scene.identifier] { selectNavigationAlert(in: carPlayScene) }
    }

    /// `templateApplicationScene(_:didSelect:)` with a new maneuver.
    public func carPlayDidSelectManeuver(_ scene: SceneInfo) {
        carPlayScenes[scene.identifier].map { selectManeuver(CPManeuver(), in: $0) }
    }

    /// `contentStyleDidChange(_:)`, with the scene's `contentStyle` set first, as CarPlay does.
    public func carPlayContentStyleDidChange(_ scene: SceneInfo, to contentStyle: UserInterfaceStyle) {
        carPlayScenes[scene.identifier].map {
            changeContentStyle(of: $0, to: UIUserInterfaceStyle(rawValue: contentStyle.rawValue) ?? .unspecified)
        }
    }

    // MARK: - Payloads as UIKit passes them

    /// The launch-options dictionary UIKit would pass for `options`.
    static func dictionary(_ options: LaunchOptions) -> [UIApplication.LaunchOptionsKey: Any]? {
        var dictionary: [UIApplication.LaunchOptionsKey: Any] = [:]
        dictionary[.url] = options.url
        dictionary[.sourceApplication] = options.sourceApplication
        dictionary[.remoteNotification] = options.remoteNotification?.propertyList
        dictionary[.shortcutItem] = options.shortcutItem.map(Self.shortcutItem)
        if let type = options.userActivityType {
            dictionary[.userActivityDictionary] = [UIApplication.LaunchOptionsKey.userActivityType.rawValue: type]
        }
        return dictionary.isEmpty ? nil : dictionary
    }

    /// The connection options UIKit would pass for `options`, with `notificationResponse`
    /// for its notification response.
    static func connectionOptions(
        _ options: SceneConnectionOptions,
        notificationResponse: UNNotificationResponse?
    ) -> UIScene.ConnectionOptions {
        UIScene.ConnectionOptions(
            urlContexts: Set(options.urlContexts.map { UIOpenURLContext(url: $0.url) }),
            sourceApplication: options.sourceApplication,
            userActivities: Set(options.userActivities.map(NSUserActivity.init)),
            notificationResponse: notificationResponse,
            shortcutItem: options.shortcutItem.map(Self.shortcutItem)
        )
    }

    private static func shortcutItem(_ item: ShortcutItem) -> UIApplicationShortcutItem {
        UIApplicationShortcutItem(
            type: item.type,
            localizedTitle: item.localizedTitle,
            localizedSubtitle: item.localizedSubtitle,
            icon: nil
        )
    }
}

extension BackgroundFetchResult {
    /// The merged result for UIKit's `UIBackgroundFetchResult`.
    init(_ result: UIBackgroundFetchResult) {
        switch result {
        case .newData: self = .newData
        case .noData: self = .noData
        case .failed: self = .failed
        }
    }
}
#endif
