#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import Testing

/// What a user on Linux writes to test a CarPlay scene delegate and the services behind it:
/// only the public products, no shim import.
@MainActor
struct SimulatedUIKitCarPlayTests {
    final class CarService: RecordingService {}

    final class AppDelegate: ServiceOrientedAppDelegate {
        let car = CarService()
        override func makeServices() -> [any AppService] { [car] }
    }

    @Test("A simulated UIKit connects a CarPlay scene, its interface controller and a selection, through the delegate")
    func carPlayScene() {
        let appDelegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        uiKit.launch()
        let car = uiKit.connectCarPlayScene("car") { ServiceOrientedCarPlaySceneDelegate() }
        uiKit.connectInterfaceController(of: car, .window)
        uiKit.bringToForeground(car)
        uiKit.selectManeuver(CPManeuver(), in: car)

        #expect(uiKit.carPlayScenes["car"] === car)
        #expect(car.session.role == .carTemplateApplication)
        #expect(car.activationState == .foregroundActive)
        #expect(appDelegate.composite.applicationState == .active)
        #expect(
            appDelegate.car.calls.filter { $0.scene == "car" }.map(\.callback) == [
                .sceneWillConnect, .carPlayDidConnectToWindow, .sceneWillEnterForeground, .sceneDidBecomeActive,
                .carPlayDidSelectManeuver,
            ]
        )

        uiKit.sendToBackground(car)
        uiKit.disconnectInterfaceController(of: car, .window)
        uiKit.disconnect(car)
        #expect(uiKit.carPlayScenes.isEmpty)
        #expect(appDelegate.composite.sceneState(for: "car") == .disconnected)
    }
}

#endif
