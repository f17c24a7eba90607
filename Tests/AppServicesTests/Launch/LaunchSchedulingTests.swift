import AppServices
import AppServicesTesting
import Configuration
import Logging
import Synchronization
import Testing

@MainActor
struct LaunchSchedulingTests {
    @Test("In a diamond, the join starts exactly when its last dependency finishes")
    func diamond() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "A", steps: [.succeed(after: .ms(10))]),
            Script(name: "B", dependencies: ["A"], steps: [.succeed(after: .ms(20))]),
            Script(name: "C", dependencies: ["A"], steps: [.succeed(after: .ms(30))]),
            Script(name: "D", dependencies: ["B", "C"], steps: [.succeed(after: .ms(5))]),
        ])
        let report = await launch.run()

        let times = report.nodes.map { "\($0.name) \($0.start!) \($0.end!)" }
        #expect(
            times == [
                "A 0.0 seconds 0.01 seconds",
                "B 0.01 seconds 0.03 seconds",
                "C 0.01 seconds 0.04 seconds",
                "D 0.04 seconds 0.045 seconds",
            ]
        )
        #expect(report.status == .succeeded)
        #expect(report.wallTime == .ms(45))
        #expect(report.criticalPath == ["A", "C", "D"])
    }

    @Test("In a wide graph, each node starts when its own dependencies finish, not at a level boundary")
    func wideGraph() async throws {
        // Level by level, X and Z would wait for the slowest root (R3, 50 ms).
        let launch = try ScriptedLaunch([
            Script(name: "R1", steps: [.succeed(after: .ms(10))]),
            Script(name: "R2", steps: [.succeed(after: .ms(30))]),
            Script(name: "R3", steps: [.succeed(after: .ms(50))]),
            Script(name: "X", dependencies: ["R1"], steps: [.succeed(after: .ms(5))]),
            Script(name: "Y", dependencies: ["R1", "R2"], steps: [.succeed(after: .ms(5))]),
            Script(name: "Z", dependencies: ["X"], steps: [.succeed(after: .ms(7))]),
            Script(name: "W", dependencies: ["Z", "R3"], steps: [.succeed(after: .ms(1))]),
        ])
        let report = await launch.run()

        let starts = Dictionary(uniqueKeysWithValues: report.nodes.map { ($0.name, $0.start!) })
        #expect(
            starts == ["R1": .zero, "R2": .zero, "R3": .zero, "X": .ms(10), "Y": .ms(30), "Z": .ms(15), "W": .ms(50)]
        )
        #expect(report.wallTime == .ms(51))
        #expect(report.criticalPath == ["R3", "W"])
    }

    @Test("Each initializer runs once, after its dependencies succeeded, on the actor it asked for")
    func runsOnceAfterDependenciesInPlace() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Main", steps: [.succeed(after: .ms(3))], mainActor: true),
            Script(name: "Background", dependencies: ["Main"], steps: [.succeed(after: .ms(4))]),
            Script(name: "AlsoMain", dependencies: ["Background"], steps: [.succeed(after: .ms(1))], mainActor: true),
        ])
        let report = await launch.run()

        let calls = launch.probe.allCalls
        #expect(calls.map(\.name) == ["Main", "Background", "AlsoMain"])
        #expect(calls.map(\.start) == [.zero, .ms(3), .ms(7)])
        #expect(calls.map(\.onMainActor) == [true, false, true])
        #expect(report.nodes.map(\.placement) == [.main, .background, .main])
    }

    struct MainActorWork: Initializer {
        let probe: Probe
        var runsOnMainActor: Bool { true }
        func perform(_ context: InitializerContext) async throws {
            probe.record(Call(name: name, foregroundRun: 0, attempt: 1, start: .zero, onMainActor: isOnMainActor()))
        }
    }

    struct BackgroundWork: Initializer {
        let probe: Probe
        func perform(_ context: InitializerContext) async throws {
            probe.record(Call(name: name, foregroundRun: 0, attempt: 1, start: .zero, onMainActor: isOnMainActor()))
        }
    }

    @Test("An initializer type's perform runs on the main actor exactly when it says so")
    func placementOfInitializerTypes() async throws {
        let probe = Probe()
        let composite = ServiceComposite(
            [],
            launchPlan: try LaunchPlan {
                MainActorWork(probe: probe); BackgroundWork(probe: probe)
            }
        )
        _ = composite.didFinishLaunching()
        try await composite.launch?.waitUntilReady(.critical)
        let placements = probe.allCalls.sorted { $0.name < $1.name }.map { "\($0.name) \($0.onMainActor)" }
        #expect(placements == ["BackgroundWork false", "MainActorWork true"])
    }

    @Test("Dependents of a failed optional initializer are skipped with a reason naming it")
    func optionalFailureSkipsDependents() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Flaky", steps: [.fail(after: .ms(5))], policy: .optional),
            Script(name: "NeedsFlaky", dependencies: ["Flaky"]),
            Script(name: "NeedsNeedsFlaky", dependencies: ["NeedsFlaky"]),
            Script(name: "Independent", steps: [.succeed(after: .ms(8))]),
        ])
        let report = await launch.run()

        #expect(report.status == .succeeded)
        #expect(report.node(named: "Flaky")?.outcome == .failed("Flaky failed on purpose (attempt 1)"))
        #expect(report.node(named: "NeedsFlaky")?.outcome == .skipped("dependency Flaky failed"))
        #expect(
            report.node(named: "NeedsNeedsFlaky")?.outcome
                == .skipped("dependency NeedsFlaky was skipped because Flaky failed")
        )
        #expect(report.node(named: "NeedsFlaky")?.start == nil)
        #expect(report.node(named: "Independent")?.outcome == .succeeded)
        #expect(launch.probe.calls(of: "NeedsFlaky").isEmpty)
    }

    @Test("A failed required initializer fails the launch with an error naming it")
    func requiredFailureFailsLaunch() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Database", steps: [.fail(after: .ms(5))]),
            Script(name: "Store", dependencies: ["Database"]),
            Script(name: "Slow", steps: [.succeed(after: .ms(50))]),
        ])
        launch.start()
        let readiness = Task { try await launch.launch.waitUntilReady(.critical) }
        await launch.driver.runUntilIdle()

        let error = await #expect(throws: LaunchError.self) { try await readiness.value }
        #expect(error?.initializer == "Database")
        #expect(error?.message == "The launch failed: Database failed: Database failed on purpose (attempt 1)")
        let report = launch.launch.report
        #expect(report.status == .failed)
        #expect(report.failure == error?.message)
        #expect(report.node(named: "Store")?.outcome == .skipped("the launch failed: Database failed"))
        #expect(report.node(named: "Slow")?.outcome == .cancelled)
        #expect(report.node(named: "Slow")?.end == .ms(5))
    }

    @Test("Cancelling mid-launch cancels running initializers, skips pending ones, and keeps the report complete")
    func cancellingMidLaunch() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Done", steps: [.succeed(after: .ms(5))]),
            Script(name: "Running", steps: [.succeed(after: .ms(100))]),
            Script(name: "Stubborn", steps: [.hang]),
            Script(name: "Pending", dependencies: ["Running"]),
            Script(name: "Later", phase: .idle),
        ])
        launch.start(reportingFirstFrame: false)
        await launch.driver.run(until: .ms(20))
        let readiness = Task { try await launch.launch.waitUntilReady(.idle) }
        launch.composite.willTerminate()
        await launch.driver.runUntilIdle()

        let error = await #expect(throws: LaunchError.self) { try await readiness.value }
        #expect(error?.code == .cancelled)
        let report = launch.launch.report
        #expect(report.status == .cancelled)
        let outcomes = Dictionary(uniqueKeysWithValues: report.nodes.map { ($0.name, $0.outcome.kind) })
        #expect(
            outcomes == [
                "Done": .succeeded, "Running": .cancelled, "Stubborn": .cancelled, "Pending": .skipped,
                "Later": .skipped,
            ]
        )
        #expect(report.node(named: "Running")?.end == .ms(20))
        // The stubborn one ignored cancellation: abandoned after the 100 ms grace period.
        #expect(report.node(named: "Stubborn")?.end == .ms(120))
        #expect(report.node(named: "Stubborn")?.abandoned == true)
        #expect(report.nodes.allSatisfy { $0.outcome.kind != .pending && $0.outcome.kind != .running })
        launch.probe.openGate()
    }

    @Test("Later phases wait for the first frame; idle waits until critical and after-first-frame work is done")
    func phases() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Critical", steps: [.succeed(after: .ms(30))]),
            Script(name: "AfterFrame", phase: .afterFirstFrame, steps: [.succeed(after: .ms(10))]),
            Script(name: "Idle", phase: .idle, steps: [.succeed(after: .ms(10))]),
            Script(name: "OnDemand", phase: .onDemand),
        ])
        launch.start(reportingFirstFrame: false)
        await launch.driver.run(until: .ms(20))
        #expect(launch.probe.calls(of: "AfterFrame").isEmpty)
        launch.composite.reportFirstFrame()
        await launch.driver.runUntilIdle()

        let report = launch.launch.report
        #expect(report.node(named: "AfterFrame")?.start == .ms(20))
        #expect(report.node(named: "Idle")?.start == .ms(30))
        #expect(report.node(named: "OnDemand")?.outcome == .pending)
        #expect(report.phaseStarts.map(\.phase) == [.beforeLaunchReturns, .critical, .afterFirstFrame, .idle])
        #expect(report.status == .succeeded)
        try await launch.launch.waitUntilReady(.idle)
    }

    @Test("Awaiting an on-demand initializer runs it and its dependencies once, shared by concurrent callers")
    func onDemand() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Index", phase: .onDemand, dependencies: ["Store"], steps: [.succeed(after: .ms(10))]),
            Script(name: "Store", phase: .idle, steps: [.succeed(after: .ms(5))]),
        ])
        launch.start(reportingFirstFrame: false)  // idle never starts by itself
        await launch.driver.settle()
        #expect(launch.probe.allCalls.isEmpty)

        async let first: Void = launch.launch.run(named: "Index")
        async let second: Void = launch.launch.run(named: "Index")
        await launch.driver.waitUntilRunning("Store")
        await launch.driver.runUntilIdle()
        try await first
        try await second
        try await launch.launch.run(named: "Index")

        #expect(launch.probe.allCalls.map(\.name) == ["Store", "Index"])
        #expect(launch.launch.report.node(named: "Index")?.start == .ms(5))
    }

    @Test("Asking for an initializer that is not in the plan says so")
    func notInPlan() async throws {
        struct Missing: Initializer {
            func perform(_ context: InitializerContext) async throws {}
        }
        let launch = try ScriptedLaunch([Script(name: "A")])
        let error = await #expect(throws: LaunchError.self) { try await launch.launch.run(Missing.self) }
        #expect(error?.code == .notInPlan)
        #expect(error?.message.contains("Missing") == true)
    }

    @Test("Initializers that ask for it run again when the application enters the foreground")
    func foregroundReruns() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Session", steps: [.succeed(after: .ms(10))], rerunsOnForeground: true),
            Script(name: "Feed", dependencies: ["Session"], steps: [.succeed(after: .ms(5))], rerunsOnForeground: true),
            Script(name: "Once", steps: [.succeed(after: .ms(1))]),
        ])
        _ = await launch.run()
        launch.composite.didBecomeActive()
        launch.composite.willResignActive()
        launch.composite.didEnterBackground()
        launch.clock.advance(by: .ms(100))
        launch.composite.willEnterForeground()
        await launch.driver.runUntilIdle()

        let report = launch.launch.report
        let reruns = report.foregroundRuns.map { "\($0.name) #\($0.foregroundRun) \($0.start!) \($0.outcome)" }
        #expect(reruns == ["Session #1 0.115 seconds succeeded", "Feed #1 0.125 seconds succeeded"])
        #expect(report.node(named: "Session")?.start == .zero)
        #expect(launch.probe.calls(of: "Once").count == 1)
    }

    @Test("A required initializer's foreground run that fails is logged as that run, not as optional")
    func failedForegroundRunOfRequiredInitializerLog() async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Session",
                steps: [.succeed(after: .ms(10))],
                foregroundSteps: [1: [.fail(after: .ms(1))]],
                rerunsOnForeground: true
            )
        ])
        _ = await launch.run()
        launch.composite.didEnterBackground()
        launch.composite.willEnterForeground()
        await launch.driver.runUntilIdle()

        let warnings = launch.logs.messages(at: .warning).filter { $0.hasPrefix("Session (") }
        #expect(
            warnings == [
                "Session (foreground run 1) failed: Session failed on purpose (attempt 1); the application goes on without it."
            ]
        )
    }

    @Test(
        "A first frame reported before the launch begins starts its phase as the launch begins",
        .timeLimit(.minutes(1))
    )
    func firstFrameBeforeTheLaunch() async throws {
        let plan = try LaunchPlan { ClosureInitializer("fonts", phase: .afterFirstFrame) { _ in } }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        let launch = try #require(composite.launch)
        composite.reportFirstFrame()
        _ = composite.didFinishLaunching()
        try await launch.waitUntilReady(.afterFirstFrame)
        #expect(launch.report.node(named: "fonts")?.outcome.kind == .succeeded)
        #expect(launch.report.phaseStarts.allSatisfy { $0.start >= .zero }, "\(launch.report.phaseStarts)")
    }

    @Test("run answers with the launch run's result, whatever a foreground run since did, and starts none")
    func runAnswersFromTheLaunchRun() async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Session",
                steps: [.succeed(after: .ms(10))],
                foregroundSteps: [1: [.fail(after: .ms(1))]],
                policy: .optional,
                rerunsOnForeground: true
            )
        ])
        _ = await launch.run()
        launch.composite.didEnterBackground()
        launch.composite.willEnterForeground()
        await launch.driver.runUntilIdle()
        #expect(launch.launch.report.foregroundRuns.map(\.outcome.kind) == [.failed])

        try await launch.launch.run(named: "Session")
        #expect(launch.probe.calls(of: "Session").count == 2, "the launch run and the foreground run")
    }

    @Test("A foreground run that failed does not stop the next foreground's: its launch run succeeded")
    func foregroundRunAfterFailedOne() async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Session",
                steps: [.succeed(after: .ms(10))],
                foregroundSteps: [1: [.fail(after: .ms(1))]],
                policy: .optional,
                rerunsOnForeground: true
            ),
            Script(name: "Feed", dependencies: ["Session"], steps: [.succeed(after: .ms(5))], rerunsOnForeground: true),
        ])
        _ = await launch.run()
        for _ in 1...2 {
            launch.composite.didEnterBackground()
            launch.clock.advance(by: .ms(100))
            launch.composite.willEnterForeground()
            await launch.driver.runUntilIdle()
        }

        let reruns = launch.launch.report.foregroundRuns.map { "\($0.name) #\($0.foregroundRun) \($0.outcome)" }
        #expect(
            reruns == [
                "Feed #1 skipped: dependency Session failed",
                "Session #1 failed: Session failed on purpose (attempt 1)",
                "Session #2 succeeded", "Feed #2 succeeded",
            ]
        )
    }

    /// A refresh that re-runs on foreground, fails at launch (offline) and succeeds in the
    /// first foreground.
    static let refreshFailingAtLaunch = Script(
        name: "Refresh",
        steps: [.fail(after: .ms(1))],
        foregroundSteps: [1: [.succeed(after: .ms(1))]],
        policy: .optional,
        rerunsOnForeground: true
    )

    /// The application goes to the background and comes back 100 ms later; returns once the
    /// foreground's runs are done.
    static func comeBack(_ launch: ScriptedLaunch) async {
        launch.composite.didEnterBackground()
        launch.clock.advance(by: .ms(100))
        launch.composite.willEnterForeground()
        await launch.driver.runUntilIdle()
    }

    @Test("A foreground re-run whose launch run failed runs again in the next foreground, with what it let skip")
    func foregroundRunAfterFailedLaunchRun() async throws {
        let launch = try ScriptedLaunch([
            Self.refreshFailingAtLaunch,
            Script(
                name: "Badge",
                dependencies: ["Refresh"],
                steps: [.succeed(after: .ms(5))],
                rerunsOnForeground: true
            ),
            Script(name: "Once", dependencies: ["Refresh"], steps: [.succeed(after: .ms(5))]),
            // Skipped at launch for a missing key, not for a failure: it would be skipped again.
            Script(name: "Stable", steps: [.succeed(after: .ms(1))], rerunsOnForeground: true),
            Script(
                name: "Keyed",
                dependencies: ["Stable"],
                policy: .optional,
                rerunsOnForeground: true,
                requiredKeys: ["feed.url"]
            ),
        ])
        _ = await launch.run()
        await Self.comeBack(launch)

        let reruns = launch.launch.report.foregroundRuns.map { "\($0.name) #\($0.foregroundRun) \($0.outcome)" }
        #expect(reruns.sorted() == ["Badge #1 succeeded", "Refresh #1 succeeded", "Stable #1 succeeded"])
    }

    @Test("A re-running initializer skipped at launch waits for every dependency, not only those that run again")
    func foregroundRunWaitsForEveryDependency() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Account", steps: [.fail(after: .ms(1))], policy: .optional),
            Self.refreshFailingAtLaunch,
            Script(
                name: "Badge",
                dependencies: ["Account", "Refresh"],
                steps: [.succeed(after: .ms(5))],
                rerunsOnForeground: true
            ),
        ])
        _ = await launch.run()
        await Self.comeBack(launch)

        let reruns = launch.launch.report.foregroundRuns.map { "\($0.name) #\($0.foregroundRun) \($0.outcome)" }
        #expect(reruns == ["Refresh #1 succeeded"], "Account never succeeded: Badge stays skipped")
    }

    @Test("Idle work runs at low priority, critical work above it")
    func idleAtLowPriority() async throws {
        let priorities = Priorities()
        let plan = try LaunchPlan {
            ClosureInitializer("Critical") { _ in priorities.note("critical", Task.currentPriority) }
            ClosureInitializer("AfterFirstFrame", phase: .afterFirstFrame) { _ in
                priorities.note("afterFirstFrame", Task.currentPriority)
            }
            ClosureInitializer("Idle", phase: .idle) { _ in priorities.note("idle", Task.currentPriority) }
        }
        let composite = ServiceComposite([], configuration: .quiet, launchPlan: plan)
        _ = composite.didFinishLaunching()
        composite.reportFirstFrame()
        await composite.launch?.waitUntilIdle()
        #expect(priorities.all["idle"] == .low)
        #expect(priorities.all["critical"] == .high)
        #expect(priorities.all["afterFirstFrame"].map { $0 > .low } == true)
    }
}

/// The priority each initializer ran at, by name.
final class Priorities: Sendable {
    private let noted = Mutex<[String: TaskPriority]>([:])
    func note(_ name: String, _ priority: TaskPriority) { noted.withLock { $0[name] = priority } }
    var all: [String: TaskPriority] { noted.withLock { $0 } }
}
