import AppServices
import AppServicesTesting
import Testing

/// `moveSceneState(_:to:)`: a host that reports where a scene is (SwiftUI's phases) gets
/// the scene callbacks UIKit makes between the two states, with the application-level ones
/// they imply.
@MainActor
struct SceneStateMoveTests {
    let scene = SceneInfo(session: SceneSession(persistentIdentifier: "S"))

    func launched() -> (ServiceComposite, CallJournal) {
        let journal = CallJournal()
        let composite = ServiceComposite([RecordingService(journal: journal)])
        _ = composite.willFinishLaunching()
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(scene)
        journal.clear()
        return (composite, journal)
    }

    func names(_ journal: CallJournal) -> [String] {
        defer { journal.clear() }
        return journal.calls.map { "\($0.callback)" + ($0.scene == nil ? "" : "[S]") }
    }

    @Test("Each move goes by UIKit's transitions, with the application following its only scene")
    func movesByUIKitsTransitions() {
        let (composite, journal) = launched()

        composite.moveSceneState(scene, to: .foregroundActive)
        #expect(names(journal) == ["sceneWillEnterForeground[S]", "didBecomeActive", "sceneDidBecomeActive[S]"])

        composite.moveSceneState(scene, to: .background)
        #expect(
            names(journal) == [
                "sceneWillResignActive[S]", "willResignActive", "sceneDidEnterBackground[S]", "didEnterBackground",
            ]
        )

        composite.moveSceneState(scene, to: .foregroundInactive)
        #expect(names(journal) == ["willEnterForeground", "sceneWillEnterForeground[S]"])
        #expect(composite.sceneState(for: "S") == .foregroundInactive)
        #expect(composite.applicationState == .inactive)

        composite.moveSceneState(scene, to: .foregroundInactive)
        #expect(names(journal).isEmpty, "a move to where the scene is makes no callback")
    }

    @Test(
        "A scene that connected in the background stays unattached; a scene not connected and other targets are ignored"
    )
    func ignoresWhatUIKitWouldNotDo() {
        let (composite, journal) = launched()

        composite.moveSceneState(scene, to: .background)
        #expect(composite.sceneState(for: "S") == .unattached)

        composite.moveSceneState(SceneInfo(session: SceneSession(persistentIdentifier: "never")), to: .foregroundActive)
        composite.moveSceneState(scene, to: .disconnected)
        composite.moveSceneState(scene, to: .unattached)
        #expect(names(journal).isEmpty)
        #expect(composite.sceneState(for: "never") == nil)
    }

    @Test("The declared user-activity types are the services' union, sorted, each once")
    func declaredUserActivityTypes() {
        final class Router: RecordingService {}
        final class Search: RecordingService {}
        let router = Router()
        router.userActivityTypes = ["com.example.order", "NSUserActivityTypeBrowsingWeb"]
        let search = Search()
        search.userActivityTypes = ["com.example.order", "com.apple.corespotlightitem"]

        let composite = ServiceComposite([router, search])

        #expect(
            composite.declaredUserActivityTypes == [
                "NSUserActivityTypeBrowsingWeb", "com.apple.corespotlightitem", "com.example.order",
            ]
        )
        #expect(ServiceComposite([RecordingService()]).declaredUserActivityTypes.isEmpty)
    }
}
