import AppServices
import AppServicesTesting
import Logging
import Testing

/// Remembers the application state each callback saw.
final class StateWitness: AppService, LaunchHandling, ApplicationStateHandling, SceneHandling {
    var seen: [String] = []
    func note(_ name: String, _ context: AppContext) { seen.append("\(name):\(context.applicationState)") }
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        note("didFinishLaunching", context)
        return true
    }
    func applicationDidBecomeActive(_ context: AppContext) { note("didBecomeActive", context) }
    func applicationWillResignActive(_ context: AppContext) { note("willResignActive", context) }
    func applicationDidEnterBackground(_ context: AppContext) { note("didEnterBackground", context) }
    func applicationWillEnterForeground(_ context: AppContext) { note("willEnterForeground", context) }
    func applicationWillTerminate(_ context: AppContext) { note("willTerminate", context) }
    func sceneWillEnterForeground(_ context: AppContext) {
        note("scene[\(context.scene!.identifier)].willEnterForeground", context)
    }
    func sceneDidBecomeActive(_ context: AppContext) {
        note("scene[\(context.scene!.identifier)].didBecomeActive", context)
    }
    func sceneWillResignActive(_ context: AppContext) {
        note("scene[\(context.scene!.identifier)].willResignActive", context)
    }
    func sceneDidEnterBackground(_ context: AppContext) {
        note("scene[\(context.scene!.identifier)].didEnterBackground", context)
    }
}

@MainActor
struct ApplicationStateTests {
    let logs = LogCapture()

    @Test("The composite tracks the state through UIKit's sequence, changing it as UIKit does around each callback")
    func tracksState() {
        let witness = StateWitness()
        let composite = ServiceComposite([witness], configuration: .init(logger: logs.logger()))
        #expect(composite.applicationState == .notRunning)
        _ = composite.willFinishLaunching()
        #expect(composite.applicationState == .launching)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        composite.willEnterForeground()
        composite.didBecomeActive()
        composite.willTerminate()
        #expect(composite.applicationState == .terminated)
        #expect(
            witness.seen == [
                "didFinishLaunching:inactive", "didBecomeActive:active", "willResignActive:active",
                "didEnterBackground:background", "willEnterForeground:background", "didBecomeActive:active",
                "willTerminate:active",
            ]
        )
        #expect(logs.messages(at: .warning).isEmpty)
    }

    @Test("A launch into the background leaves the application in the background")
    func backgroundLaunch() {
        let composite = ServiceComposite([StateWitness()])
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        #expect(composite.applicationState == .background)
        composite.willEnterForeground()
        #expect(composite.applicationState == .inactive)
    }

    @Test("A callback that does not fit the state is still delivered and logged once as unexpected")
    func unexpectedCallbackLoggedOnce() {
        let witness = StateWitness()
        let composite = ServiceComposite([witness], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        composite.didEnterBackground()
        composite.willEnterForeground()
        composite.willEnterForeground()  // not from the background: unexpected
        composite.willEnterForeground()  // the same again: not logged again
        #expect(witness.seen.filter { $0.hasPrefix("willEnterForeground") }.count == 3)
        let warnings = logs.messages(at: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Unexpected willEnterForeground while the application is inactive") == true)
    }

    @Test("A scene callback that does not fit its scene's state is logged naming the scene, for each scene")
    func unexpectedSceneCallbackNamesTheScene() {
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        for identifier in ["editor-1", "editor-2"] {
            let scene = SceneInfo(session: SceneSession(persistentIdentifier: identifier))
            composite.sceneWillConnect(scene)
            composite.sceneDidBecomeActive(scene)  // not from the foreground: unexpected
        }
        let warnings = logs.messages(at: .warning)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first?.hasPrefix("Unexpected sceneDidBecomeActive while scene editor-1 is unattached") == true)
        #expect(warnings.last?.hasPrefix("Unexpected sceneDidBecomeActive while scene editor-2 is unattached") == true)
    }

    @Test("With scenes, the application's state follows its scenes, two scenes at once")
    func stateFollowsScenes() {
        let witness = StateWitness()
        let composite = ServiceComposite([witness])
        let a = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        let b = SceneInfo(session: SceneSession(persistentIdentifier: "B"))
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(a)
        composite.sceneWillEnterForeground(a)
        composite.sceneDidBecomeActive(a)
        composite.sceneWillConnect(b)
        composite.sceneWillEnterForeground(b)
        composite.sceneDidBecomeActive(b)
        #expect(composite.applicationState == .active)
        composite.sceneWillResignActive(a)
        composite.sceneDidEnterBackground(a)
        #expect(composite.applicationState == .active, "scene B is still active")
        #expect(composite.sceneState(for: "A") == .background)
        composite.sceneWillResignActive(b)
        composite.sceneDidEnterBackground(b)
        #expect(composite.applicationState == .background)
        #expect(composite.sceneState(for: "B") == .background)
        #expect(
            witness.seen == [
                "didFinishLaunching:inactive",
                "scene[A].willEnterForeground:inactive",
                "didBecomeActive:active", "scene[A].didBecomeActive:active",
                "scene[B].willEnterForeground:active", "scene[B].didBecomeActive:active",
                "scene[A].willResignActive:active", "scene[A].didEnterBackground:active",
                "scene[B].willResignActive:active", "willResignActive:active",
                "scene[B].didEnterBackground:inactive", "didEnterBackground:background",
            ]
        )
    }

    @Test("Deriving the application state from scenes can be turned off")
    func derivingCanBeTurnedOff() {
        let witness = StateWitness()
        let composite = ServiceComposite([witness], configuration: .init(derivesApplicationStateFromScenes: false))
        let a = SceneInfo(session: SceneSession(persistentIdentifier: "A"))
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(a)
        composite.sceneWillEnterForeground(a)
        composite.sceneDidBecomeActive(a)
        #expect(!witness.seen.contains("didBecomeActive:active"))
        #expect(composite.sceneState(for: "A") == .foregroundActive)
    }
}

final class ChattyService: AppService, ApplicationStateHandling {
    func applicationDidBecomeActive(_ context: AppContext) { context.logger.info("hello") }
}

@MainActor
struct LoggingTests {
    @Test("A service's logger names the service and the callback in its metadata")
    func loggerMetadata() {
        let logs = LogCapture()
        let composite = ServiceComposite([ChattyService()], configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        let entry = logs.entries.first { $0.message == "hello" }
        #expect(entry?.metadata["service"] == "ChattyService")
        #expect(entry?.metadata["callback"] == "didBecomeActive")
    }
}
