import AppServices
import Testing

@testable import AppServices

/// The composite's state owner, fed inputs directly: what each says the composite must
/// do, and the state it leaves.
@MainActor
@Suite struct CompositeStateTests {
    private let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main", role: .windowApplication))

    @Test("A callback that fits the state asks for nothing; one that does not is reported the first time only")
    func unexpectedCallbacksAreReportedOnce() {
        let state = CompositeState(registered: [])
        #expect(state.beginDispatch(.didFinishLaunching).unexpected == nil)
        #expect(state.endDispatch(.didFinishLaunching) == [])
        #expect(state.lifecycle.application == .inactive)

        // Becoming active twice: the second does not fit `active`, reported once.
        #expect(state.beginDispatch(.didBecomeActive).unexpected == nil)
        _ = state.endDispatch(.didBecomeActive)
        let second = state.beginDispatch(.didBecomeActive).unexpected
        _ = state.endDispatch(.didBecomeActive)
        #expect(second?.callback == .didBecomeActive)
        #expect(second?.state == "active")
        #expect(state.beginDispatch(.didBecomeActive).unexpected == nil)
        _ = state.endDispatch(.didBecomeActive)
    }

    @Test("A will callback changes the state when it ends, a did callback when it begins")
    func willCallbacksApplyAtTheirEnd() {
        let state = CompositeState(registered: [])
        _ = state.beginDispatch(.didFinishLaunching)
        _ = state.endDispatch(.didFinishLaunching)
        _ = state.beginDispatch(.didBecomeActive)
        #expect(state.lifecycle.application == .active)
        _ = state.endDispatch(.didBecomeActive)

        _ = state.beginDispatch(.willResignActive)
        #expect(state.lifecycle.application == .active)
        _ = state.endDispatch(.willResignActive)
        #expect(state.lifecycle.application == .inactive)
    }

    @Test("A launch into the background leaves the application in the background")
    func launchIntoTheBackground() {
        let state = CompositeState(registered: [])
        state.launching(LaunchOptions(launchedInBackground: true))
        _ = state.beginDispatch(.didFinishLaunching)
        _ = state.endDispatch(.didFinishLaunching)
        #expect(state.lifecycle.application == .background)
    }

    @Test("A scene's callbacks move that scene, and the application state they imply follows")
    func sceneTransitions() {
        let state = CompositeState(registered: [])
        _ = state.beginDispatch(.sceneWillConnect, scene: scene)
        _ = state.endDispatch(.sceneWillConnect, scene: scene)
        #expect(state.lifecycle.scenes["main"] == .unattached)
        _ = state.beginDispatch(.sceneWillEnterForeground, scene: scene)
        _ = state.endDispatch(.sceneWillEnterForeground, scene: scene)
        _ = state.beginDispatch(.sceneDidBecomeActive, scene: scene)
        _ = state.endDispatch(.sceneDidBecomeActive, scene: scene)
        #expect(state.lifecycle.scenes["main"] == .foregroundActive)
        #expect(state.lifecycle.stateImpliedByScenes() == .active)
        let early = state.beginDispatch(.sceneDidBecomeActive, scene: scene).unexpected
        #expect(early?.state == "foregroundActive")
        #expect(early?.scene == "main")
    }

    @Test("The state the scenes imply counts a scene as told to, in place of its own, or leaves it out")
    func stateImpliedByScenesTreatingOne() {
        let state = CompositeState(registered: [])
        let other = SceneInfo(session: SceneSession(persistentIdentifier: "other", role: .windowApplication))
        for (scene, callbacks) in [
            (scene, [AppCallback.sceneWillConnect, .sceneWillEnterForeground, .sceneDidBecomeActive]),
            (other, [.sceneWillConnect, .sceneWillEnterForeground, .sceneDidBecomeActive, .sceneWillResignActive]),
        ] {
            for callback in callbacks {
                _ = state.beginDispatch(callback, scene: scene)
                _ = state.endDispatch(callback, scene: scene)
            }
        }
        let scenes = state.lifecycle
        #expect(scenes.scenes.map(\.key) == ["main", "other"])
        #expect(scenes.scenes.map(\.value) == [.foregroundActive, .foregroundInactive])
        #expect(scenes.stateImpliedByScenes() == .active)
        #expect(scenes.stateImpliedByScenes(treating: "main", as: .background) == .inactive)
        #expect(scenes.stateImpliedByScenes(treating: "main", as: nil) == .inactive)
        #expect(scenes.stateImpliedByScenes(treating: "other", as: .background) == .active)
        #expect(scenes.stateImpliedByScenes(treating: "new", as: .background) == .active)
        #expect(scenes.stateImpliedByScenes(treating: "main", as: .unattached) == .inactive)
        // With the active scene sent to the background, only the other, inactive one counts.
        _ = state.beginDispatch(.sceneWillResignActive, scene: scene)
        _ = state.endDispatch(.sceneWillResignActive, scene: scene)
        _ = state.beginDispatch(.sceneDidEnterBackground, scene: scene)
        _ = state.endDispatch(.sceneDidEnterBackground, scene: scene)
        #expect(state.lifecycle.stateImpliedByScenes() == .inactive)
        #expect(state.lifecycle.stateImpliedByScenes(treating: "other", as: .background) == .background)
        #expect(state.lifecycle.stateImpliedByScenes(treating: "other", as: .disconnected) == .background)
        #expect(state.lifecycle.stateImpliedByScenes(treating: "main", as: .disconnected) == .inactive)
    }

