#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// An application-wide recorder that also keeps what `context.uiKit` gave it for each
/// CarPlay callback, and for the scene callbacks of the CarPlay scene.
final class CarPlayRecorder: RecordingService {
    /// What `context.uiKit` held during one callback.
    struct Seen {
        let callback: AppCallback
        let scene: SceneInfo?
        let templateApplicationScene: CPTemplateApplicationScene?
        let interfaceController: CPInterfaceController?
        let carWindow: CPWindow?
        let navigationAlert: CPNavigationAlert?
        let maneuver: CPManeuver?
    }

    private(set) var seen: [Seen] = []

    private func keep(_ callback: AppCallback, _ context: AppContext) {
        let objects = context.uiKit
        seen.append(
            Seen(
                callback: callback,
                scene: context.scene,
                templateApplicationScene: objects.templateApplicationScene,
                interfaceController: objects.interfaceController,
                carWindow: objects.carWindow,
                navigationAlert: objects.navigationAlert,
                maneuver: objects.maneuver
            )
        )
    }

    /// The last thing seen with `callback`.
    func last(_ callback: AppCallback) -> Seen? { seen.last { $0.callback == callback } }

    override func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection) {
        keep(connection.hasWindow ? .carPlayDidConnectToWindow : .carPlayDidConnect, context)
        super.templateApplicationScene(context, didConnect: connection)
    }

    override func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection) {
        keep(connection.hasWindow ? .carPlayDidDisconnectFromWindow : .carPlayDidDisconnect, context)
        super.templateApplicationScene(context, didDisconnect: connection)
    }

    override func templateApplicationSceneDidSelectNavigationAlert(_ context: AppContext) {
        keep(.carPlayDidSelectNavigationAlert, context)
        super.templateApplicationSceneDidSelectNavigationAlert(context)
    }

    override func templateApplicationSceneDidSelectManeuver(_ context: AppContext) {
        keep(.carPlayDidSelectManeuver, context)
        super.templateApplicationSceneDidSelectManeuver(context)
    }

    override func templateApplicationScene(
        _ context: AppContext,
        contentStyleDidChange contentStyle: UserInterfaceStyle
    ) {
        keep(.carPlayContentStyleDidChange, context)
        super.templateApplicationScene(context, contentStyleDidChange: contentStyle)
    }

    override func sceneDidBecomeActive(_ context: AppContext) {
        keep(.sceneDidBecomeActive, context)
        super.sceneDidBecomeActive(context)
    }
}

/// Each connected scene's own recorder, phone or car.
final class PerSceneRecorder: RecordingSceneService {}

/// An application with a phone scene and a CarPlay scene, as UIKit creates its delegate.
final class DrivingAppDelegate: ServiceOrientedAppDelegate {
    let journal = CallJournal()
    let recorder: CarPlayRecorder
    let windows = RootWindowService()

    override init() {
        recorder = CarPlayRecorder(journal: journal)
        super.init()
    }

    override func makeServices() -> [any AppService] { [journal, recorder, windows] }
    override func makeSceneServices() -> [any SceneService.Type] { [PerSceneRecorder.self] }
}

/// A CarPlay scene delegate in the middle of a migration: it still handles maneuvers itself.
final class MigratingCarPlayDelegate: ServiceOrientedCarPlaySceneDelegate {
    private(set) var maneuvers: [CPManeuver] = []

    override func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect maneuver: CPManeuver
    ) {
        maneuvers.append(maneuver)
        super.templateApplicationScene(templateApplicationScene, didSelect: maneuver)
    }
}

/// `ServiceOrientedCarPlaySceneDelegate` driven as CarPlay drives it, beside a phone scene of
/// the same application, through `any CPTemplateApplicationSceneDelegate`.
@MainActor
struct CarPlaySceneDelegateTests {
    @MainActor
    final class Harness {
        let appDelegate = DrivingAppDelegate()
        let uiKit: SimulatedUIKit
        var composite: ServiceComposite { appDelegate.composite }

        init() {
            uiKit = SimulatedUIKit(delegate: appDelegate)
            uiKit.launch()
        }

