import AppServices
import AppServicesTesting
import Testing

@MainActor
struct MilestoneSignpostTests {
    @Test("Each milestone reached is one event, the first time only; the first frame is one event")
    func milestonesAndFirstFrame() throws {
        let signposts = RecordingSignposter()
        var configuration = ServiceComposite.Configuration(logger: LogCapture().logger())
        configuration.signposter = signposts
        let composite = ServiceComposite([Coordinator()], configuration: configuration)
        _ = try composite.attachLaunchPlan(LaunchPlan {})
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()  // reaches RootCoordinatorReady
        composite.reportFirstFrame()
        composite.willResignActive()
        composite.didBecomeActive()  // reached already: no second event
        composite.reportFirstFrame()

        #expect(
            signposts.events.map(\.description) == [
                "event Milestone #1: RootCoordinatorReady", "event First frame #2: First frame",
            ]
        )
        #expect(signposts.intervals.isEmpty)
    }

    @Test("A milestone of a session is marked without the session's identifier, which names an account")
    func sessionMilestoneKeepsTheAccountOut() throws {
        let signposts = RecordingSignposter()
        var configuration = ServiceComposite.Configuration(logger: LogCapture().logger())
        configuration.signposter = signposts
        let composite = ServiceComposite([LinkRouter()], configuration: configuration)
        try composite.registerSessionServices([InboxLoader.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice@example.com"))
        try composite.sessionService(InboxLoader.self)?.finishLoading()
        #expect(signposts.events.map(\.description) == ["event Milestone #1: InboxLoaded, of a session"])
        #expect(!signposts.signposts.contains { "\($0)".contains("alice") })
    }

    @Test("Without a signposter, reaching a milestone marks nothing")
    func nothingWhenOff() throws {
        let off = RecordingSignposter(isEnabled: false)
        var configuration = ServiceComposite.Configuration(logger: LogCapture().logger())
        configuration.signposter = off
        let composite = ServiceComposite([Coordinator()], configuration: configuration)
        _ = try composite.attachLaunchPlan(LaunchPlan {})
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.reportFirstFrame()
        #expect(composite.isReached(RootCoordinatorReady.self))
        #expect(off.signposts.isEmpty)
    }
}