    @Test("Events posted during a dispatch wait for the outermost dispatch to end, which asks to deliver them")
    func eventsWaitForTheOutermostDispatch() {
        let state = CompositeState(registered: [])
        #expect(!state.eventsMustWait)
        _ = state.beginDispatch(.didFinishLaunching)
        #expect(state.eventsMustWait)
        var delivered: [String] = []
        state.queueEvent { delivered.append("first") }
        state.beginEventDelivery()
        state.queueEvent { delivered.append("second") }
        state.endEventDelivery()
        // The outermost dispatch ends with events waiting: the composite drains them.
        #expect(state.endDispatch(.didFinishLaunching) == .drainEvents)
        #expect(state.beginDrainingEvents())
        #expect(state.eventsMustWait)
        #expect(!state.beginDrainingEvents())
        while let delivery = state.nextEvent() { delivery() }
        #expect(delivered == ["first", "second"])
        #expect(!state.eventsMustWait)
    }

    @Test("A dispatch that queued nothing asks for nothing when it ends")
    func nothingToDrain() {
        let state = CompositeState(registered: [])
        _ = state.beginDispatch(.didFinishLaunching)
        _ = state.beginDispatch(.didBecomeActive)
        #expect(state.endDispatch(.didBecomeActive) == [])
        #expect(state.endDispatch(.didFinishLaunching) == [])
        #expect(!state.beginDrainingEvents())
    }

    @Test("The host's scheduler is installed once; a second is refused")
    func schedulerInstalledOnce() {
        let state = CompositeState(registered: [])
        let first = InProcessBackgroundTaskScheduler()
        #expect(state.install(scheduler: first))
        #expect(!state.install(scheduler: InProcessBackgroundTaskScheduler()))
        #expect(state.scheduler as AnyObject? === first)
    }

    @Test("Whether sessions live, read on every dispatch, follows sessions beginning and ending")
    func sessionsLive() {
        let state = CompositeState(registered: [])
        #expect(!state.hasSessions)
        _ = state.beginSession(SessionInfo(identifier: "alice"), [], origin: .boxed(platform: nil, scene: nil))
        _ = state.beginSession(SessionInfo(identifier: "bob"), [], origin: .boxed(platform: nil, scene: nil))
        #expect(state.hasSessions)
        state.endSession("alice")
        #expect(state.hasSessions)
        state.endSession("bob")
        #expect(!state.hasSessions)
    }

    @Test("Handler work is kept under its id until it ends")
    func handlerWork() {
        let state = CompositeState(registered: [])
        let first = state.reserveHandlerWork()
        let second = state.reserveHandlerWork()
        #expect(first != second)
        let task = Task<Void, Never> {}
        state.setHandlerWork(second, task)
        #expect(state.handlerWork.count == 1)
        state.setHandlerWork(second, nil)
        #expect(state.handlerWork.count == 0)
    }

    @Test("Before sealing no handler list is lent; after, the list of the callback's services, empty or not")
    func handlersAfterSealing() throws {
        let composite = ServiceComposite([Witness()])
        var lent: [Int] = []
        composite.state.withHandlers(of: .didBecomeActive, as: (any ApplicationStateHandling).self) {
            lent.append($0.count)
        }
        #expect(lent.isEmpty)
        try composite.validate()
        composite.didBecomeActive()
        composite.state.withHandlers(of: .didBecomeActive, as: (any ApplicationStateHandling).self) {
            lent.append($0.count)
        }
        composite.state.withHandlers(of: .didReceiveMemoryWarning, as: (any SystemEventHandling).self) {
            lent.append($0.count)
        }
        #expect(lent == [1, 0])
    }

    @Test("A response delivered twice is a repeat, whose completion waits for the first")
    func notificationResponses() {
        let state = CompositeState(registered: [])
        let response = NotificationResponse(
            notification: UserNotification(identifier: "n", categoryIdentifier: "c"),
            action: .open
        )
        var completed: [String] = []
        guard case .first = state.deliver(response, completion: { completed.append("first") }) else {
            Issue.record("The first delivery was not new.")
            return
        }
        guard case .again(firstFinished: false) = state.deliver(response, completion: { completed.append("repeat") })
        else {
            Issue.record("The repeat was not held for the first.")
            return
        }
        for completion in state.finished(response) { completion() }
        #expect(completed == ["repeat"])
    }
}

/// A service that hears the application's state.
@MainActor
private final class Witness: AppService, ApplicationStateHandling {}
