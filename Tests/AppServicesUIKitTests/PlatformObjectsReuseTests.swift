#if !canImport(UIKit)
import AppServices
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// The raw objects the adapters hand services: made once for the callbacks that carry the
/// application (or the scene) alone, so that such a callback allocates nothing, and never
/// keeping a scene alive.
@MainActor
struct PlatformObjectsReuseTests {
    /// Keeps the raw objects of every application and scene callback it hears.
    final class Keeper: AppService, LaunchHandling, ApplicationStateHandling, SystemEventHandling, SceneHandling {
        var launch: PlatformObjects?
        var application: [PlatformObjects?] = []
        var scene: [PlatformObjects?] = []
        var scenes: [SceneInfo?] = []

        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            launch = context.platform
            return true
        }
        func applicationDidBecomeActive(_ context: AppContext) { application.append(context.platform) }
        func applicationWillResignActive(_ context: AppContext) { application.append(context.platform) }
        func applicationDidReceiveMemoryWarning(_ context: AppContext) { application.append(context.platform) }
        func sceneWillEnterForeground(_ context: AppContext) {
            scene.append(context.platform)
            scenes.append(context.scene)
        }
        func sceneDidBecomeActive(_ context: AppContext) {
            scene.append(context.platform)
            scenes.append(context.scene)
        }
        func sceneWillResignActive(_ context: AppContext) {
            scene.append(context.platform)
            scenes.append(context.scene)
        }
    }

    @Test(
        "The application's callbacks that carry it alone hand services the same objects; a launch with options gets its own"
    )
    func applicationObjectsAreMadeOnce() throws {
        let keeper = Keeper()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([keeper]))
        uiKit.launch(options: [.url: URL(string: "shop://cart")!])
        uiKit.becomeActive()
        uiKit.resignActive()
        uiKit.becomeActive()
        uiKit.receiveMemoryWarning()

        let launch = try #require(keeper.launch)
        #expect(launch.value(.launchOptions, as: [UIApplication.LaunchOptionsKey: Any].self)?[.url] != nil)
        #expect(keeper.application.count == 4)
        let first = try #require(keeper.application.first ?? nil)
        #expect(keeper.application.allSatisfy { $0 === first })
        #expect(first !== launch)
        #expect(first.application === uiKit.application)
        #expect(first[.launchOptions] == nil)
    }

    @Test("A scene's life-cycle callbacks hand services the same objects while its window is the same")
    func sceneObjectsAreMadeOncePerWindow() throws {
        let keeper = Keeper()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([keeper]))
        uiKit.launch()
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(scene)
        uiKit.resignActive(scene)
        let delegate = try #require(scene.delegate as? ServiceOrientedSceneDelegate)
        let window = UIWindow(windowScene: scene)
        delegate.window = window
        uiKit.becomeActive(scene)

        #expect(keeper.scene.count == 4)
        let first = try #require(keeper.scene.first ?? nil)
        #expect(keeper.scene.prefix(3).allSatisfy { $0 === first })
        #expect(first.value(.scene, as: UIScene.self) === scene)
        #expect(first.value(.session, as: UISceneSession.self) === scene.session)
        #expect(first[.window] == nil)
        let withWindow = try #require(keeper.scene.last ?? nil)
        #expect(withWindow !== first)
        #expect(withWindow.value(.window, as: UIWindow.self) === window)
    }

    @Test("A scene's callbacks describe it with the title it has at each, and its session each time the same")
    func sceneDescriptionFollowsItsTitle() throws {
        let keeper = Keeper()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([keeper]))
        uiKit.launch()
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        let initialTitle: String? = scene.title
        uiKit.bringToForeground(scene)
        scene.title = "Inbox"
        uiKit.resignActive(scene)
        uiKit.becomeActive(scene)
        scene.title = nil
        uiKit.resignActive(scene)

        let described = keeper.scenes.compactMap { $0 }
        #expect(described.count == keeper.scenes.count)
        #expect(initialTitle != nil)
        #expect(described.map(\.title) == [initialTitle, initialTitle, "Inbox", "Inbox", nil])
        #expect(described.allSatisfy { $0.session == SceneSession(scene.session) })
    }

    @Test("A scene that disconnected, and its delegate, are released: the objects made for it do not keep them")
    func disconnectedSceneIsReleased() {
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([]))
        uiKit.launch()
        weak var released: UIWindowScene?
        weak var releasedDelegate: ServiceOrientedSceneDelegate?
        do {
            let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
            released = scene
            releasedDelegate = scene.delegate as? ServiceOrientedSceneDelegate
            uiKit.bringToForeground(scene)
            uiKit.sendToBackground(scene)
            uiKit.disconnect(scene)
        }
        #expect(released == nil)
        #expect(releasedDelegate == nil)
    }

    /// On its first activation, hears a callback from another application object in the
    /// middle of its own, and notes the objects before and after.
    final class Interrupted: AppService, ApplicationStateHandling, SystemEventHandling {
        let other = UIApplication()
        weak var delegate: ServiceOrientedAppDelegate?
        var before: PlatformObjects?
        var after: PlatformObjects?
        var otherObjects: [PlatformObjects?] = []
        var later: [PlatformObjects?] = []

        func applicationDidBecomeActive(_ context: AppContext) {
            guard before == nil else { return later.append(context.platform) }
            before = context.platform
            delegate?.applicationDidReceiveMemoryWarning(other)
            delegate?.applicationDidReceiveMemoryWarning(other)
            after = context.platform
        }
        func applicationDidReceiveMemoryWarning(_ context: AppContext) { otherObjects.append(context.platform) }
    }

    @Test(
        "A callback from another application object, even in the middle of one, gets objects of its own and leaves the kept ones"
    )
    func anotherApplicationLeavesTheKeptObjects() throws {
        let service = Interrupted()
        let delegate = TestAppDelegate([service])
        service.delegate = delegate
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        uiKit.becomeActive()
        uiKit.resignActive()
        uiKit.becomeActive()

        // The callback under way still has its objects, and the next one gets them again: the
        // delegate lends them unretained, so it must not drop them for the other application's.
        let kept = try #require(service.before)
        #expect(service.after === kept)
        #expect(service.later.count == 1)
        #expect(service.later.allSatisfy { $0 === kept })
        #expect(kept.application === uiKit.application)
        #expect(service.otherObjects.count == 2)
        #expect(service.otherObjects.allSatisfy { $0?.application === service.other && $0 !== kept })
    }
}
#endif
