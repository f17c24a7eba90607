// With the package's `CarPlay` trait only: without it the adapter has no CarPlay scene
// delegate to drive.
#if !canImport(UIKit) && CarPlay
public import AppServices
import AppServicesUIKit
public import AppServicesUIKitShim
public import AppServicesCarPlayShim

/// CarPlay as the system drives it: a CarPlay scene connects like a window scene, with the
/// role `UISceneSession.Role.carTemplateApplication` and a `CPTemplateApplicationSceneDelegate`;
/// CarPlay then connects its interface controller, delivers selections and content styles,
/// and disconnects the interface controller before the scene. Every CarPlay callback goes
/// through `any CPTemplateApplicationSceneDelegate`, after `responds(to:)` with the SDK's
/// selector, as CarPlay calls it.
///
/// ```swift
/// let car = uiKit.connectCarPlayScene("car") { ServiceOrientedCarPlaySceneDelegate() }
/// uiKit.connectInterfaceController(of: car, .window)
/// uiKit.bringToForeground(car)
/// ```
extension SimulatedUIKit {
    /// Connects a CarPlay scene as UIKit does: asks the app delegate for its configuration
    /// (when claimed) for a session with the CarPlay role, creates the scene, with its
    /// interface controller and window, and its delegate, and sends willConnect. The
    /// interface controller connects in a step of its own
    /// (``connectInterfaceController(of:_:)``). `nil` options are empty ones.
    @discardableResult
    public func connectCarPlayScene(
        _ identifier: String,
        options: UIScene.ConnectionOptions? = nil,
        delegate makeDelegate: () -> any CPTemplateApplicationSceneDelegate
    ) -> CPTemplateApplicationScene {
        connectCarPlayScene(identifier, options: options, delegate: makeDelegate, beforeConnecting: { _ in })
    }

    /// ``connectCarPlayScene(_:options:delegate:)``, calling `prepare` with the new scene
    /// before its delegate hears of it.
    func connectCarPlayScene(
        _ identifier: String,
        options: UIScene.ConnectionOptions?,
        delegate makeDelegate: () -> any CPTemplateApplicationSceneDelegate,
        beforeConnecting prepare: (CPTemplateApplicationScene) -> Void
    ) -> CPTemplateApplicationScene {
        let options = options ?? UIScene.ConnectionOptions()
        let connected = connectingSession(identifier, role: .carTemplateApplication, options: options)
        let scene = CPTemplateApplicationScene(session: connected, connectionOptions: options)
        scene.title = "CarPlay \(identifier)"
        scene.delegate = makeDelegate()
        carPlayScenes[identifier] = scene
        prepare(scene)
        sendSceneLifeCycle(scene, "scene:willConnectToSession:options:") {
            $0.scene(scene, willConnectTo: connected, options: options)
        }
        return scene
    }

    /// Calls `body` with the CarPlay scene's delegate, as a `CPTemplateApplicationSceneDelegate`,
    /// when it claims `selector` (the SDK's string, such as
    /// `templateApplicationScene:didSelectManeuver:`); `nil` when it does not.
    @discardableResult
    public func sendCarPlayScene<Answer>(
        _ scene: CPTemplateApplicationScene,
        _ selector: String,
        _ body: (any CPTemplateApplicationSceneDelegate) -> Answer
    ) -> Answer? {
        guard let delegate = scene.delegate as? any CPTemplateApplicationSceneDelegate,
            claimsDuringStep(delegate, selector)
        else {
            unclaimed.append(selector)
            return nil
        }
        delivered.append(selector)
        return withSimulatedFrameworks { body(delegate) }
    }

    /// CarPlay connects the scene's interface controller: with the scene's window for a
    /// `.window` connection (`templateApplicationScene(_:didConnect:to:)`, a navigation
    /// application), without it for `.templates` (`templateApplicationScene(_:didConnect:)`).
    public func connectInterfaceController(
        of scene: CPTemplateApplicationScene,
        _ connection: CarPlayConnection = .templates
    ) {
        let controller = scene.interfaceController
        interfaceControllerConnections[scene.session.persistentIdentifier] = connection
        if connection.hasWindow {
            sendCarPlayScene(scene, "templateApplicationScene:didConnectInterfaceController:toWindow:") {
                $0.templateApplicationScene(scene, didConnect: controller, to: scene.carWindow)
            }
        } else {
            sendCarPlayScene(scene, "templateApplicationScene:didConnectInterfaceController:") {
                $0.templateApplicationScene(scene, didConnect: controller)
            }
        }
    }

    /// CarPlay disconnects the scene's interface controller in the form it connected it in:
    /// `templateApplicationScene(_:didDisconnect:from:)` for `.window`,
    /// `templateApplicationScene(_:didDisconnectInterfaceController:)` for `.templates`.
    public func disconnectInterfaceController(of scene: CPTemplateApplicationScene, _ connection: CarPlayConnection) {
        let controller = scene.interfaceController
        interfaceControllerConnections[scene.session.persistentIdentifier] = nil
        if connection.hasWindow {
            sendCarPlayScene(scene, "templateApplicationScene:didDisconnectInterfaceController:fromWindow:") {
                $0.templateApplicationScene(scene, didDisconnect: controller, from: scene.carWindow)
            }
        } else {
            sendCarPlayScene(scene, "templateApplicationScene:didDisconnectInterfaceController:") {
                $0.templateApplicationScene(scene, didDisconnectInterfaceController: controller)
            }
        }
    }

    /// A person taps the banner of a navigation alert: `templateApplicationScene(_:didSelect:)`
    /// with a new alert, which it returns (navigation alerts are made with templates the shim
    /// does not transcribe).
    @discardableResult
    public func selectNavigationAlert(in scene: CPTemplateApplicationScene) -> CPNavigationAlert {
        let alert = CPNavigationAlert()
        sendCarPlayScene(scene, "templateApplicationScene:didSelectNavigationAlert:") {
            $0.templateApplicationScene(scene, didSelect: alert)
        }
        return alert
    }

    /// A person taps the banner of `maneuver`: `templateApplicationScene(_:didSelect:)`.
    public func selectManeuver(_ maneuver: CPManeuver, in scene: CPTemplateApplicationScene) {
        sendCarPlayScene(scene, "templateApplicationScene:didSelectManeuver:") {
            $0.templateApplicationScene(scene, didSelect: maneuver)
        }
    }

    /// The car suggests another content style: the scene's `contentStyle` changes, then
    /// `contentStyleDidChange(_:)`.
    public func changeContentStyle(of scene: CPTemplateApplicationScene, to style: UIUserInterfaceStyle) {
        scene.contentStyle = style
        sendCarPlayScene(scene, "contentStyleDidChange:") { $0.contentStyleDidChange(style) }
    }
}
#endif
