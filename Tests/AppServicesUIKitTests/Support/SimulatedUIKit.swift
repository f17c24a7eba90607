// The simulated UIKit needs the shim's hooks (creating sessions and connection options,
// setting the application's state), which the real UIKit does not offer; where UIKit
// exists these tests are compiled out and the adapters are checked by building them.
#if !canImport(UIKit)
import AppServicesUIKitShim

/// A stand-in for UIKit that drives the adapters the way UIKit does: it asks
/// `responds(to:)` with the SDK's selector strings before every call, calls only what is
/// claimed, and always through the delegate protocols (`any UIApplicationDelegate`,
/// `any UIWindowSceneDelegate`), so an adapter method whose signature does not match the
/// SDK's requirement is not called and the test sees the protocol's default instead.
///
/// Like UIKit, it posts the `UIApplication` notifications after the matching callbacks, to
/// its own notification center so tests running in parallel do not hear each other.
@MainActor
final class SimulatedUIKit {
    let application = UIApplication()
    let delegate: any UIApplicationDelegate
    let notificationCenter = NotificationCenter()
    /// The selectors UIKit would have called but the delegate did not claim, in order.
    private(set) var unclaimed: [String] = []

    init(delegate: any UIApplicationDelegate) {
        self.delegate = delegate
        application.delegate = delegate
    }

    /// Whether `object` claims `selector`, asked as UIKit asks.
    static func claims(_ object: any NSObjectProtocol, _ selector: String) -> Bool {
        guard let responder = object as? UIResponder else { return false }
        return responder.responds(to: Selector((selector)))
    }

    /// Calls `body` with the delegate when it claims `selector`; `nil` when it does not.
    @discardableResult
    func send<Answer>(
        _ selector: String,
        _ body: (any UIApplicationDelegate, UIApplication) -> Answer
    ) -> Answer? {
        guard Self.claims(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        return body(delegate, application)
    }

    private func post(_ name: Notification.Name) {
        notificationCenter.post(name: name, object: application)
    }

    // MARK: - Sequences of reference/apple-api.md

    /// will/didFinishLaunching; `inBackground` launches into the background state (silent
    /// push, background fetch). The launch's answer: `false` if either callback refused.
    @discardableResult
    func launch(options: [UIApplication.LaunchOptionsKey: Any]? = nil, inBackground: Bool = false) -> Bool {
        application.applicationState = inBackground ? .background : .inactive
        let will = send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: options)
        }
        let did = send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: options)
        }
        post(UIApplication.didFinishLaunchingNotification)
        return (will ?? true) && (did ?? true)
    }

    /// applicationDidBecomeActive (after launch, or after willEnterForeground).
    func becomeActive() {
        application.applicationState = .active
        send("applicationDidBecomeActive:") { $0.applicationDidBecomeActive($1) }
        post(UIApplication.didBecomeActiveNotification)
    }

    /// applicationWillResignActive (an incoming call, or on the way to the background).
    func resignActive() {
        send("applicationWillResignActive:") { $0.applicationWillResignActive($1) }
        post(UIApplication.willResignActiveNotification)
        application.applicationState = .inactive
    }

    /// applicationDidEnterBackground.
    func enterBackground() {
        application.applicationState = .background
        send("applicationDidEnterBackground:") { $0.applicationDidEnterBackground($1) }
        post(UIApplication.didEnterBackgroundNotification)
    }

    /// applicationWillEnterForeground.
    func enterForeground() {
        send("applicationWillEnterForeground:") { $0.applicationWillEnterForeground($1) }
        post(UIApplication.willEnterForegroundNotification)
        application.applicationState = .inactive
    }

    /// applicationWillTerminate, for an application that is running (not suspended).
    func terminate() {
        send("applicationWillTerminate:") { $0.applicationWillTerminate($1) }
        post(UIApplication.willTerminateNotification)
    }

    /// applicationDidReceiveMemoryWarning.
    func receiveMemoryWarning() {
        send("applicationDidReceiveMemoryWarning:") { $0.applicationDidReceiveMemoryWarning($1) }
        post(UIApplication.didReceiveMemoryWarningNotification)
    }

    // MARK: - Scenes

    /// Connects a window scene as UIKit does: asks the app delegate for its configuration
    /// (when claimed), creates the scene and a delegate, and sends willConnect.
    func connectScene(
        _ identifier: String,
        options: UIScene.ConnectionOptions = UIScene.ConnectionOptions(),
        delegate makeDelegate: () -> any UIWindowSceneDelegate
    ) -> UIWindowScene {
        let manifest = UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
        let session = UISceneSession(
            persistentIdentifier: identifier,
            role: .windowApplication,
            configuration: manifest
        )
        let configuration = send("application:configurationForConnectingSceneSession:options:") {
            $0.application($1, configurationForConnecting: session, options: options)
        }
        let connected = UISceneSession(
            persistentIdentifier: identifier,
            role: .windowApplication,
            configuration: configuration ?? manifest
        )
        let scene = UIWindowScene(session: connected, connectionOptions: options)
        scene.title = "Scene \(identifier)"
        scene.delegate = makeDelegate()
        sendScene(scene, "scene:willConnectToSession:options:") {
            $0.scene(scene, willConnectTo: connected, options: options)
        }
        return scene
    }

    /// Calls `body` with the scene's delegate when it claims `selector`; `nil` when not.
    @discardableResult
    func sendScene<Answer>(
        _ scene: UIWindowScene,
        _ selector: String,
        _ body: (any UIWindowSceneDelegate) -> Answer
    ) -> Answer? {
        guard let delegate = scene.delegate as? any UIWindowSceneDelegate, Self.claims(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        return body(delegate)
    }

    /// sceneWillEnterForeground, then sceneDidBecomeActive.
    func bringToForeground(_ scene: UIWindowScene) {
        sendScene(scene, "sceneWillEnterForeground:") { $0.sceneWillEnterForeground(scene) }
        scene.activationState = .foregroundInactive
        sendScene(scene, "sceneDidBecomeActive:") { $0.sceneDidBecomeActive(scene) }
        scene.activationState = .foregroundActive
    }

    /// sceneWillResignActive, then sceneDidEnterBackground.
    func sendToBackground(_ scene: UIWindowScene) {
        sendScene(scene, "sceneWillResignActive:") { $0.sceneWillResignActive(scene) }
        scene.activationState = .foregroundInactive
        sendScene(scene, "sceneDidEnterBackground:") { $0.sceneDidEnterBackground(scene) }
        scene.activationState = .background
    }

    /// sceneDidDisconnect; the session stays until the user discards it.
    func disconnect(_ scene: UIWindowScene) {
        sendScene(scene, "sceneDidDisconnect:") { $0.sceneDidDisconnect(scene) }
        scene.activationState = .unattached
    }

    /// application(_:didDiscardSceneSessions:).
    func discard(_ sessions: Set<UISceneSession>) {
        send("application:didDiscardSceneSessions:") { $0.application($1, didDiscardSceneSessions: sessions) }
    }
}

#endif
