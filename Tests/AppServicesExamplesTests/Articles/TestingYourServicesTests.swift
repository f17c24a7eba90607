import AppServices
import AppServicesTesting
import Foundation
import Logging
import Synchronization
import Testing

@testable import AppServicesExamples

/// The editor's per-scene state, recorded: one per connected scene.
final class EditorRecorder: RecordingSceneService {}

/// A service under test: it refreshes the inbox on a silent push, through a slow network.
final class InboxRefreshService: AppService, RemoteNotificationHandling {
    let network: any InboxNetwork

    init(network: any InboxNetwork) { self.network = network }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws
        -> BackgroundFetchResult
    {
        try await network.fetchMessages().isEmpty ? .noData : .newData
    }
}

protocol InboxNetwork: Sendable {
    func fetchMessages() async throws -> [String]
}

/// A network that answers after `delay` on the test clock.
struct SlowNetwork: InboxNetwork {
    let clock: TestClock
    let delay: Duration
    func fetchMessages() async throws -> [String] {
        try await clock.sleep(for: delay)
        return ["hello"]
    }
}

final class Analytics: RecordingService {}
final class Checkout: RecordingService {
    override class var dependencies: [any AppService.Type] { [Analytics.self] }
}

@MainActor
struct TestingYourServicesTests {
    @Test("Services hear callbacks in dependency order, and wind down in reverse")
    func recordingServices() {
        let journal = CallJournal()
        let composite = ServiceComposite([Checkout(journal: journal), Analytics(journal: journal)])
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        #expect(journal.services(receiving: .didBecomeActive) == ["Analytics", "Checkout"])
        #expect(journal.services(receiving: .willResignActive) == ["Checkout", "Analytics"])
    }

    @Test("A slow service misses the deadline, measured on a manual clock")
    func deadlines() async {
        let clock = TestClock()
        let logs = LogCapture()
        let composite = ServiceComposite(
            [InboxRefreshService(network: SlowNetwork(clock: clock, delay: .seconds(40)))],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        var results: [BackgroundFetchResult] = []
        composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])) { results.append($0) }

        await clock.waitForSleepers(2)  // the network's sleep and the deadline
        clock.advance(by: .seconds(25))
        await composite.waitForPendingWork()

        #expect(results == [.failed])
        #expect(logs.messages(at: .warning).contains { $0.contains("InboxRefreshService") })
    }

    @Test("The simulator walks UIKit's sequences and refuses the ones UIKit never produces")
    func simulator() async throws {
        let recorder = RecordingService()
        let simulator = LifecycleSimulator(driving: ServiceComposite([recorder]))
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try simulator.suspend()
        _ = try await simulator.deliverSilentPush(RemoteNotification(userInfo: [:]))
        try simulator.terminate()

        #expect(
            recorder.callbacks == [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
                .didReceiveRemoteNotification, .willTerminate,
            ]
        )
        #expect(throws: LifecycleSimulatorError.self) { try simulator.sendNow(.didBecomeActive) }
    }

    @Test("Two scenes connect, each scene service hears only its scene, and a closed scene releases its own")
    func sceneServices() throws {
        let first = SceneInfo(session: SceneSession(persistentIdentifier: "first"))
        let second = SceneInfo(session: SceneSession(persistentIdentifier: "second"))
        let journal = CallJournal()
        let composite = ServiceComposite([journal])
        try composite.registerSceneServices([EditorRecorder.self])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: first)
        try simulator.connect(second)

        let recorder = try #require(composite.sceneService(EditorRecorder.self, in: second))
        #expect(!recorder.calls.isEmpty)
        #expect(recorder.calls.allSatisfy { $0.scene == "second" })
        #expect(journal.calls(in: first).count == 3)

        weak let closed = composite.sceneService(EditorRecorder.self, in: first)
        try simulator.close(first)
        #expect(closed == nil)
    }
}

/// Refreshes the feed at most every fifteen minutes: a throttled initializer whose last
/// success the launch history keeps.
struct FeedRefresh: Initializer {
    static let runs = Mutex(0)
    var minimumInterval: Duration? { .seconds(900) }
    func perform(_ context: InitializerContext) async throws { Self.runs.withLock { $0 += 1 } }
}

@MainActor
struct LaunchMemoryInTestsTests {
    /// A launch of the article's plan, with an install of its own, as a test makes one.
    func launchOnce() async throws -> LaunchReport {
        var configuration = LaunchPlan.Configuration()
        configuration.memory = SimulatedInstall().memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) { FeedRefresh() }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        let launch = try #require(composite.launch)
        await launch.waitUntilIdle()
        return launch.report
    }

    @Test("A test's launch plan with an install of its own finds a first launch, and its throttled work due, each time")
    func ownInstallPerTest() async throws {
        let before = FeedRefresh.runs.withLock { $0 }
        for _ in 0..<2 {
            let report = try await launchOnce()
            #expect(report.history?.isFirstLaunch == true)
            #expect(report.history?.launchesWithoutFirstFrame == 0)
        }
        #expect(FeedRefresh.runs.withLock { $0 } == before + 2)
    }
}
