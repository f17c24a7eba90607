import AppServices
import Testing

@testable import AppServices

/// What a context carries besides its callback (the platform's objects, the scene, the
/// session), and that carrying it costs a dispatch no box when the objects come alone.
@MainActor
@Suite struct ContextOriginTests {
    /// Keeps the context of every callback it hears.
    final class Keeper: AppService, ApplicationStateHandling, SceneHandling {
        var contexts: [AppContext] = []
        func applicationDidBecomeActive(_ context: AppContext) { contexts.append(context) }
        func applicationWillResignActive(_ context: AppContext) { contexts.append(context) }
        func sceneWillEnterForeground(_ context: AppContext) { contexts.append(context) }
        func sceneDidBecomeActive(_ context: AppContext) { contexts.append(context) }
        func sceneWillResignActive(_ context: AppContext) { contexts.append(context) }
        func sceneDidDisconnect(_ context: AppContext) { contexts.append(context) }
    }

    /// A session's service that keeps the contexts of the application's callbacks.
    final class SessionKeeper: SessionService, ApplicationStateHandling {
        var contexts: [AppContext] = []
        init(session: SessionInfo, context: AppContext) {}
        func applicationDidBecomeActive(_ context: AppContext) { contexts.append(context) }
    }

    /// Stands for the application object an adapter passes.
    final class Application {}

    private let application = Application()
    private let main = SceneInfo(session: SceneSession(persistentIdentifier: "main", role: .windowApplication))

    /// The box a context carries, if it carries one.
    private func box(of context: AppContext) -> AppContext.Origin.Box? {
        guard case .box(let box) = context.origin else { return nil }
        return box
    }

    @Test("A context is four words, so that a dispatch passes it to each service in registers")
    func contextIsFourWords() {
        #expect(MemoryLayout<AppContext>.size == 4 * MemoryLayout<UnsafeRawPointer>.size)
        #expect(MemoryLayout<AppContext.Origin?>.size == MemoryLayout<UnsafeRawPointer>.size)
    }

    @Test("An application-wide callback hands services the platform's objects it came with, unboxed, and no scene")
    func applicationCallbackCarriesThePlatformUnboxed() throws {
        let keeper = Keeper()
        let composite = ServiceComposite([keeper], configuration: .quiet)
        _ = composite.didFinishLaunching()
        let objects = PlatformObjects([.application: application])
        composite.didBecomeActive(platform: objects)
        composite.willResignActive()
        let active = try #require(keeper.contexts.first)
        #expect(active.platform === objects)
        #expect(active.platform?.application === application)
        #expect(active.scene == nil)
        #expect(box(of: active) == nil)
        #expect(keeper.contexts.last?.platform == nil)
    }

    @Test("A session's service hears an application-wide callback with the platform's objects and its own session")
    func sessionServiceGetsThePlatformAndItsSession() throws {
        let composite = ServiceComposite([Keeper()], configuration: .quiet)
        try composite.registerSessionServices([SessionKeeper.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        let objects = PlatformObjects([.application: application])
        composite.didBecomeActive(platform: objects)
        let context = try #require(composite.sessionService(SessionKeeper.self)?.contexts.first)
        #expect(context.platform === objects)
        #expect(context.session?.identifier == "alice")
        #expect(context.scene == nil)
    }

    @Test(
        "Scene callbacks that come with the same objects and an equal scene share one box; another scene gets its own"
    )
    func sceneCallbacksShareABox() throws {
        let keeper = Keeper()
        let composite = ServiceComposite([keeper], configuration: .quiet)
        _ = composite.didFinishLaunching()
        let objects = PlatformObjects([.application: application])
        composite.sceneWillEnterForeground(main, platform: objects)
        composite.sceneDidBecomeActive(main, platform: objects)
        let renamed = SceneInfo(session: main.session, title: "Inbox")
        composite.sceneWillResignActive(renamed, platform: objects)
        // The scene's callbacks; the application's, which they imply, carry no scene.
        let sceneContexts = keeper.contexts.filter { $0.scene != nil }
        let boxes = sceneContexts.map { box(of: $0) }
        #expect(boxes.count == 3)
        let first = try #require(boxes[0])
        #expect(boxes[1] === first)
        #expect(boxes[2] !== first)
        #expect(sceneContexts.last?.scene == renamed)
        #expect(sceneContexts.last?.platform === objects)
    }

    @Test("A scene's objects are not kept once the scene has disconnected")
    func disconnectedSceneIsReleased() {
        let composite = ServiceComposite([Keeper()], configuration: .quiet)
        _ = composite.didFinishLaunching()
        weak var released: PlatformObjects?
        do {
            let objects = PlatformObjects([.scene: Application()])
            released = objects
            composite.sceneWillEnterForeground(main, platform: objects)
            composite.sceneDidBecomeActive(main, platform: objects)
            composite.sceneWillResignActive(main, platform: objects)
            composite.sceneDidDisconnect(main, platform: objects)
        }
        // The keeper holds its contexts; without it, nothing else may hold the objects.
        composite.service(Keeper.self)?.contexts.removeAll()
        #expect(released == nil)
    }
}
