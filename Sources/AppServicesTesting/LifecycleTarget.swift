public import AppServices

/// What a ``LifecycleSimulator`` drives: something that receives UIKit's lifecycle
/// callbacks. `ServiceComposite` is one; wrap a platform adapter to drive it the same way.
@MainActor
public protocol LifecycleTarget: AnyObject {
    /// `application(_:willFinishLaunchingWithOptions:)`.
    func willFinishLaunching(_ options: LaunchOptions) -> Bool
    /// `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(_ options: LaunchOptions) -> Bool
    /// `applicationDidBecomeActive(_:)`.
    func didBecomeActive()
    /// `applicationWillResignActive(_:)`.
    func willResignActive()
    /// `applicationDidEnterBackground(_:)`.
    func didEnterBackground()
    /// `applicationWillEnterForeground(_:)`.
    func willEnterForeground()
    /// `applicationWillTerminate(_:)`.
    func willTerminate()
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`, answered once.
    func didReceiveRemoteNotification(_ notification: RemoteNotification) async -> BackgroundFetchResult
    /// `application(_:performFetchWithCompletionHandler:)`, answered once.
    func performFetch() async -> BackgroundFetchResult
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`, completed once.
    func handleEventsForBackgroundURLSession(_ identifier: String) async
    /// `scene(_:willConnectTo:options:)`.
    func sceneWillConnect(_ scene: SceneInfo, options: SceneConnectionOptions)
    /// `sceneWillEnterForeground(_:)`.
    func sceneWillEnterForeground(_ scene: SceneInfo)
    /// `sceneDidBecomeActive(_:)`.
    func sceneDidBecomeActive(_ scene: SceneInfo)
    /// `sceneWillResignActive(_:)`.
    func sceneWillResignActive(_ scene: SceneInfo)
    /// `sceneDidEnterBackground(_:)`.
    func sceneDidEnterBackground(_ scene: SceneInfo)
    /// `sceneDidDisconnect(_:)`.
    func sceneDidDisconnect(_ scene: SceneInfo)
    /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`, answered once.
    func willPresentNotification(_ notification: UserNotification) async -> NotificationPresentationOptions
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`, completed once.
    func didReceiveNotificationResponse(_ response: NotificationResponse) async
    /// `templateApplicationScene(_:didConnect:to:)` for a `.window` connection,
    /// `templateApplicationScene(_:didConnect:)` for `.templates`, for the CarPlay scene `scene`.
    func carPlayDidConnect(_ scene: SceneInfo, connection: CarPlayConnection)
    /// `templateApplicationScene(_:didDisconnect:from:)` for a `.window` connection,
    /// `templateApplicationScene(_:didDisconnectInterfaceController:)` for `.templates`.
    func carPlayDidDisconnect(_ scene: SceneInfo, connection: CarPlayConnection)
    /// `templateApplicationScene(_:didSelect:)` with a navigation alert.
    func carPlayDidSelectNavigationAlert(_ scene: SceneInfo)
    /// `templateApplicationScene(_:didSelect:)` with a maneuver.
    func carPlayDidSelectManeuver(_ scene: SceneInfo)
    /// `contentStyleDidChange(_:)` for the CarPlay scene `scene`.
    func carPlayContentStyleDidChange(_ scene: SceneInfo, to contentStyle: UserInterfaceStyle)
    /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`: delivers `payload` and
    /// calls `completion` each time the push's completion handler is called (once, when the
    /// target behaves), with what the services reported when the target can tell, `nil`
    /// otherwise.
    func didReceiveIncomingPush(
        _ payload: PushPayload,
        completion: @escaping @MainActor @Sendable (VoIPCallReport?) -> Void
    )
    /// `pushRegistry(_:didUpdate:for:)`.
    func didUpdatePushCredentials(_ credentials: PushCredentials)
    /// `pushRegistry(_:didInvalidatePushTokenFor:)`.
    func didInvalidatePushToken(for type: PushType)
    /// Takes the simulated system's background-task scheduler and background time; the
    /// simulator calls it once, when it is created.
    ///
    /// The target registers its background tasks with `scheduler` by the time
    /// `didFinishLaunching` returns, as an application registers with `BGTaskScheduler`, and
    /// begins the background time of its work from `backgroundTime`, as with
    /// `beginBackgroundTask`.
    func install(backgroundTasks scheduler: any BackgroundTaskScheduler, backgroundTime: any BackgroundTimeProvider)
}

extension LifecycleTarget {
    /// Stops the test: this target does not deliver notifications. Implement
    /// ``willPresentNotification(_:)`` in its conformance to drive it with notification steps.
    public func willPresentNotification(_ notification: UserNotification) async -> NotificationPresentationOptions {
        preconditionFailure(
            "\(Self.self) does not deliver userNotificationCenter(_:willPresent:withCompletionHandler:); "
                + "implement willPresentNotification(_:) in its LifecycleTarget conformance."
        )
    }

    /// Stops the test: this target does not deliver notification responses. Implement
    /// ``didReceiveNotificationResponse(_:)`` in its conformance to drive it with
    /// notification steps.
    public func didReceiveNotificationResponse(_ response: NotificationResponse) async {
        preconditionFailure(
            "\(Self.self) does not deliver userNotificationCenter(_:didReceive:withCompletionHandler:); "
                + "implement didReceiveNotificationResponse(_:) in its LifecycleTarget conformance."
        )
    }

    /// Stops the test: this target has no CarPlay scene delegate. Implement
    /// ``carPlayDidConnect(_:connection:)`` and the other CarPlay members in its conformance
    /// to drive it with CarPlay steps.
    public func carPlayDidConnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        Self.noCarPlay("templateApplicationScene(_:didConnect:)")
    }

    /// Stops the test: this target has no CarPlay scene delegate (see
    /// ``carPlayDidConnect(_:connection:)``).
    public func carPlayDidDisconnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        Self.noCarPlay("templateApplicationScene(_:didDisconnect:)")
    }

    /// Stops the test: this target has no CarPlay scene delegate (see
    /// ``carPlayDidConnect(_:connection:)``).
    public func carPlayDidSelectNavigationAlert(_ scene: SceneInfo) {
        Self.noCarPlay("templateApplicationScene(_:didSelect:)")
    }

    /// Stops the test: this target has no CarPlay scene delegate (see
    /// ``carPlayDidConnect(_:connection:)``).
    public func carPlayDidSelectManeuver(_ scene: SceneInfo) {
        Self.noCarPlay("templateApplicationScene(_:didSelect:)")
    }

    /// Stops the test: this target has no CarPlay scene delegate (see
    /// ``carPlayDidConnect(_:connection:)``).
    public func carPlayContentStyleDidChange(_ scene: SceneInfo, to contentStyle: UserInterfaceStyle) {
        Self.noCarPlay("contentStyleDidChange(_:)")
    }

    private static func noCarPlay(_ callback: String) -> Never {
        preconditionFailure(
            "\(Self.self) does not deliver \(callback) to a CarPlay scene; implement the CarPlay members "
                + "(carPlayDidConnect(_:connection:) and the others) in its LifecycleTarget conformance."
        )
    }

    /// Stops the test: this target does not deliver PushKit pushes. Implement
    /// ``didReceiveIncomingPush(_:completion:)`` in its conformance to drive it with push
    /// steps.
    public func didReceiveIncomingPush(
        _ payload: PushPayload,
        completion: @escaping @MainActor @Sendable (VoIPCallReport?) -> Void
    ) {
        preconditionFailure(
            "\(Self.self) does not deliver pushRegistry(_:didReceiveIncomingPushWith:for:completion:); "
                + "implement didReceiveIncomingPush(_:completion:) in its LifecycleTarget conformance."
        )
    }

    /// Stops the test: this target does not deliver PushKit tokens. Implement
    /// ``didUpdatePushCredentials(_:)`` in its conformance to drive it with push steps.
    public func didUpdatePushCredentials(_ credentials: PushCredentials) {
        preconditionFailure(
            "\(Self.self) does not deliver pushRegistry(_:didUpdate:for:); "
                + "implement didUpdatePushCredentials(_:) in its LifecycleTarget conformance."
        )
    }

    /// Stops the test: this target does not deliver PushKit token invalidations. Implement
    /// ``didInvalidatePushToken(for:)`` in its conformance to drive it with push steps.
    public func didInvalidatePushToken(for type: PushType) {
        preconditionFailure(
            "\(Self.self) does not deliver pushRegistry(_:didInvalidatePushTokenFor:); "
                + "implement didInvalidatePushToken(for:) in its LifecycleTarget conformance."
        )
    }

    /// Takes nothing: the target registers no background tasks with the simulator, so the
    /// simulator refuses to launch any (no identifier is registered), and its background time
    /// records nothing.
    public func install(
        backgroundTasks scheduler: any BackgroundTaskScheduler,
        backgroundTime: any BackgroundTimeProvider
    ) {}
}

/// Drives a composite with no platform objects.
@MainActor
final class CompositeTarget: LifecycleTarget {
    let composite: ServiceComposite
    /// The simulated `BGTaskScheduler`, registered with at launch.
    private var scheduler: (any BackgroundTaskScheduler)?

    init(_ composite: ServiceComposite) { self.composite = composite }

    func install(backgroundTasks scheduler: any BackgroundTaskScheduler, backgroundTime: any BackgroundTimeProvider) {
        self.scheduler = scheduler
        composite.backgroundTime = backgroundTime
    }

    func willFinishLaunching(_ options: LaunchOptions) -> Bool {
        // Before the services hear of the launch, as an adapter registers with
        // BGTaskScheduler: a service may submit a request from willFinishLaunching on.
        if let scheduler { composite.registerBackgroundTasks(with: scheduler) }
        return composite.willFinishLaunching(options)
    }
    func didFinishLaunching(_ options: LaunchOptions) -> Bool { composite.didFinishLaunching(options) }
    func didBecomeActive() { composite.didBecomeActive() }
    func willResignActive() { composite.willResignActive() }
    func didEnterBackground() { composite.didEnterBackground() }
    func willEnterForeground() { composite.willEnterForeground() }
    func willTerminate() { composite.willTerminate() }
    func didReceiveRemoteNotification(_ notification: RemoteNotification) async -> BackgroundFetchResult {
        await composite.didReceiveRemoteNotification(notification)
    }
    func performFetch() async -> BackgroundFetchResult { await composite.performFetch() }
    func handleEventsForBackgroundURLSession(_ identifier: String) async {
        await composite.handleEventsForBackgroundURLSession(identifier)
    }
    func sceneWillConnect(_ scene: SceneInfo, options: SceneConnectionOptions) {
        composite.sceneWillConnect(scene, options: options)
    }
    func sceneWillEnterForeground(_ scene: SceneInfo) { composite.sceneWillEnterForeground(scene) }
    func sceneDidBecomeActive(_ scene: SceneInfo) { composite.sceneDidBecomeActive(scene) }
    func sceneWillResignActive(_ scene: SceneInfo) { composite.sceneWillResignActive(scene) }
    func sceneDidEnterBackground(_ scene: SceneInfo) { composite.sceneDidEnterBackground(scene) }
    func sceneDidDisconnect(_ scene: SceneInfo) { composite.sceneDidDisconnect(scene) }
    func willPresentNotification(_ notification: UserNotification) async -> NotificationPresentationOptions {
        await composite.willPresentNotification(notification)
    }
    func didReceiveNotificationResponse(_ response: NotificationResponse) async {
        await composite.didReceiveNotificationResponse(response)
    }
    func carPlayDidConnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        composite.carPlayDidConnect(scene, connection: connection)
    }
    func carPlayDidDisconnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        composite.carPlayDidDisconnect(scene, connection: connection)
    }
    func carPlayDidSelectNavigationAlert(_ scene: SceneInfo) { composite.carPlayDidSelectNavigationAlert(scene) }
    func carPlayDidSelectManeuver(_ scene: SceneInfo) { composite.carPlayDidSelectManeuver(scene) }
    func carPlayContentStyleDidChange(_ scene: SceneInfo, to contentStyle: UserInterfaceStyle) {
        composite.carPlayContentStyleDidChange(scene, to: contentStyle)
    }
    func didReceiveIncomingPush(
        _ payload: PushPayload,
        completion: @escaping @MainActor @Sendable (VoIPCallReport?) -> Void
    ) {
        composite.didReceiveIncomingPush(payload) { completion($0) }
    }
    func didUpdatePushCredentials(_ credentials: PushCredentials) { composite.didUpdatePushCredentials(credentials) }
    func didInvalidatePushToken(for type: PushType) { composite.didInvalidatePushToken(for: type) }
}
