import AppServices
import Testing

/// Where the CarPlay listeners write, in the order they heard: `Service.member[scene]`.
final class CarPlayLog: AppService {
    var entries: [String] = []
}

/// Records every CarPlay callback into the application-wide ``CarPlayLog``.
@MainActor
class CarPlayListener: AppService, CarPlayHandling {
    class var dependencies: [any AppService.Type] { [CarPlayLog.self] }

    func write(_ member: String, _ context: AppContext) {
        let entry = "\(Self.self).\(member)[\(context.scene?.identifier ?? "-")]"
        context.service(CarPlayLog.self)?.entries.append(entry)
    }

    func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection) {
        write("connect \(connection)", context)
    }

    func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection) {
        write("disconnect \(connection)", context)
    }

    func templateApplicationSceneDidSelectNavigationAlert(_ context: AppContext) { write("alert", context) }
    func templateApplicationSceneDidSelectManeuver(_ context: AppContext) { write("maneuver", context) }

    func templateApplicationScene(_ context: AppContext, contentStyleDidChange contentStyle: UserInterfaceStyle) {
        write("style \(contentStyle)", context)
    }
}

/// Registered first, but depends on ``CarPlayMap``: hears "up" callbacks after it.
final class CarPlayRoute: CarPlayListener {
    override class var dependencies: [any AppService.Type] { [CarPlayLog.self, CarPlayMap.self] }
}
final class CarPlayMap: CarPlayListener {}

/// A CarPlay scene's own service.
final class CarPlaySession: CarPlayListener, SceneService {
    init(scene: SceneInfo, context: AppContext) {}
}

