import AppServices
import AppServicesUIKit
import AppServicesUIKitTesting

#if canImport(UIKit)
import UIKit
#endif

/// A scene's life-cycle callbacks through `ServiceOrientedSceneDelegate`, as a scene-based
/// application (every application built with the iOS 27 SDK) receives them: a window scene
/// connected and active, and each iteration the scene resigning active and becoming active
/// again, called on its delegate as UIKit calls it. N services handle both. Reported for
/// information (no target names a scene), and counted by target 3.
@MainActor
public final class SceneCallbacksWorkload {
    private let services: [any CallbackCounting]
    private let uiKit: SimulatedUIKit
    private let scene: UIWindowScene
    private let delegate: ServiceOrientedSceneDelegate

    /// A connected, active scene of an application with `serviceCount` services.
    public init(serviceCount: Int) {
        services = (0..<serviceCount).map { CountingServiceKind.sceneActive.make(index: $0) }
        uiKit = SimulatedUIKit(delegate: BenchmarkAppDelegate(services: services))
        uiKit.launch()
        scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(scene)
        guard let delegate = scene.delegate as? ServiceOrientedSceneDelegate else {
            preconditionFailure("The connected scene has no ServiceOrientedSceneDelegate.")
        }
        self.delegate = delegate
    }

    /// Sends the two callbacks `times` times to the scene's delegate.
    public func dispatch(times: Int) {
        for _ in 0..<times {
            delegate.sceneWillResignActive(scene)
            delegate.sceneDidBecomeActive(scene)
        }
    }

    /// All callbacks the services counted.
    public var callbackCount: Int { services.reduce(0) { $0 &+ $1.callbackCount } }
}
