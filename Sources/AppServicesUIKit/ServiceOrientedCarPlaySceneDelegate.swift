// CarPlay exists on iOS and Mac Catalyst; where UIKit is missing the shim declares it.
// Compiled with the package's `CarPlay` trait only: without it the adapter does not import
// CarPlay, and an application that registers `CarPlayHandling` services is told at launch
// (`ServiceOrientedAppDelegate`).
#if CarPlay && (canImport(CarPlay) || !canImport(UIKit))
public import AppServices

#if canImport(UIKit)
public import UIKit
public import CarPlay
#else
public import AppServicesUIKitShim
public import AppServicesCarPlayShim
#endif

/// A CarPlay scene delegate that is a thin host for services: the CarPlay scene's life cycle
/// goes to the application's `ServiceComposite` as any scene's does, and CarPlay's own
/// callbacks go to `CarPlayHandling` services, all with `AppContext/scene` set to the
/// CarPlay scene.
///
/// Name it as the delegate class of the scene configuration whose role is
/// `CPTemplateApplicationSceneSessionRoleApplication` (in the Info.plist's scene manifest,
/// or in the configuration a `SceneSessionHandling` service returns):
///
/// ```swift
/// final class CarPlaySceneDelegate: ServiceOrientedCarPlaySceneDelegate {}
/// ```
///
/// **One composite for every scene.** The delegate uses the composite of the application's
/// ``ServiceOrientedAppDelegate``, as ``ServiceOrientedSceneDelegate`` does, so the CarPlay
/// scene and the device's scenes are scenes of one composite: `SceneHandling` services
/// hear each with its own scene in the context (the CarPlay scene's session has the role
/// `SceneSessionRole.carTemplateApplication`), each scene gets its own `SceneService`
/// instances, and the application's state follows all of them (a person driving with the
/// phone locked keeps the application active while the CarPlay scene is).
///
/// **Which connection.** Apple documents `templateApplicationScene(_:didConnect:to:)`, with
/// a window, for navigation applications, which draw their map in that window, and, since
/// iOS 14, `templateApplicationScene(_:didConnect:)` for the other categories, which
/// present templates only. This class implements and claims both, and both disconnections,
/// with or without a `CarPlayHandling` service (CarPlay ends an application whose scene
/// delegate lacks them), so services hear whichever CarPlay calls, as
/// `CarPlayHandling.templateApplicationScene(_:didConnect:)` with a `CarPlayConnection`
/// saying which (`.window` or `.templates`).
///
/// **What reaches services.** The interface controller, and the window of a navigation
/// application, are in `context.uiKit.interfaceController` and `context.uiKit.carWindow` in
/// every callback of this delegate from their connection to their disconnection, and in
/// ``interfaceController`` and ``carWindow``; the selected alert or maneuver in
/// `context.uiKit.navigationAlert` and `context.uiKit.maneuver`. What the scene was
/// connected with reaches `SceneHandling` services in their `options`; unlike a window
/// scene's delegate, this one does not forward URLs or user activities itself, as CarPlay
/// does not send them to its scene.
///
/// **What it claims.** The scene life-cycle callbacks always (the composite tracks each
/// scene's state), and the interface controller's connections and disconnections always
/// (CarPlay ends an application whose scene delegate lacks them); each other CarPlay
/// callback when a registered service adopts `CarPlayHandling` or the subclass overrides it.
open class ServiceOrientedCarPlaySceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
    /// The composite `composite` found (see `CompositeLocator`).
    private var foundComposite: ServiceComposite?

    /// The CarPlay scene, known from its connection on: `contentStyleDidChange(_:)` does not
    /// name it.
    private weak var scene: CPTemplateApplicationScene?

    /// The scene's interface controller, from its connection to its disconnection.
    public private(set) var interfaceController: CPInterfaceController?

    /// The window a navigation application draws its map in, from its connection to its
    /// disconnection; `nil` for an application that presents templates only.
    public private(set) var carWindow: CPWindow?

    /// Creates the delegate; UIKit calls this once per CarPlay scene.
    public override init() {
        super.init()
    }

    /// The composite this scene's callbacks go to: by default that of the application's
    /// ``ServiceOrientedAppDelegate``, which the device's scenes use too. Override it to use
    /// another.
    open var composite: ServiceComposite {
        if let foundComposite { return foundComposite }
        let found = CompositeLocator.composite(for: self)
        foundComposite = found
        return found
    }

    /// Whether UIKit should call the method `aSelector` names: `true` for the scene
    /// life-cycle callbacks, the interface controller's connections and disconnections, and
    /// the callbacks the subclass overrides; for CarPlay's others, only when a registered
    /// service adopts `CarPlayHandling`.
    /// Any other selector is answered by `UIResponder`.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
        SelectorClaim.claims(
            aSelector,
            by: self,
            adapter: ServiceOrientedCarPlaySceneDelegate.self,
            in: UIKitSelectors.carPlaySceneDelegate,
            throughScenes: true
        ) {
            self.composite
        } ?? super.responds(to: aSelector)
    }

    /// The selectors (the SDK's strings, such as
    /// `templateApplicationScene:didConnectInterfaceController:`) of every callback this
    /// class forwards, claimed or not: the scene life cycle and CarPlay's own.
    public nonisolated static var forwardedSelectors: [String] { Array(UIKitSelectors.carPlaySceneDelegate.keys) }

    /// The raw objects of a callback for `scene`: the application, the scene, its session,
    /// the interface controller and window while connected, and `values` that are present.
    private func platform(_ scene: UIScene?, _ values: [PlatformObjects.Key: Any?] = [:]) -> PlatformObjects {
        var objects: [PlatformObjects.Key: Any] = [.application: UIApplication.shared]
        if let scene {
            objects[.scene] = scene
            objects[.session] = scene.session
        }
        objects[.interfaceController] = interfaceController
        objects[.window] = carWindow
        objects.merge(PlatformObjects.present(values)) { _, given in given }
        return PlatformObjects(objects)
    }

    // MARK: - Life cycle

    /// Dispatches `scene(_:willConnectTo:options:)` for the CarPlay scene.
    open func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        self.scene = scene as? CPTemplateApplicationScene
        // Read once: the getter is open.
        let composite = self.composite
        let values = ServiceOrientedSceneDelegate.connectionValues(connectionOptions, of: composite)
        composite.sceneWillConnect(
            SceneInfo(scene),
            options: SceneConnectionOptions(connectionOptions),
            platform: platform(scene, values)
        )
    }

    /// Dispatches `sceneDidDisconnect(_:)`.
    open func sceneDidDisconnect(_ scene: UIScene) {
        composite.sceneDidDisconnect(SceneInfo(scene), platform: platform(scene))
    }

    /// Dispatches `sceneDidBecomeActive(_:)`.
    open func sceneDidBecomeActive(_ scene: UIScene) {
        composite.sceneDidBecomeActive(SceneInfo(scene), platform: platform(scene))
    }

    /// Dispatches `sceneWillResignActive(_:)`.
    open func sceneWillResignActive(_ scene: UIScene) {
        composite.sceneWillResignActive(SceneInfo(scene), platform: platform(scene))
    }

    /// Dispatches `sceneWillEnterForeground(_:)`.
    open func sceneWillEnterForeground(_ scene: UIScene) {
        composite.sceneWillEnterForeground(SceneInfo(scene), platform: platform(scene))
    }

    /// Dispatches `sceneDidEnterBackground(_:)`.
    open func sceneDidEnterBackground(_ scene: UIScene) {
        composite.sceneDidEnterBackground(SceneInfo(scene), platform: platform(scene))
    }

    // MARK: - The interface controller

    /// Dispatches the connection of a navigation application's interface controller and
    /// window: `CarPlayHandling` services hear a `.window` connection.
    open func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didConnect interfaceController: CPInterfaceController,
        to window: CPWindow
    ) {
        connect(templateApplicationScene, interfaceController, window)
    }

    /// Dispatches the connection of the interface controller of an application that presents
    /// templates only: `CarPlayHandling` services hear a `.templates` connection.
    open func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didConnect interfaceController: CPInterfaceController
    ) {
        connect(templateApplicationScene, interfaceController, nil)
    }

    /// Dispatches the disconnection of a navigation application's interface controller and
    /// window: `CarPlayHandling` services hear a `.window` disconnection.
    open func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didDisconnect interfaceController: CPInterfaceController,
        from window: CPWindow
    ) {
        disconnect(templateApplicationScene, interfaceController, window)
    }

    /// Dispatches the disconnection of the interface controller of an application that
    /// presents templates only: `CarPlayHandling` services hear a `.templates` disconnection.
    open func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didDisconnectInterfaceController interfaceController: CPInterfaceController
    ) {
        disconnect(templateApplicationScene, interfaceController, nil)
    }

    private func connect(_ scene: CPTemplateApplicationScene, _ controller: CPInterfaceController, _ window: CPWindow?)
    {
        self.scene = scene
        interfaceController = controller
        carWindow = window
        composite.carPlayDidConnect(
            SceneInfo(scene),
            connection: window == nil ? .templates : .window,
            platform: platform(scene)
        )
    }

    private func disconnect(
        _ scene: CPTemplateApplicationScene,
        _ controller: CPInterfaceController,
        _ window: CPWindow?
    ) {
        // The services hear the disconnection with the objects going away, then they are
        // forgotten.
        composite.carPlayDidDisconnect(
            SceneInfo(scene),
            connection: window == nil ? .templates : .window,
            platform: platform(scene, [.interfaceController: controller, .window: window])
        )
        interfaceController = nil
        carWindow = nil
    }

    // MARK: - Selections and content style

    /// Dispatches the selection of a navigation alert; the alert is in
    /// `context.uiKit.navigationAlert`.
    open func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect navigationAlert: CPNavigationAlert
    ) {
        composite.carPlayDidSelectNavigationAlert(
            SceneInfo(templateApplicationScene),
            platform: platform(templateApplicationScene, [.navigationAlert: navigationAlert])
        )
    }

    /// Dispatches the selection of a maneuver; the maneuver is in `context.uiKit.maneuver`.
    open func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect maneuver: CPManeuver
    ) {
        composite.carPlayDidSelectManeuver(
            SceneInfo(templateApplicationScene),
            platform: platform(templateApplicationScene, [.maneuver: maneuver])
        )
    }

    /// Dispatches `contentStyleDidChange(_:)` for the CarPlay scene this delegate connected.
    open func contentStyleDidChange(_ contentStyle: UIUserInterfaceStyle) {
        composite.carPlayContentStyleDidChange(
            scene.map { SceneInfo($0) },
            to: UserInterfaceStyle(contentStyle),
            platform: platform(scene)
        )
    }
}
#endif
