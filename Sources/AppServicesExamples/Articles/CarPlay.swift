// The CarPlay part of the "Scenes, windows and readiness" article: the CarPlay scene's
// delegate an application names in its Info.plist, and a service that follows the car.

import AppServices
import AppServicesUIKit

#if canImport(UIKit)
import CarPlay
#else
import AppServicesUIKitShim
#endif

/// The delegate class of the Info.plist's CarPlay scene configuration.
final class CarPlaySceneDelegate: ServiceOrientedCarPlaySceneDelegate {}

/// Follows the car's screen: its interface controller, its content style, and whether the
/// CarPlay scene is in front.
final class CarDashboard: AppService, CarPlayHandling, SceneHandling {
    private(set) var interfaceController: CPInterfaceController?
    private(set) var drawsMap = false
    private(set) var contentStyle = UserInterfaceStyle.unspecified
    private(set) var isOnScreen = false

    func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection) {
        // Set the root template on it here; a navigation application also draws its map
        // in context.uiKit.carWindow.
        interfaceController = context.uiKit.interfaceController
        drawsMap = connection.hasWindow
    }

    func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection) {
        interfaceController = nil
        drawsMap = false
    }

    func templateApplicationScene(_ context: AppContext, contentStyleDidChange contentStyle: UserInterfaceStyle) {
        self.contentStyle = contentStyle
    }

    // Scene callbacks come for every scene: this service follows the car's only.
    func sceneDidBecomeActive(_ context: AppContext) {
        if context.scene?.session.role == .carTemplateApplication { isOnScreen = true }
    }

    func sceneWillResignActive(_ context: AppContext) {
        if context.scene?.session.role == .carTemplateApplication { isOnScreen = false }
    }
}

/// An application with a phone scene and a CarPlay scene.
final class CarAppDelegate: ServiceOrientedAppDelegate {
    let dashboard = CarDashboard()

    override func makeServices() -> [any AppService] { [dashboard] }
}
