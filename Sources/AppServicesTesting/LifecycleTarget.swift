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
}

/// Drives a composite with no platform objects.
@MainActor
final class CompositeTarget: LifecycleTarget {
    let composite: ServiceComposite

    init(_ composite: ServiceComposite) { self.composite = composite }

    func willFinishLaunching(_ options: LaunchOptions) -> Bool { composite.willFinishLaunching(options) }
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
}
