#if !canImport(UIKit)
import AppServices
@testable import AppServicesMetricKit
import AppServicesMetricKitShim
import AppServicesTesting
import Logging
import Testing

enum FeedShown: AppMilestone {
    static var reachedBy: any AppService.Type { FeedService.self }
}

/// Reaches the feed's milestone when the test says.
final class FeedService: AppService, LaunchHandling {
    private(set) var context: AppContext?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }
}

/// MetricKit's two interfaces, driven by a launch plan: the system's process-wide record is
/// shared, so the tests run one at a time.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MetricKitLaunchTrackerTests {
    let logs = LogCapture()
    let system = SimulatedLaunchMeasurement.shared

    init() {
        SimulatedLaunchMeasurement.shared.reset()
    }

    func launch(_ interface: MetricKitLaunchTracker.Interface) async throws -> FeedService {
        var configuration = LaunchPlan.Configuration()
        configuration.extendedLaunch = ExtendedLaunch(
            tracker: MetricKitLaunchTracker(interface: interface),
            milestones: [.milestone(FeedShown.self)],
            taskPrefix: "com.example.feed"
        )
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("database") { _ in }
            ClosureInitializer("account", dependencyNames: ["database"]) { _ in }
        }
        let feed = FeedService()
        let composite = ServiceComposite([feed], configuration: .init(logger: logs.logger()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        system.firstSceneBecameActive()
        let launch = try #require(composite.launch)
        try await launch.waitUntilReady(.critical)
        while system.running.count > 1 { await Task.yield() }
        return feed
    }

    @Test(
        "Each interface measures the critical initializers and the milestone: begun before the first scene, ended as they finish",
        arguments: [MetricKitLaunchTracker.Interface.launchMeasurement, .launchTasks]
    )
    func measures(_ interface: MetricKitLaunchTracker.Interface) async throws {
        let feed = try await launch(interface)
        try #require(feed.context).reach(FeedShown.self)
        while !system.running.isEmpty { await Task.yield() }
        // Begun in order before the first scene; each task ends once. With iOS 27's launch
        // tasks, a task ends when its operation resumes, and two operations ended in one turn
        // of the main actor may resume in either order.
        let journal = system.journal
        #expect(
            Array(journal.prefix(3)) == [
                "begin com.example.feed.database", "begin com.example.feed.account", "begin com.example.feed.FeedShown",
            ]
        )
        #expect(
            Set(journal.dropFirst(3).prefix(2)) == ["end com.example.feed.database", "end com.example.feed.account"]
        )
        #expect(journal.dropFirst(5) == ["end com.example.feed.FeedShown"])
        #expect(logs.messages(at: .error).isEmpty)
    }

    @Test(
        "A task the system refuses is logged once, with the system's reason",
        arguments: [
            MetricKitLaunchTracker.Interface.launchMeasurement, .launchTasks,
        ]
    )
    func refusal(_ interface: MetricKitLaunchTracker.Interface) async throws {
        system.firstSceneBecameActive()  // too late for every task
        var configuration = LaunchPlan.Configuration()
        configuration.extendedLaunch = ExtendedLaunch(
            tracker: MetricKitLaunchTracker(interface: interface),
            taskPrefix: "com.example.late"
        )
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("database") { _ in }
            ClosureInitializer("account") { _ in }
        }
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        try await #require(composite.launch).waitUntilReady(.critical)
        while logs.messages(at: .error).isEmpty { await Task.yield() }
        let errors = logs.messages(at: .error)
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix("The system refused to begin the extended-launch task com.example.late.database")
                == true
        )
        #expect(errors.first?.contains("pastDeadline") == true)
    }

    @Test("One setting: .metricKit(milestones:) makes the tracker")
    func oneSetting() {
        let setting = ExtendedLaunch.metricKit(milestones: [.milestone(FeedShown.self)])
        #expect(setting.tracker is MetricKitLaunchTracker)
        #expect(setting.includesCriticalPhase)
        #expect(setting.milestones == [.milestone(FeedShown.self)])
    }
}
#endif
