import AppServices
import AppServicesTesting
import Testing

/// One scene service that records what its scene heard.
final class SceneRecorder: RecordingSceneService {}

/// An application-wide recorder, which hears every scene.
final class AppWideRecorder: RecordingService {}

@MainActor
struct LifecycleSimulatorSceneServiceTests {
    let first = SceneInfo(session: SceneSession(persistentIdentifier: "first"))
    let second = SceneInfo(session: SceneSession(persistentIdentifier: "second"))

    func makeComposite(_ journal: CallJournal) throws -> ServiceComposite {
        let composite = ServiceComposite([journal, AppWideRecorder(journal: journal)])
        try composite.registerSceneServices([SceneRecorder.self])
        return composite
    }

    @Test("Two scenes connect, and each scene service hears its own scene's callbacks and no other's")
    func ownCallbacksOnly() throws {
        let journal = CallJournal()
        let composite = try makeComposite(journal)
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: first)
        try simulator.connect(second)
        try simulator.sceneToBackground(first)

        let firstRecorder = try #require(composite.sceneService(SceneRecorder.self, in: first))
        let secondRecorder = try #require(composite.sceneService(SceneRecorder.self, in: second))
        #expect(firstRecorder !== secondRecorder)
        #expect(firstRecorder.scene == first)
        #expect(secondRecorder.scene == second)
        let sceneCallbacks: [AppCallback] = [.sceneWillConnect, .sceneWillEnterForeground, .sceneDidBecomeActive]
        #expect(firstRecorder.calls.map(\.scene) == Array(repeating: "first", count: 5))
        #expect(firstRecorder.callbacks == sceneCallbacks + [.sceneWillResignActive, .sceneDidEnterBackground])
        #expect(secondRecorder.calls.map(\.scene) == Array(repeating: "second", count: 3))
        #expect(secondRecorder.callbacks == sceneCallbacks)

        // The journal holds every scene's calls, app-wide and per scene, each with its scene.
        #expect(
            journal.calls(in: second).map(\.description) == [
                "AppWideRecorder.sceneWillConnect[second]", "SceneRecorder.sceneWillConnect[second]",
                "AppWideRecorder.sceneWillEnterForeground[second]", "SceneRecorder.sceneWillEnterForeground[second]",
                "AppWideRecorder.sceneDidBecomeActive[second]", "SceneRecorder.sceneDidBecomeActive[second]",
            ]
        )
        #expect(journal.calls(in: first).filter { $0.service == "SceneRecorder" } == firstRecorder.calls)
    }

    @Test("A scene that disconnects releases its scene services, and one that reconnects gets new ones")
    func disconnectAndReconnect() throws {
        let journal = CallJournal()
        let composite = try makeComposite(journal)
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: first)
        try simulator.connect(second)

        weak let released = composite.sceneService(SceneRecorder.self, in: first)
        #expect(released != nil)
        try simulator.close(first)
        #expect(released == nil, "the scene service is released with its scene")
        #expect(composite.sceneService(SceneRecorder.self, in: first) == nil)
        #expect(composite.sceneService(SceneRecorder.self, in: second) != nil, "the other scene keeps its own")
        // Released after it heard its scene disconnect, before the application-wide services.
        #expect(
            journal.calls(of: .sceneDidDisconnect).map(\.description) == [
                "SceneRecorder.sceneDidDisconnect[first]", "AppWideRecorder.sceneDidDisconnect[first]",
            ]
        )

        try simulator.connect(first)
        let renewed = try #require(composite.sceneService(SceneRecorder.self, in: first))
        #expect(renewed.callbacks == [.sceneWillConnect, .sceneWillEnterForeground, .sceneDidBecomeActive])
        #expect(simulator.sceneStates == ["first": .foregroundActive, "second": .foregroundActive])
    }
}
