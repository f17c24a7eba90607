import AppServices
import AppServicesTesting
import AppServicesUIKit
import Testing

@testable import AppServicesExamples

#if !canImport(UIKit)
import AppServicesUIKitShim
#endif

/// The CarPlay section of the "Scenes, windows and readiness" article.
@MainActor
struct CarPlayArticleTests {
    @Test("The dashboard follows the car beside the phone, and the application stays active while the car is")
    func dashboardFollowsTheCar() throws {
        let dashboard = CarDashboard()
        let composite = ServiceComposite([dashboard])
        let simulator = LifecycleSimulator(driving: composite)
        let phone = SceneInfo(session: SceneSession(persistentIdentifier: "phone"))
        let car = SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication))
        try simulator.coldLaunch(connecting: phone)
        try simulator.connectCarPlay(car, connection: .window)
        try simulator.sceneToBackground(phone)
        #expect(composite.applicationState == .active)

        #expect(dashboard.isOnScreen)
        #expect(dashboard.drawsMap)
        try simulator.changeContentStyle(of: car, to: .dark)
        #expect(dashboard.contentStyle == .dark)
        try simulator.close(car)
        #expect(!dashboard.isOnScreen)
        #expect(!dashboard.drawsMap)
        #expect(composite.applicationState == .background)
    }

    #if !canImport(UIKit)
    @Test("Through the CarPlay scene delegate the dashboard gets the scene's interface controller")
    func dashboardGetsTheInterfaceController() {
        let appDelegate = CarAppDelegate()
        _ = appDelegate.application(UIApplication(), didFinishLaunchingWithOptions: nil)
        let configuration = UISceneConfiguration(name: "CarPlay", sessionRole: .carTemplateApplication)
        let session = UISceneSession(
            persistentIdentifier: "car",
            role: .carTemplateApplication,
            configuration: configuration
        )
        let options = UIScene.ConnectionOptions()
        let scene = CPTemplateApplicationScene(session: session, connectionOptions: options)
        let delegate: any CPTemplateApplicationSceneDelegate = CarPlaySceneDelegate()
        scene.delegate = delegate

        delegate.scene(scene, willConnectTo: session, options: options)
        delegate.templateApplicationScene(scene, didConnect: scene.interfaceController)
        #expect(appDelegate.dashboard.interfaceController === scene.interfaceController)
        #expect(!appDelegate.dashboard.drawsMap)
        delegate.templateApplicationScene(scene, didDisconnectInterfaceController: scene.interfaceController)
        #expect(appDelegate.dashboard.interfaceController == nil)
    }
    #endif
}
