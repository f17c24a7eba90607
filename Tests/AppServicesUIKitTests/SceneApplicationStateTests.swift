#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Testing

/// In an application with scenes, UIKit calls none of the application delegate's state
/// callbacks, yet `UIApplication` follows the scenes: its state is its most active scene's,
/// and it posts its notifications as that changes. `SimulatedUIKit` does as UIKit does, so
/// that code observing the application behaves on Linux as on a device.
@MainActor
struct SceneApplicationStateTests {
    /// Records the application notifications posted to `center`, by short name, and the
    /// application's state as each is posted.
    @MainActor
    final class Observer {
        private(set) var posted: [String] = []
        private(set) var states: [UIApplication.State] = []
        private var tokens: [any NSObjectProtocol] = []

        init(_ center: NotificationCenter, _ application: UIApplication) {
            let names: [(Notification.Name, String)] = [
                (UIApplication.willEnterForegroundNotification, "willEnterForeground"),
                (UIApplication.didBecomeActiveNotification, "didBecomeActive"),
                (UIApplication.willResignActiveNotification, "willResignActive"),
                (UIApplication.didEnterBackgroundNotification, "didEnterBackground"),
            ]
            for (name, short) in names {
                tokens.append(
                    center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                        MainActor.assumeIsolated {
                            self?.posted.append(short)
                            self?.states.append(application.applicationState)
                        }
                    }
                )
            }
        }
    }

    /// Reads the scene's activation state in its two "did" callbacks.
    final class StateReader: AppService, SceneHandling {
        var seen: [String] = []
        func sceneDidBecomeActive(_ context: AppContext) {
            seen.append("didBecomeActive \(context.uiKit.scene.map { "\($0.activationState)" } ?? "-")")
        }
        func sceneDidEnterBackground(_ context: AppContext) {
            seen.append("didEnterBackground \(context.uiKit.scene.map { "\($0.activationState)" } ?? "-")")
        }
    }

    @Test("The application follows its most active scene and posts its notifications, as its delegate hears nothing")
    func applicationFollowsScenes() {
        let delegate = TestAppDelegate([Recorder()])
        let uiKit = SimulatedUIKit(delegate: delegate)
        let observer = Observer(uiKit.notificationCenter, uiKit.application)
        uiKit.launch()
        let first = uiKit.connectScene("first") { ServiceOrientedSceneDelegate() }
        let second = uiKit.connectScene("second") { ServiceOrientedSceneDelegate() }

        uiKit.bringToForeground(first)
        #expect(uiKit.application.applicationState == .active)
        #expect(observer.posted == ["didBecomeActive"])
        uiKit.bringToForeground(second)
        uiKit.sendToBackground(first)
        #expect(uiKit.application.applicationState == .active, "the second scene is still active")
        #expect(observer.posted == ["didBecomeActive"])

        uiKit.resignActive(second)
        #expect(uiKit.application.applicationState == .inactive)
        #expect(observer.posted == ["didBecomeActive", "willResignActive"])
        uiKit.becomeActive(second)
        uiKit.sendToBackground(second)
        #expect(uiKit.application.applicationState == .background)
        #expect(
            observer.posted == [
                "didBecomeActive", "willResignActive", "didBecomeActive", "willResignActive", "didEnterBackground",
            ]
        )

        uiKit.bringToForeground(first)
        #expect(uiKit.application.applicationState == .active)
        #expect(observer.posted.suffix(2) == ["willEnterForeground", "didBecomeActive"])
        // A "will" notification is posted in the state it leaves, a "did" one in the new.
        #expect(observer.states == [.active, .active, .active, .active, .background, .background, .active])
        // The composite, which derives the application's state from the scenes too, agrees,
        // and the application delegate heard no application-state callback.
        #expect(delegate.composite.applicationState == .active)
        #expect(!uiKit.delivered.contains("applicationDidBecomeActive:"))
        #expect(!uiKit.delivered.contains("applicationDidEnterBackground:"))
        withExtendedLifetime(observer) {}
    }

    /// Records the application object each callback came with.
    final class ApplicationReader: AppService, ApplicationStateHandling, SceneHandling {
        var seen: [(callback: String, application: UIApplication?)] = []
        func applicationDidBecomeActive(_ context: AppContext) {
            seen.append(("didBecomeActive", context.uiKit.application))
        }
        func applicationDidEnterBackground(_ context: AppContext) {
            seen.append(("didEnterBackground", context.uiKit.application))
        }
        func sceneWillEnterForeground(_ context: AppContext) {
            seen.append(("sceneWillEnterForeground", context.uiKit.application))
        }
    }

    @Test("The callbacks derived from the scenes, and the scenes' own, come with the application object")
    func derivedCallbacksCarryTheApplication() {
        let reader = ApplicationReader()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([reader]))
        uiKit.launch()
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(scene)
        uiKit.sendToBackground(scene)
        #expect(reader.seen.map(\.callback) == ["sceneWillEnterForeground", "didBecomeActive", "didEnterBackground"])
        #expect(reader.seen.allSatisfy { $0.application === uiKit.application })
    }

    @Test("A scene's did-callbacks see its new activation state; its will-callbacks the one it leaves")
    func didCallbacksSeeTheNewState() {
        let reader = StateReader()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([reader]))
        uiKit.launch()
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(scene)
        uiKit.sendToBackground(scene)
        #expect(reader.seen == ["didBecomeActive foregroundActive", "didEnterBackground background"])
    }
}
#endif
