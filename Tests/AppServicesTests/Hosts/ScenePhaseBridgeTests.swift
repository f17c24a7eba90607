import AppServices
import AppServicesTesting
import Dispatch
import Testing

@MainActor
struct ScenePhaseBridgeTests {
    final class Recorder: RecordingService {}

    struct Transition: Sendable, CustomTestStringConvertible {
        let phases: [ScenePhaseBridge.Phase]
        let expected: [AppCallback]
        let finalState: ApplicationState

        var testDescription: String { phases.map(\.rawValue).joined(separator: " → ") }
    }

    nonisolated static let transitions: [Transition] = [
        Transition(
            phases: [.active],
            expected: [.willFinishLaunching, .didFinishLaunching, .didBecomeActive],
            finalState: .active
        ),
        Transition(
            phases: [.inactive, .active],
            expected: [.willFinishLaunching, .didFinishLaunching, .didBecomeActive],
            finalState: .active
        ),
        Transition(
            phases: [.active, .inactive, .active],
            expected: [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didBecomeActive,
            ],
            finalState: .active
        ),
        Transition(
            phases: [.active, .background],
            expected: [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
            ],
            finalState: .background
        ),
        Transition(
            phases: [.active, .background, .active],
            expected: [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
                .willEnterForeground, .didBecomeActive,
            ],
            finalState: .active
        ),
        Transition(
            phases: [.active, .background, .inactive],
            expected: [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
                .willEnterForeground,
            ],
            finalState: .inactive
        ),
        Transition(
            phases: [.background, .active],
            expected: [.willFinishLaunching, .didFinishLaunching, .willEnterForeground, .didBecomeActive],
            finalState: .active
        ),
        Transition(
            phases: [.active, .active],
            expected: [.willFinishLaunching, .didFinishLaunching, .didBecomeActive],
            finalState: .active
        ),
    ]

    @Test("Phase changes become UIKit's callbacks in UIKit's order", arguments: transitions)
    func followsPhases(_ transition: Transition) {
        let recorder = Recorder()
        let composite = ServiceComposite([recorder])
        let bridge = ScenePhaseBridge(composite: composite)
        for phase in transition.phases { bridge.phaseChanged(to: phase) }
        #expect(recorder.callbacks == transition.expected)
        #expect(composite.applicationState == transition.finalState)
        #expect(bridge.phase == transition.phases.last)
    }

    @Test("A first change to the background launches into the background")
    func launchesIntoBackground() {
        let recorder = Recorder()
        let bridge = ScenePhaseBridge(composite: ServiceComposite([recorder]))
        bridge.phaseChanged(to: .background)
        #expect(
            recorder.calls.map(\.description) == [
                "Recorder.willFinishLaunching(background)", "Recorder.didFinishLaunching(background)",
            ]
        )
    }

    @Test("A composite an app delegate already launched is not launched again")
    func doesNotLaunchTwice() {
        let recorder = Recorder()
        let composite = ServiceComposite([recorder])
        _ = composite.willFinishLaunching()
        _ = composite.didFinishLaunching()
        ScenePhaseBridge(composite: composite).phaseChanged(to: .active)
        #expect(recorder.callbacks == [.willFinishLaunching, .didFinishLaunching, .didBecomeActive])
    }
}

@MainActor
struct ScenePhaseBridgeFirstFrameTests {
    @Test("The bridge's first active phase reports the first frame once the main queue turns")
    func reportsTheFirstFrame() async throws {
        let plan = try LaunchPlan { ClosureInitializer("prefetch", phase: .afterFirstFrame) { _ in } }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        let bridge = ScenePhaseBridge(composite: composite)
        bridge.phaseChanged(to: .inactive)
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        #expect(composite.launch?.report.phaseStarts.map(\.phase).contains(.afterFirstFrame) == false)
        bridge.phaseChanged(to: .active)
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        try await composite.launch?.waitUntilReady(.afterFirstFrame)
        #expect(composite.launch?.report.node(named: "prefetch")?.outcome == .succeeded)
    }
}
