#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Testing

/// Provides a window for every window scene, and none without scenes.
final class RootWindowService: AppService, SceneWindowProviding {
    private(set) var made: [UIWindow] = []

    func window(for scene: UIWindowScene?, context: AppContext) -> UIWindow? {
        guard let scene else { return nil }
        let window = UIWindow(windowScene: scene)
        window.rootViewController = UIViewController(nibName: nil, bundle: nil)
        made.append(window)
        return window
    }
}

/// Provides the application's window when there are no scenes.
final class LegacyWindowService: AppService, SceneWindowProviding {
    func window(for scene: UIWindowScene?, context: AppContext) -> UIWindow? {
        scene == nil ? UIWindow() : nil
    }
}

/// Provides the application's window when there are no scenes, counting how often it was
/// asked for one.
final class CountingLegacyWindowService: AppService, SceneWindowProviding {
    private(set) var askedForNoScene = 0
    func window(for scene: UIWindowScene?, context: AppContext) -> UIWindow? {
        guard scene == nil else { return nil }
        askedForNoScene += 1
        return UIWindow()
    }
}

/// A per-scene coordinator that builds its scene's window.
final class SceneCoordinator: SceneService, SceneWindowProviding {
    let scene: SceneInfo
    init(scene: SceneInfo, context: AppContext) { self.scene = scene }

    func window(for windowScene: UIWindowScene?, context: AppContext) -> UIWindow? {
        guard let windowScene, context.sceneService(SceneCoordinator.self) === self else { return nil }
        return UIWindow(windowScene: windowScene)
    }
}

final class CoordinatedAppDelegate: ServiceOrientedAppDelegate {
    override func makeSceneServices() -> [any SceneService.Type] { [SceneCoordinator.self] }
}

/// Routes a link in the window of the scene it opens in, noting whether there was one.
final class WindowRouter: AppService, URLOpenHandling {
    private(set) var windows: [UIWindow?] = []

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        windows.append(context.uiKit.window)
        return true
    }
}

@MainActor
struct WindowTests {
    @Test(
        "A link a scene is connected with is routed with the window in place (provided, or made by a service)",
        arguments: [false, true]
    )
    func connectionOptionsFindTheWindow(madeByAService: Bool) throws {
        let router = WindowRouter()
        let windows: any AppService = madeByAService ? SceneDelegateTests.WindowService() : RootWindowService()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([windows, router]))
        uiKit.launch()
        let delegate = ServiceOrientedSceneDelegate()
        let options = UIScene.ConnectionOptions(urlContexts: [UIOpenURLContext(url: URL(string: "shop://cart")!)])
        _ = uiKit.connectScene("main", options: options) { delegate }

        let window = try #require(delegate.window)
        #expect(router.windows.count == 1)
        #expect(router.windows.first.flatMap { $0 } === window)
    }

    /// Restores the application's state, as an application without scenes does.
    final class Restorer: AppService, StateRestorationHandling {
        func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
    }

    @Test("Without scenes, the window a service provides is in place before UIKit restores state into it")
    func windowBeforeRestoration() throws {
        let restoring = TestAppDelegate([LegacyWindowService(), Restorer()])
        let uiKit = SimulatedUIKit(delegate: restoring)
        uiKit.withSimulatedFrameworks {
            _ = restoring.application(uiKit.application, willFinishLaunchingWithOptions: nil)
        }
        #expect(restoring.window != nil, "after willFinishLaunching, where restoration follows")

        // Without a service that restores, it comes after didFinishLaunching, as before.
        let plain = TestAppDelegate([LegacyWindowService()])
        let other = SimulatedUIKit(delegate: plain)
        other.withSimulatedFrameworks {
            _ = plain.application(other.application, willFinishLaunchingWithOptions: nil)
        }
        #expect(plain.window == nil)
        other.withSimulatedFrameworks {
            _ = plain.application(other.application, didFinishLaunchingWithOptions: nil)
        }
        #expect(plain.window != nil)
    }

    @Test("The window a service provides is installed in the scene delegate, key and visible, once per scene")
    func installsProvidedWindow() throws {
        let provider = RootWindowService()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([LegacyWindowService(), provider]))
        uiKit.launch()
        let delegate = ServiceOrientedSceneDelegate()
        _ = uiKit.connectScene("main") { delegate }
        let window = try #require(delegate.window)
        #expect(provider.made.count == 1 && provider.made.first === window, "the first non-nil answer, in order")
        #expect(window.isKeyWindow)
        #expect(window.rootViewController != nil)

        // One key window per scene: a lock window made key later takes it over.
        let scene = try #require(window.windowScene)
        let lock = UIWindow(windowScene: scene)
        lock.makeKeyAndVisible()
        #expect(lock.isKeyWindow && !window.isKeyWindow)
        #expect(scene.keyWindow === lock)
    }

    @Test("An application whose Info.plist declares scenes is not asked for a window of its own")
    func sceneApplicationHasNoWindowOfItsOwn() throws {
        let legacy = CountingLegacyWindowService()
        let appDelegate = TestAppDelegate([legacy, RootWindowService()])
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        uiKit.infoPlist = SimulatedUIKit.sceneManifest
        uiKit.launch(inBackground: true)
        let delegate = ServiceOrientedSceneDelegate()
        _ = uiKit.connectScene("main") { delegate }
        #expect(delegate.window != nil)
        #expect(appDelegate.window == nil, "a window with no scene would be key and visible on no screen")
        #expect(legacy.askedForNoScene == 0)
    }

    @Test("With no provider the scene delegate leaves UIKit's window alone")
    func leavesDefaultAlone() {
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        uiKit.launch()
        let delegate = ServiceOrientedSceneDelegate()
        _ = uiKit.connectScene("main") { delegate }
        #expect(delegate.window == nil)

        let storyboard = UIWindow()
        let other = ServiceOrientedSceneDelegate()
        other.window = storyboard
        let withProvider = SimulatedUIKit(delegate: TestAppDelegate([RootWindowService()]))
        withProvider.launch()
        _ = withProvider.connectScene("main") { other }
        #expect(other.window === storyboard, "a window UIKit set up already is kept")
    }

    @Test("Without scenes the app delegate installs the window a service provides for no scene")
    func appDelegateWindow() throws {
        let appDelegate = TestAppDelegate([RootWindowService(), LegacyWindowService()])
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        uiKit.launch()
        let window = try #require(appDelegate.window)
        #expect(window.isKeyWindow)
    }

    @Test("A scene service provides its own scene's window, and is made from makeSceneServices()")
    func sceneServiceWindow() throws {
        let appDelegate = CoordinatedAppDelegate()
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        uiKit.launch()
        let first = ServiceOrientedSceneDelegate()
        let second = ServiceOrientedSceneDelegate()
        _ = uiKit.connectScene("one") { first }
        _ = uiKit.connectScene("two") { second }
        #expect(first.window != nil && second.window != nil && first.window !== second.window)
        #expect(appDelegate.window == nil, "the coordinators answer only for their scenes")
    }
}
#endif
