#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import Foundation
import Testing

/// What a user on Linux writes to test an app's delegate subclass: only the public products,
/// no shim import (`import AppServicesUIKit` brings UIKit's declarations where UIKit is
/// missing).
@MainActor
struct SimulatedUIKitTests {
    final class PushService: RecordingService {}

    final class AppDelegate: ServiceOrientedAppDelegate {
        let push = PushService()
        private(set) var openedByTheDelegate: [URL] = []

        override func makeServices() -> [any AppService] { [push] }

        override func application(
            _ app: UIApplication,
            open url: URL,
            options: [UIApplication.OpenURLOptionsKey: Any]
        ) -> Bool {
            openedByTheDelegate.append(url)
            return true
        }
    }

    init() {
        ObjectiveCMethods.record(["application:openURL:options:"], implementedBy: AppDelegate.self)
    }

    @Test("A lifecycle simulator drives the adapter: a launch into the background for a silent push")
    func launchIntoTheBackground() async throws {
        let delegate = AppDelegate()
        delegate.push.answers.remoteNotification = .newData
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)

        let result = try await simulator.launchIntoBackground(for: RemoteNotification(userInfo: ["badge": 3]))

        #expect(result == .newData)
        #expect(uiKit.application.applicationState == .background)
        #expect(delegate.composite.applicationState == .background)
        #expect(delegate.push.callbacks == [.willFinishLaunching, .didFinishLaunching, .didReceiveRemoteNotification])
    }

    /// Answers a background fetch itself, then lets the adapter answer too: a mistake (the
    /// handler is called twice), which UIKit survives.
    final class EagerAppDelegate: ServiceOrientedAppDelegate {
        final class Fetcher: AppService, BackgroundFetchHandling {
            func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult { .noData }
        }

        override func makeServices() -> [any AppService] { [Fetcher()] }

        override func application(
            _ application: UIApplication,
            performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
        ) {
            completionHandler(.newData)
            super.application(application, performFetchWithCompletionHandler: completionHandler)
        }
    }

    @Test("A delegate that calls a completion handler twice gets the first answer heard, and the test goes on")
    func completionHandlerCalledTwice() async throws {
        let uiKit = SimulatedUIKit(delegate: EagerAppDelegate())
        _ = uiKit.didFinishLaunching(LaunchOptions())
        #expect(await uiKit.performFetch() == .newData)
    }

    @Test("Cold launch, a scene, background and foreground reach the services through the adapter")
    func sceneSequence() throws {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))

        try simulator.coldLaunch(connecting: scene)
        try simulator.sceneToBackground(scene)

        #expect(uiKit.scenes["main"]?.activationState == .background)
        #expect(delegate.composite.sceneState(for: "main") == .background)
        #expect(delegate.push.callbacks.contains(.sceneWillConnect))
        #expect(delegate.push.callbacks.suffix(2) == [.sceneDidEnterBackground, .didEnterBackground])
    }

    final class SilentPushService: AppService, RemoteNotificationHandling {
        func application(
            _ context: AppContext,
            didReceiveRemoteNotification notification: RemoteNotification
        ) async throws -> BackgroundFetchResult { .noData }
    }

    final class NarrowAppDelegate: ServiceOrientedAppDelegate {
        override func makeServices() -> [any AppService] { [SilentPushService()] }
    }

    @Test("The callbacks UIKit would call: the composite's own, the services' and the delegate's overrides")
    func claimedCallbacks() {
        ObjectiveCMethods.record(["application:openURL:options:"], implementedBy: NarrowAppDelegate.self)
        let uiKit = SimulatedUIKit(delegate: NarrowAppDelegate())
        let claimed = Set(uiKit.claimedCallbacks)
        #expect(claimed.contains("application:didFinishLaunchingWithOptions:"))
        #expect(claimed.contains("application:openURL:options:"))  // overridden by the delegate
        #expect(claimed.contains("application:didReceiveRemoteNotification:fetchCompletionHandler:"))  // the service
        #expect(claimed.isSubset(of: ServiceOrientedAppDelegate.forwardedSelectors))
        #expect(claimed.count < ServiceOrientedAppDelegate.forwardedSelectors.count)

        let empty = SimulatedUIKit(delegate: ServiceOrientedAppDelegate())
        #expect(!empty.claimedCallbacks.contains("application:openURL:options:"))
        #expect(!empty.claimedCallbacks.contains("application:didReceiveRemoteNotification:fetchCompletionHandler:"))
    }
}

#endif