@MainActor
struct CarPlayTests {
    let car = SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication))

    /// A composite with the route, the map and the CarPlay scene's own service, its CarPlay
    /// scene connected.
    func connected() throws -> (ServiceComposite, CarPlayLog) {
        let log = CarPlayLog()
        let composite = ServiceComposite([log, CarPlayRoute(), CarPlayMap()])
        try composite.registerSceneServices([CarPlaySession.self])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(car)
        return (composite, log)
    }

    /// Each CarPlay dispatch, the callback it is, and what the services hear, in order.
    static let dispatches:
        [(
            name: String, dispatch: @MainActor (ServiceComposite, SceneInfo) -> Void, callback: AppCallback,
            heard: [String]
        )] = [
            (
                "connect without a window", { $0.carPlayDidConnect($1, connection: .templates) }, .carPlayDidConnect,
                [
                    "CarPlayMap.connect templates[car]", "CarPlayRoute.connect templates[car]",
                    "CarPlaySession.connect templates[car]",
                ]
            ),
            (
                "connect with a window", { $0.carPlayDidConnect($1, connection: .window) }, .carPlayDidConnectToWindow,
                [
                    "CarPlayMap.connect window[car]", "CarPlayRoute.connect window[car]",
                    "CarPlaySession.connect window[car]",
                ]
            ),
            (
                "disconnect without a window", { $0.carPlayDidDisconnect($1, connection: .templates) },
                .carPlayDidDisconnect,
                [
                    "CarPlaySession.disconnect templates[car]", "CarPlayRoute.disconnect templates[car]",
                    "CarPlayMap.disconnect templates[car]",
                ]
            ),
            (
                "disconnect with a window", { $0.carPlayDidDisconnect($1, connection: .window) },
                .carPlayDidDisconnectFromWindow,
                [
                    "CarPlaySession.disconnect window[car]", "CarPlayRoute.disconnect window[car]",
                    "CarPlayMap.disconnect window[car]",
                ]
            ),
            (
                "a navigation alert selected", { $0.carPlayDidSelectNavigationAlert($1) },
                .carPlayDidSelectNavigationAlert,
                ["CarPlayMap.alert[car]", "CarPlayRoute.alert[car]", "CarPlaySession.alert[car]"]
            ),
            (
                "a maneuver selected", { $0.carPlayDidSelectManeuver($1) }, .carPlayDidSelectManeuver,
                ["CarPlayMap.maneuver[car]", "CarPlayRoute.maneuver[car]", "CarPlaySession.maneuver[car]"]
            ),
            (
                "the content style changed", { $0.carPlayContentStyleDidChange($1, to: .dark) },
                .carPlayContentStyleDidChange,
                ["CarPlayMap.style dark[car]", "CarPlayRoute.style dark[car]", "CarPlaySession.style dark[car]"]
            ),
        ]

    @Test(
        "Every CarPlay callback reaches every handling service with the CarPlay scene, in dependency order; disconnections in reverse",
        arguments: 0..<7
    )
    func mergeRule(_ index: Int) throws {
        #expect(Self.dispatches.count == 7, "the arguments cover every row of the table")
        let (_, dispatch, callback, heard) = Self.dispatches[index]
        let (composite, log) = try connected()
        log.entries.removeAll()
        dispatch(composite, car)
        #expect(log.entries == heard)
        let expectedOrder =
            callback.direction == .down ? ["CarPlayRoute", "CarPlayMap"] : ["CarPlayMap", "CarPlayRoute"]
        #expect(composite.handlingServices(for: callback).map { "\(type(of: $0))" } == expectedOrder)
    }

    @Test("The table covers every CarPlay callback, each with its SDK selector, once in AppCallback.all")
    func declaresEveryCallback() {
        let callbacks = Self.dispatches.map(\.callback)
        #expect(Set(callbacks).count == 7)
        #expect(
            Set(callbacks.compactMap(\.platformSelectors.scene)) == [
                "templateApplicationScene:didConnectInterfaceController:toWindow:",
                "templateApplicationScene:didConnectInterfaceController:",
                "templateApplicationScene:didDisconnectInterfaceController:fromWindow:",
                "templateApplicationScene:didDisconnectInterfaceController:",
                "templateApplicationScene:didSelectNavigationAlert:",
                "templateApplicationScene:didSelectManeuver:",
                "contentStyleDidChange:",
            ]
        )
        for callback in callbacks {
            #expect(AppCallback.all.filter { $0 == callback }.count == 1, "\(callback)")
            // CarPlay ends an application whose scene delegate lacks the connections.
            let isConnection = callback.platformSelectors.scene?.contains("InterfaceController") == true
            #expect(callback.isClaimedAlways == isConnection, "\(callback)")
            #expect(callback.platformSelectors.application == nil)
        }
    }

    @Test("Without a handling service, a CarPlay callback reaches nobody and is not handled")
    func nobodyHandles() {
        let composite = ServiceComposite([CarPlayLog()])
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(car)
        composite.carPlayDidConnect(car, connection: .window)
        #expect(!composite.handles(.carPlayDidConnectToWindow))
        #expect(composite.handlingServices(for: .carPlayDidConnect).isEmpty)
    }

    @Test("A CarPlay scene and a device scene are two scenes of one composite, and the application state follows both")
    func applicationStateFromBothScenes() throws {
        let phone = SceneInfo(session: SceneSession(persistentIdentifier: "phone"))
        let (composite, log) = try connected()
        composite.carPlayDidConnect(car, connection: .templates)
        composite.sceneWillEnterForeground(car)
        composite.sceneDidBecomeActive(car)
        composite.sceneWillConnect(phone)
        composite.sceneWillEnterForeground(phone)
        composite.sceneDidBecomeActive(phone)
        #expect(composite.applicationState == .active)

        // The phone goes to sleep in the driver's pocket: the car keeps the application active.
        composite.sceneWillResignActive(phone)
        composite.sceneDidEnterBackground(phone)
        #expect(composite.sceneState(for: "phone") == .background)
        #expect(composite.sceneState(for: "car") == .foregroundActive)
        #expect(composite.applicationState == .active)

        // The car is switched off: nothing is in the foreground any more.
        composite.sceneWillResignActive(car)
        composite.sceneDidEnterBackground(car)
        composite.carPlayDidDisconnect(car, connection: .templates)
        composite.sceneDidDisconnect(car)
        #expect(composite.applicationState == .background)
        #expect(composite.sceneService(CarPlaySession.self, in: car) == nil, "released with its scene")
        #expect(log.entries.filter { $0.contains("[phone]") }.isEmpty, "CarPlay callbacks name the CarPlay scene")
    }

    @Test("A connection says whether a window came with it, and content styles have UIKit's raw values")
    func payloads() {
        #expect(CarPlayConnection.window.hasWindow)
        #expect(!CarPlayConnection.templates.hasWindow)
        #expect("\(CarPlayConnection.templates)" == "templates")
        #expect(UserInterfaceStyle.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(SceneSessionRole.carTemplateApplication.rawValue == "CPTemplateApplicationSceneSessionRoleApplication")
    }
}
