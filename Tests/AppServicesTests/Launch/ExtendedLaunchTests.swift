import AppServices
import AppServicesTesting
import Logging
import Testing

/// A system's extended-launch measurement that records what it is told, in order, with the
/// scene connections beside it, and refuses tasks on the test's word.
@MainActor
final class RecordedExtendedLaunch: ExtendedLaunchTracker {
    struct Refused: Error, CustomStringConvertible {
        let id: String
        var description: String { "too many tasks (\(id))" }
    }

    private(set) var journal: [String] = []
    private(set) var open: Set<String> = []
    private(set) var mostOpenAtOnce = 0
    /// Tasks the system refuses to begin.
    var refuses: Set<String> = []

    func beginTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void) {
        journal.append("begin \(id)")
        guard !refuses.contains(id) else { return onError(Refused(id: id)) }
        open.insert(id)
        mostOpenAtOnce = max(mostOpenAtOnce, open.count)
    }

    func endTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void) {
        journal.append("end \(id)")
        open.remove(id)
    }

    func note(_ event: String) { journal.append(event) }
}

enum TimelineLoaded: AppMilestone {
    static var reachedBy: any AppService.Type { TimelineService.self }
}

enum AvatarsShown: AppMilestone {
    static var reachedBy: any AppService.Type { TimelineService.self }
}

/// Notes the first scene's connection in the tracker's journal, and reaches the milestones
/// when the test says.
final class TimelineService: AppService, SceneHandling {
    let tracker: RecordedExtendedLaunch
    private(set) var context: AppContext?

    init(tracker: RecordedExtendedLaunch) {
        self.tracker = tracker
    }

    func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        self.context = context
        tracker.note("scene connects")
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ExtendedLaunchTests {
    let tracker = RecordedExtendedLaunch()
    let logs = LogCapture()

    /// 20 critical initializers, each after the one before it, so that they finish in order.
    func plan(milestones: [ReadinessPoint], refusing: Set<String> = []) throws -> LaunchPlan {
        var configuration = LaunchPlan.Configuration()
        configuration.extendedLaunch = ExtendedLaunch(
            tracker: tracker,
            milestones: milestones,
            taskPrefix: "com.example"
        )
        tracker.refuses = refusing
        let initializers = (0..<20).map { index in
            ClosureInitializer("step\(index)", dependencyNames: index == 0 ? [] : ["step\(index - 1)"]) { _ in }
        }
        return try LaunchPlan(configuration: configuration) { initializers }
    }

    func launch(_ plan: LaunchPlan) async throws -> (ServiceComposite, TimelineService) {
        let inbox = TimelineService(tracker: tracker)
        let composite = ServiceComposite([inbox], configuration: .init(logger: logs.logger()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "main")), options: .init())
        let launch = try #require(composite.launch)
        try await launch.waitUntilReady(.critical)
        await launch.waitUntilIdle()
        while tracker.journal.filter({ $0.hasPrefix("end com.example.critical") }).count < 14 { await Task.yield() }
        return (composite, inbox)
    }

    @Test("20 critical initializers and two milestones: 16 tasks begun before the first scene connects, ended in order")
    func twentyNodesTwoMilestones() async throws {
        let plan = try plan(milestones: [.milestone(TimelineLoaded.self), .milestone(AvatarsShown.self)])
        let (_, inbox) = try await launch(plan)

        let groups = (1...14).map { "com.example.critical-\($0)-of-14" }
        let milestones = ["com.example.TimelineLoaded", "com.example.AvatarsShown"]
        #expect(
            Array(tracker.journal.prefix(17)) == groups.map { "begin \($0)" } + milestones.map { "begin \($0)" } + [
                "scene connects"
            ]
        )
        #expect(tracker.mostOpenAtOnce == ExtendedLaunch.maximumConcurrentTasks)
        // The groups end in launch order as their last initializer finishes; the
        // milestones are still open.
        #expect(Array(tracker.journal.dropFirst(17)) == groups.map { "end \($0)" })
        #expect(tracker.open == Set(milestones))

        let context = try #require(inbox.context)
        try context.reach(AvatarsShown.self)
        try context.reach(TimelineLoaded.self)
        try context.reach(TimelineLoaded.self)
        #expect(Array(tracker.journal.suffix(2)) == ["end com.example.AvatarsShown", "end com.example.TimelineLoaded"])
        #expect(tracker.open.isEmpty)
        #expect(logs.messages(at: .error).isEmpty)
    }

    @Test("Within the limit, each critical initializer is a task of its own, named after it")
    func oneTaskPerInitializer() async throws {
        var configuration = LaunchPlan.Configuration()
        configuration.extendedLaunch = ExtendedLaunch(tracker: tracker, taskPrefix: "com.example")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("database") { _ in }
            ClosureInitializer("session", dependencyNames: ["database"]) { _ in throw CancellationError() }
            ClosureInitializer("feed", dependencyNames: ["session"]) { _ in }
            ClosureInitializer("prefetch", phase: .idle) { _ in }
        }
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        let launch = try #require(composite.launch)
        await launch.waitUntilIdle()
        while tracker.open.count > 0 { await Task.yield() }
        #expect(
            tracker.journal == [
                "begin com.example.database", "begin com.example.session", "begin com.example.feed",
                "end com.example.database", "end com.example.session", "end com.example.feed",
            ],
            "a failed initializer and the one skipped after it end their tasks too; idle work is not measured"
        )
    }

    @Test("The first refusal is logged once, naming the task; the launch goes on")
    func refusalReportedOnce() async throws {
        let plan = try plan(
            milestones: [.milestone(TimelineLoaded.self)],
            refusing: ["com.example.critical-1-of-15", "com.example.critical-2-of-15"]
        )
        _ = try await launch(plan)
        #expect(
            logs.messages(at: .error) == [
                "The system refused to begin the extended-launch task com.example.critical-1-of-15: too many tasks (com.example.critical-1-of-15). The launch report still has its times; later refusals are logged at debug level only."
            ]
        )
    }

    @Test("Cancelling the launch ends the tasks of milestones never reached")
    func cancelEndsMilestones() async throws {
        let plan = try plan(milestones: [.milestone(TimelineLoaded.self)])
        let (composite, _) = try await launch(plan)
        #expect(tracker.open == ["com.example.TimelineLoaded"])
        composite.willTerminate()
        while !tracker.open.isEmpty { await Task.yield() }
        #expect(tracker.journal.last == "end com.example.TimelineLoaded")
    }
}