        /// The journal since the last call, as `Service.callback[scene]`, without the app
        /// delegate's configuration requests.
        func drain() -> [String] {
            defer { appDelegate.journal.clear() }
            return appDelegate.journal.calls.filter { $0.callback != .configurationForConnecting }.map {
                "\($0.service).\($0.callback)" + ($0.scene.map { "[\($0)]" } ?? "")
            }
        }
    }

    let carSession = SceneSession(
        persistentIdentifier: "car",
        role: .carTemplateApplication,
        configurationName: "CarPlay Configuration"
    )

    @Test(
        "A CarPlay scene and a phone scene are two scenes of one composite: scene services, state and CarPlay callbacks"
    )
    func walksPhoneAndCar() throws {
        let harness = Harness()
        let phone = harness.uiKit.connectScene("phone") { ServiceOrientedSceneDelegate() }
        harness.uiKit.bringToForeground(phone)
        _ = harness.drain()

        let car = harness.uiKit.connectCarPlayScene("car") { ServiceOrientedCarPlaySceneDelegate() }
        harness.uiKit.connectInterfaceController(of: car)
        harness.uiKit.bringToForeground(car)
        #expect(
            harness.drain() == [
                "CarPlayRecorder.sceneWillConnect[car]", "PerSceneRecorder.sceneWillConnect[car]",
                "CarPlayRecorder.carPlayDidConnect[car]", "PerSceneRecorder.carPlayDidConnect[car]",
                "CarPlayRecorder.sceneWillEnterForeground[car]", "PerSceneRecorder.sceneWillEnterForeground[car]",
                "CarPlayRecorder.sceneDidBecomeActive[car]", "PerSceneRecorder.sceneDidBecomeActive[car]",
            ]
        )
        let carScene = try #require(harness.appDelegate.recorder.last(.carPlayDidConnect)?.scene)
        #expect(carScene == SceneInfo(session: carSession, title: "CarPlay car"))
        let carRecorder = try #require(harness.composite.sceneService(PerSceneRecorder.self, in: carScene))
        let phoneRecorder = try #require(harness.composite.sceneService(PerSceneRecorder.self, in: SceneInfo(phone)))
        #expect(carRecorder !== phoneRecorder)
        #expect(carRecorder.calls.allSatisfy { $0.scene == "car" })
        #expect(
            harness.appDelegate.windows.made.count == 1,
            "a CarPlay scene is not a window scene: no window asked for"
        )

        // The phone goes to sleep in the driver's pocket; the car keeps the application active.
        harness.uiKit.sendToBackground(phone)
        #expect(
            harness.drain() == [
                "PerSceneRecorder.sceneWillResignActive[phone]", "CarPlayRecorder.sceneWillResignActive[phone]",
                "PerSceneRecorder.sceneDidEnterBackground[phone]", "CarPlayRecorder.sceneDidEnterBackground[phone]",
            ]
        )
        #expect(harness.composite.sceneState(for: "phone") == .background)
        #expect(harness.composite.sceneState(for: "car") == .foregroundActive)
        #expect(harness.composite.applicationState == .active)

        // The car is switched off: CarPlay disconnects the interface controller, then the scene.
        harness.uiKit.sendToBackground(car)
        harness.uiKit.disconnectInterfaceController(of: car, .templates)
        harness.uiKit.disconnect(car)
        #expect(
            harness.drain() == [
                "PerSceneRecorder.sceneWillResignActive[car]", "CarPlayRecorder.sceneWillResignActive[car]",
                "CarPlayRecorder.willResignActive", "PerSceneRecorder.sceneDidEnterBackground[car]",
                "CarPlayRecorder.sceneDidEnterBackground[car]", "CarPlayRecorder.didEnterBackground",
                "PerSceneRecorder.carPlayDidDisconnect[car]", "CarPlayRecorder.carPlayDidDisconnect[car]",
                "PerSceneRecorder.sceneDidDisconnect[car]", "CarPlayRecorder.sceneDidDisconnect[car]",
            ]
        )
        #expect(harness.composite.applicationState == .background)
        #expect(harness.composite.sceneState(for: "car") == .disconnected)
        #expect(harness.composite.sceneService(PerSceneRecorder.self, in: carScene) == nil)
        #expect(harness.uiKit.unclaimed.isEmpty)
    }

    @Test("A navigation application's interface controller and window reach services from connection to disconnection")
    func navigationWindow() throws {
        let harness = Harness()
        let delegate = ServiceOrientedCarPlaySceneDelegate()
        let car = harness.uiKit.connectCarPlayScene("car") { delegate }
        harness.uiKit.connectInterfaceController(of: car, .window)
        harness.uiKit.bringToForeground(car)
        #expect(delegate.interfaceController === car.interfaceController)
        #expect(delegate.carWindow === car.carWindow)

        let recorder = harness.appDelegate.recorder
        let connected = try #require(recorder.last(.carPlayDidConnectToWindow))
        #expect(connected.interfaceController === car.interfaceController)
        #expect(connected.carWindow === car.carWindow)
        #expect(connected.templateApplicationScene === car)
        #expect(connected.scene?.session.role == .carTemplateApplication)
        let active = try #require(recorder.last(.sceneDidBecomeActive))
        #expect(active.interfaceController === car.interfaceController, "later scene callbacks carry it too")
        #expect(active.carWindow === car.carWindow)

        harness.uiKit.sendToBackground(car)
        harness.uiKit.disconnectInterfaceController(of: car, .window)
        let disconnected = try #require(recorder.last(.carPlayDidDisconnectFromWindow))
        #expect(disconnected.interfaceController === car.interfaceController, "heard with the objects going away")
        #expect(disconnected.carWindow === car.carWindow)
        #expect(delegate.interfaceController == nil)
        #expect(delegate.carWindow == nil)

        harness.uiKit.bringToForeground(car)
        let afterwards = try #require(recorder.last(.sceneDidBecomeActive))
        #expect(afterwards.interfaceController == nil)
        #expect(afterwards.carWindow == nil)
        #expect(
            harness.uiKit.delivered.filter { $0.hasPrefix("templateApplicationScene") } == [
                "templateApplicationScene:didConnectInterfaceController:toWindow:",
                "templateApplicationScene:didDisconnectInterfaceController:fromWindow:",
            ]
        )
    }

    @Test("An application that presents templates only gets its interface controller and no window")
    func templatesOnly() throws {
        let harness = Harness()
        let car = harness.uiKit.connectCarPlayScene("car") { ServiceOrientedCarPlaySceneDelegate() }
        harness.uiKit.connectInterfaceController(of: car, .templates)
        let connected = try #require(harness.appDelegate.recorder.last(.carPlayDidConnect))
        #expect(connected.interfaceController === car.interfaceController)
        #expect(connected.carWindow == nil)
        #expect(harness.appDelegate.recorder.last(.carPlayDidConnectToWindow) == nil)
    }

    @Test("Selections and content styles reach services with the selected object and the CarPlay scene")
    func selectionsAndStyle() throws {
        let harness = Harness()
        let car = harness.uiKit.connectCarPlayScene("car") { ServiceOrientedCarPlaySceneDelegate() }
        harness.uiKit.connectInterfaceController(of: car, .window)
        harness.uiKit.bringToForeground(car)
        _ = harness.drain()

        let alert = harness.uiKit.selectNavigationAlert(in: car)
        let maneuver = CPManeuver()
        maneuver.userInfo = "exit 12"
        harness.uiKit.selectManeuver(maneuver, in: car)
        harness.uiKit.changeContentStyle(of: car, to: .dark)

        #expect(
            harness.drain() == [
                "CarPlayRecorder.carPlayDidSelectNavigationAlert[car]",
                "PerSceneRecorder.carPlayDidSelectNavigationAlert[car]",
                "CarPlayRecorder.carPlayDidSelectManeuver[car]", "PerSceneRecorder.carPlayDidSelectManeuver[car]",
                "CarPlayRecorder.carPlayContentStyleDidChange[car]",
                "PerSceneRecorder.carPlayContentStyleDidChange[car]",
            ]
        )
        let recorder = harness.appDelegate.recorder
        #expect(recorder.last(.carPlayDidSelectNavigationAlert)?.navigationAlert === alert)
        #expect(recorder.last(.carPlayDidSelectManeuver)?.maneuver === maneuver)
        #expect(recorder.last(.carPlayDidSelectManeuver)?.maneuver?.userInfo as? String == "exit 12")
        let styled = try #require(recorder.last(.carPlayContentStyleDidChange))
        #expect(styled.scene?.identifier == "car", "the delegate knows its scene, which the callback does not name")
        #expect(styled.templateApplicationScene?.contentStyle == .dark)
        #expect(recorder.calls.last?.detail == "dark")
    }

    @Test(
        "Every CarPlay callback is the shim protocol's witness, called through any CPTemplateApplicationSceneDelegate"
    )
    func witnessesThroughTheProtocol() throws {
        let recorder = CarPlayRecorder()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([recorder]))
        uiKit.launch()
        let session = UISceneSession(
            persistentIdentifier: "car",
            role: .carTemplateApplication,
            configuration: UISceneConfiguration(name: "CarPlay Configuration", sessionRole: .carTemplateApplication)
        )
        let options = UIScene.ConnectionOptions()
        let scene = CPTemplateApplicationScene(session: session, connectionOptions: options)
        let delegate: any CPTemplateApplicationSceneDelegate = ServiceOrientedCarPlaySceneDelegate()
        scene.delegate = delegate
        let controller = scene.interfaceController
        let window = scene.carWindow

        delegate.scene(scene, willConnectTo: session, options: options)
        delegate.templateApplicationScene(scene, didConnect: controller, to: window)
        delegate.sceneWillEnterForeground(scene)
        delegate.sceneDidBecomeActive(scene)
        delegate.templateApplicationScene(scene, didSelect: CPNavigationAlert())
        delegate.templateApplicationScene(scene, didSelect: CPManeuver())
        delegate.contentStyleDidChange(.light)
        delegate.sceneWillResignActive(scene)
        delegate.sceneDidEnterBackground(scene)
        delegate.templateApplicationScene(scene, didDisconnect: controller, from: window)
        delegate.templateApplicationScene(scene, didConnect: controller)
        delegate.templateApplicationScene(scene, didDisconnectInterfaceController: controller)
        delegate.sceneDidDisconnect(scene)

        #expect(
            recorder.calls.filter { $0.scene == "car" }.map { "\($0.callback)" + ($0.detail.map { "(\($0))" } ?? "") }
                == [
                    "sceneWillConnect", "carPlayDidConnectToWindow", "sceneWillEnterForeground", "sceneDidBecomeActive",
                    "carPlayDidSelectNavigationAlert", "carPlayDidSelectManeuver",
                    "carPlayContentStyleDidChange(light)",
                    "sceneWillResignActive", "sceneDidEnterBackground", "carPlayDidDisconnectFromWindow",
                    "carPlayDidConnect", "carPlayDidDisconnect", "sceneDidDisconnect",
                ]
        )
    }

    @Test(
        "With one service, the CarPlay scene delegate claims the life cycle and CarPlay's selectors only for CarPlayHandling",
        arguments: singleCapabilityServices
    )
    func claimsByCapability(_ maker: ServiceMaker) {
        let service = maker.make()
        let appDelegate = TestAppDelegate([service])
        let table = UIKitReference.carPlaySceneDelegateSelectors
        let delegate = ServiceOrientedCarPlaySceneDelegate()
        let claimed = Set(table.keys.filter { SimulatedUIKit.claims(delegate, $0) })
        #expect(claimed == UIKitReference.expectedClaims(table, for: [service]))
        // A window scene's delegate never claims CarPlay's selectors: it does not implement them.
        let windowSceneDelegate = ServiceOrientedSceneDelegate()
        #expect(
            !UIKitReference.carPlaySceneDelegateSelectors.keys.contains {
                $0.hasPrefix("templateApplicationScene") && SimulatedUIKit.claims(windowSceneDelegate, $0)
            }
        )
        #expect(!SimulatedUIKit.claims(windowSceneDelegate, "contentStyleDidChange:"))
        withExtendedLifetime(appDelegate) {}
    }

    @Test("The CarPlay scene delegate forwards exactly the reference's selectors")
    func forwardsTheReference() {
        #expect(
            Set(ServiceOrientedCarPlaySceneDelegate.forwardedSelectors)
                == Set(UIKitReference.carPlaySceneDelegateSelectors.keys)
        )
        #expect(Set(ServiceOrientedSceneDelegate.forwardedSelectors) == Set(UIKitReference.sceneDelegateSelectors.keys))
    }

    @Test("A CarPlay callback the subclass overrides is claimed and called without any CarPlay service")
    func claimsSubclassOverride() {
        ObjectiveCMethods.record(
            ["templateApplicationScene:didSelectManeuver:"],
            implementedBy: MigratingCarPlayDelegate.self
        )
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        uiKit.launch()
        let delegate = MigratingCarPlayDelegate()
        #expect(SimulatedUIKit.claims(delegate, "templateApplicationScene:didSelectManeuver:"))
        #expect(!SimulatedUIKit.claims(delegate, "templateApplicationScene:didSelectNavigationAlert:"))
        // CarPlay ends an application whose scene delegate lacks these: claimed without a
        // CarPlay service too.
        #expect(SimulatedUIKit.claims(delegate, "templateApplicationScene:didConnectInterfaceController:"))
        #expect(SimulatedUIKit.claims(delegate, "templateApplicationScene:didConnectInterfaceController:toWindow:"))
        #expect(SimulatedUIKit.claims(delegate, "sceneDidBecomeActive:"))

        let car = uiKit.connectCarPlayScene("car") { delegate }
        uiKit.connectInterfaceController(of: car)
        let maneuver = CPManeuver()
        uiKit.selectManeuver(maneuver, in: car)
        uiKit.selectNavigationAlert(in: car)
        #expect(delegate.maneuvers.count == 1 && delegate.maneuvers.first === maneuver)
        #expect(delegate.interfaceController === car.interfaceController)
        #expect(
            uiKit.unclaimed.filter { !$0.hasPrefix("application") } == [
                "templateApplicationScene:didSelectNavigationAlert:"
            ]
        )
    }

    @Test("A CarPlay scene delegate subclass can use a composite of its own")
    func usesAnOverriddenComposite() {
        final class OwnComposite: ServiceOrientedCarPlaySceneDelegate {
            let own: ServiceComposite
            init(_ own: ServiceComposite) {
                self.own = own
                super.init()
            }
            override var composite: ServiceComposite { own }
        }
        let recorder = CarPlayRecorder()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        let own = ServiceComposite([recorder])
        let car = uiKit.connectCarPlayScene("car") { OwnComposite(own) }
        uiKit.connectInterfaceController(of: car)
        #expect(recorder.callbacks == [.sceneWillConnect, .carPlayDidConnect])
        #expect(own.sceneState(for: "car") == .unattached)
    }

    @Test("A LifecycleSimulator drives the CarPlay scene of a scene with the CarPlay role, beside a phone scene")
    func simulatorDrivesCarPlay() throws {
        let appDelegate = DrivingAppDelegate()
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        let phone = SceneInfo(session: SceneSession(persistentIdentifier: "phone"))
        let car = SceneInfo(session: carSession)
        try simulator.coldLaunch(connecting: phone)
        try simulator.connectCarPlay(car, connection: .window)
        try simulator.sceneToBackground(phone)
        try simulator.selectManeuver(in: car)
        try simulator.changeContentStyle(of: car, to: .dark)
        #expect(appDelegate.composite.applicationState == .active)
        try simulator.close(car)

        #expect(uiKit.carPlayScenes.isEmpty)
        #expect(
            uiKit.delivered.filter { $0.hasPrefix("templateApplicationScene") || $0.hasPrefix("content") } == [
                "templateApplicationScene:didConnectInterfaceController:toWindow:",
                "templateApplicationScene:didSelectManeuver:",
                "contentStyleDidChange:",
                "templateApplicationScene:didDisconnectInterfaceController:fromWindow:",
            ]
        )
        #expect(
            appDelegate.recorder.calls.filter { $0.scene == "car" }.map(\.callback) == [
                .sceneWillConnect, .carPlayDidConnectToWindow, .sceneWillEnterForeground, .sceneDidBecomeActive,
                .carPlayDidSelectManeuver, .carPlayContentStyleDidChange, .sceneWillResignActive,
                .sceneDidEnterBackground, .carPlayDidDisconnectFromWindow, .sceneDidDisconnect,
            ]
        )
        #expect(appDelegate.composite.applicationState == .background)
    }
}

#endif
