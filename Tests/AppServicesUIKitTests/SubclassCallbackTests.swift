#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Testing

/// Step 1 of migrating a massive app delegate: the app's delegate becomes a subclass of the
/// adapter and keeps its own callbacks. UIKit must go on calling each of them, whether or
/// not a service handles the callback yet.
@MainActor
struct SubclassCallbackTests {
    /// An app delegate in the middle of its migration: it still implements five callbacks
    /// itself, and has no service for any of them.
    final class MigratingAppDelegate: ServiceOrientedAppDelegate {
        private(set) var calls: [String] = []

        override func application(
            _ app: UIApplication,
            open url: URL,
            options: [UIApplication.OpenURLOptionsKey: Any]
        ) -> Bool {
            calls.append("open \(url.absoluteString)")
            return true
        }

        override func application(
            _ application: UIApplication,
            didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
        ) {
            calls.append("token \(deviceToken.count) bytes")
        }

        override func application(
            _ application: UIApplication,
            supportedInterfaceOrientationsFor window: UIWindow?
        ) -> UIInterfaceOrientationMask {
            calls.append("orientations")
            return .portrait
        }

        override func application(
            _ application: UIApplication,
            handleEventsForBackgroundURLSession identifier: String,
            completionHandler: @escaping () -> Void
        ) {
            calls.append("session \(identifier)")
            completionHandler()
        }

        override func application(
            _ application: UIApplication,
            performActionFor shortcutItem: UIApplicationShortcutItem,
            completionHandler: @escaping (Bool) -> Void
        ) {
            calls.append("shortcut \(shortcutItem.type)")
            completionHandler(true)
        }
    }

    /// What the Objective-C compiler records on Apple platforms for the class above.
    nonisolated static let overridden = [
        "application:openURL:options:",
        "application:didRegisterForRemoteNotificationsWithDeviceToken:",
        "application:supportedInterfaceOrientationsForWindow:",
        "application:handleEventsForBackgroundURLSession:completionHandler:",
        "application:performActionForShortcutItem:completionHandler:",
    ]

    init() {
        ObjectiveCMethods.record(Self.overridden, implementedBy: MigratingAppDelegate.self)
    }

    @Test("Every callback the subclass overrides is claimed with no service handling it", arguments: overridden)
    func overriddenCallbackIsClaimed(_ selector: String) {
        #expect(SimulatedUIKit.claims(MigratingAppDelegate(), selector))
    }

    @Test("A callback neither the subclass nor a service implements stays unclaimed")
    func otherCallbacksStayUnclaimed() {
        let delegate = MigratingAppDelegate()
        #expect(!SimulatedUIKit.claims(delegate, "application:performFetchWithCompletionHandler:"))
        #expect(!SimulatedUIKit.claims(delegate, "application:didReceiveRemoteNotification:fetchCompletionHandler:"))
        #expect(!SimulatedUIKit.claims(TestAppDelegate([]), "application:openURL:options:"))
    }

    @Test("UIKit calls the subclass's own callbacks")
    func subclassCallbacksAreCalled() {
        let delegate = MigratingAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        let url = URL(string: "shop://orders/7")!
        let opened = uiKit.send("application:openURL:options:") { $0.application($1, open: url, options: [:]) }
        uiKit.send("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
            $0.application($1, didRegisterForRemoteNotificationsWithDeviceToken: Data([1, 2, 3]))
        }
        let mask = uiKit.send("application:supportedInterfaceOrientationsForWindow:") {
            $0.application($1, supportedInterfaceOrientationsFor: nil)
        }
        uiKit.send("application:handleEventsForBackgroundURLSession:completionHandler:") {
            $0.application($1, handleEventsForBackgroundURLSession: "uploads") {}
        }
        let item = UIApplicationShortcutItem(type: "com.example.scan", localizedTitle: "Scan")
        uiKit.send("application:performActionForShortcutItem:completionHandler:") {
            $0.application($1, performActionFor: item) { _ in }
        }

        #expect(opened == true)
        #expect(mask == .portrait)
        #expect(
            delegate.calls == [
                "open shop://orders/7", "token 3 bytes", "orientations", "session uploads", "shortcut com.example.scan",
            ]
        )
    }

    /// A scene delegate in the middle of its migration.
    final class MigratingSceneDelegate: ServiceOrientedSceneDelegate {
        private(set) var openedURLs: [URL] = []

        override func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            openedURLs += URLContexts.map(\.url)
        }
    }

    @Test("A scene delegate's own callbacks are claimed and called")
    func sceneSubclassCallbacksAreCalled() {
        ObjectiveCMethods.record(["scene:openURLContexts:"], implementedBy: MigratingSceneDelegate.self)
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        uiKit.launch()
        let delegate = MigratingSceneDelegate()
        let scene = uiKit.connectScene("A") { delegate }
        let url = URL(string: "shop://cart")!
        uiKit.sendScene(scene, "scene:openURLContexts:") {
            $0.scene(scene, openURLContexts: [UIOpenURLContext(url: url, options: UIScene.OpenURLOptions())])
        }
        #expect(delegate.openedURLs == [url])
        #expect(!SimulatedUIKit.claims(delegate, "scene:continueUserActivity:"))
    }

    @Test("A window cannot be assigned through the scene delegate protocol, as with UIKit")
    func windowIsNotSettableThroughTheProtocol() {
        let throughProtocol: PartialKeyPath<any UIWindowSceneDelegate> = \.window
        #expect(!(throughProtocol is WritableKeyPath<any UIWindowSceneDelegate, UIWindow?>))
        let throughAppProtocol: PartialKeyPath<any UIApplicationDelegate> = \.window
        #expect(!(throughAppProtocol is WritableKeyPath<any UIApplicationDelegate, UIWindow?>))
        let throughClass: PartialKeyPath<ServiceOrientedSceneDelegate> = \.window
        #expect(throughClass is ReferenceWritableKeyPath<ServiceOrientedSceneDelegate, UIWindow?>)
    }
}

#endif
